"""The bots: legal, deterministic, blind to hidden blocks, and sensible in small positions."""

from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.hellenes_bot_positions import (
    action_phase,
    advance,
    clear,
    play_choices,
    put,
    random_position,
    settle_board,
    shuffle_hidden,
)

from hellenes_nb.bots import BotError, RandomBot, deciding_sides, make_bot
from hellenes_nb.core.game import new_game
from hellenes_nb.core.steps import strip_label
from hellenes_nb.games.hellenes.bots import fighting
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot

SCENARIOS = ("431", "sicily", "413", "415")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 10_000),
       steps=st.integers(0, 250), bot_seed=st.integers(0, 100))
def test_heuristic_bot_only_returns_legal_actions(scenario, seed, steps, bot_seed):
    game = random_position(scenario, seed, steps)
    bot = HeuristicBot(bot_seed)
    for _ in range(30):  # then let it drive for a while from there
        if game.over:
            break
        for side in deciding_sides(game):
            action = bot.choose(game, side)
            legal = [strip_label(a) for a in game.legal_actions(side)]
            assert strip_label(action) in legal
            game.apply(action)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 10_000),
       steps=st.integers(0, 300), shuffle_seed=st.integers(0, 1000))
def test_heuristic_bot_does_not_peek_at_hidden_enemy_blocks(scenario, seed, steps, shuffle_seed):
    game = random_position(scenario, seed, steps)
    for side in deciding_sides(game):
        other = shuffle_hidden(game, side, random.Random(shuffle_seed))
        assert _seen(game, side) == _seen(other, side)
        assert game.legal_actions(side) == other.legal_actions(side)
        assert HeuristicBot(3).choose(game, side) == HeuristicBot(3).choose(other, side)


def _seen(game, side: str) -> Counter:
    """What the view tells of blocks: own units in full, enemy ones by place (in any order)."""
    return Counter(tuple(sorted(e.items())) for e in game.view(side)["units"])


def test_shuffle_hidden_really_changes_the_hidden_blocks():
    game = random_position("431", 11, 40)
    side = deciding_sides(game)[0]
    other = shuffle_hidden(game, side, random.Random(1))
    foe = slice(60, 120) if side == "athens" else slice(0, 60)
    assert game.state.loc[foe] != other.state.loc[foe] or game.state.cv[foe] != other.state.cv[foe]


@pytest.mark.parametrize("name", ["heuristic", "random"])
def test_bots_are_deterministic_for_a_seed(name):
    runs = [play_choices("431", 4, {"athens": make_bot(name, 9), "sparta": make_bot(name, 10)}, 300)
            for _ in range(2)]
    assert runs[0] == runs[1] and len(runs[0]) > 50


def test_random_bots_with_other_seeds_play_differently():
    a = play_choices("431", 4, {"athens": RandomBot(1), "sparta": RandomBot(2)}, 100)
    b = play_choices("431", 4, {"athens": RandomBot(3), "sparta": RandomBot(4)}, 100)
    assert a != b


def test_bad_side_and_no_decision_are_refused_in_words():
    game = new_game("431", 1)
    with pytest.raises(BotError, match="'athens' or 'sparta'"):
        HeuristicBot().choose(game, "thebes")
    advance(game, lambda g: g.prompt.kind == "actions")
    idle = "athens" if game.prompt.side == "sparta" else "sparta"
    with pytest.raises(BotError, match="no decision"):
        HeuristicBot().choose(game, idle)
    with pytest.raises(BotError, match="unknown bot"):
        make_bot("alexander")


# -- small positions -------------------------------------------------------------------------
def _engage_plataea(strong: bool):
    """Sparta engages Plataea (an Athenian city, value 1) from Boeotia with a big or a tiny
    army; Athens holds it with two hoplites."""
    game = action_phase("sparta")
    clear(game, "plataea", "athens")
    put(game, "A6", "plataea", 2)
    put(game, "A1", "plataea", 1 if strong else 4)
    clear(game, "boeotia", "sparta")
    attackers = ["S26", "S27", "S28", "S29"] if strong else ["S14"]
    for k in attackers:
        put(game, k, "boeotia", 4 if strong else 1)
    settle_board(game)
    game.apply({"type": "move_group", "side": "sparta", "area": "boeotia"})
    for k in attackers:
        game.apply({"type": "move", "side": "sparta", "unit": k, "path": ["plataea"]})
    while game.prompt.kind == "group_move":
        game.apply({"type": "end_group", "side": "sparta"})
    game.apply({"type": "end_actions", "side": "sparta"})
    while game.prompt.kind == "sortie":
        game.apply({"type": "sortie_done", "side": "sparta"})
    assert game.prompt.kind == "battle" and game.prompt.side == "athens"
    return game


@pytest.mark.rule("7.1")
def test_7_1_fortifies_a_city_when_a_much_larger_army_engages():
    game = _engage_plataea(strong=True)
    assert HeuristicBot(1).choose(game, "athens")["type"] == "fortify"


@pytest.mark.rule("7.1")
def test_7_1_fights_in_the_open_against_a_small_raid():
    game = _engage_plataea(strong=False)
    assert HeuristicBot(1).choose(game, "athens")["type"] == "fortify_done"


@pytest.mark.rule("1.4")
def test_1_4_takes_an_undefended_opposing_city():
    game = action_phase("athens")
    clear(game, "megaris", "sparta")
    game.state.garrisons.pop(game.state.ix.place("megaris"), None)
    settle_board(game)
    bot = HeuristicBot(2)
    while game.prompt.side == "athens" and game.prompt.kind in ("actions", "group_move"):
        game.apply(bot.choose(game, "athens"))
    st = game.state
    assert st.city_control[st.ix.place("megaris")] == 0


def _battle_stub(mine: list[tuple[str, int]], theirs: list[tuple[str, int]], kind="land"):
    def f(key, side, role, rating, cv):
        return {"key": key, "side": side, "role": role, "rating": rating, "cv": cv,
                "routed": False, "carried_by": None, "city": False}
    fighters = [f(f"A{i + 1}", "athens", "defender", r, cv) for i, (r, cv) in enumerate(mine)]
    fighters += [f(f"S{i + 1}", "sparta", "aggressor", r, cv)
                 for i, (r, cv) in enumerate(theirs)]
    battle = {"kind": kind, "fighters": fighters,
              "prompt": {"whose": "athens", "kind": "retreat", "choices": ["fight", "retreat"]}}
    game = SimpleNamespace(state=SimpleNamespace(stack=[{"kind": "battle", "battle": battle}]))
    legal = [{"type": "battle_choice", "side": "athens", "choice": c}
             for c in ("fight", "retreat")]
    return game, SimpleNamespace(side="athens"), legal


@pytest.mark.rule("6.4")
def test_6_4_retreats_from_a_hopeless_battle_and_fights_a_good_one():
    game, pic, legal = _battle_stub([("C2", 1)], [("B2", 4), ("C2", 4), ("A1", 3)])
    assert fighting.battle_choice(game, pic, legal)["choice"] == "retreat"
    game, pic, legal = _battle_stub([("B2", 4), ("C2", 4), ("A1", 3)], [("C2", 1)])
    assert fighting.battle_choice(game, pic, legal)["choice"] == "fight"


@pytest.mark.rule("5.42")
def test_5_42_the_largest_newly_arrived_formation_joins_an_assault():
    forms = [{"units": (1,), "from": 3, "via": "join"}, {"units": (2, 4), "from": 5, "via": "join"}]
    game = SimpleNamespace(state=SimpleNamespace(stack=[{"kind": "battle", "forms": forms}]))
    legal = [{"type": "join", "side": "athens", "index": 0},
             {"type": "join", "side": "athens", "index": 1},
             {"type": "no_join", "side": "athens"}]
    got = HeuristicBot().on_battle(game, SimpleNamespace(side="athens"), legal)
    assert got == legal[1]


@pytest.mark.rule("14.22")
def test_14_22_offers_peace_only_when_it_usually_succeeds():
    for prestige, offer in ((12, True), (10, False)):
        game = new_game("431", 1)
        game.state.prestige = prestige
        game.state.stack.append({"kind": "peace_offer", "side": 0})
        assert HeuristicBot().choose(game, "athens")["offer"] is offer
