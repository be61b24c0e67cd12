"""What a learned evaluation needs in any game (docs/bots.md, "The evaluation"): a game's
victory terms read as typed records, the fitted weights read from a JSON file, and the win
chance of a weighted sum of facts. A game supplies its facts, its records and its files; this
module knows no game.
"""

from __future__ import annotations

import functools
import json
import math
from pathlib import Path
from typing import Any

from hellenes_nb.core.models import read_yaml, validate

__all__ = ["TermsError", "fitted", "read_terms", "read_weights", "win_chance"]


class TermsError(ValueError):
    """A terms or weights file that cannot be used, in plain words naming the file."""


def read_terms(path: Path, model: Any) -> dict[str, Any]:
    """The records of a terms file (a YAML list of ``model``), by their ``scenario``; every
    problem of the file, or a scenario listed twice, is a :class:`TermsError`."""
    name = path.name
    data, problems = read_yaml(path, name)
    if not problems:
        records, problems = validate(list[model], data, name)
    if problems:
        raise TermsError("; ".join(str(p) for p in problems))
    out: dict[str, Any] = {}
    for rec in records:
        if rec.scenario in out:
            raise TermsError(f"{name}: scenario {rec.scenario!r} is listed twice")
        out[rec.scenario] = rec
    return out


def read_weights(path: Path) -> dict[str, dict]:
    """The ``families`` of a fitted-weights file, each with its ``weights`` (a mapping of
    names to numbers); an empty mapping when there is no file."""
    if not path.is_file():
        return {}
    try:
        fams = json.loads(path.read_text(encoding="utf-8"))["families"]
        for fam, rec in fams.items():
            weights = rec["weights"]
            if not isinstance(weights, dict) or not all(
                    isinstance(v, int | float) for v in weights.values()):
                raise ValueError(f"family {fam!r} needs 'weights', a mapping of feature "
                                 "names to numbers")
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise TermsError(f"{path.name} cannot be used: {exc}") from None
    return fams


@functools.cache
def _read_once(path: Path) -> dict[str, dict]:
    return read_weights(path)


def fitted(path: Path, family: str) -> dict[str, float] | None:
    """The fitted weights (``intercept`` and one per fact) of ``family`` in the weights file
    ``path`` (read once), or None when the file has none for it, or when its fit marked them
    not ``used`` (they did not beat the hand-set score on the games they were fitted on,
    scripts/fit_evaluation.py): the search then keeps the hand-set score."""
    rec = _read_once(path).get(family)
    if rec is None or not rec.get("used", True):
        return None
    return dict(rec["weights"])


def win_chance(facts: dict[str, float], weights: dict[str, float], role: int) -> float:
    """``1 / (1 + exp(-z))`` for side number ``role``: ``z`` the weights' ``intercept`` plus
    each fact times its weight (a fact without a weight counts 0), from the first role's point
    of view, turned round for the second."""
    z = weights.get("intercept", 0.0) + sum(w * facts[k] for k, w in weights.items()
                                            if k != "intercept" and k in facts)
    if role == 1:
        z = -z
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
