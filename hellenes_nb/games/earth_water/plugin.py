"""*300: Earth & Water* as the catalogue knows it (:class:`~hellenes_nb.core.catalog.GamePlugin`,
listed in pyproject.toml's entry points): its ruleset, its bots (easy, heuristic, search), the
board invariants, the choices that end a phase (for the ``brisk`` random policy), the facts a
summary reports, its data check, its board for ``hellenes map``, its lessons, and the board a
replay shows."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from hellenes_nb.core.catalog import GamePlugin, LessonKit
from hellenes_nb.core.models import Problem
from hellenes_nb.games.earth_water import world as ew_world
from hellenes_nb.games.earth_water.bots.easy import EasyBot
from hellenes_nb.games.earth_water.bots.heuristic import HeuristicBot
from hellenes_nb.games.earth_water.bots.judge import resample
from hellenes_nb.games.earth_water.bots.planning import PlanBotEarthWater
from hellenes_nb.games.earth_water.bots.searching import SearchBotEarthWater
from hellenes_nb.games.earth_water.invariants import check_invariants
from hellenes_nb.games.earth_water.lesson import (
    GAME_YEARS,
    Expect,
    Position,
    check_lesson,
    parse_action,
    read_lesson,
    start_at,
)
from hellenes_nb.games.earth_water.lessonrun import EWPlay
from hellenes_nb.games.earth_water.ruleset import EARTH_WATER
from hellenes_nb.games.earth_water.timeline import TIMELINE
from hellenes_nb.games.earth_water.tutorialkit import KIT as TUTORIAL
from hellenes_nb.games.earth_water.ui import SCREEN
from hellenes_nb.lessons.runner import Lesson

PHASE_ENDS = frozenset({"end_preparation", "pass", "done", "keep_none"})


def facts(state: Any) -> dict[str, Any]:
    """Where a game stopped: the campaign and the score (above 0: Greece leads)."""
    return {"campaign": state.campaign, "score": state.score}


def data_check(folder: Path | None) -> tuple[str, list[str]]:
    """``hellenes data check --game earth-water``: the counts, and what the rules refuse."""
    world = ew_world.read_world(folder)
    return (f"{len(world.cities)} cities, {len(world.roads)} roads, {len(world.cards)} cards",
            ew_world.check_world(world))


def draw_map(scenario: str | None, width: float, size: str) -> str:
    """``hellenes map --scenario earth-water``: the board at the start."""
    from hellenes_nb.games.earth_water.render import scenario_svg

    if size != "normal":
        raise ValueError("--size classroom draws the Hellenes map only; the Earth & Water "
                         "board has one size")
    return scenario_svg(width=width)


def heading(game: Any, viewer: str) -> str:
    """The campaign and the score (§4.5), above a position in a replay."""
    view = game.view(viewer)
    return f"campaign {view['campaign']} of {view['campaigns']} · score {view['score']:+d}"


def _check(path: Path, seeds: Sequence[int]) -> list[Problem]:
    return [Problem(str(path), "", p) for p in check_lesson(path, seeds)]


def _listing(path: Path) -> str:
    lesson = read_lesson(path)
    return f"{lesson.title} ({EARTH_WATER.title}, {len(lesson.steps)} steps)"


def _start_at(path: Path, seed: int, step: int, option: str | None) -> Any:
    return start_at(read_lesson(path), seed, step, option)


def _show(path: Path) -> Iterator[str]:
    """A lesson's steps as text (the notebook plays them)."""
    lesson = read_lesson(path)
    yield f"# {lesson.title} ({EARTH_WATER.title})\n"
    yield lesson.introduction.strip()
    for n, step in enumerate(lesson.steps, 1):
        yield f"\n## {n} / {len(lesson.steps)}: {step.title}\n"
        yield step.narrative.strip()
        yield "\nSources: " + ", ".join(step.sources)
        if step.question:
            yield f"Question: {step.question.ask.strip()}"
        if step.decision:
            yield f"Decision for {step.decision.side.title()}: {step.decision.prompt.strip()}"
            for o in step.decision.options:
                yield f"- {o.id}: {o.label}" + (" (historical)" if o.historical else "")
    yield f"\n{lesson.summary.strip()}"


PLUGIN = GamePlugin(
    ruleset=EARTH_WATER,
    bots=MappingProxyType({"easy": EasyBot, "heuristic": HeuristicBot,
                           "search": SearchBotEarthWater, "plan": PlanBotEarthWater}),
    check_invariants=check_invariants,
    phase_ends=PHASE_ENDS,
    selfplay_facts=facts,
    match_facts=facts,
    data_check=data_check,
    draw_map=draw_map,
    lessons=LessonKit(folder="earth-water", check=_check, listing=_listing, show=_show,
                      start_at=_start_at, open=Lesson, years=GAME_YEARS,
                      position_model=Position, expect_model=Expect, parse_action=parse_action,
                      play=EWPlay,
                      board="hellenes_nb.games.earth_water.widgets.board:EWBoardView"),
    opener="Dashboard.load(file, game='earth-water')",
    replay_heading=heading,
    dashboard=SCREEN,  # issue 27 item 2
    timeline=TIMELINE,  # issue 27 item 5
    tutorial=TUTORIAL,  # issue 27 item 4
    resample=resample,  # issue 32: the What-if lab
)
