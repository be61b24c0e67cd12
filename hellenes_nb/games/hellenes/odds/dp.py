"""Exact battle odds (§6, §8.11, §14.11) by dynamic programming, in pure Python.

This is the reference solver; it also runs on fractions.

The battle is a Markov chain whose state is both sides' block states, the next block to fire in
the round's order of fire (§6.2), which sides have made their first attack of the round (the
moment a retreat may be declared, §6.4) and a round tag (whether this is the silent first round
of a landing or narrows fight, §6.5–6.6, and how many rounds a retreat policy has counted).

Every transition either lowers the *weight* Q (total cv plus unrouted blocks of both sides),
moves to a later firing slot, or ends a round. So mass is pushed forward tag by tag and, within a
tag, from the highest weight down; states reached by different paths are merged. The one loop is
a round in which nothing changes (every die misses, or only a half step that is dropped at the
end of the round, §8.11). Such a round returns to its starting state with probability ``stay``;
that state's round is explored privately first and its mass scaled by ``1 / (1 - stay)``, which
sums the infinite run of empty rounds exactly (the battle ends with probability 1).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hellenes_nb.games.hellenes.odds.battle import ATTACKER, BattleSpec, Moment
from hellenes_nb.games.hellenes.odds.dice import attack, total_hits
from hellenes_nb.games.hellenes.odds.result import Odds, Outcome
from hellenes_nb.games.hellenes.odds.sides import ROUTED, STEP, Side

State = tuple[tuple[int, ...], tuple[int, ...]]


def _weight(codes: tuple[int, ...]) -> int:
    return sum((code >> 2) + (code >= STEP and not code & ROUTED) for code in codes)


class Solver:
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
        self.pending: dict[tuple, Any] = {}
        self.lost_cache: tuple[dict, dict] = ({}, {})
        self.miss = {
            (cv, power): (Fraction(3 - power, 3) ** cv if exact else ((3 - power) / 3) ** cv)
            for cv in range(1, 5)
            for power in (1, 2, 3)
        }
        self.zero: Any = Fraction(0) if exact else 0.0

    # -- single unit attack -------------------------------------------------------------------
    def _move(self, target: int, codes: tuple[int, ...], cv: int, power: int) -> list:
        """Distribution of the target side's state after one unit attack (hits, then routs),
        as (state, probability, whether the target still has an unrouted block, weight drop)."""
        key = (target, codes, cv, power)
        found = self.moves.get(key)
        if found is not None:
            return found
        side = self.sides[target]
        merged: dict[tuple[int, ...], Any] = {}
        for hits, routs, p in attack(cv, power, side.routable, self.exact):
            after = side.rout(side.hit(codes, hits), routs)
            merged[after] = merged.get(after, self.zero) + p
        weight = _weight(codes)
        found = [
            (after, p, Side.standing(after), weight - _weight(after)) for after, p in merged.items()
        ]
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

    def _lost(self, side: int, codes: tuple[int, ...]) -> int:
        found = self.lost_cache[side].get(codes)
        if found is None:
            found = self.lost_cache[side][codes] = self.sides[side].steps_lost(codes)
        return found

    def _outcome(self, winner: int, how: str, a: tuple, d: tuple) -> Outcome:
        return (winner, how, self._lost(0, a), self._lost(1, d))

    # -- battle endings -----------------------------------------------------------------------
    def collapse(self, winner: int, state: State, pos: int, first: bool) -> list:
        """The loser has no unrouted block left: elimination, or panic with pursuit (§6.34) and
        the victor's cavalry harrying (§6.41), both hits only. Called once per distinct ending;
        ``_fire`` collects the mass of each ending in ``pending`` first."""
        loser = 1 - winner
        lost = state[loser]
        own = state[winner]
        own_lost = self._lost(winner, own)
        if not Side.alive(lost):
            pair = (own_lost, self._lost(loser, lost))
            return [((winner, "elimination", *(pair if winner == ATTACKER else pair[::-1])), 1)]
        rearguard = max(self.rank[loser][i] for i, code in enumerate(lost) if code >= STEP)
        silent = first and winner == self.silent
        later = [
            i
            for s, i in self.order[pos + 1 :]
            if s == winner and not silent and self.rank[winner][i] < rearguard
        ]
        shots = self._shooters(winner, own, later) + self._cavalry(winner, own)
        merged: dict[Outcome, Any] = {}
        base = self._lost(loser, lost)
        standing_steps = sum(code >> 2 for code in lost)
        carried = any(self.sides[loser].carried)
        for hits, p in enumerate(total_hits(shots, self.exact)):
            if carried:
                after = self._lost(loser, self.sides[loser].hit(lost, hits, routed_too=True))
            else:  # every pursuit hit takes one step until nothing is left (§6.34)
                after = base + min(hits, standing_steps)
            out = (
                (winner, "panic", own_lost, after)
                if winner == ATTACKER
                else (winner, "panic", after, own_lost)
            )
            merged[out] = merged.get(out, self.zero) + p
        return list(merged.items())

    def retreat(self, leaver: int, state: State, first: bool) -> list:
        """``leaver`` retreats at its first attack of the round (§6.4): the other side's
        unrouted cavalry harries first, then the leaver's (§6.41, Cavalry Raids sidebar).
        Aggressors silent in round 1 (§6.5, §6.6) cannot harry in it either."""
        key = ("retreat", leaver, state, first)
        found = self.ends.get(key)
        if found is not None:
            return found
        winner = 1 - leaver
        sides = self.sides
        retire = not self.sea and not sides[leaver].shaken(state[leaver])
        how = "retire" if retire else "retreat"
        merged: dict[Outcome, Any] = {}
        riders = () if first and winner == self.silent else self._cavalry(winner, state[winner])
        first_shots = total_hits(riders, self.exact)
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

    # -- one firing slot ----------------------------------------------------------------------
    def _fire(
        self, pos: int, entries: dict, first: bool, rounds: int, same: dict, lower: list, ends
    ) -> None:
        """Fire slot ``pos`` for every entry ``(a, d, started) -> mass``.

        Entries whose weight is unchanged go to ``same``; the others are appended to ``lower`` as
        (weight drop, entry, mass); finished battles add their mass to ``ends``.
        """
        s, i = self.order[pos]
        if first and s == self.silent:
            _merge(same, entries)
            return
        sides, policy, watch = self.sides, self.policies[s], self.policies[s].active
        move, pending, pw, bit = self._move, self.pending, self.power[s][i], 1 << s
        get = same.get
        for key, p in entries.items():
            sa, sd, started = key
            own = sa if s == ATTACKER else sd
            code = own[i]
            if code < STEP or code & ROUTED:
                same[key] = get(key, 0) + p
                continue
            if watch and not started & bit:
                started |= bit
                if policy.wants_retreat(rounds, sides[s].steps_lost(own)):
                    for out, q in self.retreat(s, (sa, sd), first):
                        ends[out] = ends.get(out, 0) + p * q
                    continue
            # the attacking side's block fires at the other side, whose half of the state changes
            target, hit = (1, sd) if s == ATTACKER else (0, sa)
            for after, q, standing, drop in move(target, hit, code >> 2, pw):
                na, nd = (sa, after) if s == ATTACKER else (after, sd)
                if not standing:
                    k = (s, na, nd, pos, first)
                    pending[k] = pending.get(k, 0) + p * q
                elif drop:
                    lower.append((drop, (na, nd, started), p * q))
                else:
                    k = (na, nd, started)
                    same[k] = get(k, 0) + p * q

    def _stay(self, a: tuple, d: tuple, rounds: int) -> Any:
        """P(a round from (a, d) changes nothing): no retreat is due, no unit attack hits or
        routs, and at most one hit lands on double-defense defenders (its half step is dropped
        at the end of the round, §8.11)."""
        state = (a, d)
        for s in (0, 1):
            policy = self.policies[s]
            if (
                policy.active
                and Side.standing(state[s])
                and policy.wants_retreat(rounds, self.sides[s].steps_lost(state[s]))
            ):
                return 0
        stay: Any = Fraction(1) if self.exact else 1.0
        on_walls = []
        for s, i in self.order:
            code = state[s][i]
            if code < STEP or code & ROUTED:
                continue
            cv, power = code >> 2, self.power[s][i]
            if self.sides[1 - s].double:
                on_walls.append((cv, power))
            else:
                stay *= self.miss[(cv, power)]
        if on_walls:
            hits = total_hits(tuple(on_walls), self.exact)
            stay *= hits[0] + hits[1]
        return stay

    def _level(self, tag: int, q: int, level: list, first: bool, ends: dict, flows: list) -> dict:
        """Fire every slot for the in-round states at weight q; return the states that reach
        the end of the round still at weight q (merged, half steps dropped)."""
        slots = len(self.order)
        for pos in range(slots):
            if level[pos]:
                lower: list = []
                self._fire(pos, level[pos], first, tag, level[pos + 1], lower, ends)
                self._spill(flows, q, pos + 1, lower, slots)
                level[pos] = {}
        done: dict = {}
        for (sa, sd, _), p in level[slots].items():
            k = (Side.end_round(sa), Side.end_round(sd))
            done[k] = done.get(k, 0) + p
        level[slots] = {}
        return done

    def solve(self, moment: Moment | None = None) -> Odds:
        """Push the mass of the opening state, or of ``moment``, to the end of the battle and
        collect the outcomes. ``expected_rounds`` counts the rounds already done and the one
        in progress."""
        if moment is None:
            moment = Moment(self.sides[0].start, self.sides[1].start)
        a0, d0 = moment.attacker, moment.defender
        top = _weight(a0) + _weight(d0)
        slots = len(self.order)
        last_tag = max(self.cap, 1 if self.silent >= 0 else 0)
        one: Any = Fraction(1) if self.exact else 1.0
        # starts[tag][q]: round-start states; flows[tag][q][slot]: states inside a round
        starts: list[list[dict]] = [[{} for _ in range(top + 1)] for _ in range(last_tag + 1)]
        flows: list[list] = [[None] * (top + 1) for _ in range(last_tag + 1)]
        tag0 = min(moment.rounds_done, last_tag)
        played: Any = moment.rounds_done
        if moment.slot:
            flows[tag0][top] = [{} for _ in range(slots + 1)]
            flows[tag0][top][moment.slot][(a0, d0, moment.started)] = one
            played += 1
        else:
            starts[tag0][top][(a0, d0)] = one
        ends: dict[Outcome, Any] = {}
        for tag in range(tag0, last_tag + 1):
            first = tag == 0 and self.silent >= 0
            saturated = tag == last_tag
            follow = starts[min(tag + 1, last_tag)]
            for q in range(top, -1, -1):
                level = flows[tag][q]
                if level is not None:
                    # phase A: rounds that began at a higher weight and now sit at weight q
                    for k, p in self._level(tag, q, level, first, ends, flows[tag]).items():
                        follow[q][k] = follow[q].get(k, 0) + p
                if not starts[tag][q]:
                    continue
                # phase B: rounds starting at weight q; on the last tag a round that changes
                # nothing comes back to its start, summed up front by 1 / (1 - stay)
                if level is None:
                    level = flows[tag][q] = [{} for _ in range(slots + 1)]
                opening = level[0]
                for (a, d), m in starts[tag][q].items():
                    if saturated:
                        stay = self._stay(a, d, tag)
                        if stay == 1:
                            raise ValueError("this battle cannot end: no unit can hit or rout")
                        m = m / (1 - stay)
                    played += m
                    opening[(a, d, 0)] = m
                starts[tag][q] = {}
                back = self._level(tag, q, level, first, ends, flows[tag])
                if not saturated:
                    for k, p in back.items():
                        follow[q][k] = follow[q].get(k, 0) + p
        for (winner, sa, sd, pos, first), m in self.pending.items():
            for out, r in self.collapse(winner, (sa, sd), pos, first):
                ends[out] = ends.get(out, 0) + m * r
        return Odds(
            outcomes=ends,
            expected_rounds=played,
            starting_steps=(self.spec.starting_steps(0), self.spec.starting_steps(1)),
        )

    @staticmethod
    def _spill(levels: list, q: int, at: int, lower: list, slots: int) -> None:
        """Add entries whose weight dropped to their level's bucket at slot ``at``."""
        for drop, key, p in lower:
            level = levels[q - drop]
            if level is None:
                level = levels[q - drop] = [{} for _ in range(slots + 1)]
            bucket = level[at]
            bucket[key] = bucket.get(key, 0) + p


def _merge(into: dict, extra: dict) -> None:
    for key, p in extra.items():
        into[key] = into.get(key, 0) + p


def python_odds(spec: BattleSpec, exact: bool = False, moment: Moment | None = None) -> Odds:
    """Exact outcome distribution of ``spec`` (from ``moment`` if given) by the pure-Python
    solver; with ``exact=True`` every probability is a :class:`fractions.Fraction`."""
    return Solver(spec, exact).solve(moment)
