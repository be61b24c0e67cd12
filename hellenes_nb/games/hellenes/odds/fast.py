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

from collections import defaultdict

import numpy as np

from hellenes_nb.games.hellenes.odds.battle import ATTACKER, BattleSpec, Moment
from hellenes_nb.games.hellenes.odds.dp import Solver
from hellenes_nb.games.hellenes.odds.result import Odds
from hellenes_nb.games.hellenes.odds.scratch import FLOW, FOUND, STARTS
from hellenes_nb.games.hellenes.odds.statetables import (
    BINOMIAL,
    BINOMIAL_TABLE,
    clear_tables,
    compile_watch,
    compiled_fits,
    compiled_sweep,
    convolve,
    fire_stack,
    joint_states,
    mergeable,
    side_table,
    slot_attacks,
)

#: the sweep's public names, with the table helpers other modules take from here
__all__ = [
    "FastSolver",
    "clear_tables",
    "compiled_fits",
    "compiled_sweep",
    "fast_odds",
    "joint_states",
]


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


class FastSolver:
    """Vectorised forward DP for one battle (float probabilities)."""

    def __init__(self, spec: BattleSpec, moment: Moment | None = None) -> None:
        self.spec = spec
        self.ref = Solver(spec, exact=False)  # endings: retreats, and panics with cargo
        ref = self.ref
        self.moment = moment or Moment(ref.sides[0].start, ref.sides[1].start)
        whole = not mergeable(spec)
        self.tables = tuple(
            side_table(spec.forces[s], tuple(self.moment[s]), not whole) for s in (0, 1)
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
        """Vectorised :meth:`Solver._stay`: chance a round from each (a, d) changes nothing."""
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
        if compiled:
            with compile_watch():  # the first use may compile: a waiting widget says so
                played = self._compiled_sweep()
        else:
            played = self._numpy_sweep()
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
            FOUND[0].lend((len(ta.configs), slots, firsts, len(td.desc_alive))),
            FOUND[1].lend((len(td.configs), slots, firsts, len(ta.desc_alive))),
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
        which, aft, chn = fire_stack(tuple(self.spec.forces), self.roots, self.merge)
        fire = (
            np.array([s for s, _ in self.order], np.int64),
            np.array([i for _, i in self.order], np.int64),
            np.array([which[slot] for slot in self.order], np.int64),
            aft,
            chn,
        )
        quiet = tuple(self._quiet(s) for s in (0, 1))
        flow = FLOW.lend((slots + 1, n_a * n_d, n_st))
        starts = STARTS.lend((self.last_tag + 1, n_a * n_d))
        played, emptied = -1.0, False
        try:
            played = compiled_sweep()(setup, sides, fire, quiet, flow, starts, collapses, retreats)
            if played >= 0:
                for win, found in enumerate(collapses):
                    self._take_collapses(win, found)
                emptied = True
        finally:
            FLOW.give_back(flow, played >= 0)
            STARTS.give_back(starts, played >= 0)
            for scratch, found in zip(FOUND, collapses, strict=True):
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
        is the product of both sides' values (see ``Solver._stay``)."""
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
        # enemy state and cv (rows padded with chance 0); see attack_table
        self.outs = slot_attacks(tuple(self.spec.forces), self.roots, self.merge)
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
            for out, p in self.ref.retreat(int(leaver), state, bool(first)):
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
            BINOMIAL_TABLE,
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
                for out, q in self.ref.collapse(win, state, int(p), bool(f)):
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
                dist = convolve(dist, BINOMIAL[block.power][dice])
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
    return FastSolver(spec, moment).solve(compiled)
