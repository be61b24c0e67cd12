"""The battle to be evaluated: both forces, the battle kind and each side's retreat policy.

Conventions shared by the exact DP and both Monte Carlo samplers:

* side 0 is the aggressor (attacker), side 1 the defender (§5.4, §6.1);
* each side's blocks are kept in the **order written** (the battle machine's key order: the
  battle widget keys blocks in written order). That order decides which block of an agility
  class fires first, and which block takes a hit or a rout when several are equally strong or
  weak (the owner's choice of §6.32–6.33), exactly as the engine's ``auto`` policy does;
* a round fires A, B, C, D (at sea E, F), defenders before aggressors of equal agility (§6.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import NamedTuple

from hellenes_nb.core.echo import shown
from hellenes_nb.games.hellenes.odds.forces import (
    AGILITIES,
    LAND_AGILITIES,
    MAX_BLOCKS,
    MAX_CV,
    SEA_AGILITIES,
    Block,
    ForcesError,
    parse_forces,
    too_many,
)

ATTACKER, DEFENDER = 0, 1
SIDE_NAMES = ("attacker", "defender")
KINDS = ("land", "sea", "assault")
#: The latest round a retreat option may name: a battle still running after 20 rounds is
#: vanishingly rare (and each extra round tag is one more sweep of the exact method).
MAX_RETREAT_ROUNDS = 20


@dataclass(frozen=True, slots=True)
class RetreatPolicy:
    """When a side voluntarily retreats (§6.4), checked at its first unit attack of each round.

    ``after_rounds=N`` retreats at the first attack of round N+1 (``0`` retires at once, as in a
    cavalry raid); ``at_losses=k`` retreats once the side has lost k or more steps. Either trigger
    suffices; with neither set the side never retreats voluntarily.
    """

    after_rounds: int | None = None
    at_losses: int | None = None

    def __post_init__(self) -> None:
        rounds, losses = self.after_rounds, self.at_losses
        if rounds is not None and not (_whole(rounds) and 0 <= rounds <= MAX_RETREAT_ROUNDS):
            raise ValueError(f"after_rounds must be a whole number from 0 to "
                             f"{MAX_RETREAT_ROUNDS} (rounds), not {shown(rounds)}")
        if losses is not None and not (_whole(losses) and losses >= 1):
            raise ValueError(f"at_losses must be a whole number of 1 or more (steps), not "
                             f"{shown(losses)}")

    @property
    def active(self) -> bool:
        """Whether the policy can ever order a retreat."""
        return self.after_rounds is not None or self.at_losses is not None

    def wants_retreat(self, rounds_done: int, steps_lost: int) -> bool:
        """Whether to retreat at this first attack, after ``rounds_done`` complete rounds."""
        if self.after_rounds is not None and rounds_done >= self.after_rounds:
            return True
        return self.at_losses is not None and steps_lost >= self.at_losses


NEVER = RetreatPolicy()


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class BattleSpec:
    """A fully specified battle. Build it with :func:`make_battle`, which validates the input."""

    attacker: tuple[Block, ...]
    defender: tuple[Block, ...]
    kind: str = "land"
    silent_first_round: bool = False
    attacker_retreat: RetreatPolicy = field(default=NEVER)
    defender_retreat: RetreatPolicy = field(default=NEVER)

    @property
    def forces(self) -> tuple[tuple[Block, ...], tuple[Block, ...]]:
        """(attacker blocks, defender blocks), each in the order written."""
        return self.attacker, self.defender

    @property
    def policies(self) -> tuple[RetreatPolicy, RetreatPolicy]:
        """(attacker policy, defender policy)."""
        return self.attacker_retreat, self.defender_retreat

    def fire_order(self) -> tuple[tuple[int, int], ...]:
        """Every block as (side, index) in the order it attacks within a round (§2.14, §6.2)."""
        slots = [
            (block.agility_rank, 1 - side, index, side)
            for side, blocks in enumerate(self.forces)
            for index, block in enumerate(blocks)
        ]
        return tuple((side, index) for _, _, index, side in sorted(slots))

    def starting_steps(self, side: int) -> int:
        """Total steps a side brings, carried land units included."""
        return sum(block.cv + block.carried for block in self.forces[side])


class Moment(NamedTuple):
    """A point inside a battle, to compute the odds from there on.

    ``attacker`` and ``defender`` are the sides' state codes, one per block in the order written
    (``4 * cv + 2 * routed + half``, see :mod:`.sides`); ``slot`` is the index
    in :meth:`BattleSpec.fire_order` of the next block to fire this round; ``rounds_done`` the
    complete rounds so far; ``started`` has bit 0 (aggressor) and bit 1 (defender) set for a side
    that has already made its first attack this round (its retreat moment, §6.4).
    """

    attacker: tuple[int, ...]
    defender: tuple[int, ...]
    slot: int = 0
    rounds_done: int = 0
    started: int = 0


def check_moment(spec: BattleSpec, moment: Moment) -> None:
    """Raise ValueError, in plain words, if ``moment`` cannot occur in ``spec``."""
    for name, blocks, codes in zip(SIDE_NAMES, spec.forces, moment[:2], strict=True):
        if len(codes) != len(blocks):
            raise ValueError(f"{name}: {len(codes)} state codes for {len(blocks)} blocks")
        for block, code in zip(blocks, codes, strict=True):
            cv, routed, half = code >> 2, code >> 1 & 1, code & 1
            if code < 0 or cv > block.cv or (cv == 0 and code):
                raise ValueError(f"{name}: bad state code {code} for {block.token()!r}")
            if routed and block.city:
                raise ValueError(f"{name}: city defenders cannot be routed (§8.1)")
            if half and (not block.city or moment.slot == 0):
                raise ValueError(
                    f"{name}: half steps exist only on city defenders within a round (§8.11)"
                )
    if not 0 <= moment.slot < len(spec.fire_order()):
        raise ValueError(f"slot must be 0 to {len(spec.fire_order()) - 1}, not {moment.slot}")
    if moment.rounds_done < 0 or not 0 <= moment.started <= 3:
        raise ValueError("rounds_done must be 0 or more and started one of 0, 1, 2, 3")
    for name, codes in zip(SIDE_NAMES, moment[:2], strict=True):
        if not any(code >= 4 and not code & 2 for code in codes):
            raise ValueError(f"the battle is already over: the {name} has no unrouted block")


def _as_blocks(forces: str | tuple[Block, ...], side: str) -> tuple[Block, ...]:
    if isinstance(forces, str):
        try:
            return parse_forces(forces)
        except ForcesError as error:
            raise ForcesError(f"{side}: {error}") from None
    if not isinstance(forces, tuple | list):
        raise ForcesError(f"{side}: give a forces string such as 'B2:3,A1:2' or a tuple of "
                          f"blocks, not {shown(forces)}")
    if not forces:
        raise ForcesError(f"{side}: no blocks")
    if len(forces) > MAX_BLOCKS:
        raise ForcesError(f"{side}: {too_many(len(forces))}")
    for block in forces:
        _check_block(block, side)
    return tuple(forces)


def _check_block(block: object, side: str) -> None:
    """ForcesError unless ``block`` is a :class:`Block` with values the rules allow (blocks
    made in Python skip the parser's checks)."""
    if not isinstance(block, Block):
        raise ForcesError(f"{side}: {shown(block)} is not a Block")
    fine = (
        isinstance(block.agility, str) and len(block.agility) == 1
        and block.agility in AGILITIES
        and _whole(block.power) and 1 <= block.power <= 3
        and _whole(block.cv) and 1 <= block.cv <= MAX_CV
        and _whole(block.carried) and 0 <= block.carried < block.cv
        and all(isinstance(flag, bool)
                for flag in (block.cavalry, block.fleet, block.garrison, block.city))
    )
    if not fine:
        raise ForcesError(
            f"{side}: {shown(block, 200)} is not a block the rules allow: agility A-F, power "
            f"1-3, cv 1-{MAX_CV}, a carried cv below its own, flags True or False (§2.12, §2.14)"
        )


def _check_sea(blocks: tuple[Block, ...], side: str) -> tuple[Block, ...]:
    checked = []
    for block in blocks:
        if block.agility not in SEA_AGILITIES or block.cavalry or block.garrison:
            raise ForcesError(
                f"{side}: {block.token()!r} cannot fight at sea; only fleets with E or F ratings "
                "fight in sea battles (§6.5)"
            )
        checked.append(replace(block, fleet=True))
    return tuple(checked)


def _check_land(blocks: tuple[Block, ...], side: str, assault_defender: bool) -> None:
    for block in blocks:
        if block.agility not in LAND_AGILITIES:
            raise ForcesError(
                f"{side}: {block.token()!r} has a sea rating; on land ratings are A-D and fleets "
                "fight as D1 (§2.26)"
            )
        if block.fleet and block.rating != "D1":
            raise ForcesError(f"{side}: {block.token()!r}: fleets fight on land as D1 (§2.26)")
        if block.carried:
            raise ForcesError(
                f"{side}: {block.token()!r}: carried units only matter in sea battles (§6.5); "
                "on land list the land unit as a block of its own"
            )
        if block.garrison and not assault_defender:
            raise ForcesError(
                f"{side}: a garrison only fights when defending its city in a siege assault "
                "(§7.3, §8.3); use --assault"
            )


def make_battle(
    attacker: str | tuple[Block, ...],
    defender: str | tuple[Block, ...],
    *,
    sea: bool = False,
    assault: bool = False,
    landing: bool = False,
    narrows: bool = False,
    attacker_retreat: RetreatPolicy = NEVER,
    defender_retreat: RetreatPolicy = NEVER,
) -> BattleSpec:
    """Validate and build a battle from forces strings (or parsed blocks).

    ``sea``: a sea battle with E/F ratings (§6.5). ``assault``: a siege assault; every defender
    fights as an A2 city defender with double defense and cannot be routed (§8.1, §8.11).
    ``landing``: the aggressors come from the sea and do not fire in round 1 (§6.6).
    ``narrows``: at sea, the aggressors engage across a narrows and do not fire in round 1 (§6.5).
    """
    att = _as_blocks(attacker, "attacker")
    dfd = _as_blocks(defender, "defender")
    if sea and assault:
        raise ForcesError("a siege assault is a land battle; drop --sea or --assault (§8.1)")
    if narrows and not sea:
        raise ForcesError("narrows only affect sea battles (§6.5); add --sea")
    if landing and (sea or assault):
        raise ForcesError("a sea landing is a land battle against an open province (§6.6)")
    if sea:
        att, dfd = _check_sea(att, "attacker"), _check_sea(dfd, "defender")
    else:
        _check_land(att, "attacker", assault_defender=False)
        _check_land(dfd, "defender", assault_defender=assault)
    if assault:
        if sum(block.garrison for block in dfd) > 1:
            raise ForcesError("defender: only one garrison is allowed per city (§7.3)")
        if defender_retreat.active:
            raise ForcesError(
                "defender: besieged land units cannot retreat from a siege assault (§8.12)"
            )
        dfd = tuple(replace(block, agility="A", power=2, city=True) for block in dfd)
    return BattleSpec(
        attacker=att,
        defender=dfd,
        kind="sea" if sea else "assault" if assault else "land",
        silent_first_round=landing or narrows,
        attacker_retreat=attacker_retreat,
        defender_retreat=defender_retreat,
    )
