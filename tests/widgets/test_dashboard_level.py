"""The dashboard's opponent level picker (issue 19, docs/bots.md "Levels"): easy, normal and hard
(the search), switched mid-game; a thinking opponent moves a moment later so that "thinking…"
reaches the page first."""

from __future__ import annotations

import asyncio
import threading

import pytest

from hellenes_nb.widgets.dashboard import Dashboard


def test_the_picker_shows_the_level_and_switches_the_opponent():
    dash = Dashboard("431", seed=5, human="athens")
    assert dash.level == "normal" and dash.level_picker.value == "normal"
    assert [v for _label, v in dash.level_picker.options] == ["easy", "normal", "hard"]
    dash.level_picker.value = "hard"
    assert dash.bot_name == "search" and dash.bot.thinks and dash.level == "hard"
    dash.set_level("easy")
    assert dash.bot_name == "easy" and not getattr(dash.bot, "thinks", False)
    assert dash.level_picker.value == "easy"
    assert "computer (level: easy)" in dash.header.value


def test_a_bad_level_is_refused_in_words_and_changes_nothing():
    dash = Dashboard("431", seed=5, human="athens")
    with pytest.raises(ValueError, match="the level must be one of easy, normal, hard"):
        dash.set_level("grandmaster")
    assert dash.bot_name == "heuristic"
    hot = Dashboard("431", seed=5, mode="hotseat")
    assert hot.level is None and hot.level_picker.layout.display == "none"
    with pytest.raises(ValueError, match="no computer opponent in hot-seat"):
        hot.set_level("hard")


def _in_own_loop(coroutine_function):
    """Run a coroutine in a fresh event loop on a thread of its own, whatever loop an earlier
    test (the browser harness) left running in this thread."""
    box: dict = {}
    worker = threading.Thread(target=lambda: box.update(result=asyncio.run(coroutine_function())))
    worker.start()
    worker.join(timeout=60)
    return box["result"]


def test_a_thinking_opponent_shows_thinking_before_it_moves():
    async def run():
        # at New Year both sides commit a card: the computer must decide at once
        dash = Dashboard("431", seed=5, human="athens", bot="search")
        return dash.thinking, len(dash.game.history)  # scheduled, not computed in the call
    thinking, moves = _in_own_loop(run)
    assert thinking is True and moves == 0


def test_a_thinking_opponent_of_any_game_shows_thinking_before_it_moves():
    """Earth & Water on the same dashboard: Persia prepares first, so the hard computer as
    Persia must decide at once; "thinking…" is shown before its move is computed."""
    async def run():
        dash = Dashboard("earth-water", seed=5, human="greece", bot="search")
        return dash.thinking, len(dash.game.history), dash.prompt_html.value
    thinking, moves, prompt = _in_own_loop(run)
    assert thinking is True and moves == 0 and "Persia (the computer) is thinking…" in prompt


def test_an_everyday_opponent_still_answers_at_once():
    async def run():
        dash = Dashboard("431", seed=5, human="athens")
        return dash.thinking, len(dash.game.history)
    thinking, moves = _in_own_loop(run)
    assert thinking is False and moves > 0
