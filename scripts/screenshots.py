"""Screenshots of each notebook's main widget as a teacher sees it, for docs/screenshots.md.

For every notebook (and the timeline of 00) a one-cell notebook builds that notebook's main
widget in the state its text describes; JupyterLab (a throwaway server on 127.0.0.1 with its own
settings, the file browser open as a new user has it) runs it in headless Chromium, and the
window is photographed at 1366x900 and 1920x1080, in the light and the dark theme:
``docs/screenshots/<notebook>-<width>x<height>-<theme>.png``, reduced to a 256-colour palette.

    .venv/bin/python scripts/screenshots.py [--only 10-pylos-425] [--out docs/screenshots]

Needs Chromium (scripts/install_chromium.sh, or HELLENES_CHROMIUM) and JupyterLab in .venv.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(ROOT / "tests"))
from support.lab import KERNEL_IDLE, jupyterlab  # noqa: E402  (the browser tests' Lab server)

OUT = ROOT / "docs" / "screenshots"
SIZES = ((1366, 900), (1920, 1080))
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
WAIT_MS = 180_000


@dataclass(frozen=True)
class Shot:
    notebook: str  # the notebook's file name without .ipynb
    code: str  # the cell that builds the widget (its last line shows it)
    ready: str  # a CSS selector present once the widget is drawn
    what: str  # one line for docs/screenshots.md


#: the lessons of the war with the step of their first battle (shown on the battle board)
WAR_LESSONS = (
    ("12-potidaea-432-431", 4, "Potidaea"), ("13-pericles-plague-431-429", 3, "Pericles"),
    ("14-phormio-naupactus-429", 3, "Phormio"), ("15-siege-of-plataea-429-427", 2, "Plataea"),
    ("16-mytilene-428-427", 3, "Mytilene"), ("17-delium-424", 3, "Delium"),
    ("18-sicilian-expedition-415-413", 3, "Sicilian Expedition"),
    ("19-decelea-ionian-war-413-411", 5, "Decelea"), ("20-aegospotami-405-404", 4, "Aegospotami"),
)


def _lesson_at_battle(notebook: str, step: int, title: str) -> Shot:
    lesson = notebook[3:]
    return Shot(notebook,
                "from hellenes_nb.widgets.lesson import LessonWidget\n"
                f"widget = LessonWidget({lesson!r})\nwidget.goto({step})\nwidget",
                ".hl-battle .hb-block", f"the {title} lesson at its first battle (step {step})")


SHOTS = (
    Shot("00-start-here",
         "from IPython.display import display\n"
         "from hellenes_nb.games.hellenes.render.svg import render_map_svg\n"
         "from hellenes_nb.widgets.lesson_tables import fitted\n"
         "display(fitted(render_map_svg(scenario='431')))",
         ".jp-OutputArea-output svg .legend",
         "the map of the Greek world in 431 BC, scaled to the output with its legend"),
    Shot("01-the-map",
         "from hellenes_nb.games.hellenes.widgets.map import MapWidget\nboard = MapWidget()\nboard",
         ".hmap-svg path[data-area]", "the map widget, whole map"),
    Shot("02-battle-odds-lab",
         "from hellenes_nb.games.hellenes.widgets.battle import BattleWidget\n"
         "SPARTA = [{'name': 'Boeotian horse', 'rating': 'A1', 'cv': 2, 'cavalry': True},\n"
         "          {'name': 'Spartiates', 'rating': 'B2', 'cv': 4}]\n"
         "ATHENS = [{'name': 'Athenian hoplites', 'rating': 'C2', 'cv': 4},\n"
         "          {'name': 'Athenian archers', 'rating': 'A1', 'cv': 2}]\n"
         "battle = BattleWidget.from_forces(attacker=SPARTA, defender=ATHENS,\n"
         "    attacker_side='sparta', seed=431, title='Battle-odds lab')\n"
         "battle.speed = 'instant'\n"
         "battle.choose('fight'); battle.force_dice([1, 6]); battle.step()\n"
         "battle.panel()",
         ".hb-die", "the battle board after the Athenian archers' first attack, with the odds"),
    Shot("03-play-a-scenario",
         "from hellenes_nb.widgets.dashboard import Dashboard\n"
         "dash = Dashboard('431', seed=7, human='athens', bot='heuristic')\ndash",
         ".hn-choice", "the play dashboard at the New Year of 431 BC"),
    Shot("10-pylos-425",
         "from hellenes_nb.widgets.lesson import LessonWidget\n"
         "widget = LessonWidget('pylos-425')\nwidget.goto(5)\nwidget",
         ".hl-option", "the Pylos lesson at its first decision (step 5)"),
    Shot("11-amphipolis-424-422",
         "from hellenes_nb.widgets.lesson import LessonWidget\n"
         "widget = LessonWidget('amphipolis-424-422')\nwidget.goto(13)\nwidget",
         ".hl-battle .hb-block", "the Amphipolis lesson at the battle before Amphipolis"),
    Shot("00-timeline",
         "from hellenes_nb.widgets.timeline import TimelineWidget\n"
         "timeline = TimelineWidget()\ntimeline.pick('delium-424')\ntimeline",
         ".htl-span",
         "the timeline of the war in the start-here notebook, one lesson picked"),
    Shot("04-learn-to-play",
         "from hellenes_nb.widgets.tutorial import TutorialWidget\n"
         "tutor = TutorialWidget()\ntutor.choose_task('battles')\ntutor",
         ".hb-block", "the rules tutorial at its first battle task (a worked example)"),
    Shot("05-what-if",
         "from hellenes_nb.widgets.whatif import WhatIfWidget\n"
         "lab = WhatIfWidget('pericles-plague-431-429', games=20, seed=1, horizon='year')\n"
         "lab.start(); lab.wait(600)\nlab",
         ".hl-whatif-sentence p", "the What-if lab after Pericles' first decision: win rates "
         "with 95 % intervals, the prestige fan over the years and the sentence"),
    *(_lesson_at_battle(name, step, title) for name, step, title in WAR_LESSONS),
    Shot("30-xerxes-480-479",
         "from hellenes_nb.widgets.lesson import LessonWidget\n"
         "widget = LessonWidget('xerxes-480-479')\nwidget.goto(3)\nwidget",
         ".hl-lesson .ew-map svg", "the Xerxes lesson (300: Earth & Water) in the lesson widget "
         "at Thermopylae, its decision point"),
    Shot("31-play-earth-water",
         "from hellenes_nb.widgets.dashboard import Dashboard\n"
         "board = Dashboard('earth-water', seed=7, human='greece')\nboard",
         ".hn-dash .ew-map svg", "300: Earth & Water on the play dashboard against the "
         "computer"),
)


def _notebook(code: str) -> dict:
    return {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {},
                       "outputs": [], "source": code}],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                        "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


def optimise(path: Path) -> None:
    """Reduce a screenshot to a 256-colour palette (a third of the size or less)."""
    with Image.open(path) as img:
        small = img.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT,
                                            dither=Image.Dither.NONE)
    small.save(path, optimize=True)


def photograph(browser, url: str, shot: Shot, out: Path) -> list[Path]:
    page = browser.new_page(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    saved = []
    try:
        page.goto(f"{url}/lab/tree/{shot.notebook}.ipynb?reset", timeout=WAIT_MS)
        page.wait_for_function(KERNEL_IDLE, timeout=WAIT_MS)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.locator(shot.ready).first.wait_for(timeout=WAIT_MS)
        page.wait_for_function(KERNEL_IDLE, timeout=WAIT_MS)
        # every widget view drawn: no Lab loading spinner left in the output
        page.wait_for_function("() => !document.querySelector('.jp-OutputArea .jp-Spinner')",
                               timeout=WAIT_MS)
        for theme, name in THEMES.items():
            page.evaluate(f"() => window.jupyterapp.commands.execute('apputils:change-theme', "
                          f"{{theme: {json.dumps(name)}}})")
            page.wait_for_function(f"() => document.body.dataset.jpThemeName === "
                                   f"{json.dumps(name)}", timeout=WAIT_MS)
            # Lab shows its splash (the Jupyter logo over a veil) while a theme loads
            page.wait_for_function("() => !document.querySelector('#jupyterlab-splash')",
                                   timeout=WAIT_MS)
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_function(f"() => window.innerWidth === {width}", timeout=WAIT_MS)
                page.locator(".jp-OutputArea-output").first.evaluate(
                    "el => el.scrollIntoView({block: 'start'})")
                page.locator(".jp-Notebook").first.evaluate(
                    "el => new Promise(r => requestAnimationFrame(() => "
                    "requestAnimationFrame(r)))")
                path = out / f"{shot.notebook}-{width}x{height}-{theme}.png"
                page.screenshot(path=path)
                optimise(path)
                saved.append(path)
        if errors:
            print(f"{shot.notebook}: page errors: {errors}", file=sys.stderr)
    finally:
        page.close()
    return saved


DOC_HEAD = """# Screenshots

Each notebook's main widget in JupyterLab 4 as a teacher opens it (file browser open), at
1366×900 and 1920×1080, in the light and the dark theme. `scripts/screenshots.py` makes them
(JupyterLab on a throwaway server, headless Chromium), reduces each to a 256-colour PNG and
writes this page:

    .venv/bin/python scripts/screenshots.py            # all of them, about 10 minutes
    .venv/bin/python scripts/screenshots.py --only 10-pylos-425
"""


def write_doc(path: Path) -> None:
    """docs/screenshots.md: a section per shot with its four pictures."""
    parts = [DOC_HEAD]
    for s in SHOTS:
        source = s.notebook.split("-")[0]
        nb = next(NOTEBOOKS.glob(f"{source}-*.ipynb"), None)
        where = f" (`notebooks/{nb.name}`)" if nb else ""
        parts.append(f"## {s.notebook}\n\n{s.what[0].upper()}{s.what[1:]}{where}.\n\n"
                     "| | light | dark |\n|---|---|---|")
        for width, height in SIZES:
            cells = []
            for theme in THEMES:
                name = f"{s.notebook}-{width}x{height}-{theme}.png"
                alt = f"{s.notebook} {width}×{height} {theme}"
                cells.append(f"[![{alt}](screenshots/{name})](screenshots/{name})")
            parts.append(f"| {width}×{height} | {cells[0]} | {cells[1]} |")
        parts[-1] += "\n"
    path.write_text("\n".join(parts), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", help="a notebook name (repeatable)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("HELLENES_CHROMIUM") or shutil.which("chromium") or \
        "/usr/bin/chromium"
    shots = [s for s in SHOTS if not args.only or s.notebook in args.only]
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for s in shots:
            (work / f"{s.notebook}.ipynb").write_text(json.dumps(_notebook(s.code)))
        with jupyterlab(work, work / ".lab") as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium,
                                         args=["--no-sandbox", "--disable-gpu"])
            try:
                for s in shots:
                    for path in photograph(browser, url, s, args.out):
                        print(f"{path}  {path.stat().st_size // 1024} KB")
            finally:
                browser.close()
    write_doc(ROOT / "docs" / "screenshots.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
