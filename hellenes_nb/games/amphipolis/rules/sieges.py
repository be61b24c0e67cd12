"""§4.3 Sieges, in Phase D.5: at most one of diplomacy (§4.3.1), assault (§4.3.2) or blockade
(§4.3.3) per operational zone, by the side whose land units stand there with an enemy
garrison; a success turns the garrison to the besieger's side. Strategems S19 and S20 change
the next attempt of their player (§7). The citadel of Amphipolis (§4.3.4, in T12 on the main map)
is besieged the same way, by diplomacy (Sparta only) or assault, with the reconstructed
values of :data:`.common.CITADEL_VA` and ``CITADEL_PF``; taking it turns the citadel.

Frames: ``siege`` (the side picks a zone and a way, or is done) and ``siege_roll``
(automatic: the die, the Advantage's re-roll, the outcome)."""

from __future__ import annotations

from hellenes_nb.core.steps import Step, pop, push, replace_top
from hellenes_nb.games.amphipolis.rules.common import (
    CITADEL,
    CITADEL_PF,
    CITADEL_VA,
    W,
    best_bonus,
    land_pf,
    leaders_at,
    siege_choices,
    zname,
)
from hellenes_nb.games.amphipolis.state import SIDES, State

__all__ = ["STEPS", "succeeds"]

RULES = {"diplomacy": "4.3.1", "assault": "4.3.2", "blockade": "4.3.3"}


def succeeds(how: str, die: int, va: int, garrison_pf: int, pf: int, bonus: int,
             strategem: int = 0) -> tuple[bool, str]:
    """Whether a siege succeeds with ``die``, and the arithmetic in words.

    Diplomacy: die + the leader's bonus (+2 with S19) reaches the allegiance value (§4.3.1).
    Assault: die (-1 with a leader with a bonus, -1 with S20) at most the odds, the besiegers'
    PF to the garrison's rounded down (§4.3.2). Blockade: 6 against VA 5 or 6, 5 or 6 against
    a lower VA (+1 with S20) (§4.3.3)."""
    if how == "diplomacy":
        total = die + bonus + (2 if strategem == 19 else 0)
        return total >= va, f"{total} against allegiance {va}"
    if how == "assault":
        odds = pf // garrison_pf
        total = die - (1 if bonus else 0) - (1 if strategem == 20 else 0)
        return total <= odds, f"{total} against odds of {odds} to 1"
    need = 6 if va >= 5 else 5
    total = die + (1 if strategem == 20 else 0)
    return total >= need, f"{total}, {need} needed against allegiance {va}"


class Siege(Step):
    """The besieger picks a siege or is done with Phase D.5."""

    kind = "siege"
    rules = ("4.3",)

    def _open(self, st: State, frame: dict) -> list[tuple[str, str]]:
        return [(z, h) for z, h in siege_choices(st, frame["side"]) if z not in frame["done"]]

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        return (frame["side"],) if self._open(st, frame) else ()

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != frame["side"]:
            return []
        name = SIDES[side]
        return [*({"type": "siege", "side": name, "zone": z, "how": h,
                   "label": f"{h} at {zname(z)}"} for z, h in self._open(st, frame)),
                {"type": "done", "side": name, "label": "no more sieges"}]

    def apply(self, st: State, frame: dict, action: dict) -> None:
        if action["type"] == "done":
            self.run(st, frame)
            return
        zone = action["zone"]
        replace_top(st, done=[*frame["done"], zone])
        push(st, {"kind": "siege_roll", "side": frame["side"], "zone": zone,
                  "how": action["how"], "stage": "roll"})

    def run(self, st: State, frame: dict) -> None:
        st.siege_bonus[frame["side"]] = 0
        pop(st, frame)

    def text(self, st: State, frame: dict) -> str:
        return f"{SIDES[frame['side']].title()}'s sieges (Phase D.5)"


class SiegeRoll(Step):
    """One siege attempt, automatic (module docstring)."""

    kind = "siege_roll"
    rules = ("4.3",)

    def run(self, st: State, frame: dict) -> None:
        zone, side, how = frame["zone"], frame["side"], frame["how"]
        if frame["stage"] == "roll":
            die = st.dice.roll()
            replace_top(st, stage="resolve", die=die)
            push(st, {"kind": "reroll", "die": die, "what": f"the {how} at {zname(zone)}"})
            return
        strat = st.siege_bonus[side]
        used = strat if (strat == 19) == (how == "diplomacy") else 0
        if used:
            st.siege_bonus[side] = 0
        z = W.zone[zone]
        va, pf = (CITADEL_VA, CITADEL_PF) if zone == CITADEL else (z.va, z.pf)
        bonus = best_bonus(st, zone, side) if how != "assault" or leaders_at(st, zone, side) \
            else 0
        ok, words = succeeds(how, frame["die"], va, pf, land_pf(st, zone, side), bonus, used)
        if ok and zone == CITADEL:
            st.citadel = side
        elif ok:
            st.garrison[zone] = side
        where = "the citadel of Amphipolis" if zone == CITADEL else z.name
        st.event("siege", "4.3.4" if zone == CITADEL else RULES[how],
                 f"{SIDES[side].title()} tries {how} at {where}: die "
                 f"{frame['die']}, {words}: " + ("the town goes over" if ok else "it holds"),
                 side, zone=zone)
        pop(st, frame)


STEPS = (Siege(), SiegeRoll())
