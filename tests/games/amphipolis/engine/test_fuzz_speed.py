"""The fuzz run's checks made cheaper without changing what they check or any game
(docs/amphipolis.md, "Speed of the fuzz run"): the hidden check reads each side's hands as
the view shows them without building two whole views after every action, and the zone
questions of rules/common.py (units_at, leaders_at, present) answer as a plain scan of every
piece does. Dice seeded."""

from __future__ import annotations

import random

import pytest

from hellenes_nb import new_game
from hellenes_nb.core.catalog import InvariantError
from hellenes_nb.games.amphipolis import invariants
from hellenes_nb.games.amphipolis import view as amview
from hellenes_nb.games.amphipolis.rules.common import (
    LEADERS,
    UNITS,
    W,
    leaders_at,
    present,
    units_at,
)

PLACES = [z.id for z in W.zones]


def _played(scenario: str, seed: int, decisions: int):
    """Positions of a seeded random game, one every few decisions."""
    rng = random.Random(seed)
    game = new_game(scenario, seed)
    for n in range(decisions):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
        if n % 7 == 0:
            yield game


def test_the_hidden_check_builds_no_whole_view(monkeypatch):
    game = new_game("amphipolis-10.4", 3)
    built, real = [], game.view
    monkeypatch.setattr(game, "view", lambda side: built.append(side) or real(side))
    invariants.check_invariants(game)
    assert built == []


def test_the_hidden_check_reads_the_hands_the_view_shows():
    for game in _played("amphipolis-10.1", 5, 60):
        for role in ("athens", "sparta", "all"):
            assert game.view(role)["hands"] == amview.hands(game.state, role)


def test_the_hidden_check_still_catches_a_hand_shown_to_the_other_side(monkeypatch):
    game = new_game("amphipolis-10.2", 2)
    invariants.check_invariants(game)
    monkeypatch.setattr(invariants, "hands", lambda st, role: amview.hands(st, "all"))
    with pytest.raises(InvariantError, match="sees athens's strategems"):
        invariants.check_invariants(game)


@pytest.mark.parametrize("scenario", ["amphipolis-10.2", "amphipolis-10.4"])
def test_zone_questions_answer_as_a_plain_scan(scenario):
    for game in _played(scenario, 11, 250):
        st = game.state
        for zone in PLACES:
            for side in (0, 1):
                for land in (None, True, False):
                    assert units_at(st, zone, side, land) == [
                        i for i, u in enumerate(UNITS) if st.uloc[i] == zone and u.side == side
                        and (land is None or u.land == land)]
                assert leaders_at(st, zone, side) == [
                    k for k, g in enumerate(LEADERS) if st.lloc[k] == zone and g.side == side]
                assert present(st, zone, side) == any(
                    st.uloc[i] == zone and u.side == side for i, u in enumerate(UNITS))
