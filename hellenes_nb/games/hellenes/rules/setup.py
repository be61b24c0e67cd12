"""§15 scenario setup: units placed, recruit pool, set-aside units, neutrals, captured cities,
garrisons, initial sieges, leaders in play, prestige and the shuffled deck."""

from __future__ import annotations

from hellenes_nb.games.hellenes.index import (
    N_UNITS,
    SIDE_SPAN,
    SPARTA,
    WorldIndex,
    index_for,
    side_index,
    side_of,
    side_title,
)
from hellenes_nb.games.hellenes.rules import control
from hellenes_nb.games.hellenes.state import ASIDE, OUT, POOL, State
from hellenes_nb.games.hellenes.world import World

REGIONS = ("greece", "italy", "sicily", "persia")


def neutral_places(ix: WorldIndex, scenario_id: str) -> list[int]:
    """Places that may not be entered (§1.31, §15): listed areas, whole regions or nations,
    and areas whose ``neutral_in`` names the scenario. A neutral region includes its seas."""
    world = ix.world
    sc = world.scenarios[scenario_id]
    out: set[int] = set()
    for entry in sc.neutral:
        if entry in ix.place_of:
            out.add(ix.place_of[entry])
        elif entry in REGIONS:
            out.update(p for p in range(ix.n_places) if ix.region[p] == entry)
        elif entry in world.nations:
            out.update(p for p in range(ix.n_land) if ix.nation[p] == entry)
        else:
            raise ValueError(f"scenario {scenario_id}: neutral entry {entry!r} is not an area, "
                             "a nation or a region")
    for aid, area in world.areas.items():
        if scenario_id in area.neutral_in:
            out.add(ix.place_of[aid])
    return sorted(out)


def leader_card(world: World, name: str) -> int:
    """The card number of the leader called ``name`` (§3.11)."""
    for n, card in world.cards.items():
        if card.event == "leader" and card.params.get("leader") == name:
            return n
    raise ValueError(f"no leader card names {name!r}")


def initial_state(world: World, scenario_id: str, seed: int) -> State:
    """The state at the start of a scenario, before the first New Year deal (§15)."""
    if scenario_id not in world.scenarios:
        raise ValueError(f"unknown scenario {scenario_id!r}; choose one of "
                         f"{', '.join(sorted(world.scenarios))}")
    ix = index_for(world)
    sc = world.scenarios[scenario_id]
    s = State(ix, scenario_id, seed)
    s.year = sc.years[0]
    s.prestige = sc.prestige
    table = bytearray(ix.n_places)
    for p in neutral_places(ix, scenario_id):
        table[p] = 1
    s.neutral = bytes(table)
    rules = set(sc.rules)
    if "peace_of_nicias" in rules and "war_resumed" not in rules:
        s.flags["no_rebels"] = 1
    if "war_resumed" in rules:
        s.flags["war_resumed"] = 1
    set_aside = {int(x) for x in sc.extra.get("set_aside", ())}
    for u in range(N_UNITS):
        if not ix.exists[u]:
            continue
        uid = ix.unit_number[u]
        if not sc.uses_unit(uid):
            s.loc[u] = OUT
        elif (side_of(u) == SPARTA and uid in set_aside) or (
                ix.availability[u] == "war_resumes" and not s.flags.get("war_resumed")):
            s.loc[u] = ASIDE
        else:
            s.loc[u] = POOL
    for e in sc.setup:
        u = side_index(e.side) * SIDE_SPAN + e.unit - 1
        if not ix.exists[u]:
            raise ValueError(f"scenario {scenario_id}: setup names unknown unit {e.side} "
                             f"#{e.unit}")
        p = ix.place(e.area)
        s.loc[u] = p
        s.cv[u] = e.cv
        if e.besieged:
            s.inside[u] = 1
        if e.besieging:
            s.sieges[p] = {"besieger": side_of(u), "since": [s.year, 0]}
        if e.expedition is not None:
            s.flags[f"expedition:{ix.unit_key[u]}"] = e.expedition
    for side_name, places in sc.garrisons.items():
        side = side_index(side_name)
        for a in places:
            p = ix.place(a)
            s.garrisons[p] = [side, 1 if ix.city_loyalty[p] != side else 0]
    for side_name, places in sc.captured.items():
        side = side_index(side_name)
        for a in places:
            s.garrisons.setdefault(ix.place(a), [side, 1])
    leader_cards = set()
    for side_name, name in sc.leaders.items():
        side = side_index(side_name)
        n = leader_card(world, name)
        s.leaders[side] = n
        s.in_play.append([n, side])
        leader_cards.add(n)
    s.deck = [n for n in sc.deck if n not in leader_cards]
    s.dice.shuffle(s.deck)
    control.refresh(s)
    s.stack = [{"kind": "year", "stage": 0}]
    s.event("setup", "15.0", f"{sc.name}: setup done, {sum(1 for x in s.loc if x >= 0)} "
            f"units on the map; leaders "
            + ", ".join(f"{side_title(i)} {world.cards[n].title}"
                        for i, n in enumerate(s.leaders) if n is not None))
    return s
