"""``hellenes map``: write the static map (optionally with a scenario's setup) as SVG."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from hellenes_nb.cliargs import float_between, scenario_id
from hellenes_nb.games.hellenes.render.svg import SIZES, render_map_svg


def add_map_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Register ``hellenes map --scenario 431 --svg out.svg`` on the main parser."""
    p = subparsers.add_parser(
        "map",
        help="draw the map as a standalone SVG file",
        description="Draw the Hellenes map as a standalone SVG (cities, ports, seas, the Sicily "
        "inset); with --scenario, also the blocks of that scenario's setup (§15); with "
        "--scenario earth-water, the board of 300: Earth & Water at its start.",
    )
    p.add_argument("--scenario", type=scenario_id,
                   help="scenario id whose setup to show, e.g. 431")
    p.add_argument(
        "--svg", type=Path, help="file to write (default: print the SVG to standard output)"
    )
    p.add_argument("--width", type=float_between(50, 20_000), default=1400,
                   help="drawn width in pixels, 50 to 20000 (default 1400)")
    p.add_argument("--size", choices=tuple(SIZES), default="normal",
                   help="'classroom' for a projector: larger names, symbols and legend, "
                   "thicker borders (the Hellenes map; default normal)")
    p.set_defaults(func=map_command)
    return p


def map_command(args: argparse.Namespace) -> int:
    """Render the map; 0 on success, 2 with a plain message on bad input."""
    try:
        svg = render_map_svg(args.scenario, width=args.width, size=args.size)
    except (ValueError, FileNotFoundError) as exc:
        print(f"hellenes map: {exc}", file=sys.stderr)
        return 2
    return write_svg(svg, args.svg)


def write_svg(svg: str, path: Path | None) -> int:
    """Write ``svg`` to ``path`` (standard output when None); 0, or 2 with a plain message."""
    if path is None:
        sys.stdout.write(svg + "\n")
        return 0
    try:
        path.write_text(svg + "\n", encoding="utf-8")
    except OSError as exc:
        print(f"hellenes map: cannot write {path}: {exc.strerror}", file=sys.stderr)
        return 2
    print(f"wrote {path} ({len(svg) // 1024} KB)")
    return 0
