"""One continuation: the position after an alternative, new dice, computer players for both
sides, played to the end of the scenario or to a horizon (any game).

A game's notion of a turn comes from its plugin's ``match_facts``: the first of ``year``,
``campaign`` or ``turn`` it gives (Hellenes: the year; Earth & Water: the campaign;
Amphipolis: the turn); ``season`` when it gives one too. Its score, from the first role's
side, is ``prestige`` or ``score``, or the difference of ``vp_<role>`` facts. A game that gives
no turn supports only the horizon ``"end"`` (:func:`check_horizon` says so).

Seeds: game ``index`` of alternative ``alt`` with base seed ``seed`` has the seed
:func:`game_seed` (a hash of the three), and each side's bot gets ``2 * seed + 1`` or
``2 * seed + 2``. What no side has seen is dealt anew from that seed (:func:`continuation_start`):
the game's ``GamePlugin.resample`` draws the undealt cards' order and the dice to come; a game
without one gets new dice only. So two continuations never share a hidden deck order, and a seed
still replays its game. The hard level runs without a time limit (its iteration
budget alone), so a seed replays the same game (:func:`replay`).
"""

from __future__ import annotations

import hashlib
import time
from typing import Any

from hellenes_nb.bots.base import deciding_sides
from hellenes_nb.bots.levels import LEVELS, make_level
from hellenes_nb.core.catalog import plugin_for
from hellenes_nb.core.dice import Dice
from hellenes_nb.core.game import Game
from hellenes_nb.whatif.position import Start, WhatIfError, position_after

__all__ = ["check_horizon", "continuation_start", "game_seed", "play_continuation",
           "replay", "turn_key"]

TURN_KEYS = ("year", "campaign", "turn")
#: log kinds that close a battle, in the games' logs
BATTLE_KINDS = frozenset({"battle_end", "combat"})
MAX_DECISIONS = 20000


def game_seed(seed: int, alt_id: str, index: int) -> int:
    """The seed of game ``index`` of alternative ``alt_id`` in a run with base ``seed``."""
    digest = hashlib.blake2b(f"{seed}/{alt_id}/{index}".encode(), digest_size=7).digest()
    return int.from_bytes(digest, "big")


def _facts(game: Game) -> dict[str, Any]:
    return plugin_for(game.ruleset).match_facts(game.state)


def turn_key(game: Game) -> str | None:
    """The fact that counts the game's turns (module docstring), or None."""
    facts = _facts(game)
    return next((k for k in TURN_KEYS if k in facts), None)


def score_of(game: Game) -> float | None:
    """The score from the first role's side (module docstring), or None."""
    facts = _facts(game)
    for k in ("prestige", "score"):
        if isinstance(facts.get(k), int | float):
            return float(facts[k])
    a, b = (f"vp_{r}" for r in game.ruleset.roles)
    if a in facts and b in facts:
        return float(facts[a] - facts[b])
    return None


def check_horizon(game: Game, horizon: Any) -> tuple[str, int]:
    """``horizon`` as (kind, count): ``"end"``; ``"season"`` (where the game has seasons);
    ``"turn"``/``"year"``/``"campaign"`` (the end of this turn); a whole number N or ``"N
    years"`` (N turns on). WhatIfError in plain words otherwise."""
    key = turn_key(game)
    text = str(horizon).strip().lower()
    if text == "end":
        return "end", 0
    if key is None:
        raise WhatIfError(f"{game.ruleset.title} gives no turn to stop at: the horizon can "
                          f"only be 'end', not {horizon!r}")
    if text == "season":
        if "season" not in _facts(game) and "season" not in game.state.__dict__:
            raise WhatIfError(f"{game.ruleset.title} has no seasons; the horizon may be "
                              f"'end', '{key}' or a number of {key}s")
        return "season", 1
    if text in ("turn", "year", "campaign", key):
        return "turn", 1
    words = text.split()
    units = {key, f"{key}s", *TURN_KEYS, *(f"{k}s" for k in TURN_KEYS)}
    if words and words[0].isdigit() and 1 <= int(words[0]) <= 100 and (
            len(words) == 1 or (len(words) == 2 and words[1] in units)):
        return "turn", int(words[0])
    raise WhatIfError(f"the horizon is 'end', 'season', '{key}' or a number of {key}s "
                      f"(such as 2), not {horizon!r}")


def _season(game: Game) -> Any:
    facts = _facts(game)
    return facts.get("season", getattr(game.state, "season", None))


def _held(game: Game) -> dict[str, int]:
    """Cities and forces each role holds, where the game's view gives them."""
    roles = game.ruleset.roles
    v = game.view("all")
    out: dict[str, int] = {}
    cities = v.get("city_control")
    if isinstance(cities, dict):
        for r in roles:
            out[f"cities_{r}"] = sum(1 for s in cities.values() if s == r)
    elif isinstance(v.get("cities"), list):
        for r in roles:
            out[f"cities_{r}"] = sum(1 for c in v["cities"] if c.get("control") == r)
            out[f"forces_{r}"] = sum(sum((c.get(k) or {}).get(r, 0) for k in ("armies", "fleets"))
                                     for c in v["cities"])
    if isinstance(v.get("units"), list):
        for r in roles:
            out[f"forces_{r}"] = sum(1 for u in v["units"] if u.get("side") == r)
    elif isinstance(v.get("zones"), list):
        for r in roles:
            out[f"forces_{r}"] = sum(len((z.get(r) or {}).get("units", [])) for z in v["zones"])
    return out


def _bots(game: Game, levels: tuple[str, str], seed: int) -> dict[str, Any]:
    return {role: make_level(level, 2 * seed + 1 + k, game.ruleset, seconds=None)
            for k, (role, level) in enumerate(zip(game.ruleset.roles, levels, strict=True))}


def continuation_start(start: Start, alt_id: str, index: int, seed: int) -> Game:
    """The position game ``index`` of ``alt_id`` starts from: a fresh copy of the position
    after the choice with what no side has seen dealt anew from the game's seed (module
    docstring); the lesson's own game is not touched."""
    game = position_after(start, alt_id)
    s = game_seed(seed, alt_id, index)
    resample = plugin_for(game.ruleset).resample
    if resample is not None:
        resample(game.state, s)
    elif hasattr(game.state, "dice"):
        game.state.dice = Dice(s)
    return game


def play_continuation(job: tuple) -> dict[str, Any]:
    """One game: ``job`` is (start, alt_id, index, seed, levels, horizon). A JSON-ready row:
    the alternative, the game's seed, winner (a role, "draw", or "none" when the horizon came
    first), how, the score at the end of each turn, battles fought, cities and forces held,
    decisions and seconds; a crashed game keeps its message."""
    start, alt_id, index, seed, levels, horizon = job
    t0 = time.perf_counter()
    s = game_seed(seed, alt_id, index)
    game = continuation_start(start, alt_id, index, seed)
    kind, count = check_horizon(game, horizon)
    key = turn_key(game)
    bots = _bots(game, levels, s)
    since = len(game.log)
    turn0 = last_turn = _facts(game).get(key) if key else None
    season0 = _season(game)
    scores = [score_of(game)]
    decisions, error, stopped = 0, "", False
    try:
        while not game.over and decisions < MAX_DECISIONS:
            sides = deciding_sides(game)
            if not sides:
                raise RuntimeError(f"dead end: nobody can act at '{game.prompt.text}'")
            for side in sides:
                game.apply(bots[side].choose(game, side))
                decisions += 1
            if key:
                turn = _facts(game).get(key)
                if turn != last_turn:  # a new turn: the score at the end of the last
                    scores.append(score_of(game))
                    last_turn = turn
                passed = abs(turn - turn0) if isinstance(turn, int) else 0
                if (kind == "turn" and passed >= count) or (
                        kind == "season" and (_season(game) != season0 or passed)):
                    stopped = True
                    break
    except Exception as exc:  # noqa: BLE001 - a lab reports a crashed game and goes on
        error = f"{type(exc).__name__}: {exc}"
    res = game.result
    if error:
        winner, how = "crash", "crash"
    elif res is not None:
        winner, how = res["winner"] or "draw", res["how"]
    elif stopped:
        winner, how = "none", "horizon"
    else:
        winner, how = "none", "decision_limit"
    if scores[-1] != score_of(game) or len(scores) == 1:
        scores.append(score_of(game))
    return {"alternative": alt_id, "label": start.alternative(alt_id).label,
            "historical": start.alternative(alt_id).historical, "game": index, "seed": s,
            "winner": winner, "how": how, "score_by_turn": scores,
            "final_score": scores[-1],
            "battles": sum(1 for e in game.log[since:] if e.get("kind") in BATTLE_KINDS),
            "decisions": decisions, **_held(game),
            "seconds": round(time.perf_counter() - t0, 3), "error": error}


def replay(start: Start, alt_id: str, index: int, seed: int,
           levels: tuple[str, str] = ("normal", "normal"), horizon: Any = "end") -> dict:
    """Play game ``index`` of ``alt_id`` again: the same row as the run gave."""
    return play_continuation((start, alt_id, index, seed, levels, horizon))


def check_levels(levels: Any) -> tuple[str, str]:
    """``levels`` as two level names (one a role, in the game's role order); one name for
    both; WhatIfError in plain words otherwise."""
    if isinstance(levels, str):
        levels = tuple(x.strip() for x in levels.split(","))
    levels = tuple(levels)
    if len(levels) == 1:
        levels = levels * 2
    if len(levels) != 2 or any(lv not in LEVELS for lv in levels):
        raise WhatIfError(f"levels are two of {', '.join(LEVELS)} (one a side, as "
                          f"'normal,hard'), not {','.join(map(str, levels))!r}")
    return levels[0], levels[1]
