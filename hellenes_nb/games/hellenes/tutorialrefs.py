"""The Hellenes tutorial's reference checks (``hellenes tutorial check``, step 2): every
area, unit, block and rule section a task names exists, and each goal fits its board (map
goals on the map, battle goals on the battle board). The tutorial engine reaches them through
the game's :class:`~hellenes_nb.core.catalog.TutorialKit`."""

from __future__ import annotations

from hellenes_nb.games.hellenes.lessonsources import RULE_SECTIONS, normalise_section
from hellenes_nb.games.hellenes.tutorialformat import Goal
from hellenes_nb.games.hellenes.tutorialgoals import BATTLE_KEYS, MAP_KEYS
from hellenes_nb.games.hellenes.world import World
from hellenes_nb.tutorial.format import TaskSpec

__all__ = ["EXAMPLES", "references"]

#: the worked examples of the rulebook's sidebars, each to be played by one task
EXAMPLES = ("Actions", "Combat Round", "Attack", "Pursuit", "Cavalry Raid", "Double Defense",
            "Quartering", "Displacement", "Homing", "Homing Battle")
_PLACE_KEYS = ("area", "to", "place", "from")


class _Refs:
    """Reference checks of one task against the world."""

    def __init__(self, world: World, task: TaskSpec):
        self.world, self.task = world, task
        self.places = set(world.areas) | set(world.seas)
        self.out: list[str] = []

    def place(self, value: object, what: str) -> None:
        if value not in self.places:
            self.out.append(f"{what}: {value!r} is not an area id (see docs/data.md)")

    def unit(self, value: object, what: str) -> None:
        ok = isinstance(value, str) and len(value) > 1 and value[0] in "AS" \
            and value[1:].isdigit()
        side = "athens" if ok and value[0] == "A" else "sparta"  # type: ignore[index]
        if not ok or (side, int(value[1:])) not in self.world.units:  # type: ignore[index]
            self.out.append(f"{what}: {value!r} is not a unit (A1–A60, S1–S60)")

    def fighter(self, value: object, what: str, keys: set[str]) -> None:
        if value not in keys:
            self.out.append(f"{what}: {value!r} is not a block of this battle (its blocks: "
                            f"{', '.join(sorted(keys))})")

    def action(self, action: dict, what: str, fighters: set[str] | None) -> None:
        kind = action.get("type")
        if kind == "pick" and fighters is not None:
            self.fighter(action.get("choice"), what, fighters)
        for k in _PLACE_KEYS:
            if k in action:
                self.place(action[k], f"{what} {k}")
        for q in action.get("path", ()) if isinstance(action.get("path"), list) else ():
            self.place(q, f"{what} path")
        for k in ("unit", "carry"):
            if action.get(k) is not None:
                self.unit(action[k], f"{what} {k}")

    def goal(self, goal: Goal, what: str, fighters: set[str] | None) -> None:
        on_map = fighters is None
        for key in goal.keys():
            if on_map and key in BATTLE_KEYS - MAP_KEYS:
                self.out.append(f"{what}: {key!r} reads a battle board; this task is on the map")
            if not on_map and key in MAP_KEYS - BATTLE_KEYS:
                self.out.append(f"{what}: {key!r} reads the map; this task is a battle board")
        for sub in (*goal.all, *goal.any, *([goal.not_] if goal.not_ else [])):
            self.goal(sub, what, fighters)
        for key, area in goal.at.items():
            self.unit(key, f"{what} at")
            if area != "pool":
                self.place(area, f"{what} at {key}")
        for key in goal.inside:
            self.unit(key, what)
        for key in goal.cv:
            if fighters is None:
                self.unit(key, what)
            else:
                self.fighter(key, what, fighters)
        for table in (goal.control, goal.city, goal.siege, goal.garrison):
            for area in table:
                self.place(area, what)
        for area in goal.blockade:
            self.place(area, f"{what} blockade")
        for ev in (goal.event, goal.no_event):
            if ev is not None and ev.place is not None:
                self.place(ev.place, f"{what} event place")
        for key in (*goal.fired, *goal.routed):
            if fighters is not None:
                self.fighter(key, what, fighters)
        pick = goal.pick
        if pick is not None:
            self._pick(pick, what, on_map)

    def _pick(self, pick, what: str, on_map: bool) -> None:
        if pick.fighter is not None and on_map:
            self.out.append(f"{what}: pick fighter is for a battle board")
        if (pick.area or pick.unit) is not None and not on_map:
            self.out.append(f"{what}: pick area and pick unit are for the map")
        facts = pick.area
        if facts is not None:
            for area in (facts.offshore_of,):
                if area is not None:
                    self.place(area, f"{what} pick")
            for key in (facts.home_of, facts.reachable_by):
                if key is not None:
                    self.unit(key, f"{what} pick")
        if pick.unit is not None and pick.unit.can_reach is not None:
            self.place(pick.unit.can_reach, f"{what} pick")


def references(world: World, task: TaskSpec, fighters: set[str] | None) -> list[str]:
    """Every name ``task`` gives that does not exist, in plain words."""
    refs = _Refs(world, task)
    if task.position is not None:
        refs.out.append("position: a Hellenes task gives its map position as 'board'")
    for r in task.rules:
        if normalise_section(r) not in RULE_SECTIONS:
            refs.out.append(f"rules: §{normalise_section(r)} is not a section of the rulebook")
    if task.example is not None and task.example not in EXAMPLES:
        refs.out.append(f"example: {task.example!r} is not a worked example of the rulebook "
                        f"({', '.join(EXAMPLES)})")
    if task.focus.area is not None:
        refs.place(task.focus.area, "focus area")
    for a in task.focus.highlight:
        refs.place(a, "focus highlight")
    for i, a in enumerate(task.replies, 1):
        refs.action(a, f"replies item {i}", fighters)
    for n, stage in enumerate(task.steps(), 1):
        where = f"stage {n}" if task.stages else "goal"
        if stage.goal is None:
            refs.out.append(f"{where}: every stage needs a goal")
        else:
            refs.goal(stage.goal, where, fighters)
        for i, a in enumerate(stage.solution, 1):
            refs.action(a, f"{where} solution item {i}", fighters)
    return refs.out
