"""What one side may know (docs/engine.md, "Hidden information"; §2.0, §6.1).

Enemy blocks show only their side, place and whether they are besieged, unless revealed in the
battle being fought. Hands, the deck order, face-down card choices and recruit draws stay with
their owner. Log events are read in the form made for ``side`` when they were written
(``eventlog.read_event``). ``"all"`` is the teacher's view: everything.
"""

from __future__ import annotations

import copy
from typing import Any

from hellenes_nb.core.steps import StepRegistry
from hellenes_nb.games.hellenes.eventlog import read_event
from hellenes_nb.games.hellenes.index import N_UNITS, SEASONS, SIDE_NAMES, side_of
from hellenes_nb.games.hellenes.rules.siege.blockade import blockaded
from hellenes_nb.games.hellenes.state import UNIT_KEYS, UNIT_LIST_KEYS, State


def _unit_full(state: State, u: int) -> dict[str, Any]:
    ix = state.ix
    p = state.loc[u]
    d = {"side": SIDE_NAMES[side_of(u)], "unit": ix.unit_key[u], "name": ix.unit_name[u],
         "type": ix.unit_type[u], "cv": state.cv[u], "max_cv": ix.max_cv[u],
         "area": ix.place_ids[p], "besieged": bool(state.inside[u]),
         "moved": bool(state.moved[u])}
    return d


def _hidden(state: State, u: int) -> dict[str, Any]:
    p = state.loc[u]
    return {"side": SIDE_NAMES[side_of(u)], "hidden": True, "area": state.ix.place_ids[p],
            "besieged": bool(state.inside[u])}


def _redact_record(state: State, rec: dict, side: int) -> dict:
    """Engagement or roll records: the owner sees unit keys, the other side only counts."""
    ix = state.ix
    owner = rec.get("side", -1)
    out: dict[str, Any] = {}
    for k, v in rec.items():
        if k in UNIT_KEYS and isinstance(v, int):
            if v < 0:
                continue
            if owner == side or side == -1 or state.revealed[v]:
                out[k] = ix.unit_key[v]
        elif k in UNIT_LIST_KEYS:
            if owner == side or side == -1:
                out[k] = [ix.unit_key[u] for u in v]
            else:
                out["count"] = len(v)
        elif k in ("area", "from", "to", "target") and isinstance(v, int) and v >= 0:
            out[k] = ix.place_ids[v]
        elif k == "path":
            out[k] = [ix.place_ids[p] for p in v]
        elif k == "side" and isinstance(v, int):
            out[k] = SIDE_NAMES[v] if v >= 0 else None
        else:
            out[k] = v
    return out


def _battle(state: State) -> dict[str, Any] | None:
    """The battle being fought (the battle frame nearest the top of the stack, once its blocks
    are revealed, §6.1): its place, stage and the battle machine's record without its dice
    (their state would tell the rolls to come). Every block in it is revealed to both sides,
    and its rolls are public."""
    frame = next((f for f in reversed(state.stack) if f["kind"] == "battle"), None)
    if frame is None or "battle" not in frame:
        return None
    shown = {k: copy.deepcopy(v) for k, v in frame["battle"].items() if k != "dice"}
    return {"place": state.ix.place_ids[frame["place"]], "stage": frame["stage"], **shown}


def view(state: State, side: str, steps: StepRegistry) -> dict[str, Any]:
    """A JSON-serialisable dict of what ``side`` ("athens", "sparta" or "all") may know;
    ``steps`` is the game's step registry (for the prompt)."""
    if side not in ("athens", "sparta", "all"):
        raise ValueError(f"a view is for 'athens', 'sparta' or 'all', not {side!r}")
    me = SIDE_NAMES.index(side) if side != "all" else -1
    ix = state.ix
    units = []
    pools: dict[str, Any] = {}
    for s in (0, 1):
        in_pool = [u for u in range(s * 60, s * 60 + 60) if state.loc[u] == -1]
        if me in (-1, s):
            pools[SIDE_NAMES[s]] = [ix.unit_key[u] for u in in_pool]
        else:
            pools[SIDE_NAMES[s]] = {"count": len(in_pool)}
    hidden = []
    for u in range(N_UNITS):
        if state.loc[u] < 0:
            continue
        if me in (-1, side_of(u)) or state.revealed[u]:
            units.append(_unit_full(state, u))
        else:
            hidden.append(_hidden(state, u))
    # Hidden blocks are listed by place, never by unit number: the order must not tell the
    # viewer which block is which (§2.0).
    hidden.sort(key=lambda d: (d["side"], d["area"], d["besieged"]))
    units.extend(hidden)
    played = {}
    both = all(p is not None for p in state.played)
    for s in (0, 1):
        p = state.played[s]
        if p is None:
            played[SIDE_NAMES[s]] = None
        elif me in (-1, s) or both:
            played[SIDE_NAMES[s]] = dict(p)
        else:
            played[SIDE_NAMES[s]] = {"committed": True}
    hands = {SIDE_NAMES[s]: (sorted(state.hands[s]) if me in (-1, s)
                             else {"count": len(state.hands[s])}) for s in (0, 1)}
    top = state.stack[-1] if state.stack else None
    prompt: dict[str, Any] = {}
    if top is not None:
        step = steps.step_for(top)
        deciders = step.deciders(state, top)
        prompt = {"kind": top["kind"], "text": step.text(state, top),
                  "deciders": [SIDE_NAMES[d] for d in deciders]}
        if top["kind"] == "recruit" and me in (-1, top["side"]):
            prompt["drawn"] = [ix.unit_key[u] for u in top["drawn"]]
    return {
        "side": side,
        "scenario": state.scenario,
        "year": state.year,
        "season": SEASONS[state.season],
        "prestige": state.prestige,
        "units": units,
        "pools": pools,
        "garrisons": [{"area": ix.place_ids[p], "side": SIDE_NAMES[g[0]],
                       "permanent": bool(g[1])} for p, g in sorted(state.garrisons.items())],
        "control": {ix.place_ids[p]: SIDE_NAMES[c] for p, c in enumerate(state.control)
                    if c >= 0},
        "city_control": {ix.place_ids[p]: SIDE_NAMES[c]
                         for p, c in enumerate(state.city_control) if c >= 0},
        "neutral": [ix.place_ids[p] for p in range(ix.n_places) if state.neutral[p]],
        "sieges": {ix.place_ids[p]: {"besieger": SIDE_NAMES[v["besieger"]],
                                     "since": list(v.get("since", ()))}
                   for p, v in sorted(state.sieges.items())},
        "blockaded": [ix.place_ids[p] for p in state.sieges if blockaded(state, p)],
        "pillaged": sorted(ix.place_ids[p] for p in state.pillaged),
        "civil_war": sorted(ix.place_ids[p] for p in state.civil_war),
        "deck": {"count": len(state.deck)},
        "hands": hands,
        "discard": list(state.discard),
        "in_play": [{"card": n, "owner": SIDE_NAMES[o]} for n, o in state.in_play],
        "leaders": {SIDE_NAMES[s]: state.leaders[s] for s in (0, 1)},
        "sacrifices": {SIDE_NAMES[s]: list(state.sacrifices[s]) for s in (0, 1)},
        "played": played,
        "active": SIDE_NAMES[state.active] if state.active >= 0 else None,
        "first": SIDE_NAMES[state.first] if state.first >= 0 else None,
        "actions_left": state.actions_left,
        "engagements": [_redact_record(state, e, me) for e in state.engagements],
        "pending_rolls": [_redact_record(state, r, me) for r in state.pending_rolls],
        "prompt": prompt,
        "battle": _battle(state),
        "log": [read_event(ev, side) for ev in state.log],
    }
