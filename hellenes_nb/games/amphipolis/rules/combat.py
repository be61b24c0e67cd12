"""§4.1–4.2 Combat on both maps: the odds rounded for the defender, the column and die
modifiers of the Combat Results Table, its results (§4.2.1: E, A, a fraction of the units
reduced, R) and the retreat of the defeated side (§4.2.2, both maps). On the main map the
terrain (die modifier f) and the way the attacker came in (column shifts c to f, kept by the
action phase in the battle frame's ``entered``) count, and after a combat with both Brasidas
and Cleon the winner scores 5 VP (§9.2) and the two roll for their lives (the note under the
table, :mod:`.deaths`).

Which side wins each cell was printed in bold and is lost in the translation: the winners are
in ``data/amphipolis/crt.yaml``, decided as docs/rules-decisions.md says. An operational zone has
no terrain (no column or die modifier f there).

Frames: ``battle`` (automatic, in stages: strategem windows, the roll, the Advantage's
re-roll, the results, the retreat), ``loss`` (the owner picks each unit to reduce, or to
eliminate over a stacking limit after a retreat, §3.3) and ``retreat`` (the defeated side
picks where it goes)."""

from __future__ import annotations

from fractions import Fraction

from hellenes_nb.core.steps import IllegalAction, Step, pop, push, replace_top
from hellenes_nb.games.amphipolis.rules.common import (
    ATHENS,
    OPS,
    SPARTA,
    UNITS,
    W,
    bonus,
    capture_lonely,
    eliminate,
    kill_leader,
    leaders_at,
    may_use,
    one_of_each,
    present,
    reduce,
    strength,
    units_at,
    zname,
)
from hellenes_nb.games.amphipolis.rules.deaths import death_rolls
from hellenes_nb.games.amphipolis.rules.marching import amphibious_targets, over_stack
from hellenes_nb.games.amphipolis.rules.movement import NO_ENTRY, step_cost
from hellenes_nb.games.amphipolis.rules.stratagems import window_frames
from hellenes_nb.games.amphipolis.state import SIDES, State

__all__ = ["STEPS", "column", "modifiers", "odds", "retreats", "table", "units_to_reduce"]

#: the odds columns, attacker to defender (§4.2)
COLUMNS = tuple(tuple(int(n) for n in name.split(" to ")) for name in W.crt.columns)
FRACTIONS = {"1/4": Fraction(1, 4), "1/2": Fraction(1, 2), "3/4": Fraction(3, 4)}


def column(att: int, dfd: int) -> int:
    """The odds column, rounded in the defender's favour (§4.2): the highest column whose
    ratio the attacker reaches; below 1–3 the first."""
    col = 0
    for k, (a, b) in enumerate(COLUMNS):
        if att * b >= a * dfd:
            col = k
    return col


def table(col: int, total: int) -> tuple[str, str, int]:
    """The cell of the table: (attacker's result, defender's result, winner 0/1); ``total``
    is the modified die, read as -1 or less ... 8 or more."""
    row = min(8, max(-1, total)) + 1
    return W.crt.cells[row][min(6, max(0, col))]


def units_to_reduce(result: str, units: int) -> int:
    """How many of ``units`` a fractional result reduces (§4.2.1): rounded down, in the
    owner's favour, but at least one."""
    return max(1, int(FRACTIONS[result] * units))


def _played(mods: list, side: int, number: int) -> bool:
    return any(m[0] == side and m[1] == number for m in mods)


def odds(st: State, zone: str, attacker: int, mods: list) -> tuple[int, int]:
    """Both sides' PF in the combat; a unit cancelled by S9 does not count (§7 S9); a combined
    attack (S8) adds the PF it brings."""
    gone = {m[2] for m in mods if m[1] == 9}
    pf = [sum(strength(st, i) for i in units_at(st, zone, s, land=True) if i not in gone)
          + sum(m[2] for m in mods if m[1] == 8 and m[0] == s) for s in (0, 1)]
    return pf[attacker], pf[1 - attacker]


def _ground(st: State, zone: str, entered: list[str]) -> tuple[int, int, list[str]]:
    """The main map's part of the modifiers (§4.2): die f for a city or humid zone (not with
    the wall's column f in a city), columns c (bridge or river), d (amphibious), e (clear into
    elevated ground), f (over a wall)."""
    z = W.zone[zone]
    if z.kind != "main":
        return 0, 0, []
    shift, drm, why = 0, 0, []
    wall = "wall" in entered
    if z.terrain == "humid" or z.terrain == "city" and not wall:
        drm -= 2
        why.append(f"combat in a {z.terrain} zone -2 (f)")
    for flag, cols, words in (("river", 1, "the attacker crossed the bridge or the river (c)"),
                              ("amphibious", 1, "the attacker came by an amphibious move (d)"),
                              ("wall", 2, "the attacker crossed a wall (f)")):
        if flag in entered:
            shift -= cols
            why.append(f"{words}: {cols} column(s) left")
    if "slope" in entered and z.terrain == "elevated":
        shift -= 1
        why.append("the attacker climbed from clear ground (e): one column left")
    return shift, drm, why


def modifiers(st: State, zone: str, attacker: int, mods: list,
              entered: tuple[str, ...] | list[str] = ()) -> tuple[int, int, list[str]]:
    """(column shift, die modifier, the reasons) of the table's modifiers (§4.2) and the
    strategems played (§7); ``entered`` says how the attacker came into a main-map zone."""
    defender = 1 - attacker
    au = [UNITS[i] for i in units_at(st, zone, attacker, land=True)]
    du = [UNITS[i] for i in units_at(st, zone, defender, land=True)]
    shift, drm, why = 0, 0, []

    def leaders(side: int) -> int:
        if _played(mods, 1 - side, 18):
            return 0
        return sum(1 for g in leaders_at(st, zone, side) if bonus(st, g))

    a = leaders(attacker) - leaders(defender)
    if a:
        drm += a
        why.append(f"leaders with a bonus {a:+d} (a)")
    if any(u.type == "H" and u.bonus for u in au) and not any(u.type == "H" and u.bonus
                                                              for u in du):
        drm += 1
        why.append("hoplites with a bonus only in the attack +1 (b)")
    if any(u.type in "AC" for u in du):
        drm -= 1
        why.append("archers or cavalry defending -1 (c)")
    if len({u.type for u in au}) >= 3:
        drm += 1
        why.append("three types of unit attacking +1 (d)")
    if du and all(u.type == "H" and u.bonus for u in du):
        drm -= 2
        why.append("only hoplites with a bonus defending -2 (e)")
    if any(u.type == "H" for u in au) and not any(u.type == "H" for u in du):
        shift += 2
        why.append("hoplites only in the attack: two columns right (a)")
    if not any(u.type == "H" for u in au) and any(u.type == "H" for u in du):
        shift -= 1
        why.append("hoplites only in the defence: one column left (b)")
    for side, number, *_ in mods:
        sign = 1 if side == attacker else -1
        if number == 5:
            drm += 2 if sign > 0 else -1
            why.append(f"S5 cavalry {'+2' if sign > 0 else '-1'}")
        elif number == 6:
            drm += 1 if sign > 0 else -2
            why.append(f"S6 peltasts {'+1' if sign > 0 else '-2'}")
        elif number == 7:
            shift += sign
            why.append("S7 Spartans: one column " + ("right" if sign > 0 else "left"))
    g_shift, g_drm, g_why = _ground(st, zone, list(entered))
    return shift + g_shift, drm + g_drm, why + g_why


def main_retreats(st: State, zone: str, side: int) -> list[str]:
    """Where a defeated side may go from a zone of the main map (§4.2.2): an adjacent land
    zone free of enemy combat units that a step may reach (not across the river without the
    bridge or the flotilla); for Athens also by an amphibious move (§3.1.3) and, from Eion,
    to Thasos with a trireme in M1. Zones the whole force fits in (§3.3) are offered first;
    when none does, any free zone, and the excess is eliminated (docs/rules-decisions.md)."""
    land = units_at(st, zone, side, land=True)
    free = [z for z in W.neighbours[zone] if W.zone[z].kind == "main" and not W.zone[z].sea
            and not present(st, z, 1 - side)
            and step_cost(W, zone, z, side=side, walls=st.walls, flotilla=st.flotilla)
            != NO_ENTRY]
    if side == ATHENS and land:
        free += [z for z in amphibious_targets(st, ATHENS, zone, land)
                 if not present(st, z, 1 - side) and z not in free]
    fit = [z for z in free if over_stack(st, z, side, len(land)) == 0]
    out = sorted(fit or free)
    if zone == "T5" and side == ATHENS and units_at(st, "M1", ATHENS, land=False):
        out.append("thasos")
    return out


def retreats(st: State, zone: str, side: int) -> list[str]:
    """Where a defeated side may go from an operational zone (§4.2.2): a zone free of enemy
    units whose garrison is its own, or a rear base it may use free of enemy units; Thasos only
    with trireme PF for every land unit (§2 D.4). From the main map: :func:`main_retreats`."""
    if W.zone[zone].kind == "main":
        return main_retreats(st, zone, side)
    out = [z for z in OPS if z != zone and st.garrison[z] == side
           and not present(st, z, 1 - side)]
    for base in ("thasos", "macedonia", "thrace"):
        if not may_use(st, side, base):
            continue
        if base == "thasos":
            land = len(units_at(st, zone, side, land=True))
            ships = sum(strength(st, i) for i in units_at(st, zone, side, land=False))
            if land > ships:
                continue
        out.append(base)
    return out


class Battle(Step):
    """One combat (module docstring), automatic between its decisions."""

    kind = "battle"
    rules = ("4.2",)

    def run(self, st: State, frame: dict) -> None:
        stage, zone, att = frame["stage"], frame["zone"], frame["attacker"]
        if stage == "open":
            replace_top(st, stage="roll")
            for f in window_frames(st, (att, 1 - att), "combat", zone=zone):
                push(st, f)
        elif stage == "roll":
            die = st.dice.roll()
            replace_top(st, stage="resolve", die=die)
            push(st, {"kind": "reroll", "die": die, "what": f"the combat in {zname(zone)}"})
        elif stage == "resolve":
            self._resolve(st, frame)
        elif stage == "retreat":
            replace_top(st, stage="close")
            loser = frame["loser"]
            if present(st, zone, loser) or leaders_at(st, zone, loser):
                push(st, {"kind": "retreat", "side": loser, "zone": zone})
        else:
            capture_lonely(st, zone, True)
            pop(st, frame)
            if frame.get("both"):
                _brasidas_and_cleon(st, 1 - frame["loser"])

    def _resolve(self, st: State, frame: dict) -> None:
        zone, att, mods = frame["zone"], frame["attacker"], frame["mods"]
        a_pf, d_pf = odds(st, zone, att, mods)
        shift, drm, why = modifiers(st, zone, att, mods, frame.get("entered", ()))
        both = all(st.lloc[W.leader_index[g]] == zone for g in ("brasidas", "cleon"))
        if both and att == SPARTA:
            st.used = [*st.used, "brasidas_attacked_cleon"]
        col = min(6, max(0, column(a_pf, d_pf) + shift))
        a_res, d_res, winner = table(col, frame["die"] + drm)
        loser = 1 - att if winner == 0 else att
        st.event("combat", "4.2", f"Combat in {zname(zone)}: {SIDES[att].title()} attacks with "
                 f"{a_pf} PF against {d_pf} PF, column {W.crt.columns[col]}, die "
                 f"{frame['die']}{drm:+d} ({'; '.join(why) or 'no modifier'}): "
                 f"{a_res} - {d_res}, {SIDES[1 - loser].title()} wins", att,
                 zone=zone, result=[a_res, d_res])
        replace_top(st, stage="retreat", loser=loser, both=both)
        for side, res in ((att, a_res), (1 - att, d_res)):
            units = units_at(st, zone, side, land=True)
            if res == "E":
                for i in units:
                    eliminate(st, i, "4.2.1", f"result E in {zname(zone)}")
                for g in leaders_at(st, zone, side):
                    kill_leader(st, g, "4.2.1", f"with his men, result E in {zname(zone)}",
                                True)
            elif res == "A":
                for i in units:
                    reduce(st, i, "4.2.1", f"result A in {zname(zone)}")
            elif res in FRACTIONS and units:
                n = units_to_reduce(res, len(units))
                push(st, {"kind": "loss", "side": side, "zone": zone, "n": n, "land": True,
                          "picked": [], "rule": "4.2.1", "why": f"result {res} in "
                          f"{zname(zone)}"})


def _brasidas_and_cleon(st: State, winner: int) -> None:
    """After a combat with both Brasidas and Cleon: 5 VP to the winner (§9.2), then the rolls
    for their lives (the note under the table)."""
    st.vp[winner] += 5
    st.event("vp", "9.2", f"{SIDES[winner].title()} wins a combat where Brasidas and Cleon "
             "both fought: 5 VP", winner)
    for side in death_rolls(st):
        g = W.leader_index[("cleon", "brasidas")[side]]
        if st.lloc[g] is not None:
            kill_leader(st, g, "4.2", "killed in the combat (the note under the table)", True)


class Loss(Step):
    """The owner picks each unit to reduce (§4.2.1, §6), or with ``eliminate`` each unit to
    lose over a stacking limit (§3.3: owner's choice, among the units that retreated and those
    already there); a choice with nothing to choose is made by itself."""

    kind = "loss"
    rules = ("4.2.1",)

    def _candidates(self, st: State, frame: dict) -> list[int]:
        land = True if frame["land"] else None
        return [i for i in units_at(st, frame["zone"], frame["side"], land=land)
                if i not in frame["picked"]]

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        c = self._candidates(st, frame)
        if frame["n"] <= 0 or frame["n"] >= len(c) or len(one_of_each(st, c)) < 2:
            return ()
        return (frame["side"],)

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != frame["side"]:
            return []
        if frame.get("eliminate"):
            return [{"type": "eliminate", "side": SIDES[side], "unit": UNITS[i].id,
                     "label": f"eliminate {UNITS[i].label(st.ured[i])} (§3.3)"}
                    for i in one_of_each(st, self._candidates(st, frame))]
        return [{"type": "reduce", "side": SIDES[side], "unit": UNITS[i].id,
                 "label": f"reduce {UNITS[i].label(st.ured[i])}"
                          + (" (eliminated)" if st.ured[i] else "")}
                for i in one_of_each(st, self._candidates(st, frame))]

    def _one(self, st: State, frame: dict, i: int) -> None:
        frame = replace_top(st, n=frame["n"] - 1, picked=[*frame["picked"], i])
        (eliminate if frame.get("eliminate") else reduce)(st, i, frame["rule"], frame["why"])

    def why_illegal(self, st: State, frame: dict, action: dict) -> IllegalAction | None:
        if self.role(action) == frame["side"] and action.get("unit") is not None and not any(
                UNITS[i].id == action["unit"] for i in self._candidates(st, frame)):
            return IllegalAction(f"the unit {action['unit']!r} cannot be picked: it is not "
                                 f"one of {SIDES[frame['side']].title()}'s units in "
                                 f"{zname(frame['zone'])} still to choose from",
                                 frame["rule"])
        return super().why_illegal(st, frame, action)

    def apply(self, st: State, frame: dict, action: dict) -> None:
        self._one(st, frame, W.unit_index[action["unit"]])

    def run(self, st: State, frame: dict) -> None:
        c = self._candidates(st, frame)
        if frame["n"] <= 0 or not c:
            pop(st, frame)
        elif frame["n"] >= len(c):
            for i in c:
                (eliminate if frame.get("eliminate") else reduce)(st, i, frame["rule"],
                                                                  frame["why"])
            pop(st, frame)
        else:
            self._one(st, frame, c[0])

    def text(self, st: State, frame: dict) -> str:
        what = "eliminate" if frame.get("eliminate") else "reduce"
        return (f"{SIDES[frame['side']].title()} picks {frame['n']} more unit(s) to {what}: "
                f"{frame['why']}")


class Retreat(Step):
    """The defeated side leaves the zone (§4.2.2); with nowhere to go it is eliminated."""

    kind = "retreat"
    rules = ("4.2.2",)

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        return (frame["side"],) if retreats(st, frame["zone"], frame["side"]) else ()

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != frame["side"]:
            return []
        return [{"type": "retreat", "side": SIDES[side], "to": z,
                 "label": f"retreat to {zname(z)}"} for z in retreats(st, frame["zone"], side)]

    def run(self, st: State, frame: dict) -> None:
        zone, side = frame["zone"], frame["side"]
        for i in units_at(st, zone, side, land=True):
            eliminate(st, i, "4.2.2", f"no way to retreat from {zname(zone)}")
        for g in leaders_at(st, zone, side):
            kill_leader(st, g, "4.2.2", f"no way to retreat from {zname(zone)}", True)
        pop(st, frame)

    def apply(self, st: State, frame: dict, action: dict) -> None:
        zone, side, to = frame["zone"], frame["side"], action["to"]
        if to not in retreats(st, zone, side):
            raise IllegalAction(f"{SIDES[side].title()} cannot retreat from {zname(zone)} to "
                                f"{to!r}: it must be a zone free of enemy units the rules "
                                "allow", "4.2.2")
        by_sea = side == ATHENS and to != "thrace"
        for i in units_at(st, zone, side):
            if UNITS[i].land:
                st.uloc[i] = to
            elif side == ATHENS:
                st.uloc[i] = to if by_sea else "thasos"
        for g in leaders_at(st, zone, side):
            st.lloc[g] = to
        st.event("retreat", "4.2.2", f"{SIDES[side].title()} retreats from {zname(zone)} to "
                 f"{zname(to)}", side)
        pop(st, frame)
        extra = over_stack(st, to, side)
        if extra:
            push(st, {"kind": "loss", "side": side, "zone": to, "n": extra, "land": True,
                      "picked": [], "rule": "3.3", "eliminate": True,
                      "why": f"over the stacking limit of {zname(to)} after a retreat"})


STEPS = (Battle(), Loss(), Retreat())
