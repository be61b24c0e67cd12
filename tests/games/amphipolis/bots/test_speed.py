"""The heuristic's budget of positions a decision (docs/bots.md, "Amphipolis: speed"): a count
of positions looked at, not a clock, so a seeded bot replays exactly; where it does not bind the
bot chooses as without it; its look ahead's fast path reaches the positions ``Game.apply``
reaches."""

from __future__ import annotations

import pytest
from support.amphipolis_positions import cleon_lands, start, until

from hellenes_nb.games.amphipolis.bots import heuristic
from hellenes_nb.games.amphipolis.bots.heuristic import BUDGET, HeuristicBot


def _first_action():
    """Scenario 10.2, the first player's first choice of an action."""
    return until(start(seed=3), "action")


def test_the_budget_caps_the_positions_a_decision_looks_at():
    # unbounded, the choice on the main map looks at some 570 positions; a budget of 300
    # cuts its looks short (one guess instead of two, each look stopped at its share) and
    # stays within it
    game = cleon_lands()
    free = HeuristicBot(0, budget=None)
    free.choose(game, "athens")
    assert free.looked > 500 and not free.cut
    bot = HeuristicBot(0, budget=300)
    action = bot.choose(game, "athens")
    assert bot.cut and bot.looked <= 300
    assert action in game.legal_actions("athens")


@pytest.mark.parametrize(("make", "budget"), [(cleon_lands, BUDGET), (_first_action, 3000)])
def test_where_the_budget_does_not_bind_the_choice_is_the_same(make, budget):
    game = make()
    side = game.prompt.side
    s = ("athens", "sparta").index(side)
    bot, free = HeuristicBot(5, budget=budget), HeuristicBot(5, budget=None)
    assert bot.rank(game, s, game.legal_actions(side)) == \
        free.rank(game, s, game.legal_actions(side))
    assert not bot.cut and bot.looked == free.looked <= budget


def test_a_budgeted_bot_replays_exactly_for_its_seed():
    game = cleon_lands()
    choices = set()
    for _ in range(2):
        bot = HeuristicBot(3, budget=200)
        ranked = bot.rank(game, 0, game.legal_actions("athens"))
        choices.add((repr(ranked), bot.looked))
    assert len(choices) == 1


def _slots(state) -> list[str]:
    return [k for cls in type(state).__mro__ for k in getattr(cls, "__slots__", ())]


def test_the_look_aheads_fast_path_reaches_the_positions_of_game_apply(monkeypatch):
    # every action of a look ahead also played through Game.apply on a copy: the same
    # position, field by field
    fast, played = heuristic.play, []

    def checked(game, action):
        full = game.clone()
        full.apply(action)
        fast(game, action)
        diff = [k for k in _slots(game.state) if getattr(game.state, k) != getattr(full.state, k)]
        assert not diff, (action, diff)
        played.append(action["type"])

    monkeypatch.setattr(heuristic, "play", checked)
    for make in (cleon_lands, _first_action):
        game = make()
        HeuristicBot(1).choose(game, game.prompt.side)
    assert len(played) > 200 and {"pick_leader", "march", "done"} <= set(played)


@pytest.mark.parametrize("budget", [0, -5, 2.5, "many", True])
def test_a_bad_budget_is_refused_in_words(budget):
    with pytest.raises(ValueError, match="budget is a number of positions"):
        HeuristicBot(0, budget=budget)
