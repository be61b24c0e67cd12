"""What one side may know, in the shape a bot needs (docs/bots.md, "Hidden information").

Everything about the enemy comes from the redacted view (``rules.view.view``, the function behind
``game.view(side)``): enemy blocks are places and counts unless revealed in the battle being
fought (§2.0, §6.1). The view is taken of a copy of the state without its log, which holds
nothing a bot reads and would make each decision cost time in proportion to the game's length.

Strength is a rough fighting value of a block: dice times the chance that a die hurts (hits and
routs both end a block's part in a battle, §6.32, §6.33), with a small bonus for firing early
(agility, §2.14). A hidden enemy block is valued at the average of the enemy roster of the
scenario at three quarters of its full strength (a public estimate: unit labels are printed).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hellenes_nb.core.game import Game
from hellenes_nb.games.hellenes.index import SIDE_NAMES, WorldIndex, side_of
from hellenes_nb.games.hellenes.view import view

AGILITY_BONUS = {"A": 1.25, "B": 1.15, "C": 1.0, "D": 0.9, "E": 1.1, "F": 1.0}
HIDDEN_CV_SHARE = 0.75


def public_view(game: Game, side: str) -> dict:
    """``game.view(side)`` without the log (same redaction, constant cost)."""
    st = game.state.clone()
    st.log = []
    return view(st, side, game.ruleset.steps)


def rating_strength(agility: str, power: int, cv: float) -> float:
    """Fighting value of one block: cv dice × chance a die hits or routs × agility (§6.3)."""
    return cv * (2 * power / 6) * AGILITY_BONUS.get(agility, 1.0)


def unit_strength(ix: WorldIndex, u: int, cv: float, at_sea: bool) -> float:
    """Fighting value of unit ``u`` at ``cv`` on land or at sea (fleets use E/F at sea, §6.5;
    land units carried at sea do not fight)."""
    rec = ix.world.units[(SIDE_NAMES[side_of(u)], ix.unit_number[u])]
    if at_sea:
        if rec.sea_rating is None:
            return 0.0
        r = rec.sea_rating
    else:
        r = rec.rating
    return rating_strength(r.agility, r.power, cv)


@lru_cache(maxsize=64)
def hidden_strength(ix: WorldIndex, scenario: str, side: int, at_sea: bool) -> float:
    """Average value of one hidden block of ``side`` (the scenario's roster, public)."""
    sc = ix.world.scenarios[scenario]
    vals = []
    for u in range(side * 60, side * 60 + 60):
        if not ix.exists[u] or not sc.uses_unit(ix.unit_number[u]):
            continue
        if at_sea and not ix.is_fleet[u]:
            continue
        vals.append(unit_strength(ix, u, HIDDEN_CV_SHARE * ix.max_cv[u], at_sea))
    return sum(vals) / len(vals) if vals else 1.0


class Picture:
    """One side's knowledge of the board, indexed by place and unit numbers.

    ``Picture(game, side)`` reads the redacted view (``game.view(side)``); :meth:`of_state`
    builds the same picture straight from a state's tables, the fast path the search's
    rollouts take in a sampled position (:mod:`.sampling`): it reads only what the view shows
    (``tests/games/hellenes/bots/test_search.py`` checks that both give the same picture)."""

    def __init__(self, game: Game, side: str):
        v = public_view(game, side)
        self._common(game.state, side)
        po = self.ix.place_of
        ix = self.ix
        hidden: list[tuple[int, bool]] = []
        for e in v["units"]:
            p = po[e["area"]]
            if e["side"] == side:
                self._mine(ix.unit_of[e["unit"]], p, e["cv"], e["besieged"], e["moved"])
            elif e.get("hidden"):
                hidden.append((p, e["besieged"]))
            else:
                self._foe(p, e["besieged"], unit_strength(ix, ix.unit_of[e["unit"]], e["cv"],
                                                          ix.is_sea(p)))
        for p, besieged in hidden:
            self._foe(p, besieged, hidden_strength(ix, self.scenario, self.foe, ix.is_sea(p)))
        sides = {"athens": 0, "sparta": 1}
        for k, s in v["control"].items():
            self.control[po[k]] = sides[s]
        for k, s in v["city_control"].items():
            self.city_control[po[k]] = sides[s]
        self.garrison = {po[g["area"]]: sides[g["side"]] for g in v["garrisons"]}
        self.sieges = {po[k]: (sides[s["besieger"]], tuple(s["since"]))
                       for k, s in v["sieges"].items()}
        self.neutral = {po[k] for k in v["neutral"]}
        self.pillaged = {po[k] for k in v["pillaged"]}
        self.prestige = v["prestige"] if self.me == 0 else -v["prestige"]

    @classmethod
    def of_state(cls, st: Any, side: str) -> Picture:
        """The picture ``side`` has of state ``st``, from its tables (the same fields the view
        shows: own blocks in full, enemy blocks revealed in the battle being fought in full, the
        others valued as hidden blocks)."""
        pic = cls.__new__(cls)
        pic._common(st, side)
        ix = pic.ix
        loc, cv, inside, revealed = st.loc, st.cv, st.inside, st.revealed
        lo = pic.me * 60
        for u in range(lo, lo + 60):
            p = loc[u]
            if p >= 0:
                pic._mine(u, p, cv[u], bool(inside[u]), bool(st.moved[u]))
        lo = pic.foe * 60
        hidden = []
        for u in range(lo, lo + 60):
            p = loc[u]
            if p < 0:
                continue
            if revealed[u]:
                pic._foe(p, bool(inside[u]), unit_strength(ix, u, cv[u], ix.is_sea(p)))
            else:
                hidden.append((p, bool(inside[u])))
        for p, besieged in hidden:  # after the revealed ones, as in the view: same float sums
            pic._foe(p, besieged, hidden_strength(ix, pic.scenario, pic.foe, ix.is_sea(p)))
        pic.control = list(st.control)
        pic.city_control = list(st.city_control)
        pic.garrison = {p: g[0] for p, g in st.garrisons.items()}
        pic.sieges = {p: (v["besieger"], tuple(v.get("since", ()))) for p, v in st.sieges.items()}
        pic.neutral = {p for p in range(ix.n_places) if st.neutral[p]}
        pic.pillaged = set(st.pillaged)
        pic.prestige = st.prestige if pic.me == 0 else -st.prestige
        return pic

    def _common(self, st: Any, side: str) -> None:
        ix = st.ix
        self.ix = ix
        self.side = side
        self.me = SIDE_NAMES.index(side)
        self.foe = 1 - self.me
        self.season = st.season
        self.year = st.year
        self.scenario = st.scenario
        n = ix.n_places
        self.cv: dict[int, int] = {}
        self.loc: dict[int, int] = {}
        self.inside: dict[int, bool] = {}
        self.moved: dict[int, bool] = {}
        self.mine_out: list[list[int]] = [[] for _ in range(n)]
        self.mine_in: list[list[int]] = [[] for _ in range(n)]
        self.foe_out = [0] * n
        self.foe_in = [0] * n
        self.foe_out_str = [0.0] * n
        self.foe_in_str = [0.0] * n
        self.control = [-1] * n
        self.city_control = [-1] * n
        self._threat: list[float] | None = None
        #: the place a plan leans towards (the plan search, .planning), -1 for none
        self.aim = -1

    def _mine(self, u: int, p: int, cv: int, besieged: bool, moved: bool) -> None:
        self.cv[u], self.loc[u] = cv, p
        self.inside[u], self.moved[u] = besieged, moved
        (self.mine_in if besieged else self.mine_out)[p].append(u)

    def _foe(self, p: int, besieged: bool, val: float) -> None:
        if besieged:
            self.foe_in[p] += 1
            self.foe_in_str[p] += val
        else:
            self.foe_out[p] += 1
            self.foe_out_str[p] += val

    # -- strength -------------------------------------------------------------------------
    def my_strength(self, units: list[int], at_sea: bool = False) -> float:
        """Summed value of some of my units."""
        return sum(unit_strength(self.ix, u, self.cv[u], at_sea) for u in units)

    def opposing_city(self, p: int) -> bool:
        """A city loyal to the enemy (§1.31): worth tribute to me when I hold it (§9.51)."""
        ix = self.ix
        return p < ix.n_land and ix.has_city[p] and ix.city_loyalty[p] == self.foe

    def my_city(self, p: int) -> bool:
        """A city loyal to me."""
        ix = self.ix
        return p < ix.n_land and ix.has_city[p] and ix.city_loyalty[p] == self.me

    def home_of(self, u: int, p: int) -> bool:
        """``p`` is a home city or town of my unit ``u`` (§2.11)."""
        return p in self.ix.homes[u]

    def near(self, p: int) -> tuple[int, ...]:
        """Places from which enemy forces could strike ``p`` within a turn or so."""
        return _near(self.ix, p)

    def threat(self, p: int) -> float:
        """Estimated enemy field strength (outside cities) within striking distance of ``p``."""
        if self._threat is None:
            self._threat = [sum(self.foe_out_str[q] for q in self.near(x))
                            for x in range(self.ix.n_places)]
        return self._threat[p]


def _near(ix: WorldIndex, p: int) -> tuple[int, ...]:
    """``p``, its land neighbours to distance 2 and the seas touching it (:func:`_near_table`)."""
    return ix.derived(_near_table)[p]


def _near_table(ix: WorldIndex) -> tuple[tuple[int, ...], ...]:
    """:func:`_near` of every place: static facts of the world, made once per index."""
    table = []
    for p in range(ix.n_places):
        out = {p}
        for q in ix.land_adj[p]:
            out.add(q)
            out.update(ix.land_adj[q])
        out.update(ix.coast[p])
        if ix.is_sea(p):
            out.update(ix.sea_adj[p])
        table.append(tuple(sorted(out)))
    return tuple(table)
