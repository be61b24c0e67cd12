"""*Amphipolis, 424–422 BC* as the catalogue knows it
(:class:`~hellenes_nb.core.catalog.GamePlugin`, listed in pyproject.toml's entry points): its
ruleset, its bots (easy, heuristic), its invariants, the choices that end a phase (for the
``brisk`` random policy), the facts a summary reports, its data check, its board (``hellenes
map``, the replay) and its part of the shared dashboard."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Any

from hellenes_nb.core.catalog import GamePlugin
from hellenes_nb.games.amphipolis.bots.easy import EasyBot
from hellenes_nb.games.amphipolis.bots.heuristic import HeuristicBot
from hellenes_nb.games.amphipolis.bots.searching import SearchBotAmphipolis
from hellenes_nb.games.amphipolis.invariants import check_invariants
from hellenes_nb.games.amphipolis.lessonkit import KIT as LESSONS
from hellenes_nb.games.amphipolis.rules.victory import scores
from hellenes_nb.games.amphipolis.ruleset import AMPHIPOLIS
from hellenes_nb.games.amphipolis.timeline import TIMELINE
from hellenes_nb.games.amphipolis.tutorialkit import KIT as TUTORIAL
from hellenes_nb.games.amphipolis.ui import SCREEN
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
    bases = sum(z.kind == "base" for z in world.zones)
    return (f"{len(world.operational)} towns, {bases} rear bases, {len(world.main)} main-map "
            f"zones with {len(world.borders)} borders, {len(world.units)} units, "
            f"{len(world.leaders)} leaders, "
            f"{len(world.counters)} strategem counters, {len(world.scenarios)} scenario(s)",
            problems(world))


def draw_map(scenario: str | None, width: float, size: str) -> str:
    """``hellenes map --scenario amphipolis-10.2``: the board at the start, with the main map
    beside it (even where the scenario does not use it)."""
    from hellenes_nb.games.amphipolis.render import board_svg as draw

    game_state = AMPHIPOLIS.setup(scenario or "amphipolis-10.2", 0)
    AMPHIPOLIS.steps.settle(game_state)
    return draw(AMPHIPOLIS.view(game_state, "all"), width=width, size=size, main_map=True)


def heading(game: Any, viewer: str) -> str:
    """The turn and the victory points, above a position in a replay."""
    view = game.view(viewer)
    return (f"turn {view['turn']} · Athens {view['vp']['athens']} VP, Sparta "
            f"{view['vp']['sparta']} VP")


PLUGIN = GamePlugin(
    ruleset=AMPHIPOLIS,
    bots=MappingProxyType({"easy": EasyBot, "heuristic": HeuristicBot,
                           "search": SearchBotAmphipolis}),
    check_invariants=check_invariants,
    phase_ends=PHASE_ENDS,
    selfplay_facts=facts,
    match_facts=facts,
    data_check=data_check,
    draw_map=draw_map,
    replay_heading=heading,
    opener="Dashboard.load(file, game='amphipolis')",
    dashboard=SCREEN,
    timeline=TIMELINE,
    tutorial=TUTORIAL,  # issue 29 item 5
    lessons=LESSONS,  # issue 29 item 5
)
