"""Movement (§6.3–§6.5): one group of armies along the roads, or one group of fleets from one
port to another, perhaps carrying armies. How many armies or fleets move, and how many armies
they carry, are part of each legal action, so nothing is left for a client to fill in.

A land move stops where the rules say (§6.4, :func:`~.board.land_targets`) and brings a land
battle if enemy armies are there (§7.1). A naval move brings a naval battle if enemy fleets are
in the destination port (§7.2); the carried armies land once the port is clear, and fight if
enemy armies hold the city (§6.5)."""

from __future__ import annotations

from hellenes_nb.core.steps import IllegalAction, pop, push
from hellenes_nb.games.earth_water.index import PORTS, SIDE_NAMES, N
from hellenes_nb.games.earth_water.rules.board import (
    SPARTA,
    land_movers,
    land_targets,
    naval_movers,
)
from hellenes_nb.games.earth_water.rules.common import (
    SideStep,
    action,
    adj,
    city_id,
    city_of,
    name,
    plural,
    word,
)
from hellenes_nb.games.earth_water.state import State

__all__ = ["STEPS", "can_land_move", "can_move", "can_naval_move", "move_frame"]

#: at most three armies ride on fleets, however many fleets sail (§6.5)
MAX_CARRIED = 3
#: cards whose move changes the battle it brings: Cavalry of Mardonius (Persia), Leonidas
#: (Greece); and those that score after it: The Great King (Persia), Evangelion (Greece)
CAVALRY, GREAT_KING, LEONIDAS, EVANGELION, THEMISTOCLES = 1, 7, 8, 10, 5


def move_frame(side: int, *, land: bool, naval: bool, carry: bool = True, single: bool = False,
               event: int = 0, optional: bool = False, exclude: int = -1) -> dict:
    """A movement to make: by ``land`` and/or ``naval``; ``carry``: fleets may carry armies;
    ``single``: exactly one army (Leonidas); ``event``: the card whose move it is;
    ``optional``: it may be skipped; ``exclude``: a port whose fleets may not sail."""
    return {"kind": "move", "side": side, "land": land, "naval": naval, "carry": carry,
            "single": single, "event": event, "optional": optional, "exclude": exclude}


def can_land_move(st: State, side: int) -> bool:
    return bool(land_movers(st, side))


def can_naval_move(st: State, side: int, exclude: int = -1) -> bool:
    return bool(naval_movers(st, side, exclude))


def can_move(st: State, side: int) -> bool:
    """Whether a card played to move could move anything (§6.3)."""
    return can_land_move(st, side) or can_naval_move(st, side)


def may_carry(st: State, side: int, port: int, frame: dict) -> int:
    """How many armies fleets leaving ``port`` may carry (§6.5); none when the move forbids it
    (Triremes, Themistocles) or from Sparta during the Carneia Festival (card 4)."""
    if not frame["carry"] or (side == 0 and port == SPARTA and st.has("carneia")):
        return 0
    return min(MAX_CARRIED, st.u[side * N + port])


class Move(SideStep):
    """Choose the group that moves, how many, and where (§6.3–§6.5)."""

    kind = "move"
    rules = ("6.3",)

    def options(self, st: State, frame: dict, side: int) -> list[dict]:
        out: list[dict] = []
        u = st.u
        if frame["land"]:
            enemy = (1 - side) * N
            for c in land_movers(st, side):
                have = u[side * N + c]
                counts = (1,) if frame["single"] else range(1, have + 1)
                here, there_id = name(c), city_id(c)
                for d, _via in land_targets(st, side, c).items():
                    fight = " (battle)" if u[enemy + d] else ""
                    to, to_id = name(d), city_id(d)
                    out += [action("land_move", side, f"Move {plural(k, 'army', 'armies')} "
                                   f"from {here} to {to}{fight} (§6.4)", **{"from": there_id},
                                   to=to_id, armies=k) for k in counts]
        if frame["naval"]:
            for p in naval_movers(st, side, frame["exclude"]):
                have = u[(2 + side) * N + p]
                most = may_carry(st, side, p, frame)
                here, p_id = name(p), city_id(p)
                loads = [f" carrying {plural(a, 'army', 'armies')}" if a else ""
                         for a in range(most + 1)]
                for q in PORTS:
                    if q == p:
                        continue
                    to, q_id = name(q), city_id(q)
                    for f in range(1, have + 1):
                        sail = f"Sail {plural(f, 'fleet')} from {here} to {to}"
                        out += [{"type": "naval_move", "side": SIDE_NAMES[side], "from": p_id,
                                 "to": q_id, "fleets": f, "armies": a,
                                 "label": f"{sail}{loads[a]} (§6.5)"}
                                for a in range(min(f, most) + 1)]
        if frame["optional"]:
            out.append(action("skip_move", side, "Make no move (§6.3)"))
        return out

    def act(self, st: State, frame: dict, act: dict) -> None:
        side = frame["side"]
        pop(st, frame)
        if act["type"] == "skip_move":
            st.event("no_move", "6.3", f"{word(side)} makes no move.", side)
        elif act["type"] == "land_move":
            self.land(st, frame, side, city_of(act, "from"), city_of(act, "to"), act["armies"])
        elif act["type"] == "naval_move":
            self.naval(st, frame, side, city_of(act, "from"), city_of(act, "to"),
                       act["fleets"], act["armies"])
        else:
            raise IllegalAction(f"{act['type']!r} is not a move", "6.3")

    @staticmethod
    def land(st: State, frame: dict, side: int, start: int, end: int, k: int) -> None:
        via = land_targets(st, side, start)[end]
        st.u[side * N + start] -= k
        st.u[side * N + end] += k
        st.event("land_move", "6.4", f"{word(side)} moves {plural(k, 'army', 'armies')} by road "
                 f"from {name(start)} to {name(end)}.", side, **{"from": city_id(start)},
                 to=city_id(end), armies=k)
        if st.u[(1 - side) * N + end]:
            event = frame["event"]
            push(st, {"kind": "battle", "type": "land", "city": end, "attacker": side,
                      "stage": "begin", "came_from": via, "by_sea": -1, "moved": 0,
                      "event": event, "bonus": LEONIDAS if event == LEONIDAS else 0,
                      "cavalry": event == CAVALRY and side == 1, "no_retreat": False})

    @staticmethod
    def naval(st: State, frame: dict, side: int, start: int, end: int, f: int, a: int) -> None:
        st.u[(2 + side) * N + start] -= f
        st.u[(2 + side) * N + end] += f
        st.u[side * N + start] -= a
        load = f" carrying {plural(a, 'army', 'armies')}" if a else ""
        st.event("naval_move", "6.5", f"{word(side)} sails {plural(f, 'fleet')} from "
                 f"{name(start)} to {name(end)}{load}.", side, **{"from": city_id(start)},
                 to=city_id(end), fleets=f, armies=a)
        event = frame["event"]
        if event == THEMISTOCLES and end == frame["exclude"]:
            return  # the Greek fleets join the defence of the port Persia sails to (card 5)
        push(st, {"kind": "battle", "type": "naval", "city": end, "attacker": side,
                  "origin": start, "carried": a, "moved": f, "event": event,
                  "stage": "themistocles" if side == 1 else "check",
                  "no_retreat": event == THEMISTOCLES})

    def text(self, st: State, frame: dict) -> str:
        how = " or ".join(w for w, on in (("by land", frame["land"]), ("by sea", frame["naval"]))
                          if on)
        what = {CAVALRY: "Cavalry of Mardonius", GREAT_KING: "The Great King",
                LEONIDAS: "Leonidas", EVANGELION: "Evangelion", THEMISTOCLES: "Themistocles",
                12: "Molon Labe", 13: "Triremes"}.get(frame["event"], "")
        why = f" ({what})" if what else ""
        return f"{adj(frame['side'])} movement{why}: {word(frame['side'])} moves {how}"


STEPS = (Move(),)
