"""Parse the forces syntax of ``hellenes odds`` into blocks.

A force is a comma-separated list of tokens (full grammar in ``docs/odds.md``)::

    B2:3            a block rated B2 (agility B, power 2, §2.14) at cv 3 (§2.12)
    cav:A2:3        cavalry: harries on retreats and panics (§2.23, §6.41)
    fleet:E1:3      a fleet; at sea it fights with its E/F rating (§6.5)
    fleet:3         a fleet on land, where it always fights as D1 (§2.26)
    fleet:E1:3+B2:2 a fleet at sea carrying a land unit at cv 2 (§2.26, §6.5)
    garrison        the 1 cv city garrison of a siege assault (§7.3)

For fog-aware odds two more tokens stand for blocks the viewer has not seen:
``?`` (anything from the pool) and ``B2:?`` (a B2 block of unknown strength).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hellenes_nb.core.echo import shown

AGILITIES = "ABCDEF"
LAND_AGILITIES = "ABCD"
SEA_AGILITIES = "EF"
MAX_CV = 4
#: The most blocks one side brings to a battle: each side has 60 units in the whole game.
MAX_BLOCKS = 60

_RATING = re.compile(r"^([A-Fa-f])([1-3])$")


class ForcesError(ValueError):
    """A forces string that cannot be read; the message names the bad token."""


@dataclass(frozen=True, slots=True)
class Block:
    """One block in a battle: its rating for this battle, its strength and its role flags.

    ``agility`` is the letter A–F (§2.14; E and F are sea ratings, §6.5), ``power`` 1–3 and ``cv``
    1–4 (§2.12). ``carried`` is the cv of a land unit carried by a fleet at sea, 0 for none.
    ``city`` marks a city defender in a siege assault (A2, double defense, never routed, §8.1).
    """

    agility: str
    power: int
    cv: int
    cavalry: bool = False
    fleet: bool = False
    garrison: bool = False
    city: bool = False
    carried: int = 0

    @property
    def rating(self) -> str:
        """The rating as printed on the label, e.g. ``B2``."""
        return f"{self.agility}{self.power}"

    @property
    def agility_rank(self) -> int:
        """0 for A up to 5 for F: lower ranks fire earlier (§6.2)."""
        return AGILITIES.index(self.agility)

    def token(self) -> str:
        """The block written back in the forces syntax."""
        if self.garrison:
            return "garrison"
        flags = "cav:" if self.cavalry else "fleet:" if self.fleet else ""
        carried = f"+{self.carried}" if self.carried else ""
        return f"{flags}{self.rating}:{self.cv}{carried}"


@dataclass(frozen=True, slots=True)
class Unknown:
    """A hidden enemy block for fog-aware odds: ``rating`` None means nothing is known about it."""

    rating: str | None = None
    cavalry: bool = False
    fleet: bool = False

    def matches(self, block: Block) -> bool:
        """Whether ``block`` is consistent with what is known about this hidden block."""
        if self.rating is None:
            return True
        return (
            block.rating == self.rating
            and block.cavalry == self.cavalry
            and block.fleet == self.fleet
        )


def _rating(text: str, token: str) -> tuple[str, int]:
    match = _RATING.match(text)
    if match is None:
        raise ForcesError(
            f"bad rating {shown(text)} in token {shown(token)}: write an agility letter A-F "
            "and a power 1-3, e.g. B2 (§2.14)"
        )
    return match.group(1).upper(), int(match.group(2))


def _cv(text: str, token: str, what: str = "cv") -> int:
    # ASCII digits only, and few of them: int() of "²" or of 5,000 digits is an error itself
    if not (text.isascii() and text.isdigit() and len(text) <= 2) or not 1 <= int(text) <= MAX_CV:
        raise ForcesError(
            f"bad {what} {shown(text)} in token {shown(token)}: a block has 1 to {MAX_CV} "
            "steps (§2.12)"
        )
    return int(text)


def too_many(count: int) -> ForcesError:
    """The refusal of a side with ``count`` blocks, more than :data:`MAX_BLOCKS`."""
    return ForcesError(f"{count:,} blocks: a side brings at most {MAX_BLOCKS} blocks to a "
                       f"battle (each side has {MAX_BLOCKS} units in the whole game)")


def _split(text: str) -> list[str]:
    if not isinstance(text, str):
        raise ForcesError(f"forces are written as text such as 'B2:3,A1:2', not {shown(text)}")
    if not text or not text.strip():
        raise ForcesError("empty forces: list at least one block, e.g. 'B2:3,A1:2'")
    if text.count(",") >= MAX_BLOCKS:
        raise too_many(text.count(",") + 1)
    tokens = [part.strip() for part in text.split(",")]
    for position, token in enumerate(tokens, start=1):
        if not token:
            raise ForcesError(f"empty token number {position} in {shown(text)} (stray comma?)")
    return tokens


def _parse_token(token: str, allow_unknown: bool) -> Block | Unknown:
    lowered = token.lower()
    if lowered == "garrison":
        return Block("A", 2, 1, garrison=True, city=True)
    if lowered == "?":
        if not allow_unknown:
            raise ForcesError(f"token {shown(token)}: unknown blocks are only allowed in fog odds")
        return Unknown()
    main, plus, cargo = token.partition("+")
    parts = main.split(":")
    flags: set[str] = set()
    while parts and parts[0].lower() in ("cav", "fleet"):
        flag = parts.pop(0).lower()
        if flag in flags:
            raise ForcesError(f"token {shown(token)} repeats the flag {flag!r}")
        flags.add(flag)
    if "cav" in flags and "fleet" in flags:
        raise ForcesError(f"token {shown(token)}: a block cannot be both cavalry and a fleet")
    cavalry, fleet = "cav" in flags, "fleet" in flags
    if plus and not fleet:
        raise ForcesError(f"token {shown(token)}: only a fleet can carry a land unit (§2.26)")
    if fleet and len(parts) == 1 and not plus:
        # fleet:3 -- a fleet on land fights as D1 (§2.26)
        return Block("D", 1, _cv(parts[0], token), fleet=True)
    if len(parts) != 2:
        raise ForcesError(
            f"cannot read token {shown(token)}: expected RATING:CV such as 'B2:3', optionally "
            "prefixed by 'cav:' or 'fleet:', or 'garrison'"
        )
    agility, power = _rating(parts[0], token)
    strength = parts[1]
    if strength == "?":
        if not allow_unknown or plus:
            raise ForcesError(
                f"token {shown(token)}: unknown strengths are only allowed in fog odds"
            )
        return Unknown(f"{agility}{power}", cavalry, fleet)
    carried = 0
    if plus:
        cargo_rating, colon, cargo_cv = cargo.rpartition(":")
        if colon:
            _rating(cargo_rating, token)
        carried = _cv(cargo_cv, token, "carried cv")
    cv = _cv(strength, token)
    if carried and carried >= cv:
        raise ForcesError(
            f"token {shown(token)}: a fleet can only carry a land unit smaller than itself (§2.26)"
        )
    if cavalry and agility not in LAND_AGILITIES:
        raise ForcesError(f"token {shown(token)}: cavalry is a land unit and needs a rating A-D")
    return Block(agility, power, cv, cavalry=cavalry, fleet=fleet, carried=carried)


def parse_forces(text: str) -> tuple[Block, ...]:
    """Parse a forces string into blocks, in the order written.

    Raises :class:`ForcesError` naming the bad token. Whether a block fits the battle (sea ratings
    at sea, garrisons only in assaults) is checked when the battle is built.
    """
    blocks = []
    for token in _split(text):
        block = _parse_token(token, allow_unknown=False)
        assert isinstance(block, Block)
        blocks.append(block)
    return tuple(blocks)


def parse_fog_forces(text: str) -> tuple[Block | Unknown, ...]:
    """Parse a forces string that may contain hidden blocks (``?`` and ``B2:?``) for fog odds."""
    return tuple(_parse_token(token, allow_unknown=True) for token in _split(text))


def format_forces(blocks: tuple[Block, ...]) -> str:
    """Write blocks back in the forces syntax (inverse of :func:`parse_forces`)."""
    return ",".join(block.token() for block in blocks)
