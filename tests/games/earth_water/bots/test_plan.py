"""The plan search of *300: Earth & Water* (games/earth_water/bots/planning.py, aims.py;
docs/bots.md "The plan search"): a plan for the campaign chosen from what the side may know,
replayed for a seed and a budget, played out to the campaign's scoring, and the aim it adopts
steering the heuristic's muster and moves."""

from __future__ import annotations

import random

import pytest
from support.earth_water_positions import (
    ew_game,
    hiding_twin,
    play,
    play_legally,
    randomly_played,
)

from hellenes_nb import new_game
from hellenes_nb.bots.playout import playout
from hellenes_nb.bots.registry import bots_for, make_bot
from hellenes_nb.games.earth_water.bots.aims import NO_AIM, SPREAD, TARGETS, candidate_aims
from hellenes_nb.games.earth_water.bots.heuristic import HeuristicBot
from hellenes_nb.games.earth_water.bots.planning import PlanBotEarthWater
from hellenes_nb.games.earth_water.bots.searching import QUICK, QuickPolicy
from hellenes_nb.games.earth_water.index import CITY, MAJOR

#: Persia raising armies with two talents left (§5.1): it holds Thebai beside Athenai
RAISING = [{"kind": "campaign", "phase": "greek_prep", "skipped": False},
           {"kind": "prepare", "side": 1, "talents": 2, "stage": "raise", "fleets": 0,
            "extra": False}]


def _plan_bot(seed: int = 3, iterations: int = 24) -> PlanBotEarthWater:
    return make_bot("plan", seed, new_game("earth-water", 1).ruleset,
                    {"iterations": iterations, "seconds": None})


def _at_decision(seed: int, steps: int):
    """A random game after ``steps`` actions, played on at random to a decision with a choice
    while the other side holds cards (what the planning side must not read)."""
    game = randomly_played(seed, steps)
    rng = random.Random(seed)
    for _ in range(200):
        if game.over:
            break
        side = game.prompt.side
        legal = game.legal_actions(side)
        if len(legal) > 1 and game.state.hands[1 - game.roles.index(side)]:
            return game, side
        game.apply(rng.choice(legal))
    pytest.skip("the random game ended early")


def test_the_plan_bot_is_registered_for_the_game():
    ruleset = new_game("earth-water", 1).ruleset
    assert bots_for(ruleset)["plan"] is PlanBotEarthWater
    assert _plan_bot().thinks


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 6, 7, 8, 9])
def test_plan_choice_does_not_depend_on_hidden_cards(seed):
    """Two games the planning side cannot tell apart (the other hand swapped with draw-pile
    cards, the pile reordered, other dice to come) give the same candidate plans, the same
    mean scores, the same plan and the same action."""
    game, side = _at_decision(seed, 8 + 9 * seed)
    twin = hiding_twin(game, game.roles.index(side))
    assert twin.state.hands != game.state.hands or twin.state.deck != game.state.deck
    a, b = _plan_bot(), _plan_bot()
    assert a.choose(game, side) == b.choose(twin, side)
    assert a.last_plan.candidates > 1 and a.last_plan.rollouts > 0
    assert a.last_plan.means == b.last_plan.means and a.plan == b.plan


def test_plan_bot_replays_for_a_seed_and_budget():
    def run():
        game = randomly_played(7, 12)
        bot = _plan_bot(5)
        chosen, plans = [], []
        for _ in range(30):
            if game.over:
                break
            side = game.prompt.side
            chosen.append(bot.choose(game, side))
            plans.append((bot.plan, tuple(bot.last_plan.means)))
            game.apply(chosen[-1])
        return chosen, plans

    first = run()
    assert first == run() and first[0]


def test_plan_bot_plays_legal_actions_to_the_end_of_a_game():
    game = new_game("earth-water", 21)
    bots = {"persia": _plan_bot(21, 8), "greece": make_bot("heuristic", 22, game.ruleset)}
    play_legally(game, bots, 600)
    assert game.over
    assert bots["persia"].model.adopted  # it chose plans on the way


@pytest.mark.rule("9.0")
def test_9_a_plans_rollouts_play_through_the_campaigns_scoring():
    """A plan is judged where the scenario's terms judge it: its rollouts from Persia's first
    decision of a campaign reach the campaign's scoring (§9) or the end of the game, not a
    cut part way through the operations."""
    game = new_game("earth-water", 4)
    bot = _plan_bot()
    model, ruleset = bot.model, game.ruleset
    root = game.state
    for i in range(6):
        st = model.belief(game, "persia").sample(random.Random(i))
        policy = model.policy(ruleset, random.Random(i))
        model.begin_plan(game, "persia", (CITY["athenai"], "land"), policy)
        playout(ruleset, st, policy, model.plan_stop(root), model.limit)
        assert st.campaign != root.campaign or ruleset.result(st) is not None


def test_candidate_aims_start_with_no_aim_and_leave_out_cities_held():
    game = new_game("earth-water", 1)
    aims = candidate_aims(game.state, 1)
    assert aims[0] == NO_AIM and len(aims) == TARGETS + 3 and aims[-1] == (SPREAD, "")
    targets = {t for t, _lean in aims[1:-1]}
    assert CITY["abydos"] not in targets and CITY["ephesos"] not in targets
    assert CITY["athenai"] in targets  # the march on Athens is among Persia's plans
    assert any(MAJOR[t] < 0 for t in targets)  # and a plan to take a minor city's points
    assert {lean for _t, lean in aims[1:-1]} == {"land", "sea"}


@pytest.mark.rule("5.1")
def test_5_1_an_aim_on_athens_musters_beside_it():
    """Persia holds Thebai, a road from Athenai, and raises armies (§5.1). Without an aim the
    heuristic raises at home, where the army is fed; with the march on Athens as its aim it
    raises in Thebai."""
    game = ew_game(ga={"athenai": 2, "sparta": 2}, pa={"abydos": 2, "ephesos": 2, "thebai": 1},
                   pf={"ephesos": 1}, gf={"athenai": 1}, stack=RAISING)
    legal = game.legal_actions("persia")
    plain = HeuristicBot(1).rank(game, 1, legal)[0]
    aimed_bot = HeuristicBot(1)
    aimed_bot.aims[1] = (CITY["athenai"], "land")
    aimed = aimed_bot.rank(game, 1, legal)[0]
    assert plain["type"] == "raise_army" and plain["city"] != "thebai"
    assert aimed == {**plain, "city": "thebai", "label": aimed["label"]}


@pytest.mark.rule("6.5")
def test_6_5_an_aimed_rollout_weighs_the_sailing_on_its_target():
    """Athenai stands empty and Persia moves with a card: of its 83 moves the rollout policy
    weighs six at random, and with the march on Athens as its aim it also weighs every move to
    Athenai or beside it, so it sails armies there (§6.5) whatever the six drawn (without
    that, 5 of these 20 draws moved elsewhere)."""
    game = ew_game(ga={"sparta": 1}, pa={"ephesos": 4, "abydos": 2},
                   pf={"ephesos": 3, "abydos": 1}, persian=(2, 3), greek=(4,), turn=1)
    play(game, "persia", 2, "move")
    legal = game.legal_actions("persia")
    assert len(legal) > QUICK
    for seed in range(20):
        policy = QuickPolicy(game.ruleset, random.Random(seed))
        policy.aims[1] = (CITY["athenai"], "land")
        assert policy(game.state, 1, legal).get("to") in ("athenai", "thebai", "korinthos")
