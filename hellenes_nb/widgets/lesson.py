"""The lesson widget: a class walks through a historical lesson step by step.

``LessonWidget`` puts together, from :meth:`Lesson.view`:

- the step's title, a progress bar and Back / Next / jump-to-step controls;
- the narrative (already sanitised by the lesson's markup), the ancient sources with their
  paraphrases (a tooltip on hover, a paragraph on click) and the rule sections it shows;
- the map, centred and zoomed where the step says, with its areas highlighted;
- when the step fights a battle, the battle widget with the same blocks and the same dice, so
  the class can watch it die by die (:class:`LessonBattle`);
- decision buttons at a decision point, with the historical choice explained afterwards;
- the class question, its answer hidden until "Reveal answer";
- "Take command": a live game from this position against the computer or hot-seat, opened in
  the play :class:`~hellenes_nb.widgets.dashboard.Dashboard`.

Every button is also a Python method (``next``, ``back``, ``goto``, ``choose``, ``reveal``,
``take_command``), so notebooks and tests can drive the widget without a browser.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as W

from hellenes_nb.core.game import Game
from hellenes_nb.core.session import GameSession
from hellenes_nb.games.hellenes.battlelab import Battle, BattleError, battle_from_setup
from hellenes_nb.games.hellenes.index import SIDE_WORD
from hellenes_nb.lessons import Lesson, LessonError
from hellenes_nb.lessons.markup import to_html
from hellenes_nb.lessons.script import LESSON_VIEWER, BattleRecord
from hellenes_nb.widgets.battle import BattleWidget
from hellenes_nb.widgets.battle_text import HOW_TEXT
from hellenes_nb.widgets.dashboard import Dashboard
from hellenes_nb.widgets.map import MAX_ZOOM, MIN_ZOOM, MapWidget

__all__ = ["LessonBattle", "LessonWidget", "lesson_policy"]

OPPONENTS = ("bot", "hotseat")

_STYLE = """<style>
.hl-lesson { gap: 6px; }
.hl-card { border: 1px solid var(--jp-border-color2, #ccc); border-radius: 6px;
  padding: 4px 10px; background: var(--jp-layout-color1, #fff);
  color: var(--jp-content-font-color1, #111); }
.hl-card h3, .hl-card h4 { margin: 4px 0; }
.hl-card ul { list-style: disc; padding-left: 22px; margin: 4px 0; }
.hl-card li { margin: 2px 0; }
.hl-cite summary { cursor: pointer; }
.hl-cite p { margin: 2px 0 6px 18px; font-style: italic; }
.hl-rules, .hl-status { color: var(--jp-content-font-color2, #444); }
.hl-chosen { font-weight: bold; }
.hl-note { border-left: 4px solid #0072b2; padding-left: 8px; }
</style>"""


def _esc(text: Any) -> str:
    return html.escape(str(text))


def lesson_policy(policy: dict[str, str | int]) -> Callable[[Battle], str]:
    """The battle choices a lesson scripted, as a policy for :class:`Battle` (§6.2, §6.4).

    ``policy[side]`` is ``"fight"``, ``"retreat"`` or a number of rounds to fight before
    retreating, as in a lesson's ``battle`` entry. Tied blocks take a hit in key order, as the
    lesson's own replay does (§6.32).
    """

    def choose(battle: Battle) -> str:
        p = battle.prompt
        assert p is not None
        if p.kind != "retreat":
            return p.choices[0]
        rule = policy.get(p.whose, "fight")
        leave = rule == "retreat" or (isinstance(rule, int) and battle.round > rule)
        return "retreat" if leave and "retreat" in p.choices else "fight"

    return choose


def _names(game: Game, setup: dict[str, Any]) -> dict[str, str]:
    ix = game.state.ix
    out = {}
    for f in setup["fighters"]:
        key = f["key"]
        if key.startswith("garrison:"):
            place = ix.place(key.split(":", 1)[1])
            city = ix.place_name[place]
            out[key] = f"Garrison of {city}"
        else:
            out[key] = ix.describe(ix.unit(key))
    return out


class LessonBattle(BattleWidget):
    """The battle of a lesson step on the battle board, replayed with the step's own dice.

    The blocks are set up as the engine set them up when the battle began; the dice the lesson
    rolled are queued (:meth:`force_dice`), so stepping one attack at a time shows the very
    battle the lesson recorded. "Whole round" and "Whole battle" answer decisions as the lesson
    did
    (:func:`lesson_policy`); a class that answers differently sees the same dice go another way.
    """

    def __init__(self, record: BattleRecord, game: Game, **kwargs: Any) -> None:
        if record.setup is None:
            raise LessonError(f"the battle in {record.place} has no recorded setup to replay")
        s = record.setup
        battle = battle_from_setup(s)
        self.record = record
        self._policy = lesson_policy(record.policy)
        place = game.state.ix.place_name[game.state.ix.place(record.place)]
        super().__init__(battle, names=_names(game, s), title=f"The battle in {place}",
                         **kwargs)
        self.force_dice(record.dice())

    def advance(self) -> list[dict[str, Any]]:
        """One unit attack; a pending decision is answered as the lesson answered it."""
        if self.battle.over:
            raise BattleError("the battle is over; see widget.outcome or restart()")
        return self._advance(self._policy)

    def run_round(self) -> list[dict[str, Any]]:
        """Play to the end of the round, decisions as in the lesson."""
        return self._run(self._policy, whole=False)

    def run_battle(self) -> list[dict[str, Any]]:
        """Play the battle to its end, decisions as in the lesson."""
        return self._run(self._policy, whole=True)

    def replay(self) -> None:
        """Set the battle back to its first attack with the lesson's dice queued again."""
        self.restart(seed=0)
        self.force_dice(self.record.dice())


class LessonWidget(W.VBox):
    """A lesson in one notebook cell (module docstring)."""

    def __init__(self, lesson: Lesson | str | Path, *, speed: str = "normal") -> None:
        self.lesson = lesson if isinstance(lesson, Lesson) else Lesson(lesson)
        self.speed = speed
        self.battle: LessonBattle | None = None
        self.command: Dashboard | None = None
        self._build()
        self._show()

    # -- construction ------------------------------------------------------------------------
    def _build(self) -> None:
        spec = self.lesson.spec
        n = len(spec.steps)
        self.title_html = W.HTML(f"<h2>{_esc(spec.title)}</h2><p>{_esc(spec.period)}</p>")
        self.progress = W.IntProgress(value=1, min=0, max=n, description="Step",
                                      layout=W.Layout(width="260px"))
        self.progress_text = W.HTML()
        self.back_button = W.Button(description="Back", icon="arrow-left",
                                    tooltip="The previous step")
        self.next_button = W.Button(description="Next", icon="arrow-right",
                                    button_style="primary", tooltip="The next step")
        self.jump = W.Dropdown(options=[(f"{s.number}. {s.title}", s.number)
                                        for s in spec.steps],
                               description="Go to", layout=W.Layout(width="420px"))
        for button, name in ((self.back_button, "hl-back"), (self.next_button, "hl-next")):
            button.add_class(name)
        self.back_button.on_click(lambda _b: self.attempt(self.back))
        self.next_button.on_click(lambda _b: self.attempt(self.next))
        self.jump.observe(self._jumped, names="value")
        nav = W.HBox([self.back_button, self.next_button, self.progress, self.progress_text,
                      self.jump], layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.status = W.HTML()
        self.narrative = W.HTML()
        self.narrative.add_class("hl-card")
        #: the lesson's game at the step shown, shared with the map
        self.session = GameSession(self.lesson.game)
        self.map = MapWidget(session=self.session, viewer=LESSON_VIEWER)
        self.map.playable = False
        self.battle_box = W.VBox()
        self.decision_html = W.HTML()
        self.decision_buttons = W.VBox()
        self.decision_result = W.HTML()
        self.decision_box = W.VBox([self.decision_html, self.decision_buttons,
                                    self.decision_result])
        self.decision_box.add_class("hl-card")
        self.question_html = W.HTML()
        self.reveal_button = W.Button(description="Reveal answer", icon="eye",
                                      tooltip="Show the answer to the class question")
        self.reveal_button.add_class("hl-reveal")
        self.reveal_button.on_click(lambda _b: self.attempt(self.reveal))
        self.answer_html = W.HTML()
        self.question_box = W.VBox([self.question_html, self.reveal_button, self.answer_html])
        self.question_box.add_class("hl-card")
        self.command_side = W.Dropdown(options=[("Command Athens", "athens"),
                                                ("Command Sparta", "sparta")],
                                       value=spec.side, layout=W.Layout(width="170px"))
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
        self.error = W.HTML()
        text = W.VBox([self.narrative, self.decision_box, self.question_box],
                      layout=W.Layout(flex="1 1 360px", min_width="0"))
        board = W.VBox([self.map], layout=W.Layout(flex="1 1 520px", min_width="0"))
        body = W.HBox([board, text], layout=W.Layout(flex_flow="row wrap", width="100%"))
        super().__init__([W.HTML(_STYLE), self.title_html, nav, self.status, self.error, body,
                          self.battle_box, command])
        self.add_class("hl-lesson")

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
        self._show_decision()
        return result

    def reveal(self) -> str:
        """Show the answer to the step's question; returns it as plain text."""
        answer = self.lesson.reveal_answer()
        self._show_question()
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
        if side not in SIDE_WORD:
            raise LessonError(f"side must be 'athens' or 'sparta', not {side!r}")
        game = self.lesson.take_command("hotseat", side=side)
        if game.over:
            self.command = None
            self.command_box.children = ()
            self.command_note.value = (f"<p class='hl-note'>Play has stopped at this step "
                                       f"({_esc(game.prompt.text)}). Go back a step to take "
                                       "command.</p>")
            return None
        self.command = Dashboard(game=game, mode=opponent, human=side)
        focus = self.lesson.step.focus
        if focus.area:
            self.command.map.focus(focus.area, min(max(focus.zoom, MIN_ZOOM), MAX_ZOOM))
        made = self.lesson.view()["decision"]
        start = ("your class's choice at this decision point" if made and made["chosen"]
                 else f"step {self.lesson.progress}")
        who = (f"you command {SIDE_WORD[side]}, the computer the other side"
               if opponent == "bot" else "two players share the screen")
        self.command_note.value = (f"<p class='hl-note'>A live game from {_esc(start)}: "
                                   f"{who}. The lesson itself is unchanged.</p>")
        self.command_box.children = (self.command,)
        return self.command

    # -- drawing -----------------------------------------------------------------------------
    def _show(self) -> None:
        view = self.lesson.view()
        self.error.value = ""
        self.progress.value = view["step"]
        self.progress_text.value = f"<b>{_esc(view['progress'])}</b>"
        self.back_button.disabled = view["step"] == 1
        self.next_button.disabled = self.lesson.at_end
        self.jump.unobserve(self._jumped, names="value")
        self.jump.value = view["step"]
        self.jump.observe(self._jumped, names="value")
        g = view["game"]
        self.status.value = (f"<p class='hl-status'>{_esc(g['season'])} {g['year']} BC · "
                             f"Prestige {g['prestige']:+d} (positive favours Athens, §14.1) · "
                             f"{_esc(g['waiting_for'])}</p>")
        self.narrative.value = self._narrative_html(view)
        self._show_map(view)
        self._show_battle()
        self._show_decision()
        self._show_question()
        self.command = None
        self.command_box.children = ()
        self.command_note.value = ""

    def _narrative_html(self, view: dict[str, Any]) -> str:
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
        if view["events"]:
            items = "".join(f"<li>{_esc(t)}</li>" for t in view["events"])
            parts.append(f"<details><summary>What the engine did</summary><ul>{items}</ul>"
                         "</details>")
        if self.lesson.number == 1 and self.lesson.spec.introduction:
            parts.insert(0, f"<details open><summary>Introduction</summary>"
                            f"{to_html(self.lesson.spec.introduction)}</details>")
        if self.lesson.at_end and self.lesson.spec.summary:
            parts.append(f"<h4>Summary</h4>{to_html(self.lesson.spec.summary)}")
        return "\n".join(parts)

    def _show_map(self, view: dict[str, Any]) -> None:
        self.session.load(self.lesson.game)  # the map redraws (and forgets its selection)
        self.map.playable = False
        focus = view["focus"]
        if focus["area"]:
            self.map.focus(focus["area"], min(max(focus["zoom"], MIN_ZOOM), MAX_ZOOM))
        else:
            self.map.reset_view()
        self.map.clear_highlights()
        if focus["highlight"]:
            self.map.highlight(focus["highlight"], "focus")

    def _show_battle(self) -> None:
        record = self.lesson.run.battle
        if record is None or record.setup is None:
            self.battle = None
            self.battle_box.children = ()
            return
        self.battle = LessonBattle(record, self.lesson.game)
        self.battle.speed = self.speed
        how = (f"{SIDE_WORD.get(record.winner or '', 'nobody')} won by "
               f"{HOW_TEXT.get(record.how, record.how)}")
        note = W.HTML(f"<p class='hl-note'>The battle of this step, with the lesson's dice: "
                      f"press <b>Next attack</b> for one attack at a time, or <b>Whole round</b> "
                      f"and <b>Whole battle</b> to let it run as the lesson did ({_esc(how)}, "
                      f"{len(record.dice())} dice).</p>")
        replay = W.Button(description="Replay the battle", icon="repeat",
                          tooltip="Back to the first attack, with the lesson's dice")
        battle = self.battle
        replay.on_click(lambda _b: self.attempt(battle.replay))
        self.battle_box.children = (W.VBox([note, replay, self.battle]),)

    def _show_decision(self) -> None:
        d = self.lesson.view()["decision"]
        if d is None:
            self.decision_box.layout.display = "none"
            return
        self.decision_box.layout.display = None
        self.decision_html.value = (f"<h4>Decision for {_esc(SIDE_WORD[d['side']])}</h4>"
                                    f"{d['prompt_html']}")
        buttons = []
        for i, o in enumerate(d["options"], 1):
            b = W.Button(description=f"{i}. {o['label']}", tooltip=o["label"],
                         layout=W.Layout(width="auto", max_width="100%"))
            b.add_class("hl-option")
            if d["chosen"] == o["id"]:
                b.button_style = "info"
            b.on_click(lambda _b, oid=o["id"]: self.attempt(lambda: self.choose(oid)))
            buttons.append(b)
        self.decision_buttons.children = tuple(buttons)
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

    def _show_question(self) -> None:
        q = self.lesson.view()["question"]
        if q is None:
            self.question_box.layout.display = "none"
            return
        self.question_box.layout.display = None
        self.question_html.value = f"<h4>Question for the class</h4>{q['ask_html']}"
        self.reveal_button.disabled = q["revealed"]
        self.answer_html.value = (f"<h4>Answer</h4>{q['answer_html']}" if q["revealed"]
                                  else "")

    # -- events ------------------------------------------------------------------------------
    def _jumped(self, change: dict[str, Any]) -> None:
        if change["new"] != self.lesson.number:
            self.attempt(lambda: self.goto(int(change["new"])))

    def attempt(self, fn: Callable[[], Any]) -> None:
        """Run a button's action; show a refusal in plain words instead of raising."""
        try:
            fn()
        except (LessonError, BattleError, ValueError) as exc:
            self.error.value = f"<p class='hl-note'><b>Not possible:</b> {_esc(exc)}</p>"

    def __repr__(self) -> str:
        return f"<LessonWidget {self.lesson.spec.id}: step {self.lesson.progress}>"
