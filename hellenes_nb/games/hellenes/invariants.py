"""The board invariants of *Hellenes*, checked after every action by ``hellenes selfplay --fuzz``
and the fuzz tests: what no sequence of legal actions may ever break, rule or no rule.

Every unit stands in exactly one valid place with a cv within bounds, cities hold no more than
their capacity, every card lies in exactly one pile, carried units stay with their fleets, each
side's view and log keep hidden blocks and the enemy hand hidden, and a game that is not over
has a decision to take.
"""

from __future__ import annotations

from collections import Counter

from hellenes_nb.core.catalog import InvariantError
from hellenes_nb.core.game import Game
from hellenes_nb.games.hellenes.eventlog import REDACTED
from hellenes_nb.games.hellenes.index import SIDE_NAMES, side_of
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.state import ASIDE, OUT, POOL
from hellenes_nb.games.hellenes.view import view

__all__ = ["InvariantError", "check_invariants"]


def check_invariants(game: Game, since: int = 0, dead_end: bool = True) -> None:
    """Raise :class:`InvariantError` unless the board is consistent: every unit in exactly one
    valid place, cv within bounds, cities within capacity, every card in exactly one pile, carried
    units with their fleets and never more land units at sea than fleets there, hidden blocks
    redacted in each side's view (log events from index ``since`` on), and, with ``dead_end``,
    a decision to take unless the game is over."""
    st = game.state
    ix = st.ix
    sc = ix.world.scenarios[st.scenario]
    inside: Counter[tuple[int, int]] = Counter()
    for u in range(120):
        loc, cv = st.loc[u], st.cv[u]
        key = ix.unit_key[u]
        if not ix.exists[u] or not sc.uses_unit(ix.unit_number[u]):
            if loc != OUT:
                raise InvariantError(f"{key} is not in this scenario but stands at {loc}")
            continue
        if loc not in (POOL, ASIDE) and not 0 <= loc < ix.n_places:
            raise InvariantError(f"{key} has no valid place ({loc})")
        if loc >= 0 and not 1 <= cv <= max(ix.max_cv[u], 4):
            raise InvariantError(f"{key} on the map has cv {cv}")
        if loc < 0 and (cv != 0 or st.inside[u]):
            raise InvariantError(f"{key} off the map keeps cv {cv} or 'inside'")
        if loc >= 0 and ix.is_fleet[u] and loc < ix.n_land and not ix.is_coastal(loc):
            raise InvariantError(f"fleet {key} stands inland in {ix.place_ids[loc]}")
        if loc >= 0 and st.inside[u]:
            if loc >= ix.n_land or not ix.has_city[loc]:
                raise InvariantError(f"{key} is 'inside' in {ix.place_ids[loc]}, which has no "
                                     "city")
            inside[(loc, side_of(u))] += 1
    for (p, side), n in inside.items():
        cap = scenario_rules.capacity(st, p)
        if n > cap:
            raise InvariantError(f"{n} units of side {side} inside {ix.place_ids[p]} "
                                 f"(capacity {cap})")
    at_sea: Counter[tuple[int, int, bool]] = Counter()
    for u in range(120):
        if st.loc[u] >= ix.n_land:
            at_sea[(st.loc[u], side_of(u), bool(ix.is_fleet[u]))] += 1
    for (p, side, fleet), n in at_sea.items():
        if not fleet and n > at_sea[(p, side, True)]:
            raise InvariantError(f"{n} land units of side {side} at sea in {ix.place_ids[p]} "
                                 f"with {at_sea[(p, side, True)]} fleets to carry them")
    for f, c in st.carry.items():
        if st.loc[f] < 0 or st.loc[c] < 0:
            continue
        if not ix.is_fleet[f] or ix.is_fleet[c]:
            raise InvariantError(f"carry record {ix.unit_key[f]} → {ix.unit_key[c]} is not a "
                                 "fleet with a land unit")
    _check_cards(game)
    _check_views(game, since)
    if dead_end and not game.over and not game.legal_actions():
        raise InvariantError(f"dead end: nobody can act at '{game.prompt.text}'")


def _check_cards(game: Game) -> None:
    st = game.state
    # a card played this season is counted unless it already stands in play, was put on the
    # discard pile by its event, or went back into the deck (an ostracized leader, §3.11); the
    # season's end then must not discard it a second time (cards.discard_played)
    placed = {n for n, _ in st.in_play}.union(st.discard, st.deck)
    piles = st.deck + st.discard + st.hands[0] + st.hands[1]
    piles += [p["card"] for p in st.played if p is not None and p["card"] not in placed]
    piles += [n for n, _ in st.in_play]
    dup = [n for n, k in Counter(piles).items() if k > 1]
    if dup:
        raise InvariantError(f"cards {sorted(dup)} are in two places at once")
    lo, hi = st.ix.world.scenarios[st.scenario].cards
    stray = [n for n in piles if not lo <= n <= hi]
    if stray:
        raise InvariantError(f"cards {stray} are not in this scenario's deck")
    if any(len(h) > 6 for h in st.hands):
        raise InvariantError("a hand holds more than six cards")


def _check_views(game: Game, since: int) -> None:
    st = game.state.clone()
    st.log = st.log[since:]  # the view of older events was checked already
    for me, name in enumerate(SIDE_NAMES):
        v = view(st, name, game.ruleset.steps)
        for ev in v["log"]:
            if REDACTED in ev:
                raise InvariantError(f"{name}'s view keeps the redacted forms of a log event")
        for entry in v["units"]:
            if entry["side"] != name and not entry.get("hidden"):
                u = st.ix.unit(entry["unit"])
                if not st.revealed[u]:
                    raise InvariantError(f"{name}'s view shows the hidden enemy block "
                                         f"{entry['unit']}")
            if entry["side"] != name and entry.get("hidden") and "unit" in entry:
                raise InvariantError(f"{name}'s view names a hidden block")
        other = v["hands"]["sparta" if me == 0 else "athens"]
        if not isinstance(other, dict):
            raise InvariantError(f"{name}'s view shows the enemy hand")
