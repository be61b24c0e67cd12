"""``hellenes tutorial check``: validate every task file before a learner sees it.

For each chapter file, in order:

1. it is plain YAML data in the tutorial format (:mod:`.format`);
2. every reference exists: rule sections, areas and units named by a goal, a focus, a
   solution or a reply, and each goal fits its board (map goals on the map, battle goals on
   the battle board);
3. the board can be set up (the position is legal, the forces are valid);
4. for each stage the goal is not met before the learner moves, and it is reached: by
   replaying the given ``solution``, or, when there is none, by a search of the learner's
   moves (:mod:`.search`); every forced die is used. The searches of one file share a time
   budget (:data:`SEARCH_SECONDS`); once it is spent, a task that still needs a search is
   reported "not checked" (give it a ``solution``), so no file keeps the checker for minutes.

Each problem names the file, the task and what is wrong. :func:`check_paths` also gathers the
coverage: which rule sections each task teaches (:mod:`.sections`).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from hellenes_nb.core.catalog import TutorialKit, tutorial_kit
from hellenes_nb.core.models import Problem
from hellenes_nb.lessons.format import normalise_section
from hellenes_nb.tutorial.format import ChapterSpec, TaskSpec, parse_chapter, read_chapter_file
from hellenes_nb.tutorial.run import RunError, TaskRun
from hellenes_nb.tutorial.search import Budget, OutOfTime

__all__ = ["SEARCH_SECONDS", "Checked", "check_chapter", "check_paths",
           "chapter_files"]

#: the seconds all the searches of one file may take together (the packaged chapters need
#: well under one each)
SEARCH_SECONDS = 5.0



class Checked:
    """What a check found: the files, their chapters, the problems, and who teaches what."""

    def __init__(self) -> None:
        self.files: list[Path] = []
        self.chapters: list[ChapterSpec] = []
        self.problems: list[Problem] = []

    @property
    def taught(self) -> list[tuple[str, str]]:
        """(section, task id) for every section each task names."""
        return [(normalise_section(r), t.id) for c in self.chapters for t in c.tasks
                for r in t.rules]

    @property
    def tasks(self) -> list[TaskSpec]:
        return [t for c in self.chapters for t in c.tasks]


def _fighters(kit: TutorialKit, task: TaskSpec) -> set[str] | None:
    if task.battle is None:
        return None
    if kit.battle_lab is None:
        raise kit.board_error(["this game has no battle board; give the task a 'board'"])
    lab, _names = kit.battle_lab(task.battle)
    return {f.key for f in lab.battle.fighters}


def _play(kit: TutorialKit, world: Any, task: TaskSpec, budget: Budget) -> list[str]:
    """Play the task through: each stage not met at its start, then reached."""
    if budget.spent and any(not s.solution for s in task.steps()):
        return [f"not checked: this file's {budget.seconds:g} seconds of searching for "
                "solutions were spent on the tasks before it; give it a 'solution'"]
    try:
        run = TaskRun(task, world, kit)
    except kit.board_error as exc:
        return [f"board: {p}" for p in getattr(exc, "problems", [str(exc)])]
    run.search_budget = budget
    out: list[str] = []
    for n in range(len(run.steps)):
        label = f"stage {n + 1}" if task.stages else "goal"
        if not run.missing():
            return out + [f"{label}: already met before the learner moves; the task teaches "
                          "nothing"]
        if run.status == "failed":
            return out + [f"{label}: the task fails before the learner moves: {run.message}"]
        try:
            run.play_solution(upto=n)
        except OutOfTime as exc:
            where = f"{label}: " if task.stages else ""
            return out + [f"{where}not checked: the search for a solution used up this file's "
                          f"{budget.seconds:g} seconds of searching (after {exc.tried} "
                          "positions); give it a 'solution'"]
        except RunError as exc:
            return out + [str(exc)]
        if run.status not in ("solved", "stage_done") or run.stage != n:
            why = run.message or "; ".join(run.missing())
            return out + [f"{label}: the solution does not reach the goal ({why})"]
        if run.status == "stage_done":
            run.next()
    dice = run.game.state.dice if run.game is not None else run.board.lab.dice
    if dice.forced:
        out.append(f"forced dice left unused: {list(dice.forced)} (the task rolls fewer dice "
                   "than it forces)")
    return out


def check_chapter(path: Path | str, *, world: Any = None,
                  search_seconds: float = SEARCH_SECONDS
                  ) -> tuple[ChapterSpec | None, list[Problem]]:
    """Check one chapter file: (the chapter when its format is right, every problem). Its
    searches for solutions take ``search_seconds`` at most, all together. The chapter's
    ``game`` says whose kit builds and judges its tasks; ``world`` is that game's tables."""
    file = str(path)
    data, problems = read_chapter_file(path)
    if problems:
        return None, problems
    spec, problems = parse_chapter(data, file)
    if spec is None:
        return None, problems
    try:
        kit = tutorial_kit(spec.game)
    except ValueError as exc:
        return None, problems + [Problem(file, "game", str(exc))]
    world = world or kit.load_world()
    budget = Budget(search_seconds)
    for task in spec.tasks:
        try:
            found = _check_task(kit, world, task, budget)
        except Exception as exc:  # a bug of the checker: one problem, not a traceback
            found = [f"the checker failed on this task ({type(exc).__name__}: "
                     f"{str(exc)[:200]}); this is a bug of hellenes-nb, please report it"]
        problems += [Problem(file, task.where, msg) for msg in found]
    return spec, problems


def _check_task(kit: TutorialKit, world: Any, task: TaskSpec, budget: Budget) -> list[str]:
    try:
        fighters = _fighters(kit, task)
    except kit.board_error as exc:
        return [f"battle: {p}" for p in getattr(exc, "problems", [str(exc)])]
    found = kit.references(world, task, fighters)
    if task.side not in kit.sides:
        found.append(f"side: {task.side!r} is not a side of this game (its sides: "
                     f"{', '.join(kit.sides)})")
    board = task.board if task.board is not None else task.position
    if board is not None:
        found += [f"board: {p}" for p in kit.board_problems(world, board)]
    return found or _play(kit, world, task, budget)


def chapter_files(paths: Iterable[str | Path]) -> list[Path]:
    """The chapter files named by ``paths``: files as given, folders searched for ``*.yaml``."""
    out: list[Path] = []
    for p in map(Path, paths):
        out.extend(sorted(p.glob("*.yaml")) if p.is_dir() else [p])
    return out


def check_paths(paths: Iterable[str | Path], *, world: Any = None,
                search_seconds: float = SEARCH_SECONDS) -> Checked:
    """Check every chapter file under ``paths``; task ids must be unique across them
    (``world``: the tables of the files' game, else each chapter's game's own)."""
    done = Checked()
    done.files = chapter_files(paths)
    seen: dict[str, str] = {}
    for f in done.files:
        spec, problems = check_chapter(f, world=world, search_seconds=search_seconds)
        done.problems += problems
        if spec is None:
            continue
        done.chapters.append(spec)
        for t in spec.tasks:
            if t.id in seen:
                done.problems.append(Problem(str(f), t.where, f"the task id {t.id!r} is also "
                                             f"used in {seen[t.id]}"))
            seen[t.id] = str(f)
    return done
