"""What the move searches of one board read again and again, worked out once per board
(docs/athens-sparta.md, "Speed").

:func:`facts` gives a :class:`Facts` for a world and a board: the sides standing in each hex,
who each hex belongs to for a move by land and by sea (§4.2, filled as asked), the blocks'
kinds, and ``memo``, where :mod:`.movement` and :mod:`.strategic` keep the hexes each search
reached. An entry is keyed on **everything those answers read**: the world (by identity), and
of the board every block's place and side, city control, sieges and blockades. Steps, cards,
the turn and the frames are not read by a search, so they are not in the key. A board changed
in any way that matters gets another key, so an entry can never be stale, whichever position
or clone asks; two positions with the same board share one entry, which is never edited but
by adding answers that hold for every such board.

Entries live in a bounded table registered in :mod:`hellenes_nb.core.remembered` (emptied by
``remembered.forget()``, set aside by ``selfplay --check-caches``). While a board is held still
(:func:`~hellenes_nb.games.athens_sparta.state.held_still`: the legal moves are being listed)
the entry is also kept on the board itself, so the key is made once per listing.
"""

from __future__ import annotations

from typing import Any

from hellenes_nb.core import remembered
from hellenes_nb.games.athens_sparta.state import State
from hellenes_nb.games.athens_sparta.world import World

__all__ = ["Facts", "board_key", "facts", "kinds"]

#: (id of the world, :func:`board_key`) -> Facts, and "last": the board made last, whose
#: answers the next board made takes over where they read nothing that changed (a move of a
#: block changes the facts of two hexes); cleared when full
_FACTS: dict[tuple, Facts] = remembered.table("athens_sparta.facts._FACTS")
_MAX = 128


def kinds(world: World) -> dict[str, str]:
    """Block id -> type, from the world's roster (made once per world)."""
    made = world.__dict__.get("_kinds")
    if made is None or made[0] is not world.blocks:
        made = (world.blocks, {b.id: b.type for b in world.blocks})
        world.__dict__["_kinds"] = made
    return made[1]


def board_key(state: State) -> tuple:
    """Everything of the board a move search reads (module docstring)."""
    return (tuple([(k, v.where, v.side) for k, v in state.blocks.items()]),
            tuple(state.control.items()), tuple(state.besieged.items()),
            tuple(state.blockaded.items()))


class Facts:
    """One board's facts (module docstring). ``sides``: hex -> the sides with blocks there;
    ``memo``: the searches' answers, keyed by each search on its own arguments."""

    __slots__ = ("_land", "_sea", "besieged", "blockaded", "cities", "control", "kinds",
                 "memo", "navies", "reads", "sides", "sieges", "world")

    def __init__(self, world: World, state: State):
        self.world = world
        self.kinds = kinds(world)
        self.control = dict(state.control)
        self.besieged = dict(state.besieged)
        self.blockaded = dict(state.blockaded)
        sides: dict[str, set[str]] = {}
        navies: dict[str, set[str]] = {}
        for k, b in state.blocks.items():
            if b.side:
                sides.setdefault(b.where, set()).add(b.side)
                if self.kinds.get(k) == "navy":
                    navies.setdefault(b.where, set()).add(b.side)
        self.sides = sides
        #: hex -> the sides with navies there
        self.navies = navies
        self.cities = world.city_index()
        #: the hexes whose city (the first there, as ``city_at`` reads) is besieged or
        #: blockaded
        self.sieges = frozenset(
            h for h in (world.cities[c].hex for c in (*self.besieged, *self.blockaded)
                        if c in world.cities)
            if h and world.city_at(h) is not None and (
                world.city_at(h).id in self.besieged or world.city_at(h).id in self.blockaded))
        self._land: dict[str, str] = {}
        self._sea: dict[str, str] = {}
        self.memo: dict[tuple, Any] = {}
        #: per answer of ``memo`` kept with :meth:`keep`, the hexes it read
        self.reads: dict[tuple, frozenset[str]] = {}

    def keep(self, key: tuple, answer: Any, reads: set[str] | frozenset[str]) -> Any:
        """Remember a search's answer (never edited afterwards) and the hexes whose facts it
        read: another board that differs from this one in none of them gets it too
        (:func:`facts`)."""
        self.memo[key] = answer
        self.reads[key] = frozenset(reads)
        return answer

    def changed(self, other: Facts) -> set[str]:
        """The hexes whose facts differ between this board and ``other``: the sides standing
        there or having navies there, or the control, siege or blockade of a city there."""
        out = {h for h in self.sides.keys() | other.sides.keys()
               if self.sides.get(h) != other.sides.get(h)}
        out |= {h for h in self.navies.keys() | other.navies.keys()
                if self.navies.get(h) != other.navies.get(h)}
        cities = self.world.cities
        for mine, theirs in ((self.control, other.control), (self.besieged, other.besieged),
                             (self.blockaded, other.blockaded)):
            for c in mine.keys() | theirs.keys():
                if mine.get(c) != theirs.get(c):
                    out.add(cities[c].hex if c in cities else c)
        return out

    def inherit(self, other: Facts) -> None:
        """Take over the answers of ``other`` (a board of the same world) that read no hex
        whose facts differ here."""
        changed = self.changed(other)
        for key, reads in other.reads.items():
            if reads.isdisjoint(changed):
                self.memo[key] = other.memo[key]
                self.reads[key] = reads

    def owner(self, hex_id: str, medium: str = "land") -> str:
        """Who the hex belongs to for a move by ``medium`` (§4.2; as
        :func:`.strategic.control` answers)."""
        table = self._land if medium == "land" else self._sea
        got = table.get(hex_id)
        if got is None:
            got = table[hex_id] = self._owner(hex_id, medium)
        return got

    def _owner(self, hex_id: str, medium: str) -> str:
        city = self.cities.get(hex_id)
        if city is not None:
            held = self.besieged if medium == "land" else self.blockaded
            if city.id in held:
                return held[city.id]
        sides = self.sides.get(hex_id)
        if sides:
            return "contested" if len(sides) > 1 else next(iter(sides))
        if city is not None and city.kind == "city":
            return self.control.get(city.id, "vacant")
        return "vacant"

    def sea_control(self, hex_id: str) -> str | None:
        """Who holds the sea in the hex (§4.2, §4.3; aid "Sea Control"): the blockader of
        the city there, else the one side with navies in the hex; None when neither or both
        have navies there."""
        city = self.cities.get(hex_id)
        if city is not None and city.id in self.blockaded:
            return self.blockaded[city.id]
        navies = self.navies.get(hex_id, ())
        return next(iter(navies)) if len(navies) == 1 else None

    def in_siege(self, hex_id: str) -> bool:
        """A besieged or blockaded city stands in the hex."""
        return hex_id in self.sieges


def facts(world: World, state: State) -> Facts:
    """The facts of this board (module docstring)."""
    still = state.__dict__.get("_sides_index")
    if still is not None:
        kept = state.__dict__.get("_facts")
        if kept is not None and kept[0] is still and kept[1].world is world:
            return kept[1]
    key = (id(world), board_key(state))
    got = _FACTS.get(key)
    if got is None or got.world is not world:
        if len(_FACTS) >= _MAX:
            _FACTS.clear()
        got = _FACTS[key] = Facts(world, state)
        last = _FACTS.get("last")
        if last is not None and last.world is world:
            got.inherit(last)
        _FACTS["last"] = got
    if still is not None:  # the index object lives as long as this, so never reused
        state.__dict__["_facts"] = (still, got)
    return got
