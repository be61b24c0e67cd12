"""Fit the search's evaluation weights (hellenes_nb/games/hellenes/bots/evaluation.py).

Plays heuristic self-play games, records the evaluation's facts at every season's card play
and the game's final result for Athens (1 win, 0.5 draw, 0 loss), and fits a logistic
regression (Newton's method, a small ridge penalty, an intercept for the side that the
scenario favours, which the search does not use). Prints the weights, the log loss and the
accuracy per scenario, on the positions fitted and on a held-out set of games:

    .venv/bin/python scripts/fit_evaluation.py --games 120 --seed 1
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from hellenes_nb.bots import deciding_sides
from hellenes_nb.core.game import new_game
from hellenes_nb.games.hellenes.bots.evaluation import FEATURES, features
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot

SCENARIOS = ("431", "sicily", "413", "415")


def positions(scenario: str, seed: int) -> tuple[list[list[float]], float]:
    """The facts at every card play of one heuristic self-play game, and Athens' result."""
    game = new_game(scenario, seed)
    bots = {"athens": HeuristicBot(seed), "sparta": HeuristicBot(seed + 1)}
    rows = []
    while not game.over:
        if game.state.stack[-1]["kind"] == "card_play" and not any(game.state.played):
            f = features(game.state)
            rows.append([f[k] for k in FEATURES])
        for side in deciding_sides(game):
            game.apply(bots[side].choose(game, side))
    winner = game.result["winner"]
    return rows, 1.0 if winner == "athens" else 0.5 if winner is None else 0.0


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1.0) -> np.ndarray:
    """Logistic regression weights (intercept first) by Newton's method."""
    xb = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(xb.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-xb @ w))
        grad = xb.T @ (p - y) + ridge * np.r_[0, w[1:]]
        hess = (xb * (p * (1 - p))[:, None]).T @ xb + ridge * np.diag(np.r_[0, np.ones(len(w) - 1)])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def report(name: str, w: np.ndarray, x: np.ndarray, y: np.ndarray) -> str:
    p = 1 / (1 + np.exp(-(w[0] + x @ w[1:])))
    p = np.clip(p, 1e-9, 1 - 1e-9)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    decided = y != 0.5
    acc = float(np.mean((p[decided] > 0.5) == (y[decided] > 0.5))) if decided.any() else math.nan
    return f"{name}: {len(y)} positions, log loss {loss:.3f}, accuracy {acc:.3f} (decided games)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=120, help="games per scenario to fit on")
    ap.add_argument("--held-out", type=int, default=40, help="games per scenario to test on")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    t0 = time.perf_counter()
    data: dict[str, dict[str, tuple[list, list]]] = {}
    for sc in SCENARIOS:
        for part, lo, n in (("fit", args.seed, args.games),
                            ("test", args.seed + 10_000, args.held_out)):
            xs, ys = [], []
            for seed in range(lo, lo + n):
                rows, y = positions(sc, seed)
                xs += rows
                ys += [y] * len(rows)
            data.setdefault(sc, {})[part] = (xs, ys)
    x = np.array([r for sc in SCENARIOS for r in data[sc]["fit"][0]])
    y = np.array([v for sc in SCENARIOS for v in data[sc]["fit"][1]])
    w = fit(x, y)
    print("weights:", {"intercept": round(float(w[0]), 4),
                       **{k: round(float(v), 4) for k, v in zip(FEATURES, w[1:], strict=True)}})
    for sc in SCENARIOS:
        for part in ("fit", "test"):
            xs, ys = data[sc][part]
            print(report(f"{sc} {part}", w, np.array(xs), np.array(ys)))
    print(f"{time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
