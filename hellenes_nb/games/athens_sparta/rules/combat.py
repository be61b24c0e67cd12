"""Block fire and hits (§5.1, §5.2, §5.41): the part of *Athens & Sparta* combat that every
battle uses, whatever brought the blocks together.

- **Order** (§5.1): every A block acts before every B block, B before C; among blocks of the
  same letter the defenders go first. Within one side and letter the order is by block id, as
  Hellenes decides for its own ties (docs/rules-decisions.md, "§6.2 — Order of fire"), so a
  result depends only on the blocks, not on list order.
- **Fire** (§5.2): a block rolls as many dice as its strength; each die at or under the number
  of its rating is a hit. In a siege battle (storming or defending a walled city) cavalry fire
  at B1 and navies at C1 (§5.41).
- **Hits** (§5.2): each hit takes one step from the strongest enemy block that may be hit; when
  several are strongest, their owner picks (``pick``; by default the first by id). Hits are
  applied at once, one by one, so a later block fires at what is left.
- **Double defence** (§5.41): blocks defending a walled city lose a step for every two hits; a
  first hit is a half hit and the next hit must go to the same block; half hits left at the end
  of the combat heal. A revolt block's hits are full hits (§7.0, aid "Revolts").

Hellenes' battle machine (``games/hellenes/rules/battle``) shares the idea (fire by letter,
defender first, hits to the strongest, double defence in a siege) but carries routs, prestige
and harrying that this game has not; what is truly common is the seeded dice
(:class:`hellenes_nb.core.dice.Dice`), used here as there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from hellenes_nb.core.dice import Dice

__all__ = ["CombatBlock", "fire", "firing_order", "heal_half_hits", "hits_of", "take_hits"]

#: who picks among equally strong blocks: (the tied blocks, by id) -> the one to hit
Pick = Callable[[list["CombatBlock"]], "CombatBlock"]


@dataclass
class CombatBlock:
    """One block in a combat: ``strength`` is its current steps, ``rating`` e.g. "B3"."""

    id: str
    side: str  # "attacker" or "defender" in this combat
    type: str  # hoplite, peltast, cavalry, navy, demos, tyrants, helots
    strength: int
    rating: str
    half_hit: bool = False

    @property
    def letter(self) -> str:
        return self.rating[0]

    @property
    def alive(self) -> bool:
        return self.strength > 0

    def rating_in(self, siege: bool) -> str:
        """The rating it fires with: cavalry B1 and navies C1 in a siege battle (§5.41)."""
        if siege and self.type == "cavalry":
            return "B1"
        if siege and self.type == "navy":
            return "C1"
        return self.rating


def firing_order(blocks: Iterable[CombatBlock], siege: bool = False) -> list[CombatBlock]:
    """The order in which the blocks act in one round (§5.1): by letter, defenders first within
    a letter, then by id."""
    return sorted((b for b in blocks if b.alive),
                  key=lambda b: (b.rating_in(siege)[0], b.side != "defender", b.id))


def hits_of(block: CombatBlock, dice: Dice, siege: bool = False) -> tuple[int, list[int]]:
    """Roll for one block (§5.2): (hits, the faces rolled)."""
    top = int(block.rating_in(siege)[1])
    faces = dice.rolls(block.strength)
    return sum(1 for f in faces if f <= top), faces


def _first(tied: list[CombatBlock]) -> CombatBlock:
    return tied[0]


def take_hits(targets: Iterable[CombatBlock], hits: int, *, double: bool = False,
              pick: Pick = _first) -> list[tuple[str, int]]:
    """Apply ``hits`` one at a time to the strongest of ``targets`` (§5.2), with double
    defence when ``double`` (§5.41). Returns (block id, strength after) for each hit taken;
    stops when no target is left."""
    targets = [t for t in targets]
    taken: list[tuple[str, int]] = []
    for _ in range(hits):
        alive = [t for t in targets if t.alive]
        if not alive:
            break
        halved = [t for t in alive if t.half_hit]
        if double and halved:
            target = halved[0]  # the next hit must go to the block holding a half hit
        else:
            top = max(t.strength for t in alive)
            target = pick(sorted((t for t in alive if t.strength == top), key=lambda t: t.id))
        if double and not target.half_hit:
            target.half_hit = True
        else:
            target.half_hit = False
            target.strength -= 1
        taken.append((target.id, target.strength))
    return taken


def fire(block: CombatBlock, enemies: Iterable[CombatBlock], dice: Dice, *,
         siege: bool = False, walled_defence: bool = False,
         pick: Pick = _first) -> dict:
    """One block's action in a round: it rolls, and its hits go to ``enemies`` at once.
    ``walled_defence``: the enemies defend a walled city (double defence, §5.41), unless the
    firing block is a revolt block, whose hits are full (§7.0)."""
    hits, faces = hits_of(block, dice, siege)
    double = walled_defence and block.type not in ("demos", "tyrants", "helots")
    taken = take_hits(enemies, hits, double=double, pick=pick)
    return {"block": block.id, "faces": faces, "hits": hits, "taken": taken,
            "rule": "§5.41" if double else "§5.2"}


def heal_half_hits(blocks: Iterable[CombatBlock]) -> None:
    """Half hits left when the combat ends recover (§5.41)."""
    for b in blocks:
        b.half_hit = False
