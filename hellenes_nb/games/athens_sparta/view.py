"""What each side may see (docs/athens-sparta.md, "Hidden information"). Blocks stand facing
their owner (the rules' fog of war, §2.0): the other side sees where a block stands and whose
it is, face down, never its id, type or strength (but a navy on patrol, the armies besieging
a city and the navies blockading one, which stand face up, aid "Sea Patrols", "Sieges",
"Blockades"; rules/faceup.py), and only how many it has off the map; a
hand is seen by its owner, the other side reads its size. The cards shown this Game Turn,
cities, sieges and city points are public. The teacher (``"all"``) sees everything, the
undealt cards in their order too (``undealt``). Log events
written ``private`` are read whole by their owner only."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.privatelog import PrivateLog
from hellenes_nb.core.steps import StepRegistry
from hellenes_nb.games.athens_sparta.position import SIDES, Position
from hellenes_nb.games.athens_sparta.rules.bidding import seats_swapped
from hellenes_nb.games.athens_sparta.rules.faceup import face_up
from hellenes_nb.games.athens_sparta.rules.syracusepoints import turns_now
from hellenes_nb.games.athens_sparta.rules.victory import victory_points
from hellenes_nb.games.athens_sparta.state import BlockState

__all__ = ["READERS", "log_for", "view"]

READERS = ("athens", "sparta", "all")
_HEAD = ("kind", "rule", "side", "olympiad", "turn")


def _reader(role: str) -> str:
    if role not in READERS:
        raise ValueError(f"a view is for 'athens', 'sparta' or 'all', not {role!r}")
    return role


#: the one redaction of private events (core/privatelog.py)
LOG = PrivateLog(READERS, _HEAD)
read_event = LOG.read_event


def log_for(st: Position, role: str, start: int = 0) -> list[dict]:
    """The log as ``role`` reads it; an event written ``sealed`` (a secret replacement, §8.0)
    is left out for the other side, which reads the public summary of the phase instead."""
    reader = _reader(role)
    return [read_event(ev, reader) for ev in st.log[start:]
            if not ev.get("sealed") or reader in (ev.get("private"), "all")]


def _blocks(st: Position, reader: str) -> tuple[list[dict], dict[str, dict[str, int]]]:
    kinds = {x.id: x for x in st.world.blocks}
    shown, off = [], {s: {"pool": 0, "elsewhere": 0} for s in SIDES}
    top = st.stack[-1] if st.stack else {}
    secret = top.get("before") if top.get("kind") == "replacements" else None  # §8.0
    up = face_up(st) if secret is None else {}  # patrols, besiegers, blockaders (aid)
    for k, v in sorted(st.board.blocks.items()):
        if v.side is None:
            continue
        mine = reader in (v.side, "all")
        if secret is not None and not mine:  # where it stood when the phase began
            v = BlockState(secret.get(k, v.where), v.steps, v.side)
        if v.where not in st.world.hexes and v.where != "syracuse":
            if mine:
                shown.append({"id": k, "side": v.side, "where": v.where, "steps": v.steps,
                              "type": kinds[k].type, "rating": kinds[k].rating,
                              "name": kinds[k].name, "max": kinds[k].steps})
            else:
                off[v.side]["pool" if v.where == "pool" else "elsewhere"] += 1
            continue
        if mine or up.get(k) == v.where:
            shown.append({"id": k, "side": v.side, "where": v.where, "steps": v.steps,
                          "type": kinds[k].type, "rating": kinds[k].rating,
                          "name": kinds[k].name, "max": kinds[k].steps})
        else:
            shown.append({"side": v.side, "where": v.where, "face_down": True})
    if reader != "all":  # the other side's blocks in one order, whatever their ids
        shown.sort(key=lambda b: (b["side"], b["where"], b.get("id", "")))
    return shown, off


def view(st: Position, role: str, steps: StepRegistry) -> dict[str, Any]:
    """A JSON-ready dict of what ``role`` ("athens", "sparta" or "all") may know."""
    reader = _reader(role)
    b = st.board
    blocks, off = _blocks(st, reader)
    hands = {s: (sorted(st.hands[s]) if reader in (s, "all") else {"count": len(st.hands[s])})
             for s in SIDES}
    top = st.stack[-1] if st.stack else None
    prompt: dict[str, Any] = {"kind": top["kind"] if top else "stopped"}
    if top is not None:
        step = steps.step_for(top)
        who = step.deciders(st, top) if not step.terminal else ()
        prompt.update(sides=[SIDES[i] for i in who], text=step.text(st, top),
                      rules=list(step.rules))
        if top["kind"] == "ops":
            prompt["mps"] = top["mps"]
        if top["kind"] in ("battle", "retreat", "regroup", "battles", "sally"):
            prompt["hex"] = top.get("hex")
        if top["kind"] == "battle" and top["pending"]:  # blocks in battle are revealed (§5.4)
            p = top["pending"]
            prompt["battle"] = {"hex": top["hex"], "round": p["round"], "block": p["block"],
                                "options": list(p["options"]), "blocks": p["blocks"]}
        if top["kind"] == "bidding":  # the last bid is public (§10.3)
            prompt["bid"] = top["last"]
        if top["kind"] == "cards":
            prompt["picked"] = sorted(top["chosen"])
            if reader in top["chosen"] or reader == "all":
                prompt["my_card"] = {s: c for s, c in top["chosen"].items()
                                     if reader in (s, "all")}
    extra = {"undealt": list(st.rest)} if reader == "all" else {}  # the teacher sees all
    if seats_swapped(st):  # tourney bidding: the players changed seats (§10.3)
        extra["seats_swapped"] = True
    if st.sicily:  # the optional Syracuse points: own card, both once Syracuse is attacked
        out = "syracuse" in b.values
        extra["sicily"] = {"cards": {s: c if out or reader in (s, "all") else None
                                     for s, c in st.sicily.items()},
                           "value": b.values.get("syracuse")}
    return {
        **extra,
        "game": "athens-sparta", "scenario": st.scenario, "viewer": reader,
        "olympiad": b.olympiad, "turn": b.turn, "turns": turns_now(st), "blocks": blocks,
        "off_map": off,
        "control": dict(sorted(b.control.items())), "besieged": dict(sorted(b.besieged.items())),
        "blockaded": dict(sorted(b.blockaded.items())), "hands": hands,
        "shown": dict(st.shown), "points": victory_points(b, st.world, b.persia != "none"),
        "persia": b.persia, "prompt": prompt,
        "log": log_for(st, reader),
    }
