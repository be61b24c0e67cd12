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

from hellenes_nb.core.models import Problem
from hellenes_nb.games.hellenes.world import World, load_world
from hellenes_nb.lessons.sources import RULE_SECTIONS, normalise_section
from hellenes_nb.tutorial.board import BoardError, battle_lab, board_problems
from hellenes_nb.tutorial.format import (
    ChapterSpec,
    Goal,
    TaskSpec,
    parse_chapter,
    read_chapter_file,
)
from hellenes_nb.tutorial.goals import BATTLE_KEYS, MAP_KEYS
from hellenes_nb.tutorial.run import RunError, TaskRun
from hellenes_nb.tutorial.search import Budget, OutOfTime

__all__ = ["EXAMPLES", "SEARCH_SECONDS", "Checked", "check_chapter", "check_paths",
           "chapter_files"]

#: the seconds all the searches of one file may take together (the packaged chapters need
#: well under one each)
SEARCH_SECONDS = 5.0

#: the worked examples of the rulebook's sidebars, each to be played by one task
EXAMPLES = ("Actions", "Combat Round", "Attack", "Pursuit", "Cavalry Raid", "Double Defense",
            "Quartering", "Displacement", "Homing", "Homing Battle")
_PLACE_KEYS = ("area", "to", "place", "from")


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


class _Refs:
    """Reference checks of one task against the world."""

    def __init__(self, world: World, task: TaskSpec):
        self.world, self.task = world, task
        self.places = set(world.areas) | set(world.seas)
        self.out: list[str] = []

    def place(self, value: object, what: str) -> None:
        if value not in self.places:
            self.out.append(f"{what}: {value!r} is not an area id (see docs/data.md)")

    def unit(self, value: object, what: str) -> None:
        ok = isinstance(value, str) and len(value) > 1 and value[0] in "AS" \
            and value[1:].isdigit()
        side = "athens" if ok and value[0] == "A" else "sparta"  # type: ignore[index]
        if not ok or (side, int(value[1:])) not in self.world.units:  # type: ignore[index]
            self.out.append(f"{what}: {value!r} is not a unit (A1–A60, S1–S60)")

    def fighter(self, value: object, what: str, keys: set[str]) -> None:
        if value not in keys:
            self.out.append(f"{what}: {value!r} is not a block of this battle (its blocks: "
                            f"{', '.join(sorted(keys))})")

    def action(self, action: dict, what: str, fighters: set[str] | None) -> None:
        kind = action.get("type")
        if kind == "pick" and fighters is not None:
            self.fighter(action.get("choice"), what, fighters)
        for k in _PLACE_KEYS:
            if k in action:
                self.place(action[k], f"{what} {k}")
        for q in action.get("path", ()) if isinstance(action.get("path"), list) else ():
            self.place(q, f"{what} path")
        for k in ("unit", "carry"):
            if action.get(k) is not None:
                self.unit(action[k], f"{what} {k}")

    def goal(self, goal: Goal, what: str, fighters: set[str] | None) -> None:
        on_map = fighters is None
        for key in goal.keys():
            if on_map and key in BATTLE_KEYS - MAP_KEYS:
                self.out.append(f"{what}: {key!r} reads a battle board; this task is on the map")
            if not on_map and key in MAP_KEYS - BATTLE_KEYS:
                self.out.append(f"{what}: {key!r} reads the map; this task is a battle board")
        for sub in (*goal.all, *goal.any, *([goal.not_] if goal.not_ else [])):
            self.goal(sub, what, fighters)
        for key, area in goal.at.items():
            self.unit(key, f"{what} at")
            if area != "pool":
                self.place(area, f"{what} at {key}")
        for key in goal.inside:
            self.unit(key, what)
        for key in goal.cv:
            if fighters is None:
                self.unit(key, what)
            else:
                self.fighter(key, what, fighters)
        for table in (goal.control, goal.city, goal.siege, goal.garrison):
            for area in table:
                self.place(area, what)
        for area in goal.blockade:
            self.place(area, f"{what} blockade")
        for ev in (goal.event, goal.no_event):
            if ev is not None and ev.place is not None:
                self.place(ev.place, f"{what} event place")
        for key in (*goal.fired, *goal.routed):
            if fighters is not None:
                self.fighter(key, what, fighters)
        pick = goal.pick
        if pick is not None:
            self._pick(pick, what, on_map)

    def _pick(self, pick, what: str, on_map: bool) -> None:
        if pick.fighter is not None and on_map:
            self.out.append(f"{what}: pick fighter is for a battle board")
        if (pick.area or pick.unit) is not None and not on_map:
            self.out.append(f"{what}: pick area and pick unit are for the map")
        facts = pick.area
        if facts is not None:
            for area in (facts.offshore_of,):
                if area is not None:
                    self.place(area, f"{what} pick")
            for key in (facts.home_of, facts.reachable_by):
                if key is not None:
                    self.unit(key, f"{what} pick")
        if pick.unit is not None and pick.unit.can_reach is not None:
            self.place(pick.unit.can_reach, f"{what} pick")


def _references(world: World, task: TaskSpec, fighters: set[str] | None) -> list[str]:
    refs = _Refs(world, task)
    for r in task.rules:
        if normalise_section(r) not in RULE_SECTIONS:
            refs.out.append(f"rules: §{normalise_section(r)} is not a section of the rulebook")
    if task.example is not None and task.example not in EXAMPLES:
        refs.out.append(f"example: {task.example!r} is not a worked example of the rulebook "
                        f"({', '.join(EXAMPLES)})")
    if task.focus.area is not None:
        refs.place(task.focus.area, "focus area")
    for a in task.focus.highlight:
        refs.place(a, "focus highlight")
    for i, a in enumerate(task.replies, 1):
        refs.action(a, f"replies item {i}", fighters)
    for n, stage in enumerate(task.steps(), 1):
        where = f"stage {n}" if task.stages else "goal"
        if stage.goal is None:
            refs.out.append(f"{where}: every stage needs a goal")
        else:
            refs.goal(stage.goal, where, fighters)
        for i, a in enumerate(stage.solution, 1):
            refs.action(a, f"{where} solution item {i}", fighters)
    return refs.out


def _fighters(task: TaskSpec) -> set[str] | None:
    if task.battle is None:
        return None
    lab, _names = battle_lab(task.battle)
    return {f.key for f in lab.battle.fighters}


def _play(world: World, task: TaskSpec, budget: Budget) -> list[str]:
    """Play the task through: each stage not met at its start, then reached."""
    if budget.spent and any(not s.solution for s in task.steps()):
        return [f"not checked: this file's {budget.seconds:g} seconds of searching for "
                "solutions were spent on the tasks before it; give it a 'solution'"]
    try:
        run = TaskRun(task, world)
    except BoardError as exc:
        return [f"board: {p}" for p in exc.problems]
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


def check_chapter(path: Path | str, *, world: World | None = None,
                  search_seconds: float = SEARCH_SECONDS
                  ) -> tuple[ChapterSpec | None, list[Problem]]:
    """Check one chapter file: (the chapter when its format is right, every problem). Its
    searches for solutions take ``search_seconds`` at most, all together."""
    world = world or load_world()
    file = str(path)
    data, problems = read_chapter_file(path)
    if problems:
        return None, problems
    spec, problems = parse_chapter(data, file)
    if spec is None:
        return None, problems
    budget = Budget(search_seconds)
    for task in spec.tasks:
        try:
            found = _check_task(world, task, budget)
        except Exception as exc:  # a bug of the checker: one problem, not a traceback
            found = [f"the checker failed on this task ({type(exc).__name__}: "
                     f"{str(exc)[:200]}); this is a bug of hellenes-nb, please report it"]
        problems += [Problem(file, task.where, msg) for msg in found]
    return spec, problems


def _check_task(world: World, task: TaskSpec, budget: Budget) -> list[str]:
    try:
        fighters = _fighters(task)
    except BoardError as exc:
        return [f"battle: {p}" for p in exc.problems]
    found = _references(world, task, fighters)
    if task.board is not None:
        found += [f"board: {p}" for p in board_problems(world, task.board)]
    return found or _play(world, task, budget)


def chapter_files(paths: Iterable[str | Path]) -> list[Path]:
    """The chapter files named by ``paths``: files as given, folders searched for ``*.yaml``."""
    out: list[Path] = []
    for p in map(Path, paths):
        out.extend(sorted(p.glob("*.yaml")) if p.is_dir() else [p])
    return out


def check_paths(paths: Iterable[str | Path], *, world: World | None = None,
                search_seconds: float = SEARCH_SECONDS) -> Checked:
    """Check every chapter file under ``paths``; task ids must be unique across them."""
    world = world or load_world()
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
