"""Monte Carlo battle samplers following the same rules and order of fire as the exact DP.

:func:`sample_odds` runs many battles at once with NumPy (one array row per battle, all battles
stepping through the same round and firing slot together). :func:`sample_odds_python` is the
plain-Python loop, one battle at a time; it is the baseline of ``scripts/bench_odds.py`` and a
second, independent check of the DP's bookkeeping. Both return :class:`~.Odds`
with ``samples`` set, so that sampling errors can be computed.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np

from hellenes_nb.core.echo import shown
from hellenes_nb.games.hellenes.odds.battle import ATTACKER, BattleSpec
from hellenes_nb.games.hellenes.odds.result import HOWS, Odds
from hellenes_nb.games.hellenes.odds.sides import ROUTED, STEP, Side

MAX_ROUNDS = 10_000  # far beyond any battle with a real chance of lasting (P < 1e-300)
#: The most battles one call samples: a million give every probability within ±0.1 % (95 %).
MAX_SAMPLES = 1_000_000
#: Battles are sampled in batches of at most this many block states (battles × blocks), so
#: that the arrays stay a few MB whatever the number of samples.
CHUNK_CELLS = 2_000_000
#: The most battles × blocks one call samples: 40,000 battles of 60 blocks against 60 take
#: about four seconds on the 2-core VM, a million battles of ten blocks about six.
MAX_SAMPLE_WORK = 10_000_000


class BattleArrays:
    """The battles' mutable arrays and the blocks' fixed facts, both sides side by side."""

    def __init__(self, spec: BattleSpec, n: int, rng: np.random.Generator) -> None:
        blocks = spec.attacker + spec.defender
        self.rng = rng
        self.n_att = len(spec.attacker)
        self.cols = (np.arange(self.n_att), np.arange(self.n_att, len(blocks)))
        self.power = np.array([b.power for b in blocks])
        self.rank = np.array([b.agility_rank for b in blocks])
        self.cavalry = np.array([b.cavalry for b in blocks])
        self.garrison = np.array([b.garrison for b in blocks])
        self.carried = np.array([b.carried for b in blocks])
        self.double = (False, any(b.city for b in spec.defender))
        # tie-break: earlier in the side's written order wins among equals (§6.32-6.33). A
        # target's score is cv (or 5 - cv for a rout) times ``scale`` plus this bonus, which
        # stays below ``scale``: cv always decides first, and every eligible score is >= 1
        n_def = len(spec.defender)
        self.scale = max(self.n_att, n_def)
        self.order_bonus = np.concatenate(
            [self.n_att - 1 - np.arange(self.n_att), n_def - 1 - np.arange(n_def)]
        )
        self.cv = np.tile(np.array([b.cv for b in blocks], dtype=np.int16), (n, 1))
        self.routed = np.zeros((n, len(blocks)), dtype=bool)
        self.half = np.zeros((n, len(blocks)), dtype=bool)
        # kept up to date as blocks are hit and routed, per side (columns of that side only):
        # each block's hit score and rout score (-1 once it is routed or eliminated: no
        # target), and how many blocks are alive and unrouted. So a battle's next target is
        # one argmax, and whether a side still stands one look-up, however many blocks fight
        cv = self.cv[0]
        first = (np.where(self.garrison, 0, cv * self.scale + self.order_bonus),
                 (5 - cv) * self.scale + self.order_bonus)
        self.keys = [[np.tile(key[c].astype(np.int16), (n, 1)) for c in self.cols]
                     for key in first]
        self.able_n = np.tile(np.array([len(c) for c in self.cols], dtype=np.int16), (n, 1))

    def rekey(self, r: np.ndarray, col: np.ndarray) -> None:
        """Recompute the scores of the blocks ``col`` in rows ``r`` (one block per row)."""
        side = (col >= self.n_att).astype(np.int64)
        local = col - side * self.n_att
        cv = self.cv[r, col].astype(np.int16)
        live = (cv > 0) & ~self.routed[r, col]
        bonus = self.order_bonus[col]
        hit = np.where(self.garrison[col], 0, cv * self.scale + bonus)
        rout = (5 - cv) * self.scale + bonus
        for s in (0, 1):
            mine = side == s
            rows, at = r[mine], local[mine]
            self.keys[0][s][rows, at] = np.where(live[mine], hit[mine], -1)
            self.keys[1][s][rows, at] = np.where(live[mine], rout[mine], -1)

    def roll_hits(self, rows: np.ndarray, block: int) -> tuple[np.ndarray, np.ndarray]:
        """Dice of one unit attack per row (§6.31): (hits, routs)."""
        dice = self.rng.integers(1, 7, size=(len(rows), 4))
        in_use = np.arange(4) < self.cv[rows, block][:, None]
        power = self.power[block]
        hits = ((dice <= power) & in_use).sum(axis=1)
        routs = ((dice >= 7 - power) & in_use).sum(axis=1)
        return hits, routs

    def hit(self, rows: np.ndarray, side: int, hits: np.ndarray, routed_too: bool) -> None:
        """Apply hits one at a time to the strongest block of ``side`` in each row (§6.32),
        with double defense and the garrison kept for last in an assault (§8.11, §7.3)."""
        cols = self.cols[side]
        for k in range(int(hits.max(initial=0))):
            r = rows[hits > k]
            target = np.full(len(r), -1)
            if self.double[side]:
                half = self.half[np.ix_(r, cols)]
                holder = half.any(axis=1)
                target[holder] = half[holder].argmax(axis=1)
            if routed_too:  # pursuit and harrying also hit routed blocks (§6.34, §6.41)
                cv = self.cv[np.ix_(r, cols)]
                score = np.where(cv > 0, cv * self.scale + self.order_bonus[cols], -1)
                score = np.where((cv > 0) & self.garrison[cols], 0, score)
            else:
                score = self.keys[0][side][r]
            free = target < 0
            best = score.argmax(axis=1)
            found = score[np.arange(len(r)), best] >= 0
            target[free & found] = best[free & found]
            r, target = r[target >= 0], target[target >= 0]
            col = cols[target]
            was_able = (self.cv[r, col] > 0) & ~self.routed[r, col]
            if self.double[side]:
                had_half = self.half[r, col]
                self.cv[r[had_half], col[had_half]] -= 1
                self.half[r, col] = ~had_half
            else:
                self.cv[r, col] -= 1
            gone = was_able & (self.cv[r, col] == 0)
            self.able_n[r[gone], side] -= 1
            self.rekey(r, col)

    def rout(self, rows: np.ndarray, side: int, routs: np.ndarray) -> None:
        """Rout the weakest unrouted block once per rout (§6.33); city defenders ignore routs."""
        if self.double[side]:
            return
        cols = self.cols[side]
        for k in range(int(routs.max(initial=0))):
            r = rows[routs > k]
            score = self.keys[1][side][r]
            best = score.argmax(axis=1)
            found = score[np.arange(len(r)), best] >= 0
            r, col = r[found], cols[best[found]]
            self.routed[r, col] = True
            self.able_n[r, side] -= 1
            self.rekey(r, col)

    def able(self, rows: np.ndarray) -> np.ndarray:
        """(rows, blocks) mask of blocks alive and unrouted."""
        return (self.cv[rows] > 0) & ~self.routed[rows]

    def standing(self, rows: np.ndarray, side: int) -> np.ndarray:
        """Per row, whether ``side`` has a block alive and unrouted."""
        return self.able_n[rows, side] > 0

    def lost(self, rows: np.ndarray, side: int, start: np.ndarray) -> np.ndarray:
        """Steps lost so far, carried land units included (§6.5)."""
        cols = self.cols[side]
        cv = self.cv[np.ix_(rows, cols)]
        carried = self.carried[cols]
        kept = np.minimum(carried, np.maximum(cv - 1, 0))
        return start[side] - cv.sum(axis=1) - kept.sum(axis=1)

    def hits_only(self, rows: np.ndarray, blocks: np.ndarray) -> np.ndarray:
        """Total hits of the given blocks' attacks per row, routs ignored (§6.34, §6.41);
        ``blocks`` is a boolean (rows, all blocks) mask of who fires."""
        total = np.zeros(len(rows), dtype=np.int64)
        for col in np.flatnonzero(blocks.any(axis=0)):
            shoot = blocks[:, col]
            cv = np.where(shoot, self.cv[rows, col], 0)
            total += self.rng.binomial(cv, self.power[col] / 6)
        return total


def check_samples(n: object, name: str = "n", blocks: int = 0) -> int:
    """``n`` as a number of battles of ``blocks`` blocks in all to sample, or ValueError
    naming the limits (``name`` is what the caller calls it)."""
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_SAMPLES:
        raise ValueError(f"{name} must be at least 1 and at most {MAX_SAMPLES:,} battles to "
                         f"sample, not {shown(n)}: a million already give every probability "
                         "within ±0.1 % (95 % confidence)")
    if n * blocks > MAX_SAMPLE_WORK:
        raise ValueError(f"{name}: {n:,} battles of {blocks} blocks are too much work; this "
                         f"battle takes at most {MAX_SAMPLE_WORK // blocks:,} (battles × blocks "
                         f"up to {MAX_SAMPLE_WORK:,}, about ten seconds)")
    return n


def sample_odds(spec: BattleSpec, n: int = 20_000, seed: int | None = 0) -> Odds:
    """Estimate the odds of ``spec`` from ``n`` battles simulated together with NumPy, in
    batches of at most :data:`CHUNK_CELLS` block states (so memory stays small for any ``n``
    up to :data:`MAX_SAMPLES`)."""
    blocks = len(spec.attacker) + len(spec.defender)
    check_samples(n, blocks=blocks)
    rng = np.random.default_rng(seed)
    rows = max(1, CHUNK_CELLS // blocks)
    counts: Counter = Counter()
    rounds = 0
    done = 0
    while done < n:
        batch = min(rows, n - done)
        rounds += _sample_batch(spec, batch, rng, counts)
        done += batch
    start = (spec.starting_steps(0), spec.starting_steps(1))
    return Odds(
        outcomes={(w, HOWS[h], la, ld): c / n for (w, h, la, ld), c in counts.items()},
        expected_rounds=rounds / n,
        starting_steps=start,
        method="monte-carlo (numpy)",
        samples=n,
    )


def _sample_batch(spec: BattleSpec, n: int, rng: np.random.Generator, counts: Counter) -> int:
    """Fight ``n`` battles side by side; add their outcomes to ``counts`` and return the
    rounds they took in all."""
    arr = BattleArrays(spec, n, rng)
    start = np.array([spec.starting_steps(0), spec.starting_steps(1)])
    fire = [(s, arr.cols[s][i]) for s, i in spec.fire_order()]
    policies = spec.policies
    running = np.ones(n, dtype=bool)
    winner = np.zeros(n, dtype=np.int8)
    how = np.zeros(n, dtype=np.int8)
    rounds = np.zeros(n, dtype=np.int32)

    def finish(rows: np.ndarray, win: int, kind: str) -> None:
        winner[rows], how[rows], running[rows] = win, HOWS.index(kind), False

    for played in range(MAX_ROUNDS):
        rows_left = np.flatnonzero(running)
        if len(rows_left) == 0:
            break
        rounds[rows_left] = played + 1
        started = np.zeros((n, 2), dtype=bool)
        for pos, (s, col) in enumerate(fire):
            if played == 0 and spec.silent_first_round and s == ATTACKER:
                continue
            rows = np.flatnonzero(running & (arr.cv[:, col] > 0) & ~arr.routed[:, col])
            if policies[s].active:
                new = rows[~started[rows, s]]
                started[new, s] = True
                lost = arr.lost(new, s, start)
                go = np.array([policies[s].wants_retreat(played, int(x)) for x in lost], bool)
                leaving = new[go]
                if len(leaving):
                    silent = played == 0 and spec.silent_first_round
                    _retreat(arr, spec, leaving, s, start, finish, silent)
                    rows = np.setdiff1d(rows, leaving, assume_unique=True)
            if len(rows) == 0:
                continue
            hits, routs = arr.roll_hits(rows, col)
            arr.hit(rows, 1 - s, hits, routed_too=False)
            arr.rout(rows, 1 - s, routs)
            broken = rows[~arr.standing(rows, 1 - s)]
            if len(broken) == 0:
                continue
            gone = ~(arr.cv[np.ix_(broken, arr.cols[1 - s])] > 0).any(axis=1)
            finish(broken[gone], s, "elimination")
            panicked = broken[~gone]
            if len(panicked):
                _pursue(arr, spec, panicked, s, fire[pos + 1 :], played == 0)
                finish(panicked, s, "panic")
        arr.half[:] = False
    else:
        raise RuntimeError(f"battles still running after {MAX_ROUNDS} rounds")
    every = np.arange(n)
    lost_a, lost_d = arr.lost(every, 0, start), arr.lost(every, 1, start)
    counts.update(zip(winner.tolist(), how.tolist(), lost_a.tolist(), lost_d.tolist(),
                      strict=True))
    return int(rounds.sum())


def _pursue(arr, spec, rows, winner, later, first_round) -> None:
    """Pursuit by faster victors yet to fire (§6.34), then the victor's cavalry harrying (§6.41)."""
    loser_cols = arr.cols[1 - winner]
    alive_loser = arr.cv[np.ix_(rows, loser_cols)] > 0
    rearguard = np.where(alive_loser, arr.rank[loser_cols], -1).max(axis=1)
    shooters = np.zeros((len(rows), arr.cv.shape[1]), dtype=bool)
    silent = first_round and spec.silent_first_round and winner == ATTACKER
    if not silent:
        for s, col in later:
            if s == winner:
                shooters[:, col] = arr.rank[col] < rearguard
    own = arr.able(rows)
    hits = arr.hits_only(rows, shooters & own) + arr.hits_only(rows, own & arr.cavalry)
    arr.hit(rows, 1 - winner, hits, routed_too=True)


def _retreat(arr, spec, rows, leaver, start, finish, silent) -> None:
    """A voluntary retreat (§6.4): the stayer's cavalry harries, then the leaver's (§6.41);
    aggressors silent in round 1 (§6.5, §6.6) do not harry in it."""
    stayer = 1 - leaver
    stay_cav = arr.able(rows) & arr.cavalry
    stay_cav[:, arr.cols[leaver]] = False
    if silent and stayer == ATTACKER:
        stay_cav[:] = False
    retire = arr.lost(rows, leaver, start) == 0
    retire &= ~arr.routed[np.ix_(rows, arr.cols[leaver])].any(axis=1)
    retire &= spec.kind != "sea"
    arr.hit(rows, leaver, arr.hits_only(rows, stay_cav), routed_too=True)
    leave_cav = arr.able(rows) & arr.cavalry
    leave_cav[:, arr.cols[stayer]] = False
    arr.hit(rows, stayer, arr.hits_only(rows, leave_cav), routed_too=True)
    finish(rows[retire], stayer, "retire")
    finish(rows[~retire], stayer, "retreat")


def sample_odds_python(spec: BattleSpec, n: int = 10_000, seed: int | None = 0) -> Odds:
    """Estimate the odds of ``spec`` with a plain-Python loop, one battle at a time."""
    check_samples(n)
    rng = random.Random(seed)
    sides = (Side(spec.attacker), Side(spec.defender))
    order = spec.fire_order()
    forces = spec.forces
    counts: Counter = Counter()
    total_rounds = 0
    for _ in range(n):
        result, played = _one_battle(spec, sides, order, forces, rng)
        counts[result] += 1
        total_rounds += played
    return Odds(
        outcomes={key: c / n for key, c in counts.items()},
        expected_rounds=total_rounds / n,
        starting_steps=(spec.starting_steps(0), spec.starting_steps(1)),
        method="monte-carlo (python)",
        samples=n,
    )


def _roll(rng: random.Random, cv: int, power: int) -> tuple[int, int]:
    hits = routs = 0
    for _ in range(cv):
        die = rng.randint(1, 6)
        hits += die <= power
        routs += die >= 7 - power
    return hits, routs


def _hits_of(rng, codes, blocks, which) -> int:
    return sum(
        _roll(rng, codes[i] >> 2, blocks[i].power)[0]
        for i in which
        if codes[i] >= STEP and not codes[i] & ROUTED
    )


def _one_battle(spec, sides, order, forces, rng) -> tuple[tuple[int, str, int, int], int]:
    state = [sides[0].start, sides[1].start]
    played = 0
    while True:
        played += 1
        started = [False, False]
        for pos, (s, i) in enumerate(order):
            if played == 1 and spec.silent_first_round and s == ATTACKER:
                continue
            code = state[s][i]
            if code < STEP or code & ROUTED:
                continue
            policy = spec.policies[s]
            if policy.active and not started[s]:
                started[s] = True
                if policy.wants_retreat(played - 1, sides[s].steps_lost(state[s])):
                    silent = played == 1 and spec.silent_first_round
                    result = _python_retreat(spec, sides, forces, state, s, rng, silent)
                    return result, played
            hits, routs = _roll(rng, code >> 2, forces[s][i].power)
            enemy = sides[1 - s]
            state[1 - s] = enemy.rout(enemy.hit(state[1 - s], hits), routs)
            if Side.standing(state[1 - s]):
                continue
            if not Side.alive(state[1 - s]):
                return (s, "elimination", *_lost(sides, state)), played
            lost = state[1 - s]
            rearguard = max(forces[1 - s][j].agility_rank for j, c in enumerate(lost) if c)
            chasers = [
                j
                for side, j in order[pos + 1 :]
                if side == s
                and forces[s][j].agility_rank < rearguard
                and not (played == 1 and spec.silent_first_round and s == ATTACKER)
            ]
            cav = [j for j, b in enumerate(forces[s]) if b.cavalry]
            hits = _hits_of(rng, state[s], forces[s], chasers)
            hits += _hits_of(rng, state[s], forces[s], cav)
            state[1 - s] = enemy.hit(lost, hits, routed_too=True)
            return (s, "panic", *_lost(sides, state)), played
        state = [Side.end_round(state[0]), Side.end_round(state[1])]


def _lost(sides, state) -> tuple[int, int]:
    return sides[0].steps_lost(state[0]), sides[1].steps_lost(state[1])


def _python_retreat(spec, sides, forces, state, leaver, rng, silent) -> tuple[int, str, int, int]:
    stayer = 1 - leaver
    retire = spec.kind != "sea" and not sides[leaver].shaken(state[leaver])
    cav = [[j for j, b in enumerate(forces[s]) if b.cavalry] for s in (0, 1)]
    if silent and stayer == ATTACKER:
        cav[stayer] = []
    hits = _hits_of(rng, state[stayer], forces[stayer], cav[stayer])
    state[leaver] = sides[leaver].hit(state[leaver], hits, routed_too=True)
    hits = _hits_of(rng, state[leaver], forces[leaver], cav[leaver])
    state[stayer] = sides[stayer].hit(state[stayer], hits, routed_too=True)
    return (stayer, "retire" if retire else "retreat", *_lost(sides, state))
