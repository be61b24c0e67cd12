"""*Amphipolis, 424–422 BC* as the catalogue knows it
(:class:`~hellenes_nb.core.catalog.GamePlugin`, listed in pyproject.toml's entry points): its
ruleset, its bots, its invariants, the choices that end a phase (for the ``brisk`` random
policy), the facts a summary reports and its data check."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Any

from hellenes_nb.core.catalog import GamePlugin
from hellenes_nb.games.amphipolis.bots.heuristic import HeuristicBot
from hellenes_nb.games.amphipolis.invariants import check_invariants
from hellenes_nb.games.amphipolis.rules.victory import scores
from hellenes_nb.games.amphipolis.ruleset import AMPHIPOLIS
from hellenes_nb.games.amphipolis.world import read_world
from hellenes_nb.games.amphipolis.worldcheck import problems

PHASE_ENDS = frozenset({"done", "pass", "hold", "keep_advantage", "accept_roll", "go"})


def facts(state: Any) -> dict[str, Any]:
    """Where a game stopped: the turn and both sides' victory points."""
    a, s = scores(state)
    return {"turn": state.turn, "vp_athens": a, "vp_sparta": s}


def data_check(folder: Path | None) -> tuple[str, list[str]]:
    """``hellenes data check --game amphipolis``: the counts, and what the rules refuse."""
    world = read_world(folder)
    return (f"{len(world.operational)} towns, {len(world.zones) - len(world.operational)} rear "
            f"bases, {len(world.units)} units, {len(world.leaders)} leaders, "
            f"{len(world.counters)} strategem counters, {len(world.scenarios)} scenario(s)",
            problems(world))


PLUGIN = GamePlugin(
    ruleset=AMPHIPOLIS,
    bots=MappingProxyType({"heuristic": HeuristicBot}),
    check_invariants=check_invariants,
    phase_ends=PHASE_ENDS,
    selfplay_facts=facts,
    match_facts=facts,
    data_check=data_check,
)
