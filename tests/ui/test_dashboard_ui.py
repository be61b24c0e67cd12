"""The play dashboard in a real browser (Solara's widget manager in headless Chromium)."""

from __future__ import annotations

import pytest
from IPython.display import display

from hellenes_nb.widgets.dashboard import Dashboard

pytestmark = pytest.mark.browser

SETTLE = 15_000


def test_dashboard_renders(solara_test, page_session, screenshot_dir, console_errors):
    dash = Dashboard("431", seed=7)
    display(dash)
    page_session.set_viewport_size({"width": 1400, "height": 1000})
    page_session.locator(".hmap-svg").wait_for(timeout=SETTLE)
    page_session.locator(".hn-choice").first.wait_for(timeout=SETTLE)
    page_session.wait_for_timeout(500)
    page_session.screenshot(path=screenshot_dir / "dashboard-start.png", full_page=True)
    assert console_errors == []
