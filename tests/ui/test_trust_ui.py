"""Trust in a real browser: the page cannot widen what it is sent (issue 14, item 4).

A person with the browser's developer tools can reach the page's widget models and set any
synced trait. Here the test does exactly that through Solara's widget manager: it sets the map's
``viewer`` to ``"all"`` from the front end. The Python side keeps its viewer, the page is sent
back the true value, and no hidden block reaches it.
"""

from __future__ import annotations

import pytest
from IPython.display import display

import hellenes_nb
from hellenes_nb.games.hellenes.widgets.map import MapWidget

pytestmark = pytest.mark.browser

SETTLE = 30_000  # ms: bounded wait for the frontend (generous: CI shares 2 cores)

#: set a trait of a widget model from the page, as a person with developer tools could
SET_FROM_PAGE = """async ([id, name, value]) => {
  const manager = solara.debug.widgetManager();
  const model = await manager.get_model(id);
  model.set(name, value);
  model.save_changes();
  return model.get(name);
}"""
VIEWER_IS = """async ([id, viewer]) => {
  const model = await solara.debug.widgetManager().get_model(id);
  return model.get("viewer") === viewer;
}"""
#: two animation frames: whatever the page drew for the last update is on screen after them
NEXT_FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
READ_FROM_PAGE = """async ([id, name]) => {
  const model = await solara.debug.widgetManager().get_model(id);
  return model.get(name);
}"""


def test_the_page_cannot_set_the_map_viewer(solara_test, page_session, console_errors):
    game = hellenes_nb.new_game("431", seed=3)
    w = MapWidget(game, viewer="athens")
    display(w)
    page = page_session
    page.locator(".hmap-svg").wait_for(timeout=SETTLE)
    page.locator(".hmap-stack[data-stack-side='sparta']").first.wait_for(timeout=SETTLE)
    drawn = page.locator(".hmap-svg").inner_html()
    assert page.evaluate(SET_FROM_PAGE, [w.model_id, "viewer", "all"]) == "all"
    # the kernel refuses the update and sends the true value back
    page.wait_for_function(VIEWER_IS, arg=[w.model_id, "athens"], timeout=SETTLE)
    assert w.viewer == "athens"
    board = page.evaluate(READ_FROM_PAGE, [w.model_id, "board"])
    assert board["viewer"] == "athens"
    spartan = [b for blocks in board["blocks"].values() for b in blocks if b["side"] == "sparta"]
    assert spartan and all(b.get("hidden") and "key" not in b for b in spartan)
    page.evaluate(NEXT_FRAMES)  # let any redraw the update might have caused happen
    assert page.locator("[data-unit^='S']").count() == 0, "no Spartan block is drawn face up"
    assert page.locator(".hmap-svg").inner_html() == drawn
    assert console_errors == []
