"""How good a position is for one side: the score the search gives a rollout's last position.

A rollout stops at the end of a season or a year, long before the war is decided, so the
position is scored by what decides wars (§14): Prestige, the tribute the cities held would pay
at the coming Year End (§9.51, the same count the rules make: ``year_end.tribute``), and the
forces on the map (land and sea strength, which win the battles that bring Prestige, §14.11).
The score is a win chance, ``1 / (1 + exp(-z))`` with ``z`` a weighted sum of those facts from
the side's point of view; a finished game scores 1, 0.5 or 0.

The weights are set by hand (docs/bots.md, "The evaluation");
``scripts/fit_evaluation.py`` fits them by logistic regression on positions of heuristic
self-play games (at every season's card play, against the game's final result) and prints the
fit's accuracy, to check or replace them.
"""

from __future__ import annotations

import math

from hellenes_nb.games.hellenes.bots.picture import unit_strength
from hellenes_nb.games.hellenes.index import SIDE_NAMES
from hellenes_nb.games.hellenes.rules.year_end import last_year, result, tribute
from hellenes_nb.games.hellenes.state import State

#: the facts scored, each from Athens' point of view (see :func:`features`)
FEATURES = ("prestige", "tribute", "land", "sea", "prestige_late")

#: weights per fact (module docstring; docs/bots.md, "The evaluation")
WEIGHTS = {"prestige": 0.25, "tribute": 0.25, "land": 0.05, "sea": 0.03, "prestige_late": 0.2}


def features(state: State) -> dict[str, float]:
    """The facts the score weighs, each as Athens' lead over Sparta.

    ``prestige`` is the track; ``tribute`` the net tribute due at the coming Year End;
    ``land`` and ``sea`` the fighting value of the land units and the fleets on the map
    (:func:`~.picture.unit_strength`); ``prestige_late`` the track again when this is the
    scenario's last year (when it alone decides, §14.24)."""
    ix = state.ix
    land = [0.0, 0.0]
    sea = [0.0, 0.0]
    loc, cv = state.loc, state.cv
    for u in range(120):
        p = loc[u]
        if p < 0:
            continue
        side = u // 60
        if ix.is_fleet[u]:
            sea[side] += unit_strength(ix, u, cv[u], True)
        else:
            land[side] += unit_strength(ix, u, cv[u], False)
    t = tribute(state)
    late = state.year <= last_year(state)
    return {"prestige": float(state.prestige),
            "tribute": float(t["athens"]["net"] - t["sparta"]["net"]),
            "land": land[0] - land[1], "sea": sea[0] - sea[1],
            "prestige_late": float(state.prestige) if late else 0.0}


def value(state: State, role: int, weights: dict[str, float] = WEIGHTS) -> float:
    """The win chance of side number ``role`` (0 Athens, 1 Sparta) in ``state``, 0 to 1."""
    res = result(state)
    if res is not None:
        if res["winner"] is None:
            return 0.5
        return 1.0 if res["winner"] == SIDE_NAMES[role] else 0.0
    f = features(state)
    z = sum(weights[k] * f[k] for k in FEATURES)
    if role == 1:
        z = -z
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
