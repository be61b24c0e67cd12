"""A computer opponent that thinks ahead, for any game on the core (docs/bots.md, "The search").

:class:`SearchBot` answers a decision by trying its candidate actions in positions its side may
believe in, playing each out a little way and keeping the one that did best:

1. **Information sets.** The real position holds what the side may not know (the enemy's hidden
   blocks and hand, the deck order, the dice to come). A :class:`SearchModel` supplies a
   *belief*: an object whose ``sample(rng)`` draws a whole position consistent with what the
   side has seen (a determinization). Every round of the search draws a new one, so the choice
   rests on what the side knows, never on the real hidden facts.
2. **Rollouts.** From a sample, a candidate is applied and play goes on with the model's
   rollout policy for every side (for Hellenes, the heuristic bot) until the model's cut (the
   end of the season or the year); the model scores the position for the side, between 0 and 1.
   Rollouts use :mod:`hellenes_nb.bots.playout`, which applies listed actions without
   re-checking them (its check mode compares with ``Game.apply``).
3. **Common random numbers.** Within a round every candidate is tried on the same sample with
   the same dice, so the comparison between candidates is not drowned by luck.
4. **Sequential halving** (Karnin, Koren and Somekh 2013) spreads the budget: all candidates get
   a few rounds, the better half goes on, and so on, so most rollouts go to the close calls.
   The first candidate is the model's own default (the heuristic's choice); another must beat
   it by the model's margin (:meth:`SearchModel.margin_for`) to be taken.

This is information-set Monte Carlo search with its tree cut to the root decision: with
rollouts costing milliseconds, a budget of tens to a few hundred rollouts a decision is better
spent comparing the root's candidates on many samples than growing a deeper tree on few.

The budget is a number of rollouts (``iterations``), so a bot with a seed always makes the same
choices; ``seconds`` adds a time limit (the dashboard's thinking budget): a round is not begun
when, at the mean cost of a rollout so far, it would end after the limit, and the choice is made
on the rounds finished.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from hellenes_nb.bots.base import Bot, BotError
from hellenes_nb.bots.playout import Policy, Stop, apply_listed, playout
from hellenes_nb.core.dice import Dice
from hellenes_nb.core.echo import shown
from hellenes_nb.core.game import Game
from hellenes_nb.core.ruleset import Ruleset

DEFAULT_ITERATIONS = 48
DEFAULT_SECONDS = 1.8
#: the most rollouts a decision a bot that thinks is given (the default is 48; the search plays
#: 20-85 rollouts a second in Hellenes, so 2,000 is under two minutes a decision)
MAX_ITERATIONS = 2_000
#: the longest thinking time a decision, in seconds (the default is 1.8)
MAX_SECONDS = 60.0


class PerfectBelief:
    """The belief of a game without hidden information: the position itself, with new dice.
    Refused (:class:`BotError`) for a game whose ruleset does not declare
    ``perfect_information``: the position itself would show the search what its side may not
    know (the other hand, the deck's order); such a game gives the search a model of its own."""

    def __init__(self, game: Game):
        if not game.ruleset.perfect_information:
            raise BotError(f"the search has no model of {game.ruleset.title}: taking the "
                           "position as known would read what the side may not see (the "
                           "other side's hidden pieces or cards)")
        self.state = game.state

    def sample(self, rng: random.Random) -> Any:
        st = self.state.clone()
        if hasattr(st, "dice"):
            st.dice = Dice(rng.getrandbits(64))
        return st


class SearchModel:
    """What the search asks of a game. The defaults play any game on the core: the position
    taken as known (:class:`PerfectBelief`: right only for a game without hidden information),
    every legal action a candidate, uniformly random rollouts to the end of play, scored 1 for a
    win, 0 for a loss and 0.5 otherwise. A game overrides what it can do better."""

    #: actions a rollout plays at most
    limit = 4000
    #: how much better (on the 0–1 score) another candidate must do than the default
    margin = 0.0

    def margin_for(self, game: Game, side: str) -> float:
        """The margin of this decision (here: :attr:`margin` for every decision)."""
        return self.margin

    def belief(self, game: Game, side: str) -> Any:
        """An object with ``sample(rng) -> state`` (see the module docstring)."""
        return PerfectBelief(game)

    def candidates(self, game: Game, side: str, legal: list[dict]) -> list[dict]:
        """The actions worth comparing, the default first (here: all, in the listed order)."""
        return legal

    def policy(self, ruleset: Ruleset, rng: random.Random) -> Policy:
        """The rollout policy for one rollout (here: uniformly random)."""
        return lambda state, role, legal: rng.choice(legal)

    def stop(self, root: Any) -> Stop:
        """Where rollouts from position ``root`` are cut (here: never; play to the end)."""
        return lambda state: False

    def value(self, ruleset: Ruleset, state: Any, role: int) -> float:
        """How good ``state`` is for role number ``role``, from 0 to 1."""
        res = ruleset.result(state)
        if res is None or res.get("winner") is None:
            return 0.5
        return 1.0 if res["winner"] == ruleset.roles[role] else 0.0

    def begin(self, game: Game, side: str, candidate: dict, policy: Policy) -> None:
        """Called before each rollout of ``candidate`` (a game may prime its policy)."""

    def chosen(self, game: Game, side: str, action: dict) -> None:
        """Called with the action the search chose, before it is returned."""


def win_chance(ruleset: Ruleset, state: Any, role: int, worth: float, scale: float) -> float:
    """A score from 0 to 1 for role number ``role``: 1 or 0 for a game won or lost, 0.5 for a
    draw, else a game's ``worth`` for the role squashed by a logistic curve (``scale`` points
    of worth take it from 1/2 to about 3/4)."""
    res = ruleset.result(state)
    if res is not None:
        if res.get("winner") is None:
            return 0.5
        return 1.0 if res["winner"] == ruleset.roles[role] else 0.0
    z = max(-50.0, min(50.0, worth / scale))
    return 1.0 / (1.0 + math.exp(-z))


@dataclass
class Thought:
    """What the last decision cost and found (for the bench, the match and the dashboard)."""

    candidates: int = 0
    rollouts: int = 0
    rounds: int = 0
    seconds: float = 0.0
    means: list[float] = field(default_factory=list)
    chose: int = 0


class SearchBot(Bot):
    """Search over sampled positions (module docstring); ``iterations`` rollouts a decision at
    most, and ``seconds`` of thinking at most (None: no time limit, fully deterministic)."""

    name = "search"
    thinks = True

    def __init__(self, seed: int = 0, iterations: int = DEFAULT_ITERATIONS,
                 seconds: float | None = DEFAULT_SECONDS, model: SearchModel | None = None):
        if (not isinstance(iterations, int) or isinstance(iterations, bool)
                or not 1 <= iterations <= MAX_ITERATIONS):
            raise ValueError(f"iterations is a number of rollouts, 1 or more and at most "
                             f"{MAX_ITERATIONS:,}, not {shown(iterations)}")
        if seconds is not None and (not isinstance(seconds, int | float)
                                    or isinstance(seconds, bool)
                                    or not 0 < seconds <= MAX_SECONDS):  # NaN fails both
            raise ValueError(f"seconds is a thinking time above 0 and at most {MAX_SECONDS:g} "
                             f"(or None), not {shown(seconds)}")
        self.seed = seed
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.model = model or self.make_model()
        self.last = Thought()
        self.margin = self.model.margin  # the current decision's (SearchModel.margin_for)
        self.check = False  # check mode: every rollout action also through Game.apply

    def make_model(self) -> SearchModel:
        """The model used when none is given (a game's own bot overrides this)."""
        return SearchModel()

    def choose(self, game: Game, side: str) -> dict:
        t0 = time.perf_counter()
        legal = self._legal(game, side)
        model = self.model
        cands = model.candidates(game, side, legal) if len(legal) > 1 else legal
        self.last = Thought(candidates=len(cands))
        if len(cands) > 1:
            self.margin = model.margin_for(game, side)
            best = self._search(game, side, cands, t0)
        else:
            best = 0
        action = cands[best]
        model.chosen(game, side, action)
        self.last.chose = best
        self.last.seconds = time.perf_counter() - t0
        return action

    # -- the search ------------------------------------------------------------------------
    def _search(self, game: Game, side: str, cands: list[dict], t0: float) -> int:
        model = self.model
        ruleset = game.ruleset
        role = ruleset.roles.index(side)
        belief = model.belief(game, side)
        stop = self._stop(game)
        deadline = None if self.seconds is None else t0 + self.seconds
        k = len(cands)
        sums = [0.0] * k
        counts = [0] * k
        alive = list(range(k))
        phases = max(1, math.ceil(math.log2(k)))
        left = self.iterations
        thought = self.last
        for phase in range(phases):
            rounds = max(1, left // ((phases - phase) * len(alive)))
            for _ in range(rounds):
                if left < len(alive) and thought.rounds:
                    break
                if deadline is not None and thought.rounds and self._late(t0, deadline, alive):
                    return self._pick(alive, sums, counts)
                state = belief.sample(self.rng)
                seed = self.rng.getrandbits(64)
                for i in alive:
                    sums[i] += self._rollout(game, side, ruleset, state, cands[i], seed, role,
                                             stop)
                    counts[i] += 1
                left -= len(alive)
                thought.rollouts += len(alive)
                thought.rounds += 1
            if len(alive) == 1:
                break
            alive = self._halve(alive, sums, counts)
        return self._pick(alive, sums, counts)

    def _stop(self, game: Game) -> Stop:
        """Where this decision's rollouts are cut (the model's :meth:`SearchModel.stop`)."""
        return self.model.stop(game.state)

    def _late(self, t0: float, deadline: float, alive: list[int]) -> bool:
        """Whether another round, at the mean cost of a rollout so far, would end after the
        deadline (so the time limit is kept, not overrun by a round)."""
        now = time.perf_counter()
        return now + (now - t0) / self.last.rollouts * len(alive) > deadline

    def _rollout(self, game: Game, side: str, ruleset: Ruleset, sample: Any, action: dict,
                 seed: int, role: int, stop: Stop) -> float:
        model = self.model
        st = sample.clone()
        if hasattr(st, "dice"):
            st.dice = Dice(seed)
        policy = model.policy(ruleset, random.Random(seed))
        self._start(game, side, ruleset, st, action, policy)
        playout(ruleset, st, policy, stop, model.limit, self.check)
        return model.value(ruleset, st, role)

    def _start(self, game: Game, side: str, ruleset: Ruleset, st: Any, action: Any,
               policy: Policy) -> None:
        """Begin a rollout on ``st``: prime the policy, apply the candidate action (the plan
        search, :mod:`hellenes_nb.bots.plan`, primes a plan instead)."""
        self.model.begin(game, side, action, policy)
        apply_listed(ruleset, st, action, self.check)

    def _score(self, i: int, sums: list[float], counts: list[int]) -> float:
        mean = sums[i] / counts[i] if counts[i] else 0.0
        return mean + (self.margin if i == 0 else 0.0)

    def _halve(self, alive: list[int], sums: list[float], counts: list[int]) -> list[int]:
        ranked = sorted(alive, key=lambda i: (-self._score(i, sums, counts), i))
        return sorted(ranked[: (len(ranked) + 1) // 2])

    def _pick(self, alive: list[int], sums: list[float], counts: list[int]) -> int:
        self.last.means = [round(s / c, 4) if c else float("nan")
                           for s, c in zip(sums, counts, strict=True)]
        return min(alive, key=lambda i: (-self._score(i, sums, counts), i))
