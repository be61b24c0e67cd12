"""The computer opponents of *Athens & Sparta* (docs/bots.md, "Athens & Sparta"): the levels the
dashboard offers, a heuristic that never reads what its side may not see (the same choice when
the enemy's face-down blocks and hand are swapped), and its rules of thumb: the card by the
MPs it needs, attacking a weak enemy city with a superior force, guarding its main city."""

from __future__ import annotations

import random

import pytest

from hellenes_nb.bots.levels import level_bots, make_level
from hellenes_nb.core.game import Game, new_game
from hellenes_nb.games.athens_sparta.belief import redeal
from hellenes_nb.games.athens_sparta.bots.easy import EasyBot
from hellenes_nb.games.athens_sparta.bots.heuristic import HeuristicBot, Picture, card_need
from hellenes_nb.games.athens_sparta.rules.faceup import face_up
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA

SIDES = ("athens", "sparta")


def _foe(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


def _swapped(game: Game, side: str, rng: random.Random) -> Game:
    """``game`` as ``side`` cannot tell it apart: the enemy's hand and undealt cards drawn
    again (belief.py) and two enemy blocks of different types in different hexes swapped."""
    st = redeal(game.state, side, rng)
    kinds = {b.id: b.type for b in st.world.blocks}
    seen = face_up(st)  # patrols, besiegers and blockaders stand face up (aid)
    theirs = [k for k, v in sorted(st.board.blocks.items())
              if v.side == _foe(side) and v.where[:1].isdigit() and k not in seen]
    rng.shuffle(theirs)
    for a in theirs:
        b = next((k for k in theirs if kinds[k] != kinds[a]
                  and st.board.blocks[k].where != st.board.blocks[a].where), None)
        if b is not None:
            blocks = st.board.blocks
            blocks[a], blocks[b] = blocks[b], blocks[a]
            break
    return Game(game.ruleset, st, game.seed, history=list(game.history))


def test_the_levels_are_the_games_own_bots():
    assert level_bots(ATHENS_SPARTA) == {"easy": "easy", "normal": "heuristic",
                                         "hard": "search"}
    assert make_level("easy", 1, ATHENS_SPARTA).inner.name == "heuristic"


@pytest.mark.parametrize("seed", [1, 2])
def test_the_heuristic_chooses_the_same_whatever_it_cannot_see(seed):
    game = new_game("athens-sparta", seed)
    rng, looked = random.Random(seed), 0
    for _ in range(160):
        if game.over:
            break
        legal = game.legal_actions()
        for side in sorted({a["side"] for a in legal}):
            chosen = HeuristicBot(5).choose(game, side)
            twin = _swapped(game, side, rng)
            assert twin.view(side) == game.view(side)
            assert HeuristicBot(5).choose(twin, side) == chosen, (
                f"{side}'s choice changed with what it cannot see at {game!r}")
            looked += 1
        game.apply(HeuristicBot(seed).choose(game, legal[0]["side"]) if rng.random() < 0.5
                   else rng.choice(legal))
    assert looked > 40


def _moving(side: str, seed: int = 3) -> Game:
    """A game at ``side``'s Move Phase of the first Game Turn (both play their highest card;
    the other side, when first, ends its moves)."""
    game = new_game("athens-sparta", seed)
    for s in SIDES:
        legal = game.legal_actions(s)
        game.apply(max(legal, key=lambda a: int(a["label"].split("(")[1].split()[0])))
    while game.prompt.side != side:
        game.apply(next(a for a in game.legal_actions() if a["type"].startswith("end")))
    assert game.prompt.kind == "ops"
    return game


def test_the_heuristic_attacks_an_empty_enemy_city_it_can_reach():
    game = _moving("athens")
    blocks = game.state.board.blocks
    for v in blocks.values():  # Megara's Spartan blocks gone to the pool
        if v.side == "sparta" and v.where == "0807":
            v.where = "pool"
    choice = HeuristicBot(1).choose(game, "athens")
    assert choice["type"] == "move" and choice["to"] == "0807", choice


def test_the_heuristic_keeps_a_guard_in_its_main_city():
    """One block left in Athens and the Spartan cities near it empty: the bot goes for them
    with other blocks, never with the last guard of Athens (sudden death, §10.1)."""
    game = _moving("athens")
    blocks = game.state.board.blocks
    home = sorted(k for k, v in blocks.items() if v.side == "athens" and v.where == "0907")
    for k in home[1:]:
        blocks[k].where = "pool"
    near = {"0907"} | game.state.world.land_links["0907"]
    near |= {n for h in near for n in game.state.world.land_links[h]}
    for v in blocks.values():  # no Spartan block within two hexes: Megara empty
        if v.side == "sparta" and v.where in near:
            v.where = "pool"
    bot = HeuristicBot(1)
    while game.prompt.side == "athens" and game.prompt.kind == "ops":
        choice = bot.choose(game, "athens")
        assert choice.get("block") != home[0] or any(
            v.side == "athens" and v.where == "0907" and k != home[0]
            for k, v in game.state.board.blocks.items()), f"{choice} leaves Athens empty"
        game.apply(choice)
    assert any(v.side == "athens" and v.where == "0907"
               for v in game.state.board.blocks.values())


def test_the_heuristic_brings_blocks_home_when_its_main_city_is_threatened():
    game = _moving("athens")
    blocks = game.state.board.blocks
    home = [k for k, v in blocks.items() if v.side == "athens" and v.where == "0907"]
    for k in home[1:]:
        blocks[k].where = "0906"  # out to Marathon, one block left at home
    for k in [k for k, v in blocks.items() if v.side == "sparta"][:4]:
        blocks[k].where = "0807"  # four Spartan blocks next door in Megara
    p = Picture.of(game.view("athens"), "athens")
    assert p.threat() >= 4 and p.guard_short() > 0
    choice = HeuristicBot(1).choose(game, "athens")
    assert choice["to"] == "0907", choice


def test_the_card_pick_follows_the_mps_needed():
    """At the start Athens sees seven Spartan blocks within two hexes of Athens and wants
    four MPs: it plays its cheapest card of at least 4 (not its 1, 2 or 3); Sparta, with no
    attack it could win and its capital safe, wants one: it plays the Earthquake when it
    holds it (seed 1), else its cheapest card (seed 2)."""
    mp = {c.id: c.mp for c in new_game("athens-sparta", 1).state.world.cards}
    game = new_game("athens-sparta", 1)
    athens = Picture.of(game.view("athens"), "athens")
    assert athens.threat() == 7 and card_need(athens) == 4
    pick = HeuristicBot(1).choose(game, "athens")["card"]
    assert mp[pick] == 4 and pick == "move-16"  # 1, 2, 3, 4, 4, 4 in hand
    assert card_need(Picture.of(game.view("sparta"), "sparta")) == 1
    assert HeuristicBot(1).choose(game, "sparta")["card"] == "earthquake"
    game = new_game("athens-sparta", 2)
    pick = HeuristicBot(1).choose(game, "sparta")["card"]
    assert mp[pick] == min(mp[c] for c in game.state.hands["sparta"])


def test_easy_blunders_sometimes_and_otherwise_plays_the_heuristic():
    game = _moving("athens")
    easy = [EasyBot(s).choose(game, "athens") for s in range(12)]
    best = HeuristicBot(0).choose(game, "athens")
    assert best in easy and any(c != best for c in easy)
