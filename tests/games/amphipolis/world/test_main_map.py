"""The main map of *Amphipolis* (T1-T27, M1-M3) as data: every fact the rulebook states about
its zones is checked by ``hellenes data check``, and a spoilt map is named with its section."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hellenes_nb.games.amphipolis.world import data_dir, load_world, read_world
from hellenes_nb.games.amphipolis.worldcheck import problems


def _spoilt(tmp_path: Path, old: str, new: str) -> list[str]:
    folder = tmp_path / "amphipolis"
    shutil.copytree(data_dir(), folder)
    path = folder / "zones.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return problems(read_world(folder))


def test_the_main_map_has_its_thirty_zones_and_every_record_a_source():
    w = load_world()
    assert len(w.main) == 30
    assert all("§" in z.source or "reconstruction" in z.source for z in w.main)
    assert all("§" in b.source or "reconstruction" in b.source for b in w.borders)
    assert problems(w) == []


@pytest.mark.rule("3.1.4")
def test_a_bridge_moved_elsewhere_is_named(tmp_path):
    found = _spoilt(tmp_path, "{zones: [T11, T15], crossing: bridge,",
                    "{zones: [T11, T15], crossing: river,")
    assert "zones.yaml: the one bridge joins T15 and T11 (§3.1.4)" in found


@pytest.mark.rule("3.1")
def test_zones_meeting_at_a_juncture_point_are_not_adjacent(tmp_path):
    found = _spoilt(tmp_path, "  - {zones: [T7, T8], source",
                    "  - {zones: [T7, T11], source: \"x §3\"}\n  - {zones: [T7, T8], source")
    assert "zones.yaml: T7 and T11 are not adjacent (§3.1)" in found
    assert any("T7 and T11 meet only at the point (§3.1)" in p for p in found)


@pytest.mark.rule("3.1")
def test_the_map_edge_corners_are_not_adjacencies(tmp_path):
    found = _spoilt(tmp_path, "  - {zones: [T18, T19], source",
                    "  - {zones: [T19, T20], source: \"x §3\"}\n  - {zones: [T18, T19], source")
    assert "zones.yaml: T19 and T20 are not adjacent (§3.1)" in found


@pytest.mark.rule("3.1.4")
def test_the_worked_example_t15_t11_t17_is_checked(tmp_path):
    found = _spoilt(tmp_path, "{zones: [T11, T17], wall: permanent, inside: T11,",
                    "{zones: [T11, T17],")
    assert any("T15 to T17 by T11 costs 4 PM" in p for p in found)


@pytest.mark.rule("3.1.4")
def test_the_river_between_t15_and_t13_is_checked(tmp_path):
    found = _spoilt(tmp_path, "{zones: [T13, T15], crossing: river,", "{zones: [T13, T15],")
    assert "zones.yaml: T15 to T13 crosses the river without the bridge (§3.1.4)" in found


@pytest.mark.rule("5.1")
def test_a_wall_on_the_wrong_side_is_named(tmp_path):
    found = _spoilt(tmp_path, "wall: permanent, inside: T12,", "wall: permanent, inside: T7,")
    assert "zones.yaml: the border T12-T7 has a permanent wall with T12 inside (§5.1, §3.1.4)" \
        in found


@pytest.mark.rule("3.1.3")
def test_the_amphibious_example_needs_m2_on_three_shores(tmp_path):
    found = _spoilt(tmp_path, "  - {zones: [T22, M2], source: \"§3.1.3 (an amphibious move from "
                    "M2 to T22)\"}\n", "")
    assert "zones.yaml: M2 touches T22 (§3.1.3, §1.1.1)" in found


@pytest.mark.rule("1.1.1")
def test_the_terrain_the_rulebook_gives_is_checked(tmp_path):
    found = _spoilt(tmp_path, "name: Kerdylion, terrain: elevated",
                    "name: Kerdylion, terrain: clear")
    assert "zones.yaml: id 'T21' is elevated terrain (§1.1.1)" in found
