"""The searching opponent of *Amphipolis* (issue 29, the hard level): the generic search with
the game's sampler. It never reads the other side's strategems (the swap test), replays
exactly for a seed and a budget, compares the heuristic's best choices and is the dashboard's
hard level."""

from __future__ import annotations

from support.amphipolis_positions import start, until

from hellenes_nb.bots.levels import level_bots, make_level
from hellenes_nb.bots.registry import make_bot
from hellenes_nb.games.amphipolis.bots.searching import WIDTH, SearchBotAmphipolis
from hellenes_nb.games.amphipolis.ruleset import AMPHIPOLIS

SIDES = ("athens", "sparta")


def at_a_choice(seed: int = 11):
    """A game at an action phase where the side to act has several choices."""
    game = until(start(seed), "action")
    assert len(game.legal_actions(game.prompt.side)) > 2
    return game


def bot(seed: int = 3) -> SearchBotAmphipolis:
    return SearchBotAmphipolis(seed, iterations=16, seconds=None)


def swapped(game):
    """The same game with the other side's strategems exchanged for counters in the cup."""
    other = game.clone()
    st = other.state
    foe = 1 - SIDES.index(game.prompt.side)
    n = len(st.hands[foe])
    pool = sorted(st.hands[foe] + st.cup, reverse=True)
    st.hands[foe], st.cup = pool[:n], pool[n:]
    assert n and st.hands[foe] != game.state.hands[foe]
    return other


def test_the_hard_level_is_the_search():
    assert level_bots(AMPHIPOLIS)["hard"] == "search"
    assert isinstance(make_level("hard", 1, AMPHIPOLIS, seconds=None, iterations=8),
                      SearchBotAmphipolis)
    assert isinstance(make_bot("search", 1, AMPHIPOLIS), SearchBotAmphipolis)


def test_the_search_choice_is_the_same_when_the_hidden_strategems_are_swapped():
    # at this decision a search that read the real hand would estimate otherwise (seen with
    # a belief that cloned the real position: Athens' first mean 0.2474 against 0.2522)
    game = at_a_choice(6)
    side = game.prompt.side
    a, b = bot(), bot()
    first = a.choose(game, side)
    second = b.choose(swapped(game), side)
    assert first == second
    assert a.last.means == b.last.means  # the very same estimates: nothing hidden was read


def test_the_search_replays_exactly_for_a_seed_and_a_budget():
    game = at_a_choice(5)
    side = game.prompt.side
    a, b = bot(7), bot(7)
    assert a.choose(game, side) == b.choose(game, side)
    assert a.last.rollouts == b.last.rollouts and a.last.means == b.last.means
    assert 1 < a.last.candidates <= WIDTH and a.last.rollouts <= 16
    assert game.legal_actions(side)  # the real game was not played on


def test_the_pieces_of_an_operation_are_picked_by_rule_without_a_search():
    game = at_a_choice()
    side = game.prompt.side
    op = next(a for a in game.legal_actions(side) if a["type"] == "operation")
    game.apply(op)
    searcher = bot()
    action = searcher.choose(game, side)
    assert action["type"] in ("pick", "pick_leader", "go")
    assert searcher.last.rollouts == 0
