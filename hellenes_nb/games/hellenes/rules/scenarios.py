"""§12 and §15 scenario special rules, as small checks that the other rule modules call.

Every key of ``data/hellenes/special_rules.yaml`` is switched on by a scenario's ``rules`` list
and implemented here (movement limits, capacity, neutrality, action costs, Pericles), in
``peace.py`` (Public Works, War Resumes, event bans) or in ``year_end.py`` (tribute):

- ``odrysians_need_no_leader``, ``persian_units_need_aid``: recruiting (``building.recruit_barred``)
  and Persia's neutrality (:func:`refresh_neutral`);
- ``pericles_protection``, ``pericles_plague``: :func:`civil_war_barred`,
  :func:`ostracism_barred`, :func:`note_plague_in_athens`, :func:`plague_barred` (called by the
  events module);
- ``peace_of_nicias``, ``sicily_campaign_prep``: :func:`move_limits`, :func:`capacity`;
- ``sicily_neutral``: :func:`action_cost`, :func:`pillage_prestige`, :func:`note_season_end`;
- ``athens_units_frozen_until_414``, ``greek_recruits_to_sicily``, ``expeditions``,
  ``sicilians_stay``: :func:`move_limits`;
- ``gela_conditional``: :func:`refresh_neutral`;
- ``decelea``: :func:`capacity`.

Movement limits are a :class:`Limits` object that ``check.plan_move`` and
``search.destinations`` apply on top of the ordinary §5 rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from hellenes_nb.games.hellenes.index import (
    ATHENS,
    SIDE_NAMES,
    SIDE_SPAN,
    WINTER,
    WorldIndex,
    side_of,
    side_units,
)
from hellenes_nb.games.hellenes.rules.cards import card_record
from hellenes_nb.games.hellenes.state import State

THEBES = "boeotia"  # the area of Thebes, where the Decelea rule keeps triple capacity (§12.12)
SICILY_OR_ITALY = ("sicily", "italy")

#: Reason, or "" when allowed: (unit, from place, to place) for each border crossed.
StepCheck = Callable[[int, int, int], str]
#: Reason, or "": (unit, path without the start, engage_via, enters_city) for the end of a move.
EndCheck = Callable[[int, tuple[int, ...], str, bool], str]


@dataclass
class Limits:
    """Extra conditions on one unit's moves while a special rule is in force.

    ``through``: per place, 1 when enemy units there neither stop nor engage the mover (§9.21
    wintering, §12.0 sea travel under the Peace); ``sure_forced``: per place, 1 when a forced
    march or sail into it is made at once without a roll (every place in Winter, §9.21; places
    in GREECE under the Peace, §12.0 rule 2b), empty when none is; ``unit``: why the unit may
    not move at all;
    ``step``: why a border may not be crossed; ``end``: why the move may not end where it does.
    """

    through: bytearray | None = None
    sure_forced: bytes = b""
    unit: str = ""
    step: StepCheck | None = None
    end: EndCheck | None = None


def section(reason: str) -> str:
    """The first rule section named in a reason ("... (§12.0)" → "12.0"), or ""."""
    m = re.search(r"§(\d+(?:\.\d+)?)", reason)
    return m.group(1) if m else ""


# -- switches -----------------------------------------------------------------------------------
#: The last answer of :func:`rules_of`: [world index, scenario, rule keys]. An index and a
#: scenario name decide the keys (the world's scenario records never change), so a state with
#: the same index object and scenario name gets the same answer.
_LAST_RULES: list = [None, None, frozenset()]


def rules_of(state: State) -> frozenset[str]:
    """The special-rule keys of the state's scenario (cached per world and scenario; the last
    answer is kept for the next state of the same index and scenario, the usual case)."""
    last = _LAST_RULES
    if state.ix is last[0] and state.scenario == last[1]:
        return last[2]
    keys = state.ix.derived(_rule_keys).get(state.scenario, frozenset())
    last[:] = (state.ix, state.scenario, keys)
    return keys


def _rule_keys(ix: WorldIndex) -> dict[str, frozenset[str]]:
    """The special-rule keys of each scenario of the index's world (made once per index)."""
    return {sid: frozenset(sc.rules) for sid, sc in ix.world.scenarios.items()}


def has(state: State, key: str) -> bool:
    """Is the special rule ``key`` part of this scenario (§15)?"""
    return key in rules_of(state)


def war_resumed(state: State) -> bool:
    """War Resumes is in effect (§12.1; from the start in 413)."""
    return bool(state.flags.get("war_resumed"))


def peace(state: State) -> bool:
    """The Peace of Nicias rules are in force (§12.0): the scenario starts under the Peace and the
    war has not resumed."""
    return has(state, "peace_of_nicias") and not war_resumed(state)


def persian_aid_cards(state: State) -> int:
    """Persian Aid cards in play (§13.1)."""
    return sum(1 for n, _ in state.in_play if card_record(state, n).event == "persian_aid")


# -- static facts per world -----------------------------------------------------------------
_NO_PLACES: frozenset[int] = frozenset()


def home_territory(ix: WorldIndex, nationality: str) -> frozenset[int]:
    """Land areas whose city or town has this colour (§12.0 sidebar: "home territory")."""
    return ix.derived(_home_territories).get(nationality, _NO_PLACES)


def _home_territories(ix: WorldIndex) -> dict[str, frozenset[int]]:
    """:func:`home_territory` of every colour some city or town has (made once per index)."""
    colours = {c for c in (*ix.city_nationality, *ix.town_nationality) if c}
    return {c: frozenset(p for p in range(ix.n_land)
                         if c in (ix.city_nationality[p], ix.town_nationality[p]))
            for c in colours}


def _sicilian_table(ix: WorldIndex) -> tuple[bool, ...]:
    """Per unit of ``ix``: of a Sicilian nationality (§2.1, §15.2 rule 5); made once per index
    (:meth:`WorldIndex.derived`)."""
    kinds = {k: n.kind for k, n in ix.world.nationalities.items()}
    return tuple(kinds.get(ix.nationality[v]) == "sicilian" for v in range(len(ix.exists)))


def is_sicilian(ix: WorldIndex, u: int) -> bool:
    """A unit of a Sicilian nationality (§2.1, §15.2 rule 5)."""
    return ix.derived(_sicilian_table)[u]


def expeditionary(ix: WorldIndex, u: int) -> bool:
    """A non-Sicilian pro-Athenian unit (§12.0 rule 3, §15.2 rule 2)."""
    return side_of(u) == ATHENS and ix.exists[u] and not is_sicilian(ix, u)


def setup_area(state: State, u: int) -> str:
    """Where the scenario set the unit up, or "" (recruits)."""
    ix = state.ix
    sc = ix.world.scenarios.get(state.scenario)
    if sc is None:
        return ""
    side, uid = SIDE_NAMES[side_of(u)], ix.unit_number[u]
    for e in sc.setup:
        if e.side == side and e.unit == uid:
            return e.area
    return ""


# -- capacity (§1.3, §9.213, §12.0, §12.12) ------------------------------------------------------
def capacity(state: State, p: int) -> int:
    """City capacity in units: twice the city value, three times in GREECE under the Peace
    (§12.0 rule 2a), and Thebes keeps three times once War Resumes with Decelea (§12.12)."""
    return capacities(state)[p]


#: :func:`capacities` tables. Key: (world index, Peace in force, Decelea's Thebes in force),
#: all a table reads besides the index's static city values, regions and ids.
_CAPACITIES: dict[tuple[WorldIndex, bool, bool], tuple[int, ...]] = {}


def capacities(state: State) -> tuple[int, ...]:
    """:func:`capacity` of every place (0 without a city), one table per world and rules in
    force."""
    ix = state.ix
    key = (ix, peace(state), has(state, "decelea") and war_resumed(state))
    got = _CAPACITIES.get(key)
    if got is None:
        if len(_CAPACITIES) >= 64:
            _CAPACITIES.clear()
        under_peace, thebes = key[1], key[2]
        got = _CAPACITIES[key] = tuple(
            3 * v if (under_peace and ix.region[p] == "greece")
            or (thebes and ix.place_ids[p] == THEBES) else 2 * v
            for p, v in enumerate(ix.city_value))
    return got


# -- neutrality (§1.31, §13.2, §15.2) ------------------------------------------------------------
def refresh_neutral(state: State) -> None:
    """Lift neutrality that a rule ends: Persia while Persian Aid is in play (§13.2), Gela once a
    Gelan unit has left it (§15.2–15.4)."""
    ix = state.ix
    if has(state, "gela_conditional") and not state.flags.get("gela_open"):
        gela = ix.place_of.get("gela", -1)
        if gela >= 0 and any(ix.nationality[u] == "gela" and state.loc[u] >= 0
                             and state.loc[u] != gela for u in range(120) if ix.exists[u]):
            state.flags["gela_open"] = 1
            state.event("neutral_lifted", "15.2", "A Gelan unit has left Gela: Gela is no "
                        "longer neutral")
    want: dict[int, int] = {}
    if state.flags.get("gela_open"):
        gela = ix.place_of.get("gela", -1)
        if gela >= 0:
            want[gela] = 0
    if has(state, "persian_units_need_aid"):
        shut = 1 if persian_aid_cards(state) == 0 else 0
        want.update((p, shut) for p in range(ix.n_land) if ix.region[p] == "persia")
    if any(state.neutral[p] != v for p, v in want.items()):
        table = bytearray(state.neutral)  # neutral is immutable and shared by clones
        for p, v in want.items():
            table[p] = v
        state.neutral = bytes(table)


# -- action costs and pillage in neutral Sicily (§15.2 rule 2, §15.4 rule 2) ---------------------
def sicily_neutral_now(state: State) -> bool:
    """Sicily is still neutral: no expeditionaries have been there in an earlier season of this
    year (§15.2 rule 2)."""
    return has(state, "sicily_neutral") and state.flags.get("sicily_seen") != state.year


def note_expeditionaries(state: State) -> None:
    """Record that expeditionaries stand in SICILY during this season (§15.2 rule 2). Called as
    each player turn begins and each action phase ends (a unit that arrives stays at least
    until its combat phase) and at the season's end, so units that come and go within a season
    count. The flag ``sicily_visit`` holds year * 10 + season."""
    if not has(state, "sicily_neutral") or state.flags.get("sicily_seen") == state.year:
        return
    now = state.year * 10 + state.season
    if state.flags.get("sicily_visit") == now:
        return
    ix = state.ix
    if any(state.loc[u] >= 0 and ix.region[state.loc[u]] == "sicily" and expeditionary(ix, u)
           for u in side_units(ATHENS)):
        state.flags["sicily_visit"] = now


def note_season_end(state: State) -> None:
    """At the end of a season, record that expeditionaries have been in SICILY this season
    (:func:`note_expeditionaries`): the rest of the year it is no longer neutral (§15.2 rule 2)."""
    if not has(state, "sicily_neutral") or state.flags.get("sicily_seen") == state.year:
        return
    note_expeditionaries(state)
    if state.flags.get("sicily_visit") == state.year * 10 + state.season:
        state.flags["sicily_seen"] = state.year
        state.event("sicily_entered", "15.2", "Athenian expeditionaries have been in Sicily "
                    "this season: from next season actions there cost the usual amount and "
                    "pillage earns Prestige")


def action_cost(state: State, place: int) -> int:
    """Actions an action located in ``place`` costs: double in neutral SICILY (§15.2 rule 2)
    (never more than 1 when :func:`costs_vary` is False)."""
    if place >= 0 and state.ix.region[place] == "sicily" and sicily_neutral_now(state):
        return 2
    return 1


def costs_vary(state: State) -> bool:
    """Whether :func:`action_cost` may answer more than 1 for some place in this state (so
    listings need not ask it per action when it is False)."""
    return sicily_neutral_now(state)


def pillage_prestige(state: State, place: int, amount: int) -> int:
    """Prestige for pillaging ``place``: none in SICILY while it is neutral (§15.2 rule 2)."""
    if state.ix.region[place] == "sicily" and sicily_neutral_now(state):
        return 0
    return amount


# -- Pericles (§15.1 rules 2 and 3) -------------------------------------------------------------
def _pericles(state: State) -> int | None:
    n = state.leaders[ATHENS]
    if n is None:
        return None
    c = card_record(state, n)
    return n if c.params.get("leader") == "pericles" else None


def civil_war_barred(state: State, target_side: int) -> str:
    """Why Civil War may not be played against ``target_side`` now, or "" (§15.1 rule 2)."""
    if has(state, "pericles_protection") and target_side == ATHENS and _pericles(state):
        return "Civil War cannot be played against Athens while Pericles leads it (§15.1)"
    return ""


def ostracism_barred(state: State, card: int) -> str:
    """Why the leader ``card`` may not be ostracized now, or "" (§15.1 rule 3): Pericles only
    when Athens was pillaged in the season before this one."""
    if not has(state, "pericles_protection") or card != _pericles(state):
        return ""
    code = state.flags.get("pillaged_now:attica", -1)
    year, season = divmod(code // 10, 10) if code >= 0 else (0, -1)
    if year == state.year and season == state.season - 1:
        return ""
    return ("Pericles can be ostracized only if Athens was pillaged in the previous season "
            "(§15.1)")


def plague_barred(state: State) -> str:
    """Why no Plague may strike Athens any more, or "" (§15.1 rule 3)."""
    if has(state, "pericles_plague") and state.flags.get("plague_count", 0) >= 2:
        return "after the second plague in Athens no further plague can occur (§15.1)"
    return ""


def note_plague_in_athens(state: State) -> None:
    """Count a plague in Athens; the second kills Pericles, whose card leaves the game
    (§15.1 rule 3). The events module calls this when a plague strikes Athens."""
    if not has(state, "pericles_plague"):
        return
    state.flags["plague_count"] = state.flags.get("plague_count", 0) + 1
    n = state.ix.derived(_pericles_card)
    if state.flags["plague_count"] != 2 or n is None:
        return
    leading = state.leaders[ATHENS] == n
    where = [n in state.deck, n in state.discard, any(n in h for h in state.hands),
             any(c == n for c, _ in state.in_play)]
    if not (leading or any(where)):
        return
    if leading:
        state.leaders[ATHENS] = None
    state.in_play = [x for x in state.in_play if x[0] != n]
    state.deck = [c for c in state.deck if c != n]
    state.discard = [c for c in state.discard if c != n]
    state.hands = [[c for c in h if c != n] for h in state.hands]
    state.event("pericles_dies", "15.1", "The second plague kills Pericles"
                + ("" if leading else ", out of office") + ": his card leaves the game", ATHENS)


def _pericles_card(ix: WorldIndex) -> int | None:
    """The number of Pericles' leader card, or None."""
    return next((n for n, c in sorted(ix.world.cards.items())
                 if c.params.get("leader") == "pericles"), None)


# -- movement limits (§9.21, §12.0, §15) --------------------------------------------------------
def held_back(state: State, u: int) -> str:
    """Why ``u`` may not move at all this turn under the scenario rules, or "" (§15.2 rule 3,
    §15.4: nor may a fleet carry it away)."""
    ix = state.ix
    rules = rules_of(state)
    if "athens_units_frozen_until_414" in rules and side_of(u) == ATHENS and state.year > 414 \
            and state.loc[u] == ix.place_of.get("attica", -1) and setup_area(state, u) == "attica":
        return "units that started the game in Athens cannot move before 414 (§15.2)"
    if "expeditions" in rules and side_of(u) == ATHENS and state.year > 414 \
            and not war_resumed(state) \
            and state.flags.get(f"expedition:{ix.unit_key[u]}") == 2 \
            and state.loc[u] == ix.place_of.get("attica", -1):
        return "the 2nd Expedition cannot leave Athens before 414 unless war resumes (§15.4)"
    return ""


def sicilians_stay(state: State, u: int, q: int) -> str:
    """Why ``u`` may not go to ``q`` under "Sicilians cannot leave SICILY" (§15.2 rule 5,
    §15.4 rule 6), or "": used for retreats, which are not moves."""
    ix = state.ix
    if "sicilians_stay" in rules_of(state) and ix.region[q] != "sicily" \
            and is_sicilian(ix, u):
        return "Sicilian units cannot leave SICILY (§15.2)"
    return ""


def _scenario_check(state: State, stay: bool, expeditions: bool) -> StepCheck:
    """The border check of the scenario rules ``stay`` (Sicilians stay in SICILY) and
    ``expeditions`` (415 rule 3): why unit ``u`` may not cross from ``a`` into ``b``, or ""."""
    ix = state.ix
    region = ix.region
    sicilian = ix.derived(_sicilian_table)

    def check(u: int, a: int, b: int) -> str:
        rb = region[b]
        if stay and rb != "sicily" and sicilian[u]:
            return "Sicilian units cannot leave SICILY (§15.2)"
        if expeditions and side_of(u) == ATHENS and rb in SICILY_OR_ITALY \
                and region[a] not in SICILY_OR_ITALY and state.year >= 414:
            want = 1 if state.year == 415 else 2
            if state.flags.get(f"expedition:{ix.unit_key[u]}") != want:
                return (f"in {state.year} only the {'1st' if want == 1 else '2nd'} Expedition "
                        "may enter ITALY or SICILY (§15.4)")
        return ""

    return check


def _peace_homes(state: State, u: int) -> frozenset[int]:
    """Where ``u`` may stand in GREECE under the Peace: its home territory, plus Corcyra's for
    pro-Athenian units with Sicily Campaign Prep (§12.0)."""
    ix = state.ix
    homes = home_territory(ix, ix.nationality[u])
    if side_of(u) == ATHENS and has(state, "sicily_campaign_prep"):
        homes = homes | home_territory(ix, "corcyra")
    return homes


def _peace_offshore(state: State, homes: frozenset[int]) -> set[int]:
    ix = state.ix
    return {ix.offshore[p] for p in homes if ix.offshore[p] >= 0}


def _enemy_here(state: State, side: int, p: int) -> bool:
    lo = (1 - side) * SIDE_SPAN
    loc = state.loc
    if any(loc[e] == p for e in range(lo, lo + SIDE_SPAN)):
        return True
    g = state.garrisons.get(p)
    return g is not None and g[0] != side


def _peace_checks(state: State) -> tuple[StepCheck, EndCheck]:
    """The border and end checks of the Peace of Nicias (§12.0) on moves in ``state``. A unit's
    home territory and its offshore seas depend on the world, the scenario and the unit only,
    so each check looks them up once per unit."""
    ix = state.ix
    n_land, region = ix.n_land, ix.region
    homes: dict[int, frozenset[int]] = {}
    seas: dict[int, set[int]] = {}

    def homes_of(v: int) -> frozenset[int]:
        got = homes.get(v)
        if got is None:
            got = homes[v] = _peace_homes(state, v)
        return got

    def step(v: int, a: int, b: int) -> str:
        if b >= n_land or region[b] != "greece":
            return ""
        if b not in homes_of(v):
            return ("under the Peace of Nicias units in GREECE stay on land within their home "
                    "territory (§12.0)")
        if _enemy_here(state, side_of(v), b):
            return ("under the Peace of Nicias units may not engage or besiege enemy forces in "
                    "GREECE (§12.0)")
        return ""

    def end(v: int, path: tuple[int, ...], via: str, enters: bool) -> str:
        last = path[-1]
        if last < n_land or region[last] != "greece":
            return ""
        mine = seas.get(v)
        if mine is None:
            mine = seas[v] = _peace_offshore(state, homes_of(v))
        if last not in mine:
            return ("under the Peace of Nicias a move at sea in GREECE ends in home territory "
                    "or one of its offshore seas (§12.0)")
        if _enemy_here(state, side_of(v), last):
            return ("under the Peace of Nicias units may not engage enemy forces in GREECE "
                    "(§12.0)")
        return ""

    return step, end


def _first_reason(checks: list) -> Callable[..., str]:
    """One check (border or end check) asking ``checks`` in turn, with the same arguments: the
    first reason given, or ""."""
    def check(*args) -> str:
        for c in checks:
            reason = c(*args)
            if reason:
                return reason
        return ""

    return check


#: The scenario rules that :func:`move_limits` and :func:`limits_key` read: without any of them
#: (and without a Winter check or pass-through places) a unit moves by the ordinary §5 rules.
_MOVE_RULES = frozenset({"athens_units_frozen_until_414", "expeditions", "sicilians_stay",
                         "peace_of_nicias"})


def move_limits(state: State, u: int, winter: EndCheck | None = None,
                through: bytearray | None = None) -> Limits | None:
    """The limits on moving ``u`` now: the Peace of Nicias (§12.0), the scenario's unit rules
    (§15) and, in Winter, the wintering check and pass-through places given by
    ``winter/movement.py``.
    None when no special rule applies (ordinary §5 movement)."""
    rules = rules_of(state)
    if winter is None and through is None and rules.isdisjoint(_MOVE_RULES):
        return None
    checks: list[StepCheck] = []
    ends: list[EndCheck] = []
    reason = held_back(state, u)
    stay, expeditions = "sicilians_stay" in rules, "expeditions" in rules
    if stay or expeditions:
        checks.append(_scenario_check(state, stay, expeditions))
    under_peace = peace(state)
    if under_peace:
        peace_step, peace_end = _peace_checks(state)
        checks.append(peace_step)
        ends.append(peace_end)
        if through is None:
            ix = state.ix
            through = bytearray(1 if ix.is_sea(p) and ix.region[p] == "greece" else 0
                                for p in range(ix.n_places))
    if winter is not None:
        ends.append(winter)
    if not (checks or ends or reason or through is not None):
        return None
    step = checks[0] if len(checks) == 1 else _first_reason(checks) if checks else None
    end = ends[0] if len(ends) == 1 else _first_reason(ends) if ends else None
    sure = (state.ix.derived(_every_place) if winter is not None
            else state.ix.derived(_places_in_greece) if under_peace else b"")
    return Limits(through=through, sure_forced=sure, unit=reason, step=step, end=end)


def _every_place(ix: WorldIndex) -> bytes:
    """1 for every place (forced marches in Winter succeed wherever they go, §9.21)."""
    return b"\x01" * ix.n_places


def _places_in_greece(ix: WorldIndex) -> bytes:
    """1 for the places in GREECE, where the Peace makes forced marches succeed (§12.0 2b)."""
    return bytes(1 if ix.region[p] == "greece" else 0 for p in range(ix.n_places))


def limits_key(state: State, u: int) -> tuple:
    """What :func:`move_limits` and its step and end checks read about unit ``u`` itself: its
    side, why it may not move, and its nationality (Sicilians, Peace home territory) and
    expedition number when a rule in force reads them. In one unchanged state, units with equal
    keys get the same limits and the same answers from the checks, so their searches agree."""
    rules = rules_of(state)
    if rules.isdisjoint(_MOVE_RULES):
        return (side_of(u), "", "", None)
    ix = state.ix
    nationality = ix.nationality[u] if "sicilians_stay" in rules or peace(state) else ""
    expedition = (state.flags.get(f"expedition:{ix.unit_key[u]}") if "expeditions" in rules
                  else None)
    return (side_of(u), held_back(state, u), nationality, expedition)


__all__ = [
    "Limits", "WINTER", "action_cost", "capacities", "capacity", "civil_war_barred", "costs_vary",
    "expeditionary", "has", "held_back", "home_territory", "is_sicilian", "limits_key",
    "move_limits", "note_expeditionaries", "note_plague_in_athens", "note_season_end",
    "ostracism_barred", "peace",
    "persian_aid_cards", "pillage_prestige", "plague_barred", "refresh_neutral", "rules_of",
    "section", "setup_area", "sicilians_stay", "sicily_neutral_now", "war_resumed",
]
