"""The exact odds of *Amphipolis*' dice (issue 29 item 4): the outcome distribution of a
combat (§4.2, §4.2.1), a diplomatic action (§4.3.1), an assault (§4.3.2) and a blockade
(§4.3.3), from the results table and the modifiers. Every one of these is settled by one d6,
so the six faces are enumerated and each counts 1/6: the chances are exact fractions, never
sampled.

The odds are of one roll, as the position stands: a strategem not yet played, and the
Advantage's cancelling of the roll (§9), are not in them (each says so in its notes). They are
pure functions of the position and read nothing a side may not see: the pieces on the map are
public, and a strategem counts only once played (or, for the choice to play it, from the hand
of the side choosing).

- :func:`combat_odds` and :func:`siege_odds` work on a position;
- :func:`action_odds` gives the odds behind an offered choice (the dashboard shows them on the
  choice, before it is taken): an operation into a town the enemy holds with troops, the
  ``go`` of such an operation, a siege, a strategem played in a combat, the Advantage's
  re-roll."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hellenes_nb.games.amphipolis.rules.combat import (
    column,
    modifiers,
    table,
    units_to_reduce,
)
from hellenes_nb.games.amphipolis.rules.combat import odds as forces
from hellenes_nb.games.amphipolis.rules.common import (
    CITADEL,
    CITADEL_PF,
    CITADEL_VA,
    UNITS,
    W,
    best_bonus,
    bonus,
    land_pf,
    leaders_at,
    strength,
    units_at,
    zname,
)
from hellenes_nb.games.amphipolis.rules.operations import MAX_LAND, by_sea, movable
from hellenes_nb.games.amphipolis.rules.sieges import RULES, succeeds
from hellenes_nb.games.amphipolis.state import SIDES, State

__all__ = ["FACES", "Odds", "Outcome", "action_odds", "combat_odds", "siege_odds", "state_odds"]

FACES = (1, 2, 3, 4, 5, 6)
SIXTH = Fraction(1, 6)
ONE_ROLL = ("one roll as things stand: strategems not yet played and the Advantage's cancelling "
            "of the roll (§9) are not counted")


@dataclass(frozen=True)
class Outcome:
    """One outcome: its words, the faces of the die that give it, and whether it is good for
    the side that acts (the attacker wins; the town goes over); a combat's ``cell`` holds the
    attacker's and the defender's result in the table."""

    text: str
    faces: tuple[int, ...]
    good: bool
    cell: tuple[str, ...] = ()

    @property
    def chance(self) -> Fraction:
        return SIXTH * len(self.faces)


@dataclass(frozen=True)
class Odds:
    """The distribution of one roll: what is rolled for, by whom, the outcomes (their chances
    sum to 1), and how the roll is read (the column, the modifiers)."""

    what: str
    rule: str
    side: int
    outcomes: tuple[Outcome, ...]
    notes: tuple[str, ...]

    @property
    def success(self) -> Fraction:
        """The chance of an outcome good for the side that acts."""
        return sum((o.chance for o in self.outcomes if o.good), Fraction(0))

    def short(self) -> str:
        """A few words for a button: "Athens wins 67 %"."""
        word = "wins" if self.rule == "4.2" else "succeeds"
        return f"{SIDES[self.side].title()} {word} {percent(self.success)}"

    def lines(self) -> list[str]:
        """Each outcome with its chance and faces, then the notes."""
        out = [f"{percent(o.chance)}: {o.text} (die {faces_words(o.faces)})"
               for o in self.outcomes]
        return out + list(self.notes)

    def to_dict(self) -> dict[str, Any]:
        return {"what": self.what, "rule": self.rule, "side": SIDES[self.side],
                "success": str(self.success), "notes": list(self.notes),
                "outcomes": [{"text": o.text, "faces": list(o.faces), "chance": str(o.chance),
                              "good": o.good} for o in self.outcomes]}


def percent(p: Fraction) -> str:
    return f"{round(100 * p)} %"


def faces_words(faces: tuple[int, ...]) -> str:
    return ", ".join(str(f) for f in faces)


def _loss(result: str, units: int) -> str:
    if result == "R":
        return "no loss"
    if result == "E":
        return f"all {units} unit(s) eliminated"
    if result == "A":
        return f"all {units} unit(s) reduced"
    return f"{units_to_reduce(result, units)} of {units} unit(s) reduced ({result})"


def combat_odds(st: State, zone: str, attacker: int, mods: list | tuple = (),
                entered: list | tuple = ()) -> Odds:
    """The combat in ``zone`` with ``attacker`` attacking (§4.2): the odds column (rounded for
    the defender, shifted by the column modifiers), the die modifiers, and for each face the
    cell of the table with the units each side reduces (§4.2.1). ``entered``: how the attacker
    came into a zone of the main map (the battle's own record), for its column shifts."""
    mods = list(mods)
    defender = 1 - attacker
    a_pf, d_pf = forces(st, zone, attacker, mods)
    ground = (tuple(entered),) if entered else ()
    shift, drm, why = modifiers(st, zone, attacker, mods, *ground)
    col = min(len(W.crt.columns) - 1, max(0, column(a_pf, d_pf) + shift))
    n = {s: len(units_at(st, zone, s, land=True)) for s in (attacker, defender)}
    found: dict[tuple, list[int]] = {}
    for face in FACES:
        found.setdefault(table(col, face + drm), []).append(face)
    a_name, d_name = SIDES[attacker].title(), SIDES[defender].title()
    outcomes = []
    for (a_res, d_res, winner), faces in found.items():
        won = a_name if winner == 0 else d_name
        outcomes.append(Outcome(f"{a_name} {_loss(a_res, n[attacker])}, {d_name} "
                                f"{_loss(d_res, n[defender])}; {won} wins",
                                tuple(faces), winner == 0, (a_res, d_res)))
    notes = (f"{a_pf} PF against {d_pf} PF, column {W.crt.columns[col]}, die {drm:+d} "
             f"({'; '.join(why) or 'no modifier'})", ONE_ROLL)
    return Odds(f"combat in {zname(zone)}", "4.2", attacker, tuple(outcomes), notes)


def siege_odds(st: State, zone: str, side: int, how: str) -> Odds:
    """A siege of ``zone`` by ``side`` (``how``: diplomacy, assault or blockade, §4.3.1–4.3.3)
    with the leader's bonus and a strategem S19 or S20 already played, read as the siege's roll
    reads them; the citadel of Amphipolis (T12) with its garrison's values (§4.3.4)."""
    if how not in RULES:
        raise ValueError(f"a siege is diplomacy, assault or blockade, not {how!r} (§4.3)")
    strat = st.siege_bonus[side]
    used = strat if (strat == 19) == (how == "diplomacy") else 0
    z = W.zone[zone]
    # the same values as the siege's own roll (rules/sieges.py)
    va, garrison = (CITADEL_VA, CITADEL_PF) if zone == CITADEL else (z.va, z.pf)
    name = "the citadel of Amphipolis" if zone == CITADEL else z.name
    plus = best_bonus(st, zone, side) if how != "assault" or leaders_at(st, zone, side) else 0
    pf = land_pf(st, zone, side)
    good, bad = [], []
    for face in FACES:
        (good if succeeds(how, face, va, garrison, pf, plus, used)[0] else bad).append(face)
    named = name[0].upper() + name[1:]
    outcomes = tuple(o for o in (Outcome(f"{named} goes over to {SIDES[side].title()}",
                                         tuple(good), True),
                                 Outcome(f"{named} holds", tuple(bad), False)) if o.faces)
    how_read = {"diplomacy": f"die + bonus {plus}" + (" + 2 (S19)" if used else "")
                + f" must reach allegiance {va}",
                "assault": f"die - {1 if plus else 0} (leader)"
                + (" - 1 (S20)" if used else "") + f" at most the odds, {pf} PF to {garrison} "
                f"PF: {pf // garrison} to 1",
                "blockade": f"die{' + 1 (S20)' if used else ''}: "
                f"{6 if va >= 5 else 5} or more against allegiance {va}"}[how]
    return Odds(f"{how} at {name}", "4.3.4" if zone == CITADEL else RULES[how], side, outcomes,
                (how_read, "one roll: the Advantage may cancel it and roll again (§9)"))


# -- the odds behind an offered choice ---------------------------------------------------------
def _top(st: State, kind: str) -> dict | None:
    return next((f for f in reversed(st.stack) if f["kind"] == kind), None)


def _strongest(st: State, frm: str, side: int, to: str) -> tuple[list[int], int]:
    """The force an operation from ``frm`` to ``to`` may send at most (§3.2.1): the best
    leader and the five strongest land units, Athenian ones no more than the triremes' PF
    (the odds of a choice made before the pieces are picked)."""
    units, leaders = movable(st, frm, side, "B3")
    land = sorted((i for i in units if UNITS[i].land), key=lambda i: -strength(st, i))
    room = MAX_LAND
    if by_sea(side, to):
        room = min(room, sum(strength(st, i) for i in units if not UNITS[i].land))
    best = max(leaders, key=lambda g: bonus(st, g), default=-1)
    return land[:room], best


def _moved(st: State, units: list[int], leader: int, to: str) -> State:
    trial = st.clone()
    for i in units:
        trial.uloc[i] = to
    if leader >= 0:
        trial.lloc[leader] = to
    return trial


def _played(st: State, side: int, action: dict, battle: dict) -> list:
    """The battle's strategems with ``action`` (a strategem played now) added, as its effect
    adds it (§7: S8 half the PF of the zone the player picked, S9 takes the enemy unit picked
    out of the odds, S18 the leaders' bonus)."""
    n, zone = action["number"], battle["zone"]
    extra = -1
    if n == 8:
        extra = (land_pf(st, action["use"], side) + 1) // 2
    if n == 9 and action["use"]:  # the unit the player picked
        extra = W.unit_index[action["use"]]
    elif n == 9:
        foes = units_at(st, zone, 1 - side, land=True)
        extra = max(foes, key=lambda i: strength(st, i))
    return [*battle["mods"], [side, n, extra]]


def action_odds(game: Any, side: str, action: dict) -> Odds | None:
    """The odds behind ``action`` offered to ``side`` (module docstring), or None when it rolls
    no die of these."""
    return state_odds(game.state, SIDES.index(side), action)


def state_odds(st: State, s: int, action: dict) -> Odds | None:
    """:func:`action_odds` on a position, the side by its number (for the bots' rollouts)."""
    kind = action.get("type")
    if kind == "siege":
        return siege_odds(st, action["zone"], s, action["how"])
    if kind == "operation":
        to = action["to"]
        top = _top(st, "action")
        if top is None or W.zone[to].kind != "op" or not units_at(st, to, 1 - s, land=True):
            return None
        units, leader = _strongest(st, action["from"], s, to)
        if not units:
            return None
        return _with_note(combat_odds(_moved(st, units, leader, to), to, s),
                          "if it goes with its strongest force (the best leader and the "
                          "strongest land units it may carry)")
    if kind == "go":
        op = st.stack[-1]
        if op["kind"] != "op" or op.get("phase") != "B3" or W.zone[op["to"]].kind != "op":
            return None  # (a move on the main map: its odds come with its combat's choices)
        to = op["to"]
        land = [i for i in op["units"] if UNITS[i].land]
        if not land or not units_at(st, to, 1 - s, land=True):
            return None
        return combat_odds(_moved(st, op["units"], op["leader"], to), to, s)
    if kind == "reroll" and len(st.stack) > 1 and st.stack[-2]["kind"] == "siege_roll":
        below = st.stack[-2]
        return siege_odds(st, below["zone"], below["side"], below["how"])
    top = st.stack[-1]
    below = st.stack[-2] if len(st.stack) > 1 else {}
    if top["kind"] == "window" and top.get("phase") == "combat":
        battle = _top(st, "battle")
    elif top["kind"] == "reroll" and below.get("kind") == "battle":
        battle = below
    else:
        return None
    if battle is None:
        return None
    att, entered = battle["attacker"], battle.get("entered", ())
    if kind == "play" and action.get("number") in (5, 6, 7, 8, 9, 18):
        return combat_odds(st, battle["zone"], att, _played(st, s, action, battle), entered)
    if kind == "play" and action.get("number") == 10:  # the unit the player picked comes in
        trial = st.clone()
        trial.uloc[W.unit_index[action["use"]]] = battle["zone"]
        return combat_odds(trial, battle["zone"], att, battle["mods"], entered)
    if kind in ("pass", "reroll"):
        return combat_odds(st, battle["zone"], att, battle["mods"], entered)
    return None


def _with_note(odds: Odds, note: str) -> Odds:
    return Odds(odds.what, odds.rule, odds.side, odds.outcomes, (note, *odds.notes))

