"""The :class:`Odds` of a battle: who wins, how, the losses and the prestige (§6.34, §14.11)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hellenes_nb.games.hellenes.odds.battle import SIDE_NAMES
from hellenes_nb.games.hellenes.odds.endings import HOWS, PRESTIGE, Outcome

if TYPE_CHECKING:
    import polars as pl

__all__ = ["HOWS", "PRESTIGE", "Z95", "Odds", "Outcome"]

#: The z-score of a two-sided 95 % confidence interval: a sampled probability is stated as
#: p ± Z95 × its standard error.
Z95 = 1.96


@dataclass(frozen=True)
class Odds:
    """Outcome distribution of one battle.

    ``outcomes`` maps (winner, how, attacker steps lost, defender steps lost) to a probability.
    Exact results (``samples`` is None) come from :func:`.exact_odds`; sampled
    ones carry the number of battles or determinisations behind them, and their error is
    stated (:meth:`standard_error`, :meth:`margin`). ``note`` says why a battle was sampled
    when exact odds were asked for ("" otherwise).
    """

    outcomes: Mapping[Outcome, Any]
    expected_rounds: float
    starting_steps: tuple[int, int]
    method: str = "exact"
    samples: int | None = None
    note: str = ""

    def _sum(self, want) -> Any:
        return sum((p for key, p in self.outcomes.items() if want(key)), 0)

    @property
    def attacker_wins(self) -> Any:
        """P(the aggressor wins)."""
        return self._sum(lambda key: key[0] == 0)

    @property
    def defender_wins(self) -> Any:
        """P(the defender wins)."""
        return self._sum(lambda key: key[0] == 1)

    @property
    def total(self) -> Any:
        """Sum of all outcome probabilities (1 up to rounding)."""
        return self._sum(lambda key: True)

    def by_how(self) -> dict[tuple[str, str], Any]:
        """P(winner, how) for every winner and way of ending, zeros included."""
        return {
            (name, how): self._sum(lambda key, s=side, h=how: key[0] == s and key[1] == h)
            for side, name in enumerate(SIDE_NAMES)
            for how in HOWS
        }

    def steps_lost_distribution(self, side: int) -> list[Any]:
        """P(side loses exactly k steps), k = 0 .. its starting steps."""
        dist: list[Any] = [0] * (self.starting_steps[side] + 1)
        for key, p in self.outcomes.items():
            dist[key[2 + side]] += p
        return dist

    def expected_steps_lost(self) -> dict[str, Any]:
        """Mean steps lost per side, pursuit and harrying included."""
        return {
            name: sum(k * p for k, p in enumerate(self.steps_lost_distribution(side)))
            for side, name in enumerate(SIDE_NAMES)
        }

    def expected_prestige(self) -> dict[str, Any]:
        """Mean prestige each side gains from the battle (§14.11)."""
        gains: dict[str, Any] = dict.fromkeys(SIDE_NAMES, 0)
        for (winner, how, _, _), p in self.outcomes.items():
            gains[SIDE_NAMES[winner]] += PRESTIGE[how] * p
        return gains

    def standard_error(self, probability: float) -> float:
        """Sampling standard error of a probability from this result (0 for exact results)."""
        if self.samples is None:
            return 0.0
        p = float(probability)
        return math.sqrt(max(p * (1 - p), 0.0) / self.samples)

    def interval(self, probability: float) -> tuple[float, float]:
        """The 95 % confidence interval of a sampled probability (Wilson's score interval,
        sound near 0 and 1 too, where the standard error says nothing); (p, p) when exact."""
        p = float(probability)
        if self.samples is None:
            return p, p
        n, z2 = self.samples, Z95 * Z95
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 * math.sqrt(max(p * (1 - p), 0.0) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def margin(self, probability: float | None = None) -> float:
        """How far the true value may be from a sampled probability, 19 times in 20: the
        farther end of its :meth:`interval` (0 for exact results). Without a probability, the
        widest margin any probability of this result can have (p = 1/2)."""
        p = 0.5 if probability is None else float(probability)
        low, high = self.interval(p)
        return max(p - low, high - p)

    def table(self, which: str = "outcomes") -> pl.DataFrame:
        """A polars DataFrame: ``outcomes`` (winner, how, probability, prestige), ``losses``
        (side, steps lost, probability) or ``joint`` (every outcome key with its probability)."""
        from hellenes_nb.games.hellenes.odds.table import odds_table

        return odds_table(self, which)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (floats)."""
        sampled = self.samples is not None
        return {
            "method": self.method,
            "samples": self.samples,
            "note": self.note,
            # the sampling error: standard errors, and the 95 % margin of any probability
            "error": {
                "confidence": 0.95,
                "margin": self.margin(),
                "attacker_wins_standard_error": self.standard_error(self.attacker_wins),
            } if sampled else None,
            "attacker_wins": float(self.attacker_wins),
            "defender_wins": float(self.defender_wins),
            "by_how": {f"{name}_{how}": float(p) for (name, how), p in self.by_how().items()},
            "expected_steps_lost": {k: float(v) for k, v in self.expected_steps_lost().items()},
            "steps_lost_distribution": {
                name: [float(p) for p in self.steps_lost_distribution(side)]
                for side, name in enumerate(SIDE_NAMES)
            },
            "expected_prestige": {k: float(v) for k, v in self.expected_prestige().items()},
            "expected_rounds": float(self.expected_rounds),
        }
