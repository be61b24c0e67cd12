"""The lesson widget: a class walks through a historical lesson step by step.

``LessonWidget`` puts together, from :meth:`Lesson.view`:

- the step's title, a progress bar and Back / Next / jump-to-step controls;
- a status line in plain words: when the step happens and who leads (the view's
  ``status_html``; Hellenes: :mod:`hellenes_nb.games.hellenes.lessontext`);
- the narrative (already sanitised by the lesson's markup), the ancient sources with their
  paraphrases (a tooltip on hover, a paragraph on click), the rule sections it shows and what
  happened in the game, each line with its rule;
- the map beside the text, centred and zoomed where the step says, with its areas highlighted
  (below the text on a narrow screen; ``static/lesson.css``);
- when the step fights a battle, the game's lesson battle board (``LessonKit.battle_board``;
  Hellenes: ``games/hellenes/widgets/lesson_battle.py``) showing the battle the engine fought
  in the step, attack by attack, from ``view["battle"]``: nothing is fought again;
- decision buttons at a decision point, with the historical choice explained afterwards;
- the class question, its answer hidden until "Reveal answer";
- "Take command": a live game from this position against the computer or hot-seat, opened in
  the play :class:`~hellenes_nb.widgets.dashboard.Dashboard`.

A click sends the browser only what changed: the step is read once (:meth:`Lesson.view`), one
battle board serves every battle step (the next battle is loaded into it), the decision buttons
are built once per step, and the map's game, camera and highlights go in one update.

Every button is also a Python method (``next``, ``back``, ``goto``, ``choose``, ``reveal``,
``take_command``), so notebooks and tests can drive the widget without a browser.
"""

from __future__ import annotations

import html
import importlib
import re
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import ipywidgets as W

from hellenes_nb.core.catalog import plugin_for
from hellenes_nb.core.game import Game
from hellenes_nb.core.session import GameSession
from hellenes_nb.lessons import LessonError
from hellenes_nb.lessons.check import open_lesson
from hellenes_nb.lessons.markup import to_html
from hellenes_nb.widgets.dashboard import Dashboard

__all__ = ["LessonWidget"]

#: who a lesson shows its game to: both sides, as the teacher's view does (a lesson retells
#: history to a class)
LESSON_VIEWER = "all"

OPPONENTS = ("bot", "hotseat")
_CSS = (Path(__file__).parent / "static" / "lesson.css").read_text(encoding="utf-8")


def _esc(text: Any) -> str:
    return html.escape(str(text))


def _named(where: str) -> Any:
    """The class a game names as "module:attribute" (``LessonKit.board``)."""
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)


def _hide(widget: W.Widget, hidden: bool) -> None:
    widget.layout.display = "none" if hidden else None


class LessonWidget(W.VBox):
    """A lesson in one notebook cell (module docstring)."""

    def __init__(self, lesson: Any, *, speed: str = "normal") -> None:
        #: the lesson: any game's, opened by its kit (``LessonKit.open``) from a name or a file
        self.lesson = open_lesson(lesson) if isinstance(lesson, (str, Path)) else lesson
        self.speed = speed
        plugin = plugin_for(self.lesson.game.ruleset)
        kit = plugin.lessons
        #: the class of the board the lesson's game names (``LessonKit.board``); None: the map
        self._own = _named(kit.board) if kit is not None and kit.board else None
        #: else the game's map, the one its tutorial tasks are played on
        #: (``TutorialKit.map_board``: ``look_at``, ``highlight``, ``reset_view``, ``playable``)
        tutorial = plugin.tutorial
        if self._own is None and (tutorial is None or not tutorial.map_board):
            raise LessonError(f"the game of the lesson {self.lesson.title!r} names no board to "
                              "show it on")
        self._map = None if self._own is not None else _named(tutorial.map_board)
        #: the class of the board showing a step's battle (``LessonKit.battle_board``)
        self._battle_board = (_named(kit.battle_board) if self._own is None and kit is not None
                              and kit.battle_board else None)
        self.battle: Any = None  # the battle board while a battle step is shown
        self.command: Dashboard | None = None
        self._board: Any = None  # the one battle board, built at first use
        self._options_of: int | None = None  # the step whose decision buttons are shown
        self._option_pool: list[W.Button] = []  # decision buttons, relabelled for each step
        self._status_after = ""  # the step's status line once its battle has been stepped
        self._build()
        self._prepare_board()
        self._show()

    # -- construction ------------------------------------------------------------------------
    def _build(self) -> None:
        lesson = self.lesson
        n = len(lesson.steps)
        self.title_html = W.HTML(f"<h2>{_esc(lesson.title)}</h2>"
                                 f"<p class='hl-period'>{_esc(lesson.period)}</p>")
        self.progress = W.IntProgress(value=1, min=0, max=n, description="Step",
                                      layout=W.Layout(width="240px"))
        self.progress_text = W.HTML()
        self.progress_text.add_class("hl-progress")
        self.back_button = W.Button(description="Back", icon="arrow-left",
                                    tooltip="The previous step")
        self.next_button = W.Button(description="Next", icon="arrow-right",
                                    button_style="primary", tooltip="The next step")
        self.jump = W.Dropdown(options=[(f"{k}. {s.title}", k)
                                        for k, s in enumerate(lesson.steps, 1)],
                               description="Go to", layout=W.Layout(
                                   width="auto", flex="1 1 560px", max_width="100%"))
        self.jump.add_class("hl-jump")  # on a row of its own when the titles need the room
        for button, name in ((self.back_button, "hl-back"), (self.next_button, "hl-next")):
            button.add_class(name)
        self.back_button.on_click(lambda _b: self.attempt(self.back))
        self.next_button.on_click(lambda _b: self.attempt(self.next))
        self.jump.observe(self._jumped, names="value")
        nav = W.HBox([self.back_button, self.next_button, self.progress, self.progress_text,
                      self.jump], layout=W.Layout(flex_flow="row wrap", align_items="center"))
        nav.add_class("hl-nav")
        self.status = W.HTML()
        self.narrative = W.HTML()
        self.narrative.add_class("hl-card")
        #: the lesson's game at the step shown, shared with the map
        self.session = GameSession(self.lesson.game)
        if self._own is None:
            self.map = self._map(session=self.session, viewer=LESSON_VIEWER)
            self.map.playable = False
            self.board = self.map
        else:  # the game's own board, for looking only: the lesson moves it
            self.map = None
            self.board = self._own(session=self.session, viewer=LESSON_VIEWER)
            self._look_only(self.board)
        self.battle_note = W.HTML()
        self.replay_button = W.Button(description="Replay the battle", icon="repeat",
                                      tooltip="Back to the first attack, with the lesson's dice",
                                      layout=W.Layout(width="auto"))
        self.replay_button.add_class("hl-replay")
        self.replay_button.add_class("hl-wide")
        self.replay_button.on_click(lambda _b: self.attempt(self._replay))
        #: the battle board's odds stay hidden until the class asks: at the start of a lesson's
        #: battle they would tell its result before the class has stepped through it
        self.odds_button = W.ToggleButton(description="Show the odds", icon="percent",
                                          tooltip="Show each side's chances from this moment")
        self.odds_button.add_class("hl-odds-toggle")
        self.odds_button.observe(lambda _c: self._odds_shown(), names="value")
        self.battle_box = W.VBox([self.battle_note, self.replay_button, self.odds_button])
        self.battle_box.add_class("hl-battle")
        self.decision_html = W.HTML()
        self.decision_buttons = W.VBox()
        self.decision_buttons.add_class("hl-options")
        self.decision_result = W.HTML()
        # issue 32: "What if?" opens the lab for this decision point below the lesson
        self.whatif_button = W.Button(description="What if?", icon="random",
                                      tooltip="Play many games after each choice and compare")
        self.whatif_button.add_class("hl-whatif-open")
        self.whatif_button.on_click(lambda _b: self.attempt(self.what_if))
        self.whatif_box = W.VBox()
        self.decision_box = W.VBox([self.decision_html, self.decision_buttons,
                                    self.decision_result, self.whatif_button])
        self.decision_box.add_class("hl-card")
        self.question_html = W.HTML()
        self.reveal_button = W.Button(description="Reveal answer", icon="eye",
                                      tooltip="Show the answer to the class question")
        self.reveal_button.add_class("hl-reveal")
        self.reveal_button.on_click(lambda _b: self.attempt(self.reveal))
        self.answer_html = W.HTML()
        self.question_box = W.VBox([self.question_html, self.reveal_button, self.answer_html])
        self.question_box.add_class("hl-card")
        command = self._build_command(lesson.side)
        self.error = W.HTML()
        text = W.VBox([self.narrative, self.decision_box, self.question_box])
        text.add_class("hl-text")
        board = W.VBox([self.board])
        board.add_class("hl-board")
        body = W.HBox([board, text], layout=W.Layout(flex_flow="row wrap"))
        body.add_class("hl-body")
        super().__init__([W.HTML(f"<style>{_CSS}</style>"), self.title_html, nav, self.status,
                          self.error, body, self.battle_box, command, self.whatif_box])
        self.add_class("hl-lesson")

    @staticmethod
    def _look_only(board: Any) -> None:
        """Every request the page may send the lesson's board (a city select) is
        refused in words: the lesson moves that board, Take command plays on from it."""
        def refuse(_content: Any) -> None:
            board.refuse("This board shows the lesson's step and cannot be played; use Take "
                         "command to play on from here.")

        board._lesson_refuses = refuse
        board.requests = {name: "_lesson_refuses" for name in getattr(board, "requests", {})}

    def _build_command(self, side: str) -> W.VBox:
        self.command_side = W.Dropdown(options=list(self.lesson.sides),
                                       value=side, layout=W.Layout(width="170px"))
        self.command_bot = W.Button(description="Take command vs computer", icon="play",
                                    tooltip="Play on from this step against the computer")
        self.command_hotseat = W.Button(description="Take command: hot-seat", icon="users",
                                        tooltip="Play on from this step, two players at one "
                                                "screen")
        for button in (self.command_bot, self.command_hotseat):
            button.layout = W.Layout(width="auto")
        self.command_bot.add_class("hl-command-bot")
        self.command_hotseat.add_class("hl-command-hotseat")
        self.command_bot.on_click(lambda _b: self.attempt(lambda: self.take_command("bot")))
        self.command_hotseat.on_click(
            lambda _b: self.attempt(lambda: self.take_command("hotseat")))
        self.command_note = W.HTML()
        self.command_box = W.VBox()
        command = W.VBox([W.HBox([self.command_side, self.command_bot, self.command_hotseat],
                                 layout=W.Layout(flex_flow="row wrap")),
                          self.command_note, self.command_box])
        command.add_class("hl-card")
        return command

    def _prepare_board(self) -> None:
        """Build the battle board with the widget when the lesson fights a battle: the odds
        code loads (about a second the first time) while the cell runs, not on the click that
        reaches the first battle step. A lesson whose steps cannot be reached builds it there."""
        lesson, here = self.lesson, self.lesson.number
        if self._battle_board is None:  # the game's own board shows its battles, or none
            return
        first = next((n for n, s in enumerate(lesson.steps, 1)
                      if getattr(s, "battle", None)), None)
        if first is None:
            return
        try:
            lesson.goto(first)
            shown = lesson.view()["battle"]
            if shown:
                self._make_board(shown)
        except LessonError:
            return
        finally:
            lesson.goto(here)

    # -- the Python API ----------------------------------------------------------------------
    def next(self) -> None:
        """Go on to the next step (the lesson follows history after a decision)."""
        self.lesson.next()
        self._show()

    def back(self) -> None:
        """Go back one step."""
        self.lesson.back()
        self._show()

    def goto(self, number: int) -> None:
        """Go to step ``number`` (1 to the number of steps)."""
        self.lesson.goto(number)
        self._show()

    def choose(self, choice: str | int) -> dict[str, Any]:
        """The class's choice at this step's decision point; shows the historical choice and
        its explanation. Returns :meth:`Lesson.choose`'s result."""
        result = self.lesson.choose(choice)
        view = self.lesson.view()
        if self._own is not None:  # the game's own board shows where the choice leads
            game = self.lesson.game
            self.status.value = view["status_html"]
            self.narrative.value = self._narrative_html(view, game)
            self._show_own_board(game, view)
        self._show_decision(view["decision"])
        return result

    def reveal(self) -> str:
        """Show the answer to the step's question; returns it as plain text."""
        answer = self.lesson.reveal_answer()
        self._show_question(self.lesson.view()["question"])
        return answer

    def take_command(self, opponent: str = "bot", side: str | None = None) -> Dashboard | None:
        """Turn the walkthrough into a live game from this step (the lesson is unchanged).

        ``opponent`` is ``"bot"`` (the computer plays the other side) or ``"hotseat"``;
        ``side`` defaults to the side chosen in the widget. The game opens in a
        :class:`Dashboard` below the lesson and is returned; None when play has already stopped
        at this step (the note says why).
        """
        if opponent not in OPPONENTS:
            raise LessonError(f"opponent must be 'bot' or 'hotseat', not {opponent!r}")
        side = side or self.command_side.value
        sides = {s: w.removeprefix("Command ") for w, s in self.lesson.sides}
        if side not in sides:
            raise LessonError(f"side must be {' or '.join(map(repr, sides))}, not {side!r}")
        game = self.lesson.take_command("hotseat", side=side)
        if game.over:
            self._close_command()
            self.command_note.value = (f"<p class='hl-note'>Play has stopped at this step "
                                       f"({_esc(game.prompt.text)}). Go back a step to take "
                                       "command.</p>")
            return None
        self._close_command()
        self.command = Dashboard(game=game, mode=opponent, human=side)
        if self._own is None:
            focus = self.lesson.view()["focus"]
            if focus["area"]:
                self.command.map.look_at(focus["area"], focus["zoom"])
        made = self.lesson.view()["decision"]
        start = ("your class's choice at this decision point" if made and made["chosen"]
                 else f"step {self.lesson.progress}")
        who = (f"you command {sides[side]}, the computer the other side"
               if opponent == "bot" else "two players share the screen")
        self.command_note.value = (f"<p class='hl-note'>A live game from {_esc(start)}: "
                                   f"{who}. The lesson itself is unchanged.</p>")
        self.command_box.children = (self.command,)
        return self.command

    # -- drawing -----------------------------------------------------------------------------
    def _show(self) -> None:
        """Show the lesson's step, sending only what differs from the step shown before."""
        view = self.lesson.view()
        game = self.lesson.game  # the one copy of the step's game this click makes
        with ExitStack() as held:
            for widget in (self.board, self.progress, self.jump, self.battle_box):
                held.enter_context(widget.hold_sync())
            self.error.value = ""
            self.progress.value = view["step"]
            self.progress_text.value = f"<b>{_esc(view['progress'])}</b>"
            self.back_button.disabled = view["step"] == 1
            self.next_button.disabled = self.lesson.at_end
            self.jump.unobserve(self._jumped, names="value")
            self.jump.value = view["step"]
            self.jump.observe(self._jumped, names="value")
            self._status_after = view["status_html"]
            self.status.value = view["status_html"]
            self.narrative.value = self._narrative_html(view, game)
            if self._own is None:
                self._show_map(view, game)
                self._show_battle(view)
            else:
                self._show_own_board(game, view)
            self._show_decision(view["decision"])
            self._show_question(view["question"])
            self._close_command()
            self.command_note.value = ""

    def _show_own_board(self, game: Game, view: dict[str, Any]) -> None:
        """The step's game on the game's own board, for looking only: no choice to click."""
        self.battle = None
        _hide(self.battle_box, True)
        self.session.load(game)  # the board redraws; the status line says where play stands

    def _narrative_html(self, view: dict[str, Any], game: Game) -> str:
        parts = [f"<h3>{_esc(view['title'])}</h3>", view["narrative_html"]]
        cites = []
        for c in view["citations"]:
            tip = _esc(c["paraphrase"])
            episode = f": {_esc(c['episode'])}" if c["episode"] else ""
            cites.append(f"<details class='hl-cite'><summary title='{tip}'>{_esc(c['label'])}"
                         f"{episode}</summary><p>{tip}</p></details>")
        if cites:
            parts.append("<h4>Sources</h4>" + "".join(cites))
        if view["rules"]:
            parts.append(f"<p class='hl-rules'><b>Rules:</b> {_esc(', '.join(view['rules']))}"
                         "</p>")
        log = view["events_html"]
        if log:
            parts.append(log)
        if self.lesson.number == 1 and self.lesson.introduction:
            parts.insert(0, f"<details open><summary>Introduction</summary>"
                            f"{to_html(self.lesson.introduction)}</details>")
        if self.lesson.at_end and self.lesson.summary:
            parts.append(f"<h4>Summary</h4>{to_html(self.lesson.summary)}")
        return "\n".join(parts)

    def _show_map(self, view: dict[str, Any], game: Game) -> None:
        """The step's game, camera and highlights (the caller holds the map's sync, so the
        page gets them in one update)."""
        self.session.load(game)  # the map redraws (and forgets its selection)
        self.map.playable = False
        focus = view["focus"]
        if focus["area"]:
            self.map.look_at(focus["area"], focus["zoom"])  # within the map's zoom range
        else:
            self.map.reset_view()
        self.map.clear_highlights()
        if focus["highlight"]:
            self.map.highlight(focus["highlight"], "focus")

    def _show_battle(self, view: dict[str, Any]) -> None:
        """The step's battle as the engine fought it (``view["battle"]``), on the one board."""
        shown = view.get("battle")
        if not shown or self._battle_board is None:
            self.battle = None
            _hide(self.battle_box, True)
            return
        if self._board is None:
            self._make_board(shown)
        elif self._board.record.get("snapshots") is not shown.get("snapshots"):
            self._board.show(shown)  # another battle (the same one is kept where it stands)
            self.odds_button.value = False
        self.battle = self._board
        self.battle_note.value = shown.get("note_html", "")
        _hide(self.battle_box, False)
        self._odds_shown()
        self._battle_moved()

    def _make_board(self, shown: dict[str, Any]) -> None:
        self._board = self._battle_board(shown, speed=self.speed)
        self._board.observe(lambda _c: self._battle_moved(), names="seq")
        self.battle_box.children = (self.battle_note, self.replay_button, self.odds_button,
                                    self._board)

    def _odds_shown(self) -> None:
        shown = self.odds_button.value
        self.odds_button.description = "Hide the odds" if shown else "Show the odds"
        (self.battle_box.remove_class if shown else self.battle_box.add_class)("hl-odds-hidden")

    def _battle_moved(self) -> None:
        """The status line keeps the battle's result back (it says only when the step happens)
        until the class has stepped the battle on the board to its end."""
        board = self.battle
        if board is None or self._own is not None:
            return
        if board.at >= len(board.record.get("snapshots") or ()) - 1:
            self.status.value = self._status_after
            return
        when = re.search(r"<b>.*?</b>", self._status_after)
        self.status.value = (f"<p class='hl-status'>{when.group(0) if when else ''} Who leads "
                             "after the battle shows once the class has stepped through it on "
                             "the board.</p>")

    def _replay(self) -> None:
        if self.battle is not None:
            self.battle.replay()

    def _show_decision(self, d: dict[str, Any] | None) -> None:
        if d is None:
            _hide(self.decision_box, True)
            self._options_of = None
            return
        _hide(self.decision_box, False)
        word = d.get("side_word") or str(d["side"]).title()
        self.decision_html.value = (f"<h4>Decision for {_esc(word)}</h4>"
                                    f"{d['prompt_html']}")
        if self._options_of != self.lesson.number:  # another step: relabel the buttons
            self._options_of = self.lesson.number
            options = d["options"]
            while len(self._option_pool) < len(options):
                self._option_pool.append(self._option_button(len(self._option_pool)))
            for i, (b, o) in enumerate(zip(self._option_pool, options, strict=False), 1):
                b.description, b.tooltip = f"{i}. {o['label']}", o["label"]
            self.decision_buttons.children = tuple(self._option_pool[:len(options)])
        for button, o in zip(self.decision_buttons.children, d["options"], strict=True):
            button.button_style = "info" if d["chosen"] == o["id"] else ""
        if d["chosen"] is None:
            self.decision_result.value = ""
            return
        label = {o["id"]: o["label"] for o in d["options"]}
        same = d["chosen"] == d["historical"]
        verdict = "That is what happened." if same else \
            f"History went another way: <b>{_esc(label[d['historical']])}</b>."
        self.decision_result.value = (f"<p class='hl-chosen'>You chose: "
                                      f"{_esc(label[d['chosen']])}. {verdict}</p>"
                                      f"{d['explanation_html']}<p><i>The lesson goes on with "
                                      "the historical choice; Take command plays on from "
                                      "yours.</i></p>")

    def _option_button(self, index: int) -> W.Button:
        """The button of the ``index``-th option (0-based) of whichever step is shown."""
        b = W.Button(layout=W.Layout(width="auto", max_width="100%"))
        b.add_class("hl-option")
        b.on_click(lambda _b: self.attempt(
            lambda: self.choose(self.lesson.step.decision.options[index].id)))
        return b

    def _show_question(self, q: dict[str, Any] | None) -> None:
        if q is None:
            _hide(self.question_box, True)
            return
        _hide(self.question_box, False)
        self.question_html.value = f"<h4>Question for the class</h4>{q['ask_html']}"
        self.reveal_button.disabled = q["revealed"]
        _hide(self.reveal_button, q.get("answered") is False)  # a question for discussion
        self.answer_html.value = (f"<h4>Answer</h4>{q['answer_html']}" if q["revealed"]
                                  else "")

    def what_if(self, games: int = 50, **options: Any) -> Any:
        """Open the What-if lab for this step's decision point below the lesson, and run it."""
        from hellenes_nb.widgets.whatif import WhatIfWidget

        lab = WhatIfWidget(Path(self.lesson.spec.path).stem, self.lesson.number, games=games,
                           **options)
        self.whatif_box.children = (lab,)
        lab.start()
        return lab

    def _close_command(self) -> None:
        """Close the live game opened from an earlier step (its widgets go too)."""
        if self.command is not None:
            self.command_box.children = ()
            self.command.close()
            self.command = None

    # -- events ------------------------------------------------------------------------------
    def _jumped(self, change: dict[str, Any]) -> None:
        if change["new"] != self.lesson.number:
            self.attempt(lambda: self.goto(int(change["new"])))

    def attempt(self, fn: Callable[[], Any]) -> None:
        """Run a button's action; show a refusal in plain words instead of raising."""
        try:
            fn()
        except (LessonError, ValueError) as exc:  # a battle board's refusals are ValueErrors
            self.error.value = f"<p class='hl-note'><b>Not possible:</b> {_esc(exc)}</p>"

    def __repr__(self) -> str:
        return f"<LessonWidget {self.lesson.title}: step {self.lesson.progress}>"
