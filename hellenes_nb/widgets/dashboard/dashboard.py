"""The play dashboard: a whole scenario in one notebook cell (docs/dashboard.md).

``Dashboard`` puts the map widget beside a side panel holding the decision play is waiting for
(``Game.prompt``) as grouped buttons, your hand of cards (§3.0), the leaders and continuing events
in play (§3.1, §3.11), the Olympians sacrificed to (§10.3), the game log citing a rule on every
line, and the prestige track over time (§14.1). A battle being fought is shown on the battle
widget's board at each of its decisions (§6.2–§6.4).

Two ways to play:

- ``mode="bot"``: you take one side and the computer the other; it moves by itself whenever the
  decision is its own (with ``bot_delay`` seconds between its moves inside Jupyter).
- ``mode="hotseat"``: two people share the screen. Whenever the decision passes to the other
  side, a hand-over screen covers the board; the map, hand and log switch to that side only
  after its player clicks. Nothing of one side's hidden information is shown to the other
  (§2.0, §3.3): every panel is built from ``game.view(side)``.

Everything the buttons do is also a Python call, so notebooks and tests drive it without a
browser: ``choose``, ``play_bot_turns``, ``ready``, ``undo``, ``save``, ``restore``,
``Dashboard.load`` and ``open_replay``. The game lives in a
:class:`~hellenes_nb.core.session.GameSession` shared with the map and the battle board: every
change goes through it and redraws the screen once.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from hellenes_nb import bots
from hellenes_nb.bots import Bot
from hellenes_nb.core.game import Game
from hellenes_nb.core.session import GameSession
from hellenes_nb.core.steps import IllegalAction, strip_label
from hellenes_nb.games.hellenes.index import SEASONS
from hellenes_nb.games.registry import new_game
from hellenes_nb.widgets.dashboard.battleview import EngineBattleView
from hellenes_nb.widgets.dashboard.choices import choice_widgets, group_choices
from hellenes_nb.widgets.dashboard.panels import (
    cover_html,
    hand_html,
    header_html,
    in_play_html,
    log_html,
)
from hellenes_nb.widgets.dashboard.replay import ReplayViewer
from hellenes_nb.widgets.dashboard.saves import SaveAndLoad
from hellenes_nb.widgets.dashboard.words import SIDE_WORD, SIDES, esc, stylesheet
from hellenes_nb.widgets.map import MapWidget
from hellenes_nb.widgets.prestige_chart import PrestigeChart

__all__ = ["Dashboard"]

MODES = ("bot", "hotseat")
#: the most decisions the computer takes in one go (a guard against a bot that never stops)
MAX_BOT_RUN = 5000


def _make_bot(bot: str | Bot | None, seed: int) -> tuple[Bot, str]:
    """The opponent and its name: a bot of ``hellenes_nb.bots`` by name (``"heuristic"``, the
    default, or ``"random"``), seeded with the game's seed; or any object with
    ``choose(game, side)``."""
    if bot is None or isinstance(bot, str):
        name = bot or "heuristic"
        if name not in bots.BOTS:
            raise ValueError(f"bot must be one of {', '.join(sorted(bots.BOTS))} or an object "
                             f"with choose(game, side), not {bot!r}")
        return bots.make_bot(name, seed), name
    if not callable(getattr(bot, "choose", None)):
        raise TypeError(f"a bot needs a choose(game, side) method; "
                        f"{type(bot).__name__} has none")
    return bot, type(bot).__name__


def _same(a: dict, b: dict) -> bool:
    return strip_label(a) == strip_label(b)


def _same(a: dict, b: dict) -> bool:
    return strip_label(a) == strip_label(b)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Dashboard(SaveAndLoad, W.VBox):
    """Play a scenario against the computer or hot-seat (module docstring; docs/dashboard.md)."""

    def __init__(self, scenario: str = "431", seed: int | None = None, mode: str = "bot",
                 human: str = "athens", bot: str | Bot | None = None, bot_delay: float = 0.0,
                 game: Game | None = None) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be 'bot' (you against the computer) or 'hotseat' "
                             f"(two players at one screen), not {mode!r}")
        if human not in SIDES:
            raise ValueError(f"human must be 'athens' or 'sparta', not {human!r}")
        if not isinstance(bot_delay, int | float) or not 0 <= bot_delay <= 10:
            raise ValueError(f"bot_delay is seconds between the computer's moves, from 0 to "
                             f"10, not {bot_delay!r}")
        #: the player was never told the seed: a fresh random one (it would tell the computer's
        #: deal and every die to come), so it is shown nowhere and only saved sealed
        self.seed_secret = game is None and seed is None
        if game is None:
            game = new_game(str(scenario), secrets.randbits(63) if seed is None else seed)
        elif not isinstance(game, Game):
            raise TypeError(f"game must be a hellenes_nb Game, not {type(game).__name__}")
        self.mode, self.human = mode, human
        self.bot_side = SIDES[1 - SIDES.index(human)] if mode == "bot" else None
        self.bot, self.bot_name = (_make_bot(bot, game.seed) if mode == "bot"
                                   else (None, "none"))
        self.bot_delay = float(bot_delay)
        #: the game, shared with the map and the battle board; it tells of each change once
        self.session = GameSession(game)
        self.message = ""
        self.replay: ReplayViewer | None = None
        self._gen = 0
        self._thinking = False
        self.renders = 0  # times the panels were drawn: one per change
        self._driving = False
        self._stalled = False  # the computer ran MAX_BOT_RUN moves without handing back
        self._shown_choices: list[dict] | None = None
        self._battle_src: dict | None = None
        self._legal_cache: tuple[Any, dict[str, list[dict]]] = (None, {})
        self._button_layout = W.Layout(width="auto", max_width="100%", height="auto")
        self.viewer: str | None = human if mode == "bot" else None
        self.handover_to: str | None = None
        self.session.observe(self._after_change)  # before the map: the panels lead
        self._build()
        self._after_change()

    @property
    def game(self) -> Game:
        """The game played (``session.game``: an undo or a load puts another one there)."""
        return self.session.game

    # -- construction ------------------------------------------------------------------------
    def _build(self) -> None:
        self.map = MapWidget(session=self.session, viewer=self.viewer or "athens",
                             curtain=self.mode == "hotseat")  # nobody has the screen yet
        self.chart = PrestigeChart(self.game, height="210px", title="")
        self.header = W.HTML()
        self.status = W.HTML()
        self.prompt_html = W.HTML()
        self.choice_box = W.VBox(layout=W.Layout(width="100%"))
        self.hand_html = W.HTML()
        self.in_play_html = W.HTML()
        self.log_html = W.HTML()
        self.battle_box = W.VBox()
        self.undo_button = W.Button(description="Undo", icon="undo",
                                    tooltip="Take back your last decision (not past a die roll)")
        self.save_button = W.Button(description="Save", icon="download",
                                    tooltip="Make a download link for this game as a JSON file")
        self.download = W.HTML()
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False,
                                   description="Load", tooltip="Open a saved game (.json)")
        self.replay_button = W.ToggleButton(description="Replay", icon="film",
                                            tooltip="Step through the moves so far")
        self.delay = W.Dropdown(options=[("computer: instant", 0.0), ("computer: 0.5 s", 0.5),
                                         ("computer: 1.5 s", 1.5)],
                                value=self.bot_delay if self.bot_delay in (0.0, 0.5, 1.5)
                                else 0.0, layout=W.Layout(
                                    width="170px",
                                    display="flex" if self.mode == "bot" else "none"))
        self.ready_button = W.Button(button_style="primary",
                                     layout=W.Layout(width="auto", height="48px"))
        self.cover = W.VBox([W.HTML(), self.ready_button])
        self.cover.add_class("hn-cover")
        self.replay_box = W.VBox()
        self.undo_button.on_click(lambda _b: self.attempt(self.undo))
        self.save_button.on_click(lambda _b: self.attempt(self.save))
        self.upload.observe(self._uploaded, names="value")
        self.replay_button.observe(self._toggle_replay, names="value")
        self.delay.observe(lambda ch: setattr(self, "bot_delay", float(ch["new"])), names="value")
        self.ready_button.on_click(lambda _b: self.attempt(self.ready))
        for b in (self.undo_button, self.save_button, self.replay_button):
            b.layout = W.Layout(width="auto")
        toolbar = W.HBox([self.undo_button, self.save_button, self.download, self.upload,
                          self.replay_button, self.delay])
        toolbar.add_class("hn-toolbar")
        self.decision = W.VBox([self.prompt_html, self.choice_box])
        self.decision.add_class("hn-card")
        side = W.VBox([self.decision, self._section("Your hand", self.hand_html),
                       self._section("In play", self.in_play_html)])
        side.add_class("hn-side")
        chart = self._section("Prestige track", self.chart.figure)
        chart.layout = W.Layout(flex="1 1 300px", min_width="0")
        log = self._section("Game log, newest first", self.log_html)
        log.layout = W.Layout(flex="1 1 340px", min_width="0")
        under = W.HBox([chart, log], layout=W.Layout(flex_flow="row wrap", width="100%"))
        under.add_class("hn-under")
        left = W.VBox([self.map, self.battle_box, under],
                      layout=W.Layout(flex="1 1 560px", min_width="0"))
        self.board = W.HBox([left, side])
        self.board.add_class("hn-body")
        self.body = W.VBox([self.board])
        super().__init__([W.HTML(stylesheet()), self.header, toolbar, self.status, self.body,
                          self.replay_box])
        self.add_class("hn-dash")

    @staticmethod
    def _section(title: str, content: W.Widget) -> W.VBox:
        box = W.VBox([W.HTML(f"<h4 class='hn-h'>{esc(title)}</h4>"), content])
        box.add_class("hn-card")
        return box

    # -- public reading ------------------------------------------------------------------------
    @property
    def choices(self) -> list[dict]:
        """The decisions offered on screen now (empty while a hand-over or the computer waits)."""
        g = self.game
        if g.over or self.handover_to is not None or self._thinking:
            return []
        side = self._screen_side()
        return self._legal(side) if side else []

    @property
    def hand(self) -> list[int]:
        """The card numbers shown in the hand panel (none while the screen is handed over)."""
        side = self._screen_side()
        if side is None or self.handover_to is not None:
            return []
        hands = self.game.view(side)["hands"]
        return list(hands[side])

    def _screen_side(self) -> str | None:
        """The side whose player is at the screen, or None (hand-over pending, or game over)."""
        if self.game.over:
            return None
        return self.human if self.mode == "bot" else self.viewer

    def _legal(self, side: str) -> list[dict]:
        """``game.legal_actions(side)``, listed once per position."""
        state = self.game.state
        if self._legal_cache[0] is not state:
            self._legal_cache = (state, {})
        found = self._legal_cache[1]
        if side not in found:
            found[side] = self.game.legal_actions(side)
        return found[side]

    def _deciders(self) -> list[str]:
        p = self.game.prompt
        if p.side == "both":
            return [s for s in SIDES if self._legal(s)]
        return [p.side] if p.side in SIDES else []

    # -- acting --------------------------------------------------------------------------------
    def choose(self, action: dict | str | int) -> list[dict]:
        """Take one of the offered decisions: an action dict (its label is ignored), its exact
        label, or its index in :attr:`choices`. Returns the log events (the engine's full
        record, as ``Game.apply``; the log panel shows the screen side's form); the computer
        then answers if the decision passes to it."""
        offered = self.choices
        if isinstance(action, int) and not isinstance(action, bool):
            if not 0 <= action < len(offered):
                raise ValueError(f"choice {action} does not exist: {len(offered)} are offered")
            action = offered[action]
        elif isinstance(action, str):
            found = [a for a in offered if a.get("label") == action]
            if not found:
                raise ValueError(f"no offered choice is labelled {action!r}")
            action = found[0]
        elif not isinstance(action, dict):
            raise TypeError(f"choose() takes an action dict, its label or its index, "
                            f"not {type(action).__name__}")
        match = [a for a in offered if _same(a, action)]
        if not match:
            raise ValueError(self._why_not(action))
        old, self.message = self.message, ""
        self._stalled = False
        try:
            return self.session.apply(match[0])  # the session's change redraws the screen
        except IllegalAction:
            self.message = old
            raise

    def _why_not(self, action: dict) -> str:
        if self.handover_to is not None:
            return (f"the screen is being handed to {SIDE_WORD[self.handover_to]}: call ready() "
                    "first")
        if self.game.over:
            return f"the game is over: {self.game.prompt.text}"
        screen = self._screen_side()
        side = action.get("side")
        if side in SIDES and side != screen:
            return (f"that decision is not yours to take: it is for {SIDE_WORD[side]}, and "
                    f"the screen belongs to {SIDE_WORD.get(screen or 'all')}")
        try:
            self.game.clone().apply(action)
        except IllegalAction as exc:  # its words cite the rule and cap what they echo
            return f"that move is not allowed: {exc}"
        waiting = " and ".join(SIDE_WORD[s] for s in self._deciders())
        return f"that decision is not yours to take now (waiting for {waiting})"

    def play_bot_turns(self) -> int:
        """Let the computer take every decision that is its own, now; returns how many."""
        if self.mode != "bot":
            raise ValueError("there is no computer opponent in hot-seat mode")
        n = 0
        self._driving = True  # the change told at the end of the batch only redraws
        try:
            with self.session.batch():
                while self._bot_due():
                    if n >= MAX_BOT_RUN:
                        self._stalled = True
                        raise RuntimeError(f"the computer took {MAX_BOT_RUN} decisions in a "
                                           "row without handing back: stopped")
                    self._bot_move()
                    n += 1
                self._thinking = False
        finally:
            self._driving = False
        if not n:
            self._refresh()
        return n

    def ready(self) -> None:
        """The hand-over screen's button: the waiting player takes the screen (hot-seat)."""
        if self.handover_to is None:
            raise ValueError("no hand-over is waiting")
        self.viewer, self.handover_to = self.handover_to, None
        self.map.viewer = self.viewer
        self._refresh()

    def undo(self) -> None:
        """Take back the last decision of the player at the screen (against the computer, its
        answers since then too; in hot-seat also while the hand-over screen waits, before the
        other player has looked); never past a die roll or a reveal (docs/engine.md)."""
        side = self._screen_side()
        if side is None:
            raise ValueError("nothing to undo now: " + (
                "the game is over" if self.game.over else "the screen is being handed over"))
        trial = self.game.clone()
        while True:
            if not trial.history:
                raise ValueError("nothing to undo: no decision of yours since the start")
            last = trial.history[-1]
            if self.mode == "hotseat" and last.get("side") != side:
                raise ValueError(f"the last decision was {SIDE_WORD[last['side']]}'s: only "
                                 "your own can be taken back")
            try:
                trial.undo()
            except IllegalAction as exc:
                raise ValueError(f"cannot undo: {exc}") from exc
            if last.get("side") == side:
                break
        self._lapse()
        self.message = "Took back your last decision."
        self.session.undo(len(self.game.history) - len(trial.history))

    def _replace_game(self, game: Game) -> None:
        """Load another game (a save) into the session."""
        self._lapse()
        self.session.load(game)

    def _lapse(self) -> None:
        """Pending computer moves of the position being replaced lapse."""
        self._gen += 1
        self._thinking = self._stalled = False

    def open_replay(self) -> ReplayViewer:
        """Show the replay viewer under the board (a finished game's is seen by everyone)."""
        viewer = "all" if self.game.over else (self._screen_side() or "all")
        if self.handover_to is not None:
            raise ValueError("finish the hand-over before opening the replay")
        self.replay = ReplayViewer(self.game, viewer, show_seed=not self.seed_secret,
                                   labels=self.session.labels)
        self.replay_box.children = (self.replay,)
        if not self.replay_button.value:
            self.replay_button.value = True
        return self.replay

    # -- the computer ------------------------------------------------------------------------
    def _bot_due(self) -> bool:
        return (self.mode == "bot" and not self.game.over
                and bool(self._legal(self.bot_side)))

    def _bot_move(self) -> None:
        assert self.bot is not None and self.bot_side is not None
        action = self.bot.choose(self.game, self.bot_side)
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            raise RuntimeError(f"the computer ({self.bot_name}) chose a move the rules refuse: "
                               f"{exc}") from exc

    def _drive(self) -> None:
        """Let the computer answer: at once, or one move per ``bot_delay`` seconds when an
        event loop runs (Jupyter)."""
        if not self._bot_due():
            return
        loop = _running_loop()
        if self.bot_delay <= 0 or loop is None:
            self.attempt(self.play_bot_turns)
            return
        self._thinking = True
        self._refresh()
        loop.call_later(self.bot_delay, self._bot_tick, self._gen)

    def _bot_tick(self, gen: int) -> None:
        """One delayed computer move; the session's change draws it and drives the next."""
        if gen != self._gen:
            return
        try:
            self._bot_move()
        except (RuntimeError, ValueError) as exc:
            self._thinking = False
            self.message = f"⚠ {exc}"
            self._refresh()

    # -- keeping the screen up to date ---------------------------------------------------------
    def _after_change(self, _change: str = "") -> None:
        """Draw the screen once per change the session tells of (a choice, a move on the map,
        the computer's answers, an undo, a load). When the computer is to answer, its turn
        starts first, so the page never shows, for a moment, choices that are about to
        lapse."""
        if self._bot_due() and not (self._driving or self._stalled):
            self._drive()
        else:
            self._thinking = self._thinking and self._bot_due()
            self._refresh()

    def _refresh(self) -> None:
        self.renders += 1
        g = self.game
        if g.over:
            self.viewer, self.handover_to = "all", None
        elif self.mode == "hotseat":
            deciders = self._deciders()
            self.handover_to = (deciders[0] if deciders and self.viewer not in deciders
                                else None)
        curtain = self.handover_to is not None  # the board waits for the next player
        if self.map.curtain != curtain:  # (the map redraws itself when the game changes)
            self.map.viewer = self.viewer or self.map.viewer
            self.map.curtain = curtain  # refreshes the map
        elif self.viewer is not None and self.map.viewer != self.viewer:
            self.map.viewer = self.viewer
        self.chart.update(g)
        self._render_header()
        # shown on the hand-over screen too: a refused Load says why (a hand-over comes only
        # after a move, which clears the message, so nothing of the other side's turn shows)
        self.status.value = (f"<div class='hn-msg'>{esc(self.message)}</div>"
                             if self.message else "")
        if self.handover_to is not None:
            self._render_cover()
            self._mark()
            return
        self.body.children = (self.board,)
        view = g.view(self.viewer or "all")
        self._render_decision()
        self.hand_html.value = hand_html(g, view, self._screen_side())
        self.in_play_html.value = in_play_html(g, view)
        self.log_html.value = log_html(view)
        self._render_battle(view)
        self.undo_button.disabled = g.over or not g.history
        self._mark()

    def _mark(self) -> None:
        """Tell the page which position the choices on screen belong to: the choice box gets
        the classes ``hn-moves-N`` (moves played) and ``hn-settled`` (the computer is not
        thinking and no hand-over waits: these choices are final), set after the choices
        themselves, so the page and the browser tests wait on the page, never on Python."""
        box = self.choice_box
        classes = [c for c in box._dom_classes if not c.startswith("hn-moves-")
                   and c != "hn-settled"]
        classes.append(f"hn-moves-{len(self.game.history)}")
        if not self._thinking and self.handover_to is None:
            classes.append("hn-settled")
        if tuple(classes) != tuple(box._dom_classes):
            box._dom_classes = tuple(classes)

    def _render_header(self) -> None:
        if self.mode == "bot":
            who = (f"You: <b class='hn-{self.human}'>{SIDE_WORD[self.human]}</b> against the "
                   f"computer ({esc(self.bot_name)})")
        else:
            who = "Hot-seat: two players at one screen"
        self.header.value = header_html(self.game, who)

    def _render_cover(self) -> None:
        side = self.handover_to
        assert side is not None
        self.cover.children[0].value = cover_html(side)
        self.ready_button.description = f"I am {SIDE_WORD[side]}: show my side"
        self.body.children = (self.cover,)
        for box in (self.choice_box, self.battle_box):
            box.children = ()
        self._shown_choices = None
        self._battle_src = None
        for h in (self.hand_html, self.in_play_html, self.log_html, self.prompt_html):
            h.value = ""

    def _render_decision(self) -> None:
        g = self.game
        p = g.prompt
        rules = " ".join(f"§{r}" for r in p.rules)
        if g.over:
            result = next((e["text"] for e in reversed(g.log_for("all"))
                           if e["kind"] == "game_over"), p.text)
            self.prompt_html.value = (f"<div class='hn-over'><div class='hn-kicker'>Game over"
                                      f"</div><div class='hn-result'>{esc(result)}</div>"
                                      f"<div>Open <b>Replay</b> to step through it.</div></div>")
            self._set_choices([])
            return
        offered = self.choices
        if self._thinking:
            whose = f"{SIDE_WORD[self.bot_side]} (the computer) is thinking…"
        elif offered:
            whose = f"Your decision, {SIDE_WORD[self._screen_side() or 'all']}"
        else:
            waiting = " and ".join(SIDE_WORD[s] for s in self._deciders()) or "nobody"
            whose = f"Waiting for {waiting}"
        text = p.text if (offered or self.mode == "hotseat") else (
            "The other side is deciding; its choices are hidden.")
        self.prompt_html.value = (f"<div class='hn-kicker'>{esc(whose)}</div>"
                                  f"<div class='hn-prompt'>{esc(text)} "
                                  f"<span class='hn-rule'>{esc(rules)}</span></div>")
        self._set_choices(offered)

    def _set_choices(self, offered: list[dict]) -> None:
        if offered == self._shown_choices:
            return
        self._shown_choices = offered
        self.choice_box.children = choice_widgets(
            group_choices(self.game, offered),
            lambda action: self.attempt(self.choose, action), self._button_layout)

    def _render_battle(self, view: dict[str, Any]) -> None:
        """The battle the game is fighting, while it waits on the battle (``view["battle"]``)."""
        shown = view["battle"] if view["prompt"].get("kind") == "battle" else None
        if shown is None:
            if self._battle_src is not None:
                self.battle_box.children = ()
                self._battle_src = None
            return
        if shown == self._battle_src:
            return
        self._battle_src = shown
        board = EngineBattleView(self.game, view, self._battle_choice)
        frame = W.VBox([board])
        frame.add_class("hn-dash-battle")
        self.battle_box.children = (frame,)

    def _battle_choice(self, choice: str) -> None:
        found = [a for a in self.choices
                 if a["type"] == "battle_choice" and str(a.get("choice")) == choice]
        if not found:
            self.message = "⚠ That battle decision is not yours to take now."
            self._refresh()
            return
        self.attempt(self.choose, found[0])

    # -- browser callbacks -----------------------------------------------------------------------
    @property
    def thinking(self) -> bool:
        """True while the computer is choosing its answer."""
        return self._thinking

    def attempt(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(*args)`` as a button does: a refusal becomes the message on screen."""
        try:
            fn(*args)
        except (ValueError, TypeError, IllegalAction, RuntimeError) as exc:
            self.message = f"⚠ {exc}"
            self._refresh()

    def _toggle_replay(self, change: dict) -> None:
        if change["new"]:
            if self.replay is None or self.replay_box.children == ():
                self.attempt(self.open_replay)
                if self.replay is None:
                    self.replay_button.value = False
        else:
            self._close_replay()

    def _close_replay(self) -> None:
        self.replay = None
        self.replay_box.children = ()
        if self.replay_button.value:
            self.replay_button.value = False

    def __repr__(self) -> str:
        g, st = self.game, self.game.state
        who = (f"you {self.human} vs {self.bot_name} bot" if self.mode == "bot"
               else "hot-seat")
        screen = (f"hand-over to {self.handover_to}" if self.handover_to
                  else f"screen {self.viewer or 'nobody'}")
        p = g.prompt
        seed = "seed hidden" if self.seed_secret else f"seed={g.seed}"
        return (f"<Dashboard {st.scenario} {seed}, {who}: {SEASONS[st.season]} {st.year} "
                f"BC, prestige {st.prestige:+d}, {len(g.history)} moves; {screen}; waiting for "
                f"{p.side} ({p.kind})>")
