"""*Athens & Sparta* as the catalogue knows it (:class:`~hellenes_nb.core.catalog.GamePlugin`,
listed in pyproject.toml's entry points): its ruleset, its invariants, the choices that end a
phase (for the ``brisk`` random policy), the facts a summary reports, its data check and its
map (``hellenes map --scenario athens-sparta``)."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Any

from hellenes_nb.core.catalog import GamePlugin
from hellenes_nb.games.athens_sparta.bots.easy import EasyBot
from hellenes_nb.games.athens_sparta.bots.heuristic import HeuristicBot
from hellenes_nb.games.athens_sparta.bots.searching import SearchBotAthensSparta
from hellenes_nb.games.athens_sparta.invariants import check_invariants
from hellenes_nb.games.athens_sparta.lessonkit import KIT as LESSONS
from hellenes_nb.games.athens_sparta.rules.victory import victory_points
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA
from hellenes_nb.games.athens_sparta.timeline import TIMELINE
from hellenes_nb.games.athens_sparta.tutorialkit import KIT as TUTORIAL
from hellenes_nb.games.athens_sparta.ui import SCREEN

PHASE_ENDS = frozenset({"end_moves"})


def facts(state: Any) -> dict[str, Any]:
    """Where a game stopped: the Olympiad, the Game Turn and both sides' city points."""
    p = victory_points(state.board, state.world)
    return {"olympiad": state.board.olympiad, "turn": state.board.turn,
            "points_athens": p["athens"], "points_sparta": p["sparta"]}


def data_check(folder: Path | None) -> tuple[str, list[str]]:
    """``hellenes data check --game athens-sparta``: the counts, and what the rules refuse."""
    from hellenes_nb.games.athens_sparta.check import data_check as check
    from hellenes_nb.games.athens_sparta.world import read_world

    world = read_world(folder)
    return (f"{len(world.hexes)} hexes, {len(world.cities)} cities and sites, "
            f"{len(world.blocks)} blocks, {len(world.cards)} cards", check(world))


def draw_map(scenario: str | None, width: float, size: str) -> str:
    """``hellenes map --scenario athens-sparta``: the reconstructed hex map with its cities
    (the blocks are not drawn yet)."""
    from hellenes_nb.games.athens_sparta.drawing import map_svg
    from hellenes_nb.games.athens_sparta.world import load_world

    if size not in ("normal", "classroom"):
        raise ValueError(f"the size is 'normal' or 'classroom', not {size!r}")
    return map_svg(load_world(), width=width, grid_ids=size == "normal")


def heading(game: Any, viewer: str) -> str:
    """The Olympiad, the turn and the points, above a position in a replay."""
    view = game.view(viewer)
    return (f"Olympiad {view['olympiad']}, turn {view['turn']} · Athens "
            f"{view['points']['athens']}, Sparta {view['points']['sparta']} points")


PLUGIN = GamePlugin(
    ruleset=ATHENS_SPARTA,
    bots=MappingProxyType({"easy": EasyBot, "heuristic": HeuristicBot,
                           "search": SearchBotAthensSparta}),  # search: the hard level
    check_invariants=check_invariants,
    phase_ends=PHASE_ENDS,
    selfplay_facts=facts,
    match_facts=facts,
    data_check=data_check,
    draw_map=draw_map,
    replay_heading=heading,
    opener="Dashboard.load(file, game='athens-sparta')",
    dashboard=SCREEN,
    timeline=TIMELINE,
    tutorial=TUTORIAL,  # issue 30 item 4
    lessons=LESSONS,  # issue 30 item 4: the first lesson
)
