"""The shared movement search (§5.0–§5.3) gives the same answers as a search per unit.

``search.destinations`` may share one search between units alike (same side, place, range,
fleet type and besieged start) within one legal-action listing; these tests compare that with
the unshared search on positions reached by seeded random play.
"""

from __future__ import annotations

import random

import pytest

from hellenes_nb.core.game import new_game
from hellenes_nb.games.hellenes.rules.actions.moves import move_actions
from hellenes_nb.games.hellenes.rules.movement.occupancy import Occupancy
from hellenes_nb.games.hellenes.rules.movement.search import destinations, pick, walk
from hellenes_nb.games.hellenes.rules.scenarios import Limits


def _positions(scenario: str, seed: int, every: int = 9, limit: int = 120):
    """States seen every ``every`` decisions of a seeded random game."""
    game = new_game(scenario, seed)
    rng = random.Random(seed)
    for n in range(limit):
        if game.over:
            return
        if n % every == 0:
            yield game.state
        game.apply(rng.choice(game.legal_actions()))


CASES = [("431", 1), ("431", 7), ("415", 2)]


@pytest.mark.rule("5.0")
@pytest.mark.parametrize(("scenario", "seed"), CASES)
def test_5_0_shared_search_matches_the_search_per_unit(scenario, seed):
    checked = 0
    for state in _positions(scenario, seed):
        for side in (0, 1):
            memo: dict = {}
            for u in range(side * 60, side * 60 + 60):
                for forced, calm, carrying in ((True, False, False), (False, True, False),
                                               (True, False, True)):
                    alone = destinations(state, u, forced=forced, no_engage=calm,
                                         carrying=carrying)
                    shared = destinations(state, u, forced=forced, no_engage=calm,
                                          carrying=carrying, memo=memo)
                    assert shared == alone, (scenario, seed, u, forced, calm, carrying)
                    checked += bool(alone)
    assert checked > 50  # the positions really had units able to move


@pytest.mark.rule("5.21")
@pytest.mark.parametrize(("scenario", "seed"), CASES)
def test_5_21_move_lists_with_a_shared_memo_match_fresh_ones(scenario, seed):
    for state in _positions(scenario, seed, every=13):
        for side in (0, 1):
            for mode in ("group", "muster", "free"):
                memo: dict = {}
                for u in range(side * 60, side * 60 + 60):
                    to = state.loc[u] if mode == "muster" else -1
                    fresh = move_actions(state, side, u, mode, to)
                    assert move_actions(state, side, u, mode, to, memo) == fresh


def test_memo_is_reused_for_units_alike_and_left_out_of_the_state():
    state = new_game("431", 1).state
    ix = state.ix
    by_key: dict = {}
    for u in range(60):
        if state.loc[u] >= 0:
            by_key.setdefault((state.loc[u], ix.is_fleet[u], ix.move[u], state.inside[u]),
                              []).append(u)
    twins = next(us for us in by_key.values() if len(us) > 1)
    before = state.clone()
    memo: dict = {}
    first = destinations(state, twins[0], memo=memo)
    assert first and destinations(state, twins[1], memo=memo) is first
    assert state == before


def test_fleet_neighbours_are_seas_and_coasts_from_a_sea_and_coasts_and_land_from_land():
    ix = new_game("431", 1).state.ix
    for p in range(ix.n_places):
        if ix.is_sea(p):
            assert ix.fleet_adj[p] == ix.sea_adj[p] + ix.coast[p]
        else:
            assert ix.fleet_adj[p] == ix.coast[p] + ix.land_adj[p]


@pytest.mark.rule("9.21")
@pytest.mark.parametrize(("scenario", "seed"), CASES)
def test_9_21_pass_through_limits_answer_as_picking_among_every_crossing(scenario, seed):
    """Limits that only let the mover pass enemies (no border or end check, as for Winter
    Homing with no besieged home city) use the plain search made with those places: the same
    paths, in the same order, as picking among every crossing of the walk (the way of limits
    with an end check); and a caller changing its copy changes nothing later."""
    checked = 0
    for state in _positions(scenario, seed, every=11):
        ix = state.ix
        through = bytearray(ix.n_places)
        for p in range(0, ix.n_places, 3):
            through[p] = 1
        limits = Limits(through=through, sure_forced=True)
        ctxs = [Occupancy(state, side, through) for side in (0, 1)]
        for u in range(120):
            start = state.loc[u]
            if start < 0 or state.moved[u] or (not ix.is_fleet[u] and ix.is_sea(start)):
                continue
            for forced in (True, False):
                got = destinations(state, u, forced=forced, limits=limits)
                crossings = walk(ctxs[u // 60], u, start, ix.is_fleet[u], state.inside[u],
                            ix.move[u], forced, False, 1, -1, None, {}, False)
                picked = pick(crossings, u, -1, ix.move[u], limits)
                assert list(got.items()) == list(picked.items()), (scenario, seed, u, forced)
                got.clear()  # the caller's copy: the remembered answer must not change
                assert destinations(state, u, forced=forced, limits=limits) == picked
                checked += bool(picked)
    assert checked > 50


@pytest.mark.rule("15.2")
@pytest.mark.parametrize(("scenario", "seed"), CASES)
def test_15_2_border_check_only_answers_as_picking_among_every_crossing(scenario, seed):
    """Limits with a border check and no end check (as Sicilians staying in SICILY) leave out
    the ways that cannot beat one already found, in the walk itself: the same paths, in the
    same order, as picking among every crossing."""
    checked = 0

    def step(v: int, a: int, b: int) -> str:
        return "" if (v + 3 * a + b) % 7 else "barred"

    for state in _positions(scenario, seed, every=11):
        ix = state.ix
        limits = Limits(step=step)
        ctxs = [Occupancy(state, side) for side in (0, 1)]
        for u in range(120):
            start = state.loc[u]
            if start < 0 or state.moved[u] or (not ix.is_fleet[u] and ix.is_sea(start)):
                continue
            for forced, calm in ((True, False), (False, True)):
                got = destinations(state, u, forced=forced, no_engage=calm,
                                   limits=limits)
                crossings = walk(ctxs[u // 60], u, start, ix.is_fleet[u], state.inside[u],
                            ix.move[u], forced, calm, 1, -1, step, {}, False)
                picked = pick(crossings, u, -1, ix.move[u], limits)
                assert list(got.items()) == list(picked.items()), (scenario, seed, u, forced)
                checked += bool(picked)
    assert checked > 50
