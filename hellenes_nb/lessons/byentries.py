"""Lessons whose ``do`` items are legal actions named by their entries
(``{type: operation, from: thasos, to: O3}``), for a game that gives its ruleset, how to set
up a lesson's position, its invariants and how to check a step's ``expect``
(:class:`EntryLessons`; docs/writing-lessons.md, "One format, two games"). Names no game.

A step may hold a **decision point**: after the first ``at`` actions of its ``do``, one side
chooses among ``options``. The historical option is the rest of the step's ``do``; every other
option has its own ``dice`` (forced from the start of the step), ``do`` and ``expect``, played
on a copy of the game (a branch: the lesson itself goes on as history did). A game standing at
its lesson origin moves its origin on with each step, so a save of it loads again."""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hellenes_nb.core.catalog import InvariantError
from hellenes_nb.core.echo import shown
from hellenes_nb.core.game import Game
from hellenes_nb.core.models import FileError, Problem
from hellenes_nb.core.savejson import Origin
from hellenes_nb.lessons.format import load_spec
from hellenes_nb.lessons.markup import to_text
from hellenes_nb.lessons.runner import Lesson

__all__ = ["EntryLessons", "EntryPlay", "EntryStepRun", "LessonFileError"]

#: how a problem found by the game's own invariants begins
BROKEN = "the position breaks the game's own checks:"


class LessonFileError(FileError):
    """A lesson file cannot be used; ``problems`` lists every problem."""


def _origin(name: str, played: int, option: str | None = None) -> dict[str, Any]:
    return Origin(kind="lesson", name=name, step=played,
                  option=option).model_dump(exclude_none=True)


def _at_origin(game: Game) -> dict[str, Any] | None:
    """The game's lesson origin if it stands exactly there (no move since), else None."""
    origin = game.origin
    if origin is None or game.history or origin.get("option") is not None:
        return None
    return origin


def _tried(act: Callable[[], Any]) -> tuple[Any, str]:
    """What ``act()`` returns, and why it failed in words ("" when it did not)."""
    try:
        return act(), ""
    except InvariantError as exc:
        return None, f"{BROKEN} {exc}"
    except ValueError as exc:  # IllegalAction is a ValueError too
        return None, str(exc)


def _dice(dice: Any) -> tuple[int, ...]:
    return dice if isinstance(dice, tuple) else ()


def _at(step: Any) -> int:
    return step.decision.at or 0


def _matching(game: Game, want: dict[str, Any]) -> dict:
    found = [a for a in game.legal_actions() if all(a.get(k) == v for k, v in want.items())]
    if len(found) != 1:
        raise ValueError(f"{len(found)} legal actions match {shown(want, 300)} at "
                         f"'{game.prompt.text}'")
    return found[0]


def _play(game: Game, dice: Iterable[int], actions: Iterable[dict[str, Any]]) -> list[dict]:
    game.state.dice.force(dice)
    first = len(game.log)
    for want in actions:
        game.apply(_matching(game, want))
    return list(game.log[first:])


@dataclass(frozen=True)
class EntryLessons:
    """One game's lessons by entries: ``ruleset``, ``state_at(position, seed)`` (the state at
    a lesson's position), ``invariants(game, since)`` (raises InvariantError) and
    ``expected(game, expect)`` (what of a step's ``expect`` is not so, in words)."""

    ruleset: Any
    state_at: Callable[[Any, int], Any]
    invariants: Callable[..., None]
    expected: Callable[[Game, Any], list[str]]
    #: the rule section the log cites when a lesson starts from its own position
    rule: str = ""
    #: ``prepare(game, step)``: what the game's own step fields do before the step's ``do``
    #: (Amphipolis: the strategems in hand); None: nothing
    prepare: Callable[[Game, Any], None] | None = None

    def _prepared(self, game: Game, step: Any) -> None:
        if self.prepare is not None:
            self.prepare(game, step)

    def read(self, path: Path | str) -> Any:
        """Read and validate a lesson file of this game (LessonFileError naming every
        problem)."""
        try:
            spec = load_spec(path)
        except FileError as exc:
            raise LessonFileError(exc.problems) from None
        if spec.game != self.ruleset.name:
            raise LessonFileError([Problem(str(path), "game", f"the lesson is a lesson of "
                                           f"{spec.game!r}, not of {self.ruleset.name!r}")])
        return spec

    def start(self, lesson: Any, seed: int = 0) -> Game:
        """A game at the lesson's position, its origin the lesson's start."""
        state = self.state_at(lesson.position, seed)
        state.event("lesson", self.rule, f"The lesson '{lesson.title}' starts from its own "
                    "position.")
        game = Game(self.ruleset, state, seed)
        game.rebase(_origin(lesson.id, 0))
        return game

    def run_step(self, game: Game, step: Any) -> list[dict]:
        """Play one step on ``game`` (its dice forced first); the log events it caused."""
        origin = _at_origin(game)
        self._prepared(game, step)
        events = _play(game, _dice(step.dice), step.actions)
        if origin is not None:
            game.rebase(_origin(origin["name"], origin["step"] + 1))
        return events

    def decide(self, game: Game, step: Any, choice: str | int) -> dict[str, Any]:
        """The choice at ``step``'s decision point (an option id, or its number from 1), on a
        copy of ``game`` standing at the start of the step."""
        d = step.decision
        if d is None:
            raise ValueError(f"the step '{step.title}' has no decision point")
        found = [o for n, o in enumerate(d.options, 1) if choice in (o.id, n)]
        if not found:
            listed = ", ".join(f"{n}: {o.id}" for n, o in enumerate(d.options, 1))
            raise ValueError(f"{choice!r} is not one of the options ({listed})")
        option, branch = found[0], game.clone()
        if option.historical:
            events = self.run_step(branch, step)
        else:
            origin = _at_origin(branch)
            self._prepared(branch, step)
            _play(branch, option.dice or (), step.actions[:_at(step)])
            events = _play(branch, (), option.actions)
            if origin is not None:
                branch.rebase(_origin(origin["name"], origin["step"], option.id))
        return {"chosen": option.id, "label": option.label, "historical": d.historical.id,
                "historical_label": d.historical.label, "matches_history": option.historical,
                "explanation": d.explanation, "sources": list(d.sources), "events": events,
                "game": branch}

    def _branches(self, game: Game, step: Any) -> list[str]:
        out: list[str] = []
        for option in step.decision.options if step.decision is not None else ():
            if option.historical:
                continue
            branch, why = _tried(lambda o=option: self._branch(game, step, o.id))
            out += [f"option {option.id!r}: {why}"] if why else [
                f"option {option.id!r}: {p}" for p in self.expected(branch, option.expect)]
        return out

    def _branch(self, game: Game, step: Any, option: str) -> Game:
        branch = self.decide(game, step, option)["game"]
        self.invariants(branch, len(game.log))
        return branch

    def check(self, path: Path | str, seeds: Iterable[int] = (0,)) -> list[str]:
        """Every problem of a lesson: its file, and each step played with each seed."""
        try:
            lesson = self.read(path)
        except LessonFileError as exc:
            return [f"{p.where}: {p.message}" if p.where else p.message for p in exc.problems]
        problems = [f"{s.where} › decision: option {o.id!r}: " + (
            "the historical option is the step's own do; give it no do of its own"
            if o.historical else "needs a do (the actions of its branch)")
            for s in lesson.steps for o in (s.decision.options if s.decision else ())
            if bool(o.historical) == bool(o.do)]
        if problems:
            return problems
        for seed in seeds or (0,):
            try:
                game = self.start(lesson, seed)
                self.invariants(game, 0)
            except (InvariantError, ValueError) as exc:
                return [f"position: {BROKEN} {exc}"]
            for step in lesson.steps:
                where = f"seed {seed}, {step.where}"
                before = game.clone() if step.decision is not None else game
                since = len(game.log)
                _, why = _tried(lambda g=game, s=step, n=since: (self.run_step(g, s),
                                                                 self.invariants(g, n)))
                if why:
                    problems.append(f"{where}: {why}")
                    break
                problems += [f"{where}: {p}" for p in
                             [*self.expected(game, step.expect), *self._branches(before, step)]]
        return sorted(set(problems), key=problems.index)

    def start_at(self, lesson: Any, seed: int, played: int, option: str | None = None) -> Game:
        """The game after the lesson's first ``played`` steps (``option`` chosen at the next
        step's decision point if given): the start a save of a lesson game names."""
        n = len(lesson.steps)
        if not 0 <= played <= n:
            raise ValueError(f"the lesson {lesson.id!r} has {n} steps; {played} cannot have "
                             "been played")
        game = self.start(lesson, seed)
        for step in lesson.steps[:played]:
            self.run_step(game, step)
        if option is None:
            return game
        step = lesson.steps[played] if played < n else None
        others = [o.id for o in step.decision.options if not o.historical] \
            if step is not None and step.decision is not None else []
        if option not in others:
            raise ValueError(f"the lesson {lesson.id!r} has no option {option!r} to choose "
                             f"after step {played}")
        return self.decide(game, step, option)["game"]

    def hooks(self) -> dict[str, Callable[..., Any]]:
        """The ``check``, ``listing``, ``show`` and ``start_at`` of the game's LessonKit."""
        title = self.ruleset.title

        def check(path: Path, seeds: Iterable[int]) -> list[Problem]:
            return [Problem(str(path), "", p) for p in self.check(path, seeds)]

        def listing(path: Path) -> str:
            lesson = self.read(path)
            return f"{lesson.title} ({title}, {lesson.period}, {len(lesson.steps)} steps)"

        def start_at(path: Path, seed: int, step: int, option: str | None) -> Any:
            return self.start_at(self.read(path), seed, step, option)

        return {"check": check, "listing": listing, "show": lambda path: _show(path, title),
                "start_at": start_at}

    def play(self, status: Callable[[Game], str]) -> Callable[..., EntryPlay]:
        """The ``LessonKit.play`` of the game: the runner's hooks, with ``status(game)`` the
        line under a step's title."""
        return lambda spec, **_options: EntryPlay(self, spec, status)


def _show(path: Path | str, title: str) -> Iterator[str]:
    """A lesson's steps as text, with what the engine did at each (``hellenes lesson show``)."""
    lesson = Lesson(path)
    spec = lesson.spec
    yield f"# {spec.title} ({title}, {spec.period})\n"
    yield to_text(spec.introduction)
    while True:
        step = lesson.step
        yield f"\n## {lesson.progress}: {step.title}\n"
        yield to_text(step.narrative)
        yield "\nSources: " + ", ".join(step.sources)
        if step.rules:
            yield "Rules: " + ", ".join(f"§{r}" for r in step.rules)
        if step.decision:
            yield f"Decision for {step.decision.side.title()}: {step.decision.prompt.strip()}"
            yield from (f"- {o.id}: {o.label}" + (" (historical)" if o.historical else "")
                        for o in step.decision.options)
        yield from (f"  - {t}" for t in lesson.view()["events"])
        if lesson.at_end:
            break
        lesson.next()
    yield "\n" + to_text(spec.summary)


@dataclass
class EntryStepRun:
    """What happened on arriving at a step: the events the class sees (none yet at a step
    whose decision is still to be made)."""

    events: list[dict[str, Any]] = field(default_factory=list)
    battle: None = None


class EntryPlay:
    """The hooks of one lesson for the one runner (``lessons/runner.py``, ``LessonPlay``)."""

    #: after a choice the board shows where it leads
    board_follows_choice = True

    def __init__(self, lessons: EntryLessons, spec: Any, status: Callable[[Game], str]):
        self.lessons, self.spec, self.status = lessons, spec, status

    def start(self) -> Game:
        return self.lessons.start(self.spec, self.spec.seed)

    def play_step(self, game: Game, step: Any, since: int) -> EntryStepRun:
        if step.decision is not None:  # the board stands where the side must choose
            self.lessons._prepared(game, step)
            _play(game, _dice(step.dice), step.actions[:_at(step)])
            return EntryStepRun()
        return EntryStepRun(self.lessons.run_step(game, step))

    def play_option(self, before: Game, shown_: Game, step: Any, option: Any,
                    branch: bool = False) -> tuple[Game, list[dict]]:
        result = self.lessons.decide(before, step, option.id)
        return result["game"], result["events"]

    def command(self, lesson: Any, base: Game, chosen: bool, opponent: str, side: str,
                seed: int) -> Game:
        return base if chosen else lesson.left(lesson.index).clone()

    def citations(self, step: Any) -> list[dict[str, Any]]:
        return [{"author": "", "ref": s, "label": s, "episode": "", "paraphrase": ""}
                for s in step.sources]

    def view(self, game: Game, step: Any, run: EntryStepRun,
             events: list[dict]) -> dict[str, Any]:
        status = self.status(game)
        lines = [f"§{e['rule']} {e['text']}" for e in events]
        return {
            "events": lines,
            "status": status,
            "status_html": f"<p class='hl-status'>{html.escape(status)}</p>",
            "events_html": "<h4>On the board</h4><ul class='hl-events'>" + "".join(
                f"<li>{html.escape(t)}</li>" for t in lines) + "</ul>" if lines else "",
        }
