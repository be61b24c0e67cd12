"""The deaths of Brasidas and Cleon (the note under the Combat Results Table): after a combat
with both leaders in it, each side rolls a die. On a tie both roll again and each leader dies
on a 1; otherwise the higher roller alone rolls again and his leader dies on a 1.

A rule function on a position, tested with forced dice; not yet called after a combat (the
two meet only on the main map, which no playable scenario uses yet, docs/amphipolis.md)."""

from __future__ import annotations

from hellenes_nb.games.amphipolis.rules.common import ATHENS, SPARTA
from hellenes_nb.games.amphipolis.state import State

__all__ = ["death_rolls"]

NAMES = {ATHENS: "Cleon", SPARTA: "Brasidas"}


def death_rolls(st: State) -> list[int]:
    """Roll for the two leaders; the sides whose leader is killed (Athens 0 for Cleon,
    Sparta 1 for Brasidas). The caller removes them from play."""
    first = [st.dice.roll(), st.dice.roll()]
    if first[0] == first[1]:
        again = {ATHENS: st.dice.roll(), SPARTA: st.dice.roll()}
    else:
        high = ATHENS if first[0] > first[1] else SPARTA
        again = {high: st.dice.roll()}
    dead = sorted(side for side, roll in again.items() if roll == 1)
    words = ", ".join(f"{NAMES[s]} {r}" for s, r in again.items())
    st.event("deaths", "4.2", f"Brasidas and Cleon fought: Athens rolls {first[0]}, Sparta "
             f"{first[1]}; again: {words}; "
             + (" and ".join(NAMES[s] for s in dead) + " killed" if dead else "both live"))
    return dead
