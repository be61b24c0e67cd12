"""The Operations Phase (§6.1–§6.3): Persia and Greece take turns, Persia first. On its turn a
side plays a card, for its event (§6.2) or to move (§6.3), or passes; a side without cards
must pass. Two passes in a row end the phase (§4.3, §6.1). A played card goes face up on the
discard pile (§6.2)."""

from __future__ import annotations

from hellenes_nb.core.steps import IllegalAction, pop, push
from hellenes_nb.games.earth_water.rules.cards import can_play_event, play_event
from hellenes_nb.games.earth_water.rules.common import EWStep, action, card_name, play_card, word
from hellenes_nb.games.earth_water.rules.movement import can_move, move_frame
from hellenes_nb.games.earth_water.state import State

__all__ = ["STEPS"]


class Operations(EWStep):
    """Whose turn it is (``turn``) and how many passes came in a row (``passes``); ``ended``
    once operations stop early (Pacification of Babylon or Egypt, §5.3)."""

    kind = "operations"
    rules = ("6.1",)
    #: a card played goes face up from the hidden hand (§6.2): undo stops there
    revealing = frozenset({"play_card"})

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        if frame.get("ended") or frame["passes"] >= 2 or not st.hands[frame["turn"]]:
            return ()
        return (frame["turn"],)

    def options(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != frame["turn"]:
            return []
        out = []
        moving = can_move(st, side)
        for card in st.hands[side]:
            title = card_name(card, side)
            if can_play_event(st, side, card):
                out.append(action("play_card", side, f"Play {title} for its event (§6.2)",
                                  card=card, use="event"))
            if moving:
                out.append(action("play_card", side, f"Play {title} to move instead (§6.3)",
                                  card=card, use="move"))
        out.append(action("pass", side, "Pass (§6.1)"))
        return out

    def act(self, st: State, frame: dict, act: dict) -> None:
        side = frame["turn"]
        if act["type"] == "pass":
            self._pass(st, frame, f"{word(side)} passes.")
            return
        card, use = act["card"], act["use"]
        if use not in ("event", "move"):
            raise IllegalAction(f"a card is played for its 'event' or to 'move', not {use!r}",
                                "6.1")
        st.stack[-1] = {**frame, "turn": 1 - side, "passes": 0}
        play_card(st, side, card, use, "6.2" if use == "event" else "6.3")
        if use == "move":
            push(st, move_frame(side, land=True, naval=True))
        else:
            play_event(st, side, card)

    def step(self, st: State, frame: dict) -> None:
        if frame.get("ended") or frame["passes"] >= 2:
            why = ("both sides passed in succession" if frame["passes"] >= 2 else
                   "the Great King has died")
            st.event("operations_end", "6.1", f"The Operations Phase ends: {why}.")
            pop(st, frame)
            return
        side = frame["turn"]
        self._pass(st, frame, f"{word(side)} has no card left and must pass.")

    @staticmethod
    def _pass(st: State, frame: dict, words: str) -> None:
        st.stack[-1] = {**frame, "turn": 1 - frame["turn"], "passes": frame["passes"] + 1}
        st.event("pass", "6.1", words, frame["turn"])

    def text(self, st: State, frame: dict) -> str:
        return f"Operations: {word(frame['turn'])} plays a card or passes"


STEPS = (Operations(),)
