"""Benchmark loading saves: a long real game, open and sealed, and the worst hostile files.

Run: ``.venv/bin/python scripts/bench_saves.py``. Target: every hostile file is refused, and
a real game loads, within ``TARGET_S`` seconds (issue 14: "a hostile file fails within
seconds"). The limits it leans on are in ``hellenes_nb/saves/model.py`` (file size, nesting,
number of moves). Uses a config folder of its own for the save key.
"""

from __future__ import annotations

import json
import os
import tempfile
import time

TARGET_S = 2.0
#: a long game between two seeded heuristic bots (about 1,300 moves, nine years of war)
LONG_GAME_SEED = 16


def _long_game():
    import hellenes_nb
    from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot

    game = hellenes_nb.new_game("431", LONG_GAME_SEED)
    bots = {"athens": HeuristicBot(LONG_GAME_SEED), "sparta": HeuristicBot(LONG_GAME_SEED + 1)}
    while not game.over:
        side = "athens" if game.legal_actions("athens") else "sparta"
        game.apply(bots[side].choose(game, side))
    return game


def _edit(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def _hostile(text: str) -> dict[str, str | bytes]:
    from hellenes_nb.games.hellenes.savefile import MAX_HISTORY, MAX_SAVE_BYTES

    def cv200(d):
        key = next(k for k, u in d["state"]["units"].items() if u["at"] not in
                   ("pool", "aside", "out"))
        d["state"]["units"][key]["cv"] = 200

    tiny = '{"kind": "x", "rule": "0", "text": ""}, '
    n_tiny = (MAX_SAVE_BYTES - len(text)) // len(tiny) - 10
    return {
        "cv 200": _edit(text, cv200),
        "last move dropped (full replay)": _edit(text, lambda d: d["history"].pop()),
        "5 MB of tiny log events": text.replace('"log": [', '"log": [' + tiny * n_tiny, 1),
        "20,000 illegal moves": _edit(text, lambda d: d.__setitem__(
            "history", [{"type": "end_actions", "side": "sparta"}] * MAX_HISTORY)),
        "20,001 moves": _edit(text, lambda d: d.__setitem__(
            "history", [{"type": "x"}] * (MAX_HISTORY + 1))),
        "nested 2.5 million deep": "[" * 2_500_000 + "]" * 2_500_000,
        "50 MB file (bytes)": b" " * 50_000_000,
    }


def _time(fn) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        fn()
        outcome = "loaded"
    except ValueError as exc:
        outcome = "refused: " + str(exc)[:70]
    return time.perf_counter() - start, outcome


def main() -> int:
    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="bench-saves-")
    from hellenes_nb.core.game import Game
    from hellenes_nb.core.savefiles import read_save, sealed_save

    game = _long_game()
    text = game.to_json()
    rows = []
    t, out = _time(lambda: Game.from_json(text))
    rows.append((f"open save, {len(game.history)} moves, {len(text) / 1e6:.2f} MB", t, out))
    start = time.perf_counter()
    closed = sealed_save(game, "athens", "heuristic", seed_secret=True)
    rows.append((f"sealing it ({len(closed) / 1e6:.2f} MB file)", time.perf_counter() - start,
                 "written"))
    t, out = _time(lambda: read_save(closed))
    rows.append(("sealed save, same game", t, out))
    for name, bad in _hostile(text).items():
        t, out = _time(lambda bad=bad: read_save(bad))
        rows.append((name, t, out))
    width = max(len(r[0]) for r in rows)
    worst = 0.0
    for name, t, out in rows:
        worst = max(worst, t)
        print(f"{name:<{width}}  {t * 1000:8.1f} ms  {out}")
    print(f"slowest: {worst:.2f} s (target {TARGET_S:.1f} s): "
          f"{'met' if worst <= TARGET_S else 'MISSED'}")
    return 0 if worst <= TARGET_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
