"""A position of a game of *Athens & Sparta* as the core drives it (docs/architecture.md,
"Adding a game"): the board (:class:`~hellenes_nb.games.athens_sparta.state.State`, which the
rule chapters read), both hands and the undealt cards, the seeded dice, the decision frames
(``stack``), the undo ``barrier``, the scenario and the log.

``clone()`` copies the blocks (a few dozen small records), the hands and the lists; frames are
replaced, never edited (``core.steps.replace_top``), so clones share them.

Events are written once (:meth:`Position.event`): a ``private`` event is read whole by one side
only, the other side reads its ``public`` words (a card chosen face down).
"""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.dice import Dice
from hellenes_nb.core.privatelog import PrivateEvents
from hellenes_nb.games.athens_sparta.state import SIDES, BlockState, State, setup
from hellenes_nb.games.athens_sparta.world import World, load_world

__all__ = ["SCENARIO", "SIDES", "TURNS", "Position"]

SCENARIO = "athens-sparta"
#: Game Turns in an Olympiad (the sequence of play: six cards a hand, one a turn)
TURNS = 6


class Position(PrivateEvents):
    """One position (module docstring)."""

    SIDE_NAMES = SIDES

    def __init__(self, scenario: str, seed: int, world: World | None = None,
                 options: dict | None = None):
        self.world = world or load_world()
        self.scenario = scenario
        #: the rules options of docs/rules-decisions.md chosen for this game (never changed)
        self.options: dict[str, Any] = dict(options or {})
        self.board: State = setup(self.world)
        self.hands: dict[str, list[str]] = {s: [] for s in SIDES}
        self.rest: list[str] = []
        #: the cards shown this Game Turn, by side (empty before the reveal)
        self.shown: dict[str, str] = {}
        self.dice = Dice(seed)
        self.stack: list[dict] = [{"kind": "olympiad"}]
        self._log: list[dict] = []
        self._n = 0
        self.barrier = False
        #: the revolts raised this Olympiad, [side, city] (and [side, "helots"]); replaced,
        #: never changed in place, so clones share it
        self.revolts: list[list[str]] = []
        #: the navies on sea patrol, (block, hex) pairs (rules/seapatrol.py); replaced
        self.patrols: tuple[tuple[str, str], ...] = ()
        #: the card each side set aside at Sicily (the optional Syracuse points); replaced
        self.sicily: dict[str, str] = {}

    def clone(self) -> Position:
        c = Position.__new__(Position)
        c.__dict__ = dict(self.__dict__)
        b = self.board
        c.board = State({k: BlockState(v.where, v.steps, v.side) for k, v in b.blocks.items()},
                        dict(b.control), dict(b.besieged), dict(b.blockaded), b.olympiad,
                        b.turn, b.persia, b.values)
        c.hands = {s: h[:] for s, h in self.hands.items()}
        c.rest = self.rest[:]
        c.shown = dict(self.shown)
        c.dice = self.dice.clone()
        c.stack = self.stack[:]
        return c

    def _date(self) -> dict:
        return {"olympiad": self.board.olympiad, "turn": self.board.turn}

    def to_dict(self) -> dict[str, Any]:
        """The whole position as plain data (an open save holds everything)."""
        b = self.board
        return {
            "scenario": self.scenario, "options": dict(self.options), "olympiad": b.olympiad,
            "turn": b.turn,
            "blocks": {k: [v.where, v.steps, v.side] for k, v in sorted(b.blocks.items())},
            "control": dict(sorted(b.control.items())),
            "besieged": dict(sorted(b.besieged.items())),
            "blockaded": dict(sorted(b.blockaded.items())), "persia": b.persia,
            "hands": {s: h[:] for s, h in self.hands.items()}, "rest": self.rest[:],
            "shown": dict(self.shown), "revolts": [list(x) for x in self.revolts],
            **({"sicily": dict(self.sicily), "values": dict(b.values)} if self.sicily else {}),
            "stack": [dict(f) for f in self.stack],
            "dice": self.dice.to_dict(), "log": [dict(e) for e in self.log],
        }
