"""Build an engine :class:`~hellenes_nb.games.hellenes.state.State` from a lesson's position.

A lesson starts "at a moment in the war" rather than at a scenario's setup: the scenario gives
the card range, the units in use, the neutral areas, the units set aside and its standing rules
(§15: War Resumes from the start in 413, the Peace of Nicias in 415, the expeditions' marks);
the position gives the year and season, prestige, leaders, hands and where every unit on the
map stands, and may say what has happened since the setup (War Resumes, plagues in Athens).
Units of the scenario that the position does not place wait in the recruit pool (§2.0).

Only the public State API is used (the same fields ``rules/setup.py`` fills). The position is
checked first by :func:`position_problems`, so that a bad lesson gets plain-words messages
instead of an engine error.
"""

from __future__ import annotations

from hellenes_nb.games.hellenes.index import SEASONS, SIDE_NAMES, index_for, side_index
from hellenes_nb.games.hellenes.lessonformat import SEASON_NAMES, PositionSpec
from hellenes_nb.games.hellenes.rules import control
from hellenes_nb.games.hellenes.rules.setup import initial_state, leader_card, neutral_places
from hellenes_nb.games.hellenes.rules.siege.blockade import blockaded
from hellenes_nb.games.hellenes.state import ASIDE, POOL, State
from hellenes_nb.games.hellenes.world import Scenario, World

__all__ = ["PositionError", "position_problems", "build_state"]


class PositionError(ValueError):
    """The declared position is not legal; ``problems`` lists what is wrong."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("; ".join(problems))


def _unit_number(key: str) -> tuple[str, int]:
    return ("athens" if key[0] == "A" else "sparta"), int(key[1:])


def _leader_names(world: World) -> dict[str, int]:
    return {c.params.get("leader"): n for n, c in world.cards.items() if c.event == "leader"}


def _war_resumed(sc: Scenario, pos: PositionSpec) -> bool:
    """Is War Resumes in effect at the position: as declared, else as the scenario starts."""
    return pos.war_resumed if pos.war_resumed is not None else "war_resumed" in sc.rules


def _set_aside(sc: Scenario, pos: PositionSpec) -> set[int]:
    """Spartan unit ids still set aside at the position (§12.13, §15.4)."""
    ids = {int(x) for x in sc.extra.get("set_aside", ())}
    freed = "spartan_recruits_41_46" in sc.rules and _war_resumed(sc, pos)
    return set() if freed else ids


def _history_problems(sc: Scenario, pos: PositionSpec) -> list[str]:
    """What the position says happened since the setup, checked against the scenario's rules."""
    out: list[str] = []
    rules = set(sc.rules)
    if pos.war_resumed is False and "war_resumed" in rules:
        out.append(f"war_resumed: the {sc.name} starts after War Resumes (§15.3); leave it "
                   "out or write true")
    if pos.war_resumed and "war_resumed" not in rules and "war_can_resume" not in rules:
        why = ("its Peace of Nicias cannot be broken" if "peace_unbreakable" in rules
               else "it has no Peace of Nicias to break")
        out.append(f"war_resumed: true does not fit the {sc.name}: {why} (§12.1, §15)")
    n = pos.plagues_in_athens
    if n is not None and "pericles_plague" not in rules:
        out.append(f"plagues_in_athens: the {sc.name} does not count plagues in Athens; only "
                   "the 431 Campaign does (§15.1)")
    elif n is not None and not 0 <= n <= 2:
        out.append(f"plagues_in_athens must be 0, 1 or 2, got {n}: the second plague kills "
                   "Pericles and no further plague can occur (§15.1)")
    elif n == 2 and pos.leaders.get("athens") == "pericles":
        out.append("leaders athens: Pericles died of the second plague (plagues_in_athens: 2, "
                   "§15.1)")
    if n and pos.plague_struck is False:
        out.append(f"plague_struck: false contradicts plagues_in_athens: {n}")
    return out


def position_problems(world: World, pos: PositionSpec) -> list[str]:
    """Every reason the position cannot be set up, in plain words (empty when legal).

    Checks: the scenario, year and cards exist; each unit exists, is used by the scenario and
    is placed once; cv between 1 and the unit's maximum (§2.12); no unit in a neutral area
    (§1.31); fleets only at sea or on a coast (§5.1); land units at sea carried by a stronger
    fleet of their side (§5.21); besieged units only inside a city within capacity (§1.3,
    §7.1), facing enemy besiegers; no area holding both sides unless one is besieged there
    (§7.2, a battle would be due); garrisons only in cities (§2.3); no unit still set aside
    (§12.13); War Resumes and plagues in Athens only where the scenario has them (§12.1,
    §15.1).
    """
    out: list[str] = []
    sc = world.scenarios.get(pos.scenario)
    if sc is None:
        return [f"scenario {pos.scenario!r} does not exist; choose one of "
                f"{', '.join(sorted(world.scenarios))}"]
    first, last = sc.years
    if not last <= pos.year <= first:
        out.append(f"year {pos.year} BC is outside the {sc.name} ({first}–{last} BC)")
    if not -15 < pos.prestige < 15:
        out.append(f"prestige {pos.prestige} would already have ended the game (§14.21)")
    out += _history_problems(sc, pos)
    ix = index_for(world)
    leaders = _leader_names(world)
    lo, hi = sc.cards
    used_cards: dict[int, str] = {}
    for side, name in pos.leaders.items():
        if name is None:
            continue
        if name not in leaders:
            out.append(f"leaders {side}: {name!r} is not a leader card; the leaders are "
                       f"{', '.join(sorted(n for n in leaders if n))}")
            continue
        used_cards[leaders[name]] = f"{side}'s leader"
    if pos.plagues_in_athens == 2 and "pericles" in leaders:
        used_cards[leaders["pericles"]] = "out of the game (Pericles died of the second plague, " \
                                          "§15.1)"
    for side, cards in pos.hands.items():
        if len(cards) > 6:
            out.append(f"hands {side}: {len(cards)} cards; a hand holds at most 6 (§10.1)")
        for n in cards:
            if n not in world.cards:
                out.append(f"hands {side}: card {n} does not exist (cards are 1–55)")
            elif not lo <= n <= hi:
                out.append(f"hands {side}: card {n} is not in the {sc.name} deck "
                           f"(cards {lo}–{hi}, §3.0)")
            elif n in used_cards:
                out.append(f"hands {side}: card {n} is already {used_cards[n]}")
            else:
                used_cards[n] = f"in {side}'s hand"
    neutral = {ix.place_ids[p] for p in neutral_places(ix, pos.scenario)}
    seen: set[str] = set()
    where: dict[str, tuple[str, bool]] = {}
    for u in pos.units:
        label = f"unit {u.key}"
        if u.key in seen:
            out.append(f"{label} is placed twice")
            continue
        seen.add(u.key)
        side, number = _unit_number(u.key)
        rec = world.units.get((side, number))
        if rec is None:
            out.append(f"{label}: {side.title()} has no unit #{number} (ids 1–60)")
            continue
        if not sc.uses_unit(number):
            out.append(f"{label} ({rec.name}) is not used in the {sc.name} (§2.1)")
        elif side == "sparta" and number in _set_aside(sc, pos):
            out.append(f"{label} ({rec.name}) is set aside in the {sc.name}"
                       + (" until War Resumes (§12.13)"
                          if "spartan_recruits_41_46" in sc.rules else " (§15)"))
        if u.area not in ix.place_of:
            out.append(f"{label}: {u.area!r} is not an area id (see docs/data.md)")
            continue
        p = ix.place_of[u.area]
        if not 1 <= u.cv <= rec.max_cv:
            out.append(f"{label} ({rec.name}): cv {u.cv} must be 1 to {rec.max_cv} (§2.12)")
        if u.area in neutral:
            out.append(f"{label}: {u.area} is neutral in the {sc.name} and may not be entered "
                       "(§1.31)")
        fleet = rec.is_fleet
        if fleet and not ix.is_sea(p) and not ix.is_coastal(p):
            out.append(f"{label} ({rec.name}) is a fleet: fleets stand only at sea or in "
                       f"coastal areas, and {u.area} is inland (§5.1)")
        if u.besieged and (ix.is_sea(p) or not ix.has_city[p]):
            out.append(f"{label} is besieged in {u.area}, which has no city (§7.1)")
        if u.besieged and fleet and not ix.is_port[p]:
            out.append(f"{label} is a fleet besieged in {u.area}, which is not a port (§7.1)")
        if u.besieged and u.besieging:
            out.append(f"{label} cannot be both besieged and besieging")
        if u.carries and not fleet:
            out.append(f"{label} is not a fleet, so it cannot carry {u.carries} (§5.21)")
        where[u.key] = (u.area, u.besieged)
    units = {u.key: u for u in pos.units}
    carried: dict[str, str] = {}
    for u in pos.units:
        if not u.carries or u.key not in where:
            continue
        c = units.get(u.carries)
        if c is None:
            out.append(f"unit {u.key} carries {u.carries}, which the position does not place")
            continue
        if c.key[0] != u.key[0]:
            out.append(f"unit {u.key} cannot carry the enemy unit {c.key} (§5.21)")
        if c.area != u.area:
            out.append(f"unit {u.key} carries {c.key}, but they are in different areas")
        if c.cv >= u.cv:
            out.append(f"unit {u.key} ({u.cv} cv) can only carry a unit weaker than itself; "
                       f"{c.key} has {c.cv} cv (§5.21)")
        if u.carries in carried:
            out.append(f"unit {c.key} is carried by both {carried[u.carries]} and {u.key}")
        carried[u.carries] = u.key
        rec = world.units.get(_unit_number(c.key))
        if rec is not None and rec.is_barbarian:
            out.append(f"unit {c.key} is a barbarian: barbarians are never carried (§5.21)")
    for key, (area, _inside) in where.items():
        rec = world.units[_unit_number(key)]
        if ix.is_sea(ix.place_of[area]) and not rec.is_fleet and key not in carried:
            out.append(f"unit {key} ({rec.name}) is a land unit at sea in {area} without a "
                       "fleet carrying it (give the fleet 'carries: " + key + "', §5.21)")
    by_area: dict[str, dict[str, dict[str, list[str]]]] = {}
    for key, (area, inside) in where.items():
        side = "athens" if key[0] == "A" else "sparta"
        slot = by_area.setdefault(area, {"athens": {"in": [], "out": []},
                                         "sparta": {"in": [], "out": []}})
        slot[side]["in" if inside else "out"].append(key)
    for area, sides in by_area.items():
        p = ix.place_of[area]
        for side in ("athens", "sparta"):
            enemy = "sparta" if side == "athens" else "athens"
            inside = sides[side]["in"]
            if inside and len(inside) > 2 * ix.city_value[p]:
                out.append(f"{len(inside)} {side.title()} units are besieged in {area}, whose "
                           f"city holds {2 * ix.city_value[p]} (capacity, §1.3, §7.1)")
            if inside and not sides[enemy]["out"]:
                out.append(f"{side.title()} units are besieged in {area} but no "
                           f"{enemy.title()} units besiege them outside (§7.2)")
            if inside and sides[side]["out"]:
                out.append(f"{side.title()} units stand both inside and outside {area}: "
                           "a city is held by one side at a time")
        if sides["athens"]["out"] and sides["sparta"]["out"]:
            out.append(f"both sides have units in the open in {area}: a battle would be due; "
                       "start the lesson before they meet, or besiege one side (§5.4, §7.2)")
        if sides["athens"]["in"] and sides["sparta"]["in"]:
            out.append(f"both sides are besieged inside {area}")
    for u in pos.units:
        if u.besieging and u.key in where:
            enemy = "S" if u.key[0] == "A" else "A"
            if not any(k[0] == enemy and inside and a == u.area
                       for k, (a, inside) in where.items()):
                out.append(f"unit {u.key} is besieging {u.area}, but no enemy unit is "
                           "besieged there")
    for side, areas in pos.garrisons.items():
        for a in areas:
            if a not in ix.place_of:
                out.append(f"garrisons {side}: {a!r} is not an area id")
            elif not ix.has_city[ix.place_of[a]]:
                out.append(f"garrisons {side}: {a} has no city to garrison (§2.3)")
    return out


def _apply_history(s: State, pos: PositionSpec) -> None:
    """Carry the declared history into the setup's flags (kept otherwise: war_resumed in 413,
    no_rebels under the Peace, the expeditions' marks)."""
    sc = s.ix.world.scenarios[pos.scenario]
    if _war_resumed(sc, pos) and not s.flags.get("war_resumed"):
        s.flags["war_resumed"] = 1  # as peace.resume_war, without its prestige and log (§12.1)
        s.flags.pop("no_rebels", None)
        freed = {int(x) for x in sc.extra.get("set_aside", ())} - _set_aside(sc, pos)
        for u in range(60, len(s.loc)):
            if s.loc[u] == ASIDE and s.ix.unit_number[u] in freed:
                s.loc[u] = POOL
    if pos.plagues_in_athens:
        s.flags["plague_count"] = pos.plagues_in_athens
    if pos.plagues_in_athens or pos.plague_struck:
        s.flags["plague_struck"] = 1


def build_state(world: World, pos: PositionSpec, seed: int) -> State:
    """The engine state of a legal position, waiting for the season's card play (§3.3).

    The scenario's setup gives the neutral areas, the units set aside and the flags of its
    standing rules; the position replaces the board, the cards and the track, and adds the
    history it declares. The deck is the scenario's cards minus the leaders in play, the
    declared hands and a card out of the game, shuffled by the lesson's seed. Raises
    :class:`PositionError` when the position is illegal.
    """
    problems = position_problems(world, pos)
    if problems:
        raise PositionError(problems)
    s = initial_state(world, pos.scenario, seed)
    ix = s.ix
    for u in range(len(s.loc)):
        if s.loc[u] >= 0:
            s.loc[u], s.cv[u] = POOL, 0
        s.inside[u] = 0
    s.garrisons, s.sieges, s.carry = {}, {}, {}
    _apply_history(s, pos)
    season = SEASON_NAMES[pos.season]
    s.year, s.season, s.prestige = pos.year, season, pos.prestige
    s.in_play, s.leaders = [], [None, None]
    for side_name, name in pos.leaders.items():
        if name is not None:
            n = leader_card(world, name)
            s.leaders[side_index(side_name)] = n
            s.in_play.append([n, side_index(side_name)])
    for u in pos.units:
        i = ix.unit(u.key)
        s.loc[i], s.cv[i] = ix.place(u.area), u.cv
        s.inside[i] = 1 if u.besieged else 0
    for u in pos.units:
        if u.carries:
            s.carry[ix.unit(u.key)] = ix.unit(u.carries)
        if u.besieging:
            # established a season earlier, so siege combat may follow at once (§7.2, §8.0)
            p = ix.place(u.area)
            besieger = side_index("athens" if u.key[0] == "A" else "sparta")
            s.sieges[p] = {"besieger": besieger, "since": [pos.year, season - 1, 0],
                           "blockaded_since": None}
    for side_name, areas in pos.garrisons.items():
        side = side_index(side_name)
        for a in areas:
            p = ix.place(a)
            s.garrisons[p] = [side, 1 if ix.city_loyalty[p] != side else 0]
    for p, rec in list(s.sieges.items()):
        d = 1 - rec["besieger"]
        if ix.city_loyalty[p] == d and p not in s.garrisons:
            s.garrisons[p] = [d, 0]  # a loyal city's garrison appears with the siege (§7.3)
        if ix.is_port[p] and blockaded(s, p):
            s.sieges[p] = {**rec, "blockaded_since": rec["since"]}
    hands = [list(pos.hands.get(name, ())) for name in SIDE_NAMES]
    taken = {n for h in hands for n in h} | {n for n in s.leaders if n is not None}
    if pos.plagues_in_athens == 2:
        taken.add(leader_card(world, "pericles"))  # out of the game (§15.1 rule 3)
    lo, hi = world.scenarios[pos.scenario].cards
    s.hands = hands
    s.deck = [n for n in range(lo, hi + 1) if n in world.cards and n not in taken]
    s.discard = []
    s.dice.shuffle(s.deck)
    control.refresh(s)
    s.log = []
    s.stack = [{"kind": "year", "stage": season + 1},
               {"kind": "season", "season": season, "stage": 0}]
    s.event("setup", "15.0", f"Lesson position: {SEASONS[season]} {pos.year} BC, "
            f"{sum(1 for x in s.loc if x >= 0)} units on the map, prestige {pos.prestige:+d}")
    return s
