"""The tutorial widget: learn the rules by doing them, one small task at a time (docs/tutorial.md).

``TutorialWidget`` puts together:

- a panel (:class:`TutorialPanel`, ``static/tutorial.js``): the chapter and task pickers with
  the stars earned, the task's text, what the engine said about the last move (a refusal in
  plain words with its rule), the buttons for the learner's other decisions (end the phase,
  build, fight or retreat, play a card...), "Hint", "Show me", "Restart" and "Next";
- the board: the map widget on the task's game (zoomed to the position; the learner acts by
  clicking, as in play), or the battle widget for a battle task.

The task itself is played by :class:`~hellenes_nb.tutorial.run.TaskRun` through the public
``Game`` API: a move on the map goes through the shared session, so the run judges the goal
after every change. A click the engine refuses (a block sent where it may not go) leaves the
game as it was and shows the engine's reason. Solved tasks and their stars are kept in the
learner's progress file (:class:`~hellenes_nb.tutorial.progress.Progress`), merged with what
other open tutorials wrote there; when it cannot be written the stars still show and the
panel's notice says that the progress cannot be kept.

Every button is also a Python method (``choose_task``, ``hint``, ``show_me``, ``restart``, ``next``,
``act``, ``pick``), so notebooks and tests can drive the widget without a browser.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as W
import traitlets

from hellenes_nb.core.catalog import plugins
from hellenes_nb.core.echo import shown
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.lessons.markup import to_html
from hellenes_nb.tutorial.catalog import chapters, tutorial_dir
from hellenes_nb.tutorial.format import ChapterSpec, TaskSpec
from hellenes_nb.tutorial.progress import Progress
from hellenes_nb.tutorial.run import RunError, TaskRun
from hellenes_nb.tutorial.why import move_or_refusal
from hellenes_nb.widgets.browser_writes import BrowserWrites
from hellenes_nb.widgets.requests import BrowserRequests

__all__ = ["TutorialPanel", "TutorialWidget"]

_STATIC = Path(__file__).parent / "static"
#: the zoom used when a task names no focus of its own
DEFAULT_ZOOM = 3.0


class TutorialPanel(BrowserRequests, BrowserWrites, anywidget.AnyWidget):
    """The tutorial's text and buttons in the page; everything it shows is set in Python and
    every button sends a request the :class:`TutorialWidget` answers."""

    requests = {"game": "_request", "open": "_request", "hint": "_request", "show_me": "_request",
                "restart": "_request", "next": "_request", "act": "_request",
                "pick": "_request"}
    refusals = (ValueError, IllegalAction)
    _esm = _STATIC / "tutorial.js"
    _css = _STATIC / "tutorial.css"

    #: the games with a tutorial ({id, title}) and the one shown (the game picker)
    games = traitlets.List(traitlets.Dict()).tag(sync=True)
    game = traitlets.Unicode("").tag(sync=True)
    chapters = traitlets.List(traitlets.Dict()).tag(sync=True)
    chapter = traitlets.Unicode("").tag(sync=True)
    task = traitlets.Unicode("").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    stage = traitlets.Unicode("").tag(sync=True)
    text_html = traitlets.Unicode("").tag(sync=True)
    rules = traitlets.List(traitlets.Unicode()).tag(sync=True)
    status = traitlets.Unicode("playing").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    refusal = traitlets.Unicode("").tag(sync=True)
    hint_text = traitlets.Unicode("").tag(sync=True)
    stars = traitlets.Int(0).tag(sync=True)
    total = traitlets.Int(0).tag(sync=True)
    choices = traitlets.List(traitlets.Dict()).tag(sync=True)
    answers = traitlets.List(traitlets.Dict()).tag(sync=True)
    notice = traitlets.Unicode("").tag(sync=True)

    def __init__(self, owner: TutorialWidget, **kwargs: Any) -> None:
        self._owner = owner
        super().__init__(**kwargs)

    def refuse(self, message: str) -> None:
        self.refusal = message

    def _request(self, msg: dict) -> None:
        self._owner.answer(msg)


class TutorialWidget(W.VBox):
    """The rules tutorial in one notebook cell (module docstring)."""

    def __init__(self, task: str | None = None, *, game: str | None = None,
                 progress: Progress | str | Path | None = None,
                 folder: Path | None = None) -> None:
        self.progress = progress if isinstance(progress, Progress) else Progress(progress)
        #: the games with a tutorial, by name: their title and chapter folder (``folder``: one
        #: folder of chapters of the home game, for a tutorial of one's own)
        self.games = {name: (title, kit.folder) for name, title, kit in _tutorial_games()}
        if folder is not None:  # one folder of the home game's chapters
            self.games = dict(list(self.games.items())[:1])
        self._folder = folder
        self.game = next(iter(self.games))
        self.chapters: list[ChapterSpec] = []
        self.run: TaskRun | None = None
        self.own_board: Any = None  # a game's own board (TutorialKit.board), when it has one
        self.map: Any = None  # the game's clickable map (TutorialKit.map_board)
        self.battle: Any = None  # its battle board (TutorialKit.battle_board)
        self._unit = ""  # the learner's block selected last on the map
        self.panel = TutorialPanel(self)
        self.board = W.VBox(layout=W.Layout(flex="1 1 560px", min_width="0"))
        side = W.VBox([self.panel], layout=W.Layout(flex="1 1 340px", min_width="0"))
        super().__init__([W.HBox([side, self.board],
                                 layout=W.Layout(flex_flow="row wrap", width="100%"))])
        self.add_class("ht-tutorial")
        self.panel.games = [{"id": n, "title": t} for n, (t, _f) in self.games.items()]
        if game is not None and task is None:
            self.choose_game(game)
        else:
            self._load(game or self.game)
            self.choose_task(task or self.chapters[0].tasks[0].id)

    # -- the Python API ----------------------------------------------------------------------
    @property
    def task(self) -> TaskSpec:
        assert self.run is not None
        return self.run.task

    def choose_game(self, game: str) -> None:
        """Show the tutorial of ``game`` (a game's name, such as "earth-water") from its first
        task."""
        self._load(game)
        self.choose_task(self.chapters[0].tasks[0].id)

    def choose_task(self, task_id: str) -> None:
        """Start the task ``task_id`` (or the first task of the chapter of that id), in this
        game's tutorial or another game's."""
        for game in [self.game, *(g for g in self.games if g != self.game)]:
            if game != self.game and self._folder is not None:
                break
            found = _find(_chapters_of(self.games[game][1], self._folder), task_id)
            if found is not None:
                if game != self.game:
                    self._load(game)
                    found = _find(self.chapters, task_id)
                assert found is not None
                self._start(*found)
                return
        raise ValueError(f"no tutorial task or chapter {shown(task_id)}")

    def hint(self) -> str:
        """Show the stage's next hint (hints cost the third star)."""
        text = self._run.hint()
        self.panel.hint_text = text
        return text

    def show_me(self) -> None:
        """Play the stage the task's way (no stars for it)."""
        self._run.show_me()
        self._board_again()

    def restart(self) -> None:
        """Start the task again from its position."""
        self._run.restart()
        self.panel.hint_text = ""
        self._board_again()

    def next(self) -> None:
        """The next stage of a worked example, or the next task once this one is solved."""
        run = self._run
        if run.status == "stage_done":
            run.next()
            self.panel.hint_text = ""
            if self.map is not None:
                self.map.refresh()
            self._show()
            return
        tasks = [t for c in self.chapters for t in c.tasks]
        at = next(i for i, t in enumerate(tasks) if t.id == run.task.id)
        if at + 1 >= len(tasks):
            raise ValueError("this is the last task of the tutorial")
        self.choose_task(tasks[at + 1].id)

    def act(self, index: int) -> None:
        """Take the learner's decision number ``index`` of the buttons shown."""
        run = self._run
        choices = run.choices()
        if not 0 <= index < len(choices):
            raise ValueError("that choice is no longer offered; the panel shows the ones now")
        try:
            run.act(choices[index])
        finally:
            self._show()

    def pick(self, answer: str) -> None:
        """Answer the stage's question (an area id, a block key or a battle block)."""
        self._run.pick(answer)
        self._show()

    def attack(self) -> None:
        """On a battle board: the next attack (a pending 'fight or retreat?' is answered with
        fight)."""
        self._run.play_item({"type": "attack"})
        self._show()

    def go(self, unit: str, area: str) -> None:
        """Send ``unit`` to ``area`` as clicking it on the map does (a refusal is shown)."""
        try:
            self._run.go(unit, area)
        finally:
            self._show()

    def answer(self, msg: dict) -> None:
        """A request from the panel's page (see :class:`TutorialPanel`)."""
        kind = msg.get("request")
        if kind == "game":
            self.choose_game(_text(msg.get("game")))
        elif kind == "open":
            self.choose_task(_text(msg.get("task")))
        elif kind == "act":
            index = msg.get("index")
            if not isinstance(index, int) or isinstance(index, bool):
                raise ValueError("a choice is given by its number")
            self.act(index)
        elif kind == "pick":
            self.pick(_text(msg.get("answer")))
        else:
            {"hint": self.hint, "show_me": self.show_me, "restart": self.restart,
             "next": self.next}[str(kind)]()

    # -- setting up ---------------------------------------------------------------------------
    @property
    def _run(self) -> TaskRun:
        if self.run is None:
            raise RunError("no task is open")
        return self.run

    def _load(self, game: str) -> None:
        """Read the chapters of ``game`` (ValueError naming the games with a tutorial)."""
        if game not in self.games:
            raise ValueError(f"no game {shown(game)} has a tutorial; the games with one: "
                             f"{', '.join(self.games)}")
        self.chapters = _chapters_of(self.games[game][1], self._folder)
        self.game = self.panel.game = game

    def _start(self, chapter: ChapterSpec, task: TaskSpec) -> None:
        self.run = TaskRun(task)
        self.panel.chapter = chapter.id
        self.panel.task = task.id
        self.panel.hint_text = ""
        self.panel.refusal = ""
        self._board_again()

    def _board_again(self) -> None:
        """Show the run's board (after a new task, a restart or "show me")."""
        run = self._run
        if run.on_map and run.kit.board:
            self.battle = self.map = None
            if self.own_board is None or self.own_board.session is not run.session:
                # the game's own board shows the task; every choice is a panel button
                view = _named(run.kit.board)(session=run.session, viewer=run.learner)
                session = run.session
                session.observe(lambda change: self._game_changed(session, change))
                self.own_board = view
            self.board.children = (self.own_board,)
        elif run.on_map:
            self.battle = self.own_board = None
            if self.map is None or self.map.session is not run.session:
                # each task has its own game and session; the map is made for it
                self.map = _named(run.kit.map_board)(session=run.session, viewer=run.learner)
                self.map.views = self._map_view
                self.map.on_select(self._area_clicked)
                self.map.observe(self._unit_clicked, names="selected_unit")
                session = run.session
                assert session is not None
                session.observe(lambda change: self._game_changed(session, change))
            self.map.playable = True
            self.map.refresh()  # the header follows the stage (no phase for a question)
            self._focus()
            self.board.children = (self.map,)
        else:
            board = _named(run.kit.battle_board)
            battle = board(run.kit.fresh_battle(run.board.lab), names=run.names,
                           title=run.task.title)
            battle.speed = "fast"
            battle.observe(lambda _c: self._battle_changed(), names="seq")
            self.battle, self.own_board = battle, None
            run.attach(battle)
            self.board.children = (battle,)
        self._show()

    def _focus(self) -> None:
        assert self.map is not None
        run = self._run
        focus = run.task.focus
        self.map.clear_highlights()
        if focus.area:
            self.map.look_at(focus.area, focus.zoom)
        else:
            units = run.task.board.units if run.task.board else ()
            if units:
                self.map.focus(units[0].area, DEFAULT_ZOOM)
            else:
                self.map.reset_view()
        if focus.highlight:
            self.map.highlight(focus.highlight, "focus")

    def _map_view(self, side: str) -> dict:
        """What the map draws: the game's view, without the game's prompt while the stage asks
        a question (a task that reads the map has no phase to show in the header)."""
        run = self._run
        view = self.map.game.view(side)
        if getattr(run.step.goal, "pick", None) is not None:
            view = {**view, "prompt": None}
        return view

    # -- clicks on the boards -----------------------------------------------------------------
    def _area_clicked(self, area: str) -> None:
        run = self.run
        if run is None or run.status != "playing":
            return
        goal = run.step.goal
        if getattr(goal, "pick", None) is not None and goal.pick.area is not None:
            self.pick(area)
            return
        unit = self._unit
        if not unit or self.map is None:
            return
        here = self.map.board["blocks"].get(area, [])
        if any(b.get("side") == run.learner for b in here):
            return  # a click on one of the learner's groups selects it
        self._unit = ""
        _actions, why = move_or_refusal(run.game, run.learner, unit, area)
        self.panel.refusal = f"Not possible: {why}" if why else ""

    def _unit_clicked(self, change: dict) -> None:
        run = self.run
        key = change["new"]
        if run is None or not key:
            return
        goal = run.step.goal
        if run.status == "playing" and getattr(goal, "pick", None) is not None \
                and goal.pick.unit is not None:
            self.pick(key)
            return
        self._unit = key

    def _game_changed(self, session: Any, change: str) -> None:
        """The map's game changed (a move by clicking, an answer, a button): redraw the panel;
        a move that went through clears the last refusal."""
        run = self.run
        if run is None or run.session is not session:
            return
        if change != "load":
            self.panel.refusal = ""
        self._show()

    def _battle_changed(self) -> None:
        run = self.run
        if run is None or run.on_map:
            return
        run.changed()
        self._show()

    # -- drawing ------------------------------------------------------------------------------
    def _show(self) -> None:
        run = self._run
        p = self.panel
        steps = run.steps
        if run.status == "solved":  # never raises for the file: a write that fails is a notice
            self.progress.record(run.task.id, run.stars)
        with p.hold_sync():
            p.chapters = [{"id": c.id, "title": f"{c.chapter}. {c.title}",
                           "tasks": [{"id": t.id, "title": t.title,
                                      "stars": self.progress.stars(t.id)} for t in c.tasks]}
                          for c in self.chapters]
            p.title = run.task.title
            p.stage = (f"Step {run.stage + 1} of {len(steps)}" if len(steps) > 1 else "")
            intro = ""
            chapter = next(c for c in self.chapters if c.id == p.chapter)
            if run.task.id == chapter.tasks[0].id and run.stage == 0 and chapter.introduction:
                intro = f"<div class='ht-intro'>{to_html(chapter.introduction)}</div>"
            p.text_html = intro + run.text_html()
            p.rules = [f"§{r}" for r in run.task.rules]
            p.status = run.status
            p.message = to_html(run.message) if run.message else ""
            if run.refusal:
                p.refusal = f"Not possible: {run.refusal}"
            elif run.status != "playing":
                p.refusal = ""
            p.choices = [{"index": i, "label": a.get("label", a["type"])}
                         for i, a in enumerate(run.choices())]
            p.answers = [{"key": k, "label": name} for k, name in run.pick_options()]
            p.stars = run.stars
            p.total = self.progress.total
            p.notice = self.progress.problem


def _tutorial_games() -> list[tuple[str, str, Any]]:
    """(name, title, tutorial kit) of every game with a tutorial, the home game first."""
    return [(p.ruleset.name, p.ruleset.title, p.tutorial) for p in plugins()
            if p.tutorial is not None]


def _chapters_of(sub: str, folder: Path | None) -> list[ChapterSpec]:
    """The chapters in the tutorial's sub-folder ``sub`` ("": the home game's), or in
    ``folder`` when one is given."""
    return chapters(folder if folder is not None else tutorial_dir() / sub)


def _find(found: list[ChapterSpec], task_id: str) -> tuple[ChapterSpec, TaskSpec] | None:
    """The chapter and task of ``task_id`` (a chapter's id: its first task), or None."""
    for c in found:
        for t in c.tasks:
            if task_id in (t.id, c.id):
                return c, t
    return None


def _named(where: str) -> Any:
    """The object a "module:attribute" string names (a game names its widgets so)."""
    module, _, attribute = where.partition(":")
    return getattr(import_module(module), attribute)


def _text(value: Any) -> str:
    """A value from the page as text: itself when it is text, else its cut ``repr``."""
    return value if isinstance(value, str) else shown(value)
