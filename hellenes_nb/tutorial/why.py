"""Why a block may not go where the learner clicked: the engine's own refusal, in plain words
with the rule.

The map lights only the legal destinations of a selected block (``Game.targets``). When a
learner clicks somewhere else, the tutorial asks the engine what is wrong with that move: it
builds the move the click means (the group activated first when it must be, §4.1; the
shortest way there over the map's borders) and tries it on a copy of the game. The refusal
(:class:`~hellenes_nb.core.steps.IllegalAction`, with its rule section) is what the learner
reads; the game itself never changes. A click that is legal after all is returned as the
actions that make it, so the caller can play them.
"""

from __future__ import annotations

from collections import deque

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction, strip_label

__all__ = ["move_or_refusal", "moves_to"]

_MOVES = ("move", "winter_move")
#: of several legal moves to one place, the free wintering moves first (§9.211, §9.212)
_MODE_ORDER = {"quarter": 0, "home": 1}


def moves_to(game: Game, side: str, unit: str, area: str) -> list[dict]:
    """The learner's legal moves (or wintering moves) that take ``unit`` to ``area`` now, the
    free ones and the shortest first."""
    found = [a for a in game.legal_actions(side)
             if a["type"] in _MOVES and a.get("unit") == unit and a["path"][-1] == area]
    return sorted(found, key=lambda a: (_MODE_ORDER.get(a.get("mode", ""), 2),
                                        bool(a.get("forced")), len(a["path"])))


def _path(game: Game, unit: str, area: str) -> list[str] | None:
    """The shortest way from the unit's place to ``area`` over the map's borders: a fleet by
    sea and coast, a land unit by land first (any border when land alone cannot get there)."""
    s = game.state
    ix = s.ix
    u = ix.unit(unit)
    start, goal = s.loc[u], ix.place(area)
    if start < 0:
        return None
    every = [tuple(ix.land_adj[p]) + tuple(ix.coast[p]) + tuple(ix.sea_adj[p])
             for p in range(ix.n_places)]
    tables = [ix.fleet_adj] if ix.is_fleet[u] else [ix.land_adj, every]
    for adj in tables:
        back = {start: start}
        todo = deque([start])
        while todo:
            p = todo.popleft()
            if p == goal:
                path = []
                while p != start:
                    path.append(ix.place_ids[p])
                    p = back[p]
                return path[::-1]
            for q in adj[p]:
                if q not in back:
                    back[q] = p
                    todo.append(q)
    return None


def move_or_refusal(game: Game, side: str, unit: str, area: str) -> tuple[list[dict], str]:
    """(the actions that take ``unit`` to ``area``, "") when the engine allows it now, else
    ([], the engine's refusal in plain words with its rule). ``game`` is not changed."""
    legal = moves_to(game, side, unit, area)
    if legal:
        return [legal[0]], ""
    planned = game.targets(side, unit).get(area)
    if planned:
        return planned, ""
    ix = game.state.ix
    if area not in ix.place_ids:
        return [], f"{area!r} is not an area of the map"
    if not game.legal_actions(side):
        return [], f"it is not {side.title()}'s move now: {game.prompt.text}"
    path = _path(game, unit, area)
    if not path:
        return [], (f"{ix.describe(ix.unit(unit))} has no way to "
                    f"{ix.place_name[ix.place(area)]} (§5.0)")
    trial = game.clone()
    done: list[dict] = []
    top = trial.state.stack[-1]["kind"]
    kind = "winter_move" if top == "winter_actions" else "move"
    try:
        if kind == "move" and top == "actions":
            here = ix.place_ids[trial.state.loc[ix.unit(unit)]]
            group = {"type": "move_group", "side": side, "area": here}
            trial.apply(group)
            done.append(group)
        move = {"type": kind, "side": side, "unit": unit, "path": path}
        if kind == "winter_move":
            home = ix.place(area) in ix.homes[ix.unit(unit)]
            move["mode"] = "home" if home else "quarter"
        trial.apply(move)
        done.append(move)
    except IllegalAction as exc:
        rule = f" (§{exc.rule})" if exc.rule and f"§{exc.rule}" not in str(exc) else ""
        return [], f"{exc}{rule}"
    return [strip_label(a) for a in done], ""

