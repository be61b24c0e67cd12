"""What a game must provide to run on the core (docs/architecture.md, "The Ruleset protocol").

A :class:`Ruleset` holds a game's static facts and its rules: its roles, its scenarios, the
steps that handle its decision frames, how a scenario is set up, what each role may see, how the
game ends and how a save is read back. The generic :class:`~hellenes_nb.core.game.Game` drives
any ruleset; widgets, bots, lessons and the command line speak only to ``Game``.

Rulesets are registered explicitly, once, in :mod:`hellenes_nb.games.registry`; a scenario id
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


_RULESETS: dict[str, Ruleset] = {}


def register_ruleset(ruleset: Ruleset) -> Ruleset:
    """Add ``ruleset`` to the games the core can set up (ValueError if a scenario id or the
    game's name is taken)."""
    if not isinstance(ruleset, Ruleset):
        raise TypeError(f"{ruleset!r} does not follow the Ruleset protocol")
    taken = {r.name for r in _RULESETS.values()}
    if ruleset.name in taken:
        raise ValueError(f"a game named {ruleset.name!r} is already registered")
    for scenario in ruleset.scenarios:
        if scenario in _RULESETS:
            raise ValueError(f"scenario {scenario!r} of {ruleset.name} is already a scenario "
                             f"of {_RULESETS[scenario].name}")
    for scenario in ruleset.scenarios:
        _RULESETS[scenario] = ruleset
    return ruleset


def unregister_ruleset(ruleset: Ruleset) -> None:
    """Take ``ruleset`` out of the registry again (for tests that register a game of their
    own; the package's games stay registered)."""
    for scenario in [s for s, r in _RULESETS.items() if r is ruleset]:
        del _RULESETS[scenario]


def scenario_ids() -> list[str]:
    """Every registered scenario id, game by game."""
    return list(_RULESETS)


def rulesets() -> list[Ruleset]:
    """The registered games, each once."""
    return list(dict.fromkeys(_RULESETS.values()))


def ruleset_for(scenario: str, **options: Any) -> Ruleset:
    """The ruleset that sets up ``scenario`` with ``options`` (ValueError listing the known
    scenarios)."""
    ruleset = _RULESETS.get(str(scenario))
    if ruleset is None:
        ruleset = next((r for r in rulesets() if r.sets_up(str(scenario), **options)), None)
    if ruleset is None:
        known = ", ".join(scenario_ids()) or "none (no game is registered)"
        raise ValueError(f"unknown scenario {scenario!r}; the scenarios are: {known}")
    return ruleset


def role_names(ruleset: Ruleset, deciders: Sequence[int]) -> str:
    """Who decides, for a prompt: a role's name, "both" when two decide, "none" when nobody."""
    if not deciders:
        return "none"
    if len(deciders) == 2:
        return "both"
    return ruleset.roles[deciders[0]]
