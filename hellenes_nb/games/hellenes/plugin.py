"""*Hellenes* as the catalogue knows it (:class:`~hellenes_nb.core.catalog.GamePlugin`, listed
in pyproject.toml's entry points): its ruleset, its bots, the board invariants, the phase
endings the ``brisk`` random policy favours, the facts a self-play or match summary reports,
its data check and tables, its map, the ``odds`` subcommand, its lessons and the lesson origin
a save may name. The package's home game: ``hellenes map`` without a scenario and ``hellenes
data check --folder`` without ``--game`` mean this game."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Any

from hellenes_nb.core.catalog import GamePlugin
from hellenes_nb.games.hellenes.bots.easy import EasyBot
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot
from hellenes_nb.games.hellenes.bots.planning import PlanBotHellenes
from hellenes_nb.games.hellenes.bots.sampling import resample
from hellenes_nb.games.hellenes.bots.searching import SearchBotHellenes
from hellenes_nb.games.hellenes.index import SEASONS
from hellenes_nb.games.hellenes.invariants import check_invariants
from hellenes_nb.games.hellenes.lessonkit import KIT
from hellenes_nb.games.hellenes.ruleset import HELLENES
from hellenes_nb.games.hellenes.state import State
from hellenes_nb.games.hellenes.timeline import TIMELINE
from hellenes_nb.games.hellenes.tutorialkit import KIT as TUTORIAL
from hellenes_nb.games.hellenes.ui import SCREEN
from hellenes_nb.games.hellenes.world import check_world, read_world

#: actions that end a phase: the end of actions, of a group move, of winter actions, of
#: sorties and of fortifying
PHASE_ENDS = frozenset({"end_actions", "end_group", "end_winter_actions", "sortie_done",
                        "fortify_done"})

#: the tables ``hellenes data show`` prints
TABLES = ("areas", "seas", "borders", "units", "cards")


def selfplay_facts(state: State) -> dict[str, Any]:
    """Where a self-play game stopped: year, season and prestige."""
    return {"year": state.year, "season": state.season, "prestige": state.prestige}


def match_facts(state: State) -> dict[str, Any]:
    """Where a match game stopped: year and prestige."""
    return {"year": state.year, "prestige": state.prestige}


def data_check(folder: Path | None) -> tuple[str, list[Any]]:
    """``hellenes data check``: the counts, and every fact the rules imply that fails."""
    world = read_world(folder)
    return (f"{len(world.areas)} land areas, {len(world.seas)} seas, "
            f"{len(world.borders)} borders, {len(world.units)} units, {len(world.cards)} cards, "
            f"{len(world.scenarios)} scenarios", check_world(world))


def data_tables(folder: Path | None) -> dict[str, Any]:
    """``hellenes data show``: the world's tables as polars frames, by name."""
    return read_world(folder).frames()


def draw_map(scenario: str | None, width: float, size: str) -> str:
    """``hellenes map``: the map of the Greek world, with a scenario's blocks when named."""
    from hellenes_nb.games.hellenes.render.svg import render_map_svg

    return render_map_svg(scenario, width=width, size=size)


def add_commands(subparsers: Any) -> None:
    """The Hellenes-only subcommands: ``hellenes odds``."""
    from hellenes_nb.games.hellenes.odds.cli import add_odds_parser

    add_odds_parser(subparsers)


def heading(game: Any, viewer: str) -> str:
    """The season, year and prestige (public to both sides), above a position in a replay."""
    st = game.state
    return f"{SEASONS[st.season]} {st.year} BC · prestige {st.prestige:+d}"


def lesson_start(origin: dict[str, Any], seed: int) -> Any:
    """A save of a game begun in a lesson starts from that lesson's step, rebuilt from the
    installed lesson (lessons/origin.py)."""
    from hellenes_nb.lessons.origin import lesson_start as start

    return start(origin, seed)


PLUGIN = GamePlugin(
    ruleset=HELLENES,
    bots=MappingProxyType({"easy": EasyBot, "heuristic": HeuristicBot,
                           "search": SearchBotHellenes, "plan": PlanBotHellenes}),
    check_invariants=check_invariants,
    phase_ends=PHASE_ENDS,
    selfplay_facts=selfplay_facts,
    match_facts=match_facts,
    data_check=data_check,
    home=True,
    data_tables=TABLES,
    read_tables=data_tables,
    draw_map=draw_map,
    add_commands=add_commands,
    lessons=KIT,
    opener="Dashboard.load(file)",
    replay_heading=heading,
    origins=MappingProxyType({"lesson": lesson_start}),
    tutorial=TUTORIAL,  # issue 27 item 4
    dashboard=SCREEN,  # issue 27 item 2
    timeline=TIMELINE,  # issue 27 item 5
    resample=resample,  # issue 32: the What-if lab
)
