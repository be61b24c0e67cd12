"""One attempt at a task: the board, the learner's moves, the goal checked after each change,
hints, "show me", stars.

A :class:`TaskRun` plays a task on the engine. On the map the game sits in a
:class:`~hellenes_nb.core.session.GameSession` that the map widget shares: whatever changes
the game (a click on the map, a button, the Python API) tells the run, which lets the other
side answer (``board.settle_opponent``) and checks the goal. On the battle board the run
drives a *board*: the battle widget itself, or :class:`LabBoard` (the same methods on the
engine's battle lab) when no widget shows it.

The run's ``status`` is ``playing``, ``stage_done`` (a worked example's stage is done: ``next``
goes on), ``solved`` or ``failed`` (the turn or the battle ended without the goal, or too many
actions were spent). A wrong answer to a question keeps the task open: ``message`` says what
was wrong and the learner may take a hint and answer again (each answer counts as an action,
so a wrong one costs a star). ``message`` says why, in plain words; a
move the engine refuses leaves the game unchanged and puts the refusal, with its rule, in
``refusal``.
"""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.catalog import TutorialKit, tutorial_kit
from hellenes_nb.core.game import Game
from hellenes_nb.core.session import GameSession
from hellenes_nb.core.steps import IllegalAction, strip_label
from hellenes_nb.lessons.markup import to_html
from hellenes_nb.tutorial.format import StageSpec, TaskSpec
from hellenes_nb.tutorial.search import Budget, search
from hellenes_nb.tutorial.why import move_or_refusal

__all__ = ["LabBoard", "RunError", "TaskRun", "stars_for"]

STATUSES = ("playing", "stage_done", "solved", "failed")
#: solution items that drive a battle board
_BATTLE_ITEMS = ("attack", "choose", "accept", "appeal", "battle")


class RunError(ValueError):
    """A task cannot do what was asked (a solution item that does not fit, say)."""


def stars_for(actions: int, par: int, hints: int, shown: bool) -> int:
    """Stars for a solved task: 3 in ``par`` actions or fewer without a hint, 2 within two
    more (or with hints), 1 otherwise; none when "show me" solved it."""
    if shown:
        return 0
    if actions <= par and not hints:
        return 3
    return 2 if actions <= par + 2 else 1


class LabBoard:
    """A battle board without a widget: the battle widget's methods on the battle lab."""

    def __init__(self, lab: Any):
        self.lab = lab

    @property
    def battle(self) -> Any:
        return self.lab.battle

    def step(self) -> list[dict]:
        return self.lab.attack()

    def choose(self, choice: str) -> list[dict]:
        return self.lab.choose(choice)

    def accept_dice(self) -> list[dict]:
        return self.lab.decline()

    def appeal_ares(self) -> list[dict]:
        return self.lab.appeal("ares")

    def appeal_hera(self) -> list[dict]:
        return self.lab.appeal("hera")


class TaskRun:
    """One attempt at ``task`` (module docstring)."""

    def __init__(self, task: TaskSpec, world: Any = None, kit: TutorialKit | None = None):
        self.task = task
        #: the game's part of the tutorial (the task's chapter names the game)
        self.kit = kit or tutorial_kit(task.game)
        self.world = world or self.kit.load_world()
        self.learner = task.side
        sides = self.kit.sides
        self.opponent = sides[1 - sides.index(task.side)]
        self.stage = 0
        self.hints_used = 0
        self.shown = False
        self.status = "playing"
        self.message = ""
        self.refusal = ""
        self.picked: str | None = None
        self.names: dict[str, str] = {}
        self.game: Game | None = None
        self.session: GameSession | None = None
        self.board: Any = None
        self._answers = 0
        self._picks = 0
        self._spent = 0
        self._quiet = False
        #: the time the checker lets this file's searches take (None: only the search's bounds)
        self.search_budget: Budget | None = None
        self._start()

    # -- setting up ---------------------------------------------------------------------------
    def _start(self) -> None:
        task = self.task
        if task.battle is None:
            self.game = self.kit.map_game(self.world, task)
            self.session = GameSession(self.game)
            self.session.observe(self._game_changed)
            self.replies = [a for a in task.replies]
            self._log0 = len(self.game.log)
            self._prestige0 = self.kit.score(self.game.state)
            self._season0 = self._period()
            self._actions0: int | None = None
            self._settle()
            self._history0 = len(self.game.history)
        else:
            assert task.battle is not None
            assert self.kit.battle_lab is not None, "this game has no battle board"
            lab, self.names = self.kit.battle_lab(task.battle, task.dice, task.seed)
            self.board = LabBoard(lab)
            self._history0 = 0
        self._force(self.steps[0].dice)

    def _force(self, faces: tuple[int, ...]) -> None:
        if faces:
            dice = self.game.state.dice if self.game is not None else self.board.lab.dice
            dice.force(faces)

    @property
    def steps(self) -> tuple[StageSpec, ...]:
        return self.task.steps()

    @property
    def step(self) -> StageSpec:
        """The stage being played."""
        return self.steps[self.stage]

    @property
    def on_map(self) -> bool:
        return self.game is not None

    def attach(self, board: Any) -> None:
        """Drive ``board`` (a battle widget showing this task's battle) from now on."""
        self.board = board
        self._answers = 0
        self.changed()

    # -- reading ------------------------------------------------------------------------------
    def scene(self) -> Any:
        """What the goal predicates read now (the kit's map or battle scene)."""
        if self.game is not None:
            return self.kit.map_scene(self.game, self.learner, self._log0, self._prestige0,
                                      self.picked)
        assert self.kit.battle_scene is not None
        return self.kit.battle_scene(self.board.battle, self.learner, self.picked, self.names)

    def missing(self) -> list[str]:
        """What the stage's goal still lacks (empty when it is met)."""
        goal = self.step.goal
        return [] if goal is None else self.kit.unmet(goal, self.scene())

    @property
    def actions(self) -> int:
        """The learner's moves so far (engine actions; on a battle board, every click)."""
        if self.game is not None:
            return self._picks + sum(1 for a in self.game.history[self._history0:]
                                     if a.get("side") == self.learner)
        return self._picks + len(self.board.lab.game.history) - self._answers

    @property
    def stars(self) -> int:
        """Stars earned (0 until solved)."""
        if self.status != "solved":
            return 0
        return stars_for(self.actions, self.par, self.hints_used, self.shown)

    @property
    def par(self) -> int:
        """The fewest moves the task expects: ``par`` in the file, else its solution's."""
        if self.task.par is not None:
            return self.task.par
        if not hasattr(self, "_par"):
            trial = TaskRun(self.task, self.world, self.kit)
            trial.play_solution(upto=len(self.steps) - 1)
            self._par = trial.actions
        return self._par

    def text_html(self) -> str:
        return to_html(self.step.text)

    def choices(self) -> list[dict]:
        """The learner's legal actions that are not moves on the map (shown as buttons); none
        while a question waits for a click, so no button gives the answer away."""
        goal = self.step.goal
        if self.game is None or self.status != "playing" or getattr(goal, "pick", None):
            return []
        return [a for a in self.game.legal_actions(self.learner)
                if a["type"] not in self.kit.clicked]

    def pick_options(self) -> list[tuple[str, str]]:
        """(key, name) of the blocks a battle-board question may be answered with."""
        if self.game is not None or getattr(self.step.goal, "pick", None) is None:
            return []
        return [(f.key, self.names.get(f.key, f.key)) for f in self.board.battle.fighters]

    # -- acting -------------------------------------------------------------------------------
    def act(self, action: dict) -> list[dict]:
        """Apply one learner action on the map (a refusal goes to ``refusal``, game unchanged,
        and is raised as IllegalAction)."""
        self._need_map()
        self.refusal = ""
        try:
            return self.session.apply(action)
        except IllegalAction as exc:
            self.refusal = str(exc)
            raise

    def go(self, unit: str, area: str) -> list[dict]:
        """Take ``unit`` to ``area`` as a click on the map does; when the engine refuses,
        ``refusal`` says why and IllegalAction is raised."""
        self._need_map()
        self.refusal = ""
        actions, why = move_or_refusal(self.game, self.learner, unit, area)
        if why:
            self.refusal = why
            raise IllegalAction(why)
        events: list[dict] = []
        with self.session.batch():
            for a in actions:
                events += self.session.apply(a)
        return events

    def pick(self, answer: str) -> None:
        """Answer the stage's question by a click (an area, a unit key, a battle block)."""
        goal = self.step.goal
        if getattr(goal, "pick", None) is None or self.status != "playing":
            return
        self.picked = answer
        self._picks += 1
        self._judge()
        if self.status == "playing":  # a wrong answer: the question stays open
            self.message = (f"Not that one: {'; '.join(self.missing())}. Try again "
                            "(Hint helps).")

    def hint(self) -> str:
        """The next hint of the stage (each one shown counts against the stars)."""
        hints = self.step.hints
        if not hints:
            return "No hint for this one: read the task again, and the rules it names."
        text = hints[min(self.hints_used, len(hints) - 1)]
        self.hints_used += 1
        return text

    def next(self) -> None:
        """Go on to the next stage of a worked example once this one is done."""
        if self.status != "stage_done":
            raise RunError("finish this stage first (or press 'show me')")
        self.stage += 1
        self.status, self.message, self.picked = "playing", "", None
        self._force(self.step.dice)
        self.changed()

    def restart(self) -> None:
        """Start the task again from its position."""
        fresh = TaskRun(self.task, self.world, self.kit)
        self._adopt(fresh)

    def show_me(self) -> None:
        """Play this stage the task's way, from the stage's start (no stars for it)."""
        upto = self.stage
        fresh = TaskRun(self.task, self.world, self.kit)
        fresh.play_solution(upto=upto)
        self.shown = True  # before the board changes: the change is judged (and recorded)
        self._adopt(fresh)

    def _adopt(self, other: TaskRun) -> None:
        """Take over the board and the progress of ``other`` (the same task)."""
        keep = self.session
        for name in ("stage", "status", "message", "refusal", "picked", "names", "board",
                     "_answers", "_picks", "_spent", "replies", "_log0", "_prestige0", "_season0",
                     "_actions0", "_history0"):
            if hasattr(other, name):
                setattr(self, name, getattr(other, name))
        if other.game is not None and keep is not None:
            self._quiet = True
            try:
                keep.load(other.game)
            finally:
                self._quiet = False
            self.game = keep.game
        self.hints_used = 0 if other.stage == 0 and not other.shown else self.hints_used

    # -- the solution -------------------------------------------------------------------------
    def play_solution(self, upto: int | None = None) -> None:
        """Play each stage's solution up to stage ``upto`` (default: this one), going on to the
        next stage after each; RunError when an item does not fit."""
        last = self.stage if upto is None else upto
        while True:
            items = self.step.solution or self._searched()
            for i, item in enumerate(items, 1):
                if self.status != "playing":
                    break
                try:
                    self.play_item(item)
                except ValueError as exc:
                    raise RunError(f"stage {self.stage + 1} solution item {i}: {exc}") from None
            if self.stage >= last or self.status != "stage_done":
                return
            self.next()

    def _searched(self) -> tuple[dict, ...]:
        found, tried = search(self, budget=self.search_budget)
        if found is None:
            raise RunError(f"stage {self.stage + 1}: no solution given and the search found "
                           f"none in {tried} positions; add a 'solution'")
        return tuple(found)

    def play_item(self, item: dict) -> None:
        """Play one solution item: an engine action on the map, ``attack``, ``choose``,
        ``accept``, ``appeal`` or ``battle`` on the battle board, or ``pick`` to answer a
        question."""
        kind = item["type"]
        if kind == "pick" and "choice" in item:  # a game may have an action called pick
            self.pick(item["choice"])
        elif kind in _BATTLE_ITEMS and self.game is None:  # on a map: a game's own action
            self._battle_item(item)
        else:
            self.act(self._match(item))

    def _match(self, wanted: dict) -> dict:
        assert self.game is not None
        legal = self.game.legal_actions()
        fits = [a for a in legal if self.kit.matches(a, wanted)]
        exact = [a for a in fits if strip_label(a) == wanted]
        if exact or len(fits) == 1:
            return (exact or fits)[0]
        if len(fits) > 1:
            labels = "; ".join(a.get("label", a["type"]) for a in fits[:4])
            raise RunError(f"{wanted} fits {len(fits)} legal actions ({labels}); add the detail "
                           "that tells them apart")
        return wanted

    def _battle_item(self, item: dict) -> None:
        if self.game is not None:
            raise RunError(f"{item['type']!r} is for a battle board; on the map give the "
                           "engine's actions")
        board = self.board
        if item["type"] == "attack":
            b = board.battle
            if b.prompt is not None and not b.over and "fight" in b.prompt.choices:
                board.choose("fight")  # pressing on answers "fight or retreat?" with fight
            board.step()
        elif item["type"] == "accept":
            board.accept_dice()
        elif item["type"] == "appeal":
            appeal = getattr(board, f"appeal_{item['choice']}", None)
            if appeal is None:
                raise RunError(f"a battle board offers appeals to Ares and Hera, not "
                               f"{item['choice']!r} (§11.0)")
            appeal()
        elif item["type"] == "choose":
            board.choose(item["choice"])
        else:
            for _ in range(500):
                b = board.battle
                if b.over or self.status != "playing":
                    break
                offer = board.lab.offer
                if offer is not None:
                    board.accept_dice()
                elif b.prompt is not None:
                    board.choose("fight" if "fight" in b.prompt.choices else b.prompt.choices[0])
                else:
                    board.step()
                self.changed()
        self.changed()

    # -- after every change -------------------------------------------------------------------
    def _game_changed(self, _change: str) -> None:
        if not self._quiet:
            self.changed()

    def changed(self) -> None:
        """Something moved: judge the goal; if it is not met yet, let the other side answer,
        then judge again (so a goal met by the learner's move is judged before the opponent
        plays on into the next season)."""
        if self._quiet:
            return
        self._judge()
        if self.status != "playing":
            return
        self._quiet = True
        try:
            self._settle()
        finally:
            self._quiet = False
        self._judge()

    def _settle(self) -> None:
        if self.game is not None:
            assert self.session is not None
            self._answer_map()
            return
        board = self.board
        for _ in range(200):
            b = board.battle
            offer = board.lab.offer
            if offer is not None and offer["side"] == self.opponent:
                board.accept_dice()
            elif b.prompt is not None and not b.over and b.prompt.whose == self.opponent:
                board.choose("fight" if "fight" in b.prompt.choices else b.prompt.choices[0])
            else:
                return
            self._answers += 1

    def _answer_map(self) -> None:
        """The opponent's answers, through the session (so the map hears of them)."""
        assert self.game is not None and self.session is not None
        for _ in range(200):
            answer = self.kit.opponent_answer(self.session.game, self.opponent, self.replies)
            if answer is None:
                break
            try:
                self.session.apply(answer)
            except IllegalAction:
                break
        self.game = self.session.game
        self._count_spent()

    def _count_spent(self) -> None:
        """The most game actions the learner has spent in its turn so far (§4.0)."""
        left = self.kit.actions_left(self.game.state, self.kit.sides.index(self.learner))
        if left is None:
            return
        if self._actions0 is None:
            self._actions0 = left
        self._spent = max(self._spent, self._actions0 - left)

    def _judge(self) -> None:
        if self.status != "playing":
            return
        missing = self.missing()
        if not missing:
            last = self.stage == len(self.steps) - 1
            self.status = "solved" if last else "stage_done"
            self.message = self.step.explanation or ("Solved." if last else "Well done.")
            return
        why = self._failure(missing)
        if why:
            self.status, self.message = "failed", why

    def _failure(self, missing: list[str]) -> str:
        limit = self.task.max_actions
        if self.game is not None and limit is not None and self._spent > limit:
            return (f"Not solved: that took {self._spent} actions and the task allows "
                    f"{limit}. Still missing: {'; '.join(missing)}.")
        goal = self.step.goal
        if getattr(goal, "pick", None) is not None:
            return ""  # a wrong answer leaves the question open (pick)
        if self.game is None:
            return f"Not solved: {'; '.join(missing)}." if self.board.battle.over else ""
        if getattr(goal, "first", None) is not None and self._revealed():
            return f"Not solved: the cards are revealed. {'; '.join(missing)}."
        if self._over():
            return f"Not solved: the turn is over. Still missing: {'; '.join(missing)}."
        return ""

    def _revealed(self) -> bool:
        """Have this task's cards been revealed (the initiative is settled, §3.3)?"""
        assert self.game is not None
        return any(e.get("kind") == "reveal" for e in self.game.log[self._log0:])

    def _over(self) -> bool:
        game = self.game
        assert game is not None
        if game.over:
            return True
        if self._period() != self._season0:
            return True
        return not game.legal_actions(self.learner) and not game.legal_actions(self.opponent)

    # -- helpers ------------------------------------------------------------------------------
    def _period(self) -> Any:
        """The turn the task is played in (the kit's ``period``; None when it has none)."""
        assert self.game is not None
        return None if self.kit.period is None else self.kit.period(self.game.state)

    def _need_map(self) -> None:
        if self.game is None or self.session is None:
            raise RunError("this task is played on the battle board")

    def copy(self) -> TaskRun:
        """An independent copy of this attempt (for a search)."""
        other = TaskRun.__new__(TaskRun)
        other.__dict__.update(self.__dict__)
        other.replies = list(getattr(self, "replies", []))
        if self.game is not None:
            other.game = self.game.clone()
            other.session = GameSession(other.game)
            other.session.observe(other._game_changed)
        else:
            assert self.kit.copy_lab is not None
            other.board = LabBoard(self.kit.copy_lab(self.board.lab))
        return other
