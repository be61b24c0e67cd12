"""The main map of *Amphipolis* (T1-T27, M1-M3) as data: every fact the rulebook states about
its zones is checked by ``hellenes data check``, and a spoilt map is named with its section."""

from __future__ import annotations

import pytest

from hellenes_nb.games.amphipolis.world import load_world
from hellenes_nb.games.amphipolis.worldcheck import problems


def test_the_main_map_has_its_thirty_zones_and_every_record_a_source():
    w = load_world()
    assert len(w.main) == 30
    assert all("§" in z.source or "reconstruction" in z.source for z in w.main)
    assert all("§" in b.source or "reconstruction" in b.source for b in w.borders)
    assert problems(w) == []


#: (rulebook section, the edit to zones.yaml, a problem the check must name)
SPOILT = [
    ("3.1.4", "{zones: [T11, T15], crossing: bridge,", "{zones: [T11, T15], crossing: river,",
     "zones.yaml: the one bridge joins T15 and T11 (§3.1.4)"),
    ("3.1", "  - {zones: [T7, T8], source",
     "  - {zones: [T7, T11], source: \"x §3\"}\n  - {zones: [T7, T8], source",
     "zones.yaml: T7 and T11 are not adjacent (§3.1)"),
    ("3.1", "  - {zones: [T7, T8], source",
     "  - {zones: [T7, T11], source: \"x §3\"}\n  - {zones: [T7, T8], source",
     "zones.yaml: the juncture T7-T9-T11-T12: T7 and T11 meet only at the point (§3.1)"),
    ("3.1", "  - {zones: [T18, T19], source",
     "  - {zones: [T19, T20], source: \"x §3\"}\n  - {zones: [T18, T19], source",
     "zones.yaml: T19 and T20 are not adjacent (§3.1)"),
    ("3.1.4", "{zones: [T11, T17], wall: permanent, inside: T11,", "{zones: [T11, T17],",
     "zones.yaml: T15 to T17 by T11 costs 4 PM, 2 a step (§3.1.4); the map gives 2 and 1"),
    ("3.1.4", "{zones: [T13, T15], crossing: river,", "{zones: [T13, T15],",
     "zones.yaml: T15 to T13 crosses the river without the bridge (§3.1.4)"),
    ("5.1", "wall: permanent, inside: T12,", "wall: permanent, inside: T7,",
     "zones.yaml: the border T12-T7 has a permanent wall with T12 inside (§5.1, §3.1.4)"),
    ("3.1.3", "  - {zones: [T22, M2], source: \"§3.1.3 (an amphibious move from M2 to T22)\"}\n",
     "", "zones.yaml: M2 touches T22 (§3.1.3, §1.1.1)"),
    ("1.1.1", "name: Kerdylion, terrain: elevated", "name: Kerdylion, terrain: clear",
     "zones.yaml: id 'T21' is elevated terrain (§1.1.1)"),
]


@pytest.mark.parametrize("old,new,problem", [
    pytest.param(*row[1:], marks=pytest.mark.rule(row[0]), id=f"s{row[0]}-{n}")
    for n, row in enumerate(SPOILT)])
def test_a_spoilt_main_map_is_named_with_its_section(spoil, old, new, problem):
    assert problem in spoil("zones.yaml", old, new)
