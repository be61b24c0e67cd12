"""Checking one Hellenes lesson completely before a class sees it (``hellenes lesson check``
reaches it through the Hellenes lesson kit, :mod:`hellenes_nb.games.hellenes.lessonkit`).

For each file, in order:

1. it is plain YAML data (no tags that could run code) in the lesson format
   (``lessons/format.py`` with this game's parts, ``lessonformat.py``);
2. every reference exists: areas, units, cards, leaders, rule sections (§), and the cited
   Thucydides or Xenophon passages in ``data/hellenes/passages.yaml``;
3. the declared position is legal (``position.py``: capacity, locations, carrying, a card in
   one place only...);
4. the lesson replays on the engine: every scripted action is legal when its turn comes, every
   decision option is legal, each battle is fought, forced dice are all used, each step's
   ``expect`` block matches the engine, and every position the lesson sets up or reaches (the
   start, each step, each option) passes the game's own invariants (``invariants.py``: every
   unit and card in one place, cities within capacity, hidden information kept hidden).

Each problem names the file, the step and what is wrong.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from hellenes_nb.core.catalog import InvariantError, plugin_for
from hellenes_nb.core.game import Game
from hellenes_nb.games.hellenes.lessonplay import apply_option, start_game
from hellenes_nb.games.hellenes.lessonposition import position_problems
from hellenes_nb.games.hellenes.lessonscript import ScriptError, expectation_problems, play_step
from hellenes_nb.games.hellenes.lessonsources import (
    AUTHORS,
    RULE_SECTIONS,
    Passage,
    find_passage,
    load_passages,
    normalise_section,
    parse_span,
    split_citation,
)
from hellenes_nb.games.hellenes.world import World, load_world
from hellenes_nb.lessons.format import LessonSpec, Problem, StepSpec, parse_lesson, read_lesson_file

__all__ = ["check_lesson"]

_PLACE_KEYS = ("area", "to", "place", "from")
_UNIT_KEYS = ("unit", "carry", "fleet")


class _Refs:
    """Reference checks against the world and the passages."""

    def __init__(self, world: World, spec: LessonSpec, passages: tuple[Passage, ...]):
        self.world, self.spec, self.passages = world, spec, passages
        self.places = set(world.areas) | set(world.seas)
        self.scenario = world.scenarios.get(spec.position.scenario)

    def place(self, value: Any, what: str) -> list[str]:
        if not isinstance(value, str) or value not in self.places:
            return [f"{what}: {value!r} is not an area id (see docs/data.md)"]
        return []

    def unit(self, value: Any, what: str) -> list[str]:
        if not isinstance(value, str) or len(value) < 2 or value[0] not in "AS" \
                or not value[1:].isdigit():
            return [f"{what}: {value!r} is not a unit key such as A9 or S1"]
        side = "athens" if value[0] == "A" else "sparta"
        rec = self.world.units.get((side, int(value[1:])))
        if rec is None:
            return [f"{what}: {side.title()} has no unit #{value[1:]}"]
        if self.scenario is not None and not self.scenario.uses_unit(rec.id):
            return [f"{what}: {value} ({rec.name}) is not used in the {self.scenario.name}"]
        return []

    def action(self, action: dict, what: str) -> list[str]:
        out = []
        for k in _PLACE_KEYS:
            if k in action:
                out += self.place(action[k], f"{what} {k}")
        if "path" in action:
            path = action["path"]
            if not isinstance(path, list) or not path:
                out.append(f"{what}: path must be a list of area ids")
            else:
                for q in path:
                    out += self.place(q, f"{what} path")
        for k in _UNIT_KEYS:
            if k in action and action[k] is not None:
                out += self.unit(action[k], f"{what} {k}")
        if action.get("type") == "play_card" and action.get("card") not in self.world.cards:
            out.append(f"{what}: card {action.get('card')!r} does not exist")
        return out

    def step(self, step: StepSpec) -> list[str]:
        out = []
        for r in step.rules:
            if normalise_section(r) not in RULE_SECTIONS:
                out.append(f"rule section §{normalise_section(r)} is not in the rulebook")
        for cited in step.sources:
            try:
                author, ref = split_citation(cited)
                span = parse_span(ref)
            except ValueError as exc:
                out.append(f"sources: {exc}")
                continue
            if find_passage(author, span, self.passages) is None:
                out.append(f"{AUTHORS[author][0]} {ref} is not in data/hellenes/passages.yaml"
                           " (add the passage there, with a paraphrase in our own words)")
        if step.focus.area is not None:
            out += self.place(step.focus.area, "focus area")
        for a in step.focus.highlight:
            out += self.place(a, "focus highlight")
        for i, a in zip(step.items, step.actions, strict=True):
            out += self.action(a, f"do item {i}")
        if step.battle is not None:
            out += self.place(step.battle.place, "battle place")
            for key, dest in step.battle.retreats.items():
                out += self.unit(key, "battle retreats")
                out += self.place(dest.get("to"), f"battle retreats {key}")
        if step.decision is not None:
            for o in step.decision.options:
                for i, a in zip(o.items, o.actions, strict=True):
                    out += self.action(a, f"decision option {o.id!r} do item {i}")
        exp = step.expect
        for area in {**exp.holds, **exp.siege}:
            out += self.place(area, "expect")
        for key, where in exp.at.items():
            out += self.unit(key, "expect at")
            if where not in ("pool", "aside", "out"):
                out += self.place(where, f"expect at {key}")
        for key in exp.cv:
            out += self.unit(key, "expect cv")
        return out


def check_lesson(path: str | Path, *, world: World | None = None,
                 passages: tuple[Passage, ...] | None = None,
                 seeds: Iterable[int] = ()) -> list[Problem]:
    """Every problem of one lesson file (empty when it is fit for a class). With ``seeds``,
    the lesson is also replayed with each of those seeds in place of its own: a step that then
    fails relies on what its seed deals or rolls rather than on its ``hands`` and ``dice``."""
    file = str(path)
    data, problems = read_lesson_file(path)
    if problems:
        return problems
    spec, problems = parse_lesson(data, file)
    if spec is None:
        return problems
    world = world or load_world()
    refs = _Refs(world, spec, passages if passages is not None else load_passages())
    out = [Problem(file, "position", p) for p in position_problems(world, spec.position)]
    for step in spec.steps:
        out += [Problem(file, step.where, m) for m in refs.step(step)]
    if out:
        return out
    out = _replay(spec, world)
    for seed in seeds:
        if out:
            break
        out = [Problem(p.file, p.where, f"with seed {seed} instead of {spec.seed}: {p.message}. "
                       "The lesson relies on what its seed deals or rolls up to here: give "
                       "the steps before 'hands' or 'dice'")
               for p in _replay(spec.model_copy(update={"seed": seed}), world)]
    return out


def _broken(game: Game, since: int) -> str | None:
    """What the game's own invariants refuse in its position (log events from ``since`` on
    are new), or None."""
    check = plugin_for(game.ruleset).check_invariants
    try:
        if check is not None:
            check(game, since)
    except InvariantError as exc:
        return f"the position breaks the game's own checks: {exc}"
    return None


def _replay(spec: LessonSpec, world: World) -> list[Problem]:
    """Play the lesson through the engine; stop at the first step that cannot be played or
    leaves a position the game's invariants refuse."""
    file = spec.path
    out: list[Problem] = []
    game = start_game(spec, world)
    broken = _broken(game, 0)
    if broken:
        return [Problem(file, "position", broken)]
    for step in spec.steps:
        since = len(game.log)
        try:
            play_step(game, step)
        except ScriptError as exc:
            out.append(Problem(file, step.where, str(exc)))
            return out
        broken = _broken(game, since)
        if broken:
            return [*out, Problem(file, step.where, broken)]
        out += [Problem(file, step.where, m) for m in expectation_problems(game, step)]
        d = step.decision
        if d is None:
            continue
        for option in d.options:
            branch = game.clone()
            try:
                apply_option(branch, option)
            except ScriptError as exc:
                out.append(Problem(file, step.where, f"decision: {exc}"))
                continue
            broken = _broken(branch, len(game.log))
            if broken:
                out.append(Problem(file, step.where, f"decision option {option.id!r}: {broken}"))
        if out:
            return out
        apply_option(game, d.historical)
    return out
