"""The catalogue of games: the one place the package finds the games it hosts
(docs/architecture.md, "The catalogue and the plugin record").

A game registers one :class:`GamePlugin`: its ruleset (the contract of
:class:`~hellenes_nb.core.ruleset.Ruleset`) and everything the services around the rules ask of
it (bots, invariants, summary facts, the data check, the map, its own subcommands, its lesson
kit, the words and drawings the widgets need, the origins a save may name). The package's own
games are listed once, as Python entry points of the group :data:`GROUP` in pyproject.toml, and
loaded lazily the first time anything asks the catalogue; a third party's game registers the
same way. :func:`register_game` checks the whole contract at once and refuses a game that lacks
any member, naming every missing one, so nothing fails later in the middle of play.

Every lookup here goes through :func:`_loaded`; no generic module names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from types import MappingProxyType
from typing import Any

from hellenes_nb.core.ruleset import Ruleset

__all__ = ["GROUP", "GamePlugin", "InvariantError", "LessonKit", "NO_FACTS", "PluginLoadError",
           "home_plugin", "lesson_kits", "origin_builder", "plugin_for", "plugins", "register_game",
           "ruleset_for", "rulesets", "scenario_ids", "TutorialKit", "tutorial_games",
           "tutorial_kit", "unregister_game"]

#: the entry-point group that lists the games (pyproject.toml)
GROUP = "hellenes_nb.games"

#: what every ruleset must have as plain attributes (a Protocol's isinstance checks methods
#: by name only, so each is checked here)
RULESET_ATTRIBUTES = ("name", "title", "roles", "steps", "scenarios", "perfect_information")
#: what every ruleset must be able to do
RULESET_METHODS = ("sets_up", "setup", "check_shape", "view", "log_for", "result", "describe",
                   "save_state", "read_save")


class InvariantError(AssertionError):
    """A board invariant does not hold (the message names it)."""


class PluginLoadError(RuntimeError):
    """A game listed in the entry points could not be loaded (the message names it)."""


def NO_FACTS(state: Any) -> dict[str, Any]:  # noqa: N802  (a constant-like default)
    """The facts of a game that reports none in a summary."""
    return {}


@dataclass(frozen=True)
class LessonKit:
    """How the lesson commands handle the lesson files of one game (``hellenes lesson``).

    Each callable takes the file's path; a refusal is a ValueError in plain words.
    """

    #: sub-folder of a lesson folder that holds this game's lessons ("" : the folder itself)
    folder: str = ""
    #: whether a file is a lesson of this game; None: every lesson file no other game claims
    #: (one game at most)
    recognises: Callable[[Path], bool] | None = None
    #: ``check(path, seeds)``: every problem of the file, each printing as one line (the file,
    #: the place, what is wrong); ``seeds`` replay it again with other dice
    check: Callable[[Path, Sequence[int]], list[Any]] | None = None
    #: ``listing(path)``: a one-line summary of the lesson; ``hellenes lesson list`` lists the
    #: lessons of a game that has one, each with its years, length and notebook from its file
    listing: Callable[[Path], str] | None = None
    #: ``show(path)``: the lines ``hellenes lesson show`` prints for the lesson, one by one
    #: (a packaged lesson's name instead of a path goes to the kit that reads any file)
    show: Callable[[Path | str], Iterable[str]] | None = None
    #: ``start_at(path, seed, step, option)``: the game after the lesson's first ``step``
    #: steps (``option`` chosen at the next decision when given), the start a save of a game
    #: begun in the lesson names (lessons/origin.py)
    start_at: Callable[[Path, int, int, str | None], Any] | None = None
    # -- issue 27 item 3: one LessonWidget for every game --
    #: ``open(path)``: the lesson as the LessonWidget drives it (``next``, ``back``, ``goto``,
    #: ``choose``, ``reveal_answer``, ``take_command``, ``view``; docs/writing-lessons.md)
    open: Callable[[Path | str], Any] | None = None
    #: "module:attribute" of the look-only board the LessonWidget shows the lesson's game on,
    #: a widget class taking ``(session=..., viewer="all")`` (Take command opens the shared
    #: Dashboard); named, not imported. "" : the widget's own map and battle board
    board: str = ""
    #: "module:attribute" of the board that shows a step's battle beside the widget's own map,
    #: made with ``(view["battle"], speed=...)`` and given the next with ``.show(view["battle"])``
    #: and ``.replay()`` (``Lesson.view()["battle"]``); "": the lessons show no battle board
    battle_board: str = ""
    # -- issue 27 item 3: one lesson format (``format: lesson 1``) and one runner --
    #: the years BC the game covers (first, last): a lesson's ``years`` lie within them
    years: tuple[int, int] | None = None
    #: the game's models of a lesson's ``position`` and of a step's ``expect`` (pydantic)
    position_model: Any = None
    expect_model: Any = None
    #: the game's own step fields, name -> (type, default) (Hellenes: focus, hands, battle)
    step_fields: Mapping[str, tuple[Any, Any]] = field(default_factory=dict)
    #: ``parse_action(item)``: one ``do`` item -> the engine actions it stands for
    #: (ValueError in plain words)
    parse_action: Callable[[Any], tuple[dict, ...]] | None = None
    #: ``play(spec)``: the game's hooks the lesson runner calls (lessons/runner.py LessonPlay)
    play: Callable[[Any], Any] | None = None
    #: the rule sections a lesson of the game may cite (its rulebook's numbered headings)
    rule_sections: frozenset[str] = frozenset()


def _no_map(args: Any) -> int:
    raise ValueError("this game has no map to draw")


@dataclass(frozen=True)
class TutorialKit:
    """What the tutorial engine (``hellenes_nb.tutorial``) asks of one game: how to set up a
    task's board, let the other side answer, judge a goal and check a task's references. The
    engine itself names no game (docs/tutorial.md, "Games")."""

    #: the game's tables (areas, units, cards: whatever its boards and goals read)
    load_world: Callable[[], Any]
    #: the game's sides, in the engine's order
    sides: tuple[str, ...]
    #: ``map_game(world, task)``: the engine game at the task's position (``board_error``)
    map_game: Callable[[Any, Any], Any]
    #: ``battle_lab(battle, faces, seed)``: (a battle lab, the blocks' names), or None when
    #: the game has no battle board
    battle_lab: Callable[..., tuple[Any, dict[str, str]]] | None
    #: ``fresh_battle(lab)``: a copy of the lab's battle for a battle widget
    fresh_battle: Callable[[Any], Any] | None
    #: ``copy_lab(lab)``: an independent copy of a battle lab (for a search)
    copy_lab: Callable[[Any], Any] | None
    #: ``board_problems(world, board)``: why the map position cannot be set up
    board_problems: Callable[[Any, Any], list[str]]
    #: ``references(world, task, fighters)``: every name in the task that does not exist
    #: (``fighters``: the battle board's block keys, None on the map)
    references: Callable[[Any, Any, Any], list[str]]
    #: ``opponent_answer(game, side, replies)``: the other side's answer now, or None
    opponent_answer: Callable[[Any, str, list[dict]], dict | None]
    #: ``matches(action, wanted)``: does a legal action fit a scripted one
    matches: Callable[[dict, dict], bool]
    #: ``map_scene(game, side, start, prestige, picked)`` and ``battle_scene(battle, side,
    #: picked, names)``: what the goal predicates read
    map_scene: Callable[..., Any]
    battle_scene: Callable[..., Any] | None
    #: ``unmet(goal, scene)``: what the goal still lacks, in plain words (empty: met)
    unmet: Callable[[Any, Any], list[str]]
    #: ``score(state)``: the number a goal's gain is counted from (Hellenes: the prestige)
    score: Callable[[Any], Any]
    #: ``actions_left(state, side)``: the actions the side has left in its turn, or None
    #: when it is not the side's turn
    actions_left: Callable[[Any, int], int | None]
    #: the exception ``map_game`` and ``battle_lab`` raise; its ``problems`` list the reasons
    board_error: type[Exception] = ValueError
    #: the rulebook's worked examples, each to be played by one task
    examples: tuple[str, ...] = ()
    #: sub-folder of the tutorial folder with this game's chapters ("": the folder itself)
    folder: str = ""
    #: ``period(state)``: the turn a task is played in; when it changes the task is over
    #: (Hellenes: the year and season). None: only the end of the game or of every choice
    period: Callable[[Any], Any] | None = None
    #: action types the learner takes by clicking the board, not as buttons
    clicked: frozenset[str] = frozenset()
    #: the rule sections of the game's rulebook a tutorial should teach, and the headings that
    #: need no task (section: why); empty: the home game's (its ``LessonKit.rule_sections``)
    sections: tuple[str, ...] = ()
    no_task: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    #: "module:attribute" of the widget class that shows a task's game in the tutorial widget,
    #: made with ``(session=..., viewer=<the learner's side>)``, every choice a panel button;
    #: named, not imported, since a game imports no widget. "": the game has a clickable map
    board: str = ""
    #: "module:attribute" of the clickable map a task is played on when ``board`` is "": made
    #: with ``(session=..., viewer=...)``; it has ``on_select``, a ``selected_unit`` trait,
    #: ``playable``, ``look_at``, ``highlight``, ``clear_highlights`` and ``reset_view``
    map_board: str = ""
    #: "module:attribute" of the battle board a battle task is played on, made with
    #: ``(battle, names=..., title=...)`` (the tasks' ``fresh_battle``); "": no battle tasks
    battle_board: str = ""
    #: what the game's tasks hold in a chapter file (a ``hellenes_nb.tutorial.format.TaskModels``:
    #: its goal model, board, battle, position and focus models, how solution items become
    #: actions); None: the game's chapters cannot be read
    models: Any = None


@dataclass(frozen=True)
class GamePlugin:
    """The record one game registers: its ruleset and what the services around the rules use.
    Every field but ``ruleset`` has a neutral default, for a game that lacks it."""

    #: the game's rules (:class:`~hellenes_nb.core.ruleset.Ruleset`, checked at registration)
    ruleset: Ruleset
    #: bots that play only this game, by name (``random`` plays every game; they import
    #: ``hellenes_nb.bots.base``, never the bots' registry)
    bots: Mapping[str, type] = field(default_factory=lambda: MappingProxyType({}))
    #: ``check(game, since, dead_end)`` raises :class:`InvariantError` unless the position is
    #: consistent (log events from index ``since`` on are new; with ``dead_end`` a game not over
    #: must have a decision to take); None when the game checks nothing beyond its rules
    check_invariants: Callable[..., None] | None = None
    #: action types that end a phase, which the ``brisk`` random policy favours
    phase_ends: frozenset[str] = frozenset()
    #: facts of a position for a self-play game's summary (Hellenes: year, season, prestige)
    selfplay_facts: Callable[[Any], dict[str, Any]] = NO_FACTS
    #: facts of a position for a match game's summary (Hellenes: year, prestige)
    match_facts: Callable[[Any], dict[str, Any]] = NO_FACTS
    #: ``data_check(folder)`` for ``hellenes data check``: (the line printed when all is well,
    #: the problems found); it raises the game's FileError (or FileNotFoundError) when the
    #: files cannot be read; ``folder`` None means the packaged data. None: no data to check
    data_check: Callable[[Path | None], tuple[str, list[Any]]] | None = None
    #: the package's home game (one at most): ``hellenes data check --folder F`` without
    #: ``--game``, ``hellenes data show`` and ``hellenes map`` without ``--scenario`` mean it
    home: bool = False
    #: the names of the tables ``hellenes data show`` prints, and ``read_tables(folder)``
    #: giving them as polars frames by name (the game's FileError when unreadable)
    data_tables: tuple[str, ...] = ()
    read_tables: Callable[[Path | None], Mapping[str, Any]] | None = None
    #: ``draw_map(scenario, width, size)``: the board of a scenario as SVG text for
    #: ``hellenes map`` (ValueError in plain words for what it cannot draw); None: no map
    draw_map: Callable[[str | None, float, str], str] | None = None
    #: ``add_commands(subparsers)``: the game's own subcommands (Hellenes: ``odds``)
    add_commands: Callable[[Any], None] | None = None
    #: how ``hellenes lesson`` reads, checks, lists and shows this game's lesson files
    lessons: LessonKit | None = None
    #: the call that opens a save of this game in a notebook, for a board that refuses it
    #: (``widgets/other_game.py``); "" when there is none
    opener: str = ""
    #: ``heading(game, viewer)``: the few words a replay shows above a position as ``viewer``
    #: sees it (the date, the score); None: no heading
    replay_heading: Callable[[Any, str], str] | None = None
    #: how to rebuild the start a save's ``origin`` names, by the origin's kind
    #: (``builder(origin, seed) -> Game``; Hellenes: "lesson")
    origins: Mapping[str, Callable[[dict[str, Any], int], Any]] = field(
        default_factory=lambda: MappingProxyType({}))
    # -- issue 27 item 4: the tutorial --
    #: how the tutorial (``hellenes_nb.tutorial``) builds, judges and checks this game's
    #: tasks; None: the game has no tutorial
    tutorial: TutorialKit | None = None
    # -- issue 27 item 2: the shared dashboard --
    #: the game's part of the dashboard (a ``hellenes_nb.core.panels.ScreenKit``, which
    #: says what it holds): its side titles, its board (and chart) widget named as
    #: "module:attribute" (a game imports no widget) and the words of its panels; None: the
    #: dashboard cannot play the game
    dashboard: Any = None
    # -- issue 27 item 5: the timeline --
    #: what the timeline of the lessons (``widgets/timeline.py``) shows of the game: its
    #: scenarios' years and its lessons; None: the game is not on the timeline
    timeline: TimelineKit | None = None
    # -- issue 32: the What-if lab --
    #: ``resample(state, seed)``: deal anew, in place and from ``seed`` alone, what no side has
    #: seen in ``state`` (the undealt cards' order, the dice to come), so each continuation of
    #: the What-if lab meets its own; hands and pieces a side knows stay. None: the lab gives
    #: the position new dice (``state.dice``) and nothing else
    resample: Callable[[Any, int], None] | None = None


@dataclass(frozen=True)
class TimelineKit:
    """What the timeline (``widgets/timeline.py``) shows of one game (issue 27 item 5)."""

    #: ``scenarios()``: each scenario as (id, title, first year BC, last year BC)
    scenarios: Callable[[], Sequence[tuple[str, str, int, int]]]
    #: ``lesson(path)``: a lesson file of the game as the timeline shows it: a dict with
    #: ``id``, ``title``, ``first`` and ``last`` (years BC, from the file), ``steps``, and
    #: when the lesson has them ``period``, ``time``, ``objectives`` (a list), ``about``,
    #: ``opens`` (the call that opens it in a notebook); ValueError in plain words (or the
    #: game's FileError) for a file it cannot place. None: no lesson of the game is shown
    lesson: Callable[[Path], dict[str, Any]] | None = None
    #: the game's short name on the timeline ("" : its ruleset's title)
    name: str = ""


_PLUGINS: list[GamePlugin] = []
_SCENARIOS: dict[str, GamePlugin] = {}
_state = {"loaded": False}


def _missing(plugin: Any) -> list[str]:
    if not isinstance(plugin, GamePlugin):
        return [f"{plugin!r} is not a GamePlugin (hellenes_nb.core.catalog)"]
    rs = plugin.ruleset
    out = [f"the ruleset's attribute {a!r}" for a in RULESET_ATTRIBUTES if not hasattr(rs, a)]
    out += [f"the ruleset's method {m!r}" for m in RULESET_METHODS
            if not callable(getattr(rs, m, None))]
    for f in ("check_invariants", "data_check", "read_tables", "draw_map", "add_commands",
              "replay_heading", "resample"):
        if getattr(plugin, f) is not None and not callable(getattr(plugin, f)):
            out.append(f"the plugin's {f!r} is not callable")
    return out


def register_game(plugin: GamePlugin) -> GamePlugin:
    """Add ``plugin``'s game to the catalogue: TypeError naming the game and every member its
    record or ruleset lacks; ValueError if its name or a scenario id is taken."""
    _loaded()
    return _add(plugin)


def _add(plugin: GamePlugin) -> GamePlugin:
    missing = _missing(plugin)
    if missing:
        name = getattr(getattr(plugin, "ruleset", None), "name", None) or repr(plugin)
        raise TypeError(f"the game {name} cannot be registered; it lacks "
                        + "; ".join(missing))
    rs = plugin.ruleset
    if any(p.ruleset.name == rs.name for p in _PLUGINS):
        raise ValueError(f"a game named {rs.name!r} is already registered")
    for scenario in rs.scenarios:
        if scenario in _SCENARIOS:
            raise ValueError(f"scenario {scenario!r} of {rs.name} is already a scenario of "
                             f"{_SCENARIOS[scenario].ruleset.name}")
    if plugin.home and any(p.home for p in _PLUGINS):
        raise ValueError(f"{rs.name} says it is the home game, but "
                         f"{next(p for p in _PLUGINS if p.home).ruleset.name} already is")
    _PLUGINS.append(plugin)
    for scenario in rs.scenarios:
        _SCENARIOS[scenario] = plugin
    return plugin


def unregister_game(plugin: GamePlugin) -> None:
    """Take ``plugin``'s game out of the catalogue again (tests that register a game of their
    own; the package's games stay)."""
    if plugin in _PLUGINS:
        _PLUGINS.remove(plugin)
    for scenario in [s for s, p in _SCENARIOS.items() if p is plugin]:
        del _SCENARIOS[scenario]


def _loaded() -> list[GamePlugin]:
    """The catalogue, after the entry points were read (once; a game that fails to load is a
    PluginLoadError naming it, every time the catalogue is asked, and no game of the list is
    half registered)."""
    if _state["loaded"]:
        return _PLUGINS
    _state["loaded"] = True  # before loading: a plugin's modules may ask the catalogue
    added: list[GamePlugin] = []
    try:
        found = []
        for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name):
            try:
                found.append((ep, ep.load()))
            except Exception as exc:  # an import error, a missing name: say which game
                raise PluginLoadError(f"the game {ep.name!r} ({ep.value}) could not be loaded: "
                                      f"{type(exc).__name__}: {exc}") from exc
        # the home game first (its scenarios lead every list), then by entry-point name
        for ep, plugin in sorted(found, key=lambda f: not getattr(f[1], "home", False)):
            try:
                added.append(_add(plugin))
            except (TypeError, ValueError) as exc:
                raise PluginLoadError(f"the game {ep.name!r} ({ep.value}) was refused: "
                                      f"{exc}") from exc
    except PluginLoadError:
        for plugin in added:
            unregister_game(plugin)
        _state["loaded"] = False
        raise
    return _PLUGINS


def plugins() -> list[GamePlugin]:
    """Every registered game's record, in the order they were registered."""
    return list(_loaded())


def rulesets() -> list[Ruleset]:
    """The registered games' rulesets, each once."""
    return [p.ruleset for p in _loaded()]


def scenario_ids() -> list[str]:
    """Every registered scenario id, game by game."""
    _loaded()
    return list(_SCENARIOS)


def plugin_for(ruleset: Ruleset) -> GamePlugin:
    """The record of ``ruleset``'s game (a plain record with neutral defaults for a ruleset
    that is not registered, such as a test's own game)."""
    return next((p for p in _loaded() if p.ruleset is ruleset), None) or GamePlugin(ruleset)


def ruleset_for(scenario: str, **options: Any) -> Ruleset:
    """The ruleset that sets up ``scenario`` with ``options`` (ValueError listing the known
    scenarios)."""
    _loaded()
    plugin = _SCENARIOS.get(str(scenario))
    if plugin is not None:
        return plugin.ruleset
    ruleset = next((r for r in rulesets() if r.sets_up(str(scenario), **options)), None)
    if ruleset is None:
        known = ", ".join(scenario_ids()) or "none (no game is registered)"
        raise ValueError(f"unknown scenario {scenario!r}; the scenarios are: {known}")
    return ruleset


def origin_builder(kind: str) -> Callable[[dict[str, Any], int], Any] | None:
    """How to rebuild the start a save's origin of ``kind`` names (None: no game knows it)."""
    return next((p.origins[kind] for p in _loaded() if kind in p.origins), None)


def home_plugin() -> GamePlugin | None:
    """The package's home game (``GamePlugin.home``), or None."""
    return next((p for p in _loaded() if p.home), None)


def tutorial_kit(game: str = "") -> TutorialKit:
    """The tutorial kit of the game named ``game`` ("": the home game); ValueError naming the
    games that have a tutorial."""
    found = [p for p in _loaded() if p.tutorial is not None]
    hit = next((p for p in found if (p.ruleset.name == game if game else p.home)), None)
    if hit is None:
        names = ", ".join(p.ruleset.name for p in found) or "none"
        raise ValueError(f"the game {game!r} has no tutorial; the games with one: {names}")
    assert hit.tutorial is not None
    return hit.tutorial


def tutorial_games() -> list[tuple[str, TutorialKit]]:
    """(game name, kit) of every game with a tutorial, the home game first."""
    return [(p.ruleset.name, p.tutorial) for p in _loaded() if p.tutorial is not None]


def lesson_kits() -> list[LessonKit]:
    """Every game's lesson kit; the one that reads any unclaimed file comes last."""
    kits = [p.lessons for p in _loaded() if p.lessons is not None]
    return sorted(kits, key=lambda k: k.recognises is None)
