"""Deterministic answers to a battle's decisions, for auto-play, tests and the widgets.

Owner's choices among tied blocks (§6.32, §6.33) go to the first block by key; the retreat
option (§6.2, §6.4) is declined unless a ``retreat`` rule says otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hellenes_nb.games.hellenes.rules.battle.setup import BattleError

if TYPE_CHECKING:
    from hellenes_nb.games.hellenes.rules.battle.combat import Battle

__all__ = ["AutoPolicy", "auto"]


class AutoPolicy:
    """A deterministic answer to every decision.

    Ties go to the first tied block by key (§6.32, §6.33 owner's choice). Retreat (§6.4) only
    when ``retreat(battle, side)`` says so; by default never.
    """

    __slots__ = ("retreat",)

    def __init__(self, retreat: Callable[[Battle, str], bool] | None = None) -> None:
        self.retreat = retreat

    def __call__(self, battle: Battle) -> str:
        p = battle.prompt
        if p is None:
            raise BattleError("no decision is pending")
        if p.kind == "retreat":
            wants = self.retreat is not None and self.retreat(battle, p.whose)
            return "retreat" if wants else "fight"
        return p.choices[0]


#: Never retreats; ties go to the first block by key.
auto = AutoPolicy()
