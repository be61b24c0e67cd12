"""The search's score of a *300: Earth & Water* position, learned from self-play.

A rollout stops at the end of a campaign. Its last position is scored by the game's victory
terms, read as data (``data/earth_water/victory_terms.yaml``, :class:`EWTerms`, each term naming
its section): the Total Score Track and its cap (§4.5), the campaign (the track alone decides
after the last, §10), Major cities held (losing both loses at once, §9), the Great King's
sudden death (§5.3), the points the cities would give now (§9), the forces, their food and
supply (§8.2), the cards in hand and the bridge. The score is a win chance
``1 / (1 + exp(-z))``, ``z`` a weighted sum of those facts (:func:`features`, Greece's lead)
with weights fitted by ``scripts/fit_evaluation_ew.py`` and shipped in
``data/earth_water/evaluation.json``; without that file the search keeps the heuristic's own
worth (:func:`.judge.worth_of`) squashed (:data:`.searching.SCALE`).
"""

from __future__ import annotations

import functools
from pathlib import Path

from hellenes_nb.bots import learned
from hellenes_nb.bots.learned import TermsError, read_terms, win_chance
from hellenes_nb.core.models import FileModel
from hellenes_nb.games.earth_water.index import MAJORS, N
from hellenes_nb.games.earth_water.rules.board import controls, supplied
from hellenes_nb.games.earth_water.rules.campaign import points, result
from hellenes_nb.games.earth_water.rules.supply import fed
from hellenes_nb.games.earth_water.state import State
from hellenes_nb.games.earth_water.world import data_dir


@functools.cache
def _home() -> Path:
    """The packaged data folder, found once (a look on disk per score would cost more than
    the score)."""
    return data_dir()


__all__ = ["EWTerms", "FEATURES", "TermsError", "features", "fitted", "terms_for", "value"]

TERMS_FILE = "victory_terms.yaml"
WEIGHTS_FILE = "evaluation.json"
#: the facts scored, each as Greece's lead over Persia (:func:`features`)
FEATURES = ("score", "score_late", "score_progress", "points", "majors_lost", "armies",
            "fleets", "hand", "bridge", "hungry", "cut", "kings_dead")


class EWTerms(FileModel):
    """What decides the game (the data file's header says what each field means)."""

    scenario: str
    family: str
    score_track: int
    campaigns: int
    majors_fall: bool
    sudden_death: bool
    sections: dict[str, str]


@functools.cache
def _terms(folder: Path) -> dict[str, EWTerms]:
    return read_terms(folder / TERMS_FILE, EWTerms)


def terms_for(scenario: str, folder: Path | None = None) -> EWTerms:
    """The victory terms of ``scenario``; one the file does not list is refused in words."""
    terms = _terms(folder or _home())
    if scenario not in terms:
        raise TermsError(f"{TERMS_FILE} has no victory terms for scenario {scenario!r}")
    return terms[scenario]


def fitted(family: str, folder: Path | None = None) -> dict[str, float] | None:
    """The fitted weights of a family, or None (:func:`~hellenes_nb.bots.learned.fitted`)."""
    return learned.fitted((folder or _home()) / WEIGHTS_FILE, family)


def features(st: State, terms: EWTerms | None = None) -> dict[str, float]:
    """The facts, each as Greece's lead (module docstring); a term the scenario does not have
    gives 0."""
    t = terms or terms_for(st.scenario)
    pts = points(st)
    lead = [0.0] * 6  # majors lost, armies, fleets, hand, hungry, cut: Greece minus Persia
    for s, k in ((0, 1.0), (1, -1.0)):
        if t.majors_fall:
            lead[0] += k * sum(1 for m in MAJORS[s] if not controls(st, s, m))
        lead[1] += k * sum(st.u[s * N + c] for c in range(N))
        lead[2] += k * sum(st.u[(2 + s) * N + c] for c in range(N))
        lead[3] += k * len(st.hands[s])
        need, food = fed(st, s)
        lead[4] += k * max(0, need - food)
        linked = supplied(st, s)
        lead[5] += k * sum(st.u[s * N + c] for c in range(N)
                           if st.u[s * N + c] and c not in linked and not st.u[(2 + s) * N + c])
    score = float(max(-t.score_track, min(t.score_track, st.score)))
    kings = (st.has("darius") + st.has("xerxes")) if t.sudden_death else 0
    return {"score": score, "score_late": score if st.campaign >= t.campaigns else 0.0,
            "score_progress": score * (st.campaign - 1) / max(1, t.campaigns - 1),
            "points": float(pts[0] - pts[1]), "majors_lost": lead[0], "armies": lead[1],
            "fleets": lead[2], "hand": lead[3], "bridge": 1.0 if st.has("bridge") else 0.0,
            "hungry": lead[4], "cut": lead[5], "kings_dead": float(kings)}


def value(st: State, role: int, weights: dict[str, float]) -> float:
    """The win chance of side number ``role`` (0 Greece, 1 Persia), 0 to 1; a finished game
    scores 1, 0.5 or 0."""
    res = result(st)
    if res is not None:
        if res["winner"] is None:
            return 0.5
        return 1.0 if res["winner"] == ("greece", "persia")[role] else 0.0
    return win_chance(features(st), weights, role)
