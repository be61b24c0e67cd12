"""Head-to-head matches between bots, sides alternated every game (``hellenes match``).

Works for any registered game with two roles. Game ``i`` of a match uses dice seed
``seed + i``; bot A plays the first role (Hellenes: Athens) in even games and the second
(Sparta) in odd ones, so both bots see the same seeds from both sides. Each bot gets its own
seed per game. The result is counted from bot A's side: wins, draws (Hellenes §14.24: a lead of
0–4 at the end), losses, and games stopped by the decision limit or by an engine error (both
reported separately, never as draws; a crash keeps the seed and the message for a replay). The
win rate comes with a Wilson 95 % score interval (../shared/reference/performance.md).
"""

from __future__ import annotations

import math
import time
from typing import Any

from hellenes_nb.batch import play_all, scenario_ruleset, worker_count
from hellenes_nb.bots.base import deciding_sides
from hellenes_nb.bots.registry import make_bot
from hellenes_nb.bots.search import MAX_ITERATIONS, MAX_SECONDS
from hellenes_nb.core.catalog import plugin_for
from hellenes_nb.core.echo import shown
from hellenes_nb.core.game import new_game

Z95 = 1.959964


def check_budget(budget: dict | None) -> None:
    """A match's thinking budget, checked before any game starts: ``iterations`` a whole
    number from 1 to :data:`MAX_ITERATIONS`, ``seconds`` None (no time limit: the iterations
    alone bound a decision, and the match replays exactly) or a number above 0 and at most
    :data:`MAX_SECONDS`; ValueError in plain words otherwise."""
    budget = budget or {}
    unknown = sorted(set(budget) - {"iterations", "seconds"})
    if unknown:
        raise ValueError(f"a thinking budget has 'iterations' and 'seconds', not "
                         f"{', '.join(shown(k, 40) for k in unknown)}")
    n = budget.get("iterations", 1)
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_ITERATIONS:
        raise ValueError(f"iterations is a number of rollouts a decision from 1 to "
                         f"{MAX_ITERATIONS:,}, not {shown(n)}")
    t = budget.get("seconds")
    if t is not None and (not isinstance(t, int | float) or isinstance(t, bool)
                          or not 0 < t <= MAX_SECONDS):  # NaN fails both comparisons
        raise ValueError(f"seconds is a thinking time a decision above 0 and at most "
                         f"{MAX_SECONDS:g} (or None for no time limit), not {shown(t)}")


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``wins / n`` (0, 1 when n is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(sorted_values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of already sorted values; 0 when there are none."""
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, math.ceil(q * len(sorted_values)) - 1)]


def play_game(a: str, b: str, scenario: str, seed: int, a_side: str,
              max_decisions: int = 20000, budget: dict | None = None) -> dict[str, Any]:
    """One game of bot ``a`` (playing ``a_side``) against bot ``b``; a JSON-ready summary.
    ``budget`` (``iterations``, ``seconds``) goes to the bots that think (the search)."""
    game = new_game(scenario, seed)
    ruleset = game.ruleset
    roles = ruleset.roles
    b_side = roles[1 - roles.index(a_side)]
    bots = {a_side: make_bot(a, seed * 2 + 1, ruleset, budget),
            b_side: make_bot(b, seed * 2 + 2, ruleset, budget)}
    a_ms: list[float] = []
    seconds = {a_side: 0.0, b_side: 0.0}
    counts = {a_side: 0, b_side: 0}
    decisions = 0
    t0 = time.perf_counter()
    error = ""
    try:
        while not game.over and decisions < max_decisions:
            sides = deciding_sides(game)
            if not sides:
                raise RuntimeError(f"dead end: nobody can act at '{game.prompt.text}'")
            for side in sides:
                t = time.perf_counter()
                action = bots[side].choose(game, side)
                took = time.perf_counter() - t
                seconds[side] += took
                if side == a_side:
                    a_ms.append(round(1000 * took, 2))
                counts[side] += 1
                game.apply(action)
                decisions += 1
    except Exception as exc:  # noqa: BLE001 - a match reports a crashed game and goes on
        error = f"{type(exc).__name__}: {exc}"
    res = ruleset.result(game.state)
    out: dict[str, Any] = {"seed": seed, "a_side": a_side, "decisions": decisions,
                           **plugin_for(ruleset).match_facts(game.state),
                           "seconds": round(time.perf_counter() - t0, 3),
                           "a_ms_per_decision": round(1000 * seconds[a_side]
                                                      / max(counts[a_side], 1), 3),
                           "b_ms_per_decision": round(1000 * seconds[b_side]
                                                      / max(counts[b_side], 1), 3),
                           "a_ms": a_ms}
    if error:
        out.update(result="crash", how="crash", error=error, history=len(game.history))
    elif res is None:
        out.update(result="unfinished", how="decision_limit")
    else:
        winner = res["winner"]
        out["how"] = res["how"]
        out["result"] = "draw" if winner is None else "win" if winner == a_side else "loss"
    return out


def _job(args: tuple) -> dict[str, Any]:
    return play_game(*args)


def run_match(a: str, b: str, games: int, seed: int = 1, scenario: str = "431",
              workers: int = 1, max_decisions: int = 20000,
              progress: bool = False, budget: dict | None = None,
              cluster: Any = None) -> dict[str, Any]:
    """Play ``games`` games, sides alternated; a JSON-ready summary from bot ``a``'s side.
    ``workers`` is lowered to the games and the cores; ``progress`` shows a progress bar on
    standard error (when it is a terminal); ``budget`` is the thinking budget of bots that
    think (``iterations``, ``seconds``: :func:`~hellenes_nb.bots.registry.make_bot`);
    ``cluster`` (a Dask scheduler's address) plays the games there, with the same results."""
    if games < 1:
        raise ValueError(f"a match needs at least one game, not {games}")
    check_budget(budget)
    for name in (a, b):
        make_bot(name)
    ruleset = scenario_ruleset(scenario)
    for name in (a, b):
        make_bot(name, ruleset=ruleset, budget=budget)
    roles = ruleset.roles
    workers = worker_count(workers, games)
    jobs = [(a, b, scenario, seed + i, roles[i % 2], max_decisions, budget)
            for i in range(games)]
    t0 = time.perf_counter()
    results = play_all(_job, jobs, workers=workers, desc=f"{a} v {b}", progress=progress,
                       cluster=cluster)
    seconds = time.perf_counter() - t0
    return summarize(a, b, scenario, seed, results, seconds, workers, roles)


def summarize(a: str, b: str, scenario: str, seed: int, results: list[dict],
              seconds: float, workers: int = 1,
              roles: tuple[str, ...] = ("athens", "sparta")) -> dict[str, Any]:
    """Counts, win rate with its Wilson interval, per role of bot A (``as_<role>``) and
    overall; ``score_rate`` also counts a draw as half a win (the chess score, for scenarios
    that end mostly in draws)."""
    def block(rs: list[dict]) -> dict[str, Any]:
        n = len(rs)
        wins = sum(r["result"] == "win" for r in rs)
        draws = sum(r["result"] == "draw" for r in rs)
        lo, hi = wilson(wins, n)
        return {"games": n, "wins": wins, "draws": draws,
                "losses": sum(r["result"] == "loss" for r in rs),
                "unfinished": sum(r["result"] == "unfinished" for r in rs),
                "crashes": sum(r["result"] == "crash" for r in rs),
                "win_rate": round(wins / n, 4) if n else 0.0,
                "score_rate": round((wins + draws / 2) / n, 4) if n else 0.0,
                "wilson95": [round(lo, 4), round(hi, 4)]}

    decisions = [r["decisions"] for r in results]
    hows: dict[str, int] = {}
    for r in results:
        hows[r["how"]] = hows.get(r["how"], 0) + 1
    a_ms = sorted(r["a_ms_per_decision"] for r in results)
    each = sorted(ms for r in results for ms in r.pop("a_ms", []))
    return {
        "a": a, "b": b, "scenario": scenario, "seed": seed, "workers": workers,
        "result_type": "full games (to the end of the scenario or an earlier victory)",
        **block(results),
        **{f"as_{role}": block([r for r in results if r["a_side"] == role]) for role in roles},
        "how": dict(sorted(hows.items())),
        "decisions_per_game": round(sum(decisions) / len(decisions), 1),
        "a_ms_per_decision_median_game": a_ms[len(a_ms) // 2],
        "a_ms_per_decision_median": percentile(each, 0.5),
        "a_ms_per_decision_p95": percentile(each, 0.95),
        "a_ms_per_decision_max": each[-1] if each else 0.0,
        "seconds": round(seconds, 1),
        "results": results,
    }
