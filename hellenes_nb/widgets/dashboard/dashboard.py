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

import secrets
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from hellenes_nb.bots import Bot
from hellenes_nb.bots.levels import LEVEL_TEXT, LEVELS
from hellenes_nb.core.catalog import plugin_for
from hellenes_nb.core.echo import shown
from hellenes_nb.core.game import Game, new_game
from hellenes_nb.core.session import GameSession
from hellenes_nb.core.steps import IllegalAction, strip_label
from hellenes_nb.widgets.dashboard.choicepanel import ChoicePanel
from hellenes_nb.widgets.dashboard.choices import group_choices, panel_rows
from hellenes_nb.widgets.dashboard.handover import HandOver
from hellenes_nb.widgets.dashboard.opponent import ComputerOpponent, make_bot, seats_swapped
from hellenes_nb.widgets.dashboard.parts import GameScreen, screen_for, widget_class
from hellenes_nb.widgets.dashboard.replay import ReplayViewer
from hellenes_nb.widgets.dashboard.saves import SaveAndLoad
from hellenes_nb.widgets.dashboard.screen import SIZES, ScreenTools, build_screen
from hellenes_nb.widgets.dashboard.words import (
    close_all,
    esc,
    opponent_words,
    prompt_with_rules,
    side_words,
)

__all__ = ["Dashboard"]

MODES = ("bot", "hotseat")


def _same(a: dict, b: dict) -> bool:
    return strip_label(a) == strip_label(b)


class Dashboard(SaveAndLoad, ComputerOpponent, HandOver, W.VBox):
    """Play a scenario against the computer or hot-seat (module docstring; docs/dashboard.md)."""

    def __init__(self, scenario: str = "431", seed: int | None = None, mode: str = "bot",
                 human: str | None = None, bot: str | Bot | None = None, bot_delay: float = 0.0,
                 game: Game | None = None, size: str = "normal") -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be 'bot' (you against the computer) or 'hotseat' "
                             f"(two players at one screen), not {shown(mode)}")
        if not isinstance(bot_delay, int | float) or not 0 <= bot_delay <= 10:
            raise ValueError(f"bot_delay is seconds between the computer's moves, from 0 to "
                             f"10, not {bot_delay!r}")
        if size not in SIZES:
            raise ValueError(f"size must be 'normal' or 'classroom' (larger names and thicker "
                             f"borders, for a projector), not {size!r}")
        #: the player was never told the seed: a fresh random one (it would tell the computer's
        #: deal and every die to come), so it is shown nowhere and only saved sealed
        self.seed_secret = game is None and seed is None
        if game is None:
            game = new_game(str(scenario), secrets.randbits(63) if seed is None else seed)
        elif not isinstance(game, Game):
            raise TypeError(f"game must be a hellenes_nb Game, not {type(game).__name__}")
        #: the game's part of the screen: its board, its side titles, its panels' words
        self.screen: GameScreen = screen_for(game)
        self.sides: tuple[str, ...] = tuple(game.ruleset.roles)
        self.side_word = side_words(self.screen.side_word)
        human = self.sides[0] if human is None else human
        if human not in self.sides:
            raise ValueError(f"human must be one of the sides of {game.ruleset.title}: "
                             f"{' or '.join(map(repr, self.sides))}, not {shown(human)}")
        self.mode, self.human = mode, human
        self.bot_side = (next(s for s in self.sides if s != human) if mode == "bot"
                         else None)
        #: the seat the player took: a game's auction for sides may change seats
        #: (docs/dashboard.md); ``human`` is the side played now
        self._seat = (self._other(human) if mode == "bot" and seats_swapped(game) else human)
        self.bot, self.bot_name = (make_bot(bot, game.seed, game.ruleset) if mode == "bot"
                                   else (None, "none"))
        self.bot_delay = float(bot_delay)
        #: the game, shared with the map and the battle board; it tells of each change once
        self.session = GameSession(game)
        self.message = ""
        self.replay: ReplayViewer | None = None
        self.renders = 0  # times the panels were drawn: one per change
        self._grouped: tuple[Any, list[dict], list[dict]] = (None, [], [])
        self._legal_cache: tuple[Any, dict[str, list[dict]]] = (None, {})
        self._views: tuple[Any, dict[str, dict[str, Any]]] = (None, {})
        self.viewer: str | None = human if mode == "bot" else None
        self.handover_to: str | None = None
        self.session.observe(self._after_change)  # before the map: the panels lead
        self._build(size)
        self._after_change()

    @property
    def game(self) -> Game:
        """The game played (``session.game``: an undo or a load puts another one there)."""
        return self.session.game

    # -- construction ------------------------------------------------------------------------
    def board_widget(self) -> W.DOMWidget:
        """The game's board (its dashboard part's ``board``), playing through the session."""
        board = widget_class(self.screen.board)
        return board(session=self.session, viewer=self.viewer or self.sides[0],
                     curtain=self.mode == "hotseat")  # nobody has the screen yet

    def view_for(self, side: str) -> dict[str, Any]:
        """``game.view(side)``, built once per position and side: the panels and the board
        read the same one (one view a change)."""
        state, views = self._views
        if state is not self.game.state:
            state, views = self.game.state, {}
            self._views = (state, views)
        if side not in views:
            views[side] = self.game.view(side)
        return views[side]

    def _build(self, size: str) -> None:
        self.map = self.board_widget()
        self.map.views = self.view_for  # the board draws the view the panels read
        #: the game's chart over time (Hellenes: the prestige track), or None
        self.chart = (widget_class(self.screen.chart)(self.game, height="210px", title="")
                      if self.screen.chart else None)
        self.header = W.HTML()
        self.status = W.HTML()
        self.prompt_html = W.HTML()
        self.choice_panel = ChoicePanel(lambda action: self.attempt(self.choose, action),
                                        self._refused)
        self.hand_html = W.HTML()
        self.in_play_html = W.HTML()
        self.log_html = W.HTML()
        self.battle_box = W.VBox()
        #: the frame the one battle board stands in, shown in ``battle_box`` during a battle
        self.battle_frame = W.VBox()
        self.battle_frame.add_class("hn-dash-battle")
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
        self.level_picker = W.Dropdown(
            options=[(f"level: {lvl}", lvl) for lvl in LEVELS], value=self.level,
            tooltip="; ".join(f"{lvl}: {LEVEL_TEXT[lvl]}" for lvl in LEVELS),
            layout=W.Layout(width="160px", display="flex" if self.mode == "bot" else "none"))
        self.level_picker.observe(
            lambda ch: ch["new"] and self.attempt(lambda: self.set_level(ch["new"])),
            names="value")
        self.screen_tools = ScreenTools(size=size)
        self.ready_button = W.Button(button_style="primary",
                                     layout=W.Layout(width="auto", height="48px"))
        self.ready_button.add_class("hn-ready")
        self.cover = W.VBox([W.HTML(), self.ready_button])
        self.cover.add_class("hn-cover")
        self.replay_box = W.VBox()
        self.undo_button.on_click(lambda _b: self.attempt(self.undo))
        self.save_button.on_click(lambda _b: self.attempt(self.save))
        self.upload.observe(self._uploaded, names="value")
        self.replay_button.observe(self._toggle_replay, names="value")
        self.delay.observe(lambda ch: setattr(self, "bot_delay", float(ch["new"])), names="value")
        self.ready_button.on_click(lambda _b: self.attempt(self.ready))
        self.screen_tools.observe(self._size_changed, names="size")
        if self.map.has_trait("selected"):  # a place clicked on the board narrows the panel
            self.map.observe(self._picked_changed, names="selected")
        for b in (self.undo_button, self.save_button, self.replay_button):
            b.layout = W.Layout(width="auto")
        toolbar = W.HBox([self.undo_button, self.save_button, self.download, self.upload,
                          self.replay_button, self.level_picker, self.delay,
                          self.screen_tools])
        toolbar.add_class("hn-toolbar")
        self.decision = W.VBox([self.prompt_html, self.choice_panel])
        self.decision.add_class("hn-card")
        self.decision.add_class("hn-decision")
        screen = build_screen(
            header=self.header, toolbar=toolbar, status=self.status, board_view=self.map,
            battle_box=self.battle_box, chart=self.chart and self.chart.figure,
            chart_title=self.screen.chart_title, log=self.log_html, decision=self.decision,
            hand=self.hand_html, in_play=self.in_play_html,
            in_play_title=self.screen.in_play_title, replay_box=self.replay_box)
        self.body, self.board = screen.body, screen.board
        self.body.children = (self.cover, self.board)
        self.cover.layout.display = "none"
        super().__init__(screen.children)
        self.add_class("hn-dash")
        self._size_changed({"new": size})

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
            return [s for s in self.sides if self._legal(s)]
        return [p.side] if p.side in self.sides else []

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
            return (f"the screen is being handed to {self.side_word[self.handover_to]}: call "
                    "ready() first")
        if self.game.over:
            return f"the game is over: {self.game.prompt.text}"
        screen = self._screen_side()
        side = action.get("side")
        if side in self.sides and side != screen:
            return (f"that decision is not yours to take: it is for {self.side_word[side]}, "
                    f"and the screen belongs to {self.side_word.get(screen or 'all')}")
        try:
            self.game.clone().apply(action)
        except IllegalAction as exc:  # its words cite the rule and cap what they echo
            return f"that move is not allowed: {exc}"
        waiting = " and ".join(self.side_word[s] for s in self._deciders())
        return f"that decision is not yours to take now (waiting for {waiting})"

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
                raise ValueError(f"the last decision was {self.side_word[last['side']]}'s: "
                                 "only your own can be taken back")
            try:
                trial.undo()
            except IllegalAction as exc:
                raise ValueError(f"cannot undo: {exc}") from exc
            mine = self.player_side(trial) if self.mode == "bot" else side  # seats then
            if last.get("side") == mine:
                break
        self._lapse()
        self.message = "Took back your last decision."
        if mine != side:  # an auction for sides had changed seats since (opponent.py)
            label = (self.session.labels + [None] * len(trial.history))[len(trial.history)]
            self.message = (f"Took back your last decision{f' ({label})' if label else ''}. "
                            f"The seats are as before it: you play {self.side_word[mine]} "
                            "again.")
        self.session.undo(len(self.game.history) - len(trial.history))

    def _replace_game(self, game: Game) -> None:
        """Load another game (a save) into the session."""
        self._lapse()
        self.session.load(game)

    def open_replay(self) -> ReplayViewer:
        """Show the replay viewer under the board (a finished game's is seen by everyone)."""
        viewer = "all" if self.game.over else (self._screen_side() or "all")
        if self.handover_to is not None:
            raise ValueError("finish the hand-over before opening the replay")
        close_all(self.replay)
        self.replay = ReplayViewer(self.game, viewer, show_seed=not self.seed_secret,
                                   labels=self.session.labels)
        self.replay.map.size = self.screen_tools.size
        self.replay_box.children = (self.replay,)
        if not self.replay_button.value:
            self.replay_button.value = True
        return self.replay

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
        if self.chart is not None:
            self.chart.update(g)
        self._render_header()
        self.forget_stale_save()
        # shown on the hand-over screen too: a refused Load says why (a hand-over comes only
        # after a move, which clears the message, so nothing of the other side's turn shows)
        self.status.value = (f"<div class='hn-msg'>{esc(self.message)}</div>"
                             if self.message else "")
        if self.handover_to is not None:
            self._render_cover()
            return
        self._cover_shown(False)
        view = self.view_for(self.viewer or "all")
        self.hand_html.value = self.screen.hand_html(g, view, self._screen_side())
        self.in_play_html.value = self.screen.in_play_html(g, view)
        self.log_html.value = self.screen.log_html(view)
        self._render_battle(view)
        self.undo_button.disabled = g.over or not g.history
        self._render_decision()  # last: the panel tells the page which position is shown

    def _render_header(self) -> None:
        if self.mode == "bot":
            who = opponent_words(f"<b class='hn-{self.human}'>{self.side_word[self.human]}</b>",
                                 self.level, self.bot_name)
        else:
            who = "Hot-seat: two players at one screen"
        self.header.value = self.screen.header_html(self.game, who)

    def _render_decision(self) -> None:
        g = self.game
        p = g.prompt
        if g.over:
            result = next((e["text"] for e in reversed(g.log_for("all"))
                           if e["kind"] == "game_over"), p.text)
            self.prompt_html.value = (f"<div class='hn-over'><div class='hn-kicker'>Game over"
                                      f"</div><div class='hn-result'>{esc(result)}</div>"
                                      f"<div>Open <b>Replay</b> to step through it.</div></div>")
            self._show_choices([])
            return
        offered = self.choices
        if self._thinking:
            whose = f"{self.side_word[self.bot_side]} (the computer) is thinking…"
        elif offered:
            whose = f"Your decision, {self.side_word[self._screen_side() or 'all']}"
        else:
            waiting = " and ".join(self.side_word[s] for s in self._deciders()) or "nobody"
            whose = f"Waiting for {waiting}"
        text = p.text if (offered or self.mode == "hotseat") else (
            "The other side is deciding; its choices are hidden.")
        self.prompt_html.value = (f"<div class='hn-kicker'>{esc(whose)}</div>"
                                  f"<div class='hn-prompt'>{prompt_with_rules(text, p.rules)}"
                                  f"</div>")
        self._show_choices(offered)

    def _show_choices(self, offered: list[dict]) -> None:
        """The decision panel for ``offered``, marked with the position it belongs to; the
        choices are grouped once per position."""
        place = self.picked
        key = self._grouped[0]
        if key is None or key[0] is not offered or key[1] != place:
            # a place picked on the board: its choices only (all when none is about it)
            here = self.screen.about_place  # the game's own reading, else the place named
            shown_here = ((here(self.game, offered, place) if here else
                           [a for a in offered if place in a.values()]) if place else [])
            grouping = self.screen.group_choices or group_choices
            rows = shown_here or offered
            groups, actions = panel_rows(grouping(self.game, rows)) if rows else ([], [])
            self._grouped = ((offered, place), groups, actions)
        _offered, groups, actions = self._grouped
        settled = not self._thinking and self.handover_to is None
        self.choice_panel.show(groups, actions, len(self.game.history), settled, self.renders)

    @property
    def picked(self) -> str:
        """The place picked on the board (a board with a ``selected`` trait: a city clicked),
        whose choices the decision panel shows first; "" when none."""
        return str(getattr(self.map, "selected", "") or "")

    def _picked_changed(self, _change: dict) -> None:
        """A place picked on the board: the decision panel draws anew (not under a hand-over,
        whose screen shows no choice)."""
        if self.handover_to is None:
            self.renders += 1  # the page redraws the panel once per render
            self._render_decision()

    def _size_changed(self, change: dict) -> None:
        """The classroom size (or back): the map, the battle board and the replay's map
        follow."""
        for board in (self.map, self._battle_view, self.replay and self.replay.map):
            if board is not None:
                board.size = change["new"]

    # -- browser callbacks -----------------------------------------------------------------------
    def attempt(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(*args)`` as a button does: a refusal becomes the message on screen."""
        try:
            fn(*args)
        except (ValueError, TypeError, IllegalAction, RuntimeError) as exc:
            self._refused(str(exc))

    def _refused(self, message: str) -> None:
        self.message = f"⚠ {message}"
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
        close_all(self.replay)
        self.replay = None
        self.replay_box.children = ()
        if self.replay_button.value:
            self.replay_button.value = False

    def __repr__(self) -> str:
        g = self.game
        heading = plugin_for(g.ruleset).replay_heading
        where = heading(g, "all").replace(" · ", ", ") + ", " if heading else ""
        who = (f"you {self.human} vs {self.bot_name} bot" if self.mode == "bot"
               else "hot-seat")
        screen = (f"hand-over to {self.handover_to}" if self.handover_to
                  else f"screen {self.viewer or 'nobody'}")
        p = g.prompt
        seed = "seed hidden" if self.seed_secret else f"seed={g.seed}"
        return (f"<Dashboard {g.state.scenario} {seed}, {who}: {where}{len(g.history)} moves; "
                f"{screen}; waiting for {p.side} ({p.kind})>")
