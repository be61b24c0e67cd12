"""§9.21 Wintering Movement: the limits of Quartering (§9.211), Homing (§9.212) and Winter group
moves (§9.214) (:data:`MODE_LIMITS`, read by the group-move step and the move listings), and
the listing of every free wintering move (:class:`Listing`). The shelter these moves look for
is in :mod:`.shelter`; the Winter sequence and its steps in :mod:`.season`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from hellenes_nb.core import remembered
from hellenes_nb.games.hellenes.index import SIDE_NAMES, SIDE_SPAN, WorldIndex, side_of
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules.cards import season_ban
from hellenes_nb.games.hellenes.rules.movement.check import cargo_choices
from hellenes_nb.games.hellenes.rules.movement.labels import moves_along
from hellenes_nb.games.hellenes.rules.movement.search import destinations
from hellenes_nb.games.hellenes.rules.winter.shelter import (
    EnemyPresence,
    home_cities,
    maintained_units,
    overloaded,
    side_cities,
)
from hellenes_nb.games.hellenes.state import State


def enemy_units(state: State, p: int, side: int) -> bool:
    lo = (1 - side) * SIDE_SPAN
    return any(state.loc[e] == p for e in range(lo, lo + SIDE_SPAN))


def _shelter_check(state: State, occ: EnemyPresence, one_area: bool) -> scenario_rules.EndCheck:
    """The end check of a Quartering (``one_area``: into an adjacent city, §9.211) or Winter
    group move: it ends in a controlled city, engaging no one and not entering an enemy-besieged
    city by land or an enemy-blockaded port by sea: from a sea holding enemy units into a
    besieged port, or from a port's offshore sea holding enemy fleets (§9.21, §8.21; Athens'
    blockade of empty offshore seas has no fleets there to bar the way)."""
    ix = state.ix
    n_land, has_city, side, out, anywhere = ix.n_land, ix.has_city, occ.side, occ.out, occ.any
    offshore = ix.offshore

    def check(u: int, path: tuple[int, ...], via: str, enters: bool) -> str:
        if one_area and len(path) != 1:
            return "Quartering goes into an adjacent city, one area away (§9.211)"
        end = path[-1]
        if via:
            return "wintering units may not engage the enemy (§9.21)"
        if end >= n_land or not has_city[end] or state.city_control[end] != side:
            return "wintering moves end in a friendly-controlled city (§9.21)"
        if out[end] and not enters:
            return "wintering units may not enter an enemy-besieged city by land (§9.21)"
        prev = path[-2] if len(path) > 1 else state.loc[u]
        if anywhere[prev] and (enters or prev == offshore[end]):
            return "wintering units may not enter an enemy-blockaded port (§9.21)"
        return ""

    return check


def _homes_of(state: State, homes: dict[int, list[int]], u: int) -> list[int]:
    """:func:`home_cities` of ``u``, kept in ``homes`` (a cache for one unchanged state)."""
    mine = homes.get(u)
    if mine is None:
        mine = homes[u] = home_cities(state, u)
    return mine


def _home_check(state: State, occ: EnemyPresence,
                homes: dict[int, list[int]]) -> scenario_rules.EndCheck:
    """The end check of a Homing move: it ends in a controlled home city of the unit, or
    challenges the enemy besieging it or blockading its offshore sea, a Homing Battle (§9.212,
    §9.31). ``homes`` caches each unit's home cities (:func:`_homes_of`)."""
    offshore, out = state.ix.offshore, occ.out

    def check(u: int, path: tuple[int, ...], via: str, enters: bool) -> str:
        end = path[-1]
        mine = homes.get(u)
        if mine is None:
            mine = _homes_of(state, homes, u)
        if end in mine:
            if via in ("land", "landing") or not out[end] or enters:
                return ""
            return "wintering units may not enter an enemy-besieged city by land (§9.21)"
        if via in ("sea", "narrows") and any(offshore[h] == end for h in mine):
            return ""  # the enemy blockading a home port, challenged there (§9.212)
        return "a Homing move ends in a friendly-controlled home city of the unit (§9.212)"

    return check


def _all_through(state: State) -> bytearray:
    return bytearray(b"\x01" * state.ix.n_places)


def _home_through(state: State, occ: EnemyPresence, homes: Iterable[int]) -> bytearray:
    """Enemy units are passed freely except those besieging or blockading the home cities
    ``homes`` the move heads for (§9.21): the besiegers in each one's province, and enemy units
    in its offshore sea, whether or not the city is besieged (§8.21)."""
    ix = state.ix
    through = _all_through(state)
    for h in homes:
        if occ.out[h]:
            through[h] = 0
        o = ix.offshore[h]
        if o >= 0 and occ.any[o]:
            through[o] = 0
    return through


def _challenged(occ: EnemyPresence, offshore: tuple[int, ...], h: int) -> bool:
    """Enemy units besiege home city ``h`` or stand in its offshore sea (§9.212)."""
    o = offshore[h]
    return bool(occ.out[h] or (o >= 0 and occ.any[o]))


# The limits of each wintering move; ``occ`` and ``homes`` may be shared by the units of one
# listing (both describe one unchanged state).
def _limits_quarter(state: State, u: int, dest: int = -1,
                    occ: EnemyPresence | None = None) -> scenario_rules.Limits | None:
    occ = EnemyPresence(state, side_of(u)) if occ is None else occ
    return scenario_rules.move_limits(
        state, u, winter=_shelter_check(state, occ, one_area=True),
        through=_all_through(state))


def _limits_home(state: State, u: int, occ: EnemyPresence | None = None,
                 homes: dict[int, list[int]] | None = None,
                 heading: Iterable[int] = ()) -> scenario_rules.Limits | None:
    """The limits of a Homing move of ``u`` toward the challenged home cities ``heading`` (one
    part of :func:`home_parts`): it must stop before their besiegers and blockaders only."""
    occ = EnemyPresence(state, side_of(u)) if occ is None else occ
    homes = {} if homes is None else homes
    return scenario_rules.move_limits(
        state, u, winter=_home_check(state, occ, homes), through=_home_through(state, occ, heading))


def _heading(ix: WorldIndex, occ: EnemyPresence, homes: Iterable[int], end: int) -> tuple[int, ...]:
    """The challenged home cities (:func:`_challenged`) among ``homes`` that a Homing move
    ending in ``end`` heads for: the city itself, or those whose offshore sea it is."""
    offshore = ix.offshore
    return tuple(sorted(h for h in homes if (h == end or offshore[h] == end)
                        and _challenged(occ, offshore, h)))


def home_parts(ix: WorldIndex, occ: EnemyPresence, homes: Iterable[int]
               ) -> list[tuple[tuple[int, ...], frozenset[int]]]:
    """The ends of Homing moves toward ``homes`` (:func:`_home_ends`), grouped by the
    challenged home cities each heads for (:func:`_heading`). Wintering units pass freely
    through every enemy but those besieging or blockading their destination (§9.21), so each
    group needs its own search. The group with none (no enemy to stop before) comes first, then
    the others in order of their cities, whatever the cities listed."""
    homes = tuple(homes)
    parts: dict[tuple[int, ...], set[int]] = {}
    for end in _home_ends(ix, homes):
        parts.setdefault(_heading(ix, occ, homes, end), set()).add(end)
    return sorted((g, frozenset(ends)) for g, ends in parts.items())


def _home_limits_to(state: State, u: int, dest: int) -> scenario_rules.Limits | None:
    """The limits of a Homing move of ``u`` ending in ``dest`` (checking a move)."""
    occ = EnemyPresence(state, side_of(u))
    return _limits_home(state, u, occ, heading=_heading(state.ix, occ, home_cities(state, u), dest))


def _home_parts_of(state: State, u: int
                   ) -> list[tuple[scenario_rules.Limits | None, frozenset[int]]]:
    """The limits of each part of ``u``'s Homing moves and the ends it keeps (listing a move)."""
    occ, homes = EnemyPresence(state, side_of(u)), {}
    return [(_limits_home(state, u, occ, homes, heading), ends)
            for heading, ends in home_parts(state.ix, occ, _homes_of(state, homes, u))]


def _limits_group(state: State, u: int, dest: int = -1) -> scenario_rules.Limits | None:
    occ = EnemyPresence(state, side_of(u))
    return scenario_rules.move_limits(
        state, u, winter=_shelter_check(state, occ, one_area=False),
        through=_all_through(state))

#: The limits of each wintering mode of a group move, ``(state, unit, destination) -> Limits or
#: None`` (the group-move step and the move listings ask here first, ``actions.moves``)
MODE_LIMITS: dict[str, Callable[[State, int, int], scenario_rules.Limits | None]] = {
    "quarter": _limits_quarter, "home": _home_limits_to, "winter": _limits_group}
#: Modes whose limits depend on the destination (Homing, §9.21): ``(state, unit) -> [(limits,
#: the ends they are used for)]``, one search each
MODE_PARTS: dict[str, Callable[[State, int],
                               list[tuple[scenario_rules.Limits | None, frozenset[int]]]]] = {
    "home": _home_parts_of}


def _distances(ix: WorldIndex, fleet: bool) -> tuple[bytes, ...]:
    """Fewest borders a move crosses from each place to every place, 255 when out of reach
    (:func:`_distance_tables`, made once per world index)."""
    return ix.derived(_distance_tables)[1 if fleet else 0]


def _distance_tables(ix: WorldIndex) -> tuple[tuple[bytes, ...], tuple[bytes, ...]]:
    """:func:`_distances` for land units and for fleets: static facts of the world. Land units
    follow ``land_adj``; fleets follow ``fleet_adj`` but stop on entering land (§5.1), so only
    their start and seas lead on. A move's path is never shorter (the movement search follows
    the same borders)."""
    n = ix.n_places
    return (tuple(_borders_from(ix.land_adj, p, n, 0) for p in range(n)),
            tuple(_borders_from(ix.fleet_adj, p, n, ix.n_land) for p in range(n)))


def _borders_from(adj: tuple[tuple[int, ...], ...], start: int, n: int, first_on: int) -> bytes:
    """Breadth-first distances from ``start`` (255 = unreachable), going on from the start and
    from places numbered ``first_on`` and above only."""
    dist = bytearray(b"\xff" * n)
    dist[start] = 0
    frontier = [start]
    while frontier:
        nxt = []
        for a in frontier:
            for b in adj[a]:
                if dist[b] == 255:
                    dist[b] = min(dist[a] + 1, 254)
                    if b >= first_on:
                        nxt.append(b)
        frontier = nxt
    return bytes(dist)


#: :func:`_cities_near` answers, static facts of a world; bounded. Key: (world index, unit,
#: start, fleet search, range).
_NEAR: dict[tuple, tuple[int, ...]] = {}
_NEAR_MAX = 20000


def _cities_near(ix: WorldIndex, v: int, start: int, fleet: bool, rng: int) -> tuple[int, ...]:
    """The home cities of ``v`` (in ``ix.homes`` order) whose city or offshore sea is within
    ``rng`` + 1 borders of ``start`` for a search of a fleet or not (:func:`_distances`)."""
    key = (ix, v, start, fleet, rng)
    hit = _NEAR.get(key)
    if hit is None:
        dist = _distances(ix, fleet)[start]
        reach, offshore = rng + 1, ix.offshore
        if len(_NEAR) >= _NEAR_MAX:
            _NEAR.clear()
        hit = _NEAR[key] = tuple(
            h for h in ix.homes[v] if ix.has_city[h]
            and (dist[h] <= reach or (offshore[h] >= 0 and dist[offshore[h]] <= reach)))
    return hit


def _home_ends(ix: WorldIndex, homes: tuple[int, ...]) -> set[int]:
    """Where a Homing move toward ``homes`` may end: the cities and their offshore seas
    (:func:`_home_check`)."""
    return {*homes, *(ix.offshore[h] for h in homes if ix.offshore[h] >= 0)}


class Listing:
    """What one listing of ``side``'s free wintering moves shares, in one unchanged state: enemy
    presence, each unit's city, the over-full cities, home cities and the move searches."""

    __slots__ = ("calm", "cities", "found", "homes", "keys", "kept", "limits", "memo",
                 "near", "occ", "over", "setting", "side", "state", "units")

    def __init__(self, state: State, side: int):
        self.state, self.side = state, side
        self.occ = EnemyPresence(state, side)
        self.cities = side_cities(state, side, self.occ)
        #: the side's units maintained this Winter
        self.kept = maintained_units(state, self.cities)
        self.over = overloaded(state, side, self.cities, self.kept)
        self.homes: dict[int, list[int]] = {}
        self.calm = bool(season_ban(state, side, "engage"))
        #: unit -> scenario_rules.limits_key
        self.keys: dict[int, tuple] = {}
        #: unit -> what a search reads of it (:meth:`_unit_facts`)
        self.units: dict[int, tuple] = {}
        #: (unit or cargo, unit) -> :meth:`_homes_near`
        self.near: dict[tuple[int, int], tuple[int, ...]] = {}
        #: (Homing?, limits_key, home cities) -> the limits of a unit with these (:meth:`_limits`)
        self.limits: dict[tuple, scenario_rules.Limits | None] = {}
        #: search key (see :meth:`destinations`) -> destinations' answer
        self.found: dict[tuple, dict[tuple[int, bool], tuple[int, ...]]] = {}
        #: destinations' own memo for this state (its occupancy facts)
        self.memo: dict = {}
        #: :meth:`setting_key`, once asked
        self.setting: tuple | None = None

    def _limits_key(self, v: int) -> tuple:
        key = self.keys.get(v)
        if key is None:
            key = self.keys[v] = scenario_rules.limits_key(self.state, v)
        return key

    def _limits(self, u: int, home: bool, heading: tuple[int, ...] = ()
                ) -> scenario_rules.Limits | None:
        """The limits of a Homing (``home``, toward the challenged cities ``heading``) or
        Quartering move of ``u``, shared by units alike: ``move_limits`` reads of a unit only
        what :func:`~scenario_rules.limits_key` holds, and the Homing end check its home cities
        (:func:`_limits_home`)."""
        state = self.state
        key = (home, self._limits_key(u),
               (tuple(_homes_of(state, self.homes, u)), heading) if home else ())
        if key not in self.limits:
            self.limits[key] = (_limits_home(state, u, self.occ, self.homes, heading) if home
                                else _limits_quarter(state, u, occ=self.occ))
        return self.limits[key]

    def _open_limits(self, u: int) -> scenario_rules.Limits | None:
        """The limits of a Homing search that may end anywhere: when none of the home cities
        within reach of the unit (and its cargo) is besieged or has enemy units in its offshore
        sea (:func:`_challenged`), :func:`_home_check` passes every
        move ending in one of them (whatever the path) and fails all others, and the
        pass-through places are all places within reach (:func:`_home_through`). So one search
        without the Homing end check, kept to the home cities afterwards, finds the same
        canonical paths to them, and units of every nationality in one place share it. (The
        scenario's own checks stay; ``sure_forced`` only decides which path an end check sees,
        and is kept whenever the Peace adds one.)"""
        key = ("open", self._limits_key(u))
        if key not in self.limits:
            self.limits[key] = scenario_rules.move_limits(self.state, u,
                                                          through=_all_through(self.state))
        return self.limits[key]

    def _homes_near(self, v: int, u: int) -> tuple[int, ...]:
        """The controlled home cities of ``v`` (``u`` or its cargo) that ``u``'s search can
        touch: the city or its offshore sea within the range plus a forced march's area of
        ``u``'s place along the map's borders. The others are never reached, so neither
        :func:`_home_check` nor the pass-through places (:func:`_home_through`) ask about
        them. Kept in :attr:`near`."""
        got = self.near.get((v, u))
        if got is None:
            state = self.state
            ix, control, side = state.ix, state.city_control, side_of(v)
            got = self.near[(v, u)] = tuple(
                h for h in _cities_near(ix, v, state.loc[u], ix.is_fleet[u], ix.move[u])
                if control[h] == side)
        return got

    def _unit_facts(self, u: int) -> tuple:
        """What a search reads of unit ``u`` itself: its place, moved flag, fleet type, inside
        flag, range and :func:`~scenario_rules.limits_key` (kept in :attr:`units`)."""
        got = self.units.get(u)
        if got is None:
            state, ix = self.state, self.state.ix
            got = self.units[u] = (state.loc[u], state.moved[u], ix.is_fleet[u],
                                   state.inside[u], ix.move[u], self._limits_key(u))
        return got

    def _city_adjacent(self, u: int) -> bool:
        """Whether a friendly-controlled city borders ``u``'s place (along its search's
        adjacency): the only places a Quartering move may end (:func:`_shelter_check`)."""
        state, ix = self.state, self.state.ix
        adj = ix.fleet_adj if ix.is_fleet[u] else ix.land_adj
        return any(b < ix.n_land and ix.has_city[b] and state.city_control[b] == self.side
                   for b in adj[state.loc[u]])

    def destinations(self, u: int, mode: str, cargo: int) -> dict:
        """``search.destinations`` of ``u`` (carrying ``cargo`` if >= 0) for a free move of
        ``mode``, shared by units whose searches read the same facts. Besides this listing's
        state, side and engage ban, the search reads of the unit only its place, moved flag,
        fleet type, inside flag and range, and what the limits read about it and its cargo:
        their places and :func:`~scenario_rules.limits_key`, and, Homing, the home cities
        within reach (:meth:`_homes_near`). The key (:meth:`_search`) holds all of these; a
        Homing search with no besieged or blockaded home city within reach needs no home cities
        in its key
        (:meth:`_open_limits`). Searches that cannot end anywhere are skipped: a Homing move
        ends where both the unit and its cargo may end (:func:`_home_ends`), a Quartering move
        in an adjacent friendly city. The answer may be shared: do not change it."""
        ix = self.state.ix
        home = mode == "home"
        if home:
            near = self._homes_near(u, u)
            cargo_near = self._homes_near(cargo, u) if cargo >= 0 else near
            if not near or (cargo >= 0 and not _home_ends(ix, near) & _home_ends(ix, cargo_near)):
                return {}
            if not any(_challenged(self.occ, ix.offshore, h) for h in (*near, *cargo_near)):
                both = near if cargo < 0 else tuple(h for h in near if h in cargo_near)
                return self._search(u, cargo, "open", (), (), both)
            parts = home_parts(ix, self.occ, near)
            if len(parts) == 1:
                return self._search(u, cargo, mode, near, cargo_near, heading=parts[0][0])
            found: dict[tuple[int, bool], tuple[int, ...]] = {}
            for heading, ends in parts:
                found.update(self._search(u, cargo, mode, near, cargo_near, ends, heading))
            return found
        if not self._city_adjacent(u):
            return {}
        return self._search(u, cargo, mode, (), ())

    def _search(self, u: int, cargo: int, mode: str, near: tuple[int, ...],
                cargo_near: tuple[int, ...], keep: Iterable[int] | None = None,
                heading: tuple[int, ...] = ()) -> dict[tuple[int, bool], tuple[int, ...]]:
        """One search of :meth:`destinations`, shared through :attr:`found`: ``mode`` "quarter",
        "home" (``near``, ``cargo_near``: the home cities within reach; ``heading``: the
        challenged ones its ends head for, :func:`home_parts`) or "open" (a Homing search none
        of whose home cities within reach is besieged: see :meth:`_open_limits`), kept to the
        destinations in ``keep`` when given (that answer shared too)."""
        state = self.state
        carried = None if cargo < 0 else (state.loc[cargo], self._limits_key(cargo), cargo_near)
        key = (mode, self._unit_facts(u), near, carried, heading)
        if keep is not None:
            kept = self.found.get((key, keep))
            if kept is None:
                kept = self.found[(key, keep)] = {
                    k: path for k, path
                    in self._search(u, cargo, mode, near, cargo_near, heading=heading).items()
                    if k[0] in keep}
            return kept
        found = self.found.get(key)
        if found is None:
            quarter = mode == "quarter"
            limits = (self._open_limits(u) if mode == "open"
                      else self._limits(u, not quarter, heading))
            found = self.found[key] = destinations(
                state, u, forced=not quarter, no_engage=self.calm, carrying=cargo >= 0,
                cargo=cargo, limits=limits, reach=1 if quarter else 0, memo=self.memo)
        return found

    def may_end(self, u: int, mode: str) -> bool:
        """Whether a free move of ``u`` in ``mode`` may end anywhere at all, with any cargo:
        Homing needs a home city of ``u`` within reach, Quartering an adjacent friendly city
        (:meth:`destinations` answers nothing otherwise)."""
        return bool(self._homes_near(u, u)) if mode == "home" else self._city_adjacent(u)

    def setting_key(self) -> tuple:
        """What :meth:`_moves` reads of this state besides the unit and its cargo
        (see :data:`_MOVES`): the world, side, scenario, year and season; the flags but this
        Winter's bookkeeping (``maintained:``, ``homing:``, ``winter_group:``, ``group_seq``,
        read by no move search or check); the enemy's places and inside flags; city control,
        neutral and pillaged places; who garrisons and who besieges each place; and the side's
        units standing where enemy units stand, with their places and inside flags (whether a
        port is besieged, and the room inside it, :meth:`occupancy.Occupancy.port_ok`)."""
        got = self.setting
        if got is None:
            state, side, any_enemy = self.state, self.side, self.occ.any
            loc, inside = state.loc, state.inside
            elo = (1 - side) * SIDE_SPAN
            got = self.setting = (
                state.ix, side, state.scenario, state.year, state.season,
                frozenset(kv for kv in state.flags.items() if not kv[0].startswith(_BOOKKEEPING)),
                loc[elo:elo + SIDE_SPAN].tobytes(), bytes(inside[elo:elo + SIDE_SPAN]),
                state.city_control.tobytes(), state.neutral, state.pillaged,
                tuple(sorted((p, g[0]) for p, g in state.garrisons.items())),
                tuple(sorted((p, r["besieger"]) for p, r in state.sieges.items())),
                tuple((v, loc[v], inside[v]) for v in self.cities if any_enemy[loc[v]]))
        return got

    def listed(self, u: int, modes: tuple[str, ...],
               cargos: tuple[int, ...] | None = None) -> list[dict]:
        """The free wintering moves of ``u`` in each of ``modes``: what ``moves.move_actions``
        lists for the mode (one canonical path per destination and cargo choice), as winter
        moves, fresh copies. ``cargos``: only the moves carrying these (a land unit reduced to
        board, ``boarding.py``) instead of every :func:`check.cargo_choices`."""
        if cargos is None:
            cargos = cargo_choices(self.state, u)
        return [{**a, "path": a["path"][:]} for mode in modes for cargo in cargos
                for a in self.remembered(u, mode, cargo)]

    def remembered(self, u: int, mode: str, cargo: int) -> tuple[dict, ...]:
        """:meth:`_moves`, remembered in :data:`_MOVES` under everything it reads:
        :meth:`setting_key`, the mode, the unit's place, moved and inside flags and combat value,
        and those of the cargo. Shared: callers copy before changing."""
        state = self.state
        moved, inside, cv = state.moved, state.inside, state.cv
        unit = (self.setting_key(), mode, (u, state.loc[u], moved[u], inside[u], cv[u]))
        key = (unit, cargo, moved[cargo], inside[cargo], cv[cargo]) if cargo >= 0 else unit
        got = _MOVES.get(key)
        if got is None:
            if len(_MOVES) >= _MOVES_MAX:
                _MOVES.clear()
            got = _MOVES[key] = self._moves(u, mode, cargo)
        return got

    def _moves(self, u: int, mode: str, cargo: int) -> tuple[dict, ...]:
        """The free wintering moves of ``u`` in ``mode`` carrying ``cargo`` (-1: none), in
        destination order. Reads this listing's :meth:`setting_key` and, of the units, only
        ``u``'s and ``cargo``'s place, moved and inside flags (:meth:`destinations`)."""
        if not self.may_end(u, mode):
            return ()
        state = self.state
        word = "Quarter (free): " if mode == "quarter" else "Home (free): "
        return tuple({**a, "type": "winter_move", "label": word + a["label"], "mode": mode}
                     for a in moves_along(state.ix, SIDE_NAMES[self.side], u, cargo,
                                          state.loc[u], self.destinations(u, mode, cargo)))


#: :meth:`Listing._moves` answers shared between listings (most units' moves are the same from
#: one winter action to the next). Key: (:meth:`Listing.setting_key`, mode, (unit, its place, its
#: moved and inside flags and combat value)) and, with a cargo, (that, cargo, its moved and
#: inside flags and combat value): everything the answer reads (:meth:`Listing.listed`); the
#: actions are copied on use. Bounded.
_MOVES: dict[tuple, tuple[dict, ...]] = remembered.table("winter.movement._MOVES")
_MOVES_MAX = 4096
#: Flags of this Winter's bookkeeping, read by no move search or check (:meth:`Listing.setting_key`)
_BOOKKEEPING = ("maintained:", "homing:", "winter_group:", "group_seq")
