"""The mulligan as the players' decision (§4.6 sidebar "Mulligan", :func:`.cards.mulligan`).

After the deal, when either hand is worth under 10 MPs, a **mulligan** frame asks both sides
(whatever their hands, so the question itself tells nobody whose hand is poor):

- ``mulligan`` {side}: show a hand under 10 MPs and have it dealt again (once a side per
  Olympiad); the hand shown is read by both sides. The opponent then answers with
  ``mulligan`` (have its own hand dealt again too) or ``keep_hand``.
- ``keep_hand`` {side}: keep the hand.
"""

from __future__ import annotations

from hellenes_nb.core.echo import shown
from hellenes_nb.core.steps import IllegalAction, Step, pop, replace_top
from hellenes_nb.games.athens_sparta.position import SIDES, Position
from hellenes_nb.games.athens_sparta.rules.cards import MULLIGAN_BELOW, Deal, hand_mps, mulligan

__all__ = ["STEPS", "mulligan_frame"]


def mulligan_frame(st: Position) -> dict | None:
    """The frame to ask after a deal, or None when both hands are worth 10 MPs or more."""
    if all(hand_mps(st.world, st.hands[s]) >= MULLIGAN_BELOW for s in SIDES):
        return None
    return {"kind": "mulligan", "waiting": list(SIDES), "used": [], "reply": None}


class Mulligan(Step):
    """Show a poor hand and have it dealt again, or keep it (module docstring)."""

    kind = "mulligan"
    rules = ("4.6",)
    revealing = frozenset({"mulligan"})

    def deciders(self, st: Position, frame: dict) -> tuple[int, ...]:
        if frame["reply"]:
            return (SIDES.index(frame["reply"]),)
        return tuple(SIDES.index(s) for s in frame["waiting"])

    def _may(self, st: Position, frame: dict, side: str) -> bool:
        if frame["reply"] == side:
            return True
        return side not in frame["used"] and \
            hand_mps(st.world, st.hands[side]) < MULLIGAN_BELOW

    def legal(self, st: Position, frame: dict, side: int) -> list[dict]:
        name = SIDES[side]
        if side not in self.deciders(st, frame):
            return []
        reply = frame["reply"] == name
        out = [{"type": "keep_hand", "side": name, "label": "keep my hand"}]
        if self._may(st, frame, name):
            out.append({"type": "mulligan", "side": name, "label": (
                "have my hand dealt again too" if reply else
                "show my hand (under 10 MPs) and have it dealt again")})
        return out

    def why_illegal(self, st: Position, frame: dict, action: dict) -> IllegalAction | None:
        if action.get("type") not in ('mulligan', 'keep_hand'):
            return IllegalAction(f"{shown(action.get('type'))} is not a choice here: "
                                 f"{self.text(st, frame)}", "4.6")
        side = action["side"]
        if action["type"] == "mulligan" and not self._may(st, frame, side):
            if side in frame["used"]:
                return IllegalAction(f"{side} has had its re-deal this Olympiad (one a "
                                     "player)", "4.6")
            worth = hand_mps(st.world, st.hands[side])
            return IllegalAction(f"a re-deal needs a hand under {MULLIGAN_BELOW} MPs; the "
                                 f"{side} hand is worth {worth}", "4.6")
        return None

    def apply(self, st: Position, frame: dict, action: dict) -> None:
        side = action["side"]
        other = SIDES[1 - SIDES.index(side)]
        waiting = [s for s in frame["waiting"] if s != side]
        if frame["reply"] == side:  # the opponent's answer to a re-deal
            if action["type"] == "mulligan":
                st.hands, st.rest = _redeal_one(st, side)
                st.event("mulligan", "4.6", f"{side} has its hand dealt again too", side)
            frame = replace_top(st, reply=None, waiting=waiting)
        elif action["type"] == "keep_hand":
            frame = replace_top(st, waiting=waiting)
        else:
            hand = sorted(st.hands[side])
            st.event("mulligan", "4.6", f"{side} shows its hand ({', '.join(hand)}, "
                     f"{hand_mps(st.world, hand)} MP) and has it dealt again", side)
            dealt = mulligan(st.world, Deal(dict(st.hands), list(st.rest), set()), side,
                             st.dice)
            st.hands, st.rest = dealt.hands, dealt.rest
            frame = replace_top(st, used=[*frame["used"], side], waiting=waiting, reply=other)
        if not frame["reply"] and not frame["waiting"]:
            pop(st, frame)

    def text(self, st: Position, frame: dict) -> str:
        if frame["reply"]:
            return (f"{frame['reply']}: the other side has had its hand dealt again; keep "
                    "yours or have it dealt again too (§4.6)")
        return "a hand under 10 MPs may be shown and dealt again (§4.6)"


def _redeal_one(st: Position, side: str) -> tuple[dict, list]:
    """``side``'s hand shuffled back with the undealt cards and dealt again (the opponent
    answering a re-deal, whatever its hand is worth)."""
    pool = list(st.rest) + list(st.hands[side])
    st.dice.shuffle(pool)
    hands = dict(st.hands)
    hands[side], rest = pool[:len(st.hands[side])], pool[len(st.hands[side]):]
    return hands, rest


STEPS = (Mulligan(),)
