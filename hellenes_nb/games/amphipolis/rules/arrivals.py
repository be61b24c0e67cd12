"""§2 B.2 and §10: reinforcements arriving in their rear base, with the choices the scenarios
leave to the player.

- A reinforcement the scenario lets come to one of two rear bases ("in Thrace or at Thasos",
  §10.1, §10.4: ``or_at`` in the data) or as one of two types ("one unit of type P or type A",
  §10.4: ``or_type``) is a decision of its owner (frame ``arrive``): one choice for the whole
  group, a base and a type together. Only bases free of enemy units are offered; with none
  free the group waits a turn (§2 B.2). The first choice listed is the data's own (its rear
  base, its first type), the one the engine took before the choice was asked.
- A generic reinforcement ("two P units") takes the first such counters of the supply (not in
  play; in the campaign 10.4 also eliminated ones, §10); "0" means every one left.
- The campaign's optional S15 reinforcement, "any two available units (player's choice)"
  (§10.4, ``generic: {any: 2}``): the owner picks them one at a time among the supply (frame
  ``bring``), the first of the supply listed first.

Groups are dealt with in the data's order, so the log reads as it did before these choices.
:func:`deploy` returns False when it has pushed a frame for a choice: the turn's stage runs
again once the choice is made and goes on with the groups after it."""

from __future__ import annotations

from hellenes_nb.core.steps import Step, pop, push, replace_top
from hellenes_nb.games.amphipolis.rules.common import (
    UNITS,
    W,
    one_of_each,
    present,
    scen_id,
    scenario_of,
    zname,
)
from hellenes_nb.games.amphipolis.rules.stratagems import optional_units
from hellenes_nb.games.amphipolis.state import IN_PLAY, IN_POOL, OUT, SIDES, State

__all__ = ["STEPS", "available", "data_group", "deploy", "deploy_optional", "to_come"]

#: the action types each frame of this module takes (an older save's moves hold none, see
#: :mod:`..oldsaves`)
ASKED = {"arrive": ("arrive",), "bring": ("bring", "enough")}
TYPE_WORDS = {"T": "a trireme", "H": "a hoplite", "C": "a cavalry unit", "P": "a peltast",
              "A": "an archer"}


def available(st: State, side: int, kind: str) -> list[str]:
    """The side's counters of type ``kind`` ("any": every type) not in play: not yet arrived,
    and in the campaign 10.4 also eliminated ones (§10); a scenario's named reinforcements
    still to come are kept for their turn."""
    back = scen_id(st) == "10.4"
    named = {u for p in st.pending for u in p["units"]}
    return [u.id for i, u in enumerate(UNITS) if u.side == side and u.id not in named
            and (kind == "any" or u.type == kind) and f"gone:{u.id}" not in st.used
            and (st.ustat[i] == IN_POOL or back and st.ustat[i] == OUT)]


def generic_units(st: State, side: int, generic: dict, taken: list[str]) -> list[str]:
    out: list[str] = []
    for kind, n in generic.items():
        pool = [u for u in available(st, side, kind) if u not in taken and u not in out]
        out += pool if n == 0 else pool[:n]
    return out


def arrive(st: State, side: int, at: str, units: list[str], leaders: list[str],
           what: str) -> None:
    for u in units:
        i = W.unit_index[u]
        st.ustat[i], st.uloc[i], st.fresh[i] = IN_PLAY, at, True
    for lid in leaders:
        k = W.leader_index[lid]
        st.lstat[k], st.lloc[k], st.lfresh[k] = IN_PLAY, at, True
    names = [W.leaders[W.leader_index[x]].name for x in leaders] + \
        [UNITS[W.unit_index[u]].label() for u in units]
    st.event("reinforcements", "2", f"{SIDES[side].title()}'s {what} arrive in {zname(at)}: "
             f"{', '.join(names)}", side)


def data_group(st: State, p: dict):  # noqa: ANN202 (a files.Group or None)
    """The scenario's record of the pending group ``p`` (its choices are read there, so the
    pending groups of a position keep the shape they always had): the latest record alike
    due by ``p``'s turn (a group that waited or was delayed keeps its own record, and two
    groups alike on turns 3 and 6 of §10.4 are told apart)."""
    alike = [g for g in scenario_of(st).reinforcements
             if (g.side, g.at, list(g.units), list(g.leaders), dict(g.generic)) ==
             (p["side"], p["at"], p["units"], p["leaders"], p.get("generic", {}))]
    due = [g for g in alike if g.turn is None or g.turn <= p["turn"]]
    return max(due, key=lambda g: g.turn or 0) if due else (alike[0] if alike else None)


def to_come(st: State, p: dict) -> dict:
    """Pending group ``p`` for the view: with the other rear bases (``or_at``) and the type
    it may take instead (``or_type``) the scenario leaves to its owner."""
    g = data_group(st, p)
    return {**p, "or_at": list(g.or_at) if g else [], "or_type": dict(g.or_type) if g else {}}


def choices(st: State, p: dict) -> list[tuple[str, str]]:
    """The (rear base, type) pairs group ``p`` may arrive as now: bases free of enemy units,
    the data's first; the listed type and the other one if the supply has it ("" when the
    group has no choice of type). [] when no base is free."""
    side = SIDES.index(p["side"])
    g = data_group(st, p)
    bases = [b for b in (p["at"], *(g.or_at if g else ())) if not present(st, b, 1 - side)]
    types = [""]
    if g is not None and g.or_type:
        (kind, other), = g.or_type.items()
        # the listed type always (with none left the group brings nothing of it, as the
        # engine did before the choice; old saves replay so), the other one while there is
        # a counter of it in the supply
        types = [kind, *([other] if available(st, side, other) else [])]
    return [(b, t) for b in bases for t in types]


def _units_of(st: State, p: dict, kind: str) -> list[str]:
    """The units group ``p`` brings, its swappable type taken as ``kind`` ("": as listed)."""
    side = SIDES.index(p["side"])
    generic = dict(p.get("generic", {}))
    g = data_group(st, p)
    if kind and g is not None and g.or_type:
        (listed, _), = g.or_type.items()
        n = generic.pop(listed)
        generic[kind] = n
    return [*p["units"], *generic_units(st, side, generic, p["units"])]


def deploy(st: State) -> bool:
    """The reinforcements due now arrive (module docstring); False when a choice waits."""
    keep = []
    for k, p in enumerate(st.pending):
        side = SIDES.index(p["side"])
        if p["turn"] > st.turn:
            keep.append(p)
            continue
        ways = choices(st, p)
        if not ways:
            keep.append({**p, "turn": st.turn + 1})
            st.event("postponed", "2", f"{p['side'].title()}'s reinforcements cannot land in "
                     f"{_bases_words(st, p)}: they come next turn", side)
        elif len(ways) == 1:
            (at, kind), = ways
            arrive(st, side, at, _units_of(st, p, kind), p["leaders"], "reinforcements")
        else:
            st.pending = [*keep, *st.pending[k + 1:]]
            push(st, {"kind": "arrive", "side": side, "group": p})
            return False
    st.pending = keep
    return True


def _bases_words(st: State, p: dict) -> str:
    g = data_group(st, p)
    return " or ".join(zname(b) for b in (p["at"], *(g.or_at if g else ())))


def deploy_optional(st: State, side: int) -> bool:
    """The optional reinforcements ``side`` called with S15 arrive with the others, unless
    the enemy holds their rear base (then next turn, §2 B.2); False when the player picks
    them (a frame ``bring`` pushed)."""
    name = SIDES[side]
    if f"due:{name}" not in st.used:
        return True
    groups = [g for g in scenario_of(st).optional if g.side == name]
    if any(present(st, g.at, 1 - side) for g in groups):
        st.event("postponed", "2", f"{name.title()}'s optional reinforcements cannot "
                 "arrive in a rear base held by the enemy: they come next turn", side)
        return True
    st.used = [u for u in st.used if u != f"due:{name}"]
    for g in groups:
        units = [u for u in g.units if st.ustat[W.unit_index[u]] == IN_POOL]
        if g.generic.get("any"):
            push(st, {"kind": "bring", "side": side, "at": g.at, "n": g.generic["any"],
                      "picked": units})
            return False
        units += generic_units(st, side, dict(g.generic), units)
        arrive(st, side, g.at, units, [], "optional reinforcements (S15)")
    return True


class Arrive(Step):
    """The owner of a reinforcement with a choice picks its rear base and type (module
    docstring)."""

    kind = "arrive"
    rules = ("10",)

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        return (frame["side"],)

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != frame["side"]:
            return []
        p = frame["group"]
        out = []
        for at, kind in choices(st, p):
            units = [UNITS[W.unit_index[u]].label() for u in _units_of(st, p, kind)]
            what = ", ".join(units) if units else "no unit (none of that type is left)"
            words = f", as {TYPE_WORDS[kind]}" if kind else ""
            out.append({"type": "arrive", "side": SIDES[side], "at": at, "unit_type": kind,
                        "label": f"reinforcements to {zname(at)}{words}: {what} "
                                 f"(§{scen_id(st)})"})
        return out

    def apply(self, st: State, frame: dict, action: dict) -> None:
        p = frame["group"]
        pop(st, frame)
        arrive(st, frame["side"], action["at"], _units_of(st, p, action["unit_type"]),
               p["leaders"], "reinforcements")

    def text(self, st: State, frame: dict) -> str:
        return (f"{SIDES[frame['side']].title()} picks where (and as what) its reinforcements "
                f"arrive: {_bases_words(st, frame['group'])}")


class Bring(Step):
    """The owner of S15 in the campaign, or of S16 (Perdiccas, ``s16`` in the frame), picks
    the units it brings, one at a time (module docstring); with S16 he may stop before the
    third ("at most three", §7 S16)."""

    kind = "bring"
    rules = ("10.4",)

    def _pool(self, st: State, frame: dict) -> list[int]:
        if frame["n"] <= 0:
            return []
        side, picked = frame["side"], frame["picked"]
        if frame.get("s16"):  # allied units of the supply not yet in the game (§7 S16)
            ids = [i for i in optional_units(st, side) if UNITS[i].nation == "allied"
                   and UNITS[i].id not in picked]
            return one_of_each(st, ids)
        ids = [u for u in available(st, side, "any") if u not in picked]
        return one_of_each(st, [W.unit_index[u] for u in ids])

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        pool = self._pool(st, frame)
        return (frame["side"],) if len(pool) > 1 or pool and frame.get("s16") else ()

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != frame["side"]:
            return []
        why = "S16, §7" if frame.get("s16") else "S15, §10.4"
        out = [{"type": "bring", "side": SIDES[side], "unit": UNITS[i].id,
                "label": f"bring the {UNITS[i].label()} ({UNITS[i].nation}, {UNITS[i].id}) "
                         f"to {zname(frame['at'])} ({why})"}
               for i in self._pool(st, frame)]
        if out and frame.get("s16"):
            out.append({"type": "enough", "side": SIDES[side],
                        "label": f"bring no more units ({len(frame['picked'])} of at most 3, "
                                 "S16)"})
        return out

    def run(self, st: State, frame: dict) -> None:
        pool = self._pool(st, frame)
        if pool:  # one kind of unit left to pick from: no choice
            self._take(st, frame, UNITS[pool[0]].id)
        else:
            self._end(st, frame)

    def apply(self, st: State, frame: dict, action: dict) -> None:
        if action["type"] == "enough":
            self._end(st, frame)
        else:
            self._take(st, frame, action["unit"])

    def _take(self, st: State, frame: dict, uid: str) -> None:
        replace_top(st, n=frame["n"] - 1, picked=[*frame["picked"], uid])

    def _end(self, st: State, frame: dict) -> None:
        pop(st, frame)
        side, picked = frame["side"], frame["picked"]
        if not frame.get("s16"):
            arrive(st, side, frame["at"], picked, [], "optional reinforcements (S15)")
            return
        for uid in picked:
            i = W.unit_index[uid]
            st.ustat[i], st.uloc[i], st.fresh[i] = IN_PLAY, frame["at"], True
        st.event("perdiccas", "7", f"{len(picked)} allied unit(s) arrive in Macedonia", side)

    def text(self, st: State, frame: dict) -> str:
        what = "S16 (Perdiccas)" if frame.get("s16") else "S15"
        return (f"{SIDES[frame['side']].title()} picks the units its {what} brings to "
                f"{zname(frame['at'])} ({frame['n']} left)")


STEPS = (Arrive(), Bring())
