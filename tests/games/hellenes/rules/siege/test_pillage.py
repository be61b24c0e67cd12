"""Pillaging (§4.3, §5.5, §14.12)."""

from __future__ import annotations

import pytest
from support.hellenes_battle_positions import P, U, besiege, decide, events, new_state, play, put

from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.hellenes.rules.actions.phase import ACTION_TYPES
from hellenes_nb.games.hellenes.rules.movement.occupancy import pillage_entry_banned
from hellenes_nb.games.hellenes.rules.siege.pillage import pillage_apply, pillage_legal

pytestmark = pytest.mark.rule("5.5")


def _megara(s):
    put(s, "A1", "megaris", 3)
    put(s, "A2", "megaris", 3)
    put(s, "S14", "megaris", 2, inside=True)
    besiege(s, "megaris", 0, (431, 1, 0))


def test_5_5_pillage_withdraws_the_besiegers_and_gains_prestige():
    s = new_state(active=0, season=3)
    _megara(s)
    put(s, "S3", "boeotia", 3)  # Boeotia is closed to the withdrawal: enemy units
    assert [a["place"] for a in pillage_legal(s, 0)] == ["megaris"]
    pillage_apply(s, 0, {"type": "pillage", "side": "athens", "place": "megaris"})
    with pytest.raises(IllegalAction):
        decide(s, {"type": "withdraw", "side": "athens", "unit": "A1", "to": "boeotia"})
    for k in ("A1", "A2"):
        decide(s, {"type": "withdraw", "side": "athens", "unit": k, "to": "attica"})
    play(s)
    assert s.loc[U("A1")] == s.loc[U("A2")] == P("attica")
    assert s.prestige == 1 and P("megaris") in s.pillaged
    assert s.sieges == {} and P("megaris") not in s.garrisons  # the siege is lifted
    assert pillage_entry_banned(s, P("megaris"), 0)
    assert not pillage_entry_banned(s, P("megaris"), 1)


@pytest.mark.rule("14.12")
def test_14_12_pillaging_sparta_is_worth_two():
    s = new_state(active=0, season=3)
    put(s, "A1", "laconia", 3)
    put(s, "S1", "laconia", 2, inside=True)
    besiege(s, "laconia", 0, (431, 1, 0))
    pillage_apply(s, 0, {"type": "pillage", "side": "athens", "place": "laconia"})
    decide(s, {"type": "withdraw", "side": "athens", "unit": "A1", "to": "arcadia"})
    play(s)
    assert s.prestige == 2


def test_5_5_only_opposing_cities_from_a_prior_season_once_a_year():
    s = new_state(active=0, season=3)
    put(s, "A1", "chalcis", 3)  # Chalcis is loyal to Athens: not an opposing city
    put(s, "S1", "chalcis", 2, inside=True)
    besiege(s, "chalcis", 0, (431, 1, 0))
    handler = ACTION_TYPES["pillage"]
    why = handler.why_illegal(s, 0, {"type": "pillage", "side": "athens", "place": "chalcis"})
    assert "not loyal" in why.message and why.rule == "5.5"
    _megara(s)
    s.sieges[P("megaris")]["since"] = [431, 3, 0]
    why = handler.why_illegal(s, 0, {"type": "pillage", "side": "athens", "place": "megaris"})
    assert "this season" in why.message
    s.sieges[P("megaris")]["since"] = [431, 1, 0]
    s.pillaged = frozenset({P("megaris")})
    why = handler.why_illegal(s, 0, {"type": "pillage", "side": "athens", "place": "megaris"})
    assert "already been pillaged" in why.message
    assert pillage_legal(s, 0) == []


def test_5_5_only_the_group_there_at_the_start_of_the_turn_withdraws():
    s = new_state(active=0, season=3)
    _megara(s)
    put(s, "A3", "megaris", 2)
    s.moved[U("A3")] = 1  # arrived this turn: not part of the besieging group
    pillage_apply(s, 0, {"type": "pillage", "side": "athens", "place": "megaris"})
    for k in ("A1", "A2"):
        decide(s, {"type": "withdraw", "side": "athens", "unit": k, "to": "attica"})
    play(s)
    assert s.loc[U("A3")] == P("megaris")
    assert s.sieges[P("megaris")]["besieger"] == 0  # A3 keeps the siege
    assert events(s, "pillage")
