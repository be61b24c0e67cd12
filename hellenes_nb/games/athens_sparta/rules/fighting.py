"""A battle on the map (§5, §5.5, §5.6, §6): :class:`.battle.Battle` fought in one hex with
its automatic choices, its result written back onto the board (steps lost, the dead to the
pool §8.5, retreats, a siege or blockade begun, a city taken), and :func:`tidy`, which keeps
sieges and city control in step with the blocks after every phase.

Simplified (docs/athens-sparta.md): the choices inside a battle (fire, withdraw, storm,
retreat) are the battle's :func:`~.battle.auto` ones, not the players'; an attacker retreats
to the hex it came from (§5.5), a defender to a next hex its side holds or that is vacant (a
navy to its nearest free friendly port), and a block with nowhere to go is eliminated; after
the battle, attackers left beside enemy blocks outside a siege go back where they came from.
"""

from __future__ import annotations

from hellenes_nb.games.athens_sparta.position import SIDES, Position
from hellenes_nb.games.athens_sparta.rules.battle import Battle
from hellenes_nb.games.athens_sparta.rules.combat import CombatBlock
from hellenes_nb.games.athens_sparta.rules.revolting import REVOLT_TYPES
from hellenes_nb.games.athens_sparta.rules.revolts import change_hands, revolt_siege
from hellenes_nb.games.athens_sparta.rules.strategic import control

__all__ = ["begin", "fight", "hold", "record", "retreat_to", "revolt_fails", "tidy"]


def _types(st: Position) -> dict:
    return {x.id: x for x in st.world.blocks}


def _in(st: Position, hex_id: str, side: str) -> list[str]:
    return sorted(k for k, v in st.board.blocks.items() if v.where == hex_id and v.side == side
                  and v.steps > 0)


def retreat_to(st: Position, block: str, hex_id: str, origin: str | None) -> str | None:
    """Where a block retreats from ``hex_id`` (module docstring), or None: eliminated."""
    w, b = st.world, st.board
    side = b.blocks[block].side
    ok = (side, "vacant")
    if origin is not None and origin in w.hexes and control(w, b, origin) in ok:
        return origin
    if _types(st)[block].type == "navy":
        best = None
        here = [n for n in w.sea_links if n[0] == hex_id]
        for c in sorted(w.cities.values(), key=lambda c: c.id):
            if c.port and c.hex and c.hex != hex_id and b.control.get(c.id) == side and \
                    c.id not in b.besieged and c.id not in b.blockaded:
                d = w.sea_distance(here, w.coast_of(c.id))
                if d is not None and (best is None or d < best[0]):
                    best = (d, c.hex)
        return best[1] if best else None
    for n in sorted(w.land_links.get(hex_id, ())):
        if w.side(hex_id, n) not in ("mountain", "water") and not w.hexes[n].persia and \
                control(w, b, n) in ok:
            return n
    return None


def _move_back(st: Position, block: str, hex_id: str, origin: str | None) -> None:
    to = retreat_to(st, block, hex_id, origin)
    v = st.board.blocks[block]
    if to is None:
        v.where, v.steps = "pool", 0
        st.event("eliminated", "5.5", f"a {v.side} block has nowhere to retreat from {hex_id} "
                 "and is eliminated", v.side)
    else:
        v.where = to
        st.event("retreat", "5.5", f"a {v.side} block retreats from {hex_id} to {to}", v.side)


def begin(st: Position, hex_id: str, side: str, crossed: set | frozenset = frozenset(),
          siege_only: bool = False, pursuit: str = "aid",
          moved: set | frozenset = frozenset(), ship_retreat: str = "fan",
          stay_in: set | frozenset = frozenset(),
          reserve: set | frozenset = frozenset()) -> Battle | None:
    """The battle the active ``side`` begins in ``hex_id``, set up from the board (None when
    no enemy is there, or an oracle's hex, §1.4). ``siege_only``: an on-going siege stormed
    (§5.4). Blocks of ``side`` shut in their own besieged city that did not move this phase
    (``moved``) sally (§5.3): their armies cannot retreat (§5.42); those in ``stay_in`` stay
    in the city, out of the battle (§5.4)."""
    w, b = st.world, st.board
    foe = SIDES[1 - SIDES.index(side)]
    city = w.city_at(hex_id)
    ours, theirs = _in(st, hex_id, side), _in(st, hex_id, foe)
    if not ours or not theirs or (city is not None and city.kind == "oracle"):
        return None
    kinds = _types(st)
    shut = city is not None and foe == b.control.get(city.id) and side in (
        b.besieged.get(city.id), b.blockaded.get(city.id))
    if revolt_siege(st, city, ours, foe):  # §7.0 (revolt: fan): a siege battle
        shut = siege_only = True
    sally = city is not None and side == b.control.get(city.id) and foe in (
        b.besieged.get(city.id), b.blockaded.get(city.id))
    blocks = [CombatBlock(k, "attacker" if b.blocks[k].side == side else "defender",
                          kinds[k].type, b.blocks[k].steps, kinds[k].rating)
              for k in ours + theirs]
    return Battle(blocks, st.dice, walled=bool(city and city.walled and
                                              b.control.get(city.id) == foe),
                  limit=4 if city is not None and city.value else 2,
                  crossed=frozenset(set(crossed) & set(ours)),
                  in_siege=(set(theirs) if shut else set()) | (set(stay_in) & set(ours)),
                  siege_only=siege_only and shut,
                  pursuit=pursuit, ship_retreat=ship_retreat,
                  reserve=frozenset(reserve),
                  patrol_ok=_may_patrol(st, city, foe, shut or sally or siege_only),
                  box=st.options.get("syracuse", "aid") if city is not None and city.offboard
                  else "",
                  sally=frozenset(k for k in ours if sally and kinds[k].type != "navy"
                                  and k not in moved or kinds[k].type in REVOLT_TYPES))


def _may_patrol(st: Position, city, foe: str, held: bool) -> bool:
    """The defender ``foe``'s navies may patrol instead of accepting battle (aid "Sea
    Patrols"): the option ``sea_patrols`` is on and the battle is a new one at ``foe``'s own
    port on the map, not under an enemy siege or blockade, so ``foe`` holds its sea (aid "Sea
    Control": the port's owner does, unless the attacker blockades it)."""
    return (st.options.get("sea_patrols", "aid") == "aid" and not held and city is not None
            and city.kind == "city" and city.port and not city.offboard
            and st.board.control.get(city.id) == foe)


def record(st: Position, hex_id: str, side: str, battle: Battle, result: dict) -> str:
    """Write a fought battle back onto the board: steps lost, the dead to the pool (§8.5);
    the event; returns the winning side ('nobody' for none)."""
    b = st.board
    foe = SIDES[1 - SIDES.index(side)]
    for cb in battle.blocks:
        v = b.blocks[cb.id]
        v.steps = cb.strength
        if cb.strength <= 0:
            v.where, v.steps = "pool", 0
    lost = {s: sum(1 for cb in battle.blocks if cb.side == r and not cb.alive)
            for s, r in ((side, "attacker"), (foe, "defender"))}
    winner = {"attacker": side, "defender": foe}.get(result["winner"], "nobody")
    st.event("battle", "5.0", f"{side} attacks at {hex_id}: {winner} wins; blocks lost: "
             f"{side} {lost[side]}, {foe} {lost[foe]}", side, winner=winner)
    return winner


def revolt_fails(st: Position, hex_id: str, side: str) -> None:
    """A revolt block with enemy blocks still beside it after its battle is eliminated (aid:
    a failed revolt block is disbanded; §7.1: the Helots)."""
    foe = SIDES[1 - SIDES.index(side)]
    kinds = _types(st)
    if not _in(st, hex_id, foe):
        return
    for k in _in(st, hex_id, side):
        if kinds[k].type in REVOLT_TYPES:
            st.board.blocks[k].where, st.board.blocks[k].steps = "pool", 0
            st.event("revolt", "7.0", f"the revolt at {hex_id} fails", side)


def hold(st: Position, hex_id: str, side: str) -> None:
    """After a battle: attackers left beside the city's defenders besiege it (armies) or
    blockade it (navies, a port only, §5.43)."""
    w, b = st.world, st.board
    foe = SIDES[1 - SIDES.index(side)]
    city = w.city_at(hex_id)
    kinds = _types(st)
    if city is not None and city.kind == "city" and b.control.get(city.id) == foe:
        mine = _in(st, hex_id, side)
        if _in(st, hex_id, foe):
            if any(kinds[k].type != "navy" for k in mine):
                b.besieged[city.id] = side
            if city.port and any(kinds[k].type == "navy" for k in mine):
                b.blockaded[city.id] = side


def fight(st: Position, hex_id: str, side: str, origins: dict, crossed: set) -> dict | None:
    """A whole battle with the battle's automatic choices and the fixed retreats (module
    docstring): what tests and the rules' examples use; play asks the players instead
    (:mod:`.combatphase`)."""
    battle = begin(st, hex_id, side, crossed)
    if battle is None:
        return None
    result = battle.run()
    record(st, hex_id, side, battle, result)
    b = st.board
    for k in result["retreated"]:
        if b.blocks[k].where == hex_id and b.blocks[k].steps > 0:
            _move_back(st, k, hex_id, origins.get(k) if b.blocks[k].side == side else None)
    revolt_fails(st, hex_id, side)
    hold(st, hex_id, side)
    tidy(st, origins)
    return result


def tidy(st: Position, origins: dict | None = None) -> None:
    """:func:`_tidy_pass` twice: a city changing hands in the first pass may turn an ally's
    blocks elsewhere (§9.5), which the second pass parts."""
    _tidy_pass(st, origins)
    _tidy_pass(st, origins)


def _tidy_pass(st: Position, origins: dict | None = None) -> None:
    """Sieges and control follow the blocks: a siege or blockade ends when the besieger's
    armies (navies) have gone; a city whose defenders are all gone falls to the side whose
    blocks stand in it (§4.2, §5.6); blocks of both sides left together outside a siege part:
    the side that is not the city's owner (or, in open country, the side that came last) goes
    back (§5.5)."""
    w, b = st.world, st.board
    kinds = _types(st)
    boxes = {c.id for c in w.cities.values() if c.offboard}  # Sicily (§9.2)
    for hex_id in sorted({v.where for v in b.blocks.values() if v.where in w.hexes
                          or v.where in boxes}):
        city = w.city_at(hex_id)
        sides = {s: _in(st, hex_id, s) for s in SIDES}
        if city is not None and city.kind == "oracle":
            continue
        if city is not None and city.kind == "city":
            cid = city.id
            owner = b.control.get(cid)
            for held, navy in ((b.besieged, False), (b.blockaded, True)):
                who = held.get(cid)
                if who is not None and (owner == who or not any(
                        (kinds[k].type == "navy") == navy for k in sides[who])):
                    del held[cid]
            present = [s for s in SIDES if sides[s]]
            if len(present) == 1 and owner != present[0] and owner in SIDES:
                b.besieged.pop(cid, None)
                b.blockaded.pop(cid, None)
                change_hands(w, b, cid, present[0])
                st.event("city", "5.6", f"{present[0]} takes {city.name}", present[0])
            if len(present) == 2 and owner in SIDES and (
                    cid in b.besieged or cid in b.blockaded):
                continue
        if all(sides.values()) and hex_id not in boxes:  # Sicily's battles go on (§9.2)
            owner = b.control.get(city.id) if city is not None else None
            leaving = next((s for s in SIDES if s != owner and owner in SIDES), None)
            if leaving is None:
                moved = [s for s in SIDES if any(k in (origins or {}) for k in sides[s])]
                leaving = moved[0] if moved else SIDES[0]
            for k in sides[leaving]:
                _move_back(st, k, hex_id, (origins or {}).get(k))
