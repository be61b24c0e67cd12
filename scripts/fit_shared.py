"""What the evaluation fitters of one game share (scripts/fit_evaluation_ew.py,
scripts/fit_evaluation_as.py): the rows of a self-play game, the command line (the game
counts and seeds asked, checked) and its ending (the time taken; ``--write`` storing the
weights with :func:`fit_evaluation.write_weights`)."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fit_evaluation import write_weights

from hellenes_nb.bots import deciding_sides
from hellenes_nb.core.game import Game

__all__ = ["finish", "parse", "parser", "selfplay"]


def selfplay(game: Game, bots: dict, every: int, row: Callable[[Any], dict]) -> list[dict]:
    """``game`` played out by ``bots`` (one a side), ``row(state)`` taken every ``every``
    decisions, each row with the game's result for the first role (1 win, 0.5 draw, 0 loss)."""
    rows, n = [], 0
    while not game.over:
        if n % every == 0:
            rows.append(row(game.state))
        for side in deciding_sides(game):
            game.apply(bots[side].choose(game, side))
        n += 1
    winner = game.result["winner"]
    y = 1.0 if winner == game.ruleset.roles[0] else 0.5 if winner is None else 0.0
    return [{**r, "result": y} for r in rows]


def parser(doc: str, games: int, held_out: int) -> argparse.ArgumentParser:
    """A fitter's arguments, its docstring's first line as description: ``--games`` and
    ``--held-out`` (games per scenario, with these defaults), ``--seed``, ``--ridge`` and
    ``--write``; a fitter may add its own before :func:`parse`."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--games", type=int, default=games, help="games per scenario to fit on")
    ap.add_argument("--held-out", type=int, default=held_out,
                    help="games per scenario to test on")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--write", action="store_true", help="store the fitted weights")
    return ap


def parse(ap: argparse.ArgumentParser) -> argparse.Namespace | None:
    """The arguments, or None (the reason said on standard error) when a count or the seed is
    out of range."""
    args = ap.parse_args()
    if not (1 <= args.games <= 5000 and 1 <= args.held_out <= 5000 and args.seed >= 0):
        print("--games and --held-out must be 1 to 5000, --seed 0 or more", file=sys.stderr)
        return None
    return args


def finish(args: argparse.Namespace, t0: float, path: Path, script: str, positions: str,
           features: tuple[str, ...], families: dict) -> int:
    """The seconds since ``t0``; with ``--write`` the weights file at ``path``; exit code 0."""
    print(f"{time.perf_counter() - t0:.0f} s")
    if args.write:
        write_weights(path, script, args, positions, features, families)
    return 0
