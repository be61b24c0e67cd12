"""What a game offers the services around it, beyond its ruleset: bots, random self-play and
the match runner (docs/architecture-services.md, "Adding a game").

The core's :class:`~hellenes_nb.core.ruleset.Ruleset` is all a game needs to be played; a
:class:`GameServices` adds what makes testing and playing against the computer better: the
game's own bots, its board invariants (checked after every action by ``selfplay --fuzz``), the
action types that end a phase (for the ``brisk`` random policy) and the facts of a final
position worth reporting. Each game's services are listed once, explicitly, in
:mod:`hellenes_nb.games.services`; a game without any gets :data:`NO_SERVICES`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


class InvariantError(AssertionError):
    """A board invariant does not hold (the message names it)."""


def _no_facts(state: Any) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class GameServices:
    """The services one game plugs in (every field has a neutral default)."""

    #: bots that play only this game, by name (``random`` plays every game)
    bots: Mapping[str, type] = field(default_factory=lambda: MappingProxyType({}))
    #: ``check(game, since, dead_end)`` raises :class:`InvariantError` unless the position is
    #: consistent (log events from index ``since`` on are new; with ``dead_end`` a game not over
    #: must have a decision to take); None when the game checks nothing beyond its rules
    check_invariants: Callable[..., None] | None = None
    #: action types that end a phase, which the ``brisk`` random policy favours
    phase_ends: frozenset[str] = frozenset()
    #: facts of a position for a self-play game's summary (Hellenes: year, season, prestige)
    selfplay_facts: Callable[[Any], dict[str, Any]] = _no_facts
    #: facts of a position for a match game's summary (Hellenes: year, prestige)
    match_facts: Callable[[Any], dict[str, Any]] = _no_facts


#: the services of a game that registered none
NO_SERVICES = GameServices()
