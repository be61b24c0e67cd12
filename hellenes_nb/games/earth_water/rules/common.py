"""What every step of the game shares: the base :class:`EWStep` (legal actions listed once per
position, a refusal that names the choices), the words for sides, cities and cards, and small
helpers that move pieces and pay for leaders (§6.2)."""

from __future__ import annotations

import functools

from hellenes_nb.core.echo import shown
from hellenes_nb.core.steps import IllegalAction, Step, pop
from hellenes_nb.games.earth_water.index import CITY, NAMES, SIDE_ADJ, SIDE_NAMES, WORLD
from hellenes_nb.games.earth_water.state import State

__all__ = ["EWStep", "SideStep", "card_name", "city_id", "city_of", "play_card", "word"]

_ABSENT = object()
#: who may be named in a prompt's words
WORD = ("Greece", "Persia")


def word(side: int) -> str:
    return WORD[side]


def adj(side: int) -> str:
    return SIDE_ADJ[side]


def card_name(card: int, side: int) -> str:
    """``#8 Leonidas`` (the half of ``side``)."""
    return f"#{card} {WORLD.cards[card].halves[side].title}"


def city_id(city: int) -> str:
    return WORLD.cities[city].id


def city_of(action: dict, key: str = "city") -> int:
    """The city an action names by id (IllegalAction naming the ids)."""
    value = action.get(key)
    if value not in CITY:
        raise IllegalAction(f"{value!r} is not a city; the cities are {', '.join(CITY)}",
                            "2.1")
    return CITY[value]


def name(city: int) -> str:
    return NAMES[city]


@functools.cache
def plural(n: int, one: str, many: str | None = None) -> str:
    """"1 army", "3 armies" (kept: the legal actions ask for the same few words often)."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


class EWStep(Step):
    """A decision step of the game. ``options(state, frame, side)`` lists the legal actions;
    :meth:`legal` keeps them for the position (a clone starts with the same list and drops it
    as soon as a rule changes it), so checking a chosen action costs no second listing.
    Subclasses write ``act`` (a decision) and ``step`` (an automatic run)."""

    def options(self, st: State, frame: dict, side: int) -> list[dict]:
        return []

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        memo = st.legal_memo
        if memo is None or memo["frame"] is not frame:
            memo = st.legal_memo = {"frame": frame}
        found = memo.get(side)
        if found is None:
            found = memo[side] = self.options(st, frame, side)
        return found

    def why_illegal(self, st: State, frame: dict, action: dict) -> IllegalAction | None:
        side = self.role(action)
        choices = self.legal(st, frame, side)
        kind, size = action.get("type"), len(action) + 1
        for legal in choices:
            if (legal["type"] == kind and len(legal) == size
                    and all(legal.get(k, _ABSENT) == v for k, v in action.items())):
                return None
        listed = "; ".join(a["label"] for a in choices[:8]) or "none"
        more = f" (and {len(choices) - 8} more)" if len(choices) > 8 else ""
        return IllegalAction(
            f"{shown(action.get('type'))} with these details is not a choice now "
            f"({self.text(st, frame)}). The choices are: {listed}{more}",
            self.rules[0] if self.rules else "")

    def apply(self, st: State, frame: dict, action: dict) -> None:
        st.legal_memo = None
        self.act(st, frame, action)

    def act(self, st: State, frame: dict, action: dict) -> None:
        raise IllegalAction(f"no decision is expected in the step {self.kind!r}")

    def run(self, st: State, frame: dict) -> None:
        st.legal_memo = None
        self.step(st, frame)

    def step(self, st: State, frame: dict) -> None:
        pop(st, frame)


class SideStep(EWStep):
    """A step where the side named by the frame (``frame["side"]``) decides, and only it."""

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        return (frame["side"],)

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        return super().legal(st, frame, side) if side == frame["side"] else []


def action(kind: str, side: int, label: str, **details: object) -> dict:
    """A legal action: its type, the side, the details, and words for people."""
    return {"type": kind, "side": SIDE_NAMES[side], **details, "label": label}


def play_card(st: State, side: int, card: int, use: str, rule: str = "6.1") -> None:
    """Take ``card`` from ``side``'s hand to the top of the discard pile, face up (§6.2)."""
    st.hands[side].remove(card)
    st.discard.append(card)
    how = {"event": "for its event", "move": "to move", "reaction": "as a reaction"}[use]
    st.event("play", rule, f"{word(side)} plays {card_name(card, side)} {how}.", side,
             card=card, use=use)
