"""Revolts as a Move Phase action (§7.0, §7.1; aid "Revolts", "Helot Revolts"), on the rules of
:mod:`.revolts`.

- ``revolt`` {side, city, mps}: spend ``mps`` of the card's MPs to set the side's revolt block
  (Athens' Demos, Sparta's Tyrants) in an enemy major city at that strength. In a city with no
  enemy block it wins at once and the city changes hands; otherwise the city is attacked and
  the revolt is fought in the Combat Phase as a battle in which every defender may help.
- ``helot_revolt`` {side, mps}: Athens raises the Helots at Messene instead (once an
  Olympiad, §7.1).

A revolt block never retreats: if enemy blocks are left in the city after the battle it is
eliminated (the aid: a failed revolt block is disbanded; §7.1 for the Helots). One revolt a
side per city per Olympiad (the aid), kept in ``Position.revolts``.
"""

from __future__ import annotations

from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.athens_sparta.position import Position
from hellenes_nb.games.athens_sparta.rules.revolts import (
    REVOLT_BLOCK,
    raise_revolt,
    revolt_problem,
)

__all__ = ["REVOLT_TYPES", "apply_revolt", "revolt_actions", "revolt_refusal"]

REVOLT_TYPES = ("demos", "tyrants", "helots")


def _done(st: Position) -> frozenset:
    return frozenset(tuple(x) for x in st.revolts)


def _target(action: dict) -> tuple[str, bool]:
    if action["type"] == "helot_revolt":
        return "messene", True
    return action["city"], False


def revolt_actions(st: Position, frame: dict, side: str) -> list[dict]:
    """Every revolt the side may raise now, at each strength its MPs allow."""
    out = []
    steps = {x.id: x.steps for x in st.world.blocks}
    for city in sorted(st.world.cities):
        for helots in (False, True):
            block = "helots" if helots else REVOLT_BLOCK[side]
            top = min(frame["mps"], steps[block])
            if top < 1 or revolt_problem(st.world, st.board, side, city, 1, helots=helots,
                                         done=_done(st)):
                continue
            for n in range(1, top + 1):
                if helots:
                    out.append({"type": "helot_revolt", "side": side, "mps": n,
                                "label": f"raise the Helots at Messene ({n} MP)"})
                else:
                    out.append({"type": "revolt", "side": side, "city": city, "mps": n,
                                "label": f"raise a revolt in {city} ({n} MP)"})
    return out


def revolt_refusal(st: Position, frame: dict, action: dict) -> IllegalAction | None:
    """Why the revolt ``action`` is refused (None: it may be raised)."""
    city, helots = _target(action)
    if action["mps"] > frame["mps"]:
        return IllegalAction(f"a revolt of {action['mps']} MP needs that many MPs; "
                             f"{frame['mps']} are left", "7.0")
    problem = revolt_problem(st.world, st.board, action["side"], city, action["mps"],
                             helots=helots, done=_done(st))
    if problem:
        return IllegalAction(problem, "7.1" if helots else "7.0")
    return None


def apply_revolt(st: Position, frame: dict, action: dict) -> dict:
    """Raise the revolt; returns the changes to the Move Phase's frame (MPs spent, the block
    moved, the city attacked when defended)."""
    side = action["side"]
    city, helots = _target(action)
    done = raise_revolt(st.world, st.board, side, city, action["mps"], helots=helots,
                        done=_done(st))
    marks = [[side, city]] + ([[side, "helots"]] if helots else [])
    st.revolts = [*st.revolts, *marks]
    name = st.world.cities[city].name
    st.event("revolt", "7.1" if helots else "7.0", f"{side} raises a revolt in {name} with "
             f"{action['mps']} step(s){': the city falls at once' if done.won else ''}", side)
    hex_id = st.world.cities[city].hex or city  # Syracuse: its box (§9.2)
    changes = {"mps": frame["mps"] - action["mps"], "moved": [*frame["moved"], done.block],
               "from": {**frame["from"], done.block: hex_id}}
    if not done.won and hex_id not in frame["attacks"]:
        changes["attacks"] = [*frame["attacks"], hex_id]
    return changes
