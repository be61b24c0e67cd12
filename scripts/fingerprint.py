"""Play fingerprints: proof that a change altered no rule and no behaviour.

Plays seeded random games through the public API only (``hellenes_nb.new_game``, ``prompt``,
``legal_actions``, ``apply``, ``result``, ``to_json``), so it runs unchanged on both sides of a
restructuring. For every game it hashes every legal-action list (labels and order included),
every decision, the result and the final save, and writes one line per game to a JSON file:

    python scripts/fingerprint.py --out before.json               # 40 games per scenario
    python scripts/fingerprint.py --out after.json
    python scripts/fingerprint.py --compare before.json after.json

``--compare`` names every game whose fingerprint differs and the first decision where its
listings part, and exits with 1 if any differ.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

SCENARIOS = ("431", "sicily", "413", "415")


def _h(obj: object) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, default=str).encode()).hexdigest()[:16]


def play(scenario: str, seed: int, limit: int) -> dict:
    """One seeded random game: per-decision hashes of the listings and the choice."""
    from hellenes_nb import new_game

    rng = random.Random(seed * 7919 + 17)
    game = new_game(scenario, seed=seed)
    steps: list[str] = []
    for _ in range(limit):
        if game.over:
            break
        who = game.prompt.side
        sides = ["athens", "sparta"] if who == "both" else [who]
        listings = {s: game.legal_actions(s) for s in sides}
        sides = [s for s in sides if listings[s]]
        if not sides:
            steps.append("dead-end")
            break
        side = rng.choice(sides)
        action = rng.choice(listings[side])
        steps.append(_h([listings, action]))
        game.apply(action)
    save = json.loads(game.to_json())
    return {"scenario": scenario, "seed": seed, "decisions": len(steps),
            "steps": _h(steps), "step_hashes": steps, "result": _h(game.result),
            "save": _h(save)}


def compare(a_path: Path, b_path: Path) -> int:
    a = {(g["scenario"], g["seed"]): g for g in json.loads(a_path.read_text())["games"]}
    b = {(g["scenario"], g["seed"]): g for g in json.loads(b_path.read_text())["games"]}
    bad = 0
    for key in sorted(set(a) | set(b)):
        ga, gb = a.get(key), b.get(key)
        if ga is None or gb is None:
            print(f"{key}: only in {'the second' if ga is None else 'the first'} file")
            bad += 1
            continue
        diffs = [f for f in ("decisions", "steps", "result", "save") if ga[f] != gb[f]]
        if diffs:
            first = next((i for i, (x, y) in enumerate(
                zip(ga["step_hashes"], gb["step_hashes"], strict=False)) if x != y), None)
            print(f"scenario {key[0]} seed {key[1]}: differs in {', '.join(diffs)}"
                  + (f" (first at decision {first})" if first is not None else ""))
            bad += 1
    n = len(set(a) | set(b))
    print(f"{n - bad} of {n} games identical")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, help="write the fingerprints to this JSON file")
    p.add_argument("--games", type=int, default=40, help="games per scenario (default 40)")
    p.add_argument("--scenario", action="append", choices=SCENARIOS,
                   help="only these scenarios (repeatable; default all four)")
    p.add_argument("--limit", type=int, default=3000, help="decisions at most per game")
    p.add_argument("--compare", nargs=2, type=Path, metavar=("A", "B"),
                   help="compare two fingerprint files")
    args = p.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    if not args.out:
        p.error("give --out FILE to write fingerprints, or --compare A B")
    if not 1 <= args.games <= 10_000:
        p.error("--games must be between 1 and 10000")
    games = []
    t0 = time.perf_counter()
    for sc in args.scenario or SCENARIOS:
        for seed in range(1, args.games + 1):
            games.append(play(sc, seed, args.limit))
        n = sum(g["decisions"] for g in games if g["scenario"] == sc)
        print(f"{sc}: {args.games} games, {n} decisions"
              f" ({time.perf_counter() - t0:.0f} s so far)", file=sys.stderr)
    args.out.write_text(json.dumps({"games": games}))
    print(f"wrote {len(games)} fingerprints to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
