"""polars tables of an :class:`~.Odds` result, for notebooks and charts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import polars as pl

from hellenes_nb.core.echo import shown
from hellenes_nb.games.hellenes.odds.battle import SIDE_NAMES
from hellenes_nb.games.hellenes.odds.endings import PRESTIGE, Outcome


class OddsLike(Protocol):
    """What a table reads of an :class:`~.result.Odds` (named here so that this module does not
    import the one that imports it)."""

    outcomes: Mapping[Outcome, Any]

    def by_how(self) -> dict[tuple[str, str], Any]: ...

    def steps_lost_distribution(self, side: int) -> list[Any]: ...

TABLES = ("outcomes", "losses", "joint")


def odds_table(odds: OddsLike, which: str = "outcomes") -> pl.DataFrame:
    """Build one of the tables named in :data:`TABLES` (see :meth:`Odds.table`)."""
    if which == "outcomes":
        rows = [
            {"winner": name, "how": how, "probability": float(p), "prestige": PRESTIGE[how]}
            for (name, how), p in odds.by_how().items()
        ]
        return pl.DataFrame(rows).sort("probability", descending=True)
    if which == "losses":
        rows = [
            {"side": name, "steps_lost": k, "probability": float(p)}
            for side, name in enumerate(SIDE_NAMES)
            for k, p in enumerate(odds.steps_lost_distribution(side))
        ]
        return pl.DataFrame(rows)
    if which == "joint":
        rows = [
            {
                "winner": SIDE_NAMES[winner],
                "how": how,
                "attacker_steps_lost": lost_a,
                "defender_steps_lost": lost_d,
                "probability": float(p),
            }
            for (winner, how, lost_a, lost_d), p in odds.outcomes.items()
        ]
        return pl.DataFrame(rows).sort("probability", descending=True)
    raise ValueError(f"unknown table {shown(which)}: choose one of {', '.join(TABLES)}")
