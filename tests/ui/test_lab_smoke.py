"""One smoke test in real JupyterLab: run the map notebook and wait for the maps to draw.

JupyterLab runs on 127.0.0.1 with a throwaway config, data-free workspace and notebook folder, so
nothing from the user's own Lab setup is read or changed. Every wait is bounded.
"""

from __future__ import annotations

import json

import pytest
from support.lab import KERNEL_IDLE, serving
from support.paths import NOTEBOOKS

from hellenes_nb.labsave import NOTE, WIDGET_VIEW

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = NOTEBOOKS / "01-the-map.ipynb"
RUN_TIMEOUT = 120_000  # ms for the notebook to run and the maps to draw


@pytest.fixture()
def lab(tmp_path):
    """A JupyterLab server serving a copy of the notebook; stopped after the test."""
    with serving(NOTEBOOK, tmp_path) as url:
        yield url


def _saved(path):
    """The widget views and the notes in the notebook file as saved."""
    nb = json.loads(path.read_text())
    outputs = [o.get("data", {}) for c in nb["cells"] for o in c.get("outputs", [])]
    views = [d for d in outputs if WIDGET_VIEW in d]
    notes = [d for d in outputs if "".join(d.get("text/plain", "")) == NOTE]
    return views, notes


def test_map_notebook_runs_in_jupyterlab(lab, browser, screenshot_dir, tmp_path):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{lab}/lab/tree/{NOTEBOOK.name}?reset", timeout=RUN_TIMEOUT)
        page.wait_for_function(KERNEL_IDLE, timeout=RUN_TIMEOUT)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_function("() => document.querySelectorAll('.hmap-svg').length >= 3",
                               timeout=RUN_TIMEOUT)
        page.wait_for_function(
            """() => window.jupyterapp.shell.currentWidget.context.sessionContext.session
              .kernel.status === 'idle'""", timeout=RUN_TIMEOUT)
        first = page.locator(".hmap").first
        assert first.locator("path[data-area]").count() > 100
        first.scroll_into_view_if_needed()
        first.screenshot(path=screenshot_dir / "lab-smoke.png")
        assert page.locator('.jp-OutputArea-output[data-mime-type*="stderr"]').count() == 0
        assert page.locator(".jp-OutputArea-output", has_text="Error").count() == 0
        assert errors == []
        # scripts/setup.sh sets Lab's news and update checks off: no question pops up in class
        assert page.get_by_text("notified about official Jupyter news").count() == 0
        # saved with its maps on screen, the file holds the "Run the cells" note instead of
        # each widget (issue 15, item 13; hellenes_nb/labsave.py)
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        saved = tmp_path / "work" / NOTEBOOK.name
        page.wait_for_function(
            "() => !window.jupyterapp.shell.currentWidget.context.model.dirty",
            timeout=RUN_TIMEOUT)
        views, notes = _saved(saved)
        assert views == [] and len(notes) >= 3
    finally:
        page.close()
