"""The interactive map widget: the Hellenes board in a notebook cell (docs/map-widget.md).

``MapWidget`` draws the baked map (the static renderer's drawing is its base layer) and, on top,
the blocks of a game as one side may see them: your own blocks face up (type, combat value and
rating, §2.1), enemy blocks only from the back unless revealed in battle (§2.0, §6.1), besieged
blocks inside their city and besiegers outside (§7.1), markers for sieges, blockades (§8.21),
pillage (§5.5) and civil war (§3.1), the prestige track (§14.1), the year and the season.

**Redaction happens here, in Python.** Everything synced to the browser is built from
``game.view(viewer)`` (plus the public blockade marker), so a side's browser never receives the
identity, type or strength of a hidden enemy block. The viewer is set in Python only: the page
may change the selection and the camera, nothing else (:mod:`.browser_writes`).

Clicking (or Enter/Space on) an area selects it; clicking a block of yours selects that unit.
The engine answers where the selected unit, or the selected area's group, may go
(``Game.targets``); those destinations are highlighted, and clicking one sends the page's
``play`` request (:mod:`.requests`), which plays the move through the shared
:class:`~hellenes_nb.core.session.GameSession` (``GameSession.go``). The map redraws when the
session says the game changed, once per change.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from hellenes_nb.core.game import Game, new_game
from hellenes_nb.core.session import GameSession
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.hellenes.render import style
from hellenes_nb.games.hellenes.render.geometry import load_geometry
from hellenes_nb.games.hellenes.render.svg import render_map_svg
from hellenes_nb.games.hellenes.world import World, load_world
from hellenes_nb.widgets.browser_writes import BrowserWrites
from hellenes_nb.widgets.requests import BrowserRequests

__all__ = ["HIGHLIGHT_STYLES", "SIZES", "MapWidget", "VIEWERS"]

VIEWERS = ("athens", "sparta", "all")
#: highlight styles a lesson may use (Okabe-Ito colours, safe for colour-blind readers)
HIGHLIGHT_STYLES = ("route", "target", "note", "focus")
MIN_ZOOM, MAX_ZOOM = 1.0, 12.0
#: sizes of the map's writing and lines: "classroom" is for a projector
SIZES = ("normal", "classroom")
#: the victory threshold ends the drawn prestige track (§14.21)
PRESTIGE_TRACK = 15
#: small places shown only when zoomed in: (name, lat, lon, Thucydides passage)
DETAIL_LABELS = (("Sphacteria", 36.925, 21.652, "4.8"),)
_TYPE_CODES = {
    "hoplite": "HO", "elite_hoplite": "EH", "archer": "AR", "cavalry": "CA",
    "infantry": "IN", "barbarian": "BA", "fleet": "FL", "elite_fleet": "EF",
    "improved_fleet": "IF", "persian": "PE",
}
_STATIC = Path(__file__).parent / "static"


def _sort_key(block: dict) -> tuple:
    return (block["side"], block.get("hidden", False), block["besieged"],
            int(block["key"][1:]) if "key" in block else 0)


@lru_cache(maxsize=1)
def _base_svg() -> tuple[str, tuple[float, ...]]:
    """The static map drawing without its outer ``<svg>`` tag or hover titles, and its viewBox.

    The widget writes its own tooltips and ARIA labels, so the ``<title>`` children are dropped.
    """
    svg = render_map_svg(None, None, every_name=True)  # labels.js places them at each zoom
    inner = svg[svg.index(">") + 1: svg.rindex("</svg>")]
    inner = re.sub(r"<title>.*?</title>", "", inner)
    return inner, tuple(load_geometry().view_box)


@lru_cache(maxsize=1)
def _places() -> dict[str, dict[str, Any]]:
    """Static facts per land area and sea for tooltips, labels and block anchors (§1.1–§1.3)."""
    world = load_world()
    geo = load_geometry()
    out: dict[str, dict[str, Any]] = {}
    for area_id, area in world.areas.items():
        shape = geo.areas[area_id]
        rec: dict[str, Any] = {"name": area.name, "kind": "land", "view": shape.view,
                               "label": list(shape.label),
                               "symbol": list(shape.symbol) if shape.symbol else None}
        if area.city is not None:
            c = area.city
            rec["city"] = {"name": c.name, "value": c.value, "port": c.port,
                           "nationality": world.nationalities[c.nationality].name,
                           "loyalty": c.loyalty, "offshore": c.offshore_sea}
        if area.town is not None:
            rec["town"] = {"name": area.town.name,
                           "nationality": world.nationalities[area.town.nationality].name}
        out[area_id] = rec
    for sea_id, sea in world.seas.items():
        shape = geo.seas[sea_id]
        out[sea_id] = {"name": sea.name, "kind": "sea", "view": shape.view,
                       "label": list(shape.label), "symbol": None,
                       "grain_route": sea.grain_route}
    return out


def _detail_labels() -> list[dict[str, Any]]:
    geo = load_geometry()
    out = []
    for name, lat, lon, passage in DETAIL_LABELS:
        x, y = geo.to_map(lat, lon)
        out.append({"name": name, "x": round(x, 1), "y": round(y, 1), "cite": passage})
    return out


def _rating_text(world: World, side: str, unit_id: int) -> str:
    """Land rating, and for fleets the sea rating first (§2.14, §6.5)."""
    unit = world.units[(side, unit_id)]
    if unit.sea_rating is not None:
        return f"{unit.sea_rating}/{unit.rating}"
    return str(unit.rating)


def board_from_view(view: dict[str, Any], world: World) -> dict[str, Any]:
    """The map's synced board, built only from a per-side ``view`` (docs/engine.md).

    Visible blocks carry key, name, type, cv, max cv and rating; hidden enemy blocks carry only
    their side and whether they are besieged, exactly as the view gives them. The view's
    ``blockaded`` lists besieged ports under blockade, a public marker (§8.21).
    """
    blocks: dict[str, list[dict[str, Any]]] = {}
    for u in view["units"]:
        if u.get("hidden"):
            b = {"side": u["side"], "hidden": True, "besieged": u["besieged"]}
        else:
            side, uid = u["side"], int(u["unit"][1:])
            b = {"side": side, "key": u["unit"], "name": u["name"],
                 "type": u["type"], "code": _TYPE_CODES.get(u["type"], "??"),
                 "cv": u["cv"], "max_cv": u["max_cv"],
                 "rating": _rating_text(world, side, uid),
                 "besieged": u["besieged"], "moved": u["moved"]}
        blocks.setdefault(u["area"], []).append(b)
    for lst in blocks.values():
        lst.sort(key=_sort_key)
    blockade = set(view["blockaded"])
    prompt = view.get("prompt") or {}
    deciders = prompt.get("deciders", [])
    me = view["side"]
    if me == "all" or me in deciders:
        prompt_text = prompt.get("text", "")
    elif deciders:
        prompt_text = "Waiting for " + " and ".join(d.title() for d in deciders)
    else:
        prompt_text = ""
    return {
        "viewer": me,
        "scenario": view["scenario"],
        "year": view["year"],
        "season": view["season"],
        "prestige": view["prestige"],
        "prompt": prompt_text,
        "deciders": deciders,
        "control": view["control"],
        "city_control": view["city_control"],
        "neutral": view["neutral"],
        "sieges": {a: {"besieger": s["besieger"], "blockaded": a in blockade}
                   for a, s in view["sieges"].items()},
        "garrisons": {g["area"]: g["side"] for g in view["garrisons"]},
        "pillaged": view["pillaged"],
        "civil_war": view["civil_war"],
        "blocks": blocks,
    }


#: board entries keyed by area: an update sends only the areas whose entry changed
_BY_AREA = ("blocks", "control", "city_control", "sieges", "garrisons")


def board_patch(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any] | None:
    """What changed from the board ``old`` to ``new``, for the page to apply to its copy.

    ``{"keys": {name: value}, "areas": {entry: {"set": {area: value}, "drop": [area]}}}``: the
    other entries that changed, whole, and for each entry keyed by area (``_BY_AREA``) only
    the areas that changed or went. None when ``new`` must be sent whole: another viewer or
    scenario, or no game on one side. Both boards are redacted already (``board_from_view``),
    so a patch carries nothing the viewer may not see.
    """
    if (old.keys() != new.keys() or old.get("viewer") != new["viewer"]
            or new["scenario"] is None or old.get("scenario") != new["scenario"]):
        return None
    keys = {k: v for k, v in new.items() if k not in _BY_AREA and old[k] != v}
    areas = {}
    for name in _BY_AREA:
        before, after = old[name], new[name]
        changed = {a: v for a, v in after.items() if before.get(a) != v}
        gone = sorted(set(before) - set(after))
        if changed or gone:
            areas[name] = {"set": changed, "drop": gone}
    return {"keys": keys, "areas": areas}


def _empty_board(viewer: str) -> dict[str, Any]:
    return {"viewer": viewer, "scenario": None, "year": None, "season": None, "prestige": 0,
            "prompt": "", "deciders": [], "control": {}, "city_control": {}, "neutral": [],
            "sieges": {}, "garrisons": {}, "pillaged": [], "civil_war": [], "blocks": {}}


class MapWidget(BrowserRequests, BrowserWrites, anywidget.AnyWidget):
    """The Hellenes map as a Jupyter widget (module docstring; docs/map-widget.md)."""

    #: what the page may set: the selection and the camera. ``viewer``, ``playable`` and the
    #: board are set in Python only (the page cannot widen what it is sent)
    browser_writable = frozenset({"selected_area", "selected_unit", "zoom", "center"})
    #: what the page may ask (:mod:`.requests`): play the selection to a lit destination
    requests = {"play": "_request_play"}
    refusals = (IllegalAction, ValueError)
    #: one module: the name placement and click pads (labels.js), then the widget (map.js)
    _esm = (_STATIC / "labels.js").read_text() + (_STATIC / "map.js").read_text()
    _css = _STATIC / "map.css"

    base_svg = traitlets.Unicode("").tag(sync=True)
    view_box = traitlets.List(traitlets.Float()).tag(sync=True)
    places = traitlets.Dict().tag(sync=True)
    detail_labels = traitlets.List().tag(sync=True)
    prestige_track = traitlets.Int(PRESTIGE_TRACK).tag(sync=True)
    board = traitlets.Dict().tag(sync=True)
    viewer = traitlets.Unicode("all").tag(sync=True)
    playable = traitlets.Bool(False).tag(sync=True)
    selected_area = traitlets.Unicode("").tag(sync=True)
    selected_unit = traitlets.Unicode("").tag(sync=True)
    destinations = traitlets.List(traitlets.Unicode()).tag(sync=True)
    highlights = traitlets.Dict().tag(sync=True)
    zoom = traitlets.Float(1.0).tag(sync=True)
    center = traitlets.List(traitlets.Float(), default_value=[]).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    colours = traitlets.Dict().tag(sync=True)
    #: "classroom": larger names, symbols and blocks and thicker borders, for a projector
    size = traitlets.Enum(SIZES, default_value="normal").tag(sync=True)
    #: True while a hot-seat hand-over covers the board (set in Python, never synced): the page
    #: then holds an empty board and no message, so nothing of the side that just played stays
    #: in the browser for the next player to read
    curtain = traitlets.Bool(False)
    #: True while ``board`` is set after its patch went out as a message (never synced)
    _patching = traitlets.Bool(False)

    def __init__(self, game: Game | None = None, viewer: str = "all",
                 scenario: str | None = None, *, session: GameSession | None = None,
                 **kwargs: Any):
        """Show ``game`` (or the game of ``session``, shared with other widgets), or a
        scenario's setup, or a plain map."""
        self._world = load_world()
        if session is not None:
            if game is not None:
                raise ValueError("pass a game or a session, not both")
            game = session.game
        if viewer not in VIEWERS:
            raise ValueError(f"viewer must be 'athens', 'sparta' or 'all' (teacher), "
                             f"not {viewer!r}")
        if game is not None and not isinstance(game, Game):
            raise TypeError(f"game must be a hellenes_nb Game (from new_game), "
                            f"not {type(game).__name__}")
        if game is not None and scenario is not None and str(scenario) != game.state.scenario:
            raise ValueError(f"the game plays scenario {game.state.scenario!r}, not "
                             f"{scenario!r}: pass one or the other")
        if game is None and scenario is not None:
            if str(scenario) not in self._world.scenarios:
                known = ", ".join(sorted(self._world.scenarios))
                raise ValueError(f"unknown scenario {scenario!r}; the data has: {known} (§15)")
            game, playable = new_game(str(scenario)), False
        else:
            playable = game is not None
        if session is None and game is not None:
            session = GameSession(game)
        self._session = session
        self._callbacks: list[Callable[[str], Any]] = []
        self._piece = ("", "")  # (side, unit key or area) whose destinations are lit
        self._quiet = False
        svg, box = _base_svg()
        super().__init__(base_svg=svg, view_box=list(box), places=_places(),
                         detail_labels=_detail_labels(), viewer=viewer, playable=playable,
                         colours=dict(style.SIDE_COLOURS),
                         **kwargs)
        if session is not None:
            session.observe(self._game_changed)
        self.refresh()

    # -- reading ---------------------------------------------------------------------------------
    @property
    def session(self) -> GameSession | None:
        """The session of the game shown (None for a plain map)."""
        return self._session

    @property
    def game(self) -> Game | None:
        """The game shown (None for a plain map)."""
        return None if self._session is None else self._session.game

    @game.setter
    def game(self, game: Game) -> None:
        """Show and play another game (a loaded save, a replay): the session loads it, which
        clears the selection."""
        if not isinstance(game, Game):
            raise TypeError(f"game must be a hellenes_nb Game (from new_game), "
                            f"not {type(game).__name__}")
        if self._session is None:
            self._session = GameSession(game)
            self._session.observe(self._game_changed)
            self._game_changed("load")
        else:
            self._session.load(game)

    def __repr__(self) -> str:
        if self.game is None:
            what = "plain map"
        else:
            st = self.game.state
            b = self.board
            what = (f"scenario {st.scenario}, {b['season']} {b['year']} BC, prestige "
                    f"{b['prestige']:+d}" + ("" if self.playable else ", setup only"))
        sel = f", selected {self.selected_area}" if self.selected_area else ""
        return f"<MapWidget {what}; viewer {self.viewer}{sel}>"

    # -- lesson helpers --------------------------------------------------------------------------
    def on_select(self, callback: Callable[[str], Any]) -> None:
        """Call ``callback(area_id)`` whenever an area is selected (click, keyboard or code)."""
        if not callable(callback):
            raise TypeError(f"on_select needs a function taking an area id, not {callback!r}")
        self._callbacks.append(callback)

    def highlight(self, areas: Iterable[str], style: str = "route") -> None:
        """Highlight ``areas`` in ``style`` (one of HIGHLIGHT_STYLES); an empty list clears it."""
        if style not in HIGHLIGHT_STYLES:
            raise ValueError(f"highlight style must be one of {', '.join(HIGHLIGHT_STYLES)}, "
                             f"not {style!r}")
        if isinstance(areas, str):
            areas = [areas]
        ids = [self._check_area(a) for a in areas]
        new = {k: v for k, v in self.highlights.items() if k != style}
        if ids:
            new[style] = ids
        self.highlights = new

    def clear_highlights(self) -> None:
        """Remove every lesson highlight."""
        self.highlights = {}

    def focus(self, area: str, zoom: float = 4.0) -> None:
        """Centre the map on ``area`` at ``zoom`` (1 = whole map, up to 12)."""
        place = self.places[self._check_area(area)]
        if not isinstance(zoom, int | float) or not MIN_ZOOM <= zoom <= MAX_ZOOM:
            raise ValueError(f"zoom must be a number from {MIN_ZOOM:g} (whole map) to "
                             f"{MAX_ZOOM:g}, not {zoom!r}")
        x, y = place["symbol"] or place["label"]
        with self.hold_sync():
            self.zoom = float(zoom)
            self.center = [float(x), float(y)]

    def look_at(self, area: str, zoom: float) -> None:
        """Centre the map on ``area`` at ``zoom`` brought within the map's range (a lesson or a
        tutorial task may ask for more or less than the map shows)."""
        self.focus(area, min(max(float(zoom), MIN_ZOOM), MAX_ZOOM))

    def reset_view(self) -> None:
        """Show the whole map again."""
        with self.hold_sync():
            self.zoom = 1.0
            self.center = []

    def refresh(self) -> None:
        """Redraw from the game (call after changing the game outside the widget)."""
        if self.game is None or self.curtain:
            board = _empty_board(self.viewer)
        else:
            views = getattr(self, "views", None)  # a dashboard hands its own (one a change)
            view = views(self.viewer) if views else self.game.view(self.viewer)
            board = board_from_view(view, self._world)
            # the moves played (public, as the dashboard's header): the page marks the map
            # with it, so a page (or a browser test) knows which position is drawn
            board["moves"] = len(self.game.history)
        patch = board_patch(self.board, board)
        with self.hold_sync():
            if patch is None:
                self.board = board
            elif patch["keys"] or patch["areas"]:
                # only what changed goes to the page, as a message its script applies to its
                # copy of the board; the trait holds the whole board for a page opened later
                self.send({"board_patch": patch})
                self._patching = True
                try:
                    self.board = board
                finally:
                    self._patching = False
            self._update_destinations()

    def select_unit(self, key: str) -> None:
        """Select one of your visible blocks by key ("A12"), as a click on it would."""
        for area, blocks in self.board["blocks"].items():
            if any(b.get("key") == key for b in blocks):
                self._set_selection(area, key)
                for cb in list(self._callbacks):
                    cb(area)
                return
        raise ValueError(f"no block {key!r} is on the map in the {self.viewer!r} view")

    def play(self, area: str) -> list[dict]:
        """Move the selected unit (or group) to ``area``, as clicking that destination does.

        Returns the log events (the full record, as ``Game.apply`` does); the message shown
        reads them as the viewer may. Raises ValueError in plain words when it cannot be done.
        """
        area = self._check_area(area)
        if area not in self.destinations:
            what = self.selected_unit or self.selected_area or "nothing"
            raise ValueError(f"{self.places[area]['name']} is not a legal destination of the "
                             f"selection ({what})")
        side, piece = self._piece
        game = self.game
        assert game is not None and self._session is not None  # destinations need a game
        start = len(game.log)
        self._quiet = True  # the session's change redraws once, with the new selection
        try:
            self.selected_unit, self.selected_area = "", area
        finally:
            self._quiet = False
        try:
            events = self._session.go(side, piece, area)
        except IllegalAction:
            self.refresh()
            raise
        if not self.curtain:  # a hand-over the move brought about keeps the board bare
            shown = self.game.log_for(self.viewer, start)  # synced: the viewer's own words
            self.message = "; ".join(e["text"] for e in shown if e.get("text"))[:400]
        return events

    # -- internals -------------------------------------------------------------------------------
    def _should_send_property(self, key: str, value: Any) -> bool:
        """ipywidgets asks this before sending a trait: not the board whose patch was sent."""
        if key == "board" and self._patching:
            return False
        return super()._should_send_property(key, value)

    def _check_area(self, area: str) -> str:
        if area not in self.places:
            raise ValueError(f"{area!r} is not a land area or sea id (see docs/data.md, "
                             "'Canonical area ids')")
        return area

    def _set_selection(self, area: str, unit: str) -> None:
        """Set both selection traits and redraw once, without running the select callbacks."""
        with self.hold_sync():
            self._quiet = True
            try:
                self.selected_unit = unit
                self.selected_area = area
            finally:
                self._quiet = False
            self.refresh()

    def _my_sides(self) -> tuple[str, ...]:
        return ("athens", "sparta") if self.viewer == "all" else (self.viewer,)

    def _update_destinations(self) -> None:
        """Where the selected unit, or the selected area's group, may go: the engine's answer
        (``Game.targets``) for the first of the viewer's sides that can move it (§4.1, §5)."""
        game, area = self.game, self.selected_area
        self._piece = ("", "")
        found: dict[str, list[dict]] = {}
        if self.playable and game is not None and area and not game.over:
            mine = [b["key"] for b in self.board["blocks"].get(area, [])
                    if "key" in b and b["side"] in self._my_sides()]
            piece = self.selected_unit if self.selected_unit in mine else area
            for side in self._my_sides():
                found = game.targets(side, piece)
                if found:
                    self._piece = (side, piece)
                    break
        self.destinations = sorted(found)

    def _game_changed(self, change: str) -> None:
        """The session's game changed: redraw (a new game also clears the selection)."""
        if change in ("load", "undo"):
            self.playable = True
            self._set_selection("", "")
        else:
            self.refresh()

    @traitlets.observe("selected_area", "selected_unit")
    def _selection_changed(self, change: dict) -> None:
        if self._quiet:
            return
        if change["name"] == "selected_area" and self.selected_unit:
            blocks = self.board.get("blocks", {}).get(change["new"], [])
            if not any(b.get("key") == self.selected_unit for b in blocks):
                self._quiet = True
                try:
                    self.selected_unit = ""
                finally:
                    self._quiet = False
        self._update_destinations()
        if change["name"] == "selected_area" and change["new"]:
            for cb in list(self._callbacks):
                cb(change["new"])

    @traitlets.observe("curtain")
    def _curtain_changed(self, change: dict) -> None:
        with self.hold_sync():
            if change["new"]:
                self.message = ""
                self._set_selection("", "")
            self.refresh()

    @traitlets.observe("viewer")
    def _viewer_changed(self, change: dict) -> None:
        if change["new"] not in VIEWERS:
            self.viewer = change["old"]
            raise ValueError(f"viewer must be 'athens', 'sparta' or 'all', not {change['new']!r}")
        self._set_selection("", "")

    # -- requests from the page (:mod:`.requests`) -------------------------------------------
    def refuse(self, message: str) -> None:
        self.message = f"Not possible: {message}"

    def _request_play(self, msg: dict) -> None:
        """The page's ``{"request": "play", "area": id}``: a lit destination was clicked."""
        self.play(str(msg.get("area")))
