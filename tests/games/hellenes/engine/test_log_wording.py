"""The game's own lines read as sentences (issue 15, item 3): in seeded games of the four
scenarios, no log line (as each side and the teacher read it), prompt or choice label counts
with "(s)", uses "cv" for a block's strength, or shows a bare combat rating ("C2") instead of
the die faces it hits on. The battle lines are the battle board's sentences
(``battle_words``)."""

from __future__ import annotations

import random
import re

import pytest

from hellenes_nb.core.catalog import plugin_for
from hellenes_nb.core.game import new_game
from hellenes_nb.selfplay import pick

SCENARIOS = ("431", "415", "413", "sicily")
#: what a pupil should not meet: (pattern, what it is)
JARGON = ((re.compile(r"\(s\)"), "a count with '(s)'"),
          (re.compile(r"\bcv\b"), "'cv' for strength"),
          (re.compile(r"\b[A-F][1-3]\b"), "a bare rating code"))


def _lines(scenario: str, seed: int, decisions: int) -> dict[str, str]:
    """Every text a player reads in one random game: line -> where it was read."""
    game = new_game(scenario, seed)
    rng = random.Random(seed)
    ends = plugin_for(game.ruleset).phase_ends
    seen: dict[str, str] = {}
    for _ in range(decisions):
        legal = game.legal_actions()
        if game.over or not legal:
            break
        seen.setdefault(game.prompt.text, "prompt")
        for a in legal:
            seen.setdefault(a.get("label", ""), "choice label")
        game.apply(pick(rng, legal, "uniform", ends))
    for reader in ("athens", "sparta", "all"):
        for e in game.log_for(reader):
            seen.setdefault(e["text"], f"{e['kind']} log line read by {reader}")
    return seen


@pytest.mark.rule("6.31")
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_log_lines_prompts_and_choices_count_in_words(scenario):
    seen: dict[str, str] = {}
    for seed in (0, 1):
        seen.update(_lines(scenario, seed, 700))
    kinds = " ".join(seen.values())
    assert "battle_attack" in kinds and "choice label" in kinds, "the games fought no battle"
    bad = [f"{what} ({m.group()!r}) in the {where}: {text!r}"
           for text, where in seen.items() for pattern, what in JARGON
           if (m := pattern.search(text))]
    assert bad == []
