"""What *300: Earth & Water* offers the services around its rules
(:mod:`hellenes_nb.gameservices`): its bots (easy, heuristic, search), the board invariants, the
choices that end a phase (for the ``brisk`` random policy) and the facts a summary reports."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from hellenes_nb.games.earth_water.bots.easy import EasyBot
from hellenes_nb.games.earth_water.bots.heuristic import HeuristicBot
from hellenes_nb.games.earth_water.bots.searching import SearchBotEarthWater
from hellenes_nb.games.earth_water.invariants import check_invariants
from hellenes_nb.gameservices import GameServices

PHASE_ENDS = frozenset({"end_preparation", "pass", "done", "keep_none"})


def facts(state: Any) -> dict[str, Any]:
    """Where a game stopped: the campaign and the score (above 0: Greece leads)."""
    return {"campaign": state.campaign, "score": state.score}


EARTH_WATER_SERVICES = GameServices(
    bots=MappingProxyType({"easy": EasyBot, "heuristic": HeuristicBot,
                           "search": SearchBotEarthWater}),
    check_invariants=check_invariants,
    phase_ends=PHASE_ENDS,
    selfplay_facts=facts,
    match_facts=facts,
)
