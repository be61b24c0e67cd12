"""A simple heuristic opponent for *Amphipolis* (docs/amphipolis.md, "Bots").

The pieces of an operation are picked by rule (the best leader, triremes enough to carry the
land units, then the strongest land units); every other choice is tried on a few guessed
copies of the game (the other side's strategems dealt again from the counters the bot has not
seen, fresh dice), played on with a cautious default for a short while, and judged by the
victory points, the strength left, the sieges in prospect (each by its exact odds,
:mod:`..odds`) and a game won. The bot never reads the other
hand or the dice to come."""

from __future__ import annotations

import random

from hellenes_nb.bots.base import Bot
from hellenes_nb.core.dice import Dice
from hellenes_nb.core.game import Game
from hellenes_nb.games.amphipolis.odds import siege_odds
from hellenes_nb.games.amphipolis.rules.common import (
    OPS,
    UNITS,
    W,
    in_play_units,
    siege_choices,
    strength,
)
from hellenes_nb.games.amphipolis.rules.victory import scores
from hellenes_nb.games.amphipolis.state import SIDES, State

__all__ = ["HeuristicBot", "guess", "pick_piece", "worth"]

SAMPLES = 2
AHEAD = 25
CAUTIOUS = ("accept_roll", "keep_advantage", "pass", "done", "hold")
#: the worth of a siege's chance of success (a town that goes over moves 2 VP)
SIEGE = 2.0
#: the worth of a game won (beyond its victory points): a lead short of a victory is a draw
OVER = 5.0


def guess(game: Game, side: int, rng: random.Random) -> Game:
    """A copy of ``game`` with the other side's counters drawn again from those ``side`` has
    not seen, and fresh dice."""
    trial = game.clone()
    st = trial.state
    foe = 1 - side
    pool = sorted(st.hands[foe] + st.cup)  # sorted: the guess knows nothing of the real split
    rng.shuffle(pool)
    n = len(st.hands[foe])
    st.hands[foe], st.cup = pool[:n], pool[n:]
    st.dice = Dice(rng.getrandbits(64))
    return trial


def worth(st: State, side: int) -> float:
    """How good a position is for ``side`` (module docstring)."""
    vp = scores(st)
    foe = 1 - side
    w = vp[side] - vp[foe]
    w += 0.15 * (sum(strength(st, i) for i in in_play_units(st, side) if UNITS[i].land)
                 - sum(strength(st, i) for i in in_play_units(st, foe) if UNITS[i].land))
    for s, sign in ((side, 1), (foe, -1)):
        best: dict[str, float] = {}
        for z, how in siege_choices(st, s):
            if z not in OPS:  # the citadel on the main map: not weighed here
                continue
            best[z] = max(best.get(z, 0.0), float(siege_odds(st, z, s, how).success))
        # a town that goes over moves 2 VP; the chance of the best siege there, by its odds
        w += sign * SIEGE * sum(best.values())
    top = st.stack[-1] if st.stack else {}
    if top.get("kind") == "over" and top.get("winner", -1) in (0, 1):
        w += OVER if top["winner"] == side else -OVER
    return w


def pick_piece(legal: list[dict]) -> dict:
    """The next piece of an operation, or go (module docstring)."""
    by = {a["type"]: [] for a in legal}
    for a in legal:
        by[a["type"]].append(a)
    if "pick_leader" in by:
        return max(by["pick_leader"],
                   key=lambda a: W.leaders[W.leader_index[a["leader"]]].bonus)
    picks = by.get("pick", [])
    ships = [a for a in picks if not UNITS[W.unit_index[a["unit"]]].land]
    land = [a for a in picks if UNITS[W.unit_index[a["unit"]]].land]
    if ships and "go" not in by:
        return max(ships, key=lambda a: UNITS[W.unit_index[a["unit"]]].pf)
    if land:
        return max(land, key=lambda a: UNITS[W.unit_index[a["unit"]]].pf)
    if "go" in by:
        return by["go"][0]
    return max(ships, key=lambda a: UNITS[W.unit_index[a["unit"]]].pf)


class HeuristicBot(Bot):
    """Greedy play on guessed copies (module docstring)."""

    name = "heuristic"
    games = ("amphipolis",)

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, game: Game, side: str) -> dict:
        legal = self._legal(game, side)
        if len(legal) == 1:
            return legal[0]
        if any(a["type"] in ("pick", "pick_leader", "go") for a in legal):
            return pick_piece(legal)
        return self.rank(game, SIDES.index(side), legal)[0]

    def rank(self, game: Game, s: int, legal: list[dict]) -> list[dict]:
        """``legal`` from the best to the worst by the look ahead on guessed copies (the first
        is the bot's choice; ties keep the listed order). The search compares the first few."""
        if any(a["type"] in ("pick", "pick_leader", "go") for a in legal):
            first = pick_piece(legal)
            return [first, *(a for a in legal if a is not first)]
        copies = [guess(game, s, self.rng) for _ in range(SAMPLES)]
        values = [sum(self._look(c, a, s) for c in copies) / SAMPLES for a in legal]
        order = sorted(range(len(legal)), key=lambda i: (-values[i], i))
        return [legal[i] for i in order]

    def _look(self, game: Game, action: dict, side: int) -> float:
        trial = game.clone()
        trial.apply(action)
        for _ in range(AHEAD):
            if trial.over:
                break
            who = trial.prompt.side
            if who not in SIDES:
                break
            legal = trial.legal_actions(who)
            if any(a["type"] in ("pick", "pick_leader", "go") for a in legal):
                trial.apply(pick_piece(legal))
                continue
            calm = [a for a in legal if a["type"] in CAUTIOUS]
            trial.apply(calm[0] if calm else legal[0])
        return worth(trial.state, side)
