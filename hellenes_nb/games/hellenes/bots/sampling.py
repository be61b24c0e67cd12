"""Positions a side may believe in: the determinizations the search plays out (docs/bots.md).

The search never plays on the real position, whose hidden part its side may not know. For each
rollout it draws a whole position that agrees with everything the side has seen, and nothing
else:

- **what is kept** is what the side's view shows (``game.view(side)``): its own blocks, the
  places of the enemy's (on land or besieged, §2.0), every enemy block revealed in the battle
  being fought (§6.1), controls, sieges, cards in play, discards, counts of hands and deck, and
  the bookkeeping of the rules (the decision frames, flags) that the rules announce;
- **what is drawn** is everything else: which enemy block stands in each hidden place and at
  what strength, which enemy blocks wait in the pool, the enemy hand, a card the enemy has
  committed face down (it goes back to the hand, so the enemy commits again in the rollout,
  §3.3), the order of the deck, and the dice.

The draw leans on what the side has seen (:class:`SeenBlocks`): the public set-up of the scenario
and the enemy blocks named in the side's own log (``game.log_for(side)``: blocks revealed in
earlier battles, with the place and strength they had). A hidden block is more likely to be one
seen at that place, or one at home there (§2.11); it must be able to stand there (a fleet only
on a coast or at sea, a land unit at sea only when carried, §5.21). An enemy block named by a
decision frame or record of the position (an engagement, a carried unit: rare) is drawn among
blocks of its own kind (fleet, barbarian or other), so the frames stay true.

``tests/games/hellenes/bots/test_search.py`` checks that a game whose hidden blocks and cards
are swapped for other consistent ones gives the very same samples.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hellenes_nb.core.dice import Dice
from hellenes_nb.core.game import Game
from hellenes_nb.games.hellenes.bots.picture import public_view
from hellenes_nb.games.hellenes.index import SIDE_NAMES, WorldIndex
from hellenes_nb.games.hellenes.state import POOL, UNIT_KEYS, UNIT_LIST_KEYS, State

HOME_WEIGHT = 3.0      # a block drawn for a place that is one of its homes (§2.11)
SEEN_WEIGHT = 8.0      # ... for the place where the side last saw it
FULL_CV_SHARE = 0.5    # a block never seen is at full strength this often, else uniform


class SeenBlocks:
    """The enemy blocks a side has seen: the scenario's public set-up, then every block its log
    names with a place and strength (battle events, §6.1). Reads ``game.log_for(side)`` from
    where it stopped last time, so a long game costs nothing more per decision."""

    def __init__(self) -> None:
        self._game: Game | None = None
        self._read = 0
        self.last: dict[int, tuple[int, int]] = {}   # enemy unit -> (place, cv) last seen

    def update(self, game: Game, side: str) -> dict[int, tuple[int, int]]:
        """The last sighting of each enemy block, up to date with the game's log."""
        n = len(game.state.log)
        if game is not self._game or n < self._read:
            self._game, self._read, self.last = game, 0, _setup_sightings(game.state.ix,
                                                                          game.state.scenario,
                                                                          side)
        if n > self._read:
            foe = 1 - SIDE_NAMES.index(side)
            ix = game.state.ix
            for ev in game.log_for(side, self._read):
                place = ev.get("place")
                cv = ev.get("cv")
                if not isinstance(place, int) or not isinstance(cv, int):
                    continue
                for field in ("target_block", "block"):
                    key = ev.get(field)
                    u = ix.unit_of.get(key) if isinstance(key, str) else None
                    if u is not None and u // 60 == foe:
                        self.last[u] = (place, cv)
                        break
            self._read = n
        return self.last


def _setup_sightings(ix: WorldIndex, scenario: str, side: str) -> dict[int, tuple[int, int]]:
    """Where the scenario sets up each enemy block, and at what strength (public, §15)."""
    foe = SIDE_NAMES[1 - SIDE_NAMES.index(side)]
    out = {}
    for e in ix.world.scenarios[scenario].setup:
        if e.side == foe:
            out[SIDE_NAMES.index(foe) * 60 + e.unit - 1] = (ix.place(e.area), e.cv)
    return out


class Belief:
    """What ``side`` knows of the hidden part of ``game`` now (read once per decision);
    :meth:`sample` draws positions from it."""

    def __init__(self, game: Game, side: str, seen: dict[int, tuple[int, int]] | None = None):
        st = game.state
        ix = st.ix
        self.ix = ix
        self.base = st
        self.me = me = SIDE_NAMES.index(side)
        self.foe = foe = 1 - me
        self.seen = seen or {}
        v = public_view(game, side)
        po = ix.place_of
        #: hidden enemy places, as the view gives them: (place, besieged) -> count
        self.slots = Counter((po[e["area"]], e["besieged"]) for e in v["units"]
                             if e["side"] != side and e.get("hidden"))
        # The enemy blocks not shown: those in its pool and its hidden ones. As a set this is
        # public (the scenario's roster less the blocks it sets aside or leaves out, which the
        # rules announce, and less the revealed ones); the view's counts must agree.
        self.roster = [u for u in range(foe * 60, foe * 60 + 60)
                       if st.loc[u] == POOL or (st.loc[u] >= 0 and not st.revealed[u])]
        pool = v["pools"][SIDE_NAMES[foe]]["count"]
        if len(self.roster) != pool + sum(self.slots.values()):
            raise RuntimeError("the enemy's hidden blocks and pool do not add up to its roster")
        self.pinned = _pinned(st, set(self.roster))
        committed = st.played[foe] is not None and st.played[me] is None
        self.cards = sorted(st.deck + st.hands[foe] + ([st.played[foe]["card"]] if committed
                                                        else []))
        self.hand_size = len(st.hands[foe]) + committed
        self.uncommit = committed

    def sample(self, rng: random.Random) -> State:
        """A whole position consistent with what the side knows (module docstring)."""
        ix = self.ix
        st = self.base.clone()
        st.log = []
        loc, inside, cv = st.loc, st.inside, st.cv
        moved, retreated = st.moved, st.retreated
        free = []
        for u in self.roster:
            loc[u], inside[u], cv[u], moved[u], retreated[u] = POOL, 0, 0, 0, 0
            free.append(u)
        slots = Counter(self.slots)
        mapping: dict[int, int] = {}
        for u, (p, besieged) in self.pinned:
            kind = _kind(ix, u)
            v = self._draw(rng, [x for x in free if _kind(ix, x) == kind], p, pinned=True)
            free.remove(v)
            mapping[u] = v
            self._stand(rng, st, v, p, besieged)
            slots[(p, besieged)] -= 1
        if mapping:
            _rename(st, mapping)
        # the places only one kind may hold first (inland: land units; sea: fleets), so the
        # coastal places, which take either, never leave an inland place only fleets
        for (p, besieged), n in sorted(slots.items(), key=lambda s: (ix.is_coastal(s[0][0])
                                                                     and not ix.is_sea(s[0][0]),
                                                                     s[0])):
            for _ in range(n):
                v = self._draw(rng, free, p)
                free.remove(v)
                self._stand(rng, st, v, p, besieged)
        self._deal(rng, st)
        st.dice = Dice(rng.getrandbits(64))
        return st

    def _draw(self, rng: random.Random, free: list[int], p: int, pinned: bool = False) -> int:
        """One of ``free`` for place ``p``, weighted by what was seen (module docstring)."""
        ix = self.ix
        sea = ix.is_sea(p)
        weights = []
        for u in free:
            if not pinned and (sea and not ix.is_fleet[u] or ix.is_fleet[u] and not sea
                               and not ix.is_coastal(p)):
                weights.append(0.0)
                continue
            w = HOME_WEIGHT if p in ix.homes[u] else 1.0
            seen = self.seen.get(u)
            if seen is not None and seen[0] == p:
                w *= SEEN_WEIGHT
            weights.append(w)
        if not any(weights):
            weights = [1.0] * len(free)
        return rng.choices(free, weights)[0]

    def _stand(self, rng: random.Random, st: State, u: int, p: int, besieged: bool) -> None:
        top = self.ix.max_cv[u]
        seen = self.seen.get(u)
        if seen is not None:
            strength = min(top, max(1, seen[1]))
        elif rng.random() < FULL_CV_SHARE or top == 1:
            strength = top
        else:
            strength = rng.randint(1, top - 1)
        st.loc[u], st.inside[u], st.cv[u] = p, int(besieged), strength

    def _deal(self, rng: random.Random, st: State) -> None:
        cards = list(self.cards)
        rng.shuffle(cards)
        foe = self.foe
        hands = st.hands
        hands[foe] = cards[:self.hand_size]
        st.deck = cards[self.hand_size:]
        if self.uncommit:
            played = list(st.played)
            played[foe] = None
            st.played = played


def _kind(ix: WorldIndex, u: int) -> int:
    return 2 if ix.is_fleet[u] else 1 if ix.is_barbarian[u] else 0


def _pinned(st: State, hidden: set[int]) -> list[tuple[int, tuple[int, bool]]]:
    """Hidden enemy blocks that frames or records name, with their places, in unit order."""
    named: set[int] = set()
    for rec in list(st.stack) + list(st.engagements) + list(st.pending_rolls):
        _collect(rec, named)
    for f, c in st.carry.items():
        named.update((f, c))
    return [(u, (st.loc[u], bool(st.inside[u]))) for u in sorted(named & hidden)
            if st.loc[u] >= 0]


def _collect(obj: Any, out: set[int]) -> None:
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in UNIT_KEYS and isinstance(v, int) and not isinstance(v, bool):
                out.add(v)
            elif k in UNIT_LIST_KEYS and isinstance(v, (list, tuple)):
                out.update(x for x in v if isinstance(x, int))
            else:
                _collect(v, out)
    elif isinstance(obj, (list, tuple)):
        for x in obj:
            _collect(x, out)


def _renamed(obj: Any, mapping: dict[int, int]) -> Any:
    if isinstance(obj, dict):
        out = {}
        for k, v in obj.items():
            if k in UNIT_KEYS and isinstance(v, int) and not isinstance(v, bool):
                out[k] = mapping.get(v, v)
            elif k in UNIT_LIST_KEYS and isinstance(v, (list, tuple)):
                out[k] = type(v)(mapping.get(x, x) for x in v)
            else:
                out[k] = _renamed(v, mapping)
        return out
    if isinstance(obj, list):
        return [_renamed(x, mapping) for x in obj]
    if isinstance(obj, tuple):
        return tuple(_renamed(x, mapping) for x in obj)
    return obj


def _rename(st: State, mapping: dict[int, int]) -> None:
    """Give the drawn identities to the frames and records that named the real blocks."""
    st.stack = [_renamed(f, mapping) for f in st.stack]
    st.engagements = [_renamed(e, mapping) for e in st.engagements]
    st.pending_rolls = [_renamed(r, mapping) for r in st.pending_rolls]
    st.carry = {mapping.get(f, f): mapping.get(c, c) for f, c in st.carry.items()}


def resample(st: State, seed: int) -> None:
    """Deal anew, in place and from ``seed`` alone, what neither side has seen in ``st``: the
    deck's order and the dice to come (the What-if lab: each continuation its own). Hands,
    committed cards and blocks stay, each known to its owner."""
    rng = random.Random(seed)
    st.deck = sorted(st.deck)  # sorted: the new order owes nothing to the old one
    rng.shuffle(st.deck)
    st.dice = Dice(rng.getrandbits(64))
