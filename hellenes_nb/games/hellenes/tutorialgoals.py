"""Goal predicates: is a task's goal met, and if not, what is still missing, in plain words.

A goal is checked on what the engine knows, never against one scripted answer, so any legal
way to reach it passes. On the map the predicates read the game state and the events logged
since the task began (:class:`MapScene`); on the battle board they read the battle
(:class:`BattleScene`); a question answered by a click reads what was clicked and asks the
engine about it (a port, a home city, where a unit may go, who fires next).

:func:`unmet` returns the list of what is not yet true (empty when the goal is met); each item
is a sentence a learner can read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hellenes_nb.core.game import Game
from hellenes_nb.core.words import count
from hellenes_nb.games.hellenes.battlelab import Battle
from hellenes_nb.games.hellenes.index import SIDE_NAMES
from hellenes_nb.games.hellenes.rules.siege.blockade import blockaded
from hellenes_nb.games.hellenes.state import POOL
from hellenes_nb.games.hellenes.tutorialformat import (
    AreaFacts,
    EventGoal,
    Goal,
    PickGoal,
    UnitFacts,
)

__all__ = ["BattleScene", "MapScene", "unmet", "MAP_KEYS", "BATTLE_KEYS"]

#: goal keys that read the map, and those that read a battle board (``pick`` and the
#: combinators fit both)
MAP_KEYS = frozenset({"at", "inside", "cv", "control", "city", "siege", "blockade", "garrison",
                      "prestige", "event", "no_event", "first", "actions", "sacrifice",
                      "result"})
BATTLE_KEYS = frozenset({"winner", "how", "lost", "fired", "routed", "prestige", "cv"})
_HOLDER = {0: "athens", 1: "sparta", -1: "none"}


@dataclass
class MapScene:
    """What a map goal reads: the game, the learner's side, where the task's log began, the
    prestige then, and the learner's last click (an area id or a unit key)."""

    game: Game
    side: str
    start: int = 0
    prestige: int = 0
    picked: str | None = None

    @property
    def events(self) -> list[dict]:
        return list(self.game.log[self.start:])


@dataclass
class BattleScene:
    """What a battle goal reads: the battle, the learner's side and the block clicked."""

    battle: Battle
    side: str
    picked: str | None = None
    names: dict[str, str] = field(default_factory=dict)


def unmet(goal: Goal, scene: MapScene | BattleScene) -> list[str]:
    """What is still missing for ``goal`` (empty when it is met)."""
    out: list[str] = []
    for key in goal.keys():
        out += _CHECKS[key](goal, scene)
    return out


# -- combinators ---------------------------------------------------------------------------
def _all(goal: Goal, scene: Any) -> list[str]:
    return [m for g in goal.all for m in unmet(g, scene)]


def _any(goal: Goal, scene: Any) -> list[str]:
    missing = [unmet(g, scene) for g in goal.any]
    if any(not m for m in missing):
        return []
    return ["none of these is true yet: " + " / ".join("; ".join(m) for m in missing)]


def _not(goal: Goal, scene: Any) -> list[str]:
    assert goal.not_ is not None
    if unmet(goal.not_, scene):
        return []
    return ["this must not happen: " + ", ".join(goal.not_.keys())]


# -- the map -------------------------------------------------------------------------------
def _name(scene: MapScene, place: int) -> str:
    return scene.game.state.ix.place_name[place]


def _where(scene: MapScene, u: int) -> str:
    p = scene.game.state.loc[u]
    return _name(scene, p) if p >= 0 else "off the map"


def _unit(scene: MapScene, key: str) -> int:
    return scene.game.state.ix.unit(key)


def _place(scene: MapScene, area: str) -> int:
    return scene.game.state.ix.place(area)


def _who(scene: MapScene, u: int) -> str:
    """A unit as the learner may know it: its name if it is the learner's own, else only that
    it is an enemy block (a hidden block's identity never reaches the learner, §2.0)."""
    if u // 60 == SIDE_NAMES.index(scene.side):
        return scene.game.state.ix.describe(u)
    return "the enemy block"


def _at(goal: Goal, scene: MapScene) -> list[str]:
    s, out = scene.game.state, []
    for key, area in goal.at.items():
        u = _unit(scene, key)
        want = POOL if area == "pool" else _place(scene, area)
        if (s.loc[u] < 0 and want == POOL) or s.loc[u] == want:
            continue
        target = "eliminated (back in the pool)" if want == POOL else f"in {_name(scene, want)}"
        now = _where(scene, u) if u // 60 == SIDE_NAMES.index(scene.side) else "still there"
        out.append(f"{_who(scene, u)} should be {target}; it is {now}")
    return out


def _inside(goal: Goal, scene: MapScene) -> list[str]:
    s = scene.game.state
    return [f"{_who(scene, u)} should be inside its city's walls" for key in goal.inside
            if not (s.loc[u := _unit(scene, key)] >= 0 and s.inside[u])]


def _cv(goal: Goal, scene: MapScene | BattleScene) -> list[str]:
    if isinstance(scene, BattleScene):
        now = {f.key: f.cv for f in scene.battle.fighters}
        return [f"{scene.names.get(k, k)} should be at strength {n}; it is at {now.get(k)}"
                for k, n in goal.cv.items() if now.get(k) != n]
    s = scene.game.state
    me = SIDE_NAMES.index(scene.side)
    return [f"{_who(scene, u)} should be at strength {n}"
            + (f"; it is at {s.cv[u]}" if u // 60 == me else "")
            for key, n in goal.cv.items() if s.cv[u := _unit(scene, key)] != n]


def _holders(table: dict[str, str], scene: MapScene, read, what: str) -> list[str]:
    out = []
    for area, who in table.items():
        p = _place(scene, area)
        now = _HOLDER[read(p)]
        if now != who:
            out.append(f"{what} {_name(scene, p)} should be held by {who}; it is held by {now}")
    return out


def _control(goal: Goal, scene: MapScene) -> list[str]:
    s = scene.game.state
    return _holders(goal.control, scene, lambda p: s.control[p], "control of")


def _city(goal: Goal, scene: MapScene) -> list[str]:
    s = scene.game.state
    return _holders(goal.city, scene, lambda p: s.city_control[p], "the city of")


def _siege(goal: Goal, scene: MapScene) -> list[str]:
    s = scene.game.state
    return _holders(goal.siege, scene,
                    lambda p: s.sieges[p]["besieger"] if p in s.sieges else -1, "the siege of")


def _garrison(goal: Goal, scene: MapScene) -> list[str]:
    s = scene.game.state
    return _holders(goal.garrison, scene,
                    lambda p: s.garrisons[p][0] if p in s.garrisons else -1, "the garrison of")


def _blockade(goal: Goal, scene: MapScene) -> list[str]:
    s = scene.game.state
    return [f"{_name(scene, p)} should be blockaded (§8.21)" for area in goal.blockade
            if not blockaded(s, p := _place(scene, area))]


def _prestige(goal: Goal, scene: Any) -> list[str]:
    assert goal.prestige is not None
    if isinstance(scene, BattleScene):
        out = scene.battle.outcome
        gained = out.prestige if out is not None and out.prestige_to == scene.side else 0
    else:
        sign = 1 if scene.side == "athens" else -1
        gained = (scene.game.state.prestige - scene.prestige) * sign
    if gained >= goal.prestige:
        return []
    return [f"{scene.side.title()} should gain {goal.prestige} Prestige; so far {gained:+d}"]


def _side_of(e: dict) -> str | None:
    """The side an event names: the log writes a side's name (older entries its number)."""
    side = e.get("side")
    if isinstance(side, int) and not isinstance(side, bool) and 0 <= side < len(SIDE_NAMES):
        return SIDE_NAMES[side]
    return side if isinstance(side, str) else None


def _event_fits(e: dict, want: EventGoal, scene: MapScene) -> bool:
    if e.get("kind") != want.kind:
        return False
    if want.side is not None and _side_of(e) != want.side:
        return False
    if want.rule is not None and e.get("rule") != want.rule:
        return False
    return want.place is None or e.get("place") == _place(scene, want.place)


def _describe(want: EventGoal) -> str:
    words = want.kind.replace("_", " ")
    if want.side:
        words += f" by {want.side.title()}"
    if want.place:
        words += f" in {want.place}"
    return words


def _event(goal: Goal, scene: MapScene) -> list[str]:
    assert goal.event is not None
    if any(_event_fits(e, goal.event, scene) for e in scene.events):
        return []
    return [f"the engine has not yet logged: {_describe(goal.event)}"]


def _no_event(goal: Goal, scene: MapScene) -> list[str]:
    assert goal.no_event is not None
    if any(_event_fits(e, goal.no_event, scene) for e in scene.events):
        return [f"this should not have happened: {_describe(goal.no_event)}"]
    return []


def _first(goal: Goal, scene: MapScene) -> list[str]:
    shown = [e for e in scene.events if e.get("kind") == "reveal"]
    if shown and _side_of(shown[-1]) == goal.first:
        return []
    return [f"{goal.first.title()} should win the initiative and play first (§3.3)"]


def _actions(goal: Goal, scene: MapScene) -> list[str]:
    got = [e.get("actions", 0) for e in scene.events
           if e.get("kind") in ("turn", "winter_actions") and _side_of(e) == scene.side]
    if got and max(got) >= (goal.actions or 0):
        return []
    return [f"{scene.side.title()} should have {goal.actions} actions this turn; it has "
            f"{max(got) if got else 'none yet'}"]


def _sacrifice(goal: Goal, scene: MapScene) -> list[str]:
    s = scene.game.state
    return [f"{side.title()} should hold a Sacrifice to {god.title()} (§10.3)"
            for side, god in goal.sacrifice.items()
            if god not in s.sacrifices[SIDE_NAMES.index(side)]]


def _result(goal: Goal, scene: MapScene) -> list[str]:
    result = scene.game.result
    if result is None:
        return ["the game is not over yet (§14.2)"]
    won = result.get("winner") or "draw"
    return [] if won == goal.result else [f"the game should end with {goal.result}; it ended: "
                                          f"{result.get('text', won)}"]


# -- the battle board ----------------------------------------------------------------------
def _outcome(scene: BattleScene, what: str) -> list[str] | None:
    if scene.battle.outcome is None:
        return [f"the battle is not over yet ({what})"]
    return None


def _winner(goal: Goal, scene: BattleScene) -> list[str]:
    wait = _outcome(scene, f"{goal.winner} should win it")
    if wait:
        return wait
    won = scene.battle.outcome.winner
    return [] if won == goal.winner else [f"{goal.winner.title()} should win; "
                                          f"{won.title()} won"]


def _how(goal: Goal, scene: BattleScene) -> list[str]:
    wait = _outcome(scene, f"it should end by {goal.how}")
    if wait:
        return wait
    how = scene.battle.outcome.how
    return [] if how == goal.how else [f"the battle should end by {goal.how}; it ended by {how}"]


def _lost(goal: Goal, scene: BattleScene) -> list[str]:
    out = []
    for side, most in goal.lost.items():
        lost = sum(f.start_cv - f.cv for f in scene.battle.fighters if f.side == side)
        if lost > most:
            out.append(f"{side.title()} should lose at most {count(most, 'step')}; it lost {lost}")
    return out


def _logged(scene: BattleScene, kind: str, field_name: str) -> set[str]:
    return {e[field_name] for e in scene.battle.log if e["kind"] == kind}


def _fired(goal: Goal, scene: BattleScene) -> list[str]:
    done = _logged(scene, "attack", "by")
    return [f"{scene.names.get(k, k)} should have attacked" for k in goal.fired
            if k not in done]


def _routed(goal: Goal, scene: BattleScene) -> list[str]:
    done = _logged(scene, "rout", "target")
    return [f"{scene.names.get(k, k)} should be routed (§6.33)" for k in goal.routed
            if k not in done]


# -- a click ---------------------------------------------------------------------------------
def _pick(goal: Goal, scene: Any) -> list[str]:
    pick = goal.pick
    assert pick is not None
    if scene.picked is None:
        return ["click your answer"]
    if pick.fighter is not None:
        return _pick_fighter(pick, scene)
    if pick.area is not None:
        return _pick_area(pick.area, scene)
    assert pick.unit is not None
    return _pick_unit(pick.unit, scene)


def _pick_rearguard(scene: BattleScene) -> list[str]:
    """The rearguard: a panicked block of the least agile letter among them (§6.34)."""
    panic = [e for e in scene.battle.log if e["kind"] == "panic"]
    if not panic:
        return ["no side has panicked yet, so there is no rearguard (§6.34)"]
    side, letter = panic[-1]["side"], panic[-1]["rearguard"]
    hit = next((f for f in scene.battle.fighters if f.key == scene.picked), None)
    if hit is not None and hit.side == side and hit.agility == letter:
        return []
    name = scene.names.get(scene.picked or "", scene.picked)
    return [f"not {name}: the rearguard is the least agile of the panicked {side.title()} "
            f"blocks, rated {letter} (§6.34)"]


def _next_to_fire(b: Battle) -> str | None:
    """The block whose dice come next: the engine's next slot, passing over blocks that hold
    their fire in the first round (aggressors across narrows or from the sea, §6.5, §6.6)."""
    nxt = b.next_attacker()
    if nxt is None or b.round != 1:
        return nxt
    order = b.firing_order()
    blocks = {f.key: f for f in b.fighters}
    for key in order[order.index(nxt):] if nxt in order else []:
        f = blocks[key]
        if not f.holds_round1 and f.cv > 0 and not f.routed:
            return key
    return nxt


def _pick_fighter(pick: PickGoal, scene: BattleScene) -> list[str]:
    if pick.fighter == "rearguard":
        return _pick_rearguard(scene)
    right = _next_to_fire(scene.battle)
    if scene.picked == right:
        return []
    name = scene.names.get
    return [f"not {name(scene.picked, scene.picked)}: {name(right, right)} attacks next "
            "(agility first, defenders before aggressors, §2.14, §6.2)"]


def _area_checks(facts: AreaFacts, scene: MapScene, p: int) -> list[tuple[bool, str]]:
    s = scene.game.state
    ix = s.ix
    name = ix.place_name[p]
    checks: list[tuple[bool, str]] = []
    if facts.port is not None:
        checks.append((ix.is_port[p] == facts.port, f"{name} {'is not' if facts.port else 'is'}"
                       " a port (§1.3)"))
    if facts.city is not None:
        checks.append((ix.has_city[p] == facts.city,
                       f"{name} {'has no' if facts.city else 'has a'} city (§1.3)"))
    if facts.sea is not None:
        checks.append((ix.is_sea(p) == facts.sea,
                       f"{name} {'is not' if facts.sea else 'is'} a sea area (§1.2)"))
    if facts.loyal_to is not None:
        want = SIDE_NAMES.index(facts.loyal_to)
        checks.append((ix.has_city[p] and ix.city_loyalty[p] == want,
                       f"{name} has no city loyal to {facts.loyal_to.title()} (§1.31)"))
    if facts.controlled_by is not None:
        now = _HOLDER[s.control[p]]
        checks.append((now == facts.controlled_by,
                       f"{name} is controlled by {now}, not {facts.controlled_by} (§1.4)"))
    if facts.offshore_of is not None:
        city = ix.place(facts.offshore_of)
        checks.append((ix.offshore[city] == p, f"{name} is not the offshore sea of "
                       f"{ix.place_name[city]} (§1.3)"))
    if facts.home_of is not None:
        u = ix.unit(facts.home_of)
        checks.append((p in ix.homes[u], f"{name} is not a home of {ix.describe(u)} (§2.11)"))
    if facts.region is not None:
        checks.append((ix.region[p] == facts.region,
                       f"{name} is in {ix.region[p].title()}, not {facts.region.title()} (§1.0)"))
    if facts.neutral is not None:
        checks.append((bool(s.neutral[p]) == facts.neutral,
                       f"{name} {'is not' if facts.neutral else 'is'} neutral (§1.31)"))
    if facts.reachable_by is not None:
        u = ix.unit(facts.reachable_by)
        side = "athens" if facts.reachable_by[0] == "A" else "sparta"
        checks.append((ix.place_ids[p] in scene.game.targets(side, facts.reachable_by),
                       f"{ix.describe(u)} cannot reach {name} now (§5.0)"))
    return checks


def _pick_area(facts: AreaFacts, scene: MapScene) -> list[str]:
    ix = scene.game.state.ix
    if scene.picked not in ix.place_ids:
        return ["click an area of the map"]
    return [why for ok, why in _area_checks(facts, scene, ix.place(scene.picked)) if not ok]


def _pick_unit(facts: UnitFacts, scene: MapScene) -> list[str]:
    s = scene.game.state
    ix = s.ix
    try:
        u = ix.unit(scene.picked or "")
    except KeyError:
        return ["click a block on the map"]
    what = ix.describe(u)
    out = []
    if facts.elite is not None and ix.elite[u] != facts.elite:
        out.append(f"{what} is {'not ' if facts.elite else ''}elite (§2.13)")
    if facts.fleet is not None and ix.is_fleet[u] != facts.fleet:
        out.append(f"{what} is {'not ' if facts.fleet else ''}a fleet (§2.26)")
    if facts.type is not None and ix.unit_type[u] != facts.type:
        out.append(f"{what} is not a {facts.type.replace('_', ' ')} (§2.2)")
    if facts.fastest_of is not None:
        side = SIDE_NAMES.index(facts.fastest_of)
        ranges = [ix.move[v] for v in range(side * 60, side * 60 + 60) if s.loc[v] >= 0]
        if not ranges or ix.move[u] < max(ranges) or u // 60 != side:
            out.append(f"{what} moves {ix.move[u]} areas; a {facts.fastest_of.title()} block "
                       f"moves {max(ranges) if ranges else 0} (§2.13)")
    if facts.can_reach is not None:
        side = "athens" if (scene.picked or "A")[0] == "A" else "sparta"
        if facts.can_reach not in scene.game.targets(side, scene.picked or ""):
            out.append(f"{what} cannot reach {ix.place_name[ix.place(facts.can_reach)]} now "
                       "(§5.0)")
    return out


_CHECKS = {
    "all": _all, "any": _any, "not": _not, "at": _at, "inside": _inside, "cv": _cv,
    "control": _control, "city": _city, "siege": _siege, "garrison": _garrison,
    "blockade": _blockade, "prestige": _prestige, "event": _event, "no_event": _no_event,
    "first": _first, "actions": _actions, "sacrifice": _sacrifice, "result": _result,
    "winner": _winner,
    "how": _how, "lost": _lost, "fired": _fired, "routed": _routed, "pick": _pick,
}
