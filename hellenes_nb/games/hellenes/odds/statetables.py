"""The numbered block states of each side of a battle and their attack tables, for the
NumPy and compiled sweeps of :mod:`.fast` (§6.31–6.34).

Each side's reachable block states are numbered once (:class:`SideTable`), with the effect of
one hit and one rout as index arrays; :func:`attack_table` gives, per firing cv and power, the
states one unit attack leaves and their chances. Everything here is memoised and read-only.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache

import numpy as np

from hellenes_nb.games.hellenes.odds.battle import BattleSpec, Moment
from hellenes_nb.games.hellenes.odds.dice import attack, total_hits
from hellenes_nb.games.hellenes.odds.forces import Block
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
    if not compiled_before(sweep_battle):
        print("hellenes-nb: preparing the fast battle odds, once: numba compiles them, which "
              "takes up to a minute (scripts/setup.sh does it at install)", file=sys.stderr,
              flush=True)
    return sweep_battle


def compiled_before(function) -> bool:
    """Whether numba's cache already holds ``function`` compiled (its index file exists);
    True when that cannot be told, so no false alarm is printed."""
    cache_file = getattr(getattr(function, "_cache", None), "_cache_file", None)
    index = getattr(cache_file, "_index_path", None)
    return not isinstance(index, str) or os.path.exists(index)


#: what a waiting widget shows while numba compiles the fast odds (issue 15, item 9)
PREPARING = "Preparing the fast battle odds once (up to a minute)…"
#: who is told when the compile starts and ends (:func:`compile_notices`)
_NOTICE: ContextVar[Callable[[str], None] | None] = ContextVar("odds_compile_notice",
                                                               default=None)
#: set once the compiled odds have run in this process (numba keeps them in memory)
_compiled_here = False


@contextmanager
def compile_notices(notify: Callable[[str], None]) -> Iterator[None]:
    """Within this block, ``notify(PREPARING)`` is called before numba compiles the fast odds
    (their first use, with nothing in numba's cache) and ``notify("")`` once they have run."""
    token = _NOTICE.set(notify)
    try:
        yield
    finally:
        _NOTICE.reset(token)


def compiling_now() -> bool:
    """Whether the next use of the compiled odds compiles them first: numba is installed, they
    have not run in this process, and numba's cache does not hold them."""
    sweep = compiled_sweep()
    return sweep is not None and not _compiled_here and not compiled_before(sweep)


@contextmanager
def compile_watch() -> Iterator[None]:
    """Around a use of the compiled odds: tells the watcher of :func:`compile_notices` while
    that use compiles them."""
    global _compiled_here
    notify = _NOTICE.get() if compiling_now() else None
    if notify is not None:
        notify(PREPARING)
    try:
        yield
        _compiled_here = True
    finally:
        if notify is not None:
            notify("")


MAX_DICE = 4

#: The compiled sweep keeps (slots + 1) × joint states × started flags floats in memory; above
#: this many (64 MB) the NumPy sweep, which only holds the states in play, is used instead.
MAX_DENSE = 8_000_000


def summary_key(side: Side, rank: tuple[int, ...]):
    """The key under which two block states of ``side`` behave alike for the rest of a fight to
    the finish: the unrouted blocks' codes, the steps left (so the steps lost: cargo is never
    merged) and the slowest routed block.

    Routed blocks never fire, take no battle losses and are not routed again (§6.33); after a
    panic only their total steps and the rearguard's agility matter to pursuit (§6.34). So
    routed blocks can be summed up, which merges many states. Harrying after a retreat (§6.41)
    and carried units (§6.5) need every block, so :class:`.fast.FastSolver` keeps full states then.
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


class SideTable:
    """Every block state one side can reach, numbered, with single-hit and single-rout maps.

    With ``key`` (see :func:`summary_key`) states with equal keys share one number; the first one
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


def attack_table(foe: SideTable, power: int, top_cv: int, routable: bool):
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


def binomials() -> dict[int, np.ndarray]:
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


BINOMIAL = binomials()
BINOMIAL_TABLE = np.stack([np.zeros_like(BINOMIAL[1]), *(BINOMIAL[p] for p in (1, 2, 3))])


def convolve(dist: np.ndarray, add: np.ndarray) -> np.ndarray:
    """Row by row, the distribution of the sum of two independent hit counts."""
    out = np.zeros((len(dist), dist.shape[1] + add.shape[1] - 1))
    for k in range(add.shape[1]):
        out[:, k : k + dist.shape[1]] += dist * add[:, k : k + 1]
    return out


@lru_cache(maxsize=64)
def side_table(blocks: tuple[Block, ...], root: tuple[int, ...], merge: bool) -> SideTable:
    """The numbered states of one side from ``root``, memoised: a battle shown step by step
    asks again for the side that was not hit. ``merge``: see :func:`summary_key`. Read-only."""
    side = Side(blocks)
    rank = tuple(block.agility_rank for block in blocks)
    return SideTable(side, rank, root, summary_key(side, rank) if merge else None)


@lru_cache(maxsize=256)
def side_attacks(
    blocks: tuple[Block, ...], root: tuple[int, ...], merge: bool, power: int, cv: int
):
    """:func:`attack_table` against the side ``blocks`` from ``root``, memoised. Read-only."""
    return attack_table(side_table(blocks, root, merge), power, cv, Side(blocks).routable)


def power_tops(forces: tuple[tuple[Block, ...], ...]) -> dict[tuple[int, int], int]:
    """Per (firing side, power), the largest cv among that side's blocks of that power: blocks
    of one side with the same power share one attack table (§6.31: only cv and power decide an
    attack)."""
    tops: dict[tuple[int, int], int] = {}
    for (side, _), block in battle_blocks(forces):
        tops[(side, block.power)] = max(tops.get((side, block.power), 0), block.cv)
    return tops


@lru_cache(maxsize=64)
def slot_attacks(forces: tuple[tuple[Block, ...], ...], roots: tuple[tuple[int, ...], ...], merge):
    """The pair (afters, chances) of :func:`attack_table` per (side, block), for the NumPy
    sweep, memoised. Read-only."""
    tops = power_tops(forces)
    return {
        (side, i): side_attacks(
            forces[1 - side], roots[1 - side], merge, block.power, tops[(side, block.power)]
        )
        for (side, i), block in battle_blocks(forces)
    }


@lru_cache(maxsize=64)
def fire_stack(forces: tuple[tuple[Block, ...], ...], roots: tuple[tuple[int, ...], ...], merge):
    """The compiled sweep's attack tables, one per (firing side, power), memoised. Read-only.

    Returns ``which`` (the table of each (side, block)) and the tables as two arrays of shape
    (table, cv, enemy state, outcome) filled by :func:`.kernel.attack_tables`
    (the same entries as :func:`attack_table`, except that a state the foe cannot stand in is
    written as -1 - its ending descriptor)."""
    from hellenes_nb.games.hellenes.odds.kernel import attack_tables

    tops = power_tops(forces)
    index = {key: n for n, key in enumerate(tops)}
    which = {(side, i): index[(side, block.power)] for (side, i), block in battle_blocks(forces)}
    tables = [side_table(forces[s], roots[s], merge) for s in (0, 1)]
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


def battle_blocks(forces: tuple[tuple[Block, ...], ...]):
    """Every ((side, index), block) of a battle."""
    return (((side, i), block) for side in (0, 1) for i, block in enumerate(forces[side]))


def mergeable(spec: BattleSpec) -> bool:
    """Whether states may be merged by :func:`summary_key`: not when a side may retreat (retreats
    are harried block by block, §6.41) nor with cargo (lost with its own fleet, §6.5)."""
    return not any(p.active for p in spec.policies) and not any(
        b.carried for b in spec.attacker + spec.defender
    )


def joint_states(spec: BattleSpec, moment: Moment | None = None) -> int:
    """Joint states the compiled sweep walks: the product of both sides' standing states, after
    merging (memoised tables, so asking costs nothing when the odds are computed next)."""
    roots = moment[:2] if moment else tuple(tuple(4 * b.cv for b in f) for f in spec.forces)
    merge = mergeable(spec)
    a, d = (side_table(spec.forces[s], tuple(roots[s]), merge) for s in (0, 1))
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


def clear_tables() -> None:
    """Forget memoised side and attack tables (for benchmarks that time a cold computation)."""
    side_table.cache_clear()
    side_attacks.cache_clear()
    slot_attacks.cache_clear()
    fire_stack.cache_clear()
