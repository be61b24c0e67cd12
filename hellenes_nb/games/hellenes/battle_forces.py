"""Battles for a board from two forces, and the Sacrifices a board's sides hold: the engine
side of ``BattleWidget.from_forces`` (docs/battle-widget.md, §6.1, §8.1, §11.0)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from hellenes_nb.core.dice import Dice
from hellenes_nb.core.echo import shown
from hellenes_nb.games.hellenes.battlelab import (
    GODS,
    Battle,
    BattleError,
    Fighter,
    appealable,
    other_side,
)
from hellenes_nb.games.hellenes.index import SIDE_WORD
from hellenes_nb.games.hellenes.odds.forces import MAX_BLOCKS, Block, parse_forces, too_many

__all__ = ["KINDS", "forces_battle", "read_sacrifices"]

#: Battle kinds a board sets up: ``narrows`` is a sea battle whose aggressors cannot fire in
#: round 1 (§6.5); ``landing`` a land battle against aggressors from the sea (§6.6);
#: ``treachery`` a one-round siege assault without double defense (§3.1).
KINDS = ("land", "sea", "narrows", "landing", "assault", "treachery", "sortie")
ADJECTIVE = {"athens": "Athenian", "sparta": "Spartan"}
_FORCE_KEYS = {"name", "rating", "cv", "max_cv", "cavalry", "fleet", "garrison", "carried"}


def forces_battle(attacker: str | Sequence[Mapping[str, Any]],
                  defender: str | Sequence[Mapping[str, Any]], kind: str = "land", *,
                  seed: int = 0, attacker_side: str = "athens",
                  may_retreat: Mapping[str, bool] | None = None,
                  ) -> tuple[Battle, dict[str, str]]:
    """A battle of two forces (see ``BattleWidget.from_forces``) and its blocks' names."""
    if kind not in KINDS:
        raise BattleError(f"battle kind must be one of {', '.join(KINDS)}; got {shown(kind)}")
    if attacker_side not in SIDE_WORD:
        raise BattleError("attacker_side must be 'athens' or 'sparta', got "
                          f"{shown(attacker_side)}")
    names: dict[str, str] = {}
    unnamed: set[str] = set()
    fighters = []
    for role, side, force in (("aggressor", attacker_side, attacker),
                              ("defender", other_side(attacker_side), defender)):
        fighters += _build_force(force, side, role, kind, unnamed, names)
    told = {k: names[k] for k in unnamed}
    _number_alike(told)
    names.update(told)
    battle = Battle(fighters, {"narrows": "sea", "landing": "land",
                               "treachery": "assault"}.get(kind, kind),
                    dice=Dice(seed), treachery=kind == "treachery", may_retreat=may_retreat)
    return battle, names


def read_sacrifices(source: Mapping[str, Iterable[str]] | Any) -> dict[str, list[str]]:
    """Each side's Sacrifices from a mapping, or from a game (``Game`` or ``State``): there
    only those that may still be appealed this player turn (§11.0)."""
    if source is None:
        return {side: [] for side in SIDE_WORD}
    if not isinstance(source, Mapping):
        state = getattr(source, "state", source)
        if not hasattr(state, "sacrifices"):
            raise BattleError("sacrifices must be a dict like {'athens': ['ares'], 'sparta': []} "
                              f"or a game, got {type(source).__name__}")
        return appealable(state)
    unknown = set(source) - set(SIDE_WORD)
    if unknown:
        raise BattleError(f"sacrifices: unknown side(s) {sorted(unknown)}; use 'athens' and "
                          "'sparta'")
    out: dict[str, list[str]] = {}
    for side in SIDE_WORD:
        gods = source.get(side) or []
        if isinstance(gods, str):
            raise BattleError(f"sacrifices[{side!r}] must be a list of gods, got the string "
                              f"{shown(gods)}")
        out[side] = [str(g) for g in gods]
        bad = [g for g in out[side] if g not in GODS]
        if bad:
            raise BattleError(f"sacrifices[{side!r}]: {bad} are not Olympians; a Sacrifice is "
                              f"to one of {', '.join(GODS)} (§11.0)")
    return out


def player_name(side: str, rating: str, *, cavalry: bool = False, fleet: bool = False,
                garrison: bool = False) -> str:
    """A block without a name of its own, in the words a player would use: "Athenian
    hoplites" for a heavy foot block (a fire power of 2 or more), "Spartan light troops" for a
    light one, "Athenian cavalry", "Spartan fleet", "Athenian garrison" (§2.1, §2.14)."""
    if garrison:
        kind = "garrison"
    elif cavalry or fleet:
        kind = "cavalry" if cavalry else "fleet"
    else:
        kind = "hoplites" if rating[1:].isdigit() and int(rating[1:]) >= 2 else "light troops"
    return f"{ADJECTIVE[side]} {kind}"


def _number_alike(names: dict[str, str]) -> None:
    """Blocks that would share a name are told apart as a player would: "Athenian hoplites
    (1)", "Athenian hoplites (2)"."""
    count: dict[str, int] = {}
    for name in names.values():
        count[name] = count.get(name, 0) + 1
    seen: dict[str, int] = {}
    for key, name in names.items():
        if count[name] > 1:
            seen[name] = seen.get(name, 0) + 1
            names[key] = f"{name} ({seen[name]})"


def _build_force(force: str | Sequence[Mapping[str, Any]], side: str, role: str, kind: str,
                 unnamed: set[str],
                 names: dict[str, str]) -> list[Fighter]:
    """Fighters for one side from a forces string or a list of dicts (see ``from_forces``)."""
    items = _force_items(force, side)
    width = len(str(len(items)))
    prefix = "A" if side == "athens" else "S"
    fighters: list[Fighter] = []
    for i, item in enumerate(items, start=1):
        key = f"{prefix}{i:0{width}d}"
        garrison = bool(item.get("garrison", False))
        rating = "A2" if garrison else str(item.get("rating", ""))
        cavalry, fleet = bool(item.get("cavalry", False)), bool(item.get("fleet", False))
        names[key] = str(item.get("name") or "")
        if not names[key]:
            names[key] = player_name(side, rating, cavalry=cavalry, fleet=fleet,
                                     garrison=garrison)
            unnamed.add(key)
        city = role == "defender" and kind in ("assault", "treachery")
        if city:
            rating = "A2"
        cv = 1 if garrison else item.get("cv")
        holds = role == "aggressor" and kind in ("narrows", "landing")
        try:
            fighters.append(Fighter(key, side, role, rating, cv,
                                    max_cv=item.get("max_cv", 1 if garrison else 4),
                                    cavalry=cavalry, fleet=fleet, garrison=garrison, city=city,
                                    holds_round1=holds))
        except (TypeError, ValueError) as exc:
            raise BattleError(f"{SIDE_WORD[side]} block {i} ({names[key]}): {exc}") from None
        cargo = item.get("carried")
        if cargo:
            ckey = f"{key}c"
            names[ckey] = str(cargo.get("name") or player_name(
                side, str(cargo.get("rating", "B2"))) + " aboard")
            try:
                fighters.append(Fighter(ckey, side, role, str(cargo.get("rating", "B2")),
                                        cargo.get("cv"), carried_by=key))
            except (TypeError, ValueError) as exc:
                raise BattleError(f"{SIDE_WORD[side]} block {i}: its carried unit: {exc}") from None
    return fighters


def _force_items(force: str | Sequence[Mapping[str, Any]], side: str) -> list[dict[str, Any]]:
    """A force as a list of plain dicts, from the odds syntax or from dicts (checked)."""
    if isinstance(force, str):
        tokens = [t.strip() for t in force.split(",")]
        blocks = parse_forces(force)
        return [_block_item(block, token) for block, token in zip(blocks, tokens, strict=True)]
    if not isinstance(force, Sequence) or not force:
        raise BattleError(f"{SIDE_WORD[side]}: give a forces string like 'B2:3,A1:2' or a "
                          "non-empty list of dicts")
    if len(force) > MAX_BLOCKS:
        raise BattleError(f"{SIDE_WORD[side]}: {too_many(len(force))}")
    items = []
    for i, item in enumerate(force, start=1):
        if not isinstance(item, Mapping):
            raise BattleError(f"{SIDE_WORD[side]} block {i} must be a dict, got {shown(item)}")
        unknown = set(item) - _FORCE_KEYS
        if unknown:
            raise BattleError(f"{SIDE_WORD[side]} block {i}: unknown field(s) "
                              f"{sorted(unknown)}; use {sorted(_FORCE_KEYS)}")
        items.append(dict(item))
    return items


def _block_item(block: Block, token: str) -> dict[str, Any]:
    item: dict[str, Any] = {"rating": block.rating, "cv": block.cv, "cavalry": block.cavalry,
                            "fleet": block.fleet, "garrison": block.garrison}
    if block.garrison:
        item["max_cv"] = 1
    if block.carried:
        cargo_rating = token.partition("+")[2].rpartition(":")[0].upper()
        item["carried"] = {"cv": block.carried, "rating": cargo_rating or "B2"}
    return item

