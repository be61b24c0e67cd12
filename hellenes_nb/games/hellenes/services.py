"""What *Hellenes* offers the services around its rules (:mod:`hellenes_nb.gameservices`): the
heuristic bot, the board invariants, the phase endings the ``brisk`` random policy favours and
the facts a self-play or match summary reports."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from hellenes_nb.games.hellenes.bots.easy import EasyBot
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot
from hellenes_nb.games.hellenes.bots.searching import SearchBotHellenes
from hellenes_nb.games.hellenes.invariants import check_invariants
from hellenes_nb.games.hellenes.state import State
from hellenes_nb.gameservices import GameServices

#: actions that end a phase: the end of actions, of a group move, of winter actions, of
#: sorties and of fortifying
PHASE_ENDS = frozenset({"end_actions", "end_group", "end_winter_actions", "sortie_done",
                        "fortify_done"})


def selfplay_facts(state: State) -> dict[str, Any]:
    """Where a self-play game stopped: year, season and prestige."""
    return {"year": state.year, "season": state.season, "prestige": state.prestige}


def match_facts(state: State) -> dict[str, Any]:
    """Where a match game stopped: year and prestige."""
    return {"year": state.year, "prestige": state.prestige}


HELLENES_SERVICES = GameServices(
    bots=MappingProxyType({"easy": EasyBot, "heuristic": HeuristicBot,
                           "search": SearchBotHellenes}),
    check_invariants=check_invariants,
    phase_ends=PHASE_ENDS,
    selfplay_facts=selfplay_facts,
    match_facts=match_facts,
)
