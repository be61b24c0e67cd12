"""§13 Persian Aid: what the Persian Aid cards in play mean for the other rule modules.

For each Persian Aid card in play (§13.1) Sparta has one more action each season (counted by
``cards.action_count``) and loses one prestige at each Year End (``cards.year_end_prestige``).
While any is in play Persian units and Spartan E1 fleets can be recruited and Persia can be
entered (§13.2, ``building.recruit_barred`` and ``scenarios.refresh_neutral``). Revolts get
harder as the cards pile up (§13.3, :func:`revolt_limits`). The cards never leave play.
"""

from __future__ import annotations

from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.state import State

__all__ = ["aid_count", "revolt_limits", "year_end_loss", "enter_play"]


def aid_count(state: State) -> int:
    """Persian Aid cards in play (§13.1)."""
    return scenario_rules.persian_aid_cards(state)


def revolt_limits(state: State) -> dict[str, bool]:
    """Which revolts a Revolt card can still cause (§13.3): one card in play stops spreading
    revolts, two stop regional revolts too, three stop every revolt (Tax Revolts included)."""
    n = aid_count(state)
    return {"spreading": n < 1, "regional": n < 2, "tax": n < 3}


def year_end_loss(state: State) -> int:
    """Prestige Sparta pays at Year End for Persian Aid: one per card in play (§13.1)."""
    return aid_count(state)


def enter_play(state: State) -> None:
    """A Persian Aid card has just gone into play: open Persia where a scenario rule kept it
    closed until then (§13.2)."""
    scenario_rules.refresh_neutral(state)
