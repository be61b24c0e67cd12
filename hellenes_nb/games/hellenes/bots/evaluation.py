"""How good a position is for one side: the score the search gives a rollout's last position.

A rollout stops at the end of a season or a year, long before the war is decided, so the
position is scored by what decides wars (§14) and by the scenario's own victory terms, read
as data (:mod:`.terms`, ``data/hellenes/victory_terms.yaml``): Prestige, the tribute the
cities held would pay at the coming Year End (§9.51, the rules' own count:
``year_end.tribute``), the forces on the map (land and sea strength, which win the battles that
bring Prestige, §14.11), Prestige again in the final year (§14.24) and weighed by how much of
the scenario has passed, the Prestige a scenario rule moves every remaining Year End (Sicily:
§15.2 rule 4), the cards in hand and whether the war has resumed (§12.1). The score is a win
chance, ``1 / (1 + exp(-z))`` with ``z`` a weighted sum of those facts from the side's point of
view; a finished game scores 1, 0.5 or 0.

The weights are fitted per family of scenarios by ``scripts/fit_evaluation.py`` (logistic
regression on heuristic self-play positions against the final result) and shipped in
``data/hellenes/evaluation.json``; a family without fitted weights falls back on the hand-set
ones (:func:`hand_weights`; docs/bots.md, "The evaluation").
"""

from __future__ import annotations

import functools

from hellenes_nb.bots.learned import win_chance
from hellenes_nb.games.hellenes.bots.picture import unit_strength
from hellenes_nb.games.hellenes.bots.terms import VictoryTerms, fitted, terms_for
from hellenes_nb.games.hellenes.index import SIDE_NAMES
from hellenes_nb.games.hellenes.rules.scenarios import war_resumed
from hellenes_nb.games.hellenes.rules.year_end import result, tribute
from hellenes_nb.games.hellenes.state import State

#: the facts scored, each from Athens' point of view (see :func:`features`)
FEATURES = ("prestige", "tribute", "land", "sea", "prestige_late", "prestige_due",
            "prestige_progress", "hand", "war")

#: the hand-set weights (docs/bots.md, "The evaluation"); the last-year weight comes from the
#: scenario's terms (:func:`hand_weights`)
WEIGHTS = {"prestige": 0.25, "tribute": 0.25, "land": 0.05, "sea": 0.03, "prestige_due": 0.25}


def hand_weights(terms: VictoryTerms) -> dict[str, float]:
    """The hand-set weights for a scenario: :data:`WEIGHTS` and its last-year weight."""
    return {**WEIGHTS, "prestige_late": terms.last_year_prestige}


def features(state: State, terms: VictoryTerms | None = None) -> dict[str, float]:
    """The facts the score weighs, each as Athens' lead over Sparta.

    ``prestige`` is the track; ``tribute`` the net tribute due at the coming Year End;
    ``land`` and ``sea`` the fighting value of the land units and the fleets on the map
    (:func:`~.picture.unit_strength`); ``prestige_late`` the track again when this is the
    scenario's last year (when it alone decides, §14.24); ``prestige_due`` the lead the
    scenario's own rules will move at the Year Ends after the coming one; ``prestige_progress``
    the track times the share of the scenario's years gone; ``hand`` the cards in hand;
    ``war`` 1 once the war has resumed (§12.1)."""
    terms = terms or terms_for(state.scenario)
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
    first, last = ix.world.scenarios[state.scenario].years
    prestige = float(state.prestige)
    gone = (first - state.year) / max(1, first - last)
    return {"prestige": prestige,
            "tribute": float(t["athens"]["net"] - t["sparta"]["net"]),
            "land": land[0] - land[1], "sea": sea[0] - sea[1],
            "prestige_late": prestige if state.year <= last else 0.0,
            "prestige_due": float(terms.yearly_lead() * max(0, state.year - last)),
            "prestige_progress": prestige * gone,
            "hand": float(len(state.hands[0]) - len(state.hands[1])),
            "war": 1.0 if war_resumed(state) else 0.0}


@functools.cache
def weights_for(scenario: str) -> dict[str, float]:
    """The weights the search uses in ``scenario``: its family's fitted weights without their
    intercept, else the hand-set ones. The intercept is the side the family favours between
    two heuristic bots (415: about -8, Sparta nearly always wins); it is the same for every
    candidate and would only squeeze their win chances against 0 or 1, below the search's
    margin, so the search scores around an even game."""
    terms = terms_for(scenario)
    w = fitted(terms.family)
    if w is None:
        return hand_weights(terms)
    return {k: v for k, v in w.items() if k != "intercept"}


def value(state: State, role: int, weights: dict[str, float] | None = None) -> float:
    """The win chance of side number ``role`` (0 Athens, 1 Sparta) in ``state``, 0 to 1, with
    ``weights`` (default :func:`weights_for` the state's scenario; a missing fact weighs 0)."""
    res = result(state)
    if res is not None:
        if res["winner"] is None:
            return 0.5
        return 1.0 if res["winner"] == SIDE_NAMES[role] else 0.0
    w = weights if weights is not None else weights_for(state.scenario)
    return win_chance(features(state), w, role)
