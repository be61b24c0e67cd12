"""Is this a legal battle? Checks on the blocks the engine brings to one battle.

The checks cover who may fight in which kind of battle (§6.1, §6.5 sea battles and carried
units, §2.26 fleets on land, §7.3 garrisons, §8.1 city defenders, §8.3 sorties, §3.1 Treachery)
and the default retreat rights (§6.4, §8.12). Each refusal says what is wrong and cites the rule.
"""

from __future__ import annotations

from collections.abc import Mapping

from hellenes_nb.games.hellenes.rules.battle.blocks import SIDES, Fighter

__all__ = ["KINDS", "BattleError", "validate_battle", "retreat_rights"]

KINDS = ("land", "sea", "assault", "sortie")


class BattleError(ValueError):
    """A battle was set up or driven against the rules; the message names what and why."""


def validate_battle(fighters: list[Fighter], kind: str, treachery: bool) -> None:
    """Check that the fighters make a legal battle of this kind; raise BattleError if not."""
    if kind not in KINDS:
        raise BattleError(f"battle kind must be one of {KINDS}, got {kind!r}")
    if treachery and kind != "assault":
        raise BattleError("a Treachery Assault is a siege assault: use kind='assault' (§3.1)")
    keys = [f.key for f in fighters]
    dupes = sorted({k for k in keys if keys.count(k) > 1})
    if dupes:
        raise BattleError(f"block keys must be unique in a battle; repeated: {dupes}")
    by_key = {f.key: f for f in fighters}
    roles: dict[str, set[str]] = {s: set() for s in SIDES}
    for f in fighters:
        roles[f.side].add(f.role)
    for side in SIDES:
        if not any(f.side == side and f.carried_by is None for f in fighters):
            raise BattleError(f"a battle needs fighting blocks of both sides; {side} has none")
        if len(roles[side]) != 1:
            raise BattleError(f"all {side} blocks must share one role (aggressor or defender)")
    if roles["athens"] == roles["sparta"]:
        raise BattleError("one side must be the aggressor and the other the defender (§6.1)")
    carried_seen: set[str] = set()
    for f in fighters:
        if f.cavalry and f.fleet:
            raise BattleError(f"block {f.key!r} cannot be both cavalry and a fleet")
        sea_letter = f.agility in "EF"
        if kind == "sea":
            if f.carried_by is None:
                if not f.fleet:
                    raise BattleError(
                        f"block {f.key!r}: only fleets fight in sea battles; a land unit at sea "
                        "must name its carrying fleet in carried_by (§6.5)")
                if not sea_letter:
                    raise BattleError(
                        f"fleet {f.key!r} fights at sea with its E/F sea rating, "
                        f"not {f.rating} (§6.5)")
            else:
                carrier = by_key.get(f.carried_by)
                if carrier is None or not carrier.fleet or carrier.side != f.side:
                    raise BattleError(
                        f"block {f.key!r} must be carried by a friendly fleet in this battle "
                        f"(§5.21); {f.carried_by!r} is not one")
                if carrier.carried_by is not None or f.fleet:
                    raise BattleError(f"block {f.key!r}: only a fleet may carry a land unit")
                if f.carried_by in carried_seen:
                    raise BattleError(
                        f"fleet {f.carried_by!r} carries more than one land unit (§2.26)")
                carried_seen.add(f.carried_by)
        else:
            if f.carried_by is not None:
                raise BattleError(
                    f"block {f.key!r}: carried units only exist in sea battles (§6.5)")
            if sea_letter:
                raise BattleError(
                    f"block {f.key!r}: {f.rating} is a sea rating; on land use the land rating "
                    "(fleets fight on land as D1, §2.26)")
        if f.city:
            if kind != "assault" or f.role != "defender":
                raise BattleError(
                    f"block {f.key!r}: only defenders in a siege assault are city defenders "
                    "(§8.1; sorties have no double defense, §8.3)")
            if f.rating != "A2":
                raise BattleError(
                    f"city defender {f.key!r} fights as A2 in a siege assault (§8.1), "
                    f"not {f.rating}")
        elif kind == "assault" and f.role == "defender":
            raise BattleError(
                f"defender {f.key!r}: every defender in a siege assault is a city defender; "
                "set city=True (§8.1)")
        if f.garrison and (not f.city or f.max_cv != 1):
            raise BattleError(
                f"garrison {f.key!r} is a 1 cv city defender that only fights in a siege "
                "assault (§7.3, §8.3)")
    if sum(f.garrison for f in fighters) > 1:
        raise BattleError("only one garrison is allowed per city (§7.3)")


def retreat_rights(
    fs: list[Fighter], kind: str, may_retreat: Mapping[str, bool] | None
) -> dict[str, bool]:
    """Which sides may retreat: both, except siege-assault defenders (§6.4, §8.12),
    then whatever the engine says in ``may_retreat``."""
    rights = {s: True for s in SIDES}
    if kind == "assault":
        rights[next(f.side for f in fs if f.role == "defender")] = False
    if may_retreat is not None:
        for side, ok in may_retreat.items():
            if side not in SIDES or not isinstance(ok, bool):
                raise BattleError(
                    f"may_retreat maps 'athens'/'sparta' to True/False, got {side!r}: {ok!r}")
            rights[side] = ok
    return rights
