"""The Pylos lesson notebook in real JupyterLab (issue 15, items 4 and 13): it opens clean, with
no stale widget and a note saying where the widget will appear; after Run All the class's
widget at the top still shows step 1 (the cells after it drive widgets of their own)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support.lab import KERNEL_IDLE, serving
from support.paths import NOTEBOOKS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = NOTEBOOKS / "10-pylos-425.ipynb"
RUN_TIMEOUT = 180_000  # ms for the notebook to run (2 shared cores)


@pytest.fixture()
def lab(tmp_path):
    with serving(NOTEBOOK, tmp_path) as url:
        yield url


def test_the_lesson_notebook_opens_clean_and_run_all_leaves_step_one(lab, browser,
                                                                     screenshot_dir):
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{lab}/lab/tree/{NOTEBOOK.name}?reset", timeout=RUN_TIMEOUT)
        page.wait_for_function(KERNEL_IDLE, timeout=RUN_TIMEOUT)
        notes = page.locator(".jp-MarkdownOutput", has_text="Run the cells to start")
        expect(notes.first).to_be_attached(timeout=RUN_TIMEOUT)
        assert page.locator(".jp-OutputArea-output").count() == 0
        assert page.get_by_text("Error displaying widget").count() == 0

        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        expect(page.locator(".hl-lesson")).to_have_count(3, timeout=RUN_TIMEOUT)
        page.wait_for_function(
            """() => window.jupyterapp.shell.currentWidget.context.sessionContext.session
              .kernel.status === 'idle'
              && document.querySelectorAll('.jp-Cell.jp-mod-running').length === 0""",
            timeout=RUN_TIMEOUT)
        progress = page.locator(".hl-lesson .hl-progress")
        expect(progress.nth(0)).to_have_text("1 / 12")
        expect(progress.nth(1)).to_have_text("6 / 12")
        expect(progress.nth(2)).to_have_text("5 / 12")
        assert page.locator('.jp-OutputArea-output[data-mime-type*="stderr"]').count() == 0
        assert page.get_by_text("Error displaying widget").count() == 0
        page.locator(".hl-lesson").first.screenshot(path=screenshot_dir / "lab-lesson.png")
        assert errors == []
    finally:
        page.close()
