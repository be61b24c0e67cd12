"""What a game must provide to run on the core (docs/architecture.md, "The Ruleset protocol").

A :class:`Ruleset` holds a game's static facts and its rules: its roles, its scenarios, the
steps that handle its decision frames, how a scenario is set up, what each role may see, how the
game ends and how a save is read back. The generic :class:`~hellenes_nb.core.game.Game` drives
any ruleset; widgets, bots, lessons and the command line speak only to ``Game``.

A game registers its ruleset inside its plugin record, once, in the catalogue
(:mod:`hellenes_nb.core.catalog`, which checks every member below is there); a scenario id
names exactly one ruleset, so ``new_game("431")`` needs no game name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol, runtime_checkable

from hellenes_nb.core.steps import StepRegistry


@runtime_checkable
class Ruleset(Protocol):
    """One game's rules behind the core's :class:`~hellenes_nb.core.game.Game`.

    The state a ruleset makes is its own class; the core needs only ``state.stack`` (the
    decision frames), ``state.barrier`` (set when a die is rolled or something is revealed, so
    undo stops there), ``state.log`` (the full record of events) and ``state.clone()``.
    """

    #: short id ("hellenes")
    name: str
    #: the game's title for people
    title: str
    #: the roles, in the order step deciders number them ("athens", "sparta")
    roles: tuple[str, ...]
    #: the game's decision steps by frame kind
    steps: StepRegistry
    #: whether every side sees the whole position (the generic search may then read it; a game
    #: with hidden facts says False and brings its own search)
    perfect_information: bool

    @property
    def scenarios(self) -> tuple[str, ...]:
        """The scenario ids this ruleset sets up (unique across every registered game)."""

    def sets_up(self, scenario: str, **options: Any) -> bool:
        """Whether ``setup(scenario, ..., **options)`` would know the scenario: a game may set
        up scenarios beyond its registered ids (Hellenes: those of a world given as an
        option)."""

    def setup(self, scenario: str, seed: int, **options: Any) -> Any:
        """The state at the start of ``scenario``, dice seeded by ``seed`` (ValueError naming
        a scenario it does not know)."""

    def check_shape(self, action: dict) -> dict | None:
        """A clean copy of ``action`` (no label) if its keys and values fit its type; None for
        a type the game does not know; IllegalAction naming what does not fit."""

    def view(self, state: Any, role: str) -> dict[str, Any]:
        """A JSON-ready dict of what ``role`` (or "all", the teacher) may know."""

    def log_for(self, state: Any, role: str, start: int = 0) -> list[dict]:
        """The log entries from ``start`` on as ``role`` (or "all") may read them."""

    def result(self, state: Any) -> dict | None:
        """The result once the game is over (None while it goes on)."""

    def describe(self, state: Any) -> str:
        """One line naming the position, for ``repr``."""

    def save_state(self, state: Any) -> dict[str, Any]:
        """The position as JSON-ready data (what an open save records and a replay of the
        save's moves must give again)."""

    def read_save(self, data: dict[str, Any], **options: Any) -> tuple[str, int, list[dict]]:
        """A whole save checked in the game's terms: (scenario, seed, moves) to replay
        (ValueError in plain words for a save it refuses)."""


@runtime_checkable
class PieceMoves(Protocol):
    """What a game with pieces that go from place to place adds, so that a map can ask the
    engine where a piece may go and send it there (``Game.targets``, ``Game.go``)."""

    def targets(self, game: Any, role: str, piece: str) -> dict[str, list[dict]]:
        """Where ``piece`` of ``role`` may go in ``game`` now: destination -> the actions
        that take it there, as planned now."""

    def route(self, game: Any, role: str, piece: str, destination: str) -> Iterable[dict]:
        """The actions that take ``piece`` to ``destination``, each chosen after the ones
        before it were applied to ``game`` (IllegalAction when it is not a target)."""


def role_names(ruleset: Ruleset, deciders: Sequence[int]) -> str:
    """Who decides, for a prompt: a role's name, "both" when two decide, "none" when nobody."""
    if not deciders:
        return "none"
    if len(deciders) == 2:
        return "both"
    return ruleset.roles[deciders[0]]
