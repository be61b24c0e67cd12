"""The one place that says which games the conformance suite runs (docs/architecture.md,
"Conformance suite").

A test in this folder asks for ``ruleset`` (and ``scenario``): :func:`pytest_generate_tests`
runs it once for every game (and each of its scenarios) that :func:`games` lists, so a game
joins the suite by being registered; no test names it. Besides the registered games, the toy
game of the core's tests (tests/support/toygame.py) runs too, registered around each test and
taken out of the registry after it (``Game.replay`` and ``Game.from_json`` find it; tests
elsewhere that register a toy of their own are not disturbed).

What a check needs of a game's surroundings is looked up here too: its invariants and the
actions that end a phase (the ``invariants`` and ``phase_ends`` fixtures, from the game's
services) and its lesson and tutorial files
(``lesson_file``, ``chapter_file``: a game and a path).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from support.paths import LESSONS
from support.toygame import Toy

from hellenes_nb.core.catalog import (
    GamePlugin,
    plugin_for,
    register_game,
    rulesets,
    unregister_game,
)
from hellenes_nb.core.game import Game
from hellenes_nb.core.ruleset import Ruleset

#: the toy game of the core's tests, run beside the registered games
TOY = Toy()
#: registered games not yet on the shared dashboard (no ``dashboard`` part in their plugin), with
#: why: the dashboard's browser test and the hidden-widget test skip them by name. This list may
#: only shrink (test_contract.py fails when a game on it gets a board, or a game without one is
#: left off it)
NO_BOARD_YET: dict[str, str] = {}
#: the game whose lessons and tutorial stand at the top of ``lessons/``; another game's
#: lessons are in ``lessons/<its name>/``
FIRST_GAME = "hellenes"


def games() -> list[Ruleset]:
    """The games under test: every game in the catalogue, then the toy."""
    return [*(r for r in rulesets() if r.name != TOY.name), TOY]


def _lesson_files() -> list:
    names = {r.name for r in games()}
    found = [(FIRST_GAME, p) for p in sorted(LESSONS.glob("*.yaml"))]
    for folder in sorted(p for p in LESSONS.iterdir() if p.is_dir() and p.name in names):
        found += [(folder.name, p) for p in sorted(folder.glob("*.yaml"))]
    return [pytest.param(g, p, id=f"{g}:{p.name}") for g, p in found]


def _chapter_files() -> list:
    tutorial = LESSONS / "tutorial"
    found = [(FIRST_GAME, p) for p in sorted(tutorial.glob("*.yaml"))]
    # another game's chapters are in lessons/tutorial/<its name>/ (issue 27 item 4)
    names = {r.name for r in games()}
    for folder in sorted(p for p in tutorial.iterdir() if p.is_dir() and p.name in names):
        found += [(folder.name, p) for p in sorted(folder.glob("*.yaml"))]
    return [pytest.param(g, p, id=f"{g}:{p.name}") for g, p in found]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run each test for every game (``ruleset``), every game and scenario (``ruleset,
    scenario``), every lesson file or every tutorial chapter (``game, lesson_file`` /
    ``game, chapter_file``)."""
    names = metafunc.fixturenames
    if "ruleset" in names and "scenario" in names:
        metafunc.parametrize("ruleset, scenario", [
            pytest.param(r, s, id=f"{r.name}-{s}") for r in games() for s in r.scenarios])
    elif "ruleset" in names:
        metafunc.parametrize("ruleset", [pytest.param(r, id=r.name) for r in games()])
    if "lesson_file" in names:
        metafunc.parametrize("game, lesson_file", _lesson_files())
    if "chapter_file" in names:
        metafunc.parametrize("game, chapter_file", _chapter_files())


@pytest.fixture
def invariants(ruleset: Ruleset) -> Callable[[Game, int], None] | None:
    """``check(game, since)``: the game's own invariants (its services), raising when the
    position is inconsistent (log events from ``since`` on are new); None for a game that
    checks nothing beyond its rules."""
    check = plugin_for(ruleset).check_invariants
    if check is None:
        return None
    return lambda game, since: check(game, since=since, dead_end=True)


@pytest.fixture
def phase_ends(ruleset: Ruleset) -> frozenset[str]:
    """The action types that end a phase (from the game's services), which a random player
    takes sooner to get further into a game."""
    return frozenset(plugin_for(ruleset).phase_ends)


@pytest.fixture
def registered_names() -> set[str]:
    """The names of the registered games (without the toy)."""
    return {r.name for r in rulesets()} - {TOY.name}


@contextmanager
def registered(ruleset: Ruleset) -> Iterator[None]:
    """``ruleset`` in the registry for the duration (a game already there stays)."""
    if ruleset.name in {r.name for r in rulesets()}:
        yield
        return
    plugin = register_game(GamePlugin(ruleset))  # the catalogue (hellenes_nb/core/catalog.py)
    try:
        yield
    finally:
        unregister_game(plugin)


@pytest.fixture(autouse=True)
def _toy_registered() -> Iterator[None]:
    with registered(TOY):
        yield


# -- the browser check: served and launched as tests/ui does (a free port, Debian's Chromium)
from ui.conftest import (  # noqa: E402, F401  (pytest finds the hook and fixture here)
    browser_type_launch_args,
    pytest_configure,
)
