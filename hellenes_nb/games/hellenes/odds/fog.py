"""Fog-aware odds: the battle as one side sees it before the enemy blocks are revealed (§5.4).

The viewer knows how many blocks the enemy has, and perhaps some of their ratings or strengths.
Each hidden block is drawn from a pool of candidates (for example the enemy's roster at the
strengths the viewer believes), without replacement; :func:`fog_odds` averages the battle odds
over ``n`` such determinisations. The result is an **estimate**: its spread comes from the
determinisations, not from the dice (each determinisation is solved exactly when small enough).
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from hellenes_nb.core.echo import shown
from hellenes_nb.games.hellenes.odds.auto import battle_odds
from hellenes_nb.games.hellenes.odds.battle import SIDE_NAMES, make_battle
from hellenes_nb.games.hellenes.odds.forces import (
    Block,
    ForcesError,
    Unknown,
    parse_fog_forces,
    parse_forces,
)
from hellenes_nb.games.hellenes.odds.result import Odds

#: The most determinisations :func:`fog_odds` averages (each may be a battle to solve).
MAX_DRAWS = 10_000


def _draw(
    known: tuple[Block | Unknown, ...], pool: tuple[Block, ...], rng: random.Random
) -> tuple[Block, ...]:
    """One determinisation: every hidden block replaced by a consistent pool block.

    Blocks with a known rating are drawn first from the matching pool blocks, then fully
    unknown ones from what is left, so each consistent assignment is equally likely.
    """
    left = list(pool)
    chosen: list[Block | None] = [b if isinstance(b, Block) else None for b in known]
    typed = [(i, b) for i, b in enumerate(known) if isinstance(b, Unknown) and b.rating]
    blank = [(i, b) for i, b in enumerate(known) if isinstance(b, Unknown) and not b.rating]
    for i, slot in typed + blank:
        fits = [j for j, block in enumerate(left) if slot.matches(block)]
        if not fits:
            what = slot.rating or "block"
            raise ForcesError(f"the pool has no {what} left for hidden block number {i + 1}")
        chosen[i] = left.pop(rng.choice(fits))
    return tuple(b for b in chosen if b is not None)


def fog_odds(
    known: str,
    unknown_pool: str,
    n: int = 100,
    *,
    mine: str,
    viewer: str = "attacker",
    seed: int | None = 0,
    method: str = "auto",
    **battle_options: Any,
) -> Odds:
    """Average the odds over ``n`` determinisations of the enemy force ``known``.

    ``known`` is the enemy force in the forces syntax, where ``?`` is a block the viewer knows
    nothing about and ``B2:?`` a B2 block of unknown strength; ``unknown_pool`` lists the blocks
    hidden ones may be (each used at most once); ``mine`` is the viewer's own force and
    ``viewer`` says whether the viewer is the ``attacker`` or the ``defender``.
    ``battle_options`` go to :func:`~.make_battle` (``sea``, ``assault``,
    retreat policies, ...). The returned :class:`Odds` has ``samples = n``; its
    :meth:`~Odds.standard_error` is an upper bound on the determinisation error.
    """
    if viewer not in SIDE_NAMES:
        raise ValueError(f"viewer must be 'attacker' or 'defender', not {shown(viewer)}")
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_DRAWS:
        raise ValueError(f"n must be at least 1 and at most {MAX_DRAWS:,} determinisations, "
                         f"not {shown(n)}")
    enemy = parse_fog_forces(known)
    pool = parse_forces(unknown_pool) if any(isinstance(b, Unknown) for b in enemy) else ()
    rng = random.Random(seed)
    solved: dict[Any, Odds] = {}
    total: dict = defaultdict(float)
    rounds = 0.0
    enemy_steps = 0
    for _ in range(n):
        drawn = _draw(enemy, pool, rng)
        pair = (mine, drawn) if viewer == "attacker" else (drawn, mine)
        spec = make_battle(*pair, **battle_options)
        if spec not in solved:
            solved[spec] = battle_odds(spec, method)
        odds = solved[spec]
        for key, p in odds.outcomes.items():
            total[key] += float(p) / n
        rounds += float(odds.expected_rounds) / n
        enemy_steps = max(enemy_steps, odds.starting_steps[SIDE_NAMES.index(viewer) ^ 1])
    mine_steps = next(iter(solved.values())).starting_steps[SIDE_NAMES.index(viewer)]
    steps = (mine_steps, enemy_steps) if viewer == "attacker" else (enemy_steps, mine_steps)
    return Odds(
        outcomes=dict(total),
        expected_rounds=rounds,
        starting_steps=steps,
        method=f"fog estimate over {n} determinisations ({len(solved)} distinct)",
        samples=n,
    )
