"""The services around the rules work for any ruleset, not only Hellenes (issue 16): the random
bot and ``deciding_sides`` take the game's own roles, the registry knows which bots play which
game, and a game without services gets neutral ones. The toy game of tests/support/toygame.py
(never registered here) stands in for a second game."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from support.toygame import Toy

from hellenes_nb.bots import BotError, RandomBot, bots_for, deciding_sides, make_bot
from hellenes_nb.bots.search import SearchBot, SearchModel
from hellenes_nb.core.catalog import NO_FACTS, plugin_for
from hellenes_nb.core.game import Game, new_game
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot
from hellenes_nb.selfplay import pick

TOY = Toy()


def toy_game(seed: int = 0) -> Game:
    """A new toy game on the core's generic Game (not through the registry)."""
    return Game(TOY, TOY.setup("toy-pile", seed), seed)


def test_the_random_bot_plays_another_game_with_its_roles():
    game = toy_game()
    bot = RandomBot(seed=3)
    turns = 0
    while not game.over:
        (side,) = deciding_sides(game)
        assert side == ("first", "second")[turns % 2]
        game.apply(bot.choose(game, side))
        turns += 1
    assert game.result["winner"] in ("first", "second") and turns >= 2


def test_a_bot_names_the_games_roles_when_a_side_is_wrong():
    with pytest.raises(BotError, match="'first' or 'second', not 'athens'"):
        RandomBot().choose(toy_game(), "athens")


def test_the_heuristic_bot_plays_only_hellenes():
    assert bots_for(TOY) == {"random": RandomBot, "search": SearchBot}
    assert set(bots_for(new_game("431").ruleset)) == {"random", "easy", "heuristic", "search",
                                                      "plan"}
    with pytest.raises(BotError, match="the heuristic bot plays hellenes, not toy"):
        HeuristicBot().choose(toy_game(), "first")
    with pytest.raises(BotError, match="the heuristic bot does not play toy"):
        make_bot("heuristic", 1, TOY)
    assert isinstance(make_bot("random", 1, TOY), RandomBot)


def test_the_generic_search_plays_another_game_legally_and_replays_for_a_seed():
    """The search is generic over the Ruleset: on the toy game (no hidden information) it
    samples the position itself with new dice and plays random rollouts to the end."""
    runs = []
    for _ in range(2):
        game = toy_game(4)
        bot = SearchBot(seed=2, iterations=12, seconds=None)
        chosen = []
        while not game.over:
            (side,) = deciding_sides(game)
            action = bot.choose(game, side)
            assert action in game.legal_actions(side)
            chosen.append(action)
            game.apply(action)
        runs.append(chosen)
    assert runs[0] == runs[1] and runs[0]


def test_a_game_without_services_gets_neutral_ones():
    services = plugin_for(TOY)  # not registered: a record with nothing but the ruleset
    assert services.ruleset is TOY and not services.bots and services.selfplay_facts is NO_FACTS
    assert services.check_invariants is None and services.selfplay_facts(None) == {}
    legal = toy_game().legal_actions()
    # no phase endings: brisk picks like uniform
    assert pick(random.Random(5), legal, "brisk", services.phase_ends) == \
        pick(random.Random(5), legal, "uniform")


def test_a_games_bot_module_imports_first_without_a_cycle():
    """hellenes_nb.bots used to import the heuristic bot while loading, and the heuristic bot
    imports hellenes_nb.bots.base: importing it first failed with a circular ImportError."""
    run = subprocess.run([sys.executable, "-c", "import hellenes_nb.games.hellenes.bots.heuristic"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr


class _Fixed(SearchModel):
    """A search model whose rollouts score each candidate by a fixed table (the default 0.50,
    the other 0.52), with a margin chosen per decision."""

    def __init__(self, margin: float):
        self.margin_now = margin
        self.tried: dict | None = None

    def margin_for(self, game, side):
        return self.margin_now

    def candidates(self, game, side, legal):
        return legal[:2]

    def begin(self, game, side, candidate, policy):
        self.tried = candidate

    def stop(self, root):
        return lambda state: True

    def value(self, ruleset, state, role):
        return 0.50 if self.tried == self.first else 0.52


@pytest.mark.parametrize(("margin", "expect"), [(0.0, 1), (0.01, 1), (0.03, 0)])
def test_another_candidate_must_beat_the_default_by_the_decisions_margin(margin, expect):
    """Sequential halving keeps the default unless another candidate scores more than the
    margin the model gives this decision (SearchModel.margin_for) above it."""
    game = toy_game(5)
    (side,) = deciding_sides(game)
    model = _Fixed(margin)
    model.first = game.legal_actions(side)[0]
    bot = SearchBot(seed=1, iterations=8, seconds=None, model=model)
    assert bot.choose(game, side) == game.legal_actions(side)[expect]
    assert bot.margin == margin and bot.last.means[:2] == [0.5, 0.52]
