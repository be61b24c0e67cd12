"""Integer tables built once per world so the rules never look up strings in hot paths.

Places are numbered land areas first (ids sorted), then seas (ids sorted); units are numbered
``side * SIDE_SPAN + (id - 1)`` with Athens = 0 and Sparta = 1 (docs/engine.md). Every table
here is a tuple, so an index can be shared by any number of game states. The sides, the
seasons and the unit numbering are named here once for every rules module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from hellenes_nb.core.echo import shown
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.hellenes.world import World

T = TypeVar("T")

ATHENS, SPARTA = 0, 1
SIDE_NAMES = ("athens", "sparta")
#: a side in running text, and its adjective, by side index
SIDE_TITLES = ("Athens", "Sparta")
SIDE_ADJECTIVES = ("Athenian", "Spartan")
#: a side in running text, by the name actions, battles and saves use ("athens" -> "Athens")
SIDE_WORD = dict(zip(SIDE_NAMES, SIDE_TITLES, strict=True))
#: units per side: unit ``u`` is of side ``u // SIDE_SPAN`` (:func:`side_of`)
SIDE_SPAN = 60
N_UNITS = 2 * SIDE_SPAN
LOYALTY_CODE = {"athens": ATHENS, "sparta": SPARTA, "neutral": -1}
SEA_BORDERS = ("sea", "deepsea", "narrows")
SEASONS = ("New Year", "Spring", "Summer", "High Summer", "Fall", "Winter")
#: the values of ``state.season``, indices of :data:`SEASONS` (§3.3, §9, §10)
NEW_YEAR, SPRING, SUMMER, HIGH_SUMMER, FALL, WINTER = range(len(SEASONS))
#: the stage of the year after Winter (§9.5): the year frame counts New Year, the seasons,
#: Winter, then Year End
YEAR_END = WINTER + 1


def side_of(u: int) -> int:
    """The side of unit index ``u``: 0 Athens, 1 Sparta."""
    return u // SIDE_SPAN


def side_units(side: int) -> range:
    """The unit indices of ``side``, in order."""
    return range(side * SIDE_SPAN, side * SIDE_SPAN + SIDE_SPAN)


def side_title(side: int) -> str:
    """"Athens" or "Sparta", for side index ``side`` (for messages and the log)."""
    return SIDE_TITLES[side]


def action_side(action: dict) -> int:
    """The side index named by an action's ``side`` key (IllegalAction if missing or bad)."""
    name = action.get("side")
    if name not in SIDE_NAMES:
        raise IllegalAction(f"the action needs a 'side' of 'athens' or 'sparta', got "
                            f"{shown(name)}")
    return SIDE_NAMES.index(name)


def side_index(name: str) -> int:
    """0 for "athens", 1 for "sparta"; ValueError naming the bad value otherwise."""
    if name == "athens":
        return ATHENS
    if name == "sparta":
        return SPARTA
    raise ValueError(f"a side is 'athens' or 'sparta', not {shown(name)}")


class WorldIndex:
    """Precomputed int tables for one :class:`World` (see module docstring)."""

    def __init__(self, world: World):
        self.world = world
        self._derived: dict[Callable[[WorldIndex], Any], Any] = {}
        land = sorted(world.areas)
        seas = sorted(world.seas)
        self.place_ids: tuple[str, ...] = tuple(land + seas)
        self.place_of: dict[str, int] = {p: i for i, p in enumerate(self.place_ids)}
        self.n_land = len(land)
        self.n_places = len(self.place_ids)
        n = self.n_places
        po = self.place_of

        border: dict[tuple[int, int], str] = {}
        land_adj: list[list[int]] = [[] for _ in range(n)]
        coast: list[list[int]] = [[] for _ in range(n)]  # land -> seas, sea -> land areas
        sea_adj: list[list[int]] = [[] for _ in range(n)]
        for a, neighbours in world.adjacency.items():
            if a not in po:
                continue
            ia = po[a]
            for b, kind in neighbours:
                if b not in po:
                    continue
                ib = po[b]
                border[(ia, ib)] = kind
                if kind in ("land", "strait"):
                    land_adj[ia].append(ib)
                elif kind == "coast":
                    coast[ia].append(ib)
                elif kind in SEA_BORDERS:
                    sea_adj[ia].append(ib)
        for aid, area in world.areas.items():
            for sea in area.extra_coasts:
                if sea in po and po[sea] not in coast[po[aid]]:
                    ia, isea = po[aid], po[sea]
                    coast[ia].append(isea)
                    coast[isea].append(ia)
                    border[(ia, isea)] = border[(isea, ia)] = "coast"
        self.border = border
        self.land_adj = tuple(tuple(sorted(x)) for x in land_adj)
        self.coast = tuple(tuple(sorted(x)) for x in coast)
        self.sea_adj = tuple(tuple(sorted(x)) for x in sea_adj)
        #: where a fleet may go next from each place: seas then coasts from a sea, coastal
        #: land then land from land (§5.1, §5.2); the order of the movement search
        self.fleet_adj = tuple(
            self.sea_adj[p] + self.coast[p] if p >= self.n_land
            else self.coast[p] + self.land_adj[p] for p in range(len(self.coast)))

        value, port, offshore, loyalty, city_nat, town_nat, region, nation = ([] for _ in range(8))
        names = []
        for pid in self.place_ids:
            place = world.place(pid)
            names.append(place.name)
            region.append(place.region)
            if pid in world.areas:
                area = world.areas[pid]
                nation.append(area.nation)
                c = area.city
                value.append(c.value if c else 0)
                port.append(bool(c and c.port))
                offshore.append(po.get(c.offshore_sea, -1) if c and c.offshore_sea else -1)
                loyalty.append(LOYALTY_CODE[c.loyalty] if c else -1)
                city_nat.append(c.nationality if c else "")
                town_nat.append(area.town.nationality if area.town else "")
            else:
                nation.append("")
                value.append(0)
                port.append(False)
                offshore.append(-1)
                loyalty.append(-1)
                city_nat.append("")
                town_nat.append("")
        self.place_name = tuple(names)
        self.city_value = tuple(value)
        self.is_port = tuple(port)
        self.offshore = tuple(offshore)
        self.city_loyalty = tuple(loyalty)
        self.city_nationality = tuple(city_nat)
        self.town_nationality = tuple(town_nat)
        self.region = tuple(region)
        self.nation = tuple(nation)
        self.has_city = tuple(v > 0 for v in value)
        #: the name of the city in each place (the place's name where there is none)
        self.city_name = tuple(
            world.areas[pid].city.name if pid in world.areas and world.areas[pid].city
            else names[i] for i, pid in enumerate(self.place_ids))

        keys, utype, max_cv, move, elite, fleet, barb, homes, avail, nat, uname, ids = (
            [] for _ in range(12)
        )
        for u in range(N_UNITS):
            side = SIDE_NAMES[side_of(u)]
            uid = u % SIDE_SPAN + 1
            rec = world.units.get((side, uid))
            keys.append(f"{side[0].upper()}{uid}")
            ids.append(uid)
            if rec is None:
                utype.append("")
                max_cv.append(0)
                move.append(0)
                elite.append(False)
                fleet.append(False)
                barb.append(False)
                homes.append(())
                avail.append("")
                nat.append("")
                uname.append("")
                continue
            utype.append(rec.type)
            max_cv.append(rec.max_cv)
            move.append(rec.move)
            elite.append(rec.elite)
            fleet.append(rec.is_fleet)
            barb.append(rec.is_barbarian)
            homes.append(tuple(sorted(po[h] for h in rec.home if h in po)))
            avail.append(rec.availability)
            nat.append(rec.nationality)
            uname.append(rec.name)
        self.unit_key = tuple(keys)
        self.unit_number = tuple(ids)
        self.unit_of: dict[str, int] = {k: i for i, k in enumerate(keys)}
        self.unit_type = tuple(utype)
        self.max_cv = tuple(max_cv)
        self.move = tuple(move)
        self.elite = tuple(elite)
        self.is_fleet = tuple(fleet)
        self.is_barbarian = tuple(barb)
        self.homes = tuple(homes)
        self.availability = tuple(avail)
        self.nationality = tuple(nat)
        self.unit_name = tuple(uname)
        self.exists = tuple(bool(t) for t in utype)
        #: plain words for each unit (:meth:`describe`)
        self.unit_words = tuple(
            f"{SIDE_ADJECTIVES[side_of(u)]} {kind.replace('_', ' ')} #{n} ({name})"
            for u, (kind, n, name) in enumerate(zip(utype, ids, uname, strict=True)))

    # -- small helpers ---------------------------------------------------------------------
    def derived(self, build: Callable[[WorldIndex], T]) -> T:
        """The static table ``build(self)`` makes, built on first use and then kept with this
        index. ``build`` must read nothing but the index and its world, which never change: the
        one way the rules keep tables made from the world alone. Tables are kept per ``build``
        function, so pass a module-level function (a lambda made anew on each call would
        build anew each time)."""
        tables = self._derived
        got = tables.get(build)
        if got is None:
            got = tables[build] = build(self)
        return got

    def is_sea(self, p: int) -> bool:
        """True for a sea area (§1.2)."""
        return p >= self.n_land

    def is_coastal(self, p: int) -> bool:
        """A land area touching at least one sea: fleets may occupy it (§5.1)."""
        return p < self.n_land and bool(self.coast[p])

    def place(self, place_id: str) -> int:
        """The index of a land or sea area id; KeyError naming it when unknown."""
        try:
            return self.place_of[place_id]
        except KeyError:
            raise KeyError(f"there is no land or sea area called {shown(place_id)}") from None

    def unit(self, key: str) -> int:
        """The index of a unit key such as ``"A12"``; KeyError naming it when unknown."""
        u = self.unit_of.get(key) if isinstance(key, str) else None
        if u is None or not self.exists[u]:
            raise KeyError(f"there is no unit {shown(key)} (keys look like 'A12' or 'S7')")
        return u

    def describe(self, u: int) -> str:
        """Plain words for a unit: 'Spartan hoplites #12 (Lacedaemon)'."""
        return self.unit_words[u]

    def route(self, path: list[int] | tuple[int, ...]) -> str:
        """Place names joined by arrows for messages."""
        return " → ".join(self.place_name[p] for p in path)


_CACHE: dict[int, tuple[World, WorldIndex]] = {}


def index_for(world: World) -> WorldIndex:
    """The shared index of ``world`` (built on first use, then cached for the process)."""
    hit = _CACHE.get(id(world))
    if hit is not None and hit[0] is world:
        return hit[1]
    ix = WorldIndex(world)
    _CACHE[id(world)] = (world, ix)
    return ix
