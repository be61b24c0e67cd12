"""Benchmark the search bot (hellenes_nb.bots.search, issue 19): search iterations (rollouts) per
second, with the rollout speed work against the full engine, measured in the same run.

Positions: 431 games played by two heuristic bots for a few seasons, then the next decisions
where the search compares several candidates. At each, the search runs a fixed number of
iterations (no time limit) three ways:

- ``full engine``: the version before the speed work. Every rollout action goes through
  ``Game.apply`` (shape and legality checked, listing again, undo copy, history) and the
  rollout policy reads the redacted view (``Picture(game, side)``);
- ``fast``: the rollouts as the search plays them (:func:`hellenes_nb.bots.playout.apply_listed`,
  ``Picture.of_state``);
- ``check``: the fast path, each action also played through ``Game.apply`` on a copy and the
  two states compared (:class:`~hellenes_nb.bots.playout.PlayoutMismatch` on a difference).

All three must choose the same action with the same mean scores: the bench stops otherwise.

``--horizons 20,60`` (issue 31) also runs the fast path with rollouts cut short after that many
actions and scored by the learned evaluation, beside the fast path's season-long rollouts in
the same run: iterations a second, the ratio, and at how many positions the cut search chose as
the model's own rollouts did (Hellenes: to the season's end; 300: Earth & Water, ``--game
earth-water``: 40 actions or the campaign's end). ``--cut-only`` skips the full engine and
check mode.

``--hand-set`` (issue 31) runs the fast path a second time on the same positions with the
fitted weights taken away, so the search scores with the game's hand-set worth as it did
before its evaluation was learned: iterations a second of both and at how many positions they
chose alike (any game; *Amphipolis*, ``--game amphipolis``, plays positions of scenario
``--scenario``, 10.1 by default).
Usage: ``.venv/bin/python scripts/bench_search.py [--positions 6] [--iterations 32]
[--horizons 20,60] [--cut-only] [--game hellenes|earth-water|amphipolis] [--hand-set]``.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import time
from collections.abc import Iterator
from typing import Any

from hellenes_nb.bots import deciding_sides
from hellenes_nb.bots.playout import deciders
from hellenes_nb.core.dice import Dice
from hellenes_nb.core.game import Game, new_game
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot
from hellenes_nb.games.hellenes.bots.picture import Picture
from hellenes_nb.games.hellenes.bots.searching import RolloutPolicy, SearchBotHellenes
from hellenes_nb.games.hellenes.index import SIDE_NAMES


class ViewPolicy(RolloutPolicy):
    """The rollout policy reading the redacted view of a full Game (before the speed work)."""

    def __call__(self, game: Game, role: int, legal: list[dict]) -> dict:
        side = SIDE_NAMES[role]
        return self.bots[role].decide(game, side, legal, Picture(game, side))


class FullEngineBot(SearchBotHellenes):
    """The search with every rollout played through ``Game.apply`` and the view."""

    def _rollout(self, game: Game, side: str, ruleset: Any, sample: Any, action: dict,
                 seed: int, role: int, stop: Any) -> float:
        model = self.model
        st = sample.clone()
        st.dice = Dice(seed)
        full = Game(ruleset, st, 0)
        policy = ViewPolicy(ruleset, random.Random(seed))
        model.begin(game, side, action, policy)
        full.apply(action)
        played = 0
        while played < model.limit and not stop(full.state):
            who = deciders(ruleset, full.state)
            if not who:
                break
            mover = SIDE_NAMES[who[0]]
            full.apply(policy(full, who[0], full.legal_actions(mover)))
            played += 1
        return model.value(ruleset, full.state, role)


def positions(count: int) -> list[tuple[Game, str]]:
    """``count`` decisions of 431 games where the search compares several candidates."""
    def opening(game: Game, seed: int) -> Any:
        bots = {s: HeuristicBot(seed) for s in SIDE_NAMES}
        for _ in range(40 + 25 * (seed % 4)):
            for side in deciding_sides(game):
                game.apply(bots[side].choose(game, side))
        return lambda g, side: bots[side].choose(g, side)

    return _searched_positions(count, "431", SearchBotHellenes(0, iterations=1, seconds=None),
                               opening)


def _searched_positions(count: int, scenario: str, probe: Any, opening: Any
                        ) -> list[tuple[Game, str]]:
    """``count`` decisions where ``probe``'s model compares several candidates, from games of
    ``scenario`` with seeds 1, 2, ...: ``opening(game, seed)`` plays each game's start and
    gives the choice that plays it on to such a decision."""
    out: list[tuple[Game, str]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        game = new_game(scenario, seed)
        _next_searched(game, probe, opening(game, seed), out)
    return out


def _next_searched(game: Game, probe: Any, choose: Any, out: list) -> None:
    """Play ``game`` on with ``choose`` to the next decision where ``probe``'s model compares
    several candidates, and add it to ``out`` (nothing when the game ends first)."""
    while not game.over:
        side = deciding_sides(game)[0]
        legal = game.legal_actions(side)
        if len(probe.model.candidates(game, side, legal)) > 1:
            out.append((game, side))
            return
        game.apply(choose(game, side))


def _one_bot_opening(bot_class: Any, first: int, step: int) -> Any:
    """An opening for :func:`_searched_positions`: one heuristic bot of ``bot_class`` plays
    both sides for ``first + step * (seed % 5)`` decisions, then plays the game on."""
    def opening(game: Game, seed: int) -> Any:
        bot = bot_class(seed)
        for _ in range(first + step * (seed % 5)):
            if game.over:
                break
            game.apply(bot.choose(game, deciding_sides(game)[0]))
        return bot.choose
    return opening


def positions_ew(count: int) -> list[tuple[Game, str]]:
    """``count`` decisions of 300: Earth & Water games where the search compares several
    candidates (``--game earth-water``)."""
    from hellenes_nb.games.earth_water.bots.heuristic import HeuristicBot as EWHeuristic
    from hellenes_nb.games.earth_water.bots.searching import SearchBotEarthWater

    return _searched_positions(count, "earth-water",
                               SearchBotEarthWater(0, iterations=1, seconds=None),
                               _one_bot_opening(EWHeuristic, 10, 7))


def positions_amphipolis(count: int, scenario: str) -> list[tuple[Game, str]]:
    """``count`` decisions of *Amphipolis* games of ``scenario`` where the search compares
    several candidates (``--game amphipolis``)."""
    from hellenes_nb.games.amphipolis.bots.heuristic import HeuristicBot as AmHeuristic
    from hellenes_nb.games.amphipolis.bots.searching import SearchBotAmphipolis

    return _searched_positions(count, f"amphipolis-{scenario}",
                               SearchBotAmphipolis(0, iterations=1, seconds=None),
                               _one_bot_opening(AmHeuristic, 10, 9))


@contextlib.contextmanager
def without_fitted_weights() -> Iterator[None]:
    """The learned evaluations' weights taken away: the search scores as before them."""
    from hellenes_nb.games.amphipolis.bots import evaluation as am
    from hellenes_nb.games.earth_water.bots import evaluation as ew
    from hellenes_nb.games.hellenes.bots import evaluation as he
    modules = (am, ew, he)
    saved = [m.fitted for m in modules]
    for m in modules:
        m.fitted = lambda *a, **k: None
    try:
        yield
    finally:
        for m, f in zip(modules, saved, strict=True):
            m.fitted = f


def _search_class(game: Game, kind: str) -> Any:
    if game.ruleset.name == "amphipolis":
        from hellenes_nb.games.amphipolis.bots.searching import SearchBotAmphipolis
        return SearchBotAmphipolis
    if game.ruleset.name != "hellenes":
        from hellenes_nb.games.earth_water.bots.searching import SearchBotEarthWater
        return SearchBotEarthWater
    return FullEngineBot if kind == "full engine" else SearchBotHellenes


def run(kind: str, places: list[tuple[Game, str]], iterations: int,
        horizon: int | None = None) -> tuple[float, list]:
    """Iterations per second of one way over all positions, and what it chose at each
    (``horizon``: rollouts cut after that many actions)."""
    rollouts, seconds, found = 0, 0.0, []
    for i, (game, side) in enumerate(places):
        bot = _search_class(game, kind)(i, iterations=iterations, seconds=None)
        bot.check = kind == "check"
        if horizon is not None:
            bot.model.limit = horizon
        t = time.perf_counter()
        action = bot.choose(game, side)
        seconds += time.perf_counter() - t
        rollouts += bot.last.rollouts
        found.append((action, bot.last.means))
    return rollouts / seconds, found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--iterations", type=int, default=32)
    ap.add_argument("--horizons", default="", help="cut rollouts after these many actions")
    ap.add_argument("--cut-only", action="store_true", help="skip full engine and check")
    ap.add_argument("--game", default="hellenes",
                    choices=("hellenes", "earth-water", "amphipolis"),
                    help="another game's search, --cut-only implied")
    ap.add_argument("--scenario", default="10.1", help="the Amphipolis scenario")
    ap.add_argument("--hand-set", action="store_true",
                    help="also the search without its fitted weights, on the same positions")
    args = ap.parse_args()
    if args.game == "earth-water":
        args.cut_only = True
        places = positions_ew(args.positions)
    elif args.game == "amphipolis":
        args.cut_only = True
        places = positions_amphipolis(args.positions, args.scenario)
    else:
        places = positions(args.positions)
    rate = {}
    found = {}
    for kind in ("fast",) if args.cut_only else ("full engine", "fast", "check"):
        rate[kind], found[kind] = run(kind, places, args.iterations)
        print(f"{kind:12s} {rate[kind]:7.1f} search iterations (rollouts) per second")
    for k in [int(x) for x in args.horizons.split(",") if x]:
        r, f = run("fast", places, args.iterations, k)
        same = sum(a[0] == b[0] for a, b in zip(f, found["fast"], strict=True))
        print(f"cut at {k:4d} {r:7.1f} search iterations per second, {r / rate['fast']:.2f} x "
              f"the model's own rollouts; same choice at {same}/{len(places)} positions")
    if args.hand_set:
        with without_fitted_weights():
            r, f = run("fast", places, args.iterations)
        same = sum(a[0] == b[0] for a, b in zip(f, found["fast"], strict=True))
        print(f"hand-set     {r:7.1f} search iterations per second; the learned evaluation "
              f"{rate['fast'] / r:.2f} x that, the same choice at {same}/{len(places)} positions")
    if args.cut_only:
        return
    if not found["full engine"] == found["fast"] == found["check"]:
        raise SystemExit("the three ways chose differently: the fast path is wrong")
    print(f"same choices and scores in all three ways at {len(places)} positions, "
          f"{args.iterations} iterations each")
    print(f"speed work: {rate['fast'] / rate['full engine']:.2f} x the full engine")


if __name__ == "__main__":
    main()
