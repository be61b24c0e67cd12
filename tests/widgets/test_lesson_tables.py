"""Tables as a teacher prints them (issue 15, item 6): notebook 00's polars tables."""

from __future__ import annotations

import polars as pl

from hellenes_nb.games.hellenes.world import load_world
from hellenes_nb.widgets.lesson_tables import fitted, leader_name, table, words


def test_a_table_has_readable_headers_and_values_and_no_type_row():
    frame = pl.DataFrame({"subject_region": ["aeolian_islands", None], "side": ["athens", "both"],
                          "port": [True, False], "value": [3, 2],
                          "text": ["A long event text " * 20, "short"]})
    out = table(frame, caption="Cities").data
    assert "<th>Subject region</th>" in out and "<caption>Cities</caption>" in out
    assert "<td>Aeolian islands</td>" in out and "<td>—</td>" in out
    assert "<td>Athens</td>" in out and "<td>Both sides</td>" in out
    assert "<td>yes</td>" in out and "<td>no</td>" in out
    assert "<td class=hl-num>3</td>" in out
    assert ("A long event text " * 20).strip() in out, "long text is never cut"
    for raw in ("str", "i64", "bool", '"athens"', "…", "shape:"):
        assert raw not in out


def test_html_in_a_cell_is_shown_as_text():
    assert "&lt;b&gt;" in table(pl.DataFrame({"title": ["<b>x</b>"]})).data


def test_words_and_leaders_by_name():
    assert words("elite_hoplite") == "Elite hoplite" and words("Spartiates") == "Spartiates"
    assert words(0.5) == "0.5" and words(2.0) == "2" and words(["a", None]) == "A, —"
    world = load_world()
    names = {leader_name(world, sc.leaders.get("athens")) for sc in world.scenarios.values()}
    assert "Pericles" in names and all(n and n[0].isupper() for n in names)
    assert leader_name(world, None) == "—"


def test_fitted_scales_a_drawing_to_the_output_width():
    out = fitted('<svg xmlns="x" viewBox="0 0 1400 978" width="1100" height="769"><g width="3"/>'
                 "</svg>").data
    assert out.startswith('<svg width="100%" style="display:block;height:auto;max-width:1100px"')
    assert 'height="769"' not in out and '<g width="3"/>' in out
