"""A position of *300: Earth & Water*: flat lists of counts, the cards, the flags, the decision
frames, the dice and the log (docs/earth-water.md, "Engine").

``clone()`` copies a handful of short lists and never uses ``copy.deepcopy``; the frames are
replaced, never edited (``core.steps.replace_top``), so clones share them; the log list is shared
too and copied only when a clone appends to a list another clone has already extended.

Events are written once (:meth:`State.event`) with what each side may read: a ``private`` event
belongs to one side, and the other reads only its ``public`` words (docs/earth-water.md,
"Hidden information").
"""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.dice import Dice
from hellenes_nb.core.privatelog import PrivateEvents
from hellenes_nb.games.earth_water.index import CITIES, SIDE_NAMES, N

__all__ = ["FLAGS", "State"]

#: one-bit flags of a position and their names in a save
FLAGS = {
    "bridge": 1,          # the pontoon bridge stands on the Hellespont (§5.1)
    "carneia": 2,         # Carneia Festival in effect this campaign (card 4)
    "acropolis": 4,       # nobody scores Athenai this campaign (card 15)
    "acropolis_next": 8,  # the next Greek preparation has one talent less (card 15)
    "darius": 16,         # the first sudden death has happened (§5.3)
    "xerxes": 32,         # the second one too (§5.3)
    "miltiades": 64,      # leaders whose once-only event has been played (§6.2)
    "themistocles": 128,
    "leonidas": 256,
    "artemisia": 512,
}


class State(PrivateEvents):
    """One position (see the module docstring). ``u`` holds the pieces on the map
    (``index.slot``), ``reserve`` the pieces off it: Greek armies, Persian armies, Greek fleets,
    Persian fleets; pieces on the leaders' portraits are in neither (``portraits``)."""

    __slots__ = ("scenario", "campaign", "score", "u", "reserve", "hands", "deck", "discard",
                 "flags", "stack", "_log", "_n", "dice", "barrier", "legal_memo")

    SIDE_NAMES = SIDE_NAMES

    def __init__(self, scenario: str, seed: int):
        self.scenario = scenario
        self.campaign = 1
        #: the Total Score Track: above 0 Greece leads, below 0 Persia (§4.5)
        self.score = 0
        self.u = [0] * (4 * N)
        self.reserve = [0, 0, 0, 0]
        self.hands: list[list[int]] = [[], []]
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.flags = 0
        self.stack: list[dict] = []
        self._log: list[dict] = []
        self._n = 0
        self.dice = Dice(seed)
        self.barrier = False
        #: the legal actions listed for this very position (Step.legal), never copied to a clone
        #: that goes on to change
        self.legal_memo: dict | None = None

    def clone(self) -> State:
        c = State.__new__(State)
        c.scenario = self.scenario
        c.campaign = self.campaign
        c.score = self.score
        c.u = self.u[:]
        c.reserve = self.reserve[:]
        c.hands = [self.hands[0][:], self.hands[1][:]]
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.flags = self.flags
        c.stack = self.stack[:]
        c._log = self._log
        c._n = self._n
        c.dice = self.dice.clone()
        c.barrier = self.barrier
        c.legal_memo = self.legal_memo
        return c

    # -- flags -----------------------------------------------------------------------------------
    def has(self, flag: str) -> bool:
        return bool(self.flags & FLAGS[flag])

    def mark(self, flag: str, on: bool = True) -> None:
        self.flags = (self.flags | FLAGS[flag]) if on else (self.flags & ~FLAGS[flag])

    @property
    def portraits(self) -> dict[str, int]:
        """Pieces out of the game on the portraits: Greek armies (Miltiades, Themistocles,
        Leonidas), Persian armies (Darius, Xerxes), Persian fleets (Artemisia) (§5.3, §6.2)."""
        return {"greek_armies": sum(self.has(f) for f in ("miltiades", "themistocles",
                                                           "leonidas")),
                "persian_armies": self.has("darius") + self.has("xerxes"),
                "persian_fleets": int(self.has("artemisia"))}

    def _date(self) -> dict:
        return {"campaign": self.campaign}

    # -- saving ----------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The whole position as plain data, with city ids, for an open save."""
        def by_city(kind: int) -> dict[str, int]:
            return {CITIES[c].id: self.u[kind * N + c] for c in range(N) if self.u[kind * N + c]}
        return {
            "scenario": self.scenario, "campaign": self.campaign, "score": self.score,
            "armies": {"greece": by_city(0), "persia": by_city(1)},
            "fleets": {"greece": by_city(2), "persia": by_city(3)},
            "reserve": {"greece": {"armies": self.reserve[0], "fleets": self.reserve[2]},
                        "persia": {"armies": self.reserve[1], "fleets": self.reserve[3]}},
            "hands": {"greece": self.hands[0][:], "persia": self.hands[1][:]},
            "deck": self.deck[:], "discard": self.discard[:],
            "flags": sorted(f for f in FLAGS if self.has(f)),
            "stack": [dict(f) for f in self.stack],
            "dice": self.dice.to_dict(),
            "log": self.log[:],
        }
