"""The :class:`Lesson` runner, one for every game: step a class through a lesson on its engine.

Everything is drivable from Python (so nbval can run lessons with asserts)::

    lesson = Lesson("pylos-425")          # or Lesson("lessons/pylos-425.yaml")
    lesson.next(); lesson.progress        # "2 / 12"
    lesson.view()                         # what a widget shows: narrative HTML, citations...
    lesson.choose("fortify")              # at a decision point: the learner's pick
    game = lesson.take_command("bot")     # a live game from here; the lesson is unchanged

The file's ``game:`` line picks the game's lesson kit; the kit's ``play(spec)`` gives the
game's hooks (:class:`LessonPlay`): set up the position, play a step's ``do`` with its dice,
play an option on a branch, take command, and the game's words around the prose. The lesson's
own line always follows history: at a decision point the learner's choice is kept as a branch
(``take_command`` plays on from it), while ``next()`` continues with the historical choice.
Engine states are computed once per step and cached, so ``back()`` and ``goto()`` are instant
and every visit shows the same dice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from hellenes_nb.core.game import Game
from hellenes_nb.lessons.check import LessonError, find_lesson, lessons_dir
from hellenes_nb.lessons.format import LessonSpec, lesson_kit, load_spec
from hellenes_nb.lessons.markup import to_html, to_text
from hellenes_nb.lessons.walk import StepWalk

__all__ = ["Lesson", "LessonError", "LessonPlay", "lessons_dir", "find_lesson"]


class LessonPlay(Protocol):
    """What a game brings to the runner (its ``LessonKit.play(spec)``)."""

    #: the board follows the class's choice at a decision point (else it stays on the step)
    board_follows_choice: bool

    def start(self) -> Game: ...

    def play_step(self, game: Game, step: Any, since: int) -> Any: ...

    def play_option(self, before: Game, shown: Game, step: Any, option: Any,
                    branch: bool = False) -> tuple[Game, list[dict] | None]: ...

    def command(self, lesson: Lesson, base: Game, chosen: bool, opponent: str, side: str,
                seed: int) -> Game: ...

    def citations(self, step: Any) -> list[dict[str, Any]]: ...

    def view(self, game: Game, step: Any, run: Any, events: list[dict]) -> dict[str, Any]: ...


class Lesson(StepWalk):
    """A lesson being taught: the current step, its engine state, choices and answers."""

    def __init__(self, name: str | Path | LessonSpec, **options: Any):
        if isinstance(name, LessonSpec):
            spec = name
        else:
            path = Path(name) if isinstance(name, Path) or str(name).endswith(".yaml") \
                else find_lesson(str(name))
            spec = load_spec(path)
        self.spec = spec
        self.kit = lesson_kit(spec.game)
        self.play = self.kit.play(spec, **options)
        try:
            self._start = self.play.start()
        except ValueError as exc:  # a file ``lesson check`` would refuse, opened anyway
            raise LessonError(f"{spec.path}: position: {exc}") from None
        self._shown: list[Game] = []  # the game on arriving at each step (before its decision)
        self._runs: list[Any] = []
        self._left: dict[int, Game] = {}  # after each step's historical decision
        self._choices: dict[int, dict[str, Any]] = {}
        self._revealed: set[int] = set()
        self.index = 0
        self._reach(0)

    @classmethod
    def load(cls, path: str | Path, **options: Any) -> Lesson:
        """Open a lesson file (LessonFormatError listing every problem if it is malformed)."""
        return cls(Path(path), **options)

    # -- computing steps ---------------------------------------------------------------------
    def _fail(self, i: int, message: str) -> LessonError:
        return LessonError(f"{self.spec.path}: {self.spec.steps[i].where}: {message}")

    def before(self, i: int) -> Game:
        """The game at the start of step ``i`` (from 0), before it is played."""
        return self._start if i == 0 else self.left(i - 1)

    def left(self, i: int) -> Game:
        """The game after step ``i`` (from 0) including its historical decision."""
        if i not in self._left:
            d = self.spec.steps[i].decision
            game = self._shown[i]
            if d is not None:
                try:
                    game = self.play.play_option(self.before(i), game, self.spec.steps[i],
                                                 d.historical)[0]
                except ValueError as exc:
                    raise self._fail(i, str(exc)) from None
            self._left[i] = game
        return self._left[i]

    def _reach(self, i: int) -> None:
        while len(self._shown) <= i:
            k = len(self._shown)
            game = self.before(k).clone()
            since = len(self._shown[k - 1].log) if k else 0
            try:
                run = self.play.play_step(game, self.spec.steps[k], since)
            except ValueError as exc:
                live = any(s.dice == "live" for s in self.spec.steps[:k + 1])
                hint = (" (live dice went differently from the lesson's script; use "
                        "take_command() to play on from the previous step)") if live else ""
                raise self._fail(k, f"{exc}{hint}") from None
            self._shown.append(game)
            self._runs.append(run)

    def _error(self, message: str) -> LessonError:
        return LessonError(f"{self.spec.path}: {message}")

    # -- reading (the names the LessonWidget reads) -------------------------------------------
    @property
    def sides(self) -> tuple[tuple[str, str], ...]:
        """The sides a class may command from a step, as the take-command picker offers them."""
        return tuple((f"Command {r.title()}", r) for r in self.spec.game_roles)

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def period(self) -> str:
        return self.spec.period

    @property
    def introduction(self) -> str:
        return self.spec.introduction

    @property
    def summary(self) -> str:
        return self.spec.summary

    @property
    def side(self) -> str:
        """The side the lesson's class commands unless it picks the other."""
        return self.spec.side

    @property
    def steps(self) -> tuple[Any, ...]:
        """Every step of the lesson."""
        return self.spec.steps

    @property
    def game(self) -> Game:
        """A copy of the engine game the board shows at this step (the lesson itself cannot
        be changed through it; use :meth:`take_command` to play on)."""
        made = self._choices.get(self.index)
        if made is not None and self.play.board_follows_choice:
            return made["game"].clone()
        return self._shown[self.index].clone()

    @property
    def state(self) -> Any:
        """A copy of the engine state at this step."""
        return self.game.state

    @property
    def run(self) -> Any:
        """What happened on arriving at this step (log events, the battle if any)."""
        return self._runs[self.index]

    # -- decisions and questions ---------------------------------------------------------------
    def _option(self, choice: str | int) -> Any:
        d = self.step.decision
        if isinstance(choice, int) and not isinstance(choice, bool):
            if 1 <= choice <= len(d.options):
                return d.options[choice - 1]
        else:
            for o in d.options:
                if choice in (o.id, o.label):
                    return o
        listed = ", ".join(f"{i}: {o.id}" for i, o in enumerate(d.options, 1))
        raise self._error(f"{self.step.where}: {choice!r} is not one of the options ({listed})")

    def choose(self, choice: str | int) -> dict[str, Any]:
        """The learner's pick at a decision point (an option id, label or number from 1).

        Returns what happened: the choice, the historical choice and its explanation, the
        events of the choice and ``game``: a live engine game in which it was carried out.
        """
        d = self.step.decision
        if d is None:
            raise self._error(f"{self.step.where} has no decision point")
        option = self._option(choice)
        try:
            branch, events = self.play.play_option(self.before(self.index),
                                                   self._shown[self.index], self.step, option,
                                                   branch=True)
        except ValueError as exc:
            raise self._fail(self.index, str(exc)) from None
        h = d.historical
        result = {"chosen": option.id, "label": option.label, "historical": h.id,
                  "historical_label": h.label, "matches_history": option.id == h.id,
                  "explanation": to_text(d.explanation),
                  "explanation_html": to_html(d.explanation), "sources": list(d.sources),
                  "events": events, "game": branch}
        self._choices[self.index] = result
        return result

    def reveal_answer(self) -> str:
        """Reveal the answer to this step's question (plain text; the view gets HTML)."""
        q = self.step.question
        if q is None:
            raise self._error(f"{self.step.where} has no question")
        if q.answer is None:
            raise self._error("the lesson gives no written answer to this question: it is for "
                              "the class to discuss")
        self._revealed.add(self.index)
        return to_text(q.answer)

    def take_command(self, opponent: str = "bot", side: str | None = None,
                     seed: int | None = None) -> Game:
        """A live game branching from here (a copy: the lesson is unchanged).

        It starts from the learner's choice if one was made at this step, else from the
        step's position. ``opponent="bot"`` lets a bot play the other side where the game
        gives one; ``"hotseat"`` leaves both sides to the players. ``side`` defaults to the
        lesson's. The game records the lesson's step as its origin, so a save of it loads
        again (``lessons/origin.py``).
        """
        side = side or self.spec.side
        roles = self.spec.game_roles
        if side not in roles:
            raise self._error(f"side must be {' or '.join(repr(r) for r in roles)}, not "
                              f"{side!r}")
        if opponent not in ("bot", "hotseat"):
            raise self._error(f"opponent must be 'bot' or 'hotseat', not {opponent!r}")
        chosen = self._choices.get(self.index)
        base = (chosen["game"] if chosen else self._shown[self.index]).clone()
        return self.play.command(self, base, chosen is not None, opponent, side,
                                 self.spec.seed if seed is None else seed)

    # -- the widget's view ---------------------------------------------------------------------
    def citations(self, step: Any = None) -> list[dict[str, Any]]:
        """The step's sources, with the game's notes on each where it has them."""
        return self.play.citations(step or self.step)

    def view(self) -> dict[str, Any]:
        """Everything a lesson widget shows for this step, as JSON-ready plain data."""
        step = self.step
        made = self._choices.get(self.index)
        decision = None
        if step.decision is not None:
            d = step.decision
            decision = {"side": d.side, "side_word": d.side.title(),
                        "prompt_html": to_html(d.prompt),
                        "options": [{"id": o.id, "label": o.label} for o in d.options],
                        "chosen": made["chosen"] if made else None,
                        "historical": d.historical.id if made else None,
                        "explanation_html": to_html(d.explanation) if made else None}
        question = None
        if step.question is not None:
            shown = self.index in self._revealed
            question = {"ask_html": to_html(step.question.ask), "revealed": shown,
                        "answer_html": to_html(step.question.answer) if shown else None,
                        "answered": step.question.answer is not None}
        events = made["events"] if made and made["events"] is not None else self.run.events
        out = {
            "lesson": {"id": self.spec.id, "title": self.spec.title, "period": self.spec.period},
            "step": self.number, "steps": len(self.spec.steps), "progress": self.progress,
            "title": step.title,
            "narrative_html": to_html(step.narrative),
            "citations": self.citations(step),
            "rules": [f"§{r.lstrip('§')}" for r in step.rules],
            "decision": decision,
            "question": question,
        }
        out.update(self.play.view(self.game, step, self.run, events))
        return out

    def __repr__(self) -> str:
        return f"<Lesson {self.spec.id}: step {self.progress} {self.step.title!r}>"
