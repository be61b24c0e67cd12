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
``Dashboard.load`` and ``open_replay``.
"""

from __future__ import annotations

import asyncio
import base64
import html
import secrets
from collections.abc import Callable
from typing import Any

import ipywidgets as W
import traitlets

from hellenes_nb import bots
from hellenes_nb.bots import Bot
from hellenes_nb.core.dice import Dice
from hellenes_nb.core.game import Game
from hellenes_nb.core.savefiles import Loaded, read_save, sealed_save
from hellenes_nb.core.steps import IllegalAction, strip_label
from hellenes_nb.games.hellenes.index import SEASONS
from hellenes_nb.games.hellenes.rules.battle.fighters import battle_object
from hellenes_nb.games.registry import new_game
from hellenes_nb.widgets.battle import BattleWidget
from hellenes_nb.widgets.map import MapWidget
from hellenes_nb.widgets.prestige_chart import PrestigeChart

__all__ = ["Dashboard", "ReplayViewer", "group_choices", "validated_game"]

MODES = ("bot", "hotseat")
SIDES = ("athens", "sparta")
SIDE_WORD = {"athens": "Athens", "sparta": "Sparta", "both": "both sides", "all": "everyone"}
#: the most decisions the computer takes in one go (a guard against a bot that never stops)
MAX_BOT_RUN = 5000
#: log lines shown, newest first
LOG_LINES = 120
#: a row with more options than this becomes a drop-down list and a button
ROW_BUTTONS = 8

#: decision panel groups: heading, rule section, action types (in display order)
GROUPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("Cards", "3.0", ("play_card",)),
    ("Appeal to the Olympians", "11.0", ("appeal", "appeal_zeus", "no_appeal")),
    ("Peace and war", "12.0", ("peace_offer", "declare_war")),
    ("Event", "3.1", ("event_choice", "keep_taxes", "remove_taxes")),
    ("Actions", "4.0", ("move_group", "muster", "build", "recruit", "garrison", "pillage")),
    ("Place the recruit", "4.22", ("place_recruit",)),
    ("Moves", "5.0", ("move", "winter_move", "board", "withdraw")),
    ("Forced march", "5.3", ("forced_march",)),
    ("Battle", "6.0", ("battle_order", "formation", "join", "no_join", "fortify",
                       "battle_choice", "retreat")),
    ("Siege", "7.0", ("siege", "capitulate", "attrition_hit", "sortie")),
    ("Winter", "9.2", ("maintain", "disband")),
)
#: actions listed one row per type (title, the label's opening words the row title makes redundant)
TYPE_ROWS: dict[str, tuple[str, str]] = {
    "move_group": ("Activate a group (§4.1)", "Activate the group in "),
    "muster": ("Muster into a friendly city (§4.1)", "Muster units into "),
    "build": ("Build up a unit (§4.21)", "Build "),
    "recruit": ("Recruit (§4.22)", ""),
    "garrison": ("Detach a garrison (§4.23)", "Build a garrison in "),
    "pillage": ("Pillage (§4.3)", ""),
}
#: choices that close a phase or a step: drawn apart, at the end of the panel
FINISH = frozenset({"end_actions", "end_group", "end_winter_actions", "sortie_done",
                    "fortify_done", "end_board"})


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


def _esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _same(a: dict, b: dict) -> bool:
    return strip_label(a) == strip_label(b)


# -- saved games ---------------------------------------------------------------------------------
def validated_game(text: str | bytes) -> Game:
    """A game rebuilt from a save (open, or sealed by this installation), or ValueError saying
    in plain words why the file is refused (``hellenes_nb.core.savefiles.read_save``).

    Only JSON is read (nothing is executed), within limits; every entry is checked, and the
    list of moves, replayed from the scenario and seed, must be legal and reach exactly the
    position stored in the file. The replayed game (with its undo history) is returned.
    """
    return read_save(text).game


# -- the decision panel ----------------------------------------------------------------------------
def _short(action: dict, row: str) -> str:
    """The action's label without the row title it repeats (a card's or a unit's name)."""
    label = action.get("label") or action["type"].replace("_", " ")
    prefix = TYPE_ROWS.get(action["type"], ("", ""))[1]
    if prefix and label.startswith(prefix):
        rest = label[len(prefix):]
        return rest[:1].upper() + rest[1:]
    if action["type"] == "play_card":
        if action.get("use") == "sacrifice":
            return str(action.get("god", "")).title()
        return "Play for its event" if action.get("use") == "event" else "Play for actions"
    if row and row in label:
        short = " ".join(label.replace(row, "").split()).strip(" :,")
        return short[:1].upper() + short[1:] if short else label
    return label


def _row_title(game: Game, action: dict) -> str:
    """Rows gather a card's uses, one kind of action, or one unit's choices."""
    ix = game.state.ix
    if action["type"] in TYPE_ROWS:
        return TYPE_ROWS[action["type"]][0]
    if action["type"] == "play_card":
        card = ix.world.cards[action["card"]]
        value = f"{card.actions} action" + ("" if card.actions == 1 else "s")
        return f"#{card.number} {card.title} · {value}"
    unit = action.get("unit")
    if isinstance(unit, str):
        try:
            return ix.describe(ix.unit(unit))
        except KeyError:
            return ""
    return ""


def group_choices(game: Game, actions: list[dict]) -> list[dict[str, Any]]:
    """The actions arranged for people: groups (heading, rule) of rows (a card, a unit, or
    none) holding ``options`` and, for a card, ``chips``: the Olympians it may be sacrificed
    to (§10.3), each ``(short label, action)``. Phase-ending choices come last as "Finish"."""
    by_type: dict[str, list[dict]] = {}
    for a in actions:
        by_type.setdefault(a["type"], []).append(a)
    known = {t for _h, _r, ts in GROUPS for t in ts}
    groups: list[dict[str, Any]] = []

    def add(heading: str, rule: str, acts: list[dict]) -> None:
        rows: dict[str, list[dict]] = {}
        for a in acts:
            rows.setdefault(_row_title(game, a), []).append(a)
        out = []
        for title, items in rows.items():
            keep = title if (len(items) > 1 or items[0]["type"] == "play_card"
                             or items[0]["type"] in TYPE_ROWS) else ""
            chips = [a for a in items if a.get("use") == "sacrifice"]
            out.append({"title": keep,
                        "options": [(_short(a, keep), a) for a in items if a not in chips],
                        "chips": [(_short(a, keep), a) for a in chips]})
        groups.append({"heading": heading, "rule": rule, "rows": out})

    for heading, rule, types in GROUPS:
        acts = [a for t in types if t not in FINISH for a in by_type.get(t, [])]
        if acts:
            add(heading, rule, acts)
    other = [a for t, acts in by_type.items() if t not in known and t not in FINISH
             for a in acts]
    if other:
        add("Other choices", game.prompt.rules[0] if game.prompt.rules else "", other)
    finish = [a for t in sorted(FINISH) for a in by_type.get(t, [])]
    if finish:
        groups.append({"heading": "Finish", "rule": "",
                       "rows": [{"title": "", "options": [(a["label"], a) for a in finish],
                                 "chips": []}]})
    return groups


# -- the battle board ------------------------------------------------------------------------------
_BATTLE_CSS = str(BattleWidget._css) + (
    "\n.hn-dash-battle .hb-controls, .hn-dash-battle .hb-tray.empty { display: none; }\n")


class EngineBattleView(BattleWidget):
    """The battle widget following a battle of the game: the engine rolls the dice, so the
    board's own stepping controls are hidden and its decision buttons go to ``on_choice``."""

    _css = _BATTLE_CSS

    def __init__(self, game: Game, frame: dict, on_choice: Callable[[str], Any]) -> None:
        battle = battle_object(game.state.clone(), frame)
        # The board never rolls (the engine does), so it keeps no copy of the game's dice:
        # their forced faces would otherwise be synced to the browser as ``forced``.
        battle.dice = Dice(0)
        ix = game.state.ix
        names = {}
        for f in battle.fighters:
            if not f.key.startswith("garrison:"):
                names[f.key] = ix.describe(ix.unit(f.key))
        self._on_choice = on_choice
        place = ix.place_name[frame["place"]]
        super().__init__(battle, names=names, title=f"Battle in {place}")
        if self._attacks:
            self.last_attack = self._attack_view()  # the dice of the attack just thrown

    @traitlets.observe("request")
    def _on_request(self, change: dict[str, Any]) -> None:
        req = change["new"] or {}
        if req.get("action") == "choose":
            self._on_choice(str(req.get("choice")))
        else:
            self.error = ("In a game the engine rolls the dice: answer the decision in the "
                          "panel (§6.2).")
            self.seq += 1


# -- the replay viewer -----------------------------------------------------------------------------
class ReplayViewer(W.VBox):
    """Step through a game's history (slider, previous, next) on a read-only map.

    Positions are rebuilt from (scenario, seed, moves) exactly as :meth:`Game.replay` does,
    keeping a copy every ``CHECKPOINT`` moves so any position is a few moves away.
    """

    CHECKPOINT = 25

    def __init__(self, game: Game, viewer: str = "all", *, show_seed: bool = True) -> None:
        self.scenario, self.seed = game.state.scenario, game.seed
        self.show_seed = show_seed
        self.moves = list(game.history)
        self.viewer = viewer
        start = Game.replay(self.scenario, self.seed, [])
        self._checkpoints: dict[int, Game] = {0: start.clone()}
        self._log_len = [len(start.log)]
        g = start
        for i, a in enumerate(self.moves, 1):
            g.apply(a)
            self._log_len.append(len(g.log))
            if i % self.CHECKPOINT == 0:
                self._checkpoints[i] = g.clone()
        self.map = MapWidget(start.clone(), viewer=viewer)
        self.map.playable = False
        n = len(self.moves)
        self.slider = W.IntSlider(value=n, min=0, max=n, description="Move",
                                  continuous_update=False, layout=W.Layout(width="60%"))
        self.prev_button = W.Button(description="◀ Previous", tooltip="One move back")
        self.next_button = W.Button(description="Next ▶", tooltip="One move on")
        self.caption = W.HTML()
        self.prev_button.on_click(lambda _b: self.prev())
        self.next_button.on_click(lambda _b: self.next())
        self.slider.observe(lambda ch: self.show(ch["new"]), names="value")
        bar = W.HBox([self.prev_button, self.slider, self.next_button],
                     layout=W.Layout(align_items="center"))
        super().__init__([W.HTML("<h3 class='hn-h'>Replay</h3>"), bar, self.caption, self.map])
        self.add_class("hn-replay")
        self.show(n)

    @property
    def position(self) -> int:
        """How many moves of the history are played in the position shown."""
        return self.slider.value

    def game_at(self, k: int) -> Game:
        """A fresh copy of the game after its first ``k`` moves."""
        if not isinstance(k, int) or not 0 <= k <= len(self.moves):
            raise ValueError(f"a replay position is a whole number from 0 to "
                             f"{len(self.moves)}, not {k!r}")
        base = (k // self.CHECKPOINT) * self.CHECKPOINT
        g = self._checkpoints[base].clone()
        for a in self.moves[base:k]:
            g.apply(a)
        return g

    def show(self, k: int) -> None:
        """Show the position after ``k`` moves."""
        g = self.game_at(k)
        self.map.game = g
        self.map.playable = False
        if self.slider.value != k:
            self.slider.value = k
        st = g.state
        head = (f"<b>Move {k} of {len(self.moves)}</b> · {SEASONS[st.season]} {st.year} BC · "
                f"prestige {st.prestige:+d}")
        lines = []
        if k:
            action = self.moves[k - 1]
            side = action.get("side", "")
            lines.append(f"<div class='hn-rp-act'>{_esc(SIDE_WORD.get(side, side))}: "
                         f"{_esc(self._label(k))}</div>")
            log = g.log_for(self.viewer, self._log_len[k - 1])
            lines += [f"<div class='hn-rp-ev'><span class='hn-rule'>§{_esc(e['rule'])}</span> "
                      f"{_esc(e['text'])}</div>" for e in log]
        self.caption.value = f"<div class='hn-rp'>{head}{''.join(lines)}</div>"
        self.prev_button.disabled = k == 0
        self.next_button.disabled = k == len(self.moves)

    def _label(self, k: int) -> str:
        """The move's label, unless it belongs to a side whose secrets the viewer may not see."""
        action = self.moves[k - 1]
        side = action.get("side")
        if self.viewer != "all" and side != self.viewer:
            return "a decision (its details are hidden from you; see the log below)"
        before = self.game_at(k - 1)
        for a in before.legal_actions(side):
            if _same(a, action):
                return a.get("label", a["type"])
        return action["type"].replace("_", " ")

    def next(self) -> None:
        """One move on."""
        if self.position < len(self.moves):
            self.show(self.position + 1)

    def prev(self) -> None:
        """One move back."""
        if self.position > 0:
            self.show(self.position - 1)

    def __repr__(self) -> str:
        seed = f"seed={self.seed}" if self.show_seed else "seed hidden"
        return (f"<ReplayViewer {self.scenario} {seed}: move {self.position} of "
                f"{len(self.moves)}; viewer {self.viewer}>")


# -- the dashboard ---------------------------------------------------------------------------------
class Dashboard(W.VBox):
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
        self.game = game
        self.message = ""
        self.replay: ReplayViewer | None = None
        self._gen = 0
        self._thinking = False
        self._seen = -1
        self._shown_choices: list[dict] | None = None
        self._battle_src: dict | None = None
        self._legal_cache: tuple[Any, dict[str, list[dict]]] = (None, {})
        self._button_layout = W.Layout(width="auto", max_width="100%", height="auto")
        self.viewer: str | None = human if mode == "bot" else None
        self.handover_to: str | None = None
        self._build()
        self._after_change()

    # -- construction ------------------------------------------------------------------------
    def _build(self) -> None:
        self.map = MapWidget(self.game, viewer=self.viewer or "athens",
                             curtain=self.mode == "hotseat")  # nobody has the screen yet
        self.map.observe(self._map_changed, names="board")
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
        self.undo_button.on_click(lambda _b: self._guard(self.undo))
        self.save_button.on_click(lambda _b: self._guard(self.save))
        self.upload.observe(self._uploaded, names="value")
        self.replay_button.observe(self._toggle_replay, names="value")
        self.delay.observe(lambda ch: setattr(self, "bot_delay", float(ch["new"])), names="value")
        self.ready_button.on_click(lambda _b: self._guard(self.ready))
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
        super().__init__([W.HTML(_STYLE), self.header, toolbar, self.status, self.body,
                          self.replay_box])
        self.add_class("hn-dash")

    @staticmethod
    def _section(title: str, content: W.Widget) -> W.VBox:
        box = W.VBox([W.HTML(f"<h4 class='hn-h'>{_esc(title)}</h4>"), content])
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
        events = self.game.apply(match[0])
        self.message = ""
        self._after_change()
        return events

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
        while self._bot_due():
            if n >= MAX_BOT_RUN:
                raise RuntimeError(f"the computer took {MAX_BOT_RUN} decisions in a row "
                                   "without handing back: stopped")
            self._bot_move()
            n += 1
        self._thinking = False
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
        self._replace_game(trial)
        self.message = "Took back your last decision."
        self._after_change()

    def save(self) -> str:
        """The game as a save file's JSON text, also offered as a download link. Against the
        computer the save is sealed: readable only as far as you may see, the rest openable
        only by this installation (``saves.files.sealed_save``); a hot-seat save is open
        (``Game.to_json``). See docs/dashboard.md, "What a save reveals"."""
        if self.mode == "bot":
            text = sealed_save(self.game, self.human, self.bot_name,
                               seed_secret=self.seed_secret)
        else:
            text = self.game.to_json()
        st = self.game.state
        name = f"hellenes-{st.scenario}-{st.year}-{SEASONS[st.season].lower().replace(' ', '')}"
        data = base64.b64encode(text.encode()).decode()
        self.download.value = (f"<a class='hn-download' download='{name}.json' "
                               f"href='data:application/json;base64,{data}'>⬇ {name}.json</a>")
        return text

    @classmethod
    def load(cls, text: str | bytes, **options: Any) -> Dashboard:
        """A new dashboard for a saved game (ValueError in plain words if the file is refused);
        ``options`` are the constructor's ``mode``, ``human``, ``bot``, ``bot_delay``. A sealed
        save goes on against the computer, with you on the side you played (and the same bot,
        unless ``bot`` names another)."""
        loaded = read_save(text)
        if loaded.sealed:
            options.setdefault("mode", "bot")
            options.setdefault("human", loaded.human)
            if loaded.bot in bots.BOTS:
                options.setdefault("bot", loaded.bot)
            _check_sealed_fits(loaded, options["mode"], options["human"])
        dash = cls(game=loaded.game, **options)
        dash.seed_secret = loaded.seed_secret
        return dash

    def restore(self, text: str | bytes) -> None:
        """Replace this dashboard's game by a saved one; a refused file changes nothing. A
        sealed save opens only in a game against the computer with you on the same side."""
        loaded = read_save(text)
        if loaded.sealed:
            _check_sealed_fits(loaded, self.mode, self.human)
        game = loaded.game
        self.seed_secret = loaded.seed_secret
        self._replace_game(game)
        if self.mode == "hotseat":
            self.viewer, self.handover_to = None, None
        self._close_replay()
        self.message = (f"Loaded the {game.state.scenario} game: {SEASONS[game.state.season]} "
                        f"{game.state.year} BC, {len(game.history)} moves.")
        self._after_change()

    def _replace_game(self, game: Game) -> None:
        """Swap in another game (undo, load): pending computer moves of the old one lapse."""
        self.game = game
        self._gen += 1
        self._thinking = False
        self._seen = len(game.history)
        self.map.game = game

    def open_replay(self) -> ReplayViewer:
        """Show the replay viewer under the board (a finished game's is seen by everyone)."""
        viewer = "all" if self.game.over else (self._screen_side() or "all")
        if self.handover_to is not None:
            raise ValueError("finish the hand-over before opening the replay")
        self.replay = ReplayViewer(self.game, viewer, show_seed=not self.seed_secret)
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
            self.game.apply(action)
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
            self._guard(self.play_bot_turns)
            return
        self._thinking = True
        self._refresh()
        loop.call_later(self.bot_delay, self._bot_tick, self._gen)

    def _bot_tick(self, gen: int) -> None:
        if gen != self._gen:
            return
        try:
            self._bot_move()
        except (RuntimeError, ValueError) as exc:
            self._thinking = False
            self.message = f"⚠ {exc}"
            self._refresh()
            return
        self._thinking = self._bot_due()
        self._refresh()
        if self._thinking:
            self._drive()

    # -- keeping the screen up to date ---------------------------------------------------------
    def _after_change(self) -> None:
        """Draw the screen once per change. When the computer is to answer, its turn starts
        first, so the page never shows, for a moment, choices that are about to lapse."""
        if self._bot_due():
            self._drive()
        else:
            self._refresh()

    def _map_changed(self, _change: dict) -> None:
        """A move played by clicking on the map: bring the panels up to date."""
        if len(self.game.history) != self._seen:
            self._after_change()

    def _refresh(self) -> None:
        g = self.game
        self._seen = len(g.history)
        if g.over:
            self.viewer, self.handover_to = "all", None
        elif self.mode == "hotseat":
            deciders = self._deciders()
            self.handover_to = (deciders[0] if deciders and self.viewer not in deciders
                                else None)
        curtain = self.handover_to is not None  # the board waits for the next player
        if self.map.curtain != curtain:
            self.map.viewer = self.viewer or self.map.viewer
            self.map.curtain = curtain  # refreshes the map
        elif self.viewer is not None and self.map.viewer != self.viewer:
            self.map.viewer = self.viewer
        else:
            self.map.refresh()
        self._seen = len(g.history)
        self.chart.update(g)
        self._render_header()
        # shown on the hand-over screen too: a refused Load says why (a hand-over comes only
        # after a move, which clears the message, so nothing of the other side's turn shows)
        self.status.value = (f"<div class='hn-msg'>{_esc(self.message)}</div>"
                             if self.message else "")
        if self.handover_to is not None:
            self._render_cover()
            self._mark()
            return
        self.body.children = (self.board,)
        view = g.view(self.viewer or "all")
        self._render_decision()
        self._render_hand(view)
        self._render_in_play(view)
        self._render_log(view)
        self._render_battle()
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
        g, st = self.game, self.game.state
        sc = st.ix.world.scenarios[st.scenario]
        if self.mode == "bot":
            who = (f"You: <b class='hn-{self.human}'>{SIDE_WORD[self.human]}</b> against the "
                   f"computer ({_esc(self.bot_name)})")
        else:
            who = "Hot-seat: two players at one screen"
        lead = ("level" if st.prestige == 0 else
                f"{'Athens' if st.prestige > 0 else 'Sparta'} leads by {abs(st.prestige)}")
        self.header.value = (
            f"<div class='hn-head'><div><span class='hn-title'>Hellenes</span> "
            f"<span class='hn-sub'>{_esc(sc.name)}</span></div>"
            f"<div class='hn-date'>{SEASONS[st.season]} {st.year} BC</div>"
            f"<div class='hn-pres'>Prestige {st.prestige:+d} · {lead} (§14.1)</div>"
            f"<div class='hn-who'>{who} · {len(g.history)} moves</div></div>")

    def _render_cover(self) -> None:
        side = self.handover_to
        assert side is not None
        self.cover.children[0].value = (
            f"<div class='hn-cover-text'><div class='hn-cover-big hn-{side}'>Pass to "
            f"{SIDE_WORD[side]}</div><p>The board, the hand and the log are hidden until "
            f"{SIDE_WORD[side]}'s player takes the screen (§2.0: blocks stand upright, facing "
            f"their owner).</p></div>")
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
                                      f"</div><div class='hn-result'>{_esc(result)}</div>"
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
        self.prompt_html.value = (f"<div class='hn-kicker'>{_esc(whose)}</div>"
                                  f"<div class='hn-prompt'>{_esc(text)} "
                                  f"<span class='hn-rule'>{_esc(rules)}</span></div>")
        self._set_choices(offered)

    def _set_choices(self, offered: list[dict]) -> None:
        if offered == self._shown_choices:
            return
        self._shown_choices = offered
        boxes: list[W.Widget] = []
        for group in group_choices(self.game, offered):
            rule = f" <span class='hn-rule'>§{group['rule']}</span>" if group["rule"] else ""
            boxes.append(W.HTML(f"<div class='hn-group'>{_esc(group['heading'])}{rule}</div>"))
            if any(a["type"] in ("move_group", "move") for r in group["rows"]
                   for _l, a in r["options"]):
                boxes.append(W.HTML("<div class='hn-muted'>Or on the map: click one of your "
                                    "areas or blocks, then a lit destination.</div>"))
            for row in group["rows"]:
                boxes.append(self._row(row, finish=group["heading"] == "Finish"))
        self.choice_box.children = tuple(boxes)

    def _row(self, row: dict[str, Any], finish: bool) -> W.Widget:
        items: list[W.Widget] = []
        if row["title"]:
            items.append(W.HTML(f"<div class='hn-row-title'>{_esc(row['title'])}</div>"))
        options = row["options"]
        if len(options) > ROW_BUTTONS:
            pickbox = W.Dropdown(options=[(label, i) for i, (label, _a) in enumerate(options)],
                                 layout=W.Layout(width="auto", flex="1 1 auto"))
            go = W.Button(description="Go", button_style="info",
                          tooltip="Play the selected choice", layout=W.Layout(width="60px"))
            go.on_click(lambda _b: self._guard(self.choose, options[pickbox.value][1]))
            items.append(W.HBox([pickbox, go], layout=W.Layout(width="100%")))
        elif options:
            items.append(self._buttons(options, "hn-finish" if finish else ""))
        if row["chips"]:
            chips = self._buttons(row["chips"], "hn-chip")
            chips.children = (W.HTML("<span class='hn-chip-label'>Sacrifice to (§10.3):"
                                     "</span>"), *chips.children)
            items.append(chips)
        box = W.VBox(items)
        box.add_class("hn-row")
        return box

    def _buttons(self, options: list[tuple[str, dict]], extra: str) -> W.HBox:
        buttons = []
        for label, action in options:
            b = W.Button(description=label, tooltip=action.get("label", label),
                         layout=self._button_layout)
            b.add_class("hn-choice")
            if extra:
                b.add_class(extra)
            b.on_click(lambda _b, a=action: self._guard(self.choose, a))
            buttons.append(b)
        return W.HBox(buttons, layout=W.Layout(flex_flow="row wrap", align_items="center"))

    def _card_html(self, n: int, owner: str | None = None) -> str:
        card = self.game.state.ix.world.cards[n]
        who = {"athens": "Athenian event", "sparta": "Spartan event"}.get(card.side,
                                                                          "event for either side")
        tags = [who] + (["continuing"] if card.continuing else [])
        if card.leader_value is not None:
            tags.append(f"leader +{card.leader_value}")
        own = f" hn-own-{owner}" if owner else ""
        return (f"<div class='hn-cardtile hn-{_esc(card.border)}{own}' title='{_esc(card.text)}'>"
                f"<div class='hn-ct-top'><span class='hn-ct-num'>#{n}</span>"
                f"<span class='hn-ct-title'>{_esc(card.title)}</span>"
                f"<span class='hn-ct-av' title='action value (§3.2)'>{card.actions}</span></div>"
                f"<div class='hn-ct-text'>{_esc(card.text)}</div>"
                f"<div class='hn-ct-tags'>{_esc(' · '.join(tags))}</div></div>")

    def _render_hand(self, view: dict) -> None:
        side = self._screen_side()
        if side is None:
            self.hand_html.value = "<div class='hn-muted'>The game is over.</div>"
            return
        cards = view["hands"][side]
        other = SIDES[1 - SIDES.index(side)]
        theirs = view["hands"][other]
        count = theirs["count"] if isinstance(theirs, dict) else len(theirs)
        played = view["played"].get(side)
        note = (f"<div class='hn-muted'>{SIDE_WORD[other]} holds {count} card(s), face down; "
                f"{view['deck']['count']} left in the deck (§3.0).</div>")
        if played and "card" in played:
            note += (f"<div class='hn-muted'>Committed this season: card {played['card']} "
                     f"({_esc(played.get('use', ''))}).</div>")
        tiles = "".join(self._card_html(n) for n in cards) or (
            "<div class='hn-muted'>No cards in hand.</div>")
        self.hand_html.value = f"<div class='hn-hand'>{tiles}</div>{note}"

    def _render_in_play(self, view: dict) -> None:
        parts = []
        for side in SIDES:
            n = view["leaders"].get(side)
            name = (self.game.state.ix.world.cards[n].title if n is not None else "none")
            gods = ", ".join(g.title() for g in view["sacrifices"].get(side, [])) or "none"
            parts.append(f"<div class='hn-ip-line'><b class='hn-{side}'>{SIDE_WORD[side]}"
                         f"</b>: leader {_esc(name)} (§3.11); sacrifices {_esc(gods)} "
                         f"(§10.3)</div>")
        leaders = set(view["leaders"].values())
        tiles = "".join(self._card_html(e["card"], e["owner"]) for e in view["in_play"]
                        if e["card"] not in leaders)
        if tiles:
            parts.append(f"<div class='hn-ip-sub'>Continuing events (§3.1)</div>"
                         f"<div class='hn-hand'>{tiles}</div>")
        if view.get("actions_left") and view.get("active"):
            parts.append(f"<div class='hn-ip-line'>{SIDE_WORD[view['active']]} has "
                         f"{view['actions_left']} action(s) left this turn (§3.2)</div>")
        self.in_play_html.value = "".join(parts)

    def _render_log(self, view: dict) -> None:
        lines = []
        for e in reversed(view["log"][-LOG_LINES:]):
            side = e.get("side") or "none"
            when = f"{SEASONS[e['season']]} {e['year']}"
            lines.append(f"<div class='hn-log-line hn-log-{_esc(side)}'>"
                         f"<span class='hn-rule'>§{_esc(e['rule'])}</span>"
                         f"<span class='hn-when'>{_esc(when)}</span>{_esc(e['text'])}</div>")
        self.log_html.value = f"<div class='hn-log'>{''.join(lines)}</div>"

    def _render_battle(self) -> None:
        st = self.game.state
        top = st.stack[-1] if st.stack else None
        if top is None or top.get("kind") != "battle" or "battle" not in top:
            if self._battle_src is not None:
                self.battle_box.children = ()
                self._battle_src = None
            return
        if top["battle"] == self._battle_src:
            return
        self._battle_src = top["battle"]
        view = EngineBattleView(self.game, top, self._battle_choice)
        frame = W.VBox([view])
        frame.add_class("hn-dash-battle")
        self.battle_box.children = (frame,)

    def _battle_choice(self, choice: str) -> None:
        found = [a for a in self.choices
                 if a["type"] == "battle_choice" and str(a.get("choice")) == choice]
        if not found:
            self.message = "⚠ That battle decision is not yours to take now."
            self._refresh()
            return
        self._guard(self.choose, found[0])

    # -- browser callbacks -----------------------------------------------------------------------
    def _guard(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run a button's call; show a refusal as a message instead of raising in the kernel."""
        try:
            fn(*args)
        except (ValueError, TypeError, IllegalAction, RuntimeError) as exc:
            self.message = f"⚠ {exc}"
            self._refresh()

    def _uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = item["content"] if isinstance(item, dict) else item.content
        self._guard(self.restore, bytes(content))
        self.upload.value = ()

    def _toggle_replay(self, change: dict) -> None:
        if change["new"]:
            if self.replay is None or self.replay_box.children == ():
                self._guard(self.open_replay)
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


def _check_sealed_fits(loaded: Loaded, mode: str, human: str) -> None:
    """A sealed save goes on only as it was played: against the computer, you on your side
    (in hot-seat, or on the other side, you would see what the save keeps sealed)."""
    side = SIDE_WORD[loaded.human or "all"]
    if mode != "bot" or human != loaded.human:
        raise ValueError(f"this save is of a game against the computer in which you play "
                         f"{side}: it opens only against the computer, with you as {side} "
                         f"(Dashboard.load(file) sets that up)")


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


_STYLE = """<style>
.hn-dash { font-family: var(--jp-ui-font-family, system-ui, sans-serif);
  color: var(--jp-ui-font-color1, #1d1d1f); gap: 6px; }
.hn-dash .hn-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 6px 18px;
  padding: 10px 14px; border-radius: 8px; color: #fdf8ec;
  background: linear-gradient(90deg, #3b2f22, #6b5537); }
.hn-dash .hn-title { font-family: Georgia, 'Times New Roman', serif; font-size: 22px;
  letter-spacing: 0.08em; font-variant: small-caps; }
.hn-dash .hn-sub { opacity: 0.85; font-style: italic; }
.hn-dash .hn-date { font-weight: 600; font-size: 15px; }
.hn-dash .hn-pres, .hn-dash .hn-who { font-size: 13px; opacity: 0.92; }
.hn-dash .hn-head .hn-athens { color: #9fd3ff; } .hn-dash .hn-head .hn-sparta { color: #ffbf94; }
.hn-dash .hn-toolbar { gap: 6px; align-items: center; flex-wrap: wrap; }
.hn-dash .hn-download { font-size: 13px; }
.hn-dash .hn-msg { padding: 6px 10px; border-left: 4px solid #E69F00; border-radius: 4px;
  background: var(--jp-layout-color2, #fff6e0); font-size: 13px; }
.hn-dash .hn-body { gap: 10px; align-items: flex-start; }
.hn-dash .hn-side { flex: 0 1 400px; min-width: 300px; max-width: 440px; gap: 8px; }
.hn-dash .hn-card { border: 1px solid var(--jp-border-color2, #ddd); border-radius: 8px;
  padding: 8px 10px; background: var(--jp-layout-color1, #fff); }
.hn-dash .hn-h { margin: 0 0 4px; font-size: 13px; text-transform: uppercase;
  letter-spacing: 0.06em; color: var(--jp-ui-font-color2, #555); }
.hn-dash .hn-kicker { font-size: 12px; font-weight: 700; text-transform: uppercase;
  letter-spacing: 0.05em; color: #8a5a00; }
.hn-dash .hn-prompt { font-size: 14px; margin: 2px 0 6px; line-height: 1.35; }
.hn-dash .hn-rule { display: inline-block; font-size: 11px; padding: 0 4px; margin-right: 5px;
  border-radius: 3px; background: var(--jp-layout-color3, #eee);
  color: var(--jp-ui-font-color2, #444); font-variant-numeric: tabular-nums; }
.hn-dash .hn-group { margin: 8px 0 2px; font-weight: 700; font-size: 13px;
  border-bottom: 1px solid var(--jp-border-color2, #e3e3e3); }
.hn-dash .hn-row { margin: 2px 0 4px; }
.hn-dash .hn-row-title { font-size: 12px; color: var(--jp-ui-font-color2, #555); margin: 2px 0; }
.hn-dash .hn-choice { white-space: normal; text-align: left; line-height: 1.25; min-height: 28px;
  padding: 3px 8px; margin: 2px 4px 2px 0; border-radius: 5px; }
.hn-dash .hn-finish { background: #fff3d6; color: #1d1d1f; border: 1px solid #E69F00; }
.hn-dash .hn-chip { min-height: 22px; font-size: 11.5px; padding: 1px 7px; margin: 1px 3px 1px 0;
  border-radius: 11px; }
.hn-dash .hn-chip-label { font-size: 11.5px; margin-right: 5px;
  color: var(--jp-ui-font-color2, #555); }
.hn-dash .hn-under { gap: 8px; margin-top: 8px; }
.hn-dash .hn-hand { display: flex; flex-wrap: wrap; gap: 6px; }
.hn-dash .hn-cardtile { width: 170px; border-radius: 7px; padding: 6px 7px; font-size: 11.5px;
  border: 2px solid #b9b9b9; background: var(--jp-layout-color0, #fffdf7);
  box-shadow: 0 1px 2px rgba(0,0,0,0.15); }
.hn-dash .hn-gold { border-color: #c9a227; } .hn-dash .hn-silver { border-color: #a7adb3; }
.hn-dash .hn-bronze { border-color: #a86b32; }
.hn-dash .hn-own-athens { box-shadow: inset 4px 0 0 #0072B2; }
.hn-dash .hn-own-sparta { box-shadow: inset 4px 0 0 #D55E00; }
.hn-dash .hn-ct-top { display: flex; align-items: center; gap: 4px; }
.hn-dash .hn-ct-num { font-size: 10px; color: var(--jp-ui-font-color2, #777); }
.hn-dash .hn-ct-title { flex: 1; font-weight: 700; font-family: Georgia, serif; font-size: 13px; }
.hn-dash .hn-ct-av { min-width: 20px; height: 20px; border-radius: 50%; text-align: center;
  line-height: 20px; font-weight: 700; color: #fff; background: #3b2f22; }
.hn-dash .hn-ct-text { margin: 4px 0; line-height: 1.3; }
.hn-dash .hn-ct-tags { font-size: 10.5px; color: var(--jp-ui-font-color2, #666); }
.hn-dash .hn-muted { font-size: 12px; color: var(--jp-ui-font-color2, #666); margin-top: 4px; }
.hn-dash .hn-ip-line { font-size: 12.5px; margin: 2px 0; }
.hn-dash .hn-ip-sub { font-size: 12px; font-weight: 700; margin: 6px 0 3px; }
.hn-dash .hn-athens { color: #0072B2; } .hn-dash .hn-sparta { color: #D55E00; }
.hn-dash .hn-log { max-height: 260px; overflow-y: auto; font-size: 12px; line-height: 1.35; }
.hn-dash .hn-log-line { padding: 2px 4px 2px 6px; border-left: 3px solid #bbb; margin: 1px 0; }
.hn-dash .hn-log-athens { border-left-color: #0072B2; }
.hn-dash .hn-log-sparta { border-left-color: #D55E00; }
.hn-dash .hn-when { font-size: 10.5px; color: var(--jp-ui-font-color2, #777); margin-right: 5px; }
.hn-dash .hn-cover { align-items: center; justify-content: center; min-height: 420px;
  border-radius: 10px; gap: 16px; padding: 30px;
  background: repeating-linear-gradient(45deg, #3b2f22, #3b2f22 14px, #45382a 14px,
  #45382a 28px); }
.hn-dash .hn-cover-text { text-align: center; color: #fdf8ec; max-width: 520px; }
.hn-dash .hn-cover-big { font-family: Georgia, serif; font-size: 34px; font-weight: 700;
  margin-bottom: 8px; }
.hn-dash .hn-cover-big.hn-athens { color: #9fd3ff; }
.hn-dash .hn-cover-big.hn-sparta { color: #ffbf94; }
.hn-dash .hn-over { padding: 4px 0; }
.hn-dash .hn-result { font-family: Georgia, serif; font-size: 18px; margin: 4px 0; }
.hn-dash .hn-replay { border-top: 2px solid #6b5537; padding-top: 6px; margin-top: 6px; }
.hn-dash .hn-rp { font-size: 13px; } .hn-dash .hn-rp-act { margin: 3px 0; font-weight: 600; }
.hn-dash .hn-rp-ev { font-size: 12px; margin-left: 8px; }
</style>"""
