"""The :class:`Lesson` runner: step a class through a historical walkthrough on the engine.

Everything is drivable from Python (so nbval can run lessons with asserts)::

    lesson = Lesson("pylos-425")          # or Lesson.load("lessons/pylos-425.yaml")
    lesson.next(); lesson.progress        # "2 / 12"
    lesson.view()                         # what a widget shows: narrative HTML, citations...
    lesson.choose("fortify")              # at a decision point: the learner's pick
    game = lesson.take_command("bot")     # a live game from here; the lesson is unchanged

The lesson's own line always follows history: at a decision point the learner's choice is
explained and kept as a branch (``take_command`` plays on from it), while ``next()`` continues
with the historical choice. Engine states are computed once per step and cached, so ``back()``
and ``goto()`` are instant and every visit shows the same dice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hellenes_nb.core.game import Game
from hellenes_nb.core.savejson import Origin
from hellenes_nb.games.hellenes.index import SEASONS
from hellenes_nb.games.hellenes.lessonposition import PositionError, build_state
from hellenes_nb.games.hellenes.lessonscript import ScriptError, StepRun, apply_scripted, play_step
from hellenes_nb.games.hellenes.lessontext import events_html, status_html
from hellenes_nb.games.hellenes.ruleset import HELLENES
from hellenes_nb.games.hellenes.world import World, load_world
from hellenes_nb.lessons.command import BotGame
from hellenes_nb.lessons.format import LessonSpec, OptionSpec, StepSpec, load_spec
from hellenes_nb.lessons.markup import to_html, to_text
from hellenes_nb.lessons.sources import AUTHORS, find_passage, parse_span
from hellenes_nb.lessons.walk import StepWalk

__all__ = ["Lesson", "LessonError", "lessons_dir", "find_lesson"]


class LessonError(ValueError):
    """The lesson cannot do what was asked; the message names the file and step."""


def lessons_dir() -> Path:
    """The folder of packaged lessons (inside a wheel, or ``lessons/`` in the checkout)."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "_lessons", here.parent / "lessons"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("cannot find the lessons folder next to the hellenes_nb package")


def find_lesson(name: str) -> Path:
    """The file of the packaged lesson called ``name`` (its file name without ``.yaml``)."""
    folder = lessons_dir()
    path = folder / f"{name}.yaml"
    if path.is_file():
        return path
    known = sorted(p.stem for p in folder.glob("*.yaml"))
    raise LessonError(f"no lesson called {name!r}; the lessons are: {', '.join(known)}")


def apply_option(game: Game, option: OptionSpec) -> None:
    """Carry out a decision option on ``game`` (its forced dice first)."""
    if option.dice:
        game.state.dice.force(option.dice)
    for item, action in zip(option.items, option.actions, strict=True):
        try:
            apply_scripted(game, action)
        except ScriptError as exc:
            raise ScriptError(f"option {option.id!r} do item {item}: {exc}") from None


def start_game(spec: LessonSpec, world: World) -> Game:
    """The engine game at the lesson's declared position."""
    return Game(HELLENES, build_state(world, spec.position, spec.seed), spec.seed)


class Lesson(StepWalk):
    """A lesson being taught: the current step, its engine state, choices and answers."""

    def __init__(self, name: str | Path | LessonSpec, *, world: World | None = None):
        if isinstance(name, LessonSpec):
            spec = name
        else:
            path = Path(name) if isinstance(name, Path) or str(name).endswith(".yaml") \
                else find_lesson(str(name))
            spec = load_spec(path)
        self.spec = spec
        self.world = world or load_world()
        try:
            self._start = start_game(spec, self.world)
        except PositionError as exc:  # a file ``lesson check`` would refuse, opened anyway
            raise LessonError(f"{spec.path}: position: {exc}") from None
        self._arrived: list[Game] = []
        self._runs: list[StepRun] = []
        self._left: dict[int, Game] = {}
        self._choices: dict[int, dict[str, Any]] = {}
        self._revealed: set[int] = set()
        self.index = 0
        self._reach(0)

    @classmethod
    def load(cls, path: str | Path, *, world: World | None = None) -> Lesson:
        """Open a lesson file (LessonFormatError listing every problem if it is malformed)."""
        return cls(Path(path), world=world)

    # -- computing steps ---------------------------------------------------------------------
    def _fail(self, i: int, message: str) -> LessonError:
        return LessonError(f"{self.spec.path}: {self.spec.steps[i].where}: {message}")

    def _leave(self, i: int) -> Game:
        """The game after step ``i`` including its historical decision."""
        if i not in self._left:
            game = self._arrived[i].clone()
            d = self.spec.steps[i].decision
            if d is not None:
                try:
                    apply_option(game, d.historical)
                except ScriptError as exc:
                    raise self._fail(i, str(exc)) from None
            self._left[i] = game
        return self._left[i]

    def _reach(self, i: int) -> None:
        while len(self._arrived) <= i:
            k = len(self._arrived)
            game = (self._start if k == 0 else self._leave(k - 1)).clone()
            since = len(self._arrived[k - 1].log) if k else 0
            try:
                run = play_step(game, self.spec.steps[k], since)
            except ScriptError as exc:
                live = any(s.dice == "live" for s in self.spec.steps[:k + 1])
                hint = (" (live dice went differently from the lesson's script; use "
                        "take_command() to play on from the previous step)") if live else ""
                raise self._fail(k, f"{exc}{hint}") from None
            self._arrived.append(game)
            self._runs.append(run)

    # -- reading (the names every game's lesson gives the LessonWidget) -----------------------
    #: the sides a class may command from a step, as the take-command picker offers them
    sides = (("Command Athens", "athens"), ("Command Sparta", "sparta"))

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
    def steps(self) -> tuple[StepSpec, ...]:
        """Every step of the lesson."""
        return self.spec.steps

    def _error(self, message: str) -> LessonError:
        return LessonError(f"{self.spec.path}: {message}")

    @property
    def game(self) -> Game:
        """A copy of the engine game at this step (the lesson itself cannot be changed
        through it; use :meth:`take_command` to play on)."""
        return self._arrived[self.index].clone()

    @property
    def state(self):
        """A copy of the engine state at this step."""
        return self.game.state

    @property
    def run(self) -> StepRun:
        """What happened on arriving at this step (log events, the battle if any)."""
        return self._runs[self.index]

    # -- decisions and questions ---------------------------------------------------------------
    def _option(self, choice: str | int) -> OptionSpec:
        d = self.step.decision
        assert d is not None
        if isinstance(choice, int) and not isinstance(choice, bool):
            if 1 <= choice <= len(d.options):
                return d.options[choice - 1]
        else:
            for o in d.options:
                if choice in (o.id, o.label):
                    return o
        listed = ", ".join(f"{i}: {o.id}" for i, o in enumerate(d.options, 1))
        raise LessonError(f"{self.spec.path}: {self.step.where}: {choice!r} is not one of the "
                          f"options ({listed})")

    def choose(self, choice: str | int) -> dict[str, Any]:
        """The learner's pick at a decision point (an option id, label or number from 1).

        Returns what happened: the choice, the historical choice and its explanation, and
        ``game``: a live engine game in which the learner's choice was carried out.
        """
        d = self.step.decision
        if d is None:
            raise LessonError(f"{self.spec.path}: {self.step.where} has no decision point")
        option = self._option(choice)
        branch = self._arrived[self.index].clone()
        try:
            apply_option(branch, option)
        except ScriptError as exc:
            raise self._fail(self.index, str(exc)) from None
        branch.rebase(self._origin(option.id))
        h = d.historical
        result = {"chosen": option.id, "label": option.label, "historical": h.id,
                  "historical_label": h.label, "matches_history": option.id == h.id,
                  "explanation": to_text(d.explanation),
                  "explanation_html": to_html(d.explanation), "game": branch}
        self._choices[self.index] = result
        return result

    def reveal_answer(self) -> str:
        """Reveal the answer to this step's question (plain text; the view gets HTML)."""
        q = self.step.question
        if q is None:
            raise LessonError(f"{self.spec.path}: {self.step.where} has no question")
        self._revealed.add(self.index)
        return to_text(q.answer)

    def take_command(self, opponent: str = "bot", side: str | None = None,
                     seed: int | None = None) -> Game:
        """A live game branching from here (a copy: the lesson is unchanged).

        It starts from the learner's choice if one was made at this step, else from the
        step's position. ``opponent="bot"`` lets a simple bot play the other side (battles
        take the cautious first choice, other decisions are random with ``seed``);
        ``"hotseat"`` leaves both sides to the players. ``side`` defaults to the lesson's.
        The game records the lesson's step as its origin, so a save of it loads again
        (``lessons/origin.py``).
        """
        side = side or self.spec.side
        if side not in ("athens", "sparta"):
            raise LessonError(f"side must be 'athens' or 'sparta', not {side!r}")
        chosen = self._choices.get(self.index)
        base = (chosen["game"] if chosen else self._arrived[self.index]).clone()
        if not chosen:
            base.rebase(self._origin())
        if opponent == "hotseat":
            return base
        if opponent == "bot":
            return BotGame(base, player=side, seed=self.spec.seed if seed is None else seed)
        raise LessonError(f"opponent must be 'bot' or 'hotseat', not {opponent!r}")

    def _origin(self, option: str | None = None) -> dict[str, Any]:
        """The origin of a game begun at this step (``Game.rebase``; ``lessons/origin.py``)."""
        return Origin(kind="lesson", name=self.spec.id, step=self.number,
                      option=option).model_dump(exclude_none=True)

    # -- the widget's view ---------------------------------------------------------------------
    def citations(self, step: StepSpec | None = None) -> list[dict[str, Any]]:
        """The step's ancient sources with the curated episode and paraphrase of each."""
        step = step or self.step
        out = []
        for author, refs in (("thucydides", step.thucydides), ("xenophon", step.xenophon)):
            for ref in refs:
                passage = find_passage(author, parse_span(ref))
                out.append({"author": AUTHORS[author][0], "ref": ref,
                            "label": f"{AUTHORS[author][0]} {ref}",
                            "episode": passage.episode if passage else "",
                            "paraphrase": passage.paraphrase if passage else ""})
        return out

    def view(self) -> dict[str, Any]:
        """Everything a lesson widget shows for this step, as JSON-ready plain data."""
        step = self.step
        game = self._arrived[self.index]
        st = game.state
        decision = None
        if step.decision is not None:
            d = step.decision
            made = self._choices.get(self.index)
            decision = {"side": d.side, "prompt_html": to_html(d.prompt),
                        "options": [{"id": o.id, "label": o.label} for o in d.options],
                        "chosen": made["chosen"] if made else None,
                        "historical": d.historical.id if made else None,
                        "explanation_html": to_html(d.explanation) if made else None}
        question = None
        if step.question is not None:
            shown = self.index in self._revealed
            question = {"ask_html": to_html(step.question.ask), "revealed": shown,
                        "answer_html": to_html(step.question.answer) if shown else None}
        battle = self.run.battle
        return {
            "lesson": {"id": self.spec.id, "title": self.spec.title, "period": self.spec.period},
            "step": self.number, "steps": len(self.spec.steps), "progress": self.progress,
            "title": step.title,
            "narrative_html": to_html(step.narrative),
            "citations": self.citations(step),
            "rules": [f"§{r.lstrip('§')}" for r in step.rules],
            "focus": {"area": step.focus.area, "zoom": step.focus.zoom,
                      "highlight": list(step.focus.highlight)},
            "battle": battle.to_dict() if battle else None,
            "decision": decision,
            "question": question,
            "events": [ev["text"] for ev in self.run.events],
            # what the widget shows around the prose, worded once (games/hellenes/lessontext.py)
            "status_html": status_html(self.run.events, st.year, st.season, st.prestige),
            "events_html": events_html(self.run.events, st.ix),
            "game": {"year": st.year, "season": SEASONS[st.season], "prestige": st.prestige,
                     "waiting_for": game.prompt.text},
        }

    def __repr__(self) -> str:
        return f"<Lesson {self.spec.id}: step {self.progress} {self.step.title!r}>"
