"""A position of *Amphipolis*: where every unit and leader is and in what state, the
garrisons, the strategems (hands, cup, removed), the action points, initiative and Advantage,
the victory points scored so far, the decision frames, the dice and the log
(docs/amphipolis.md, "Engine").

``clone()`` copies a handful of short lists; frames are replaced, never edited
(``core.steps.replace_top``), so clones share them; the log list is shared and copied only
when a clone appends to a list another clone already extended.

Events are written once (:meth:`State.event`): a ``private`` event belongs to one side, and
the other side reads only its ``public`` words (what was drawn stays hidden)."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.dice import Dice
from hellenes_nb.core.privatelog import PrivateEvents
from hellenes_nb.games.amphipolis.world import load_world

__all__ = ["IN_POOL", "IN_PLAY", "OUT", "SIDES", "State"]

SIDES = ("athens", "sparta")
#: a piece's status: not yet arrived, on the maps, out of the game (eliminated, removed)
IN_POOL, IN_PLAY, OUT = 0, 1, 2

_LISTS = ("uloc", "ustat", "ured", "fresh", "lloc", "lstat", "lwound", "lfresh", "pa",
          "played", "vp", "cup", "removed", "barred", "pending", "used")


class State(PrivateEvents):
    """One position (module docstring). Units and leaders are numbered as in the data files;
    ``uloc``/``lloc`` hold a zone id (None when not on the maps); ``lwound`` 0 fit, 1 wounded
    (S18), 2 ill (S21: may not move until recovered)."""

    __slots__ = ("scenario", "turn", "first", "last", *_LISTS, "garrison", "citadel", "hands",
                 "initiative", "advantage", "active", "flotilla", "walls", "siege_bonus", "stack",
                 "_log", "_n", "dice", "barrier")

    SIDE_NAMES = SIDES

    def __init__(self, scenario: str, seed: int):
        w = load_world()
        self.scenario = scenario
        self.turn = self.first = self.last = 0
        self.uloc: list[str | None] = [None] * len(w.units)
        self.ustat = [IN_POOL] * len(w.units)
        self.ured = [False] * len(w.units)
        self.fresh = [False] * len(w.units)
        self.lloc: list[str | None] = [None] * len(w.leaders)
        self.lstat = [IN_POOL] * len(w.leaders)
        self.lwound = [0] * len(w.leaders)
        #: leaders who arrived this turn's Phase B.2 or were sent back in Phase D.4
        self.lfresh = [False] * len(w.leaders)
        self.garrison: dict[str, int] = {}
        self.citadel = 1
        self.hands: list[list[str]] = [[], []]
        self.cup: list[str] = [c.id for c in w.counters]
        self.removed: list[str] = []
        self.pa = [0, 0]
        self.played = [False, False]
        self.vp = [0, 0]
        #: zones barred to a side this action phase by strategem S4: [side, zone] pairs
        self.barred: list[list[Any]] = []
        #: reinforcement groups still to come: {"side", "turn", "at", "leaders", "units"}
        self.pending: list[dict] = []
        #: once-only things done: "s15:athens", "optional:sparta" (due this B.2), ...
        self.used: list[str] = []
        self.initiative = 0
        self.advantage = 1
        self.active = 0
        self.flotilla = False
        #: the walls the Spartans may build (§5): "none", "built" or "destroyed"
        self.walls = "none"
        #: a strategem (19 or 20) waiting for a side's next siege this Phase D.5
        self.siege_bonus = [0, 0]
        self.stack: list[dict] = []
        self._log: list[dict] = []
        self._n = 0
        self.dice = Dice(seed)
        self.barrier = False

    def clone(self) -> State:
        c = State.__new__(State)
        for name in ("scenario", "turn", "first", "last", "initiative", "advantage", "active",
                     "flotilla", "walls", "citadel", "_log", "_n", "barrier"):
            setattr(c, name, getattr(self, name))
        for name in _LISTS:
            setattr(c, name, getattr(self, name)[:])
        c.garrison = dict(self.garrison)
        c.hands = [self.hands[0][:], self.hands[1][:]]
        c.siege_bonus = self.siege_bonus[:]
        c.stack = self.stack[:]
        c.dice = self.dice.clone()
        return c

    def _date(self) -> dict:
        return {"turn": self.turn}

    # -- saving ----------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The whole position as plain data, for an open save."""
        w = load_world()
        return {
            "scenario": self.scenario, "turn": self.turn,
            "units": {u.id: [self.uloc[i], self.ustat[i], self.ured[i], self.fresh[i]]
                      for i, u in enumerate(w.units)},
            "leaders": {g.id: [self.lloc[i], self.lstat[i], self.lwound[i], self.lfresh[i]]
                        for i, g in enumerate(w.leaders)},
            "garrisons": dict(self.garrison), "citadel": SIDES[self.citadel],
            "hands": {s: self.hands[i][:] for i, s in enumerate(SIDES)},
            "cup": self.cup[:], "removed": self.removed[:], "pa": self.pa[:],
            "played": self.played[:], "vp": self.vp[:], "barred": [b[:] for b in self.barred],
            "pending": [dict(p) for p in self.pending], "used": self.used[:],
            "initiative": SIDES[self.initiative], "advantage": SIDES[self.advantage],
            "active": SIDES[self.active], "flotilla": self.flotilla, "walls": self.walls,
            "siege_bonus": self.siege_bonus[:],
            "stack": [dict(f) for f in self.stack], "dice": self.dice.to_dict(),
            "log": self.log[:],
        }
