"""A sensible opponent for *Athens & Sparta* by rules of thumb (docs/bots.md, "Athens & Sparta").

It reads only what its side may see (``game.view(side)``: its own blocks, where the enemy's
face-down blocks stand and how many, cities and sieges), the public map and roster
(:mod:`..world`), and its legal actions; never the other hand or what the enemy blocks are.
Every enemy block counts as an average one (three steps hitting on a 2), and one behind walls
counts twice (double defence, §5.41).

- **The card** (§4.6): the MPs it needs this Game Turn (one a block of each attack it can win
  and of the guard its main city lacks, at least one), met by the cheapest card that has them
  (else the strongest); the Earthquake, which cancels the turn, when nothing is needed.
- **Moves** (§4.4, §4.5): each move is scored and the best one taken while one scores above
  nothing: attack an enemy (or neutral) city or stack when the blocks that can reach it this
  turn are clearly stronger, the main cities first (sudden death, §10.1), an empty enemy
  city above all; keep a guard in its own main city as large as the enemy blocks near it and
  bring blocks back to it when short; stay in the sieges it holds; navies attack enemy
  navies' hexes only with the stronger fleet and otherwise keep their ports (the sea lanes);
  any spare MP moves an army a step nearer the weakest enemy city within reach.
- **The Replacement Phase** (§8): the standard plan (:func:`..rules.replacement.plan`):
  damaged blocks in free cities first, then new blocks at home, reserves in the main city.
- **Anything else** the engine asks (which battle first, a block's choice in a battle, a
  retreat): the first of the engine's choices that keeps fighting, else a choice drawn from
  the bot's own seeded dice."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field

from hellenes_nb.bots.base import Bot
from hellenes_nb.core.game import Game
from hellenes_nb.games.athens_sparta.bots.bidbot import choose_bid
from hellenes_nb.games.athens_sparta.world import World, load_world

__all__ = ["HeuristicBot", "Picture", "card_need", "scored_moves"]

ENEMY_BLOCK = 1.0  # an unseen block: 3 steps hitting on a 2 (3 x 2/6)
SUPERIOR = 1.5  # how much stronger an attack must be
MOVES = ("move", "march", "sea")
KEEP_FIGHTING = ("storm", "fire", "engage", "sally", "stay", "siege", "accept")


@functools.cache
def _world() -> World:
    return load_world()


def power(block: dict) -> float:
    """A face-up block's expected hits a round: its steps times its rating's chance."""
    return block["steps"] * int(block["rating"][1:] or 1) / 6


@dataclass
class Picture:
    """What a side sees of the board (its view, with the map's cities)."""

    side: str
    mine: dict[str, list[dict]] = field(default_factory=dict)  # hex -> own blocks
    enemy: dict[str, int] = field(default_factory=dict)  # hex -> enemy blocks seen
    control: dict[str, str] = field(default_factory=dict)
    besieging: set[str] = field(default_factory=set)  # hexes where it holds a siege

    @classmethod
    def of(cls, view: dict, side: str) -> Picture:
        p = cls(side, control=view["control"])
        for b in view["blocks"]:
            where = b["where"]
            if b["side"] == side and "id" in b:
                p.mine.setdefault(where, []).append(b)
            elif b["side"] != side:
                p.enemy[where] = p.enemy.get(where, 0) + 1
        for held in (view["besieged"], view["blockaded"]):
            for city, who in held.items():
                c = _world().cities.get(city)
                if who == side and c is not None and c.hex:
                    p.besieging.add(c.hex)
        return p

    @property
    def foe(self) -> str:
        return "sparta" if self.side == "athens" else "athens"

    def home(self, side: str | None = None) -> str:
        return _world().cities[side or self.side].hex

    def strength(self, hex_id: str) -> float:
        return sum(power(b) for b in self.mine.get(hex_id, []))

    def defence(self, hex_id: str) -> float:
        """What an attack on the hex meets: the enemy blocks seen there (twice behind walls),
        or a neutral city's roster coming out to defend it (§9.5)."""
        city = _world().city_at(hex_id)
        owner = self.control.get(city.id) if city is not None else None
        seen = self.enemy.get(hex_id, 0) * ENEMY_BLOCK
        if owner == "neutral":
            seen = sum(1 for b in _world().blocks if b.home == city.id) * ENEMY_BLOCK
        walled = city is not None and city.walled and owner not in (self.side, None)
        return seen * (2 if walled else 1)

    def prize(self, hex_id: str) -> float:
        """What taking the hex is worth: a city's points, the enemy's main city most."""
        city = _world().city_at(hex_id)
        if city is None or self.control.get(city.id) in (self.side, "persia", None):
            return 1.0 if self.enemy.get(hex_id) else 0.0
        if city.id == self.foe:
            return 40.0
        return 4.0 + 5.0 * city.value

    def threat(self) -> int:
        """Enemy blocks within two land hexes of its main city."""
        home = self.home()
        near = {home}
        for _ in range(2):
            near |= {n for h in near for n in _world().land_links.get(h, ())}
        return sum(n for h, n in self.enemy.items() if h in near)

    def guard_short(self) -> float:
        """How much its main city's guard lacks against the enemy near it."""
        return max(0.0, 1.0 + self.threat() * ENEMY_BLOCK * 1.2 - self.strength(self.home()))


def _reach(p: Picture, legal: list[dict], mps: int) -> dict[str, float]:
    """For each hex the moves reach, the strength it can have this turn: the blocks there now
    and the strongest ``mps`` of those that can move there."""
    by: dict[str, dict[str, float]] = {}
    blocks = {b["id"]: b for bs in p.mine.values() for b in bs}
    for a in legal:
        if a["type"] in MOVES and a["block"] in blocks:
            by.setdefault(a["to"], {})[a["block"]] = power(blocks[a["block"]])
    return {to: p.strength(to) + sum(sorted(got.values(), reverse=True)[:mps])
            for to, got in by.items()}


def _attacks(a: dict) -> bool:
    return str(a.get("label", "")).endswith("attacks")


def _score(p: Picture, a: dict, reach: dict[str, float], block: dict) -> float:
    to, here = a["to"], block["where"]
    value = 0.0
    if here == p.home() and p.strength(here) - power(block) < 1.0 + p.threat() * 1.2:
        value -= 60.0  # the main city's guard stays (sudden death, §10.1)
    if here in p.besieging and len(p.mine.get(here, [])) <= 2:
        value -= 8.0  # a siege held is not left
    if _attacks(a) or p.prize(to):
        defence = p.defence(to)
        if defence == 0 and p.prize(to):
            return value + 2 * p.prize(to) + power(block)
        if reach.get(to, 0.0) >= SUPERIOR * defence + 0.5:
            return value + p.prize(to) + 2.0 + power(block)
        return value - 15.0
    if to == p.home() and p.guard_short() > 0:
        return value + 12.0 * min(p.guard_short(), 3.0) + power(block)
    if block["type"] == "navy":
        return value - 1.0  # navies keep their ports unless they can win
    return value + _closer(p, here, to)


def _closer(p: Picture, here: str, to: str) -> float:
    """Half a point a hex nearer the nearest enemy city it could take (armies)."""
    best = 0.0
    for c in _world().cities.values():
        if not c.value or not c.hex or p.control.get(c.id) not in (p.foe, "neutral"):
            continue
        before = _distance(here, c.hex)
        after = _distance(to, c.hex)
        if before is None or after is None or before > 6:
            continue
        gain = (before - after) * (0.5 + 0.1 * c.value) - 0.2 * p.enemy.get(c.hex, 0)
        best = max(best, gain)
    return best - 0.4


@functools.cache
def _distance(a: str, b: str) -> int | None:
    return _world().land_distance(a, b)


def card_need(p: Picture, legal_moves: list[dict] | None = None) -> int:
    """MPs wanted this Game Turn (module docstring): a block for each attack it can win
    with the blocks next to the target, and the guard its main city lacks."""
    need = round(p.guard_short())
    for hex_id, n in p.enemy.items():
        if not p.prize(hex_id):
            continue
        near = [b for h in _world().land_links.get(hex_id, ()) for b in p.mine.get(h, [])]
        if sum(power(b) for b in near) >= SUPERIOR * p.defence(hex_id) + 0.5:
            need += max(1, n)
    return max(1, need)


def _pick_card(p: Picture, legal: list[dict]) -> dict:
    cards = {c.id: c for c in _world().cards}
    need = card_need(p)

    def mp(a: dict) -> int:
        card = cards[a["card"]]
        return 0 if card.event == "Earthquake" else card.mp

    if need <= 1:
        quake = [a for a in legal if mp(a) == 0]
        if quake:
            return quake[0]
    enough = [a for a in legal if mp(a) >= need]
    if enough:
        return min(enough, key=lambda a: (mp(a), a["card"]))
    return max(legal, key=lambda a: (mp(a), a["card"]))


class HeuristicBot(Bot):
    """Rules of thumb on what its side sees (module docstring)."""

    name = "heuristic"
    games = ("athens-sparta",)

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, game: Game, side: str) -> dict:
        return self.pick(game, side, self._legal(game, side))

    def pick(self, game: Game, side: str, legal: list[dict]) -> dict:
        """The choice among ``legal``, the side's legal actions now (the search's rollouts
        give them, already listed)."""
        if len(legal) == 1:
            return legal[0]
        view = game.view(side)
        p = Picture.of(view, side)
        types = {a["type"] for a in legal}
        if "card" in types:
            return _pick_card(p, [a for a in legal if a["type"] == "card"])
        if types & {"bid", "pass_bid", "bid_step"}:  # tourney bidding (§10.3)
            return choose_bid(view, side, legal)
        if "build_plan" in types:  # the Replacement Phase (§8): the standard plan
            return next(a for a in legal if a["type"] == "build_plan")
        if types & set(MOVES):
            return self._move(p, view, legal)
        fight = [a for a in legal if any(w in str(a.get("choice", a["type"])).lower()
                                         for w in KEEP_FIGHTING)]
        if fight:
            return fight[0]
        rng = random.Random(f"{self.seed}:{len(game.history)}")
        return rng.choice(legal)

    def _move(self, p: Picture, view: dict, legal: list[dict]) -> dict:
        ranked = scored_moves(p, view, legal)
        if ranked and ranked[0][0] > KEEP_MP:
            return ranked[0][1]
        end = [a for a in legal if a["type"] not in MOVES]
        return end[0] if end else legal[0]


#: a move must be worth more than keeping the MP
KEEP_MP = 0.5


def scored_moves(p: Picture, view: dict, legal: list[dict]) -> list[tuple[float, dict]]:
    """The moves among ``legal`` with their worth (module docstring), best first (the first
    listed of equals first)."""
    mps = int(view["prompt"].get("mps", 1))
    reach = _reach(p, legal, mps)
    blocks = {b["id"]: b for bs in p.mine.values() for b in bs}
    out = []
    for n, a in enumerate(legal):
        if a["type"] not in MOVES or a["block"] not in blocks:
            continue
        value = _score(p, a, reach, blocks[a["block"]])
        if a["type"] != "move":
            value -= 0.05  # the plain move when it does as well
        out.append((value, n, a))
    out.sort(key=lambda t: (-t[0], t[1]))
    return [(v, a) for v, _, a in out]
