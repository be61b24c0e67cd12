"""§2 B.2 and §10: reinforcements arriving in their rear base, with the choices the scenarios
leave to the player.

- A reinforcement the scenario lets come to one of two rear bases ("in Thrace or at Thasos",
  §10.1, §10.4: ``or_at`` in the data) or as one of two types ("one unit of type P or type A",
  §10.4: ``or_type``) is a decision of its owner (frame ``arrive``): one choice for the whole
  group, a base and a type together. Only bases free of enemy units are offered; with none
  free the group waits a turn (§2 B.2). The first choice listed is the data's own (its rear
  base, its first type), the one the engine took before the choice was asked.
- A generic reinforcement ("two P units", §10.4) is made of counters of the supply (not in
  play; in the campaign 10.4 also eliminated ones, §10) its owner picks one at a time (frame
  ``bring`` with ``need``: the types and how many of each), when the supply holds counters of
  that type that differ and more of them than come; "0" means every one left (no choice).
  The first of the supply is listed first: the engine's pick before the player had it.
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


def _open(st: State, pool: list[int], n: int) -> bool:
    """Whether taking ``n`` counters of ``pool`` is a choice: more of them than come, and not
    all alike."""
    return 0 < n < len(pool) and len(one_of_each(st, pool)) > 1


def _choosing(st: State, side: int, need: dict, taken: list[str]) -> bool:
    """Whether the generic part ``need`` of a group leaves its owner a choice (:func:`_open`
    for some type of it)."""
    return any(_open(st, [W.unit_index[u] for u in available(st, side, kind)
                          if u not in taken], n) for kind, n in need.items())


def land(st: State, p: dict, at: str, kind: str) -> bool:
    """Group ``p`` arrives at ``at``, its swappable type taken as ``kind``: at once, or, when
    its generic part leaves a choice, once its owner has picked the counters (a frame
    ``bring`` pushed; False)."""
    side = SIDES.index(p["side"])
    need = _need(st, p, kind)
    if not _choosing(st, side, need, p["units"]):
        arrive(st, side, at, _units_of(st, p, kind), p["leaders"], "reinforcements")
        return True
    # the types that come whole ("0") come with the named units; the others are picked
    every = generic_units(st, side, {k: 0 for k, n in need.items() if n == 0}, p["units"])
    push(st, {"kind": "bring", "side": side, "at": at, "n": sum(need.values()),
              "need": [[k, n] for k, n in need.items() if n > 0],
              "picked": [*p["units"], *every], "leaders": list(p["leaders"])})
    return False


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


def _need(st: State, p: dict, kind: str) -> dict[str, int]:
    """The generic part of group ``p`` (type: how many, 0 every one left), its swappable
    type (``or_type``) taken as ``kind`` ("": as listed)."""
    generic = dict(p.get("generic", {}))
    g = data_group(st, p)
    if kind and g is not None and g.or_type:
        (listed, _), = g.or_type.items()
        generic[kind] = generic.pop(listed)
    return generic


def _units_of(st: State, p: dict, kind: str) -> list[str]:
    """The units group ``p`` brings, its swappable type taken as ``kind`` ("": as listed),
    the generic ones the first of the supply."""
    side = SIDES.index(p["side"])
    return [*p["units"], *generic_units(st, side, _need(st, p, kind), p["units"])]


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
            rest = [*keep, *st.pending[k + 1:]]
            if not land(st, p, at, kind):
                st.pending = rest
                return False
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


def _what(st: State, p: dict, kind: str) -> str:
    """Words for the counters group ``p`` brings as ``kind``: named, or, where the owner
    picks them next, how many of which type."""
    side = SIDES.index(p["side"])
    need = _need(st, p, kind)
    if _choosing(st, side, need, p["units"]):
        named = [UNITS[W.unit_index[u]].label() for u in p["units"]]
        return ", ".join([*named, *(f"{n} {k} unit{'s' * (n > 1)} of your choice (next)"
                                    if n else f"every {k} unit left"
                                    for k, n in need.items())])
    units = [UNITS[W.unit_index[u]].label() for u in _units_of(st, p, kind)]
    return ", ".join(units) if units else "no unit (none of that type is left)"


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
            what = _what(st, p, kind)
            words = f", as {TYPE_WORDS[kind]}" if kind else ""
            out.append({"type": "arrive", "side": SIDES[side], "at": at, "unit_type": kind,
                        "label": f"reinforcements to {zname(at)}{words}: {what} "
                                 f"(§{scen_id(st)})"})
        return out

    def apply(self, st: State, frame: dict, action: dict) -> None:
        pop(st, frame)
        land(st, frame["group"], action["at"], action["unit_type"])

    def text(self, st: State, frame: dict) -> str:
        return (f"{SIDES[frame['side']].title()} picks where (and as what) its reinforcements "
                f"arrive: {_bases_words(st, frame['group'])}")


def _wanted(frame: dict) -> tuple[str, int]:
    """The type of the next counter a frame ``bring`` picks ("any": every type) and how many
    of it are still to come."""
    if "need" in frame:
        return next(((k, n) for k, n in frame["need"] if n > 0), ("any", 0))
    return "any", frame["n"]


def _less(frame: dict, kind: str, by: int | None = None) -> list[list]:
    """``frame``'s need with ``by`` fewer of ``kind`` to come (None: none more)."""
    return [[k, (0 if by is None else n - by) if k == kind and n > 0 else n]
            for k, n in frame["need"]]


class Bring(Step):
    """The owner picks the counters a reinforcement brings, one at a time (module docstring):
    a generic reinforcement's (``need``), the campaign's S15 ("any two") or S16's (Perdiccas,
    ``s16`` in the frame: with S16 he may stop before the third, "at most three", §7 S16)."""

    kind = "bring"
    rules = ("10.4",)

    def _left(self, st: State, frame: dict) -> list[int]:
        """Every counter the next pick may be (alike ones included)."""
        kind, n = _wanted(frame)
        if n <= 0:
            return []
        side, picked = frame["side"], frame["picked"]
        if frame.get("s16"):  # allied units of the supply not yet in the game (§7 S16)
            return [i for i in optional_units(st, side) if UNITS[i].nation == "allied"
                    and UNITS[i].id not in picked]
        return [W.unit_index[u] for u in available(st, side, kind) if u not in picked]

    def _pool(self, st: State, frame: dict) -> list[int]:
        return one_of_each(st, self._left(st, frame))

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        if frame.get("s16"):
            return (frame["side"],) if self._pool(st, frame) else ()
        # a choice only when counters that differ are left and not all of them come
        return (frame["side"],) if _open(st, self._left(st, frame), _wanted(frame)[1]) else ()

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != frame["side"]:
            return []
        why = "S16, §7" if frame.get("s16") else ("§10.4" if "need" in frame else "S15, §10.4")
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
        if pool:  # one kind of unit left to pick from, or every one comes: no choice
            self._take(st, frame, UNITS[pool[0]].id)
        elif "need" in frame and _wanted(frame)[1] > 0:  # none of this type left
            replace_top(st, need=_less(frame, _wanted(frame)[0]))
        else:
            self._end(st, frame)

    def apply(self, st: State, frame: dict, action: dict) -> None:
        if action["type"] == "enough":
            self._end(st, frame)
        else:
            self._take(st, frame, action["unit"])

    def _take(self, st: State, frame: dict, uid: str) -> None:
        more = {"need": _less(frame, _wanted(frame)[0], 1)} if "need" in frame else {}
        replace_top(st, n=frame["n"] - 1, picked=[*frame["picked"], uid], **more)

    def _end(self, st: State, frame: dict) -> None:
        pop(st, frame)
        side, picked = frame["side"], frame["picked"]
        if "need" in frame:
            arrive(st, side, frame["at"], picked, frame["leaders"], "reinforcements")
            return
        if not frame.get("s16"):
            arrive(st, side, frame["at"], picked, [], "optional reinforcements (S15)")
            return
        for uid in picked:
            i = W.unit_index[uid]
            st.ustat[i], st.uloc[i], st.fresh[i] = IN_PLAY, frame["at"], True
        st.event("perdiccas", "7", f"{len(picked)} allied unit(s) arrive in Macedonia", side)

    def text(self, st: State, frame: dict) -> str:
        if "need" in frame:
            kind, n = _wanted(frame)
            return (f"{SIDES[frame['side']].title()} picks which {kind} counters its "
                    f"reinforcements bring to {zname(frame['at'])} ({n} left, §10.4)")
        what = "S16 (Perdiccas)" if frame.get("s16") else "S15"
        return (f"{SIDES[frame['side']].title()} picks the units its {what} brings to "
                f"{zname(frame['at'])} ({frame['n']} left)")


STEPS = (Arrive(), Bring())
