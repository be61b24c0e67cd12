"""One smoke test in real JupyterLab: run the map notebook and wait for the maps to draw.

JupyterLab runs on 127.0.0.1 with a throwaway config, data-free workspace and notebook folder, so
nothing from the user's own Lab setup is read or changed. Every wait is bounded.
"""

from __future__ import annotations

import pytest
from support.lab import KERNEL_IDLE, serving
from support.paths import NOTEBOOKS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = NOTEBOOKS / "01-the-map.ipynb"
RUN_TIMEOUT = 120_000  # ms for the notebook to run and the maps to draw


@pytest.fixture()
def lab(tmp_path):
    """A JupyterLab server serving a copy of the notebook; stopped after the test."""
    with serving(NOTEBOOK, tmp_path) as url:
        yield url


def test_map_notebook_runs_in_jupyterlab(lab, browser, screenshot_dir):
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
    finally:
        page.close()
