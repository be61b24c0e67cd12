"""The exact DP of :mod:`.dp`, on numbered states with NumPy (floats).

Same chain, same order of processing (round tag, then weight level from high to low, then
firing slot), same treatment of empty rounds (scaled up front by 1 / (1 - stay)); only the
representation changes:

* each side's reachable block states are numbered once, with the effect of one hit and one rout
  precomputed as index arrays, so the state after h hits and r routs is
  ``ROUT^r[HIT^h[state]]``, and one table per firing block gives the states a unit attack
  leaves with their chances;
* in a fight to the finish without cargo, states that differ only in their routed blocks are
  merged (:func:`_summary`): about 2.5 times fewer states per side for six blocks;
* the sweep over the battle's joint states runs compiled with numba when it is installed
  (:mod:`.kernel`, dense arrays), else as NumPy batches per (tag, weight, slot);
* endings are settled in bulk: pursuit and harrying hits are convolved for all endings at once.

The pure-Python solver (:mod:`.dp`) stays the reference and gives exact
fractions; the tests check that both sweeps agree with it to 1e-12.
"""

from __future__ import annotations

import math
import threading
from collections import defaultdict
from functools import cache, lru_cache

import numpy as np

from hellenes_nb.games.hellenes.odds.battle import ATTACKER, BattleSpec, Moment
from hellenes_nb.games.hellenes.odds.dice import attack, total_hits
from hellenes_nb.games.hellenes.odds.dp import _Solver
from hellenes_nb.games.hellenes.odds.forces import Block
from hellenes_nb.games.hellenes.odds.result import Odds
from hellenes_nb.games.hellenes.odds.sides import ROUTED, STEP, Side
from hellenes_nb.games.hellenes.odds.size import COUNT_WORK, TooBigError


@cache
def compiled_sweep():
    """The numba sweep of :mod:`.kernel`, or None when numba is not installed
    (numba is optional: the NumPy sweep does the same work, more slowly). Imported on first
    use, so that importing the odds package stays quick."""
    try:
        from hellenes_nb.games.hellenes.odds.kernel import sweep_battle
    except ImportError:
        return None
    return sweep_battle


MAX_DICE = 4

#: The compiled sweep keeps (slots + 1) × joint states × started flags floats in memory; above
#: this many (64 MB) the NumPy sweep, which only holds the states in play, is used instead.
MAX_DENSE = 8_000_000


def _summary(side: Side, rank: tuple[int, ...]):
    """The key under which two block states of ``side`` behave alike for the rest of a fight to
    the finish: the unrouted blocks' codes, the steps left (so the steps lost: cargo is never
    merged) and the slowest routed block.

    Routed blocks never fire, take no battle losses and are not routed again (§6.33); after a
    panic only their total steps and the rearguard's agility matter to pursuit (§6.34). So
    routed blocks can be summed up, which merges many states. Harrying after a retreat (§6.41)
    and carried units (§6.5) need every block, so :func:`_FastSolver` keeps full states then.
    """

    def key(codes: tuple[int, ...]) -> tuple:
        slowest, steps, kept = -1, 0, []
        for code, r in zip(codes, rank, strict=True):
            steps += code >> 2
            if code & ROUTED:
                kept.append(0)
                if code >= STEP and r > slowest:
                    slowest = r
            else:
                kept.append(code)
        return tuple(kept), steps, slowest

    return key


class _Table:
    """Every block state one side can reach, numbered, with single-hit and single-rout maps.

    With ``key`` (see :func:`_summary`) states with equal keys share one number; the first one
    met stands for them all in ``configs``."""

    def __init__(self, side: Side, rank: tuple[int, ...], root: tuple[int, ...], key=None) -> None:
        # ``known`` maps raw state tuples to numbers, so ``key`` runs once per raw state met
        known = {root: 0}
        ids = {key(root) if key else root: 0}
        configs = [root]
        hit, rout, rest = [], [], []

        most = 2 * COUNT_WORK // max(side.n, 1)

        def number(move: tuple[int, ...]) -> int:
            found = known.get(move)
            if found is None:
                if len(known) >= most:
                    raise TooBigError(f"a side of {side.n} blocks passes through more than "
                                      f"{most:,} states: too many to number")
                k = key(move) if key else move
                found = ids.get(k)
                if found is None:
                    found = ids[k] = len(configs)
                    configs.append(move)
                known[move] = found
            return found

        halves = side.double  # only double defense leaves half steps to drop (§8.11)
        for n, codes in enumerate(configs):  # grows while we walk it
            hit.append(number(side.hit(codes, 1)))
            rout.append(number(side.rout(codes, 1)))
            # a root may hold a half step (§8.11); without one the round's end changes nothing
            rest.append(number(Side.end_round(codes)) if halves or n == 0 else n)
        # standing states first (the root is one), so joint states in play index densely
        code = np.array(configs, dtype=np.int64).reshape(len(configs), side.n)
        down = ~((code >= STEP) & (code & ROUTED == 0)).any(axis=1)
        order = np.argsort(down, kind="stable")
        renumber = np.empty(len(configs), np.int64)
        renumber[order] = np.arange(len(configs))
        self.configs = [configs[old] for old in order.tolist()]
        hit, rout, rest = (renumber[np.array(move)[order]] for move in (hit, rout, rest))
        self.n_standing = len(configs) - int(down.sum())
        code = code[order]
        self.cv = code >> 2
        self.able = (code >= STEP) & (code & ROUTED == 0)
        self.standing = self.able.any(axis=1)
        self.alive = (code >= STEP).any(axis=1)
        self.weight = (self.cv + self.able).sum(axis=1)  # as dp._weight, for all states at once
        # steps lost as Side.steps_lost, with carried units cut down below their fleet (§6.5)
        start = np.array(side.start) >> 2
        carried = np.array(side.carried)
        kept = np.minimum(carried, np.maximum(self.cv - 1, 0))
        self.lost = (start - self.cv + carried - kept).sum(axis=1)
        self.end = rest
        ranks = np.array(rank)
        rearguard = np.where(code >= STEP, ranks, -1).max(axis=1)
        # what an ending needs to know about a beaten side: alive?, rearguard, steps lost,
        # steps left; with carried units the whole state matters (cargo, §6.5)
        if any(side.carried):
            self.desc = np.arange(len(configs))
            rows = np.stack([self.alive, rearguard, self.lost, self.cv.sum(axis=1)], axis=1)
        else:
            facts = np.stack([self.alive, rearguard + 1, self.lost, self.cv.sum(axis=1)], axis=1)
            # one int per row (in the rows' lexicographic order): np.unique on ints is quick
            base = int(facts.max()) + 1
            packed = ((facts[:, 0] * base + facts[:, 1]) * base + facts[:, 2]) * base + facts[:, 3]
            first, self.desc = np.unique(packed, return_index=True, return_inverse=True)[1:]
            rows = facts[first] - np.array([0, 1, 0, 0])
            self.desc = self.desc.astype(np.int64)
        self.desc_alive, self.desc_rear, self.desc_lost, self.desc_steps = rows.T
        # row h: the state after h single hits (routs), for h up to MAX_DICE
        self.hits_stack = self._powers(hit)
        self.routs_stack = self._powers(rout)

    @staticmethod
    def _powers(move: np.ndarray) -> np.ndarray:
        rows = [np.arange(len(move))]
        for _ in range(MAX_DICE):
            rows.append(move[rows[-1]])
        return np.stack(rows)


def _attack_table(foe: _Table, power: int, top_cv: int, routable: bool):
    """For each cv up to ``top_cv`` and each enemy state: the distinct states one unit attack
    of that power leaves (hits, then routs, §6.31–6.33) and their chances, as two arrays of
    shape (cv, enemy state, outcome), padded with chance 0."""
    n = len(foe.configs)
    table = [attack(cv, power, routable) if cv else ((0, 0, 1.0),) for cv in range(top_cv + 1)]
    full = max(len(outcomes) for outcomes in table)
    # every cv at once: short rows are padded with their first outcome at chance 0, which
    # merges into that outcome below
    pad = [list(out) + [(*out[0][:2], 0.0)] * (full - len(out)) for out in table]
    hits, routs, chance = (np.array([[o[x] for o in row] for row in pad]) for x in (0, 1, 2))
    rows = np.arange(n)[None, :, None]
    after = foe.routs_stack[routs[:, None, :], foe.hits_stack[hits[:, None, :], rows]]
    order = np.argsort(after, axis=2, kind="stable")
    after = np.take_along_axis(after, order, axis=2)
    chance = np.take_along_axis(np.broadcast_to(chance[:, None, :], after.shape), order, axis=2)
    starts = np.ones(after.shape, dtype=bool)
    starts[:, :, 1:] = after[:, :, 1:] != after[:, :, :-1]
    slot = np.cumsum(starts, axis=2) - 1
    cells = (np.arange(top_cv + 1)[:, None, None] * n + rows) * full + slot
    afters = np.zeros(after.size, dtype=np.int64)
    afters[cells.ravel()] = after.ravel()
    chances = np.bincount(cells.ravel(), weights=chance.ravel(), minlength=after.size)
    afters, chances = afters.reshape(after.shape), chances.reshape(after.shape)
    width = int(slot.max()) + 1
    afters, chances = afters[:, :, :width], chances[:, :, :width]
    return afters, chances


def _binomials() -> dict[int, np.ndarray]:
    """P(k hits) with n dice of a power (§6.32), as [power][n, k], for pursuit and harrying."""
    return {
        power: np.array(
            [
                [float(p) for p in total_hits(((n, power),))] + [0.0] * (MAX_DICE - n)
                if n
                else [1.0] + [0.0] * MAX_DICE
                for n in range(MAX_DICE + 1)
            ]
        )
        for power in (1, 2, 3)
    }


_BINOMIAL = _binomials()
_BINOMIAL_TABLE = np.stack([np.zeros_like(_BINOMIAL[1]), *(_BINOMIAL[p] for p in (1, 2, 3))])


def _convolve(dist: np.ndarray, add: np.ndarray) -> np.ndarray:
    """Row by row, the distribution of the sum of two independent hit counts."""
    out = np.zeros((len(dist), dist.shape[1] + add.shape[1] - 1))
    for k in range(add.shape[1]):
        out[:, k : k + dist.shape[1]] += dist * add[:, k : k + 1]
    return out


@lru_cache(maxsize=64)
def _side_table(blocks: tuple[Block, ...], root: tuple[int, ...], merge: bool) -> _Table:
    """The numbered states of one side from ``root``, memoised: a battle shown step by step
    asks again for the side that was not hit. ``merge``: see :func:`_summary`. Read-only."""
    side = Side(blocks)
    rank = tuple(block.agility_rank for block in blocks)
    return _Table(side, rank, root, _summary(side, rank) if merge else None)


@lru_cache(maxsize=256)
def _side_attacks(
    blocks: tuple[Block, ...], root: tuple[int, ...], merge: bool, power: int, cv: int
):
    """:func:`_attack_table` against the side ``blocks`` from ``root``, memoised. Read-only."""
    return _attack_table(_side_table(blocks, root, merge), power, cv, Side(blocks).routable)


def _power_tops(forces: tuple[tuple[Block, ...], ...]) -> dict[tuple[int, int], int]:
    """Per (firing side, power), the largest cv among that side's blocks of that power: blocks
    of one side with the same power share one attack table (§6.31: only cv and power decide an
    attack)."""
    tops: dict[tuple[int, int], int] = {}
    for (side, _), block in _blocks(forces):
        tops[(side, block.power)] = max(tops.get((side, block.power), 0), block.cv)
    return tops


@lru_cache(maxsize=64)
def _slot_attacks(forces: tuple[tuple[Block, ...], ...], roots: tuple[tuple[int, ...], ...], merge):
    """The pair (afters, chances) of :func:`_attack_table` per (side, block), for the NumPy
    sweep, memoised. Read-only."""
    tops = _power_tops(forces)
    return {
        (side, i): _side_attacks(
            forces[1 - side], roots[1 - side], merge, block.power, tops[(side, block.power)]
        )
        for (side, i), block in _blocks(forces)
    }


@lru_cache(maxsize=64)
def _fire_stack(forces: tuple[tuple[Block, ...], ...], roots: tuple[tuple[int, ...], ...], merge):
    """The compiled sweep's attack tables, one per (firing side, power), memoised. Read-only.

    Returns ``which`` (the table of each (side, block)) and the tables as two arrays of shape
    (table, cv, enemy state, outcome) filled by :func:`.kernel.attack_tables`
    (the same entries as :func:`_attack_table`, except that a state the foe cannot stand in is
    written as -1 - its ending descriptor)."""
    from hellenes_nb.games.hellenes.odds.kernel import attack_tables

    tops = _power_tops(forces)
    index = {key: n for n, key in enumerate(tops)}
    which = {(side, i): index[(side, block.power)] for (side, i), block in _blocks(forces)}
    tables = [_side_table(forces[s], roots[s], merge) for s in (0, 1)]
    routable = [Side(forces[s]).routable for s in (0, 1)]
    rows = [
        [
            attack(cv, power, routable[1 - side]) if cv else ((0, 0, 1.0),)
            for cv in range(MAX_DICE + 1)
        ]
        for side, power in tops
    ]
    full = max(len(outcomes) for row in rows for outcomes in row)
    outcomes = np.zeros((3, len(rows), MAX_DICE + 1, full))
    for t, row in enumerate(rows):
        for cv, outs in enumerate(row):
            outcomes[:, t, cv, : len(outs)] = np.array(outs).T
    states = max(len(t.configs) for t in tables)
    aft = np.zeros((len(rows), MAX_DICE + 1, states, full), np.int32)
    chn = np.zeros(aft.shape)
    width = attack_tables(
        tuple((t.hits_stack, t.routs_stack, t.standing, t.desc) for t in tables),
        np.array([1 - side for side, _ in tops], np.int64),
        (outcomes[0].astype(np.int64), outcomes[1].astype(np.int64), outcomes[2]),
        aft,
        chn,
    )
    return which, np.ascontiguousarray(aft[..., :width]), np.ascontiguousarray(chn[..., :width])


def _blocks(forces: tuple[tuple[Block, ...], ...]):
    """Every ((side, index), block) of a battle."""
    return (((side, i), block) for side in (0, 1) for i, block in enumerate(forces[side]))


def _mergeable(spec: BattleSpec) -> bool:
    """Whether states may be merged by :func:`_summary`: not when a side may retreat (retreats
    are harried block by block, §6.41) nor with cargo (lost with its own fleet, §6.5)."""
    return not any(p.active for p in spec.policies) and not any(
        b.carried for b in spec.attacker + spec.defender
    )


def joint_states(spec: BattleSpec, moment: Moment | None = None) -> int:
    """Joint states the compiled sweep walks: the product of both sides' standing states, after
    merging (memoised tables, so asking costs nothing when the odds are computed next)."""
    roots = moment[:2] if moment else tuple(tuple(4 * b.cv for b in f) for f in spec.forces)
    merge = _mergeable(spec)
    a, d = (_side_table(spec.forces[s], tuple(roots[s]), merge) for s in (0, 1))
    return a.n_standing * d.n_standing


def dense_size(spec: BattleSpec, moment: Moment | None = None) -> int:
    """Floats the compiled sweep holds for ``spec``: (slots + 1) × joint states × started
    flags (4 with a retreat policy, else 1)."""
    flags = 4 if any(p.active for p in spec.policies) else 1
    return (len(spec.fire_order()) + 1) * joint_states(spec, moment) * flags


def compiled_fits(spec: BattleSpec, moment: Moment | None = None) -> bool:
    """Whether the compiled sweep will solve ``spec``: numba is installed and its dense arrays
    stay within :data:`MAX_DENSE`."""
    return compiled_sweep() is not None and dense_size(spec, moment) <= MAX_DENSE


class _Scratch:
    """A zeroed float buffer lent to the compiled sweep and taken back after it.

    The sweep empties every cell it reads, so a sweep that ends normally leaves the buffer all
    zeros again and the next battle can reuse it without allocating (fresh pages cost a page
    fault each on first touch). A sweep that fails, or a second sweep running at the same time
    in another thread, gets a fresh buffer instead. Buffers above :data:`MAX_KEPT` floats are
    not kept."""

    MAX_KEPT = 2_000_000

    def __init__(self) -> None:
        self.buffer = np.zeros(0)
        self.lock = threading.Lock()

    def lend(self, shape: tuple[int, ...]) -> np.ndarray:
        size = math.prod(shape)
        if not self.lock.acquire(blocking=False):
            return np.zeros(shape)
        if len(self.buffer) < size:
            self.buffer = np.zeros(
                size if size > self.MAX_KEPT else max(size, 2 * len(self.buffer))
            )
        return self.buffer[:size].reshape(shape)

    def give_back(self, view: np.ndarray, clean: bool) -> None:
        """Take back a buffer from :meth:`lend`; ``clean``: the sweep ended normally, so it is
        all zeros (a fresh buffer lent while this one was out is simply dropped)."""
        if view.base is self.buffer and self.lock.locked():
            if not clean or len(self.buffer) > self.MAX_KEPT:
                self.buffer = np.zeros(0)
            self.lock.release()


_FLOW, _STARTS = _Scratch(), _Scratch()
#: the endings found by the compiled sweep, one buffer per victor (emptied when settled)
_FOUND = (_Scratch(), _Scratch())


def clear_tables() -> None:
    """Forget memoised side and attack tables (for benchmarks that time a cold computation)."""
    _side_table.cache_clear()
    _side_attacks.cache_clear()
    _slot_attacks.cache_clear()
    _fire_stack.cache_clear()


class _Bucket:
    """Battle states waiting at one (tag, weight, slot): chunks of (a, d, started, mass)."""

    __slots__ = ("chunks",)

    def __init__(self) -> None:
        self.chunks: list[tuple[np.ndarray, ...]] = []

    def add(self, a, d, started, mass) -> None:
        if len(mass):
            self.chunks.append((a, d, started, mass))

    def take(self, size_d: int) -> tuple[np.ndarray, ...] | None:
        """All chunks merged, equal states summed; None if empty."""
        if not self.chunks:
            return None
        a, d, started, mass = (np.concatenate(parts) for parts in zip(*self.chunks, strict=True))
        self.chunks = []
        key = (a * size_d + d) * 4 + started
        uniq, inverse = np.unique(key, return_inverse=True)
        total = np.bincount(inverse, weights=mass)
        started, rest = uniq % 4, uniq // 4
        return rest // size_d, rest % size_d, started, total


class _FastSolver:
    """Vectorised forward DP for one battle (float probabilities)."""

    def __init__(self, spec: BattleSpec, moment: Moment | None = None) -> None:
        self.spec = spec
        self.ref = _Solver(spec, exact=False)  # endings: retreats, and panics with cargo
        ref = self.ref
        self.moment = moment or Moment(ref.sides[0].start, ref.sides[1].start)
        whole = not _mergeable(spec)
        self.tables = tuple(
            _side_table(spec.forces[s], tuple(self.moment[s]), not whole) for s in (0, 1)
        )
        self.order = ref.order
        self.slots = len(self.order)
        self.last_tag = max(ref.cap, 1 if ref.silent >= 0 else 0)
        self.wants = [
            [
                np.array([p.active and p.wants_retreat(tag, int(x)) for x in t.lost], bool)
                for tag in range(self.last_tag + 1)
            ]
            for p, t in zip(ref.policies, self.tables, strict=True)
        ]
        self.merge = not whole
        self.roots = tuple(tuple(self.moment[s]) for s in (0, 1))
        self.ends: dict = defaultdict(float)
        # endings by elimination or panic, per winner: (key, mass); see _collapse_key
        self.collapses: tuple[list, list] = ([], [])
        self.retreats: list[tuple[np.ndarray, ...]] = []

    # -- one slot -------------------------------------------------------------------------------
    def _fire(self, tag, q, pos, batch, levels) -> None:
        """Fire slot ``pos`` for a batch; states go to ``levels[q'][pos + 1]``."""
        a, d, started, mass = batch
        s, i = self.order[pos]
        nxt = pos + 1
        first = tag == 0 and self.ref.silent >= 0
        if first and s == self.ref.silent:
            levels[q][nxt].add(a, d, started, mass)
            return
        own_t, foe_t = self.tables[s], self.tables[1 - s]
        own, foe = (a, d) if s == ATTACKER else (d, a)
        able = own_t.able[own, i]
        if not able.all():
            idle = ~able
            levels[q][nxt].add(a[idle], d[idle], started[idle], mass[idle])
            own, foe, started, mass = own[able], foe[able], started[able], mass[able]
        bit = 1 << s
        if self.ref.policies[s].active:
            leave = ((started & bit) == 0) & self.wants[s][tag][own]
            if leave.any():
                pair = (own[leave], foe[leave]) if s == ATTACKER else (foe[leave], own[leave])
                n = int(leave.sum())
                self.retreats.append((np.full(n, s), *pair, np.full(n, first), mass[leave]))
                stay = ~leave
                own, foe, started, mass = own[stay], foe[stay], started[stay], mass[stay]
            started = started | bit
        if not len(mass):
            return
        afters, chances = self.outs[(s, i)]
        cvs = own_t.cv[own, i]
        probs = chances[cvs, foe] * mass[:, None]
        after = afters[cvs, foe]
        live = probs > 0
        shape = live.shape
        own = np.broadcast_to(own[:, None], shape)[live]
        before = np.broadcast_to(foe[:, None], shape)[live]
        started = np.broadcast_to(started[:, None], shape)[live]
        after, mass = after[live], probs[live]
        down = foe_t.standing[after]
        if not down.all():
            fall = ~down
            key = ((own[fall] * self.slots + pos) * 2 + first) * len(foe_t.desc_alive)
            self.collapses[s].append((key + foe_t.desc[after[fall]], mass[fall]))
            own, after, started, mass, before = (
                x[down] for x in (own, after, started, mass, before)
            )
        drop = foe_t.weight[before] - foe_t.weight[after]
        a, d = (own, after) if s == ATTACKER else (after, own)
        if not drop.any():
            levels[q][nxt].add(a, d, started, mass)
            return
        for step in np.unique(drop):
            rows = drop == step
            levels[q - int(step)][nxt].add(a[rows], d[rows], started[rows], mass[rows])

    def _stay(self, tag: int, a: np.ndarray, d: np.ndarray) -> np.ndarray:
        """Vectorised :meth:`_Solver._stay`: chance a round from each (a, d) changes nothing."""
        ids = (a, d)
        stay = np.ones(len(a))
        none_hit = np.ones(len(a))
        one_hit = np.zeros(len(a))
        for s, i in self.order:
            t = self.tables[s]
            able = t.able[ids[s], i]
            cv = np.where(able, t.cv[ids[s], i], 0)
            chance = self.ref.power[s][i] / 6
            if self.ref.sides[1 - s].double:  # at most one hit on the walls in the round
                none_hit *= (1 - chance) ** cv
                one_hit += cv * chance / (1 - chance)
            else:
                stay *= (1 - 2 * chance) ** cv
        stay *= none_hit * (1 + one_hit)
        for s in (0, 1):
            stay[self.tables[s].standing[ids[s]] & self.wants[s][tag][ids[s]]] = 0.0
        return stay

    # -- the whole battle -------------------------------------------------------------------
    def solve(self, compiled: bool | None = None) -> Odds:
        """Push the mass of the opening state (or the moment) to the end of the battle, and
        collect the outcomes. ``compiled``: use the numba sweep (default: when
        :func:`compiled_fits`) or the NumPy one."""
        if compiled is None:
            compiled = compiled_fits(self.spec, self.moment)
        played = self._compiled_sweep() if compiled else self._numpy_sweep()
        self._settle()
        return Odds(
            outcomes=dict(self.ends),
            expected_rounds=played,
            starting_steps=(self.spec.starting_steps(0), self.spec.starting_steps(1)),
        )

    def _started_states(self) -> int:
        return 4 if any(p.active for p in self.ref.policies) else 1

    def _compiled_sweep(self) -> float:
        """The sweep of :func:`.kernel.sweep_battle` over dense arrays."""
        ta, td = self.tables
        tables = (ta, td)
        n_a, n_d, slots = ta.n_standing, td.n_standing, self.slots
        n_st = self._started_states()
        firsts = 2 if self.ref.silent >= 0 else 1  # a first round differs only for the silent
        collapses = (
            _FOUND[0].lend((len(ta.configs), slots, firsts, len(td.desc_alive))),
            _FOUND[1].lend((len(td.configs), slots, firsts, len(ta.desc_alive))),
        )
        watched = any(p.active for p in self.ref.policies)
        retreats = np.zeros((2, n_a * n_d if watched else 1, 2))  # untouched without policies
        setup = (
            int(ta.weight[0] + td.weight[0]),
            min(self.moment.rounds_done, self.last_tag),
            self.last_tag,
            self.ref.silent,
            self.moment.slot,
            self.moment.started if n_st == 4 else 0,
            n_a,
            n_d,
        )
        sides = (
            tuple(t.weight for t in tables),
            tuple(t.end for t in tables),
            tuple(t.able for t in tables),
            tuple(t.cv for t in tables),
            tuple(np.array(w, bool) for w in self.wants),
            tuple(p.active for p in self.ref.policies),
        )
        which, aft, chn = _fire_stack(tuple(self.spec.forces), self.roots, self.merge)
        fire = (
            np.array([s for s, _ in self.order], np.int64),
            np.array([i for _, i in self.order], np.int64),
            np.array([which[slot] for slot in self.order], np.int64),
            aft,
            chn,
        )
        quiet = tuple(self._quiet(s) for s in (0, 1))
        flow = _FLOW.lend((slots + 1, n_a * n_d, n_st))
        starts = _STARTS.lend((self.last_tag + 1, n_a * n_d))
        played, emptied = -1.0, False
        try:
            played = compiled_sweep()(setup, sides, fire, quiet, flow, starts, collapses, retreats)
            if played >= 0:
                for win, found in enumerate(collapses):
                    self._take_collapses(win, found)
                emptied = True
        finally:
            _FLOW.give_back(flow, played >= 0)
            _STARTS.give_back(starts, played >= 0)
            for scratch, found in zip(_FOUND, collapses, strict=True):
                scratch.give_back(found, emptied)
        if played < 0:
            raise ValueError("this battle cannot end: no unit can hit or rout")
        where = np.flatnonzero(retreats)
        if len(where):
            leaver, joint, first = np.unravel_index(where, retreats.shape)
            a, d = np.divmod(joint, n_d)
            self.retreats.append((leaver, a, d, first.astype(bool), retreats.ravel()[where]))
        return played + self.moment.rounds_done

    def _take_collapses(self, win: int, found: np.ndarray) -> None:
        """Settle (or, with cargo, hand to :meth:`_settle_collapses`) the endings the compiled
        sweep recorded for victor ``win``, leaving ``found`` all zeros for its next loan."""
        if not any(self.ref.sides[1 - win].carried):
            self._settle_compiled(win, found)  # empties every cell it reads
            return
        where = np.flatnonzero(found)
        if len(where):
            own, pos, first, desc = np.unravel_index(where, found.shape)
            key = ((own * self.slots + pos) * 2 + first) * found.shape[3] + desc
            self.collapses[win].append((key, found.ravel()[where]))
            found.ravel()[where] = 0.0

    def _quiet(self, side: int) -> np.ndarray:
        """Per round tag and state of ``side``: the chance that none of its unit attacks in a
        round changes the enemy (no hit or rout; on walls at most one hit, whose half step is
        dropped, §8.11), or 0 if it retreats at its first attack. The chance of an empty round
        is the product of both sides' values (see ``_Solver._stay``)."""
        table = self.tables[side]
        quiet = np.ones(len(table.configs))
        none_hit, one_hit = np.ones_like(quiet), np.zeros_like(quiet)
        for i, block in enumerate(self.spec.forces[side]):
            dice = np.where(table.able[:, i], table.cv[:, i], 0)
            chance = block.power / 6
            if self.ref.sides[1 - side].double:
                none_hit *= (1 - chance) ** dice
                one_hit += dice * chance / (1 - chance)
            else:
                quiet *= (1 - 2 * chance) ** dice
        quiet *= none_hit * (1 + one_hit)
        leaving = table.standing & np.array(self.wants[side], bool)
        return np.where(leaving, 0.0, quiet)

    def _numpy_sweep(self) -> float:
        """The same sweep with NumPy batches, one (tag, weight, slot) bucket at a time."""
        # per block: every distinct enemy state one attack can leave, with its chance, for every
        # enemy state and cv (rows padded with chance 0); see _attack_table
        self.outs = _slot_attacks(tuple(self.spec.forces), self.roots, self.merge)
        ta, td = self.tables
        top = int(ta.weight[0] + td.weight[0])
        size_d = len(td.configs)
        slots = self.slots
        starts = [[_Bucket() for _ in range(top + 1)] for _ in range(self.last_tag + 1)]
        flows = [
            [[_Bucket() for _ in range(slots + 1)] for _ in range(top + 1)]
            for _ in range(self.last_tag + 1)
        ]
        zero = np.zeros(1, dtype=np.int64)  # both roots have id 0
        tag0 = min(self.moment.rounds_done, self.last_tag)
        played = float(self.moment.rounds_done)
        if self.moment.slot:
            begun = np.full(1, self.moment.started, dtype=np.int64)
            flows[tag0][top][self.moment.slot].add(zero, zero, begun, np.ones(1))
            played += 1
        else:
            starts[tag0][top].add(zero, zero, zero, np.ones(1))
        for tag in range(tag0, self.last_tag + 1):
            saturated = tag == self.last_tag
            follow = starts[min(tag + 1, self.last_tag)]
            for q in range(top, -1, -1):
                levels = flows[tag]
                # phase A: rounds that began at a higher weight
                back = self._level(tag, q, levels, size_d)
                if back is not None:
                    follow[q].add(*back)
                opening = starts[tag][q].take(size_d)
                if opening is None:
                    continue
                a, d, started, mass = opening
                if saturated:
                    stay = self._stay(tag, a, d)
                    if (stay >= 1).any():
                        raise ValueError("this battle cannot end: no unit can hit or rout")
                    mass = mass / (1 - stay)
                played += float(mass.sum())
                levels[q][0].add(a, d, np.zeros_like(started), mass)
                back = self._level(tag, q, levels, size_d)
                if back is not None and not saturated:
                    follow[q].add(*back)
        return played

    def _level(self, tag, q, levels, size_d):
        """Fire every slot at weight q; return the states ending the round at weight q."""
        for pos in range(self.slots):
            batch = levels[q][pos].take(size_d)
            if batch is not None:
                self._fire(tag, q, pos, batch, levels)
        done = levels[q][self.slots].take(size_d)
        if done is None:
            return None
        a, d, started, mass = done
        return self.tables[0].end[a], self.tables[1].end[d], np.zeros_like(started), mass

    # -- endings --------------------------------------------------------------------------------
    def _settle(self) -> None:
        """Turn the collected collapses and retreats into outcomes (§6.34, §6.41, §14.11)."""
        ta, td = self.tables
        for win in (0, 1):
            if self.collapses[win]:
                self._settle_collapses(win)
        for leaver, a, d, first, mass in (
            zip(*(np.concatenate(x) for x in zip(*self.retreats, strict=True)), strict=True)
            if self.retreats
            else ()
        ):
            state = (ta.configs[a], td.configs[d])
            for out, p in self.ref._retreat(int(leaver), state, bool(first)):
                self.ends[out] += float(mass) * p

    def _settle_compiled(self, win: int, found: np.ndarray) -> None:
        """:meth:`_settle_collapses` for the compiled sweep's dense ``found`` array, compiled
        too (:func:`.kernel.settle_collapses`)."""
        from hellenes_nb.games.hellenes.odds.kernel import settle_collapses

        win_t, lose_t = self.tables[win], self.tables[1 - win]
        blocks = self.spec.forces[win]
        slot_of = {i: k for k, (s, i) in enumerate(self.order) if s == win}
        sizes = (self.spec.starting_steps(win) + 1, self.spec.starting_steps(1 - win) + 1)
        ends = np.zeros((2, *sizes))
        settle_collapses(
            found,
            (win_t.cv, win_t.able, win_t.lost),
            tuple(
                x.astype(np.int64)
                for x in (lose_t.desc_alive, lose_t.desc_rear, lose_t.desc_lost, lose_t.desc_steps)
            ),
            (
                np.array([slot_of[i] for i in range(len(blocks))], np.int64),
                np.array([b.agility_rank for b in blocks], np.int64),
                np.array([b.cavalry for b in blocks], np.bool_),
                np.array([b.power for b in blocks], np.int64),
            ),
            win == self.ref.silent,
            _BINOMIAL_TABLE,
            ends,
        )
        for how, table in zip(("elimination", "panic"), ends, strict=True):
            for own_lost, beaten_lost in zip(*np.nonzero(table), strict=True):
                pair = (own_lost, beaten_lost) if win == ATTACKER else (beaten_lost, own_lost)
                self.ends[(win, how, int(pair[0]), int(pair[1]))] += float(
                    table[own_lost, beaten_lost]
                )

    def _settle_collapses(self, win: int) -> None:
        """Eliminations and panics won by ``win``. An ending is keyed by the victor's state,
        the slot, the first-round flag and what matters of the beaten side, so pursuit and the
        victor's harrying (§6.34, §6.41) are worked out once per key."""
        if len(self.collapses[win]) == 1:  # the compiled sweep hands them over summed
            keys, mass = self.collapses[win][0]
        else:
            keys, masses = (np.concatenate(x) for x in zip(*self.collapses[win], strict=True))
            total = np.bincount(keys, weights=masses)
            keys = np.flatnonzero(total)
            mass = total[keys]
        win_t, lose_t = self.tables[win], self.tables[1 - win]
        rest, desc = np.divmod(keys, len(lose_t.desc_alive))
        rest, first = np.divmod(rest, 2)
        own, pos = np.divmod(rest, self.slots)
        own_lost = win_t.lost[own]
        gone = lose_t.desc_alive[desc] == 0
        lose_lost = lose_t.desc_lost[desc]
        pair = (own_lost, lose_lost) if win == ATTACKER else (lose_lost, own_lost)
        self._add(win, "elimination", pair[0][gone], pair[1][gone], mass[gone])
        keep = ~gone
        own, desc, pos, first, mass = own[keep], desc[keep], pos[keep], first[keep], mass[keep]
        if not len(mass):
            return
        if any(self.ref.sides[1 - win].carried):  # desc is the beaten side's full state
            for o, b, p, f, m in zip(own, desc, pos, first, mass, strict=True):
                state = (win_t.configs[o], lose_t.configs[b])
                state = state if win == ATTACKER else state[::-1]
                for out, q in self.ref._collapse(win, state, int(p), bool(f)):
                    self.ends[out] += float(m) * q
            return
        # pursuit depends on (victor's state, slot, first round?, rearguard): solve each once
        shot = ((own * self.slots + pos) * 2 + first) * 8 + lose_t.desc_rear[desc]
        seen = np.zeros(len(win_t.configs) * self.slots * 16, bool)
        seen[shot] = True
        shots = np.flatnonzero(seen)
        index = np.cumsum(seen) - 1
        rest, rear = np.divmod(shots, 8)
        rest, first = np.divmod(rest, 2)
        base, standing_steps, own_lost = (
            lose_t.desc_lost[desc],
            lose_t.desc_steps[desc],
            own_lost[keep],
        )
        most = int(standing_steps.max())  # more hits than steps left change nothing
        table = self._pursuit(win, *np.divmod(rest, self.slots), first, rear, most)[index[shot]]
        # every (winner's loss, beaten side's loss) pair as one small int, summed by bincount
        size = self.spec.starting_steps(1) + 1
        after = base[:, None] + np.minimum(np.arange(table.shape[1]), standing_steps[:, None])
        if win == ATTACKER:
            key = (own_lost * size)[:, None] + after
        else:
            key = after * size + own_lost[:, None]
        self._add_keys(win, "panic", key.ravel(), (mass[:, None] * table).ravel())

    def _pursuit(self, win: int, own, pos, first, rear, most: int) -> np.ndarray:
        """P(total hits = column) of pursuit (§6.34) and the victor's cavalry harrying (§6.41)
        for each ending, given the victor's state, the slot, the first-round flag and the
        beaten side's rearguard: the victor's unrouted blocks that have not fired this round
        and are more agile than the rearguard pursue, then its unrouted cavalry harries.
        The last column, ``most``, holds P(at least ``most`` hits)."""
        table = self.tables[win]
        cv = np.where(table.able[own], table.cv[own], 0)
        blocks = self.spec.forces[win]
        slot_of = {i: k for k, (s, i) in enumerate(self.order) if s == win}
        silent = (first == 1) & (win == self.ref.silent)
        dist = np.ones((len(own), 1))
        for i, block in enumerate(blocks):
            chasing = (slot_of[i] > pos) & ~silent & (block.agility_rank < rear)
            shots = [np.where(chasing, cv[:, i], 0)]
            if block.cavalry:
                shots.append(cv[:, i])
            for dice in shots:
                dist = _convolve(dist, _BINOMIAL[block.power][dice])
                if dist.shape[1] > most + 1:
                    dist[:, most] += dist[:, most + 1 :].sum(axis=1)
                    dist = dist[:, : most + 1]
        return dist

    def _add(self, win: int, how: str, la, ld, mass) -> None:
        """Add outcome masses, summing equal (winner, how, losses) keys."""
        size = self.spec.starting_steps(1) + 1
        self._add_keys(win, how, la.astype(np.int64) * size + ld, mass)

    def _add_keys(self, win: int, how: str, key, mass) -> None:
        """:meth:`_add` with the losses packed as ``attacker loss * size + defender loss``."""
        if not len(mass):
            return
        size = self.spec.starting_steps(1) + 1
        total = np.bincount(key, weights=mass)
        for k in np.flatnonzero(total).tolist():
            self.ends[(win, how, k // size, k % size)] += float(total[k])


def fast_odds(spec: BattleSpec, moment: Moment | None = None, compiled: bool | None = None) -> Odds:
    """Exact odds of ``spec`` (from ``moment`` if given) in floating point, with NumPy and,
    when installed, numba (``compiled=False`` forces the NumPy sweep)."""
    return _FastSolver(spec, moment).solve(compiled)
