"""The Replacement Phase as both sides' decisions (§8.0-§8.6; §9.3 for Spartan navies with
Persia's support). docs/athens-sparta.md, "The Replacement Phase".

At the end of an Olympiad with no winner a **replacements** frame asks both sides, in either
order (the rules have the phase simultaneous; each side's builds go on the map face down as it
makes them). Each side starts with its build points (§8.1: its cities' points, those under
siege or blockade left out) and spends them step by step:

- ``reinforce`` {side, block}: one more step on a block of its own standing in a city, major
  or minor (§8.2): its own city free of siege and blockade, or an enemy city it besieges or
  blockades (blocks shut in a besieged city are not reinforced);
- ``build`` {side, block, city}: a block of its pool put on the map at one step (more steps by
  ``reinforce``) in its home city when that city is its own and free, a reserve in any such
  major city (§8.3);
- ``disband`` {side, block}: a block of its own on the map back to the pool, its steps lost
  (§8.6); not one sharing its hex with enemy blocks (a siege);
- ``build_plan`` {side}: the rest of its points spent by the standard plan (:func:`plan`:
  repairs in free cities first, cheapest steps first, then new blocks at home, reserves in the
  main city) and its phase finished: the bots' choice, and a quick one for a player;
- ``end_replacements`` {side}: its phase finished; points left are lost.
- ``exchange_revolt`` {side, block, peltast}: with the option ``revolt: fan`` (§7.0), the
  side's Demos or Tyrants standing on the map after a revolt that succeeded goes back to the
  pool and a peltast of its pool takes its place at its strength, for no BP (the standard
  plan does this first).

A step costs 1 BP for hoplites and peltasts and 2 for cavalry and navies (§8.4), 1 for Spartan
navies with Persia (§9.3). At most twice a major city's value is spent in it (8 in Athens and
Sparta), 1 BP in a minor city (§8.1), counted per side. Revolt blocks (Demos, Tyrants, the
Helots) are raised with move points, never built or reinforced (§7.0). When both sides are
done the next Olympiad begins.

**In secret until both have finished** (the phase is simultaneous, §8.0): the frame keeps where
every block stood when the phase began (``before``); while it lasts each side's view shows the
other side's blocks where they stood then (``view.py``), each choice is logged ``sealed`` (read
by its side and the teacher only), the prompt's words give only the public build points at the
start, and a disband never depends on the other side's choices (a hex shared with enemy blocks is a
siege, and nobody disbands there). When the
second side finishes, one public event per side says where new blocks came onto the map and
where blocks left it (the board then shows them, face down); the steps added are never told.
"""

from __future__ import annotations

from collections import Counter

from hellenes_nb.core.echo import shown
from hellenes_nb.core.steps import IllegalAction, Step, pop, push, replace_top
from hellenes_nb.games.athens_sparta.position import SIDES, Position
from hellenes_nb.games.athens_sparta.rules.revolts import REVOLT_BLOCK, exchange_problem
from hellenes_nb.games.athens_sparta.rules.victory import build_limit, build_points, step_cost

__all__ = ["ACTIONS", "STEPS", "phase_frame", "plan", "play_plan", "problem"]

#: blocks raised with move points (§7.0, §7.1), never built with build points
NOT_BUILT = ("demos", "tyrants", "helots")
ACTIONS = ("reinforce", "build", "disband", "exchange_revolt", "build_plan", "end_replacements")
#: the public words of a sealed event (never read: view.log_for leaves sealed events out)
SECRET = "a replacement made in secret"


def phase_frame(st: Position) -> dict:
    """The frame of the Replacement Phase: both sides to decide, with their build points."""
    return {"kind": "replacements", "waiting": list(SIDES),
            "points": dict(build_points(st.board, st.world)), "spent": {s: {} for s in SIDES},
            "before": {k: v.where for k, v in sorted(st.board.blocks.items()) if v.side}}


def _cities_by_hex(st: Position) -> dict[str, str]:
    return {c.hex: c.id for c in st.world.cities.values() if c.kind == "city" and c.hex}


def _free(st: Position, city_id: str, side: str) -> bool:
    b = st.board
    return (b.control.get(city_id) == side and city_id not in b.besieged
            and city_id not in b.blockaded)


def _name(st: Position, city_id: str) -> str:
    return st.world.cities[city_id].name


def _cost(st: Position, frame: dict, side: str, block_id: str, city_id: str) -> str | None:
    """Why one step of the block cannot be paid for in the city, or None (§8.1, §8.4)."""
    kind = next(x for x in st.world.blocks if x.id == block_id)
    cost = step_cost(kind.type, side, persian_support=st.board.allied)
    left = frame["points"][side]
    if cost > left:
        return (f"a step of {kind.name} costs {cost} BP and {side} has {left} BP left "
                "(§8.4)")
    spent = frame["spent"][side].get(city_id, 0)
    limit = build_limit(st.world, city_id)
    if spent + cost > limit:
        return (f"at most {limit} BP may be spent in {_name(st, city_id)} and {side} has "
                f"spent {spent} there; a step of {kind.name} costs {cost} (§8.1)")
    return None


def _reinforce(st: Position, frame: dict, side: str, block_id: str) -> tuple[str | None, str]:
    """Why ``side`` may not add a step to the block, or None; and the city it is spent in."""
    kind = next((x for x in st.world.blocks if x.id == block_id), None)
    mine = st.board.blocks.get(block_id)
    if kind is None or mine is None or mine.side != side:
        return f"{shown(block_id)} is not a block of {side}", ""
    if mine.where not in st.world.hexes:
        return (f"{kind.name} is not on the map ({mine.where}); a block of the pool is built "
                "with 'build' (§8.3)"), ""
    if kind.type in NOT_BUILT:
        return f"{kind.name} is a revolt block: it is raised with move points, not built (§7.0)", ""
    if mine.steps >= kind.steps:
        return f"{kind.name} is at full strength ({kind.steps} steps, §2.11)", ""
    city = _cities_by_hex(st).get(mine.where)
    if city is None:
        return (f"{kind.name} stands in a hex with no city: blocks are reinforced only in a "
                "city (§8.2)"), ""
    b = st.board
    if side not in (b.besieged.get(city), b.blockaded.get(city)) and not _free(st, city, side):
        if b.control.get(city) == side:
            return (f"{kind.name} is shut in {_name(st, city)}, under siege or blockade: only "
                    "the besiegers' blocks there may be reinforced (§8.2)"), ""
        return f"{_name(st, city)} is not a city of {side} (§8.2)", ""
    return _cost(st, frame, side, block_id, city), city


def _build(st: Position, frame: dict, side: str, block_id: str, city_id: str) -> str | None:
    """Why ``side`` may not build the block in the city, or None (§8.3)."""
    kind = next((x for x in st.world.blocks if x.id == block_id), None)
    mine = st.board.blocks.get(block_id)
    if kind is None or mine is None or mine.side != side:
        return f"{shown(block_id)} is not a block of {side}"
    if mine.where != "pool":
        return f"{kind.name} is not in the replacement pool: only pool blocks are built (§8.3)"
    if kind.type in NOT_BUILT:
        return f"{kind.name} is a revolt block: it is raised with move points, not built (§7.0)"
    city = st.world.cities.get(city_id)
    if city is None or city.kind != "city":
        return f"{shown(city_id)} is not a city of the map"
    if kind.home == "any":
        if not city.value or city.offboard:
            return (f"{kind.name} is a reserve: it is built in a major city of {side} on the "
                    f"map, and {city.name} is not one (§8.3)")
    elif city_id != kind.home:
        return (f"{kind.name} is built only in its home city, "
                f"{_name(st, kind.home)} (§8.3)")
    if city.offboard or not city.hex:
        return f"{city.name} is off the board: blocks are not built there"
    if not _free(st, city_id, side):
        return (f"{city.name} is not a free city of {side} (enemy-held, neutral, or under "
                "siege or blockade): no block is built there (§8.3)")
    return _cost(st, frame, side, block_id, city_id)


def _disband(st: Position, side: str, block_id: str) -> str | None:
    kind = next((x for x in st.world.blocks if x.id == block_id), None)
    mine = st.board.blocks.get(block_id)
    if kind is None or mine is None or mine.side != side:
        return f"{shown(block_id)} is not a block of {side}"
    if mine.where not in st.world.hexes:
        return f"{kind.name} is not on the map ({mine.where}): only blocks on the map disband"
    if st.board.sides_in(mine.where) - {side}:
        return (f"{kind.name} shares its hex with enemy blocks (a siege or blockade): it is "
                "not disbanded there (docs/athens-sparta.md)")
    return None


def _exchange(st: Position, side: str, block: str, peltast: str) -> str | None:
    """Why the revolt block may not be swapped for the peltast now (§7.0, fan), or None."""
    if st.options.get("revolt", "aid") != "fan":
        return ("a revolt block is exchanged for a peltast only in the fan reading of §7.0 "
                "(the option revolt: fan); by the aid it stays as it is")
    return exchange_problem(st.world, st.board, side, block, peltast)


def _exchanges(st: Position, side: str) -> list[tuple[str, str]]:
    """Every (revolt block, pool peltast) pair the side may swap now."""
    if st.options.get("revolt", "aid") != "fan":
        return []
    block = REVOLT_BLOCK[side]
    return [(block, x.id) for x in st.world.blocks
            if x.type == "peltast" and _exchange(st, side, block, x.id) is None]


def problem(st: Position, frame: dict, action: dict) -> IllegalAction | None:
    """Why the action is refused in the Replacement Phase, in words with its rule, or None."""
    kind, side = action.get("type"), action.get("side")
    if kind not in ACTIONS:
        return IllegalAction(f"{shown(kind)} is not a choice in the Replacement Phase; the "
                             f"choices are {', '.join(ACTIONS)}", "8.0")
    if side not in frame["waiting"]:
        return IllegalAction(f"{shown(side)} has finished its replacements this Olympiad", "8.0")
    why: str | None = None
    if kind == "reinforce":
        why = _reinforce(st, frame, side, action["block"])[0]
    elif kind == "build":
        why = _build(st, frame, side, action["block"], action["city"])
    elif kind == "disband":
        why = _disband(st, side, action["block"])
    elif kind == "exchange_revolt":
        why = _exchange(st, side, action["block"], action["peltast"])
        return None if why is None else IllegalAction(why, "7.0")
    return None if why is None else IllegalAction(why, "8.0")


def _do(st: Position, frame: dict, action: dict) -> dict:
    """Carry out a checked action on the board; returns the frame's new entries."""
    side, kind = action["side"], action["type"]
    names = {x.id: x for x in st.world.blocks}
    points, spent = dict(frame["points"]), {s: dict(v) for s, v in frame["spent"].items()}
    if kind in ("reinforce", "build"):
        k = action["block"]
        city = action.get("city") or _reinforce(st, frame, side, k)[1]
        cost = step_cost(names[k].type, side, persian_support=st.board.allied)
        points[side] -= cost
        spent[side][city] = spent[side].get(city, 0) + cost
        v = st.board.blocks[k]
        where = _name(st, city)
        if kind == "build":
            v.where, v.steps = st.world.cities[city].hex, 1
            st.event("build", "8.3", f"{side} builds {names[k].name} at {where} (1 step, "
                     f"{cost} BP)", side, private=side, public=SECRET, sealed=True)
        else:
            v.steps += 1
            st.event("build", "8.2", f"{side} adds a step to {names[k].name} at {where} "
                     f"({v.steps} steps, {cost} BP)", side, private=side, public=SECRET,
                     sealed=True)
    elif kind == "exchange_revolt":
        v, p = st.board.blocks[action["block"]], st.board.blocks[action["peltast"]]
        where = v.where
        p.where, p.steps, v.where, v.steps = where, v.steps, "pool", 0
        st.event("build", "7.0", f"{side} exchanges {names[action['block']].name} at {where} "
                 f"for {names[action['peltast']].name} ({p.steps} steps)", side, private=side,
                 public=SECRET, sealed=True)
    elif kind == "disband":
        v = st.board.blocks[action["block"]]
        st.event("build", "8.6", f"{side} disbands {names[action['block']].name} to the pool",
                 side, private=side, public=SECRET, sealed=True)
        v.where, v.steps = "pool", 0
    return {"points": points, "spent": spent}


def plan(st: Position, frame: dict, side: str) -> list[dict]:
    """The standard plan (module docstring) as the actions it takes, on a copy of the
    position: repairs of damaged blocks in free cities, cheapest steps first; then pool blocks
    by id at home (reserves in the side's main city), each as strong as the points and the
    city's limit allow."""
    sim, f = st.clone(), dict(frame)
    names = {x.id: x for x in st.world.blocks}
    out: list[dict] = []

    def take(action: dict) -> bool:
        nonlocal f
        if problem(sim, f, action) is not None:
            return False
        f = {**f, **_do(sim, f, action)}
        out.append(action)
        return True

    def cost(k: str) -> int:
        return step_cost(names[k].type, side, persian_support=sim.board.allied)

    for block, peltast in _exchanges(sim, side)[:1]:  # the revolt block's exchange (§7.0)
        take({"type": "exchange_revolt", "side": side, "block": block, "peltast": peltast})
    hexes = _cities_by_hex(sim)
    damaged = sorted((cost(k), k) for k, v in sim.board.blocks.items()
                     if v.side == side and v.where in hexes and names[k].type not in NOT_BUILT
                     and _free(sim, hexes[v.where], side) and 0 < v.steps < names[k].steps)
    for _, k in damaged:
        while take({"type": "reinforce", "side": side, "block": k}):
            pass
    for k in sorted(k for k, v in sim.board.blocks.items() if v.side == side
                    and v.where == "pool" and names[k].type not in NOT_BUILT):
        home = side if names[k].home == "any" else names[k].home
        if take({"type": "build", "side": side, "block": k, "city": home}):
            while take({"type": "reinforce", "side": side, "block": k}):
                pass
    return out


def _places(st: Position, hexes: list[str]) -> str:
    """Hexes in words, a city by its name, each with how many times it comes."""
    cities = _cities_by_hex(st)
    named = [_name(st, cities[h]) if h in cities else h for h in hexes]
    return ", ".join(f"{n} ({named.count(n)})" if named.count(n) > 1 else n
                     for n in sorted(set(named)))


def _reveal(st: Position, frame: dict) -> None:
    """Both sides have finished: say in public where each side's new blocks stand and where
    blocks left the map, as the board now shows them face down (§8.0)."""
    before, hexes = frame.get("before", {}), st.world.hexes
    for side in SIDES:
        was = Counter(w for k, w in before.items() if w in hexes
                      and st.board.blocks[k].side == side)
        now = Counter(v.where for v in st.board.blocks.values() if v.side == side
                      and v.where in hexes)
        came = sorted((now - was).elements())  # as the board shows it: blocks per hex
        gone = sorted((was - now).elements())
        words = [f"new blocks at {_places(st, came)}"] if came else []
        words += [f"blocks gone from {_places(st, gone)}"] if gone else []
        st.event("build", "8.0", f"{side}'s replacements are shown: "
                 f"{'; '.join(words) or 'no block came onto the map or left it'}", side)


def play_plan(st: Position, side: str) -> list[str]:
    """The standard plan of one side carried out at once with its whole build points (for
    tests and positions set by hand); returns what it did, in words."""
    frame = phase_frame(st)
    start = len(st.log)
    for action in plan(st, frame, side):
        frame = {**frame, **_do(st, frame, action)}
    return [e["text"] for e in st.log[start:]]


class Replacements(Step):
    """Both sides spend their build points (module docstring)."""

    kind = "replacements"
    rules = ("8.0", "8.1", "8.2", "8.3", "8.4", "8.6")

    def deciders(self, st: Position, frame: dict) -> tuple[int, ...]:
        return tuple(SIDES.index(s) for s in frame["waiting"])

    def legal(self, st: Position, frame: dict, side: int) -> list[dict]:
        name = SIDES[side]
        if name not in frame["waiting"]:
            return []
        names = {x.id: x for x in st.world.blocks}
        b = st.board
        out = []
        for k, v in sorted(b.blocks.items()):
            if v.side != name:
                continue
            x = names[k]
            if v.where == "pool":
                homes = [c.id for c in st.world.cities.values() if c.value] \
                    if x.home == "any" else [x.home]
                for city in homes:
                    if _build(st, frame, name, k, city) is None:
                        cost = step_cost(x.type, name, persian_support=b.allied)
                        out.append({"type": "build", "side": name, "block": k, "city": city,
                                    "label": f"build {x.name} ({x.type}) at "
                                             f"{_name(st, city)}, 1 step for {cost} BP"})
                continue
            why, city = _reinforce(st, frame, name, k)
            if why is None:
                cost = step_cost(x.type, name, persian_support=b.allied)
                out.append({"type": "reinforce", "side": name, "block": k,
                            "label": f"add a step to {x.name} ({x.type}) at {_name(st, city)}:"
                                     f" {v.steps} to {v.steps + 1} for {cost} BP"})
        for k, v in sorted(b.blocks.items()):
            if v.side == name and _disband(st, name, k) is None:
                out.append({"type": "disband", "side": name, "block": k,
                            "label": f"disband {names[k].name} ({v.where}) to the pool; its "
                                     "steps are lost"})
        for block, peltast in _exchanges(st, name):
            out.append({"type": "exchange_revolt", "side": name, "block": block,
                        "peltast": peltast,
                        "label": f"exchange {names[block].name} for {names[peltast].name} at "
                                 f"{b.blocks[block].steps} steps (no BP, §7.0)"})
        left = frame["points"][name]
        out.append({"type": "build_plan", "side": name,
                    "label": f"spend my {left} BP by the standard plan (repairs first, then "
                             "new blocks at home) and finish"})
        out.append({"type": "end_replacements", "side": name,
                    "label": f"finish my replacements ({left} BP unspent are lost)"})
        return out

    def why_illegal(self, st: Position, frame: dict, action: dict) -> IllegalAction | None:
        return problem(st, frame, action)

    def apply(self, st: Position, frame: dict, action: dict) -> None:
        side = action["side"]
        if action["type"] == "build_plan":
            for step in plan(st, frame, side):
                frame = replace_top(st, **_do(st, frame, step))
        elif action["type"] != "end_replacements":
            frame = replace_top(st, **_do(st, frame, action))
            return
        left = frame["points"][side]
        st.event("build", "8.0", f"{side} ends its replacements ({left} BP unspent)", side,
                 private=side, public=f"{side} has finished its replacements")
        waiting = [s for s in frame["waiting"] if s != side]
        if waiting:
            replace_top(st, waiting=waiting)
            return
        _reveal(st, frame)
        pop(st, st.stack[-1])
        st.board.olympiad += 1
        push(st, {"kind": "olympiad"})

    def text(self, st: Position, frame: dict) -> str:
        start = build_points(st.board, st.world)  # public; what is left is each side's secret
        points = ", ".join(f"{s} {start[s]} BP" for s in SIDES)
        return (f"Replacement Phase after Olympiad {st.board.olympiad}: steps and new blocks "
                f"for build points ({points} at the start), in secret until both have "
                "finished, §8")


STEPS = (Replacements(),)
