"""Fit the search's evaluation (hellenes_nb/games/hellenes/bots/evaluation.py) from self-play.

1. Positions: seeded heuristic-v-heuristic games of every scenario; at every season's card
   play the evaluation's facts (``evaluation.features``, the scenario's victory terms
   included), the year, the season, and the game's final result for Athens (1 win, 0.5 draw,
   0 loss). Each scenario's games are a polars table kept as Parquet under ``.cache/selfplay/``
   (not in git), reused when the same seeds are asked again.
2. Fit: a logistic regression per family of scenarios (the ``family`` of
   ``data/hellenes/victory_terms.yaml``), Newton's method with a small ridge penalty and an
   intercept (the side the family favours between these bots).
3. Held out: games of other seeds (``seed + 10000`` on); their log loss, Brier score and
   accuracy (decided games) are printed beside the hand-set weights'.
4. ``--write`` stores the weights in ``data/hellenes/evaluation.json`` with the seeds, game
   counts, commit and this script's name; the search reads them from there.

    .venv/bin/python scripts/fit_evaluation.py --games 80 --held-out 40 --seed 1 --write
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import polars as pl

from hellenes_nb.bots import deciding_sides
from hellenes_nb.core.game import new_game
from hellenes_nb.games.hellenes.bots.evaluation import FEATURES, features, hand_weights
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot
from hellenes_nb.games.hellenes.bots.terms import WEIGHTS_FILE, terms_for
from hellenes_nb.games.hellenes.world.load import data_dir

SCENARIOS = ("431", "sicily", "413", "415")
ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / ".cache" / "selfplay"


def positions(scenario: str, seed: int) -> list[dict]:
    """One row per season's card play of a heuristic self-play game, with Athens' result."""
    game = new_game(scenario, seed)
    bots = {"athens": HeuristicBot(seed), "sparta": HeuristicBot(seed + 1)}
    terms = terms_for(scenario)
    rows = []
    while not game.over:
        st = game.state
        if st.stack[-1]["kind"] == "card_play" and not any(st.played):
            rows.append({"scenario": scenario, "family": terms.family, "seed": seed,
                         "year": st.year, "season": st.season, **features(st, terms)})
        for side in deciding_sides(game):
            game.apply(bots[side].choose(game, side))
    winner = game.result["winner"]
    y = 1.0 if winner == "athens" else 0.5 if winner is None else 0.0
    return [{**r, "result": y} for r in rows]


def cached_table(name: str, first: int, n: int,
                 rows: Callable[[int], list[dict]]) -> pl.DataFrame:
    """The rows of games ``first`` .. ``first + n - 1`` (``rows(seed)`` for one game), kept as
    Parquet under :data:`CACHE` by ``name`` and the seeds, and read from there when asked
    again; a line on standard error every ten games while they are played."""
    path = CACHE / f"{name}-{first}-{n}.parquet"
    if path.is_file():
        return pl.read_parquet(path)
    out: list[dict] = []
    for i, seed in enumerate(range(first, first + n), 1):
        out += rows(seed)
        if i % 10 == 0 or i == n:
            print(f"  {name}: {i}/{n} games", file=sys.stderr, flush=True)
    df = pl.DataFrame(out)
    CACHE.mkdir(parents=True, exist_ok=True)
    df.write_parquet(path)
    return df


def table(scenario: str, first: int, n: int) -> pl.DataFrame:
    """The positions of games ``first`` .. ``first + n - 1`` (cached as Parquet), with the
    family the terms file gives the scenario now."""
    df = cached_table(f"hellenes-{scenario}", first, n, lambda seed: positions(scenario, seed))
    return df.with_columns(pl.lit(terms_for(scenario).family).alias("family"))


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1.0,
        prior: np.ndarray | None = None) -> np.ndarray:
    """Logistic regression weights (intercept first) by Newton's method; ``y`` may be 0.5. The
    ridge penalty pulls each weight towards ``prior`` (one per column of ``x``; zeros by
    default); the intercept is not penalised."""
    xb = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(xb.shape[1])
    centre = np.r_[0, np.zeros(x.shape[1]) if prior is None else prior]
    pen = ridge * np.r_[0, np.ones(len(w) - 1)]
    for _ in range(50):
        p = 1 / (1 + np.exp(-np.clip(xb @ w, -30, 30)))
        grad = xb.T @ (p - y) + pen * (w - centre)
        hess = (xb * (p * (1 - p))[:, None]).T @ xb + np.diag(pen) + 1e-9 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


#: the ridge penalties cross-validation chooses from (``fit_family(..., folds=K)``)
RIDGES = (0.3, 1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1000.0, 3000.0)


def chosen_ridge(df: pl.DataFrame, features: tuple[str, ...], prior: np.ndarray | None,
                 folds: int) -> tuple[float, float]:
    """The ridge penalty of :data:`RIDGES` with the lowest log loss on games left out, and
    that log loss: the games (``seed``) split into ``folds`` parts, each fitted on the others
    and scored."""
    seeds = sorted(df["seed"].unique().to_list())
    parts = [set(seeds[i::folds]) for i in range(folds)]
    x, y = df.select(features).to_numpy(), df["result"].to_numpy()
    fold = df["seed"].to_numpy()
    loss = {}
    for ridge in RIDGES:
        total = 0.0
        for part in parts:
            out = np.isin(fold, list(part))
            w = fit(x[~out], y[~out], ridge, prior)
            total += scores(w[0] + x[out] @ w[1:], y[out])["log_loss"] * out.sum()
        loss[ridge] = total / len(y)
    best = min(loss, key=loss.get)
    return best, loss[best]


def scores(z: np.ndarray, y: np.ndarray) -> dict[str, float]:
    """Log loss, Brier score and accuracy (games with a winner) of win chances ``1/(1+e^-z)``."""
    p = np.clip(1 / (1 + np.exp(-np.clip(z, -30, 30))), 1e-9, 1 - 1e-9)
    decided = y != 0.5
    return {"positions": int(len(y)),
            "log_loss": float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))),
            "brier": float(np.mean((p - y) ** 2)),
            "accuracy": float(np.mean((p[decided] > 0.5) == (y[decided] > 0.5)))
            if decided.any() else float("nan")}


def hand_z(df: pl.DataFrame) -> np.ndarray:
    """The hand-set evaluation's ``z`` for every row (its scenario's last-year weight)."""
    out = np.zeros(len(df))
    for sc in df["scenario"].unique().to_list():
        w = hand_weights(terms_for(sc))
        mask = (df["scenario"] == sc).to_numpy()
        part = df.filter(pl.col("scenario") == sc)
        out[mask] = sum(w.get(k, 0.0) * part[k].to_numpy() for k in FEATURES)
    return out


def fit_family(name: str, tr: pl.DataFrame, te: pl.DataFrame, features: tuple[str, ...],
               hand: np.ndarray, ridge: float, scenarios: list[str],
               prior: dict[str, float] | None = None, folds: int = 0) -> dict:
    """Fit one family on ``tr``, score it and the hand-set ``z`` (``hand``) on the held-out
    ``te``, print both and return the family's record for the weights file. ``prior``: the
    weights the penalty pulls towards (others 0); ``folds``: choose the ridge penalty by
    cross-validation over that many parts of ``tr``'s games instead of ``ridge``, and mark the
    family ``used`` only when its cross-validated log loss beats the hand-set ``z`` on the
    same fitted games (``tr["hand_set_z"]``): the held-out games never take part in a choice."""
    centre = None if prior is None else np.array([prior.get(k, 0.0) for k in features])
    choice: dict = {}
    if folds:
        ridge, cv = chosen_ridge(tr, features, centre, folds)
        own = scores(tr["hand_set_z"].to_numpy(), tr["result"].to_numpy())["log_loss"]
        choice = {"ridge": ridge, "prior": prior, "used": bool(cv < own),
                  "cross_validated_log_loss": {"learned": round(float(cv), 5),
                                               "hand_set": round(float(own), 5)}}
        print(f"{name}: cross-validated log loss {cv:.3f} (ridge {ridge:g}) against "
              f"{own:.3f} hand-set: {'use the learned' if cv < own else 'keep the hand-set'}")
    w = fit(tr.select(features).to_numpy(), tr["result"].to_numpy(), ridge, centre)
    weights = {"intercept": round(float(w[0]), 5),
               **{k: round(float(v), 5) for k, v in zip(features, w[1:], strict=True)}}
    y = te["result"].to_numpy()
    learned = scores(w[0] + te.select(features).to_numpy() @ w[1:], y)
    handset = scores(hand, y)
    print(f"{name} ({', '.join(scenarios)}): weights {weights}")
    for label, sc in (("learned", learned), ("hand-set", handset)):
        print(f"  held out, {label:8}: {sc['positions']} positions, log loss "
              f"{sc['log_loss']:.3f}, Brier {sc['brier']:.3f}, accuracy {sc['accuracy']:.3f}")
    return {"scenarios": scenarios, "weights": weights, "fit_positions": int(len(tr)),
            **choice,
            "held_out": {"learned": learned, "hand_set": handset}}


def write_weights(path: Path, script: str, args: argparse.Namespace, positions: str,
                  features: tuple[str, ...], families: dict) -> None:
    """The weights file: the fitted families with the seeds, counts, commit and command."""
    out = {"script": script, "commit": commit(),
           "command": " ".join([script, *sys.argv[1:]]),
           "fit_seeds": [args.seed, args.seed + args.games - 1],
           "held_out_seeds": [args.seed + 10_000, args.seed + 10_000 + args.held_out - 1],
           "games_per_scenario": {"fit": args.games, "held_out": args.held_out},
           "positions": positions, "features": list(features), "families": families}
    path.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path}")


def commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                              capture_output=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=80, help="games per scenario to fit on")
    ap.add_argument("--held-out", type=int, default=40, help="games per scenario to test on")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--write", action="store_true", help=f"store the weights in {WEIGHTS_FILE}")
    args = ap.parse_args()
    if not (1 <= args.games <= 5000 and 1 <= args.held_out <= 5000 and args.seed >= 0):
        print("--games and --held-out must be 1 to 5000, --seed 0 or more", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    fit_df = pl.concat([table(sc, args.seed, args.games) for sc in SCENARIOS], how="diagonal")
    test_df = pl.concat([table(sc, args.seed + 10_000, args.held_out) for sc in SCENARIOS],
                        how="diagonal")
    families: dict[str, dict] = {}
    for fam in sorted(fit_df["family"].unique().to_list()):
        tr = fit_df.filter(pl.col("family") == fam)
        te = test_df.filter(pl.col("family") == fam)
        families[fam] = fit_family(fam, tr, te, FEATURES, hand_z(te), args.ridge,
                                   sorted(tr["scenario"].unique().to_list()))
    print(f"{time.perf_counter() - t0:.0f} s")
    if args.write:
        write_weights(data_dir() / WEIGHTS_FILE, "scripts/fit_evaluation.py", args,
                      "every season's card play of heuristic-v-heuristic games", FEATURES,
                      families)
    return 0


if __name__ == "__main__":
    sys.exit(main())
