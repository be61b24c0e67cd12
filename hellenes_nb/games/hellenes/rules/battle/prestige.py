"""How a battle ended and what it is worth in Prestige (§6.34, §6.4, §14.11, Treachery §3.1).

The battle machine decides *how* a battle ended; :func:`battle_award` turns that into Prestige:

- ``elimination`` or ``panic``: the victor gains 2 (Triumph, §14.11; §6.34);
- ``retreat``: the side that stays gains 1 (Trophy, §14.11; §6.4);
- ``retire``: a land-battle retreat before any hit or rout was suffered gains nothing
  (Skirmish, §14.11); at sea every retreat is a ``retreat`` (§6.4);
- ``treachery_failed``: the assaulters had to fall back after the single round of a Treachery
  Assault (§3.1); scored like any other retreat (1, or 0 if they had suffered nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from hellenes_nb.games.hellenes.rules.battle.blocks import SIDES, Fighter, other_side

__all__ = ["HOW", "Outcome", "battle_award", "outcome_of"]

HOW = ("elimination", "panic", "retreat", "retire", "treachery_failed")


def battle_award(how: str, retreater_suffered: bool) -> tuple[int, str]:
    """Prestige gained by the winner and the rule that grants it.

    ``retreater_suffered`` only matters for ``treachery_failed`` (was anything hit or routed on
    the assaulting side before it had to go?).
    """
    if how in ("elimination", "panic"):
        return 2, "14.11"
    if how == "retreat":
        return 1, "14.11"
    if how == "retire":
        return 0, "14.11"
    if how == "treachery_failed":
        return (1 if retreater_suffered else 0), "14.11"
    raise ValueError(f"unknown way for a battle to end: {how!r}; expected one of {HOW}")


@dataclass(frozen=True)
class Outcome:
    """The result of one battle, for the game engine and the widgets.

    ``must_retreat`` is the side whose surviving units must now leave (§6.34, §6.4), or None
    after an elimination. Units that panicked and have nowhere to go are eliminated by the
    engine, which knows the map (§6.4).
    """

    winner: str
    how: str
    prestige: int
    prestige_to: str | None
    prestige_rule: str
    must_retreat: str | None
    rounds: int
    eliminated: tuple[str, ...]
    final_cv: dict[str, int] = field(default_factory=dict)
    steps_lost: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (fields in declaration order; the dicts copied one level, which is
        all ``dataclasses.asdict`` would do to their str → int entries)."""
        return {"winner": self.winner, "how": self.how, "prestige": self.prestige,
                "prestige_to": self.prestige_to, "prestige_rule": self.prestige_rule,
                "must_retreat": self.must_retreat, "rounds": self.rounds,
                "eliminated": list(self.eliminated), "final_cv": dict(self.final_cv),
                "steps_lost": dict(self.steps_lost)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Outcome:
        """Rebuild an outcome saved by :meth:`to_dict`."""
        d = dict(d)
        d["eliminated"] = tuple(d["eliminated"])
        return cls(**d)


def outcome_of(fighters: Sequence[Fighter], victor: str, how: str, loser_suffered: bool,
               rounds: int) -> Outcome:
    """The outcome of a battle ``victor`` won by ``how`` after ``rounds`` rounds, read from its
    blocks as they stand at the end (§6.34, §6.4, §14.11); ``loser_suffered``: whether the
    losing side took a hit or a rout (see :func:`battle_award`)."""
    amount, rule = battle_award(how, loser_suffered)
    return Outcome(
        winner=victor, how=how, prestige=amount,
        prestige_to=victor if amount else None, prestige_rule=rule,
        must_retreat=None if how == "elimination" else other_side(victor), rounds=rounds,
        eliminated=tuple(f.key for f in fighters if f.cv == 0),
        final_cv={f.key: f.cv for f in fighters},
        steps_lost={s: sum(f.start_cv - f.cv for f in fighters if f.side == s) for s in SIDES},
    )
