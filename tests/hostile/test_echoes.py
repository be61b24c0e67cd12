"""Echoes of what a user sent, in the engine (issue 26 item 11; docs/security.md, "Hostile
actions"): a refusal repeats at most ``ECHO`` (80) characters of any value, whichever game and
decision it reaches, and ``Game.log_for`` refuses a start that is not an index in words."""

from __future__ import annotations

import random
import re
import time

import pytest

from hellenes_nb.core.echo import ECHO
from hellenes_nb.core.game import new_game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.selfplay import pick

#: a hang guard: each refusal takes milliseconds
SECONDS = 5
#: decisions played per game while the huge type is tried at each
DECISIONS = 40


def _longest_run(text: str, char: str) -> int:
    return max((len(m) for m in re.findall(f"{char}+", text)), default=0)


@pytest.mark.parametrize("scenario", ["431", "earth-water"])
def test_a_ten_megabyte_action_type_is_echoed_for_at_most_80_characters(scenario):
    """Each side, at each of the first decisions of a seeded game, sends an action whose type
    is 10 MB of text: refused in plain words, fast, with the game unchanged, and at most 80
    characters of the type in the message (Earth & Water's steps echoed 1,998)."""
    huge = "x" * 10_000_000
    game = new_game(scenario, 1)
    rng = random.Random(1)
    for _ in range(DECISIONS):
        if game.over:
            break
        for side in game.ruleset.roles:
            before, history = game.state.to_dict(), list(game.history)
            t0 = time.perf_counter()
            with pytest.raises(IllegalAction) as err:
                game.apply({"type": huge, "side": side})
            assert time.perf_counter() - t0 < SECONDS
            assert _longest_run(str(err.value), "x") <= ECHO, str(err.value)[:300]
            assert game.state.to_dict() == before and game.history == history
        game.apply(pick(rng, game.legal_actions(), "uniform"))


@pytest.mark.parametrize("start", ["x", 2.0, None, True, -1, [3]])
def test_log_for_with_a_start_that_is_not_an_index_is_a_plain_value_error(start):
    game = new_game("earth-water", 1)
    log = game.log_for("greece")
    with pytest.raises(ValueError, match="log_for's start is the index of the first event to "
                                         "read, a whole number 0 or more, not "):
        game.log_for("greece", start)
    assert game.log_for("greece") == log
    assert game.log_for("greece", 1) == log[1:]  # a good start still reads from there


def test_log_for_echoes_a_long_start_cut():
    game = new_game("431", 1)
    with pytest.raises(ValueError) as err:
        game.log_for("athens", "s" * 1_000_000)
    assert _longest_run(str(err.value), "s") <= ECHO
