"""Odds of a battle from the moment it has reached, for the battle widget (§6, §8.11, §14.11).

:func:`live_odds` answers "who wins from here?" for a
:class:`~hellenes_nb.games.hellenes.rules.battle.combat.Battle` part-way through: blocks already
hit, routed or carrying a half step (§8.11), mid-round, with the blocks still to fire this round.
Both sides are assumed to fight on (no voluntary retreat, §6.4) and tied blocks take hits and routs
in key order, as the engine's ``auto`` policy does.

Two methods, both from the current state:

- ``exact``: :func:`hellenes_nb.games.hellenes.odds.exact_odds` from a
  :class:`~hellenes_nb.games.hellenes.odds.Moment` holding the battle's present block states, firing
  slot and round;
- ``monte-carlo``: many copies of the engine's battle played out with fresh dice, for battles too
  big for the exact method or states it cannot describe (a Treachery Assault's single round,
  §3.1; a landing where only some aggressors hold their first-round fire, §6.6).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from hellenes_nb.core.dice import Dice
from hellenes_nb.games.hellenes.odds.battle import BattleSpec, Moment
from hellenes_nb.games.hellenes.odds.exact import exact_odds
from hellenes_nb.games.hellenes.odds.fast import compiled_fits
from hellenes_nb.games.hellenes.odds.forces import Block
from hellenes_nb.games.hellenes.odds.result import PRESTIGE, Odds
from hellenes_nb.games.hellenes.odds.sides import HALF, ROUTED, STEP
from hellenes_nb.games.hellenes.odds.size import TooBigError, joint_size
from hellenes_nb.games.hellenes.odds.statetables import compile_notices
from hellenes_nb.games.hellenes.rules.battle.blocks import Fighter
from hellenes_nb.games.hellenes.rules.battle.combat import Battle
from hellenes_nb.games.hellenes.rules.battle.policies import auto
from hellenes_nb.games.hellenes.rules.battle.setup import BattleError

__all__ = ["LiveOdds", "MAX_LIVE_STATES", "MAX_LIVE_STATES_COMPILED", "compile_notices",
           "live_odds"]

#: Above this many joint configurations (from the current state) the exact method's NumPy sweep
#: would make a classroom wait noticeably at every step, so the engine is sampled instead.
MAX_LIVE_STATES = 12_000

#: The same limit when numba is installed: the compiled sweep solves a million configurations
#: in well under a second (about 0.05 s for 5 against 5 blocks at full strength).
MAX_LIVE_STATES_COMPILED = 1_000_000

#: The most (battles × blocks) one sampled answer plays out with the engine, about a second:
#: 2,000 battles of ten blocks, 333 of 60 against 60. Bigger battles get fewer samples, and
#: the odds say how many and state the sampling error.
LIVE_SAMPLE_WORK = 40_000
#: The fewest battles a sampled answer plays out, however big the battle.
LIVE_SAMPLES_MIN = 200

#: Words for each way a battle ends, as the chart labels them (§6.34, §6.4, §14.11).
HOW_WORDS = {"panic": "enemy panics", "elimination": "enemy wiped out",
             "retreat": "enemy retreats", "retire": "enemy retires"}


@dataclass(frozen=True)
class LiveOdds:
    """Odds from one moment of one battle.

    ``odds`` is an :class:`~hellenes_nb.games.hellenes.odds.Odds` whose side 0 is the aggressor
    (``sides[0]``) and whose steps lost count from the start of the battle. ``moment`` says when it
    was taken.
    """

    odds: Odds
    sides: tuple[str, str]
    moment: str

    @property
    def method(self) -> str:
        """``exact`` or ``monte-carlo``."""
        return self.odds.method

    def win(self, side: str) -> float:
        """P(``side`` wins the battle) from this moment."""
        index = self.sides.index(side)
        return float(self.odds.attacker_wins if index == 0 else self.odds.defender_wins)

    def rows(self) -> list[dict[str, Any]]:
        """One row per (winner, how): side name, how, probability and Prestige (§14.11).

        Panic and elimination rows are always present for both sides; retreat rows only when
        they have a chance.
        """
        rows = []
        for (name, how), p in self.odds.by_how().items():
            side = self.sides[0 if name == "attacker" else 1]
            if how in ("panic", "elimination") or p:
                rows.append({"winner": side, "how": how, "probability": float(p),
                             "prestige": PRESTIGE[how],
                             "label": f"{side.capitalize()}: {HOW_WORDS[how]}"})
        return rows

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready summary for the widget's ``odds`` trait."""
        lost = self.odds.expected_steps_lost()
        aggressor = self.win(self.sides[0])
        return {
            "method": self.method, "samples": self.odds.samples, "moment": self.moment,
            # the 95 % sampling margin of the win chances (0 when exact)
            "margin": self.odds.margin(aggressor) if self.odds.samples else 0.0,
            "win": {side: self.win(side) for side in self.sides},
            "rows": self.rows(),
            "expected_steps_lost": {self.sides[0]: float(lost["attacker"]),
                                    self.sides[1]: float(lost["defender"])},
            "expected_rounds": float(self.odds.expected_rounds),
        }


def _sides(battle: Battle) -> tuple[str, str]:
    """(aggressor side, defender side) (§6.1)."""
    aggressor = next(f.side for f in battle.fighters if f.role == "aggressor")
    return aggressor, ("sparta" if aggressor == "athens" else "athens")


def _in_key_order(battle: Battle, side: str) -> list[Fighter]:
    return sorted((f for f in battle.fighters if f.side == side and f.carried_by is None),
                  key=lambda f: f.key)


def _spec_and_moment(battle: Battle) -> tuple[BattleSpec, Moment] | None:
    """The battle as an odds spec plus the moment it has reached, or None if the exact method
    cannot describe it (Treachery §3.1, a partial first-round hold §6.5–6.6).

    Each side's blocks are listed in key order, which is the engine's order within an agility
    class and its ``auto`` tie-break (§6.2, §6.32–6.33); the odds follow the order given."""
    if battle.treachery:
        return None
    sides = _sides(battle)
    forces = [_in_key_order(battle, s) for s in sides]
    holders = {f.key for f in battle.fighters if f.holds_round1 and f.carried_by is None}
    silent = bool(holders) and battle.round == 1
    if silent and holders != {f.key for f in forces[0]}:
        return None
    cargo = {f.carried_by: f.start_cv for f in battle.fighters if f.carried_by is not None}
    blocks, codes = [], []
    for force in forces:
        blocks.append(tuple(
            Block(f.agility, f.power, f.start_cv, cavalry=f.cavalry, fleet=f.fleet,
                  garrison=f.garrison, city=f.city, carried=cargo.get(f.key, 0))
            for f in force))
        codes.append(tuple(STEP * f.cv + ROUTED * f.routed + HALF * f.half if f.cv else 0
                           for f in force))
    kind = {"sortie": "land"}.get(battle.kind, battle.kind)
    spec = BattleSpec(attacker=blocks[0], defender=blocks[1], kind=kind,
                      silent_first_round=silent)
    expected = [(0 if battle.fighter(k).role == "aggressor" else 1, k)
                for k in battle.firing_order()]
    keys = [[f.key for f in force] for force in forces]
    if [(s, keys[s][i]) for s, i in spec.fire_order()] != expected:
        raise BattleError("the odds' order of fire differs from the battle's (§6.2)")
    slot, rounds_done = _cursor(battle), battle.round - 1
    if slot == len(expected):  # every slot is done; the round's end is still to be booked
        codes = [tuple(code & ~HALF for code in side) for side in codes]  # §8.11
        slot, rounds_done = 0, battle.round
    started = sum(1 << s for s in (0, 1) if slot and any(f.fired for f in forces[s]))
    return spec, Moment(codes[0], codes[1], slot, rounds_done, started)


def _cursor(battle: Battle) -> int:
    """Index in the firing order of the next slot of this round (§6.2): just after the last
    block that has had its slot (blocks skipped as routed or eliminated never fire)."""
    fired = [i for i, key in enumerate(battle.firing_order()) if battle.fighter(key).fired]
    return fired[-1] + 1 if fired else 0


def sampled_odds(battle: Battle, samples: int, seed: int) -> Odds:
    sides = _sides(battle)
    base = battle.clone()
    base.log = []
    counts: Counter = Counter()
    rounds = 0
    for i in range(samples):
        copy = base.clone()
        copy.dice = Dice(seed * 1_000_003 + i)
        out = copy.run(auto)
        rounds += out.rounds
        how = out.how
        if how == "treachery_failed":
            how = "retreat" if out.prestige else "retire"
        counts[(sides.index(out.winner), how, out.steps_lost[sides[0]],
                out.steps_lost[sides[1]])] += 1
    start = tuple(sum(f.start_cv for f in battle.fighters if f.side == s) for s in sides)
    return Odds(outcomes={k: n / samples for k, n in counts.items()},
                expected_rounds=rounds / samples, starting_steps=start,
                method="monte-carlo", samples=samples)


def _exact_is_quick(spec: BattleSpec, now: Moment, max_states: int | None) -> bool:
    """Whether the odds from ``now`` are worked out exactly: the joint configurations from
    there, counted at a bounded cost, are within ``max_states`` or the default limits."""
    limit = MAX_LIVE_STATES_COMPILED if max_states is None else max_states
    count = joint_size(spec, limit, now)
    if count is None or max_states is not None:
        return count is not None
    try:
        return count <= MAX_LIVE_STATES or compiled_fits(spec, now)
    except TooBigError:  # a side too big to number for the compiled sweep
        return False


def live_odds(battle: Battle, *, samples: int = 2000, seed: int = 0,
              max_states: int | None = None) -> LiveOdds:
    """Odds of ``battle`` from its present state (see the module docstring).

    Raises :class:`BattleError` while a tied hit or rout waits for its owner's choice
    (§6.32–6.33): the odds depend on that choice. Battles with more than ``max_states`` joint
    configurations from here are sampled; by default :data:`MAX_LIVE_STATES`, or
    :data:`MAX_LIVE_STATES_COMPILED` when the compiled sweep (numba) fits. A sampled answer
    plays out ``samples`` battles, fewer for big battles (:data:`LIVE_SAMPLE_WORK`).
    """
    if battle.prompt is not None and battle.prompt.kind != "retreat":
        raise BattleError(f"{battle.prompt.whose} must first choose which tied block takes the "
                          f"{battle.prompt.kind} (§{battle.prompt.rule})")
    sides = _sides(battle)
    moment = (f"after round {battle.round - 1}" if _cursor(battle) == 0 and battle.round > 1
              else "at the start" if battle.round == 1 and _cursor(battle) == 0
              else f"during round {battle.round}")
    if battle.over:
        out = battle.outcome
        how = {"treachery_failed": "retreat" if out.prestige else "retire"}.get(out.how, out.how)
        key = (sides.index(out.winner), how, out.steps_lost[sides[0]], out.steps_lost[sides[1]])
        start = tuple(sum(f.start_cv for f in battle.fighters if f.side == s) for s in sides)
        odds = Odds(outcomes={key: 1.0}, expected_rounds=float(out.rounds),
                    starting_steps=start)
        return LiveOdds(odds, sides, "the battle is over")
    found = _spec_and_moment(battle) if battle.phase == "round" else None
    exact = found is not None and _exact_is_quick(*found, max_states)
    if exact:
        spec, now = found
        try:
            odds = exact_odds(spec, moment=now)
        except ValueError as exc:
            raise BattleError(str(exc)) from None
        return LiveOdds(odds, sides, moment)
    blocks = sum(1 for f in battle.fighters if f.carried_by is None)
    samples = min(samples, max(LIVE_SAMPLES_MIN, LIVE_SAMPLE_WORK // blocks))
    return LiveOdds(sampled_odds(battle, samples, seed), sides, moment)
