"""Each scenario's victory terms and the evaluation's fitted weights, read from data.

The search scores a rollout's last position by what decides the scenario it is playing
(docs/bots.md, "Scenario terms"). Those terms are data, one :class:`VictoryTerms` record per
scenario in ``data/hellenes/victory_terms.yaml``, each term naming its rulebook section, so
the evaluation has no scenario written into its code. The weights fitted by
``scripts/fit_evaluation.py`` for each family of scenarios are in
``data/hellenes/evaluation.json`` (:func:`fitted`), with the seeds, the game counts, the commit
and the script that produced them.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Literal

from hellenes_nb.bots import learned
from hellenes_nb.bots.learned import TermsError, read_terms
from hellenes_nb.core.models import FileModel
from hellenes_nb.games.hellenes.world.load import data_dir


@functools.cache
def _home() -> Path:
    """The packaged data folder, found once (a look on disk per score would cost more than
    the score)."""
    return data_dir()


__all__ = ["TermsError", "VictoryTerms", "fitted", "terms_for"]

TERMS_FILE = "victory_terms.yaml"
WEIGHTS_FILE = "evaluation.json"


class VictoryTerms(FileModel):
    """What decides one scenario (the data file's header says what each field means)."""

    scenario: str
    family: str
    decisive_lead: int
    last_year_prestige: float
    yearly_prestige: dict[Literal["athens", "sparta"], int] = {}
    war_resumes: Literal["never", "at_start", "by_choice"]
    action_margin: float | None = None
    sections: dict[str, str]

    def yearly_lead(self) -> int:
        """Athens' gain in the Prestige lead at every Year End from the scenario's own rules."""
        return self.yearly_prestige.get("athens", 0) - self.yearly_prestige.get("sparta", 0)


@functools.cache
def _all_terms(folder: Path) -> dict[str, VictoryTerms]:
    return read_terms(folder / TERMS_FILE, VictoryTerms)


def terms_for(scenario: str, folder: Path | None = None) -> VictoryTerms:
    """The victory terms of ``scenario``; a scenario the file does not list is refused."""
    terms = _all_terms(folder or _home())
    if scenario not in terms:
        raise TermsError(f"{TERMS_FILE} has no victory terms for scenario {scenario!r} "
                         f"(it lists {', '.join(sorted(terms))})")
    return terms[scenario]


def fitted(family: str, folder: Path | None = None) -> dict[str, float] | None:
    """The fitted weights of a family (``intercept`` and one per feature), or None when the
    file has none for it (:func:`~hellenes_nb.bots.learned.fitted`)."""
    return learned.fitted((folder or _home()) / WEIGHTS_FILE, family)
