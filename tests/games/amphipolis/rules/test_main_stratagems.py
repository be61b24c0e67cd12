"""The strategems that act on the main map (§7): S2 storm at sea, S8 combined attack (and S9
against it), S10 surprise (the player's picks: test_player_choices.py), S11 sappers, S4
archers barring a land zone; dice forced."""

from __future__ import annotations

import pytest

from hellenes_nb.core.game import Game
from hellenes_nb.games.amphipolis.rules.combat import odds
from hellenes_nb.games.amphipolis.ruleset import AMPHIPOLIS
from hellenes_nb.games.amphipolis.world import load_world

from .test_main_play import ATHENS, OVER, SPARTA, _place, empty, find

W = load_world()


def counter(n: int) -> str:
    return W.faces[n][0]


def window(st, side, phase, zone="", battle=None, hand=()):
    st.hands[side] = list(hand)
    st.cup = [c.id for c in W.counters if c.id not in hand]
    frames = [dict(OVER)]
    if battle:
        frames.append({"kind": "battle", "zone": battle, "attacker": SPARTA, "stage": "resolve",
                       "mods": [], "entered": [], "die": 3})
    frames.append({"kind": "window", "side": side, "phase": phase, "zone": zone})
    st.stack = frames
    return Game(AMPHIPOLIS, st, 1)


def play(game, n):
    game.apply(find(game, type="play", number=n))


def mods(game):
    return next(f for f in game.state.stack if f["kind"] == "battle")["mods"]


@pytest.mark.rule("7")
def test_s2_a_storm_reduces_athenian_triremes_at_sea_on_five_or_six():
    st = empty()
    _place(st, "M2", "ath-t10-1", "ath-t7")
    _place(st, "M1", "ath-t20")  # in port: safe
    game = window(st, SPARTA, "B3", hand=(counter(2),))
    game.state.dice.force([5, 4])
    play(game, 2)
    red = {u.id for i, u in enumerate(W.units) if game.state.ured[i]}
    assert red == {"ath-t10-1"}


@pytest.mark.rule("7")
def test_s11_sappers_destroy_the_walls_athens_then_scores_them():
    st = empty()
    game = window(st, ATHENS, "B3", hand=(counter(11),))
    assert not [a for a in game.legal_actions() if a.get("number") == 11]  # nothing to sap
    st = empty()
    st.walls = "built"
    game = window(st, ATHENS, "B3", hand=(counter(11),))
    play(game, 11)
    assert game.state.walls == "destroyed"


def _s8_field():
    st = empty()
    _place(st, "T11", "pel-h7-1")
    _place(st, "T11", "thr-p5-1", "thr-p5-2", "thr-p5-3")
    _place(st, "T15", "helot-h8b", "pel-h7-2")  # 15 PF next door: 8 more
    return st


@pytest.mark.rule("7")
def test_s8_adds_half_the_pf_next_door_and_s9_cancels_it():
    game = window(_s8_field(), SPARTA, "combat", "T11", battle="T11", hand=(counter(8),))
    play(game, 8)
    played = [m for m in mods(game) if m[1] == 8]
    assert odds(_s8_field(), "T11", SPARTA, played) == (7 + 8, 15)
    st = _s8_field()
    st.played = [False, True]
    game = window(st, ATHENS, "combat", "T11", battle="T11", hand=(counter(9),))
    battle = next(k for k, f in enumerate(st.stack) if f["kind"] == "battle")
    st.stack[battle] = {**st.stack[battle], "mods": [[SPARTA, 8, 8]]}
    play(game, 9)
    assert not [m for m in mods(game) if m[1] == 8]


@pytest.mark.rule("7")
def test_s8_and_s10_only_on_the_main_map():
    st = empty()
    _place(st, "O1", "pel-h7-1")
    _place(st, "O1", "thr-p5-1")
    game = window(st, SPARTA, "combat", "O1", battle="O1", hand=(counter(8), counter(10)))
    assert not [a for a in game.legal_actions() if a.get("number") in (8, 10)]


@pytest.mark.rule("7")
def test_s4_archers_bar_a_land_zone_of_the_main_map():
    st = empty()
    _place(st, "T21", "ath-a3-1")
    game = window(st, ATHENS, "B3", hand=(counter(4),))
    play(game, 4)
    assert [ATHENS, "T21"] in game.state.barred
