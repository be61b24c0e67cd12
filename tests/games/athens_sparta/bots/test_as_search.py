"""The search of *Athens & Sparta*, the hard level (docs/bots.md, "Athens & Sparta"): it never
reads what its side may not see (the same choice when the enemy's hand, the undealt cards and
which face-down or pool block is which are swapped), it is the same for a seed and a budget,
and its rollouts stop where the model says."""

from __future__ import annotations

import random
import re

from hellenes_nb.bots.levels import level_bots, make_level
from hellenes_nb.core.game import Game, new_game
from hellenes_nb.games.athens_sparta.belief import redeal
from hellenes_nb.games.athens_sparta.bots.heuristic import HeuristicBot
from hellenes_nb.games.athens_sparta.bots.searching import ASSearch, SearchBotAthensSparta, cut
from hellenes_nb.games.athens_sparta.rules.faceup import face_up
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA

SIDES = ("athens", "sparta")


def _unnamed(game: Game, side: str) -> list[str]:
    """The enemy's armies ``side`` has never had named to it, on the map or in the pool, and
    does not see face up (besiegers, aid "Sieges")."""
    foe = SIDES[1 - SIDES.index(side)]
    text = repr(game.state.stack) + " ".join(e.get("text", "") for e in game.log_for(side))
    named = set(re.findall(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*", text)) | set(face_up(game.state))
    kinds = {b.id: b.type for b in game.state.world.blocks}
    return [k for k, v in sorted(game.state.board.blocks.items())
            if v.side == foe and k not in named and kinds[k] in ("hoplite", "peltast", "cavalry")
            and (v.where == "pool" or v.where in game.state.world.hexes)]


def _swapped(game: Game, side: str, rng: random.Random) -> Game:
    """``game`` as ``side`` cannot tell it apart: the enemy's hand and the undealt cards drawn
    again, two of its unnamed armies of different types swapped, and one on the map swapped
    with one in its pool."""
    st = redeal(game.state, side, rng)
    kinds = {b.id: b.type for b in st.world.blocks}
    blocks = st.board.blocks
    armies = _unnamed(game, side)
    on_map = [k for k in armies if blocks[k].where != "pool"]
    pool = [k for k in armies if blocks[k].where == "pool"]
    for a in on_map:
        b = next((k for k in on_map if kinds[k] != kinds[a] and blocks[k].where
                  != blocks[a].where and blocks[k].steps <= 3 >= blocks[a].steps), None)
        if b is not None:
            blocks[a], blocks[b] = blocks[b], blocks[a]
            break
    maxima = {b.id: b.steps for b in st.world.blocks}
    for a in on_map:
        b = next((k for k in pool if maxima[k] >= blocks[a].steps
                  and maxima[a] >= blocks[k].steps), None)
        if b is not None:
            blocks[a], blocks[b] = blocks[b], blocks[a]
            break
    return Game(game.ruleset, st, game.seed, history=list(game.history))


def _positions(seed: int, wanted: int):
    """Positions of a seeded game where a side has a choice the search compares."""
    game = new_game("athens-sparta", seed)
    rng = random.Random(seed)
    bots = {s: HeuristicBot(i) for i, s in enumerate(SIDES)}
    found = 0
    for _ in range(400):
        if game.over or found >= wanted:
            return
        legal = game.legal_actions()
        side = legal[0]["side"]
        kind = game.state.stack[-1]["kind"]
        if kind in ("cards", "ops", "battle") and len(legal) > 1 and rng.random() < 0.3:
            yield game, side
            found += 1
        game.apply(bots[side].choose(game, side))


def test_the_hard_level_is_the_search():
    assert level_bots(ATHENS_SPARTA)["hard"] == "search"
    assert isinstance(make_level("hard", 1, ATHENS_SPARTA), SearchBotAthensSparta)


def test_the_search_chooses_the_same_whatever_it_cannot_see():
    rng = random.Random(7)
    looked = swapped_blocks = 0
    for game, side in _positions(11, 10):
        chosen = SearchBotAthensSparta(3, iterations=8, seconds=None).choose(game, side)
        twin = _swapped(game, side, rng)
        assert twin.view(side) == game.view(side)
        if any(twin.state.board.blocks[k] != v for k, v in game.state.board.blocks.items()):
            swapped_blocks += 1
        again = SearchBotAthensSparta(3, iterations=8, seconds=None).choose(twin, side)
        assert again == chosen, f"{side}'s choice changed with what it cannot see at {game!r}"
        looked += 1
    assert looked == 10 and swapped_blocks >= 5


def test_the_search_is_the_same_for_a_seed_and_a_budget_and_compares_candidates():
    game, side = next(iter(_positions(5, 1)))
    bots = [SearchBotAthensSparta(9, iterations=12, seconds=None) for _ in range(2)]
    assert bots[0].choose(game, side) == bots[1].choose(game, side)
    assert bots[0].last.candidates > 1 and bots[0].last.rollouts >= 8
    assert bots[0].last.means == bots[1].last.means


def test_rollouts_stop_at_the_end_of_the_moving_sides_combat_phase():
    game = new_game("athens-sparta", 4)
    while game.state.stack[-1]["kind"] != "ops":
        side = game.legal_actions()[0]["side"]
        game.apply(HeuristicBot(1).choose(game, side))
    mover = game.state.stack[-1]["side"]
    stop = cut(game.state)
    st = game.state.clone()
    model = ASSearch(1)
    policy = model.policy(ATHENS_SPARTA, random.Random(1))
    from hellenes_nb.bots.playout import playout

    playout(ATHENS_SPARTA, st, policy, stop, 500)
    top = st.stack[-1]
    assert stop(st)
    assert (top["kind"] == "ops" and top["side"] != mover) or st.board.turn != game.state.board.turn
    assert not stop(game.state)


def test_the_search_draws_the_same_positions_whatever_it_cannot_see():
    """The sampler's draws are the same position for the real game and its swapped twin (the
    other hand and deck in another order, armies swapped on the map and with the pool)."""
    from hellenes_nb.games.athens_sparta.bots.searching import Guessed

    rng = random.Random(2)
    compared = 0
    for game, side in _positions(12, 6):
        twin = _swapped(game, side, rng)
        assert twin.state.to_dict() != game.state.to_dict()
        for n in range(3):
            drawn = Guessed(game, side).sample(random.Random(n)).to_dict()
            assert Guessed(twin, side).sample(random.Random(n)).to_dict() == drawn
            compared += 1
    assert compared == 18
