"""Counters a class reads on a projector (issue 29 item 3): identical units of a side in a zone
are one stack with their number, every text on a counter is at least TEXT units high, and the
operational map drawn small beside the main map shows each box's pieces as chips at full size."""

from __future__ import annotations

import re

from hellenes_nb import new_game
from hellenes_nb.games.amphipolis.counters import TEXT, pieces_of
from hellenes_nb.games.amphipolis.render import board_svg


def _unit(uid: str, pf: int = 7) -> dict:
    return {"id": uid, "type": "H", "pf": pf, "full": 7, "bonus": False, "reduced": pf < 7,
            "nation": "athens"}


def _zone(units: list[dict]) -> dict:
    return {"athens": {"leaders": [], "units": units}, "sparta": {"leaders": [], "units": []}}


def test_identical_units_are_one_stack_with_their_number():
    pieces = pieces_of(_zone([_unit("a"), _unit("b"), _unit("c", pf=4), _unit("d")]))
    assert [p[3] for p in pieces] == [("a", "b", "d"), ("c",)]


def test_a_stack_is_drawn_with_its_count_and_all_its_ids():
    view = new_game("amphipolis-10.2", 7).view("athens")
    box = next(z for z in view["zones"] if z["id"] == "O1")
    ids = [u["id"] for u in box["sparta"]["units"] if u["type"] == "H"]
    assert len(ids) >= 2, "Mendè holds several alike hoplites in 10.2"
    svg = board_svg(view)
    drawn = re.search(r'data-units="([^"]+)"', svg)
    assert drawn and drawn.group(1).split() == ids
    assert re.search(rf'class="count">.*?>{len(ids)}</text>', svg)


def test_no_counter_text_is_smaller_than_text():
    svg = board_svg(new_game("amphipolis-10.2", 7).view("athens"))
    for group in re.findall(r'<g class="(?:unit|leader)".*?</g>', svg):
        sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', group)]
        assert sizes and min(sizes) >= TEXT >= 12


def test_the_small_operational_map_shows_chips_not_tiny_counters():
    view = new_game("amphipolis-10.1", 7).view("athens")
    svg = board_svg(view)
    operational = svg[svg.index('class="operational"'):]
    operational = operational[:operational.index('class="chips"')]
    assert 'class="unit"' not in operational  # no counters at 0.38 scale
    thasos = next(z for z in view["zones"] if z["id"] == "thasos")
    n = len(thasos["athens"]["units"])
    assert n and re.search(rf'class="chips" data-zone="thasos">.*?>{n}★?\d*</text>', svg)
