"""Prestige bookkeeping (§14.1): one signed track, gains per side, and the log entry for each.

The state keeps a single int, ``state.prestige``: above zero the track leans to Athens, below
zero to Sparta (docs/engine.md). Rule modules never touch it directly; they call :func:`gain`,
which moves the marker toward the gaining side and logs why, with the rule section.

Amounts by cause (§14.11, §14.12):

- Triumph (enemy panicked or eliminated, a city carried by assault): 2;
- Trophy (enemy retreats without panic, a city taken by attrition or capitulation): 1;
- Skirmish (a land-battle retire before any hit or rout): 0; at sea every retreat is a Trophy;
- Pillaging an opposing CityState: 1, or 2 for Athens or Sparta.
"""

from __future__ import annotations

from typing import Any

from hellenes_nb.games.hellenes.index import SIDE_NAMES, side_title

__all__ = [
    "TRIUMPH", "TROPHY", "CAPITULATION", "ATTRITION_CAPTURE",
    "gain", "standing", "pillage_award",
]

TRIUMPH = 2
TROPHY = 1
CAPITULATION = 1
ATTRITION_CAPTURE = 1
_CAPITALS = ("Athens", "Sparta")


def _side_index(side: int | str) -> int:
    """0 for Athens, 1 for Sparta, from either form; a clear error otherwise."""
    if side in (0, 1) and not isinstance(side, bool):
        return int(side)
    if side in SIDE_NAMES:
        return SIDE_NAMES.index(side)  # type: ignore[arg-type]
    raise ValueError(f"a side is 'athens'/'sparta' (or 0/1), got {side!r}")


def gain(state: Any, side: int | str, amount: int, rule: str, why: str,
         **fields: Any) -> dict[str, Any] | None:
    """``side`` gains ``amount`` Prestige (§14.1): move the one track toward it and log the cause.

    A zero amount changes nothing and logs nothing (a Skirmish, §14.11); returns the log entry
    written, or None. Negative amounts are refused: Prestige is only ever *gained* by a side
    (the opponent's loss is the same move of the marker).
    """
    s = _side_index(side)
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
        raise ValueError(f"a Prestige gain is a whole number of 0 or more, got {amount!r} (§14.1)")
    if amount == 0:
        return None
    state.prestige += amount if s == 0 else -amount
    return state.event("prestige", rule,
                       f"{side_title(s)} gains {amount} Prestige: {why}", s,
                       amount=amount, track=state.prestige, **fields)


def standing(prestige: int) -> tuple[str | None, int]:
    """Who the track favours and by how much: ``("athens", 3)``, ``("sparta", 2)`` or
    ``(None, 0)`` (§14.1)."""
    if prestige > 0:
        return "athens", prestige
    if prestige < 0:
        return "sparta", -prestige
    return None, 0


def pillage_award(city_name: str) -> int:
    """Prestige for pillaging an opposing CityState: 2 for Athens or Sparta, else 1 (§14.12)."""
    return 2 if city_name in _CAPITALS else 1
