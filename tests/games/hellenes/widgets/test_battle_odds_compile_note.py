"""While numba compiles the fast odds (their first use with an empty cache: up to a minute), the
battle board says so on its odds line, and the note goes once they have run (issue 15, item 9).
scripts/setup.sh compiles them at install, so a board rarely meets this; here the cache is made
to look cold and the compile is the sweep itself, watched from inside."""

from __future__ import annotations

import pytest

from hellenes_nb.games.hellenes.odds import exact, fast, statetables
from hellenes_nb.games.hellenes.widgets.battle import BattleWidget

pytest.importorskip("numba")

FORCES = ("B2:4,B2:3,cav:A1:2,A1:2", "C2:4,C2:3,B1:3")


@pytest.fixture
def cold(monkeypatch):
    """numba's cache looks empty and nothing has run in this process; returns what the board
    showed at each use of the compiled odds, and every note it was given."""
    monkeypatch.setattr(statetables, "compiled_before", lambda function: False)
    monkeypatch.setattr(statetables, "_compiled_here", False)
    exact.clear_cache()  # the odds of these forces are worked out again, not remembered
    during: list[str] = []
    notes: list[str] = []
    sweep, tell = fast.FastSolver._compiled_sweep, BattleWidget._odds_note

    def watched_sweep(self):
        during.append(notes[-1] if notes else "")
        return sweep(self)

    def told(self, note):
        notes.append(note)
        tell(self, note)

    monkeypatch.setattr(fast.FastSolver, "_compiled_sweep", watched_sweep)
    monkeypatch.setattr(BattleWidget, "_odds_note", told)
    yield during, notes
    exact.clear_cache()


def test_the_board_says_it_is_preparing_the_fast_odds_then_clears_it(cold):
    during, notes = cold
    w = BattleWidget.from_forces(*FORCES, seed=3)
    assert during == [statetables.PREPARING], "shown while the compiled odds first ran"
    assert statetables.PREPARING.startswith("Preparing the fast battle odds once")
    assert notes == [statetables.PREPARING, ""] and w.odds_note == ""
    assert w.odds["method"] == "exact" and w.odds["win"], "the odds came once it was done"
    exact.clear_cache()
    BattleWidget.from_forces(*FORCES, seed=4)  # the compiled odds again, compiled now: no note
    assert len(during) == 2 and during[-1] == "" and notes == [statetables.PREPARING, ""]


def test_a_warm_cache_shows_no_note(cold, monkeypatch):
    during, notes = cold
    monkeypatch.setattr(statetables, "compiled_before", lambda function: True)
    BattleWidget.from_forces(*FORCES, seed=3)
    assert during and notes == []
