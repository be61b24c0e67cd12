"""A simple heuristic opponent for *Amphipolis* (docs/amphipolis.md, "Bots").

The pieces of an operation are picked by rule (the best leader, triremes enough to carry the
land units, then the strongest land units); every other choice is tried on a few guessed
copies of the game (the other side's strategems dealt again from the counters the bot has not
seen, fresh dice), played on with a cautious default for a short while, and judged by the
victory points, the strength left, the sieges in prospect (each by its exact odds,
:mod:`..odds`), the march of an army on the citadel of Amphipolis (:func:`approach`), a game
won and, in the last two turns, how near the lead is to the margin a victory needs (§9.2).
The pieces picked by rule leave Eion its last Athenian unit (:data:`HELD`). A decision looks
at no more than :data:`BUDGET` positions (a count, not a clock). The bot never reads the
other hand or the dice to come."""

from __future__ import annotations

import math
import random

from hellenes_nb.bots.base import Bot
from hellenes_nb.bots.playout import apply_listed
from hellenes_nb.core.dice import Dice
from hellenes_nb.core.game import Game
from hellenes_nb.games.amphipolis.odds import siege_odds
from hellenes_nb.games.amphipolis.rules.common import (
    CITADEL,
    CITADEL_PF,
    UNITS,
    W,
    in_play_units,
    land_pf,
    scenario_of,
    siege_choices,
    strength,
    units_at,
)
from hellenes_nb.games.amphipolis.rules.sequence import ADJUST
from hellenes_nb.games.amphipolis.rules.victory import level, scores
from hellenes_nb.games.amphipolis.state import SIDES, State

__all__ = ["HeuristicBot", "best_siege", "guess", "moving", "nearness", "next_piece", "old_picks",
           "pick_piece", "play", "prospects", "set_credit", "siege_chance", "swing", "threshold",
           "worth"]

SAMPLES = 2
AHEAD = 25
CAUTIOUS = ("accept_roll", "keep_advantage", "pass", "done", "hold", "halt")
#: choices that spend nothing, preferred on a tie: the cautious ones and ending an action
#: phase (its PA stay for a later action phase of the turn, §2 B.3)
QUIET = (*CAUTIOUS, "end")
#: the moves of a group on the main map (an attack may name the way it comes in, §4.2)
MOVES = ("march", "march_by")
#: the share of a siege's worth counted while it can only come in a later turn's Phase D.5
LATER = 0.5
#: the share of the citadel's swing an army able to besiege it is worth when it stands in
#: T12 (§4.3.4); the share falls by an even step for each zone further away, to none at
#: :data:`REACH` zones, and fades with :func:`nearness` as the end comes (a march is worth
#: what it makes possible later, not points at the end)
APPROACH = 0.8
#: zones from T12 at which an army is too far off to count (Macedonia, the farthest rear
#: base, is 5): far enough that leaving a rear base for the main map is already a gain
REACH = 8
#: the share of a scenario's bonus for a set of towns counted while only part of it is held
PART = 0.5
#: the worth of a game won (beyond its victory points): a lead short of a victory is a draw
OVER = 5.0
#: the lead in victory points that wins at the end (§9.2: within 4 it is a draw), read from
#: the rules' own verdict
WIN_LEAD = next(d for d in range(1, 100) if level([d, 0])[0] == 0)
#: how sharply the worth of a won game rises around :data:`WIN_LEAD` as the end nears (in
#: points of lead: the prospects of sieges make the lead a guess, not a count)
EDGE = 0.75
#: how many of its own moves on the main map a look ahead picks by their worth at once
#: (the others, and the other side's, by the cautious default)
GREEDY = 2
#: the choices that pick the pieces of an operation or a group, made by rule
PIECES = ("pick", "pick_leader", "go")
#: pieces a look ahead may pick besides its :data:`AHEAD` decisions
PIECES_AHEAD = 80
#: zones whose holding scores for a side while a unit of it stands there: Eion for Athens
#: (3 VP, §9.2); the pieces picked by rule leave the last land unit there
HELD = (("T5", 0),)
#: how many points of worth take a win chance from 1/2 to about 3/4 (the search's hand-set
#: score and the learned evaluation's ``worth`` fact)
SCALE = 4.0
#: positions a decision may look at (each action applied on a copy counts one, and each
#: move weighed at once): a count, not a clock, so a seeded bot replays exactly; it binds
#: only on the largest decisions of the main map (docs/bots.md, "Amphipolis: speed")
BUDGET = 1500


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


def set_credit(st: State, garrison: dict[str, int] | None = None) -> tuple[int, float, bool]:
    """(side, worth, whole) of a scenario's set of towns for its side with ``garrison`` (the
    position's by default): its bonus when every town of it is held (``whole``: the victory
    points count it), otherwise :data:`PART` of the bonus for each town held as a share of
    the set, so that the first town of the set is worth going for (§10.2)."""
    bonus = scenario_of(st).both_towns_vp
    if bonus is None:
        return 0, 0.0, False
    side = SIDES.index(bonus.side)
    garrison = st.garrison if garrison is None else garrison
    held = sum(garrison[z] == side for z in bonus.towns)
    if held == len(bonus.towns):
        return side, float(bonus.vp), True
    return side, PART * bonus.vp * held / len(bonus.towns), False


def swing(st: State, zone: str, side: int) -> float:
    """What ``side`` gains on the other side if ``zone`` (a town, or the citadel T12) goes
    over to it now (§9.2): 1 VP a town for each side, 5 the citadel for each, and the change
    in the worth of a scenario's set of towns (:func:`set_credit`: §10.2, Mendè and Skionè
    for Athens)."""
    if zone == CITADEL:
        return 10.0
    holder, before, _ = set_credit(st)
    _, after, _ = set_credit(st, {**st.garrison, zone: side})
    return 2.0 + (after - before) * (1 if holder == side else -1)


def siege_chance(st: State, zone: str, side: int, how: str) -> float:
    """The chance that a siege of ``zone`` by ``side`` succeeds now: the exact odds of
    :func:`..odds.siege_odds` (the citadel with its garrison's values, §4.3.4)."""
    return float(siege_odds(st, zone, side, how).success)


def best_siege(st: State, legal: list[dict], side: int) -> dict | None:
    """Of the sieges in ``legal``, the one with the most victory points in prospect (its
    chance times the town's :func:`swing`); None when no siege has a chance. A failed siege
    costs nothing (§4.3), so a siege with a chance is always better than none."""
    sieges = [(siege_chance(st, a["zone"], side, a["how"]) * swing(st, a["zone"], side), a)
              for a in legal if a["type"] == "siege"]
    sieges = [(v, a) for v, a in sieges if v > 0]
    return max(sieges, key=lambda va: va[0])[1] if sieges else None


def siege_share(st: State, side: int) -> float:
    """How much of a siege in prospect counts: all of it while ``side``'s Phase D.5 of this
    turn is still to come (or under way), :data:`LATER` when only a later turn's is, none
    after the last turn's (§2 D.5)."""
    later = LATER if st.turn < st.last else 0.0
    if any(f["kind"] == "siege" and f["side"] == side for f in st.stack):
        return 1.0
    turn = next((f for f in st.stack if f["kind"] == "turn"), None)
    if turn is None:
        return 0.0
    stage = turn["stage"]
    if stage == "D7":
        return later
    if stage not in ADJUST:
        return 1.0
    mine = 0 if side == st.initiative else 1
    return 1.0 if (turn["who"], ADJUST.index(stage)) <= (mine, ADJUST.index("D5")) else later


def prospects(st: State, side: int) -> float:
    """The victory points ``side``'s sieges in prospect are worth: each town, or the citadel,
    by the chance of its best siege and what it would swing, by how much of a siege still
    counts this game (:func:`siege_share`)."""
    best: dict[str, float] = {}
    for z, how in siege_choices(st, side):
        best[z] = max(best.get(z, 0.0), siege_chance(st, z, side, how))
    return siege_share(st, side) * sum(p * swing(st, z, side) for z, p in best.items())


def _distances() -> dict[str, int]:
    """Steps from every zone of the main map and the rear bases to T12 (§3.1)."""
    out, todo = {CITADEL: 0}, [CITADEL]
    for z in todo:
        for n in W.neighbours.get(z, ()):
            if n not in out:
                out[n] = out[z] + 1
                todo.append(n)
    return out


DISTANCE = _distances()


#: rear bases an army may leave for the main map only as it arrives (their free activation
#: of Phase B.2 moves newly arrived pieces only; Phase B.3 activates the main map and Thasos,
#: §2 B.2, B.3.2): an army that is not new there is not marching on the citadel
STUCK = ("macedonia", "thrace")


def approach(st: State, side: int) -> float:
    """On the main map, for the side without the citadel: the best placed army of it that
    could besiege the citadel (a leader and more PF than its garrison, §4.3.4) is worth
    :data:`APPROACH` of the citadel's swing in T12, less for each step further
    (:data:`REACH`), less when the enemy army in T12 outnumbers it (by the share of that army
    and the garrison its PF make up: it must win a battle there first), and less as the end
    nears (:func:`nearness`): in the last turn only the siege's own prospect counts. An army
    in Macedonia or Thrace counts only while it may still leave as a new arrival
    (:data:`STUCK`)."""
    if not scenario_of(st).main_map or st.citadel == side:
        return 0.0
    held = land_pf(st, CITADEL, 1 - side) + CITADEL_PF + 1
    best = 0.0
    for z in {st.lloc[g] for g in range(len(st.lloc))
              if W.leaders[g].side == side and st.lloc[g] in DISTANCE
              and (st.lloc[g] not in STUCK or st.lfresh[g])}:
        pf = land_pf(st, z, side)
        if pf > CITADEL_PF:
            best = max(best, min(1.0, pf / held) * max(0.0, 1 - DISTANCE[z] / REACH))
    return (1 - nearness(st)) * APPROACH * swing(st, CITADEL, side) * best


def nearness(st: State) -> float:
    """How near the end of the game is, as the share of the win's worth a lead counts for:
    1 in the last turn, :data:`LATER` in the turn before, none earlier (§9.2)."""
    if st.turn >= st.last:
        return 1.0
    return LATER if st.turn == st.last - 1 else 0.0


def threshold(lead: float) -> float:
    """The share of a won game, from -1 (lost) to 1 (won), that a lead in victory points
    (counting sieges in prospect) is worth at the end: a step at :data:`WIN_LEAD` either way,
    smoothed over :data:`EDGE` points, so that the last point before a victory counts more
    than one beyond it."""
    def won(x: float) -> float:
        z = max(-50.0, min(50.0, (x - WIN_LEAD + 0.5) / EDGE))
        return 1.0 / (1.0 + math.exp(-z))
    return won(lead) - won(-lead)


def worth(st: State, side: int) -> float:
    """How good a position is for ``side`` (module docstring)."""
    vp = scores(st)
    foe = 1 - side
    lead = float(vp[side] - vp[foe])
    holder, credit, whole = set_credit(st)
    if not whole:  # a whole set is in the victory points already
        lead += credit if holder == side else -credit
    w = 0.15 * (sum(strength(st, i) for i in in_play_units(st, side) if UNITS[i].land)
                - sum(strength(st, i) for i in in_play_units(st, foe) if UNITS[i].land))
    for s, sign in ((side, 1), (foe, -1)):
        lead += sign * prospects(st, s)
        w += sign * approach(st, s)
    top = st.stack[-1] if st.stack else {}
    if top.get("kind") == "over":
        if top.get("winner", -1) in (0, 1):
            w += OVER if top["winner"] == side else -OVER
    else:
        # near the end the bot plays for a victory's margin, not only for the lead
        w += OVER * nearness(st) * threshold(lead)
    return w + lead


def play(game: Game, action: dict) -> None:
    """Apply ``action``, one that ``game`` has just listed, to the copy ``game`` without the
    checks of ``Game.apply`` (no history, no undo: a look ahead's copy only)."""
    apply_listed(game.ruleset, game.state, action)


def next_piece(game: Game, legal: list[dict]) -> dict | None:
    """The next piece of an operation or of a group on the main map (:func:`pick_piece`), or
    None when the pieces are picked: a group on the main map stops growing when one more
    piece would leave it nowhere to go (the stacking limit, §3.1), so that it moves."""
    legal = _keep_held(game.state, legal)
    if not any(a["type"] in PIECES for a in legal):
        return None
    piece = pick_piece(legal)
    if piece["type"] == "go" or not any(a["type"] in MOVES for a in legal):
        return piece
    trial = game.clone()
    play(trial, piece)
    after = trial.legal_actions(piece["side"])
    return piece if any(a["type"] in MOVES for a in after) else None


def moving(game: Game, legal: list[dict]) -> list[dict]:
    """``legal`` without the activations on the main map that would move nothing: those whose
    first piece :func:`next_piece` would not take (Eion's last unit kept, a piece with
    nowhere to go), so that their PA are not spent for nothing (§2 B.3). All of ``legal``
    when nothing else is left."""
    kept = []
    for a in legal:
        if a["type"] == "activate":
            trial = game.clone()
            play(trial, a)
            if next_piece(trial, trial.legal_actions(a["side"])) is None:
                continue
        kept.append(a)
    return kept or legal


def _keep_held(st: State, legal: list[dict]) -> list[dict]:
    """``legal`` without taking the last land unit of a side out of a zone of :data:`HELD`,
    while another piece (or going) is left to choose; a group or operation of that zone
    then goes without it."""
    frame = st.stack[-1] if st.stack else {}
    origin = frame.get("from", frame.get("zone"))
    if (origin, frame.get("side")) not in HELD:
        return legal
    left = [i for i in units_at(st, origin, frame["side"], land=True)
            if i not in frame.get("units", ())]
    if len(left) != 1:
        return legal
    last = UNITS[left[0]].id
    kept = [a for a in legal if not (a["type"] == "pick" and a["unit"] == last)]
    others = any(a["type"] in PIECES for a in kept)
    return kept if others or frame.get("kind") == "activate" else legal


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


def old_picks(legal: list[dict]) -> list[dict]:
    """The choices the engine once made for the player, left at its old pick: the rear base
    and type of a reinforcement and the units of the campaign's S15 (the first listed), the
    unit S9 cancels and the leader S18 wounds (the first way of playing the counter: the
    strongest unit, the largest bonus)."""
    if legal and legal[0]["type"] in ("arrive", "bring"):
        return legal[:1]
    seen: set[tuple] = set()
    out = []
    for a in legal:
        if a["type"] == "play" and a["number"] in (9, 18):
            if (a["counter"], a["number"]) in seen:
                continue
            seen.add((a["counter"], a["number"]))
        out.append(a)
    return out


class HeuristicBot(Bot):
    """Greedy play on guessed copies (module docstring)."""

    name = "heuristic"
    games = ("amphipolis",)

    def __init__(self, seed: int = 0, budget: int | None = BUDGET):
        if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int)
                                   or budget < 1):
            raise ValueError(f"the budget is a number of positions of at least 1, not "
                             f"{budget!r}")
        self.seed = seed
        self.rng = random.Random(seed)
        self.budget = budget
        #: positions the last ranking looked at, and whether its budget cut a look short
        self.looked = 0
        self.cut = False

    def choose(self, game: Game, side: str) -> dict:
        legal = old_picks(self._legal(game, side))
        if len(legal) == 1:
            return legal[0]
        piece = next_piece(game, legal)
        if piece is not None:
            return piece
        legal = [a for a in legal if a["type"] not in PIECES]
        siege = best_siege(game.state, legal, SIDES.index(side))
        if siege is not None:
            return siege
        return self.rank(game, SIDES.index(side), legal)[0]

    def rank(self, game: Game, s: int, legal: list[dict]) -> list[dict]:
        """``legal`` from the best to the worst by the look ahead on guessed copies (the first
        is the bot's choice). The search compares the first few."""
        legal = old_picks(legal)
        piece = next_piece(game, legal)
        if piece is not None:
            return [piece, *(a for a in legal if a is not piece)]
        if not legal:
            return []
        legal = moving(game, legal)
        copies = [guess(game, s, self.rng) for _ in range(SAMPLES)]
        self.looked, self.cut = 1, False
        # the first look, given up to half the budget, shows what a look costs here: when
        # looks at that cost would pass the budget, one guess is looked at instead of two
        # and each look goes twice as far
        first = self._look(copies[0], legal[0], s,
                           None if self.budget is None else self.budget // 2)
        if self.budget is not None and self.looked * len(legal) * SAMPLES > self.budget:
            copies, self.cut = copies[:1], True
        looks = len(legal) * len(copies) - 1
        values = []
        for k, a in enumerate(legal):
            total = first if k == 0 else 0.0
            for c in copies[1:] if k == 0 else copies:
                # each look gets an even share of what is left of the budget, so a look
                # that needs little leaves more to the ones after it
                share = None if self.budget is None else max(
                    1, (self.budget - self.looked) // looks)
                self.looked += 1
                total += self._look(c, a, s, share)
                looks -= 1
            values.append(total / len(copies))
        # on a tie the quiet choice (hold, pass, done, end) first, then the listed order: a
        # move that gains nothing is not made
        order = sorted(range(len(legal)),
                       key=lambda i: (-values[i], legal[i]["type"] not in QUIET, i))
        return [legal[i] for i in order]

    def _look(self, game: Game, action: dict, side: int, share: int | None = None) -> float:
        """The worth for ``side`` of ``action`` played on ``game`` and on for a while (the
        cautious default, its own first :data:`GREEDY` moves on the main map by their worth at
        once); the look stops before a decision that would take it past ``share`` positions
        (None: no limit) and the position it reached is judged."""
        trial = game.clone()
        trial.apply(action)
        left = math.inf if share is None else share - 1
        greedy, steps, pieces = GREEDY, 0, 0
        while steps < AHEAD and pieces < PIECES_AHEAD:
            if trial.over or trial.state.stack[-1]["kind"] == "siege":
                break  # a siege: its prospect is weighed by its odds, not by fresh dice
            who = trial.prompt.side
            if who not in SIDES:
                break
            legal = trial.legal_actions(who)
            if any(a["type"] in PIECES for a in legal):
                # the piece taken, and the one next_piece tries first on the main map
                tried = pick_piece(legal)["type"] != "go" and any(a["type"] in MOVES
                                                                   for a in legal)
                left = self._spend(left, 1 + tried)
                if left < 0:
                    break
                piece = next_piece(trial, legal)
                if piece is not None:  # a group's pieces do not use up the look ahead
                    play(trial, piece)
                    pieces += 1
                    continue
                legal = [a for a in legal if a["type"] not in PIECES]
            steps += 1
            mine = greedy and who == SIDES[side] and any(a["type"] in MOVES for a in legal)
            left = self._spend(left, 1 + (len(legal) if mine else 0))
            if left < 0:
                break
            if mine:
                # an activation goes somewhere: the move worth most at once (a cautious
                # 'done' would make every activation look useless)
                greedy -= 1
                play(trial, max(legal, key=lambda a: self._at_once(trial, a, side)))
                continue
            calm = [a for a in legal if a["type"] in CAUTIOUS]
            play(trial, calm[0] if calm else legal[0])
        return worth(trial.state, side)

    def _spend(self, left: float, cost: int) -> float:
        """What is left of a look's share after ``cost`` more positions; -1 when they do not
        fit (the budget cuts the look there)."""
        if cost > left:
            self.cut = True
            return -1
        self.looked += cost
        return left - cost

    @staticmethod
    def _at_once(game: Game, action: dict, side: int) -> float:
        trial = game.clone()
        play(trial, action)
        return worth(trial.state, side)
