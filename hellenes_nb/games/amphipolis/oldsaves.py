"""Saves made before the player chose his reinforcements (the rear base and type the
scenarios leave open, the units of the campaign's S15, :mod:`.rules.arrivals`): their moves
hold no such choice, since the engine took the first one itself. Before such a save is
replayed, the first choice offered (the one the engine used to take) is put in wherever the
rules now ask and the save's next move is not an answer, so the old save reaches the very
position it stored (docs/amphipolis.md, "Saves")."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction, strip_label
from hellenes_nb.games.amphipolis.rules.arrivals import ASKED

__all__ = ["with_old_choices"]

#: how many choices in a row one old move may need before it (a turn has a few at most)
MOST = 20


def with_old_choices(scenario: str, seed: int, moves: list[dict],
                     origin: dict[str, Any] | None = None) -> list[dict]:
    """``moves`` with the engine's old choice put in before each move that does not answer a
    choice the rules now ask (module docstring); the moves as they are when the game cannot
    be set up or a move does not fit (the replay that follows says why, in words)."""
    try:
        game = Game.begin(scenario, seed, origin)
    except (KeyError, ValueError, OSError):
        return moves
    out: list[dict] = []
    for k, move in enumerate(moves):
        for _ in range(MOST):
            top = game.state.stack[-1] if game.state.stack else {}
            wanted = ASKED.get(top.get("kind"))
            if wanted is None or not isinstance(move, dict) or move.get("type") in wanted:
                break
            first = strip_label(game.legal_actions()[0])
            game.apply(first)
            out.append(first)
        try:
            game.apply(move)
        except (IllegalAction, KeyError, TypeError, ValueError, IndexError):
            return [*out, *moves[k:]]
        out.append(move)
    return out
