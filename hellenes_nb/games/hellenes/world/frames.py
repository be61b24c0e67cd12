"""Polars DataFrames of the world, for tables in notebooks and quick analysis.

``World.frames()`` calls :func:`world_frames`; this module needs only the world's tables (the
:class:`Tables` it reads), so it does not import the records back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import polars as pl


class Tables(Protocol):
    """The part of a ``World`` the frames show."""

    areas: Mapping[str, Any]
    seas: Mapping[str, Any]
    borders: Sequence[Any]
    units: Mapping[tuple[str, int], Any]
    cards: Mapping[int, Any]


def world_frames(world: Tables) -> dict[str, pl.DataFrame]:
    """DataFrames keyed ``areas``, ``seas``, ``borders``, ``units`` and ``cards``."""
    areas = pl.DataFrame(
        [
            {
                "id": a.id,
                "name": a.name,
                "nation": a.nation,
                "region": a.region,
                "island": a.island,
                "city": a.city.name if a.city else None,
                "value": a.city.value if a.city else None,
                "capacity": a.city.capacity if a.city else None,
                "port": a.city.port if a.city else None,
                "offshore_sea": a.city.offshore_sea if a.city else None,
                "nationality": (a.city or a.town).nationality if (a.city or a.town) else None,
                "loyalty": a.city.loyalty if a.city else None,
                "subject_region": a.city.subject_region if a.city else None,
                "town": a.town.name if a.town else None,
                "source": a.source,
            }
            for a in world.areas.values()
        ],
        infer_schema_length=None,
    )
    seas = pl.DataFrame(
        [
            {
                "id": s.id,
                "name": s.name,
                "region": s.region,
                "grain_route": s.grain_route,
                "source": s.source,
            }
            for s in world.seas.values()
        ]
    )
    borders = pl.DataFrame(
        [{"a": b.a, "b": b.b, "type": b.type, "source": b.source} for b in world.borders]
    )
    units = pl.DataFrame(
        [
            {
                "side": u.side,
                "id": u.id,
                "key": u.key,
                "name": u.name,
                "nationality": u.nationality,
                "type": u.type,
                "max_cv": u.max_cv,
                "rating": str(u.rating),
                "sea_rating": str(u.sea_rating) if u.sea_rating else None,
                "move": u.move,
                "elite": u.elite,
                "home": ";".join(u.home),
                "scenarios": ";".join(u.scenarios),
                "availability": u.availability,
                "source": u.source,
            }
            for u in world.units.values()
        ],
        infer_schema_length=None,
    ).sort(["side", "id"])
    cards = pl.DataFrame(
        [
            {
                "number": c.number,
                "title": c.title,
                "border": c.border,
                "actions": c.actions,
                "event": c.event,
                "side": c.side,
                "continuing": c.continuing,
                "new_year_ok": c.new_year_ok,
                "leader_value": c.leader_value,
                "text": c.text,
                "source": c.source,
            }
            for c in world.cards.values()
        ],
        infer_schema_length=None,
    ).sort("number")
    return {"areas": areas, "seas": seas, "borders": borders, "units": units, "cards": cards}
