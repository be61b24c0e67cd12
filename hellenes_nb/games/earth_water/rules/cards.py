"""Playing a card's half as an event (§6.2): which events may be played now, and carrying one
out. A half that is a reaction, acts when drawn or has no event is never played this way; a
leader's event is played once a game; Sparta events wait while the Carneia Festival lasts."""

from __future__ import annotations

from hellenes_nb.games.earth_water.index import WORLD
from hellenes_nb.games.earth_water.rules import greek, persian
from hellenes_nb.games.earth_water.state import State

__all__ = ["can_play_event", "play_event"]

EVENTS = (greek.EVENTS, persian.EVENTS)
#: once-only leaders whose event is played on the side's turn, by card (Leonidas)
ONCE = {8: "leonidas"}


def can_play_event(st: State, side: int, card: int) -> bool:
    """Whether ``side`` may play its half of ``card`` as an event now (§6.2)."""
    entry = EVENTS[side].get(card)
    if entry is None:
        return False
    half = WORLD.cards[card].halves[side]
    if half.sparta and st.has("carneia"):
        return False
    if side == 0 and card in ONCE and st.has(ONCE[card]):
        return False
    return entry[0](st)


def play_event(st: State, side: int, card: int) -> None:
    """Carry out the event (the card is already on the discard pile)."""
    EVENTS[side][card][1](st)
