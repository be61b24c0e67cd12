"""Where a piece may go: the engine's answer to a click on the map (docs/map-widget.md,
docs/architecture.md "The path of one click"; §4.1, §5).

A *piece* is a unit key ("A12") or an area id: the group of the side's units in that area.
:func:`targets` lists the destinations the piece may reach now, each with the actions that take
it there as planned from this position: the group's activation first when the unit may move
only once its group is activated (§4.1), then one move per unit. Of several legal moves to one
destination it takes no forced march (§5.3), no passenger unless one must be carried (§5.21),
then the shortest path. A group goes only where every unit of it that can move may go. In
winter a destination every unit reaches by a free quartering or homing move is planned that way
(§9.211, §9.212), not as a paid group move.

:func:`route` is the plan actually played: each move chosen after the ones before it (a move
may change what the next unit may do), tried on a copy of the game.
"""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.hellenes.index import SIDE_NAMES, side_of

__all__ = ["route", "targets"]

Plans = dict[str, list[dict]]


def _best(moves: list[dict]) -> dict:
    """Prefer no forced march (§5.3), no passenger (§5.21), then the shortest path."""
    return min(moves, key=lambda a: (bool(a.get("forced")), "carry" in a, len(a["path"])))


def _units(game: Any, side: str, piece: str) -> tuple[list[str], str]:
    """The unit keys a piece names and the area they stand in (ValueError in plain words)."""
    st = game.state
    ix = st.ix
    s = SIDE_NAMES.index(side)
    if piece in ix.place_ids:
        p = ix.place(piece)
        mine = sorted((u for u in range(s * 60, s * 60 + 60) if st.loc[u] == p),
                      key=lambda u: (bool(st.inside[u]), u))
        return [ix.unit_key[u] for u in mine], piece
    try:
        u = ix.unit(piece)
    except KeyError:
        raise ValueError(f"a piece is a unit key such as 'A12' or an area id, not "
                         f"{piece!r}") from None
    if side_of(u) != s or st.loc[u] < 0:
        return [], ""
    return [piece], ix.place_ids[st.loc[u]]


def _moves(acts: list[dict], key: str, kinds: tuple[str, ...] = ("move",)
           ) -> dict[str, list[dict]]:
    """Destination -> the legal moves (of ``acts``, of the ``kinds`` given) of one unit there."""
    out: dict[str, list[dict]] = {}
    for a in acts:
        if a["type"] in kinds and a["unit"] == key:
            out.setdefault(a["path"][-1], []).append(a)
    return out


def _unit_plans(game: Any, side: str, key: str, area: str, acts: list[dict],
                activated: dict[str, list[dict] | None]) -> Plans:
    """Destination -> [actions] for one unit: a move now, or activate its group then move
    (the legal actions once the group is activated are found once, in ``activated``)."""
    by_dest = _moves(acts, key)
    prefix: list[dict] = []
    if not by_dest:
        groups = [a for a in acts if a["type"] == "move_group" and a.get("area") == area]
        if not groups:
            return {}
        if "after" not in activated:
            trial = game.clone()
            try:
                trial.apply(groups[0])
                activated["after"] = trial.legal_actions(side)
            except IllegalAction:
                activated["after"] = None
        after = activated["after"]
        if after is None:
            return {}
        prefix = [groups[0]]
        by_dest = _moves(after, key)
    return {d: prefix + [_best(m)] for d, m in by_dest.items()}


def _plans(game: Any, side: str, piece: str) -> dict[str, list[Plans]]:
    keys, area = _units(game, side, piece)
    if game.over or not keys:
        return {}
    acts = game.legal_actions(side)
    activated: dict[str, list[dict] | None] = {}
    per_unit = [p for p in (_unit_plans(game, side, k, area, acts, activated) for k in keys)
                if p]
    common = set.intersection(*(set(p) for p in per_unit)) if per_unit else set()
    out = {d: [p[d] for p in per_unit] for d in common}
    # in winter, a free quartering or homing move (§9.211, §9.212) beats a paid group move
    free = [{d: [_best(m)] for d, m in _moves(acts, k, ("winter_move",)).items()}
            for k in keys]
    for d in set.intersection(*(set(f) for f in free)):
        out[d] = [f[d] for f in free]
    return {d: out[d] for d in sorted(out)}


def targets(game: Any, side: str, piece: str) -> dict[str, list[dict]]:
    """Destination -> the actions that take ``piece`` of ``side`` there, as planned now
    (module docstring); {} when it cannot move."""
    out = {}
    for dest, plans in _plans(game, side, piece).items():
        first = [plans[0][0]] if plans[0][0]["type"] == "move_group" else []
        out[dest] = first + [plan[-1] for plan in plans]
    return out


def route(game: Any, side: str, piece: str, destination: str) -> list[dict]:
    """The actions that take ``piece`` to ``destination``, each chosen after the ones before
    it (IllegalAction naming the place when it is not a target of the piece)."""
    plans = _plans(game, side, piece).get(destination)
    if not plans:
        ix = game.state.ix
        name = ix.place_name[ix.place(destination)] if destination in ix.place_ids \
            else repr(destination)
        raise IllegalAction(f"{name} is not a legal destination of {piece}", "5.0")
    trial = game.clone()
    out: list[dict] = []
    if plans[0][0]["type"] == "move_group":
        trial.apply(plans[0][0])
        out.append(plans[0][0])
    for plan in plans:
        key = plan[-1]["unit"]
        again = _moves(trial.legal_actions(side), key, (plan[-1]["type"],)).get(destination)
        if again:
            move = _best(again)
            trial.apply(move)
            out.append(move)
    return out
