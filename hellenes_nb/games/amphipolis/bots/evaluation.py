"""The search's score of an *Amphipolis* position, learned from self-play (docs/bots.md,
"Amphipolis: a learned evaluation").

A rollout stops at the end of a turn. Its last position is scored as a win chance
``1 / (1 + exp(-z))``, ``z`` a weighted sum of facts (:func:`features`, each Athens' lead
over Sparta). The first is the heuristic's own hand-set judgement of the position for Athens
(:func:`.heuristic.worth`, scaled as the search read it before), so the fit can keep it and
correct it by the others rather than learn the game again from a few dozen games. The facts
read the scenario's own victory terms from its record in ``data/amphipolis/scenarios.yaml``
(§10): the victory points now (§9.2, with the scenario's fixed points and its set of towns),
how near the last turn is (a lead counts for the result only then), the share of a set of
towns held (§10.2), the land strength on the map (in tens of PF), the sieges in prospect
with their exact odds (§4.3), the march of an army on the citadel (§4.3.4), the strategems
in hand (§7) and the Advantage (§8, headed 9 in the translation). Each scenario is its own
family: the weights are fitted per scenario by ``scripts/fit_evaluation_amphipolis.py`` and
shipped in ``data/amphipolis/evaluation.json``; a scenario without fitted weights, or whose
fit did not beat the hand-set worth on its own games (cross-validated, ``used``), keeps the
heuristic's hand-set :func:`.heuristic.worth`."""

from __future__ import annotations

from pathlib import Path

from hellenes_nb.bots import learned
from hellenes_nb.bots.learned import win_chance
from hellenes_nb.games.amphipolis.bots.heuristic import (
    SCALE,
    approach,
    nearness,
    prospects,
    set_credit,
    worth,
)
from hellenes_nb.games.amphipolis.rules.common import (
    UNITS,
    in_play_units,
    scenario_of,
    strength,
)
from hellenes_nb.games.amphipolis.rules.victory import scores
from hellenes_nb.games.amphipolis.state import State
from hellenes_nb.games.amphipolis.world import data_dir

__all__ = ["FEATURES", "WEIGHTS_FILE", "family", "features", "fitted", "value"]

WEIGHTS_FILE = "evaluation.json"
#: the facts scored, each as Athens' lead over Sparta (:func:`features`)
FEATURES = ("worth", "vp", "vp_late", "vp_progress", "set_part", "land", "sieges",
            "approach", "hand", "advantage")


def family(scenario: str) -> str:
    """The family of fitted weights a scenario reads: the scenario itself (each has its own
    victory terms, §10), without the game's prefix."""
    return scenario.removeprefix("amphipolis-")


def fitted(fam: str, folder: Path | None = None) -> dict[str, float] | None:
    """The fitted weights of a family, or None (none, or not ``used``:
    :func:`~hellenes_nb.bots.learned.fitted`); a file that cannot be read is a
    :class:`~hellenes_nb.bots.learned.TermsError` naming it."""
    return learned.fitted((folder or data_dir()) / WEIGHTS_FILE, fam)


def features(st: State) -> dict[str, float]:
    """The facts, each as Athens' lead (module docstring); a term the scenario does not have
    gives 0."""
    vp = scores(st)
    lead = float(vp[0] - vp[1])
    holder, credit, whole = set_credit(st)
    span = max(1, st.last - st.first)
    land = [sum(strength(st, i) for i in in_play_units(st, s) if UNITS[i].land)
            for s in (0, 1)]
    return {
        "worth": worth(st, 0) / SCALE,
        "vp": lead,
        "vp_late": lead * nearness(st),
        "vp_progress": lead * max(0, st.turn - st.first) / span,
        "set_part": 0.0 if whole or not scenario_of(st).both_towns_vp
        else credit * (1 if holder == 0 else -1),
        "land": (land[0] - land[1]) / 10,
        "sieges": prospects(st, 0) - prospects(st, 1),
        "approach": approach(st, 0) - approach(st, 1),
        "hand": float(len(st.hands[0]) - len(st.hands[1])),
        "advantage": 1.0 if st.advantage == 0 else -1.0,
    }


def value(st: State, role: int, weights: dict[str, float]) -> float:
    """The win chance of side number ``role`` (0 Athens, 1 Sparta) by ``weights``, 0 to 1."""
    return win_chance(features(st), weights, role)
