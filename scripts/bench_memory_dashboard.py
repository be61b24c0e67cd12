"""Memory of a long dashboard game (issue 15, item 11): it stays flat.

A dashboard against the computer takes ``--decisions`` decisions (300) for the human side with
the seeded heuristic bot, as clicks would (``Dashboard.choose``; the computer answers each);
a finished game is reloaded from its first save and played on. Every 50 decisions it prints
the widgets the kernel holds, the Python heap in use (tracemalloc) and the process's resident
memory. Before issue 15 a dashboard kept every widget it had shown (265 live widgets grew to
4,340 in 100 decisions). Run::

    nice .venv/bin/python scripts/bench_memory_dashboard.py [--decisions 300]

This is a measurement, not a test; tests/widgets/test_dashboard_panel.py checks the widget
count. The figures are recorded in docs/ui-latency.md.
"""

from __future__ import annotations

import argparse
import gc
import resource
import tracemalloc
import warnings

import ipywidgets as W

from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot
from hellenes_nb.widgets.dashboard import Dashboard


def live_widgets() -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return len(W.Widget.widgets)


def rss_mb() -> float:
    """The process's resident memory now (Linux: /proc/self/statm), in MB."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * resource.getpagesize() / 2**20
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--every", type=int, default=50)
    args = parser.parse_args()
    tracemalloc.start()
    dash = Dashboard("431", seed=11, bot="heuristic")
    first = dash.save()
    me = HeuristicBot(11)
    games = 1
    print(f"{'decisions':>9} {'games':>5} {'widgets':>7} {'heap MB':>8} {'RSS MB':>7}")
    for n in range(args.decisions + 1):
        if n % args.every == 0:
            gc.collect()
            heap = tracemalloc.get_traced_memory()[0] / 2**20
            print(f"{n:9d} {games:5d} {live_widgets():7d} {heap:8.1f} {rss_mb():7.1f}",
                  flush=True)
        if n == args.decisions:
            break
        if dash.game.over:
            dash.restore(first)
            games += 1
        dash.choose(me.choose(dash.game, dash.human))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
