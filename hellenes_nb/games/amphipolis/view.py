"""What each side may see (docs/amphipolis.md, "Hidden information"): every piece on the maps,
the garrisons, the tracks and the reinforcements to come are public; a side's strategems in
hand are seen by that side only (and by the teacher, ``"all"``), the other side sees how many;
the cup is seen by nobody. Log events written ``private`` (a counter drawn) are read in full by
their owner only."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.privatelog import PrivateLog
from hellenes_nb.core.steps import StepRegistry
from hellenes_nb.games.amphipolis.rules.arrivals import to_come
from hellenes_nb.games.amphipolis.rules.common import (
    ARMISTICE,
    LEADERS,
    UNITS,
    W,
    bonus,
    scenario_of,
    season,
    year,
)
from hellenes_nb.games.amphipolis.rules.stratagems import COUNTERS
from hellenes_nb.games.amphipolis.rules.victory import scores
from hellenes_nb.games.amphipolis.state import IN_PLAY, OUT, SIDES, State

__all__ = ["READERS", "hands", "log_for", "view"]

READERS = ("athens", "sparta", "all")
_HEAD = ("kind", "rule", "side", "turn")


#: the one redaction of private events (core/privatelog.py)
LOG = PrivateLog(READERS, _HEAD)
read_event = LOG.read_event


def log_for(st: State, role: str, start: int = 0) -> list[dict]:
    return LOG.read(st.log, role, start)


def counter(cid: str) -> dict[str, Any]:
    return {"id": cid, "faces": [{"number": f.number, "name": f.name, "english": f.english,
                                  "colour": f.colour} for f in COUNTERS[cid].faces]}


def _pieces(st: State) -> dict[str, dict[str, Any]]:
    """Every zone's units and leaders by side, in the rosters' order, made in one pass (pieces
    off the map, such as those eliminated, stand in no zone)."""
    out = {z.id: {name: {"units": [], "leaders": []} for name in SIDES} for z in W.zones}
    for i, u in enumerate(UNITS):
        if st.uloc[i] in out:
            out[st.uloc[i]][SIDES[u.side]]["units"].append(
                {"id": u.id, "type": u.type, "pf": u.reduced if st.ured[i] else u.pf,
                 "full": u.pf, "bonus": u.bonus, "reduced": st.ured[i], "nation": u.nation})
    for k, g in enumerate(LEADERS):
        if st.lloc[k] in out:
            out[st.lloc[k]][SIDES[g.side]]["leaders"].append(
                {"id": g.id, "name": g.name, "bonus": bonus(st, k), "swords": g.bonus,
                 "wounded": st.lwound[k]})
    return out


def hands(st: State, role: str) -> dict[str, Any]:
    """The strategems in hand as ``role`` sees them: its own (all of them for the teacher) as
    counters, the other side's as a count only."""
    return {name: ([counter(c) for c in st.hands[s]] if role in (name, "all")
                   else {"count": len(st.hands[s])}) for s, name in enumerate(SIDES)}


def view(st: State, role: str, steps: StepRegistry) -> dict[str, Any]:
    """A JSON-ready dict of what ``role`` ("athens", "sparta" or "all") may know."""
    if role not in READERS:
        raise ValueError(f"a view is for 'athens', 'sparta' or 'all', not {role!r}")
    zones = []
    pieces = _pieces(st)
    for z in W.zones:
        item = {"id": z.id, "name": z.name, "kind": z.kind, "lat": z.lat, "lon": z.lon,
                **pieces[z.id]}
        if z.kind == "op":
            item.update(garrison=SIDES[st.garrison[z.id]], va=z.va, pf=z.pf)
        elif z.kind == "main":
            item.update(terrain=z.terrain)
        else:
            item.update(users=[SIDES[u] for u in z.users])
        zones.append(item)
    top = st.stack[-1] if st.stack else None
    prompt: dict[str, Any] = {"kind": top["kind"] if top else "stopped"}
    if top is not None:
        step = steps.step_for(top)
        who = step.deciders(st, top) if not step.terminal else ()
        prompt.update(side=SIDES[who[0]] if who else "none", text=step.text(st, top),
                      rules=list(step.rules))
    battle = next(({"zone": f["zone"], "attacker": SIDES[f["attacker"]],
                    "die": f.get("die"), "strategems": [m[1] for m in f["mods"]]}
                   for f in reversed(st.stack) if f["kind"] == "battle"), None)
    lost = {name: {"units": [u.id for i, u in enumerate(UNITS) if u.side == s
                             and st.ustat[i] == OUT],
                   "leaders": [g.id for k, g in enumerate(LEADERS) if g.side == s
                               and st.lstat[k] == OUT]} for s, name in enumerate(SIDES)}
    return {
        "game": "amphipolis", "scenario": st.scenario, "viewer": role,
        "turn": st.turn, "first_turn": st.first, "last_turn": st.last,
        "season": season(st.turn), "year": year(st.turn), "armistice": st.turn in ARMISTICE,
        "initiative": SIDES[st.initiative], "advantage": SIDES[st.advantage],
        "active": SIDES[st.active], "pa": dict(zip(SIDES, st.pa, strict=True)),
        "vp": dict(zip(SIDES, scores(st), strict=True)), "citadel": SIDES[st.citadel],
        "flotilla": st.flotilla, "walls": st.walls, "zones": zones, "hands": hands(st, role),
        "main_map": scenario_of(st).main_map,
        "cup": {"count": len(st.cup)}, "removed": [counter(c) for c in st.removed],
        "to_come": [to_come(st, p) for p in st.pending], "lost": lost,
        "in_play": sum(1 for s in st.ustat if s == IN_PLAY),
        "prompt": prompt, "battle": battle, "log": log_for(st, role),
    }
