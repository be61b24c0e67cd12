"""Every prompt a player reads is plain words (issue 15, item 3): seeded games of the four
scenarios, played by the computer on both sides, never show a raw identifier (a unit key, a
snake_case name, a side in lower case as the subject), a season written as one CamelCase
word, or a battle question without its rule section."""

from __future__ import annotations

import re

import pytest

from hellenes_nb.bots import RandomBot
from hellenes_nb.core.game import new_game
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot
from hellenes_nb.games.hellenes.rules.battle.stages import battle_question

SCENARIOS = ("431", "415", "413", "sicily")
#: what a player should never read: (pattern, what it is)
RAW = ((re.compile(r"\b[A-Z][a-z]+[A-Z][a-z]+\b"), "a CamelCase word"),
       (re.compile(r"\b[a-z]+_[a-z_]+\b"), "a snake_case name"),
       (re.compile(r"\b(athens|sparta)\b"), "a side in lower case"),
       (re.compile(r"\b[AS]\d{1,2}\b(?! cv)"), "a block key"),
       (re.compile(r"\w+:\w+"), "a key with a colon"),
       (re.compile(r"\(cv \d"), "a bare '(cv N)'"),
       (re.compile(r"[{}\[\]]|\bNone\b"), "Python data"))


def _prompts(scenario: str, seed: int, decisions: int) -> dict[str, tuple[str, ...]]:
    """The prompt texts (with their rules) of a game played by the computer on both sides."""
    game = new_game(scenario, seed)
    players = {"athens": HeuristicBot(seed), "sparta": RandomBot(seed + 1)}
    seen: dict[str, tuple[str, ...]] = {}
    for _ in range(decisions):
        if game.over:
            break
        p = game.prompt
        seen.setdefault(p.text, p.rules)
        side = next((s for s in players if game.legal_actions(s)), None)
        if side is None:
            break
        game.apply(players[side].choose(game, side))
    return seen


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_prompts_are_plain_words_with_their_rules(scenario):
    seen = {}
    for seed in (1, 2):
        seen.update(_prompts(scenario, seed, 300))
    assert len(seen) > 5
    for text, rules in seen.items():
        for pattern, what in RAW:
            found = pattern.search(text)
            assert found is None, f"{what} ({found.group()!r}) in the prompt {text!r}"
        assert rules or "§" in text, f"no rule beside {text!r}"


@pytest.mark.rule("6.32")
def test_battle_questions_are_sentences_with_their_rule():
    battle = {"round": 2, "fighters": [{"key": "A1", "cv": 4}, {"key": "A2", "cv": 4},
                                       {"key": "A3", "cv": 1}]}
    hit = battle_question(battle, {"whose": "athens", "kind": "hit", "choices": ["A1", "A2"],
                                   "rule": "6.32", "why": "tied as the strongest (strength 4)"})
    assert hit == ("Athens: two of your blocks are tied as the strongest (strength 4 each): choose "
                   "which one takes the hit (§6.32)")
    rout = battle_question(battle, {"whose": "sparta", "kind": "rout", "choices": ["A1", "A2"],
                                    "rule": "6.33",
                                    "why": "tied as the weakest not yet routed (strength 4)"})
    assert rout.startswith("Sparta: two of your blocks not yet routed are tied as the weakest "
                           "(strength 4 each)")
    assert rout.endswith("(§6.33)")
    back = battle_question(battle, {"whose": "athens", "kind": "retreat",
                                    "choices": ["fight", "retreat"], "rule": "6.4", "why": ""})
    assert back == ("Athens, your first attack of round 2 is due: retreat all your blocks "
                    "now, or fight on? (§6.4)")
    half = battle_question(battle, {"whose": "athens", "kind": "hit", "choices": ["A1", "A2"],
                                    "rule": "8.11", "why": "must take the next hit"})
    assert "(§8.11)" in half
