"""A tiny synthetic map (three land areas, three seas, one in the Sicily inset) for renderer tests.

The real data is tested separately (test_real_map.py); these fixtures pin renderer behaviour
independently of how the map data evolves.
"""

from __future__ import annotations

from types import SimpleNamespace as NS

import pytest
from support.tiny_board_geometry import tiny_geometry_file


@pytest.fixture
def tiny_geometry(tmp_path):
    return tiny_geometry_file(tmp_path)


def _city(name, value, port, nationality):
    return NS(name=name, value=value, port=port, nationality=nationality)


def _area(area_id, name, city, region="greece", neutral_in=()):
    """A land area of the tiny test world; its nation shares the area's id."""
    return NS(id=area_id, name=name, nation=area_id, region=region, city=city, town=None,
              neutral_in=neutral_in)


@pytest.fixture
def tiny_world():
    areas = {
        "attica": _area("attica", "Attica", _city("Athens", 5, True, "attica")),
        "boeotia": _area("boeotia", "Boeotia", _city("Thebes", 4, False, "boeotia")),
        "syracuse": _area("syracuse", "Syracuse", _city("Syracuse", 5, True, "syracuse"),
                          region="sicily", neutral_in=("431",)),
    }
    seas = {
        "saronic_gulf": NS(id="saronic_gulf", name="Saronic Gulf", region="greece"),
        "andros_sea": NS(id="andros_sea", name="Andros Sea", region="greece"),
        "gulf_of_rhegium": NS(id="gulf_of_rhegium", name="Gulf of Rhegium", region="sicily"),
    }
    borders = (
        NS(a="attica", b="boeotia", type="land"),
        NS(a="andros_sea", b="saronic_gulf", type="deepsea"),
        NS(a="attica", b="saronic_gulf", type="coast"),
        NS(a="andros_sea", b="gulf_of_rhegium", type="sea"),
    )
    setup = (
        NS(side="athens", unit=1, area="attica", cv=4),
        NS(side="athens", unit=2, area="attica", cv=3),
        NS(side="athens", unit=3, area="saronic_gulf", cv=2),
        NS(side="sparta", unit=1, area="boeotia", cv=4),
        NS(side="sparta", unit=2, area="attica", cv=1),
    )
    scenario = NS(
        id="431", name="The 431 Campaign", years=(431, 422), setup=setup, neutral=("boeotia",)
    )
    places = {**areas, **seas}
    return NS(
        areas=areas,
        seas=seas,
        borders=borders,
        nationalities={
            "attica": NS(colour="#1f4e9c"),
            "boeotia": NS(colour="#e6c619"),
            "syracuse": NS(colour="#c0392b"),
        },
        scenarios={"431": scenario},
        place=places.__getitem__,
    )
