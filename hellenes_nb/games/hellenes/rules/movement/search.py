"""§5 the movement search: one canonical path to each place a unit may reach (fewest deep-sea
borders, then fewest areas; a forced march one area beyond the range, §5.3), for listing the
legal moves (:func:`destinations`). Any other legal path may be given instead of the listed one.

Borders are judged as :func:`check_border` judges them, from tables made once per
world (:class:`_Borders`) and the occupancy facts (:class:`~.occupancy.Occupancy`); searches
are shared between units alike, listings and states (:data:`_FOUND`, ``Occupancy.searches``).
"""

from __future__ import annotations

from typing import Any

from hellenes_nb.core import remembered
from hellenes_nb.games.hellenes.index import WorldIndex, side_of
from hellenes_nb.games.hellenes.rules.movement.occupancy import OPEN, Occupancy
from hellenes_nb.games.hellenes.rules.scenarios import Limits, StepCheck
from hellenes_nb.games.hellenes.state import State

#: kinds of border crossing in the search tables (see :class:`_Borders`)
_ON_LAND, _COAST_HOP, _PUT_TO_SEA, _LAND_FROM_SEA, _AT_SEA = range(5)
#: stages of a move in :attr:`_Borders.steps`: its first border, the first border of a unit
#: starting besieged, any later border
_FIRST, _FIRST_INSIDE, _LATER = range(3)


class _Borders:
    """Per world, the borders each kind of unit may ever cross, as ``(to, kind, deep, via,
    flag)`` rows in :attr:`WorldIndex.land_adj` / ``fleet_adj`` order: the facts
    :func:`check_border` reads about a border that do not depend on the state. Borders that
    :func:`check_border` always refuses (land units at sea, fleets between land areas sharing no
    sea or into inland areas, §5.1, §5.2) are left out. ``deep`` is 1 for a deep-sea border
    (§5.22); ``via`` names the engagement when enemy units stop the mover (§5.4); ``flag`` is,
    leaving land, "this sea is the port's offshore sea" and, landing, "a port whose offshore sea
    this is" (§7.4).

    ``steps[fleet][stage][a]`` are the rows :func:`walk` crosses from ``a`` at each stage of a
    move (:data:`_FIRST`, :data:`_FIRST_INSIDE`, :data:`_LATER`), as ``(to, deep, via, halts,
    port)``: the borders :func:`check_border` refuses at that stage whatever the state are left
    out (a coastal hop after the first border or from inside the walls, any border but the
    offshore sea out of a besieged city, §5.1, §7.4); ``halts`` says the mover stops there
    whatever the enemy (landing, a coastal hop, §5.1); ``port`` that it may go inside a
    besieged port there (landing from the port's offshore sea, §7.4).

    ``dist[fleet][a][b]`` is the fewest borders from ``a`` to ``b`` along these rows (a lower
    bound for any move, since the state only takes borders away; -1 when out of reach)."""

    __slots__ = ("balls", "dist", "fleet", "land", "steps")

    def __init__(self, ix: WorldIndex):
        n_land = ix.n_land
        self.land = tuple(
            tuple((b, _ON_LAND, 0, "land", False) for b in ix.land_adj[a]
                  if a < n_land and b < n_land and (a, b) in ix.border)
            for a in range(ix.n_places))
        self.fleet = tuple(tuple(self._fleet_rows(ix, a)) for a in range(ix.n_places))
        self.steps = tuple(tuple(tuple(tuple(self._step_rows(rows, stage)) for rows in table)
                                 for stage in (_FIRST, _FIRST_INSIDE, _LATER))
                           for table in (self.land, self.fleet))
        self.dist = (tuple(self._distances(self.land, a) for a in range(ix.n_places)),
                     tuple(self._distances(self.fleet, a) for a in range(ix.n_places)))
        self.balls: dict[tuple[bool, int, int], int] = {}

    @staticmethod
    def _step_rows(rows: tuple, stage: int) -> list[tuple[int, int, str, bool, bool]]:
        """The rows of :attr:`steps` at ``stage`` made from one place's ``rows``."""
        out = []
        for b, kind, deep, via, flag in rows:
            if kind == _COAST_HOP and stage != _FIRST:
                continue
            if stage == _FIRST_INSIDE and kind in (_ON_LAND, _PUT_TO_SEA) and not flag:
                continue
            out.append((b, deep, via, kind in (_LAND_FROM_SEA, _COAST_HOP),
                        kind == _LAND_FROM_SEA and flag))
        return out

    @staticmethod
    def _distances(table: tuple, a: int) -> tuple[int, ...]:
        dist = [-1] * len(table)
        dist[a] = 0
        todo = [a]
        for p in todo:
            for row in table[p]:
                if dist[row[0]] < 0:
                    dist[row[0]] = dist[p] + 1
                    todo.append(row[0])
        return tuple(dist)

    def ball(self, fleet: bool, a: int, depth: int) -> int:
        """The places within ``depth`` borders of ``a``, as a mask with one byte per place
        (byte ``p`` is 0xFF), to pick out the bytes of an occupancy table a search reads."""
        key = (fleet, a, depth)
        got = self.balls.get(key)
        if got is None:
            got = self.balls[key] = sum(0xFF << (8 * p) for p, d in
                                        enumerate(self.dist[fleet][a]) if 0 <= d <= depth)
        return got

    @staticmethod
    def _fleet_rows(ix: WorldIndex, a: int) -> list[tuple[int, int, int, str, bool]]:
        n_land = ix.n_land
        rows = []
        for b in ix.fleet_adj[a]:
            kind = ix.border.get((a, b))
            if kind is None:
                continue
            if a < n_land and b < n_land:
                if set(ix.coast[a]) & set(ix.coast[b]):
                    rows.append((b, _COAST_HOP, 0, "land", False))
            elif a < n_land:
                rows.append((b, _PUT_TO_SEA, 0, "sea", ix.offshore[a] == b))
            elif b < n_land:
                if ix.is_coastal(b):
                    rows.append((b, _LAND_FROM_SEA, 0, "landing",
                                 ix.is_port[b] and ix.offshore[b] == a))
            else:
                rows.append((b, _AT_SEA, int(kind == "deepsea"),
                             "narrows" if kind == "narrows" else "sea", False))
        return rows


def _borders(ix: WorldIndex) -> _Borders:
    """The search tables of ``ix`` (built on first use; an index never changes)."""
    return ix.derived(_Borders)


def fewest_borders(ix: WorldIndex, fleet: bool) -> tuple[tuple[int, ...], ...]:
    """``[a][b]``: the fewest borders a land unit (or a fleet) crosses from ``a`` to ``b`` with
    every border open, or -1 when not connected. No move of a unit within its range ends in
    ``b`` unless this is between 0 and the range (the state only takes borders away; §5.0,
    §5.1)."""
    return _borders(ix).dist[fleet]


#: Searches shared between states and listings. Key: every input of :func:`walk` (world, side,
#: start, fleet, starts inside, range, forced, no_engage, units moving) and, for the places
#: within reach of the start (:meth:`_Borders.ball`: a search reads nothing beyond), where
#: enemy units stand outside the walls, those that stop the mover, and the places barred
#: (:meth:`Occupancy.masks`). Value: without a border or end check the answer, with an end check but
#: no border check the walk (:func:`pick` applies the end check); and the port checks consulted,
#: which are checked again on every hit. Together these cover everything :func:`walk` reads.
_FOUND: dict[tuple, tuple[Any, dict[int, bool]]] = remembered.table("movement.search._FOUND")
_FOUND_MAX = 2048
#: Bound on the searches remembered with one entry of :data:`_FACTS` (:func:`_search`)
_SEARCHES_MAX = 128  # seen at most 28 in random games of all four scenarios


def destinations(state: State, u: int, *, forced: bool = True, no_engage: bool = False,
                 carrying: bool = False, cargo: int = -1, limits: Limits | None = None,
                 reach: int = 0, memo: dict | None = None
                 ) -> dict[tuple[int, bool], tuple[int, ...]]:
    """Canonical paths: ``{(destination, forced): path}`` for unit ``u`` (see module doc).

    ``cargo`` (a carried land unit) and ``limits`` (special rules) are checked like the unit;
    ``reach`` (when > 0) caps the range, e.g. 1 for a move to an adjacent area.

    ``memo`` is a dict owned by the caller for one unchanged state (e.g. one legal-action
    listing); it keeps the occupancy facts of each side (:func:`_memo_ctx`). The borders a
    search may cross depend on the unit only through its side, place, range, fleet type and
    whether it starts besieged (§5.0, §5.1, §7.4), so units alike share one search (see
    :func:`_search`). With a ``memo`` and without a border or end check the returned dict may
    be shared: callers must not change it."""
    ix = state.ix
    start = state.loc[u]
    if start < 0 or state.moved[u]:
        return {}
    fleet = ix.is_fleet[u]
    if not fleet and ix.is_sea(start):
        return {}
    if limits is not None and limits.unit:
        return {}
    n_units = 2 if carrying else 1
    rng = min(ix.move[u], reach) if reach > 0 else ix.move[u]
    inside = state.inside[u]
    ctx = _memo_ctx(state, side_of(u), None if limits is None else limits.through, memo)
    if limits is None or (limits.step is None and limits.end is None):
        # only pass-through places (e.g. Winter Homing with no besieged home city): the plain
        # search, made with them; a sure forced march changes only the path an end check reads
        found = _search(ctx, start, fleet, inside, rng, forced, no_engage, n_units, True)
        return found if memo is not None else dict(found)
    if limits.step is not None:
        # with no end check, every move may end where it stops: the walk gives the answer
        events = walk(ctx, u, start, fleet, inside, rng, forced, no_engage, n_units, cargo,
                       limits.step, {}, limits.end is None)
        return events if limits.end is None else pick(events, u, cargo, rng, limits)
    crossings = _search(ctx, start, fleet, inside, rng, forced, no_engage, n_units, False)
    return pick(crossings, u, cargo, rng, limits)


def _search(ctx: Occupancy, start: int, fleet: bool, inside: int, rng: int, forced: bool,
            no_engage: bool, n_units: int, plain: bool) -> Any:
    """A search without a border check: with ``plain`` (no end check either) the answer, else
    the walk for :func:`pick`. Neither reads the unit itself: without a border or end check,
    :func:`walk` and :func:`pick` use the unit and its cargo only to call those checks.

    Remembered with the context's occupancy facts (:attr:`Occupancy.searches`, shared by every state
    whose facts are the same: they stand for the world, the side and the masks of
    :data:`_FOUND`), keyed on the other inputs of :func:`walk`: start, fleet, starts inside,
    range, forced, no-engage, units moving and ``plain``. The port checks consulted are checked
    again on every hit. A search not found there is looked up in :data:`_FOUND`."""
    searches = ctx.searches
    key = (start, fleet, inside, rng, forced, no_engage, n_units, plain)
    hit = searches.get(key)
    if hit is None or (hit[1] and not _ports_agree(ctx, hit[1], n_units)):
        if len(searches) >= _SEARCHES_MAX:
            searches.clear()
        hit = searches[key] = _found(ctx, start, fleet, inside, rng, forced, no_engage,
                                     n_units, plain)
    return hit[0]


def _found(ctx: Occupancy, start: int, fleet: bool, inside: int, rng: int, forced: bool,
           no_engage: bool, n_units: int, plain: bool) -> tuple[Any, dict[int, bool]]:
    """The entry of :data:`_FOUND` for a search of :func:`_search` (walked when missing or when
    a port check it consulted answers otherwise now): the search and the port checks."""
    ix = ctx.ix
    ball = _borders(ix).ball(fleet, start, rng + 1 if forced else rng)
    enemy_out, enemy, blocked = ctx.masks()
    key = (ix, ctx.side, start, fleet, inside, rng, forced, no_engage, n_units, plain,
           enemy_out & ball, enemy & ball, blocked & ball)
    hit = _FOUND.get(key)
    if hit is not None and (not hit[1] or _ports_agree(ctx, hit[1], n_units)):
        return hit
    ports: dict[int, bool] = {}
    found = walk(ctx, -1, start, fleet, inside, rng, forced, no_engage, n_units, -1, None,
                  ports, plain)
    if len(_FOUND) >= _FOUND_MAX:
        _FOUND.clear()
    hit = _FOUND[key] = (found, ports)
    return hit


def _ports_agree(ctx: Occupancy, ports: dict[int, bool], n_units: int) -> bool:
    """Whether the port checks a search consulted (:meth:`Occupancy.port_ok`) answer as they did."""
    for p, ok in ports.items():
        if ctx.port_ok(p, n_units) != ok:
            return False
    return True


def _memo_ctx(state: State, side: int, through: bytearray | None, memo: dict | None) -> Occupancy:
    """The occupancy facts of ``side`` with the pass-through places ``through``, kept in
    ``memo`` (one unchanged state) by side and the contents of ``through``."""
    if memo is None:
        return Occupancy(state, side, through)
    key = (side, None if through is None else bytes(through))
    ctx = memo.get(key)
    if ctx is None:
        ctx = memo[key] = Occupancy(state, side, None if through is None else bytearray(through))
    return ctx


#: One border crossing found by :func:`walk`: (place entered, deep-sea borders so far, areas
#: moved, path before, path after, engagement, enters a city)
_Event = tuple[int, int, int, tuple[int, ...], tuple[int, ...], str, bool]


def walk(ctx: Occupancy, u: int, start: int, fleet: bool, inside: int, rng: int, forced: bool,
          no_engage: bool, n_units: int, cargo: int, step_check: StepCheck | None,
          ports: dict[int, bool], every_end: bool
          ) -> list[_Event] | dict[tuple[int, bool], tuple[int, ...]]:
    """The breadth-first search behind :func:`destinations`: every border crossing that may
    give a canonical path (fewest deep-sea borders, then fewest areas; a forced march adds one
    area beyond the range, §5.3), in search order, for :func:`pick` to choose from.

    Each border is judged as :func:`check_border` judges it, from the :class:`_Borders` tables and
    the context; the port checks consulted (:meth:`Occupancy.port_ok`) are noted in ``ports``. With
    ``every_end`` (no end check: every move may end where it stops) crossings that cannot beat the
    way already found to a place are left out, and the answer is returned instead of the crossings:
    what :func:`pick` would make of them without an end check (each crossing kept is then the best
    way to its place so far, and a forced march is only kept into a place not reached within the
    range). A border check (``step_check``) may come with ``every_end``: it reads the unit and the
    border only, so it answers alike on the ways on from a place however the mover got there."""
    steps = _borders(ctx.ix).steps[fleet]
    blocked, enemy, enemy_out = ctx.blocked, ctx.enemy, ctx.enemy_out
    events: list[_Event] = []
    # with every_end: per place the fewest deep-sea borders so far, or :data:`OPEN` (-1: never
    # to be entered, as the start, a blocked place or one a forced march enters)
    fewest = list(ctx.closed)
    fewest[start] = -1
    # with every_end: per place the best way within the range (in order of first arrival) and
    # the forced marches
    best: dict[int, tuple[int, ...]] = {}
    marches: dict[int, tuple[int, ...]] = {}
    frontier: dict[int, tuple[int, tuple[int, ...]]] = {start: (0, ())}
    for depth in range(1, rng + 2):
        last = depth == rng + 1
        if last and not forced:
            break
        table = steps[_LATER if depth > 1 else _FIRST_INSIDE if inside else _FIRST]
        nxt: dict[int, tuple[int, tuple[int, ...]]] = {}
        for a in sorted(frontier):
            deep, path = frontier[a]
            for b, dd, word, halts, port in table[a]:
                d = deep + dd
                if every_end:
                    # A way to ``b`` no better than one found (as many deep-sea borders or more,
                    # as many areas or more) gives nothing: not the canonical path, and every
                    # way on from it is matched by one from the better way, which stops in the
                    # same places (whether a unit stops depends on the place only) and passes
                    # the same border checks (they read the border, not the way). This also
                    # leaves out the places on ``path`` (found with no more deep-sea borders).
                    cur = fewest[b]
                    if d >= cur or (last and cur != OPEN):
                        continue
                elif blocked[b] or b in path or b == start:
                    continue
                engage = enemy[b]  # enemy units there stop the mover and engage it
                enters = False
                if port and enemy_out[b]:
                    enters = ports[b] = ctx.port_ok(b, n_units)
                    if enters:
                        engage = 0
                if engage and no_engage:
                    continue
                if step_check is not None and (step_check(u, a, b) or (
                        cargo >= 0 and step_check(cargo, a, b))):
                    continue
                newp = path + (b,)
                if every_end:
                    if last:
                        fewest[b] = -1  # the first forced march there is the one
                        marches[b] = newp
                        continue
                    fewest[b] = d
                    best[b] = newp
                else:
                    events.append((b, d, depth, path, newp, word if engage else "", enters))
                    if last:
                        continue
                if not (halts or engage):
                    old = nxt.get(b)
                    if old is None or d < old[0]:
                        nxt[b] = (d, newp)
        frontier = nxt
    if every_end:
        out = {(q, True): path for q, path in marches.items()}
        out.update(((q, False), path) for q, path in best.items())
        return out
    return events


def pick(events: list[_Event], u: int, cargo: int, rng: int,
          limits: Limits | None) -> dict[tuple[int, bool], tuple[int, ...]]:
    """The canonical paths among :func:`walk`'s crossings whose end the special-rule end check
    allows (for the unit and its cargo): per place the first with the fewest deep-sea borders,
    then, for places no move within the range reaches, the first forced march."""
    check = limits.end if limits is not None else None
    sure = limits.sure_forced if limits is not None else b""
    best: dict[int, tuple[int, tuple[int, ...]]] = {}
    out: dict[tuple[int, bool], tuple[int, ...]] = {}
    for b, d, depth, path, newp, via, enters in events:
        if depth > rng:
            if b in best or (b, True) in out:
                continue
            if check is not None:
                moved = newp if sure and sure[b] else path
                if check(u, moved, via, enters) or (
                        cargo >= 0 and check(cargo, moved, via, enters)):
                    continue
            out[(b, True)] = newp
            continue
        cur = best.get(b)
        if cur is not None and d >= cur[0]:
            continue
        if check is not None and (check(u, newp, via, enters) or (
                cargo >= 0 and check(cargo, newp, via, enters))):
            continue
        best[b] = (d, newp)
    for b, (_d, path) in best.items():
        out[(b, False)] = path
    return out

