"""The package's shape (docs/architecture.md, "Layers"): no import cycle anywhere, no module
over 600 lines, nothing under ``widgets/`` imports a game's rules, ``core/`` imports no game.

The import graph is read from the code with ``ast`` (imports inside functions count too: a
cycle hidden in a function body is still a cycle).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from support.paths import ROOT

PACKAGE = ROOT / "hellenes_nb"
MAX_LINES = 600


def _modules() -> dict[str, Path]:
    mods = {}
    for f in PACKAGE.rglob("*.py"):
        parts = list(f.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        mods[".".join(parts)] = f
    return mods


def _graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports (a package's ``__init__`` counts as the
    package only when nothing more precise is named)."""
    mods = _modules()
    edges: dict[str, set[str]] = {m: set() for m in mods}
    for m, f in mods.items():
        pkg = m if f.name == "__init__.py" else m.rpartition(".")[0]
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = pkg.split(".")[: len(pkg.split(".")) - (node.level - 1)]
                    base = ".".join(up + ([node.module] if node.module else []))
                targets = [f"{base}.{a.name}" for a in node.names] or [base]
            else:
                continue
            for t in targets:
                while t and t not in mods:
                    t = t.rpartition(".")[0]
                if t and t != m and t.startswith("hellenes_nb") and mods[t].name != "__init__.py":
                    edges[m].add(t)
    return edges


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (iterative Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    x = stack.pop()
                    on.discard(x)
                    comp.append(x)
                    if x == v:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_anywhere():
    cycles = _cycles(_graph())
    assert cycles == [], "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_no_module_over_600_lines():
    big = {m: n for m, f in _modules().items()
           if (n := len(f.read_text().splitlines())) > MAX_LINES}
    assert big == {}


@pytest.mark.parametrize(("layer", "forbidden"), [
    ("hellenes_nb.widgets", ".rules"),
    ("hellenes_nb.core", "hellenes_nb.games"),
])
def test_layers_import_only_downward(layer, forbidden):
    bad = {m: sorted(t for t in ts if forbidden in t)
           for m, ts in _graph().items() if m.startswith(layer)}
    assert {m: ts for m, ts in bad.items() if ts} == {}


def test_a_games_widgets_import_no_rules_and_its_engine_imports_no_widget():
    """A game's widgets (``games/<game>/widgets/``) speak to ``Game`` and the game's view and
    presentation modules, never its ``rules/``; the rest of the game (rules, ruleset, bots,
    kits) imports no widget at all: a widget is named in the game's records as text."""
    graph = _graph()
    widgets = {m: sorted(t for t in ts if ".rules" in t) for m, ts in graph.items()
               if m.startswith("hellenes_nb.games.") and ".widgets" in m}
    assert widgets, "no game has a widgets package"
    assert {m: ts for m, ts in widgets.items() if ts} == {}
    engine = {m: sorted(t for t in ts if ".widgets" in t) for m, ts in graph.items()
              if m.startswith("hellenes_nb.games.") and ".widgets" not in m}
    assert {m: ts for m, ts in engine.items() if ts} == {}


#: the games' packages under hellenes_nb/games/, and their ids as the catalogue knows them
GAME_PACKAGES = ("hellenes", "earth_water", "amphipolis", "athens_sparta")
GAME_IDS = ("hellenes", "earth-water", "amphipolis", "athens-sparta")

#: modules outside games/<game>/ that still name a game: moved by issue 27 items 2-5 (the
#: Hellenes lesson engine and its widget). This list may only shrink: a listed module that no
#: longer names a game fails.
STILL_NAMING_A_GAME: frozenset[str] = frozenset()


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def _names_a_game(f: Path) -> list[str]:
    """What in ``f`` names a game: an import of a game's package, or a game's id as a string
    (docstrings and the command's own name, ``prog="hellenes"``, aside)."""
    tree = ast.parse(f.read_text())
    skip = _docstrings(tree) | {id(k.value) for k in ast.walk(tree)
                                if isinstance(k, ast.keyword) and k.arg == "prog"}
    packages = tuple(f"hellenes_nb.games.{g}" for g in GAME_PACKAGES)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith(packages)]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(packages):
            found.append(node.module)
        elif (isinstance(node, ast.Constant) and node.value in GAME_IDS
              and id(node) not in skip):
            found.append(repr(node.value))
    return found


def _generic_modules() -> dict[str, Path]:
    return {m: f for m, f in _modules().items()
            if not m.startswith(tuple(f"hellenes_nb.games.{g}" for g in GAME_PACKAGES))}


def test_no_generic_module_names_a_game():
    """Issue 27 item 1: a generic module asks the catalogue (core/catalog.py) instead."""
    bad = {m: names for m, f in _generic_modules().items()
           if m not in STILL_NAMING_A_GAME and (names := _names_a_game(f))}
    assert bad == {}


def test_the_list_of_modules_still_naming_a_game_only_shrinks():
    mods = _generic_modules()
    stale = sorted(m for m in STILL_NAMING_A_GAME if m not in mods or not _names_a_game(mods[m]))
    assert stale == [], f"no longer name a game: take them off STILL_NAMING_A_GAME: {stale}"
