"""Revolts (§7.0, §7.1; aid "Revolts", "Helot Revolts"), the rebel navies (§9.4) and neutral
cities attacked (§9.5): the ways a city changes sides.

**Revolts.** A side spends move points to raise its revolt block in an enemy major city: the
Demos for Athens, the Tyrants for Sparta, one step per MP (at most the block's steps). Athens
and Sparta never revolt, nor a neutral city, nor a minor city. By the aid's reading (the
default) a side raises at most one revolt in a given city per Olympiad. In a major city with no
enemy block the revolt succeeds at once and the city changes hands; otherwise it is fought as a
battle (:mod:`.battle`). Athens may raise the **Helots** at Messene instead of the Demos, once
an Olympiad.

**Rebel navies.** When Sparta takes Chios, Corcyra, Mytilene or Rhodes, that city's Athenian
navy, wherever it is, sails home at once and is swapped for Sparta's block named after that
city, keeping its steps; if it was in Athens' pool, Sparta may now build its own block there.
When Athens takes the city back the swap runs the other way.

**Neutral cities** attacked join the other side at once, their blocks coming out to defend
them (§9.5). When such a city is taken later, its blocks, wherever they are (the pool too),
change sides at their strength (§9.5); blocks that then share a hex with their new enemies
are parted by the Combat Phase's tidying, not fought (docs/athens-sparta.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hellenes_nb.games.athens_sparta.state import BlockState, State
from hellenes_nb.games.athens_sparta.world import World

__all__ = ["RevoltError", "attack_neutral", "change_hands", "exchange_problem", "raise_revolt",
           "revolt_problem", "revolt_siege"]

REVOLT_BLOCK = {"athens": "demos", "sparta": "tyrants"}
REBEL_CITIES = ("chios", "corcyra", "mytilene", "rhodes")


class RevoltError(ValueError):
    """A revolt the rules do not allow, in plain words."""


@dataclass
class Revolt:
    """A revolt raised: the block, its strength, and whether it won at once (an empty city)."""

    block: str
    strength: int
    city: str
    won: bool


def revolt_problem(world: World, state: State, side: str, city_id: str, mps: int, *,
                   helots: bool = False, done: frozenset = frozenset()) -> str | None:
    """Why ``side`` cannot raise this revolt (None if it can). ``done``: the (side, city) and
    (side, 'helots') revolts already raised this Olympiad."""
    if side not in REVOLT_BLOCK:
        return f"the side is 'athens' or 'sparta', not {side!r}"
    if city_id not in world.cities:
        return f"there is no city {city_id!r}"
    city = world.cities[city_id]
    enemy = "sparta" if side == "athens" else "athens"
    if city_id in ("athens", "sparta"):
        return f"{city.name} never revolts (§7.0)"
    if state.control.get(city_id) != enemy:
        return f"{city.name} is not an enemy city ({state.control.get(city_id)}); revolts are " \
               "raised only in the enemy's major cities (§7.0)"
    if not city.value:
        return f"{city.name} is a minor city, where no revolt is raised (§7.0)"
    if helots and (side != "athens" or city_id != "messene"):
        return "only Athens raises the Helots, and only at Messene (§7.1)"
    block = next(b for b in world.blocks if b.id == ("helots" if helots else REVOLT_BLOCK[side]))
    if state.blocks[block.id].where != "pool":
        return f"the {block.name} block is already in play"
    if not 1 <= mps <= block.steps:
        return f"the {block.name} block takes 1 to {block.steps} MPs (one step each), not {mps}"
    if (side, city_id) in done:
        return f"{side} has raised a revolt in {city.name} this Olympiad already (aid)"
    if helots and (side, "helots") in done:
        return "the Helots rise once an Olympiad (§7.1)"
    return None


def raise_revolt(world: World, state: State, side: str, city_id: str, mps: int, *,
                 helots: bool = False, done: frozenset = frozenset()) -> Revolt:
    """Place the revolt block in the city at ``mps`` steps; in a city with no enemy block the
    revolt wins at once and the city changes hands (:func:`change_hands`). The state is left
    unchanged when the revolt is refused."""
    problem = revolt_problem(world, state, side, city_id, mps, helots=helots, done=done)
    if problem:
        raise RevoltError(problem)
    block = "helots" if helots else REVOLT_BLOCK[side]
    hex_id = world.cities[city_id].hex or city_id  # Syracuse: its box (§9.2)
    defended = any(b.where == hex_id and b.side not in (side, None)
                   for b in state.blocks.values())
    state.blocks[block] = BlockState(hex_id, mps, side)
    if not defended:
        change_hands(world, state, city_id, side)
    return Revolt(block, mps, city_id, not defended)


def revolt_siege(st: Any, city: Any, attackers: list[str], foe: str) -> bool:
    """Whether the battle in ``city`` is a revolt fought as a siege battle: the option
    ``revolt: fan`` (§7.0, "resolved as normal Siege Battles") and a Demos or Tyrants block
    among the ``attackers`` in a city of ``foe``. The defenders are all inside the walls and
    only the siege battle is fought; the Helots fight a normal battle (§7.1)."""
    if st.options.get("revolt", "aid") != "fan" or city is None or city.kind != "city":
        return False
    kinds = {b.id: b.type for b in st.world.blocks}
    return st.board.control.get(city.id) == foe and any(
        kinds[k] in ("demos", "tyrants") for k in attackers)


def exchange_problem(world: World, state: State, side: str, block: str,
                     peltast: str) -> str | None:
    """Why ``side`` may not swap its revolt block for the pool peltast (§7.0 in the fan
    reading: the block of a revolt that won may give its place to a pool peltast, which takes
    its strength), or None."""
    kinds = {b.id: b for b in world.blocks}
    mine, pel = state.blocks.get(block), state.blocks.get(peltast)
    if block != REVOLT_BLOCK.get(side) or mine is None or mine.side != side:
        return f"{block!r} is not the revolt block of {side} (Demos or Tyrants)"
    if mine.where not in world.hexes or mine.steps < 1:
        return f"the {kinds[block].name} block is not on the map: only a revolt that " \
               "succeeded is exchanged (§7.0)"
    if pel is None or pel.side != side or kinds[peltast].type != "peltast":
        return f"{peltast!r} is not a peltast block of {side}"
    if pel.where != "pool":
        return f"{kinds[peltast].name} is not in the replacement pool (§7.0)"
    if kinds[peltast].steps < mine.steps:
        return (f"{kinds[peltast].name} has at most {kinds[peltast].steps} steps, fewer than "
                f"the {mine.steps} of the {kinds[block].name} block: the peltast takes its "
                "strength (§7.0)")
    return None


def change_hands(world: World, state: State, city_id: str, side: str) -> list[str]:
    """``side`` takes the city: control changes, and a rebel navy turns (§9.4). Returns the
    blocks that changed."""
    state.control[city_id] = side
    changed = []
    if world.cities[city_id].colour == "neutral":  # an ally's blocks follow their city (§9.5)
        for b in world.blocks:
            current = state.blocks[b.id]
            if b.home == city_id and b.side == "neutral" and current.side not in (None, side):
                current.side = side
                changed.append(b.id)
        return changed
    if city_id not in REBEL_CITIES:
        return changed
    navies = {b.side: b for b in world.blocks if b.home == city_id and b.rebel}
    old = "athens" if side == "sparta" else "sparta"
    leaving, joining = navies[old].id, navies[side].id
    current = state.blocks[leaving]
    if current.where == "pool":
        return changed  # the new owner may now build its block of that name at home
    state.blocks[joining] = BlockState(world.cities[city_id].hex, current.steps, side)
    state.blocks[leaving] = BlockState("pool", 0, old)
    return [leaving, joining]


def attack_neutral(world: World, state: State, attacker: str, city_id: str) -> list[str]:
    """A neutral city attacked joins the other side at once, and its blocks come out at full
    strength in the city (the Sicily box for Syracuse) to defend it (§3.1, §9.5). Returns the
    blocks placed; the state is unchanged when the city is not neutral."""
    if attacker not in REVOLT_BLOCK:
        raise RevoltError(f"the side is 'athens' or 'sparta', not {attacker!r}")
    if state.control.get(city_id) != "neutral":
        raise RevoltError(f"{city_id} is not a neutral city (it is "
                          f"{state.control.get(city_id, 'not a city')}), §9.5")
    ally = "sparta" if attacker == "athens" else "athens"
    city = world.cities[city_id]
    state.control[city_id] = ally
    placed = []
    for b in world.blocks:
        if b.home == city_id and b.side == "neutral" and state.blocks[b.id].where == "offmap":
            state.blocks[b.id] = BlockState("syracuse" if city.offboard else city.hex, b.steps,
                                            ally)
            placed.append(b.id)
    return placed
