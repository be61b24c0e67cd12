"""The board of *300: Earth & Water* as a widget you can play on (docs/earth-water.md,
"Playing in a notebook").

:class:`EWBoard` shows one side's view of a game: the board drawn in Python from
``Game.view(side)`` (:mod:`hellenes_nb.games.earth_water.render`), the prompt and its choices,
the viewer's hand, the last battle die by die, and the log that side may read. It plays against
the computer (``player="greece"`` or ``"persia"``: the other side is a bot) or hot-seat
(``player=None``: the board shows whichever side must decide, and only that side's view).
``size="classroom"`` draws it for a projector (larger names, pieces and text).
Against the computer a picker sets its level (:mod:`hellenes_nb.bots.levels`: easy, normal,
hard); while it decides, ``thinking`` is True and the board says so.

The page sends requests only (``choose`` an index of the listed choices, ``select`` a city to
narrow the choices to it, ``undo``, ``level``); nothing it sends can widen what it is shown.
Saves: an open JSON file in hot-seat (:meth:`save`), a sealed one against the computer, whose
hidden part only this installation can open (:mod:`hellenes_nb.core.savefiles`).
"""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from hellenes_nb.bots.levels import LEVEL_TEXT, LEVELS, level_of, make_level
from hellenes_nb.bots.registry import make_bot
from hellenes_nb.core.echo import shown
from hellenes_nb.core.game import Game, new_game
from hellenes_nb.core.savefiles import Loaded, sealed_save
from hellenes_nb.core.session import GameSession
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.earth_water.render import SIZES, board_svg
from hellenes_nb.games.earth_water.ui import battle_rounds
from hellenes_nb.games.earth_water.world import load_world
from hellenes_nb.widgets.browser_writes import BrowserWrites
from hellenes_nb.widgets.other_game import read_for_board
from hellenes_nb.widgets.requests import BrowserRequests

__all__ = ["EWBoard", "EWBoardView", "battle_rounds"]

_STATIC = Path(__file__).parent / "static"
SIDES = ("greece", "persia")
#: log lines shown under the board
LOG_LINES = 14


class EWBoard(BrowserRequests, BrowserWrites, anywidget.AnyWidget):
    """Play *300: Earth & Water* on the board (module docstring)."""

    _esm = _STATIC / "ew_board.js"
    _css = _STATIC / "ew_board.css"
    requests = {"choose": "_request_choose", "select": "_request_select",
                "undo": "_request_undo", "ready": "_request_ready", "save": "_request_save",
                "level": "_request_level"}
    refusals = (ValueError, IllegalAction)

    svg = traitlets.Unicode("").tag(sync=True)
    viewer = traitlets.Unicode("").tag(sync=True)
    prompt = traitlets.Unicode("").tag(sync=True)
    choices = traitlets.List(traitlets.Dict()).tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    hand = traitlets.List(traitlets.Dict()).tag(sync=True)
    battle = traitlets.Dict().tag(sync=True)
    #: the log lines that side may read (not ``log``: that is ipywidgets' own logger)
    log_lines = traitlets.List(traitlets.Unicode()).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    #: hot-seat: the side the screen is being passed to (its hand stays hidden until "ready")
    handover = traitlets.Unicode("").tag(sync=True)
    #: the Save link: the save file (sealed against the computer) as a data URL, and its name
    download = traitlets.Dict().tag(sync=True)
    #: against the computer: its level ("" for a bot that is none of the levels), the levels
    #: to pick from ([] in hot-seat), and True while it decides
    level = traitlets.Unicode("").tag(sync=True)
    levels = traitlets.List(traitlets.Dict()).tag(sync=True)
    thinking = traitlets.Bool(False).tag(sync=True)
    #: "normal" or "classroom" (larger names, pieces and text, for a projector)
    size = traitlets.Unicode("normal").tag(sync=True)

    def __init__(self, game: Game | None = None, *, seed: int = 0, player: str | None = "greece",
                 opponent: str = "heuristic", level: str | None = None,
                 pass_screen: bool = True, seed_secret: bool = False, size: str = "normal",
                 **kwargs: Any):
        if size not in SIZES:
            raise ValueError(f"size must be 'normal' or 'classroom' (larger names, pieces and "
                             f"text for a projector), not {size!r}")
        super().__init__(size=size, **kwargs)
        #: the player was never told the seed (a dashboard's random one): kept in the sealed
        #: part of a save only, and the replay does not show it
        self.seed_secret = seed_secret
        #: hot-seat: hide the next side's hand until it says it has the screen
        self.pass_screen = pass_screen
        self._shown = ""
        if player is not None and player not in SIDES:
            raise ValueError(f"player must be 'greece', 'persia' or None (hot-seat), not "
                             f"{player!r}")
        self.session = GameSession(game or new_game("earth-water", seed))
        if self.session.game.ruleset.name != "earth-water":
            raise ValueError("EWBoard plays 300: Earth & Water; this game is "
                             f"{self.session.game.ruleset.title}")
        self.player = player
        self.computer = None if player is None else SIDES[1 - SIDES.index(player)]
        self.bot = None
        if player is not None:
            ruleset = self.session.game.ruleset
            self.levels = [{"level": lvl, "text": LEVEL_TEXT[lvl]} for lvl in LEVELS]
            if level is None:
                self.bot = make_bot(opponent, seed, ruleset)
                self.level = level_of(ruleset, opponent) or ""
            else:
                self._make_level(level)
        self.session.observe(lambda *_: self.refresh())
        self._answer()
        self.refresh()

    @property
    def game(self) -> Game:
        return self.session.game

    # -- playing ---------------------------------------------------------------------------
    def choose(self, index: int) -> None:
        """Play the choice at ``index`` of :attr:`choices` (as a click on it does)."""
        if self.handover:
            raise ValueError(f"the screen is being passed to {self.handover.title()}: "
                             "click Ready first")
        listed = self.choices
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(listed):
            raise ValueError(f"there is no choice number {shown(index)}; pick 0 to "
                             f"{len(listed) - 1}")
        action = listed[index]["action"]
        self.message = ""
        self.selected = ""
        with self.session.batch():
            self.session.apply(action)
            self._answer()

    def set_level(self, level: str) -> None:
        """Play on against the computer at ``level``: ``easy`` (the heuristic with blunders),
        ``normal`` (the heuristic) or ``hard`` (the search, thinking up to about 2 seconds a
        decision); docs/bots.md, "Levels"."""
        if self.computer is None:
            raise ValueError("there is no computer opponent in hot-seat mode")
        self._make_level(level)
        with self.session.batch():
            self._answer()
        self.refresh()

    def _make_level(self, level: str) -> None:
        if level not in LEVELS:
            raise ValueError(f"the level must be one of {', '.join(LEVELS)}, not {shown(level)}")
        self.bot = make_level(level, self.game.seed, self.game.ruleset)
        self.level = level

    def ready(self) -> None:
        """Hot-seat: the side the screen was passed to has it; show its view."""
        self.handover = self._shown = ""
        self.refresh()

    def select(self, city: str) -> None:
        """Narrow the choices to those about ``city`` ("" shows them all again)."""
        ids = {c["id"] for c in self.game.view("all")["cities"]}
        if city and city not in ids:
            raise ValueError(f"{shown(city)} is not a city of the board")
        self.selected = city
        self.refresh()

    def undo(self) -> None:
        """Take back the viewer's last decision (never past a die roll or a card drawn)."""
        with self.session.batch():
            self.session.undo()
            while self.computer in _deciding(self.game):
                try:
                    self.session.undo()
                except IllegalAction:  # a die or a card since: the computer plays on
                    self._answer()
                    return

    def open_replay(self) -> Any:
        """A replay viewer of this game (display it in a cell), drawn for the side at the
        screen: it shows only what that side may see, the computer's hand and decisions
        hidden; a finished game's replay is seen by everyone."""
        if self.handover:
            raise ValueError(f"the screen is being passed to {self.handover.title()}: click "
                             "Ready before opening the replay")
        from hellenes_nb.widgets.dashboard.replay import ReplayViewer  # (the dashboard opens
        # this board: importing the dashboard's package first would go round in a circle)
        viewer = "all" if self.game.over else (self.player or self.viewer)
        return ReplayViewer(self.game, viewer, show_seed=not self.seed_secret,
                            labels=self.session.labels)

    def save(self) -> str:
        """The game as a file, also offered as the Save link (:attr:`download`): open JSON in
        hot-seat; against the computer sealed, the computer's hand, the deck order, the dice
        and the seed readable only by this installation (docs/security.md, "Sealed saves")."""
        if self.computer is None:
            text = self.game.to_json()
        else:
            text = sealed_save(self.game, self.player, self.bot.name,
                               seed_secret=self.seed_secret)
        data = base64.b64encode(text.encode()).decode()
        self._saved_at = (self.game, len(self.game.history))
        self.download = {"name": f"earth-water-campaign-{self.game.state.campaign}.json",
                         "href": f"data:application/json;base64,{data}"}
        return text

    @classmethod
    def load(cls, text: str | bytes, **kwargs: Any) -> EWBoard:
        """A board on a saved game (open or sealed by this installation); ValueError in plain
        words for a file refused. A sealed save goes on only as it was played: against the
        computer, with you on your side (any other board would show what it seals). A save of
        another game is refused in words naming both games."""
        loaded = read_for_board(text, "earth-water")
        player = kwargs.pop("player", loaded.human)
        if loaded.sealed:
            _check_sealed_fits(loaded, player)
            kwargs["seed_secret"] = loaded.seed_secret
        if loaded.bot:
            kwargs.setdefault("opponent", loaded.bot)
        return cls(loaded.game, player=player, **kwargs)

    def _answer(self) -> None:
        """Let the computer take its decisions until it is the human's turn again."""
        game = self.game
        if self.computer is None or game.over or self.computer not in _deciding(game):
            return
        self.thinking = True  # sent to the page at once: "... is thinking"
        try:
            for _ in range(5000):
                if game.over or self.computer not in _deciding(game):
                    return
                self.session.apply(self.bot.choose(game, self.computer))
        finally:
            self.thinking = False

    # -- drawing ---------------------------------------------------------------------------
    def refresh(self) -> None:
        game = self.game
        if self.download and getattr(self, "_saved_at", None) != (game, len(game.history)):
            self.download = {}  # the link's file is of a position no longer shown
        prompt = game.prompt
        viewer = self.player or (prompt.side if prompt.side in SIDES else self.viewer or
                                 "greece")
        view = game.view(viewer)
        mine = game.legal_actions(viewer) if viewer in _deciding(game) else []
        city = self.selected
        listed = [{"index": i, "label": a["label"], "action": a}
                  for i, a in enumerate(mine)]
        if city:
            listed = [c for c in listed if city in (c["action"].get("from"),
                                                    c["action"].get("to"),
                                                    c["action"].get("city"))]
        lit = frozenset(c["action"]["to"] for c in listed if "to" in c["action"]
                        and c["action"].get("from") == city) if city else frozenset()
        cards = load_world().cards
        side = SIDES.index(viewer)
        if (self.player is None and self.pass_screen and self._shown
                and viewer != self._shown and not game.over):
            self.handover = viewer
        elif viewer == self._shown:  # an undo brought the screen's side back
            self.handover = ""
        self.viewer = viewer
        if self.handover:  # only what both sides may see until the new side is ready
            self.svg = board_svg(game.view(viewer), size=self.size)
            self.prompt = f"Pass the screen to {viewer.title()}, then click Ready."
            self.choices, self.hand, self.log_lines = [], [], []
            self.status = f"Campaign {view['campaign']} of {view['campaigns']}"
            return
        self._shown = viewer
        self.svg = board_svg(view, lit=lit | ({city} if city else frozenset()), size=self.size)
        self.prompt = prompt.text if prompt.side in (viewer, "none") else \
            f"Waiting for {prompt.side.title()}: {prompt.text}"
        self.choices = [{**c, "action": {k: v for k, v in c["action"].items() if k != "label"}}
                        for c in listed]
        hand = view["hands"][viewer]
        self.hand = [{"card": n, "title": cards[n].halves[side].title,
                      "text": cards[n].halves[side].text} for n in hand]
        self.battle = battle_rounds(view["log"])
        self.log_lines = [f"§{e['rule']} {e['text']}" for e in view["log"][-LOG_LINES:]]
        result = game.result
        self.status = result["text"] if result else (
            f"Campaign {view['campaign']} of {view['campaigns']}; you are {viewer.title()}")

    def refuse(self, message: str) -> None:
        self.message = message

    # -- requests from the page ------------------------------------------------------------
    def _request_choose(self, content: dict) -> None:
        self.choose(content.get("index"))

    def _request_select(self, content: dict) -> None:
        city = content.get("city", "")
        self.select(city if isinstance(city, str) else shown(city))

    def _request_undo(self, content: dict) -> None:
        self.undo()

    def _request_ready(self, content: dict) -> None:
        self.ready()

    def _request_save(self, content: dict) -> None:
        self.save()

    def _request_level(self, content: dict) -> None:
        level = content.get("level")
        self.set_level(level if isinstance(level, str) else shown(level))


class EWBoardView(BrowserRequests, BrowserWrites, anywidget.AnyWidget):
    """The Earth & Water board inside the shared dashboard (``Dashboard("earth-water")``; the
    game's dashboard part names it): the board drawn in Python from the ``viewer``'s view, and
    nothing at all under the ``curtain`` (a hot-seat hand-over). A click on a city lights
    where its pieces may go now (:meth:`select`); every decision is taken on the dashboard's
    panel. It redraws itself once per change of the game's session."""

    _esm = _STATIC / "ew_board.js"  # its ``part`` mode
    _css = _STATIC / "ew_board.css"
    requests = {"select": "_request_select"}
    refusals = (ValueError,)

    #: tells the page to draw the board alone (the dashboard has the panels)
    part = traitlets.Bool(True).tag(sync=True)
    svg = traitlets.Unicode("").tag(sync=True)
    viewer = traitlets.Unicode("greece").tag(sync=True)
    curtain = traitlets.Bool(False).tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    #: what the board says of the selected city, in words
    note = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    size = traitlets.Unicode("normal").tag(sync=True)

    def __init__(self, session: GameSession | None = None, *, game: Game | None = None,
                 viewer: str = "greece", curtain: bool = False, size: str = "normal") -> None:
        if size not in SIZES:
            raise ValueError(f"size must be 'normal' or 'classroom', not {shown(size)}")
        if viewer not in (*SIDES, "all"):
            raise ValueError(f"viewer must be 'greece', 'persia' or 'all', not {shown(viewer)}")
        super().__init__(viewer=viewer, curtain=curtain, size=size)
        self.session = session or GameSession(game or new_game("earth-water", 0))
        self.session.observe(lambda *_: self._changed())
        self.observe(lambda _ch: self.refresh(), names=["viewer", "curtain", "size"])
        self.renders = 0
        self.refresh()

    @property
    def game(self) -> Game:
        return self.session.game

    def _changed(self) -> None:
        if self.selected:
            self.selected = ""  # a city picked in the position before
        self.refresh()

    def select(self, city: str) -> None:
        """Light where the pieces in ``city`` may go now ("" lights nothing)."""
        if self.curtain:
            raise ValueError("the board is hidden while the screen is handed over")
        ids = {c["id"] for c in self.game.view("all")["cities"]}
        if city and city not in ids:
            raise ValueError(f"{shown(city)} is not a city of the board")
        self.selected = city
        self.refresh()

    def lit(self) -> frozenset[str]:
        """The cities the viewer's pieces in the selected city may go to now."""
        city = self.selected
        if not city or self.viewer not in _deciding(self.game):
            return frozenset()
        return frozenset(a["to"] for a in self.game.legal_actions(self.viewer)
                         if a.get("from") == city and "to" in a)

    def refresh(self) -> None:
        """Draw the board as the viewer sees it (nothing under the curtain)."""
        self.renders += 1
        self.message = ""
        if self.curtain:
            self.svg, self.selected, self.note = "", "", ""
            return
        city = self.selected
        views = getattr(self, "views", None)  # a dashboard hands its own (one a change)
        view = views(self.viewer) if views else self.game.view(self.viewer)
        lit = self.lit()
        name = next((c["name"] for c in view["cities"] if c["id"] == city), city)
        self.note = ("" if not city else f"Lit: where the pieces in {name} may go now."
                     if lit else f"{name}: none of your pieces there may move now.")
        self.svg = board_svg(view, lit=lit | ({city} if city else frozenset()), size=self.size)

    def refuse(self, message: str) -> None:
        self.message = message

    def _request_select(self, content: dict) -> None:
        city = content.get("city", "")
        self.select(city if isinstance(city, str) else shown(city))


def _check_sealed_fits(loaded: Loaded, player: str | None) -> None:
    if player != loaded.human:
        side = (loaded.human or "").title()
        raise ValueError(f"this save is of a game against the computer in which you play "
                         f"{side}: it opens only against the computer, with you as {side} "
                         f"(EWBoard.load(file) sets that up)")


def _deciding(game: Game) -> tuple[str, ...]:
    side = game.prompt.side
    return SIDES if side == "both" else (side,) if side in SIDES else ()
