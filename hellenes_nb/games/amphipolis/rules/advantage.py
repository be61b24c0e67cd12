"""The Advantage (the chapter headed 9 in the translation, cited as 8 elsewhere;
docs/rules-decisions.md): its holder may, once, add 2 PA or reverse the initiative in Phase
B.1, cancel a die roll of a combat, a siege or an attrition check (the dice are rolled again),
flip one reduced unit back or bring back an eliminated leader; it then passes to the other
side.

"At any time" is offered at fixed moments, so the game never stops for it elsewhere: after
the initiative rolls (``adv_b1``), after each die of a combat, siege or attrition check
(``reroll``), and in its holder's Phase D.3 (``adv_d3``)."""

from __future__ import annotations

from hellenes_nb.core.steps import Step, pop
from hellenes_nb.games.amphipolis.rules.common import (
    HOME,
    LEADERS,
    UNITS,
    W,
    in_play_units,
    one_of_each,
    zname,
)
from hellenes_nb.games.amphipolis.state import OUT, SIDES, State

__all__ = ["STEPS", "pass_advantage"]

RULE = "9"


def pass_advantage(st: State, why: str) -> None:
    side = st.advantage
    st.advantage = 1 - side
    st.event("advantage", RULE, f"{SIDES[side].title()} uses the Advantage: {why}; it passes "
             f"to {SIDES[1 - side].title()}", side)


class _HolderDecides(Step):
    """A decision of the Advantage's holder among :attr:`CHOICES` (type, label)."""

    rules = (RULE,)
    CHOICES: tuple[tuple[str, str], ...] = ()

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        return (st.advantage,)

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != st.advantage:
            return []
        return [{"type": kind, "side": SIDES[side], "label": label}
                for kind, label in self.CHOICES]


class AdvantageB1(_HolderDecides):
    """Phase B.1: add 2 PA or reverse the initiative, or keep the Advantage."""

    kind = "adv_b1"
    CHOICES = (("keep_advantage", "keep the Advantage"),
               ("advantage_pa", "use the Advantage: +2 PA"),
               ("advantage_initiative", "use the Advantage: reverse the initiative"))

    def apply(self, st: State, frame: dict, action: dict) -> None:
        side = self.role(action)
        if action["type"] == "advantage_pa":
            st.pa[side] += 2
            pass_advantage(st, f"+2 PA, now {st.pa[side]}")
        elif action["type"] == "advantage_initiative":
            st.initiative = 1 - st.initiative
            pass_advantage(st, f"the initiative goes to {SIDES[st.initiative].title()}")
        pop(st, frame)

    def text(self, st: State, frame: dict) -> str:
        return f"{SIDES[st.advantage].title()} may use the Advantage now (Phase B.1)"


class Reroll(_HolderDecides):
    """After a die of a combat, siege or attrition check: its holder may cancel it; the frame
    below rolls again."""

    kind = "reroll"
    CHOICES = (("accept_roll", "let the roll stand"),
               ("reroll", "use the Advantage: cancel this roll"))

    def apply(self, st: State, frame: dict, action: dict) -> None:
        pop(st, frame)
        if action["type"] == "reroll":
            pass_advantage(st, f"the roll of {frame['die']} ({frame['what']}) is cancelled")
            st.stack[-1] = {**st.stack[-1], "stage": "roll"}

    def text(self, st: State, frame: dict) -> str:
        return (f"{frame['what']}: the die shows {frame['die']}. "
                f"{SIDES[st.advantage].title()} may cancel it with the Advantage")


def _restorable(st: State, side: int) -> list[int]:
    return one_of_each(st, [i for i in in_play_units(st, side) if st.ured[i]])


def _lost_leaders(st: State, side: int) -> list[int]:
    return [g for g, lead in enumerate(LEADERS) if lead.side == side and st.lstat[g] == OUT]


def d3_open(st: State, side: int) -> bool:
    return st.advantage == side and bool(_restorable(st, side) or _lost_leaders(st, side))


class AdvantageD3(Step):
    """The holder's Phase D.3: flip a reduced unit, or bring back a lost leader to his own
    rear base (docs/rules-decisions.md)."""

    kind = "adv_d3"
    rules = (RULE,)

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        return (frame["side"],) if st.advantage == frame["side"] else ()

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != frame["side"] or st.advantage != side:
            return []
        name = SIDES[side]
        out = [{"type": "keep_advantage", "side": name, "label": "keep the Advantage"}]
        out += [{"type": "advantage_restore", "side": name, "unit": UNITS[i].id,
                 "label": f"use the Advantage: restore {UNITS[i].label(True)} in "
                          f"{zname(st.uloc[i])}"} for i in _restorable(st, side)]
        out += [{"type": "advantage_leader", "side": name, "leader": LEADERS[g].id,
                 "label": f"use the Advantage: {LEADERS[g].name} returns"}
                for g in _lost_leaders(st, side)]
        return out

    def apply(self, st: State, frame: dict, action: dict) -> None:
        side = self.role(action)
        if action["type"] == "advantage_restore":
            i = W.unit_index[action["unit"]]
            st.ured[i] = False
            pass_advantage(st, f"{UNITS[i].label()} is back at full strength")
        elif action["type"] == "advantage_leader":
            g = W.leader_index[action["leader"]]
            st.lstat[g], st.lloc[g], st.lwound[g] = 1, HOME[side], 0
            pass_advantage(st, f"{LEADERS[g].name} returns to {zname(HOME[side])}")
        pop(st, frame)

    def text(self, st: State, frame: dict) -> str:
        return f"{SIDES[frame['side']].title()} may use the Advantage (Phase D.3)"


STEPS = (AdvantageB1(), Reroll(), AdvantageD3())
