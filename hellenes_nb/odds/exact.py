"""Exact battle odds by dynamic programming over the battle's states (§6, §8.11, §14.11).

The battle is a Markov chain. Within a combat round, probability mass is pushed forward one unit
attack at a time in the real order of fire (§6.2); between rounds, the states at the start of a
round are processed in an order in which every transition moves forward (cv and unrouted blocks
only decrease, the first round ends once, the round counter of a retreat policy only grows). The
one loop left is a round in which nothing changes (every die misses, or only half steps that are
then dropped, §8.11): the state returns to itself with probability ``stay``, and the infinite
sequence of such rounds is summed exactly by scaling the state's mass by ``1 / (1 - stay)``.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from fractions import Fraction
from typing import Any

from hellenes_nb.odds.battle import ATTACKER, BattleSpec
from hellenes_nb.odds.dice import attack, total_hits
from hellenes_nb.odds.result import Odds, Outcome
from hellenes_nb.odds.sides import ROUTED, STEP, Side

State = tuple[tuple[int, ...], tuple[int, ...]]


def _weight(codes: tuple[int, ...]) -> int:
    return sum((code >> 2) + (code >= STEP and not code & ROUTED) for code in codes)


class _Solver:
    """One battle's DP: caches of per-side transitions and terminal resolutions."""

    def __init__(self, spec: BattleSpec, exact: bool) -> None:
        self.spec = spec
        self.exact = exact
        self.sides = (Side(spec.attacker), Side(spec.defender))
        self.order = spec.fire_order()
        self.rank = tuple(tuple(b.agility_rank for b in blocks) for blocks in spec.forces)
        self.power = tuple(tuple(b.power for b in blocks) for blocks in spec.forces)
        self.policies = spec.policies
        self.cap = max(
            (p.after_rounds for p in self.policies if p.after_rounds is not None), default=0
        )
        self.silent = ATTACKER if spec.silent_first_round else -1
        self.sea = spec.kind == "sea"
        self.moves: dict[tuple[int, tuple[int, ...], int, int], list] = {}
        self.ends: dict[tuple, list[tuple[Outcome, Any]]] = {}
        self.zero: Any = Fraction(0) if exact else 0.0

    # -- single unit attack -------------------------------------------------------------------
    def _move(self, target: int, codes: tuple[int, ...], cv: int, power: int) -> list:
        """Distribution of the target side's state after one unit attack (hits, then routs),
        as (state, probability, whether the target still has an unrouted block)."""
        key = (target, codes, cv, power)
        found = self.moves.get(key)
        if found is not None:
            return found
        side = self.sides[target]
        merged: dict[tuple[int, ...], Any] = {}
        for hits, routs, p in attack(cv, power, side.routable, self.exact):
            after = side.rout(side.hit(codes, hits), routs)
            merged[after] = merged.get(after, self.zero) + p
        found = [(after, p, Side.standing(after)) for after, p in merged.items()]
        self.moves[key] = found
        return found

    def _shooters(self, side: int, codes: tuple[int, ...], indices) -> tuple[tuple[int, int], ...]:
        power = self.power[side]
        return tuple(
            (codes[i] >> 2, power[i]) for i in indices if codes[i] >= STEP and not codes[i] & ROUTED
        )

    def _cavalry(self, side: int, codes: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
        cav = self.sides[side].cavalry
        return self._shooters(side, codes, [i for i in range(len(codes)) if cav[i]])

    def _outcome(self, winner: int, how: str, a: tuple, d: tuple) -> Outcome:
        return (winner, how, self.sides[0].steps_lost(a), self.sides[1].steps_lost(d))

    # -- battle endings -----------------------------------------------------------------------
    def _collapse(self, winner: int, state: State, pos: int, first: bool) -> list:
        """The loser has no unrouted block left: elimination, or panic with pursuit (§6.34) and
        the victor's cavalry harrying (§6.41), both hits only."""
        key = ("collapse", winner, state, pos, first)
        found = self.ends.get(key)
        if found is not None:
            return found
        loser = 1 - winner
        lost = state[loser]
        if not Side.alive(lost):
            found = [(self._outcome(winner, "elimination", *state), 1)]
        else:
            rearguard = max(self.rank[loser][i] for i, code in enumerate(lost) if code >= STEP)
            silent = first and winner == self.silent
            later = [
                i
                for s, i in self.order[pos + 1 :]
                if s == winner and not silent and self.rank[winner][i] < rearguard
            ]
            own = state[winner]
            shots = self._shooters(winner, own, later) + self._cavalry(winner, own)
            merged: dict[Outcome, Any] = {}
            for hits, p in enumerate(total_hits(shots, self.exact)):
                after = self.sides[loser].hit(lost, hits, routed_too=True)
                pair = (own, after) if winner == ATTACKER else (after, own)
                out = self._outcome(winner, "panic", *pair)
                merged[out] = merged.get(out, self.zero) + p
            found = list(merged.items())
        self.ends[key] = found
        return found

    def _retreat(self, leaver: int, state: State) -> list:
        """``leaver`` retreats at its first attack of the round (§6.4): the other side's
        unrouted cavalry harries first, then the leaver's (§6.41, Cavalry Raids sidebar)."""
        key = ("retreat", leaver, state)
        found = self.ends.get(key)
        if found is not None:
            return found
        winner = 1 - leaver
        sides = self.sides
        retire = not self.sea and not sides[leaver].shaken(state[leaver])
        how = "retire" if retire else "retreat"
        merged: dict[Outcome, Any] = {}
        first_shots = total_hits(self._cavalry(winner, state[winner]), self.exact)
        for hits, p in enumerate(first_shots):
            leaving = sides[leaver].hit(state[leaver], hits, routed_too=True)
            back = total_hits(self._cavalry(leaver, leaving), self.exact)
            for back_hits, q in enumerate(back):
                staying = sides[winner].hit(state[winner], back_hits, routed_too=True)
                pair = (leaving, staying) if leaver == ATTACKER else (staying, leaving)
                out = self._outcome(winner, how, *pair)
                merged[out] = merged.get(out, self.zero) + p * q
        found = list(merged.items())
        self.ends[key] = found
        return found

    # -- one combat round ---------------------------------------------------------------------
    def _round(self, a: tuple, d: tuple, first: bool, rounds: int, ends: dict) -> dict:
        """Push unit mass through one round from (a, d). Terminal mass goes into ``ends``;
        returns the mass of each (a, d) reached at the end of the round."""
        sides, policies, power = self.sides, self.policies, self.power
        watch = (policies[0].active, policies[1].active)
        current: dict[tuple, Any] = {(a, d, 0): 1}
        silent_side, move, collapse = self.silent if first else -1, self._move, self._collapse
        for pos, (s, i) in enumerate(self.order):
            if s == silent_side:
                continue
            nxt: dict[tuple, Any] = {}
            get = nxt.get
            bit, enemy_side, pw = 1 << s, 1 - s, power[s][i]
            for key, p in current.items():
                sa, sd, started = key
                own = sa if s == ATTACKER else sd
                code = own[i]
                if code < STEP or code & ROUTED:
                    nxt[key] = get(key, 0) + p
                    continue
                if watch[s] and not started & bit:
                    started |= bit
                    if policies[s].wants_retreat(rounds, sides[s].steps_lost(own)):
                        for out, q in self._retreat(s, (sa, sd)):
                            ends[out] += p * q
                        continue
                if s == ATTACKER:
                    for after, q, standing in move(enemy_side, sd, code >> 2, pw):
                        if standing:
                            k = (sa, after, started)
                            nxt[k] = get(k, 0) + p * q
                        else:
                            for out, r in collapse(s, (sa, after), pos, first):
                                ends[out] += p * q * r
                else:
                    for after, q, standing in move(enemy_side, sa, code >> 2, pw):
                        if standing:
                            k = (after, sd, started)
                            nxt[k] = get(k, 0) + p * q
                        else:
                            for out, r in collapse(s, (after, sd), pos, first):
                                ends[out] += p * q * r
            current = nxt
        reached: dict[tuple, Any] = defaultdict(lambda: self.zero)
        for (sa, sd, _), p in current.items():
            reached[(Side.end_round(sa), Side.end_round(sd))] += p
        return reached

    def solve(self) -> Odds:
        """Run the DP from the opening state and collect the outcome distribution."""
        start = (self.sides[0].start, self.sides[1].start, self.spec.silent_first_round, 0)
        mass: dict[tuple, Any] = {start: 1 if not self.exact else Fraction(1)}
        heap = [(self._key(start), start)]
        ends: dict[Outcome, Any] = defaultdict(lambda: self.zero)
        rounds_played: Any = self.zero
        while heap:
            _, state = heapq.heappop(heap)
            m = mass.pop(state)
            a, d, first, rounds = state
            round_ends: dict[Outcome, Any] = defaultdict(lambda: self.zero)
            reached = self._round(a, d, first, rounds, round_ends)
            nxt_rounds = min(rounds + 1, self.cap)
            stay = reached.pop((a, d), self.zero) if not first and nxt_rounds == rounds else 0
            if stay == 1:
                raise ValueError("this battle cannot end: no unit can ever hit or rout (§6.1)")
            scale = m / (1 - stay)
            rounds_played += scale
            for out, p in round_ends.items():
                ends[out] += scale * p
            for (na, nd), p in reached.items():
                nstate = (na, nd, False, nxt_rounds)
                if nstate in mass:
                    mass[nstate] += scale * p
                else:
                    mass[nstate] = scale * p
                    heapq.heappush(heap, (self._key(nstate), nstate))
        return Odds(
            outcomes=dict(ends),
            expected_rounds=rounds_played,
            starting_steps=(self.spec.starting_steps(0), self.spec.starting_steps(1)),
        )

    @staticmethod
    def _key(state: tuple) -> tuple[int, bool, int]:
        a, d, first, rounds = state
        return (-(_weight(a) + _weight(d)), not first, rounds)


def exact_odds(spec: BattleSpec, exact: bool = False) -> Odds:
    """Exact outcome distribution of ``spec``. With ``exact=True`` every probability is a
    :class:`fractions.Fraction` (slower; meant for tests and small battles)."""
    return _Solver(spec, exact).solve()
