"""The optional Syracuse points (§6 sidebar "Syracuse Points (Optional)"; the option
``syracuse_points: cards``, and the scenario ``athens-sparta-syracuse`` that sets it).

- After the first deal (and its mulligan), each side sets one card of its hand face down at
  Sicily (``sicily_card`` {card}), in either order; each sees only its own. The first
  Olympiad is then played with five cards a side, so it has five Game Turns.
- The two cards stay out of the deck for the rest of the game: each later deal leaves them
  out (a hand dealt one of them takes the next undealt card instead).
- When Syracuse is first attacked both cards are shown (to both sides, for good) and
  Syracuse is worth their MPs added, instead of the standard 4, for city points and build
  points (:attr:`.state.State.values`). Pillage still pays the standard 4 (a
  simplification).
"""

from __future__ import annotations

from hellenes_nb.core.echo import shown
from hellenes_nb.core.steps import IllegalAction, Step, pop, replace_top
from hellenes_nb.games.athens_sparta.position import SIDES, TURNS, Position
from hellenes_nb.games.athens_sparta.state import FIRST_OLYMPIAD

__all__ = ["STEPS", "on", "reveal", "syracuse_value", "trim", "turns_now"]

CITY = "syracuse"


def on(st: Position) -> bool:
    """The optional Syracuse points are played in this game."""
    return st.options.get("syracuse_points", "standard") == "cards"


def _mps(st: Position) -> dict[str, int]:
    return {c.id: c.mp for c in st.world.cards}


def syracuse_value(st: Position) -> int | None:
    """Syracuse's value from the cards set aside, once shown (None before)."""
    return st.board.values.get(CITY)


def turns_now(st: Position) -> int:
    """The Game Turns of this Olympiad: five in the first with the Syracuse points."""
    return TURNS - 1 if on(st) and st.board.olympiad == FIRST_OLYMPIAD else TURNS


def reveal(st: Position) -> None:
    """Syracuse is attacked: the cards set aside are shown and give its value."""
    if not st.sicily or CITY in st.board.values:
        return
    mps = _mps(st)
    value = sum(mps[c] for c in st.sicily.values())
    st.board.values = {**st.board.values, CITY: value}
    st.event("sicily", "9.2", f"Syracuse is attacked: the cards set aside at Sicily are shown "
             f"(Athens {st.sicily['athens']}, Sparta {st.sicily['sparta']}); Syracuse is "
             f"worth {value} city points", "athens")


def trim(st: Position) -> None:
    """After a deal: the cards set aside at Sicily leave the hands and the undealt cards; a
    hand that held one takes the next undealt card."""
    aside = set(st.sicily.values())
    if not aside:
        return
    rest = [c for c in st.rest if c not in aside]
    hands = {}
    for s in SIDES:
        kept = [c for c in st.hands[s] if c not in aside]
        missing = len(st.hands[s]) - len(kept)
        hands[s] = kept + rest[:missing]
        rest = rest[missing:]
    st.hands, st.rest = hands, rest


class SicilyCards(Step):
    """Each side sets a card aside at Sicily (module docstring)."""

    kind = "sicily_cards"
    rules = ("9.2",)

    def deciders(self, st: Position, frame: dict) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(SIDES) if s not in frame["chosen"])

    def legal(self, st: Position, frame: dict, side: int) -> list[dict]:
        name = SIDES[side]
        if name in frame["chosen"]:
            return []
        mps = _mps(st)
        return [{"type": "sicily_card", "side": name, "card": c,
                 "label": f"set {c} ({mps[c]} MP) aside at Sicily: its MPs go to Syracuse's "
                          "value"} for c in sorted(st.hands[name])]

    def why_illegal(self, st: Position, frame: dict, action: dict) -> IllegalAction | None:
        if action.get("type") != "sicily_card":
            return IllegalAction(f"{shown(action.get('type'))} is not a choice here: "
                                 f"{self.text(st, frame)}", "9.2")
        side = action["side"]
        if side in frame["chosen"]:
            return IllegalAction(f"{side} has set its card aside at Sicily already", "9.2")
        if action["card"] not in st.hands[side]:
            return IllegalAction(f"the card set aside at Sicily comes from {side}'s hand "
                                 f"({', '.join(sorted(st.hands[side]))}), not "
                                 f"{shown(action['card'])}", "9.2")
        return None

    def apply(self, st: Position, frame: dict, action: dict) -> None:
        side, card = action["side"], action["card"]
        st.hands = {**st.hands, side: [c for c in st.hands[side] if c != card]}
        chosen = {**frame["chosen"], side: card}
        st.event("sicily_card", "9.2", f"{side} sets {card} aside at Sicily", side,
                 private=side, public=f"{side} sets a card aside at Sicily, face down")
        if len(chosen) < 2:
            replace_top(st, chosen=chosen)
            return
        st.sicily = chosen
        pop(st, frame)

    def text(self, st: Position, frame: dict) -> str:
        waiting = [s for s in SIDES if s not in frame["chosen"]]
        return (f"Syracuse points: {' and '.join(waiting)} set one card aside at Sicily, face "
                "down (§9.2 optional rule)")


STEPS = (SicilyCards(),)
