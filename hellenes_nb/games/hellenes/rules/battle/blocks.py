"""A block as it stands in one battle: its rating for this battle, cv and battle flags (§2, §6).

The game engine builds one :class:`Fighter` per block taking part in a battle. The rating is the
one that applies in *this* battle: the land rating (§2.14), the sea rating in sea battles (§6.5),
D1 for fleets fighting on land (§2.26), A2 for every city defender in a siege assault (§8.1).
"""

from __future__ import annotations

from typing import Any

__all__ = ["AGILITY", "SIDES", "ROLES", "Fighter", "other_side"]

#: Agility letters from most to least agile; E and F are sea ratings (§2.14, §6.5).
AGILITY = "ABCDEF"
SIDES = ("athens", "sparta")
ROLES = ("aggressor", "defender")

_FLAGS = ("cavalry", "fleet", "garrison", "city", "holds_round1")


def other_side(side: str) -> str:
    """The opposing side."""
    return "sparta" if side == "athens" else "athens"


def _need_bool(key: str, name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"block {key!r}: flag {name!r} must be True or False, got {value!r}")
    return value


class Fighter:
    """One block in one battle.

    Static facts: ``key`` (e.g. ``"A12"`` or ``"garrison:pallene"``), ``side``, ``role``
    (aggressor or defender, §6.1), ``agility`` and ``power`` (from a rating such as ``"C2"``,
    §2.14), ``max_cv`` and the flags:

    - ``cavalry``: harries in retreats (§6.41);
    - ``fleet``: may fight at sea and carry one land unit (§2.26, §5.21);
    - ``garrison``: immobile 1 cv city block, eliminated last (§7.3);
    - ``city``: a city defender in a siege assault: double defense, cannot be routed (§8.1);
    - ``holds_round1``: may not attack in the first combat round (sea landings §6.6, fleets
      engaging across narrows §6.5);
    - ``carried_by``: key of the fleet carrying this land unit in a sea battle (§6.5).

    Battle state: ``cv``, ``routed`` (§6.33), ``half`` (a pending half-step loss, §8.11) and
    ``fired`` (has had its slot in the current round).
    """

    __slots__ = (
        "key", "side", "role", "agility", "power", "max_cv", "start_cv", "cavalry", "fleet",
        "garrison", "city", "holds_round1", "carried_by", "cv", "routed", "half", "fired",
    )

    def __init__(
        self,
        key: str,
        side: str,
        role: str,
        rating: str,
        cv: int,
        *,
        max_cv: int = 4,
        cavalry: bool = False,
        fleet: bool = False,
        garrison: bool = False,
        city: bool = False,
        holds_round1: bool = False,
        carried_by: str | None = None,
    ) -> None:
        if not isinstance(key, str) or not key:
            raise ValueError(f"a block key must be a non-empty string, got {key!r}")
        if side not in SIDES:
            raise ValueError(f"block {key!r}: side must be 'athens' or 'sparta', got {side!r}")
        if role not in ROLES:
            raise ValueError(
                f"block {key!r}: role must be 'aggressor' or 'defender' (§6.1), got {role!r}"
            )
        if (
            not isinstance(rating, str) or len(rating) != 2
            or rating[0] not in AGILITY or rating[1] not in "123"
        ):
            raise ValueError(
                f"block {key!r}: a combat rating is an agility letter A-F and a power 1-3, "
                f"like 'B2' (§2.14), got {rating!r}"
            )
        for name, value in (("max_cv", max_cv), ("cv", cv)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"block {key!r}: {name} must be an int, got {value!r}")
        if not 1 <= max_cv <= 4:
            raise ValueError(f"block {key!r}: max_cv must be 1 to 4 (§2.12), got {max_cv}")
        if not 1 <= cv <= max_cv:
            raise ValueError(
                f"block {key!r}: cv must be 1 to its max_cv {max_cv} when a battle starts "
                f"(§2.12), got {cv}"
            )
        if carried_by is not None and (not isinstance(carried_by, str) or carried_by == key):
            raise ValueError(f"block {key!r}: carried_by must be another block's key")
        self.key, self.side, self.role = key, side, role
        self.agility, self.power = rating[0], int(rating[1])
        self.max_cv, self.start_cv, self.cv = max_cv, cv, cv
        self.cavalry = _need_bool(key, "cavalry", cavalry)
        self.fleet = _need_bool(key, "fleet", fleet)
        self.garrison = _need_bool(key, "garrison", garrison)
        self.city = _need_bool(key, "city", city)
        self.holds_round1 = _need_bool(key, "holds_round1", holds_round1)
        self.carried_by = carried_by
        self.routed = False
        self.half = False
        self.fired = False

    @property
    def rating(self) -> str:
        """Agility letter and power digit, e.g. ``"B2"`` (§2.14)."""
        return f"{self.agility}{self.power}"

    @property
    def alive(self) -> bool:
        """Still in the battle with at least one step (§6.32: the last step eliminates it)."""
        return self.cv > 0

    def copy(self) -> Fighter:
        """A cheap copy of every slot (used by ``Battle.clone``)."""
        f = Fighter.__new__(Fighter)
        f.key, f.side, f.role = self.key, self.side, self.role
        f.agility, f.power = self.agility, self.power
        f.max_cv, f.start_cv = self.max_cv, self.start_cv
        f.cavalry, f.fleet, f.garrison, f.city = self.cavalry, self.fleet, self.garrison, self.city
        f.holds_round1, f.carried_by = self.holds_round1, self.carried_by
        f.cv, f.routed, f.half, f.fired = self.cv, self.routed, self.half, self.fired
        return f

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready snapshot of the static facts and the battle state."""
        d: dict[str, Any] = {
            "key": self.key, "side": self.side, "role": self.role, "rating": self.rating,
            "cv": self.cv, "start_cv": self.start_cv, "max_cv": self.max_cv,
        }
        for name in _FLAGS:
            d[name] = getattr(self, name)
        d["carried_by"] = self.carried_by
        d["routed"], d["half"], d["fired"] = self.routed, self.half, self.fired
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Fighter:
        """Rebuild a fighter saved by :meth:`to_dict` (validating the static facts)."""
        try:
            f = cls(
                d["key"], d["side"], d["role"], d["rating"], d["start_cv"],
                max_cv=d["max_cv"], carried_by=d["carried_by"],
                **{name: d[name] for name in _FLAGS},
            )
            cv, routed, half, fired = d["cv"], d["routed"], d["half"], d["fired"]
        except KeyError as exc:
            raise ValueError(f"a saved block is missing the field {exc.args[0]!r}") from exc
        if not isinstance(cv, int) or not 0 <= cv <= f.start_cv:
            raise ValueError(f"saved block {f.key!r}: cv {cv!r} is outside 0..{f.start_cv}")
        f.cv = cv
        f.routed = _need_bool(f.key, "routed", routed)
        f.half = _need_bool(f.key, "half", half)
        f.fired = _need_bool(f.key, "fired", fired)
        return f

    def __repr__(self) -> str:
        state = " routed" if self.routed else ""
        state += " half" if self.half else ""
        return f"<Fighter {self.key} {self.side} {self.rating} cv{self.cv}{state}>"
