"""Choices the engine used to make for the player, now offered as legal actions: the way an
attack comes into a zone (§4.2 c-f), the zone S8 draws on and the unit S10 brings (§7), the
units lost over a stacking limit (§3.3), and the group that made the enemy cavalry withdraw
going on with its move (§3.1.4). Dice forced where they matter."""

from __future__ import annotations

import random

import pytest

from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.amphipolis.invariants import check_invariants
from hellenes_nb.games.amphipolis.odds import state_odds
from hellenes_nb.games.amphipolis.rules.combat import odds
from hellenes_nb.games.amphipolis.state import IN_PLAY, OUT
from hellenes_nb.games.amphipolis.world import load_world

from .test_main_play import (
    ATHENS,
    SPARTA,
    _place,
    action_phase,
    empty,
    find,
    game_at,
    spartan_group,
    types,
)
from .test_main_stratagems import counter, mods, window

W = load_world()


def at(game, uid):
    return game.state.uloc[W.unit_index[uid]]


def action_frame(game):
    return next(f for f in game.state.stack if f["kind"] == "action")


@pytest.mark.rule("4.2")
def test_4_2_the_attacker_picks_the_way_into_amphipolis_over_the_wall_or_round_it():
    # from T7, Amphipolis (a city) is reached over the wall (two columns left, no city -2)
    # or round by T9 and T11 (no shift, the city's -2 on the die): the attacker picks
    game = spartan_group("T7", "ath-h6-1", "T12")
    ways = [a for a in game.legal_actions() if a["type"] in ("march", "march_by")
            and a["to"] == "T12"]
    assert {a.get("via") for a in ways} == {None, "T7"}
    assert any("over a wall" in a["label"] for a in ways)
    game.apply(find(game, type="march_by", to="T12", via="T7"))
    assert action_frame(game)["entered"] == {"T12": ["wall"]}
    other = spartan_group("T7", "ath-h6-1", "T12")
    other.apply(find(other, type="march", to="T12"))
    assert action_frame(other)["entered"] == {"T12": []}


@pytest.mark.rule("4.2")
def test_4_2_a_way_in_that_is_not_offered_is_refused_in_words():
    game = spartan_group("T7", "ath-h6-1", "T12")
    before = game.to_json()
    with pytest.raises(IllegalAction, match="cannot attack 'T12' from 'T17'"):
        game.apply({"type": "march_by", "side": "sparta", "to": "T12", "how": "land",
                    "via": "T17"})
    assert game.to_json() == before
    # a plain march (as in saves made before the choice) takes the first way
    game.apply({"type": "march", "side": "sparta", "to": "T12", "how": "land"})
    assert action_frame(game)["entered"] == {"T12": []}


def _s8_two_zones():
    st = empty()
    _place(st, "T11", "pel-h7-1")
    _place(st, "T11", "thr-p5-1", "thr-p5-2", "thr-p5-3")
    _place(st, "T15", "helot-h8b", "pel-h7-2")  # 15 PF: 8 more
    _place(st, "T17", "spa-p6-1")  # 6 PF: 3 more
    return st


@pytest.mark.rule("7")
def test_7_s8_the_player_picks_the_next_zone_that_joins_the_combat():
    game = window(_s8_two_zones(), SPARTA, "combat", "T11", battle="T11", hand=(counter(8),))
    uses = {a["use"] for a in game.legal_actions() if a.get("number") == 8}
    assert uses == {"T15", "T17"}
    game.apply(find(game, type="play", number=8, use="T17"))
    played = [m for m in mods(game) if m[1] == 8]
    assert played == [[SPARTA, 8, 3]]
    assert odds(_s8_two_zones(), "T11", SPARTA, played) == (7 + 3, 15)


@pytest.mark.rule("7")
def test_7_s10_the_player_picks_the_unit_that_comes_in():
    st = empty()
    _place(st, "T11", "pel-h7-1")
    _place(st, "T11", "thr-p5-1")
    _place(st, "T15", "spa-p6-1", "helot-h8b")
    game = window(st, SPARTA, "combat", "T11", battle="T11", hand=(counter(10),))
    uses = {a["use"] for a in game.legal_actions() if a.get("number") == 10}
    assert uses == {"spa-p6-1", "helot-h8b"}
    game.apply(find(game, type="play", number=10, use="spa-p6-1"))
    assert at(game, "spa-p6-1") == "T11" and at(game, "helot-h8b") == "T15"


@pytest.mark.rule("3.3")
def test_3_3_the_owner_picks_the_units_lost_over_the_stacking_limit():
    st = empty()
    _place(st, "T13", "pel-h7-1", "spa-p6-1")
    out = [z for z in W.neighbours["T13"] if W.zone[z].kind == "main"
           and not W.zone[z].sea and z != "T6"]
    athenians = [u.id for u in W.units if u.side == ATHENS and u.land]
    for z, uid in zip(out, athenians, strict=False):  # every way out held but the marsh T6
        _place(st, z, uid)
    _place(st, "T6", "helot-h5b-1", "helot-h5b-2", "helot-h5b-3", "helot-h5b-4", "helot-h8b")
    st.vp = [0, 0]
    game = game_at(st, {"kind": "retreat", "side": SPARTA, "zone": "T13"})
    game.apply(find(game, type="retreat", to="T6"))
    assert set(types(game)) == {"eliminate"}
    picks = {a["unit"] for a in game.legal_actions()}
    # the units that retreated and those already there, one of each kind
    assert picks == {"pel-h7-1", "spa-p6-1", "helot-h5b-1", "helot-h8b"}
    game.apply(find(game, type="eliminate", unit="spa-p6-1"))
    game.apply(find(game, type="eliminate", unit="helot-h8b"))
    gone = {u.id for i, u in enumerate(W.units) if game.state.ustat[i] == OUT}
    assert gone == {"spa-p6-1", "helot-h8b"}
    assert sum(1 for z in game.state.uloc if z == "T6") == 5  # humid: five at most
    assert game.state.vp[ATHENS] == 1 + 2  # a peltast 1 VP, a hoplite 2 (§9.2)


def _cavalry_screen():
    """Sparta's H/7 (Brasidas stays behind) moves from T15 into T16, held by Athens' lone
    cavalry."""
    game = spartan_group("T15", "ath-c5-1", "T16")
    game.apply(find(game, type="march", to="T16"))
    return game


@pytest.mark.rule("3.1.4")
def test_3_1_4_the_mover_goes_on_after_the_enemy_cavalry_withdraws():
    game = _cavalry_screen()
    cost = 1 + 0  # T15 to T16, clear to humid
    game.apply(find(game, type="withdraw", to="T18"))
    assert at(game, "ath-c5-1") == "T18"
    assert "halt" in types(game)
    onward = {a["to"] for a in game.legal_actions() if a["type"] == "march"}
    assert onward and "T16" not in onward
    frame = game.state.stack[-1]
    assert frame["kind"] == "onward" and frame["pm"] == 4 - cost
    to = sorted(onward)[0]
    game.apply(find(game, type="march", to=to))
    assert at(game, "pel-h7-1") == to
    assert game.state.stack[-1]["kind"] == "activate"  # back to the zone's other pieces


@pytest.mark.rule("3.1.4")
def test_3_1_4_the_mover_may_stop_where_the_cavalry_was_and_stays_stopped_if_it_fights():
    game = _cavalry_screen()
    game.apply(find(game, type="withdraw", to="T18"))
    game.apply(find(game, type="halt"))
    assert at(game, "pel-h7-1") == "T16"
    assert "onward" not in [f["kind"] for f in game.state.stack]
    game = _cavalry_screen()
    game.apply(find(game, type="stay"))
    assert at(game, "pel-h7-1") == "T16"
    assert "onward" not in [f["kind"] for f in game.state.stack]
    assert game.state.ustat[W.unit_index["ath-c5-1"]] == IN_PLAY


@pytest.mark.rule("7")
def test_7_the_odds_of_s8_and_s10_follow_the_zone_or_unit_picked():
    game = window(_s8_two_zones(), SPARTA, "combat", "T11", battle="T11", hand=(counter(8),))
    near, far = (state_odds(game.state, SPARTA, find(game, type="play", number=8, use=z))
                 for z in ("T15", "T17"))
    assert near is not None and far is not None and near.notes != far.notes
    assert "15 PF" in " ".join(near.notes) and "10 PF" in " ".join(far.notes)


def _skirmish(seed):
    """A seeded random position of 10.1 on the main map: small stacks of both sides, some
    Athenian zones held by cavalry alone, Sparta to act with 4 PA."""
    rng = random.Random(seed)
    st = empty()
    land = [z.id for z in W.main if not z.sea]
    rng.shuffle(land)
    mine = [u.id for u in W.units if u.side == SPARTA and u.land]
    theirs = [u.id for u in W.units if u.side == ATHENS and u.land and u.type != "C"]
    horse = [u.id for u in W.units if u.side == ATHENS and u.type == "C"]
    rng.shuffle(mine)
    for k, zone in enumerate(land[:6]):
        _place(st, zone, *mine[3 * k:3 * k + 3], leaders=("brasidas",) if k == 0 else ())
    for k, zone in enumerate(land[6:10]):
        _place(st, zone, *(theirs[2 * k:2 * k + 2] if k % 2 else horse[k:k + 1]))
    return action_phase(st, SPARTA, 4), rng


def _eager(rng, legal):
    """A random choice leaning to moves and attacks (uniform random play seldom attacks)."""
    for kinds in (("march_by", "withdraw"), ("march", "halt"), ("pick", "pick_leader"),
                  ("activate",)):
        pool = [a for a in legal if a["type"] in kinds]
        if pool and rng.random() < 0.8:
            return rng.choice(pool)
    return rng.choice(legal)


def test_random_play_through_the_new_choices_keeps_every_invariant():
    """Eager random play of Sparta's action phase from skirmish positions goes through the
    cavalry's withdrawal, the move going on or halting, and combats with their retreats, with
    every invariant checked after every action (random games from the set-ups seldom reach
    them: none in 90 games of 10.1, 10.3 and 10.4)."""
    seen: set[str] = set()
    for seed in range(40):
        game, rng = _skirmish(seed)
        for _ in range(150):
            if game.over:
                break
            legal = game.legal_actions()
            seen |= {a["type"] for a in legal} | {game.state.stack[-1]["kind"]}
            before = len(game.log)
            game.apply(_eager(rng, legal))
            check_invariants(game, since=before, dead_end=False)
    assert {"withdraw", "stay", "halt", "onward", "retreat"} <= seen
