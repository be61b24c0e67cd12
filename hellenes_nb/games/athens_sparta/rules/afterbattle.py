"""After a battle, the players' moves (§5.43, §5.5, §5.6): retreats and regroups, each a
decision of the block's owner among the hexes the rules allow.

- **retreat** (§5.5): every block that retreated in round 2 or was forced out after it
  (§5.43), one by one; ``retreat`` {block, to}. An attacking army goes back across a hexside
  it came in by (a hex next to the battle on its way from where it started its move); a
  defending army by any other hexside; both only to a friendly or vacant hex, never an enemy
  or contested one, never across a mountain hexside, into Persia or into a neutral city (aid).
  A navy goes to a friendly, free port within 4 hexes of sea, not through hexes holding enemy
  blocks. A block with one place to go goes there by itself; one with none is eliminated
  (§5.5). Sallying armies go back into their city instead (§5.43).
- **regroup** (§5.6): the victor of a new battle (or the attacker left besieging the city,
  as in the Amphipolis example) may move any of its blocks there: armies to next hexes it
  holds (a siege it holds included), navies to a friendly port within 4 hexes;
  ``regroup`` {block, to}, ``end_regroup`` to stay (on siege, on blockade or in the hex).
  After storming an on-going siege only navies regroup.
"""

from __future__ import annotations

from hellenes_nb.core.echo import shown
from hellenes_nb.core.steps import IllegalAction, Step, pop, replace_top
from hellenes_nb.games.athens_sparta.position import SIDES, Position
from hellenes_nb.games.athens_sparta.rules.facts import facts
from hellenes_nb.games.athens_sparta.rules.limits import counts_of, has_room
from hellenes_nb.games.athens_sparta.rules.strategic import control
from hellenes_nb.games.athens_sparta.rules.syracuse import BOX, box_ports
from hellenes_nb.games.athens_sparta.rules.victory import pillage, step_cost

__all__ = ["STEPS", "after_frames", "friendly_ports", "pay_pillage", "regroup_options",
           "retreat_options"]

NAVY_REACH = 4
#: the blocks bought with build points (revolt blocks are bought with MPs, §7.0)
STEP_TYPES = ("hoplite", "peltast", "cavalry", "navy")


def _kind(st: Position, block: str) -> str:
    return next(x.type for x in st.world.blocks if x.id == block)


def friendly_ports(st: Position, side: str, hex_id: str) -> list[str]:
    """The hexes of ``side``'s free ports a navy in ``hex_id`` reaches within 4 hexes of sea
    without entering a hex that holds enemy blocks (§5.5, §5.6)."""
    w, b = st.world, st.board
    foe = SIDES[1 - SIDES.index(side)]
    avoid = {v.where for v in b.blocks.values() if v.side == foe and v.steps > 0} - {hex_id}
    starts = [n for n in w.sea_links if n[0] == hex_id]
    seen = dict.fromkeys(starts, 0)
    queue = list(starts)
    while queue:
        node = queue.pop(0)
        if seen[node] == NAVY_REACH:
            continue
        for nxt in w.sea_links.get(node, ()):
            if nxt not in seen and nxt[0] not in avoid and not w.hexes[nxt[0]].persia:
                seen[nxt] = seen[node] + 1
                queue.append(nxt)
    out = []
    for c in sorted(w.cities.values(), key=lambda c: c.id):
        if c.port and c.hex and c.hex != hex_id and b.control.get(c.id) == side and \
                c.id not in b.besieged and c.id not in b.blockaded and \
                any(n in seen for n in w.coast_of(c.id)):
            out.append(c.hex)
    return sorted(set(out))


def _entries(st: Position, hex_id: str, origin: str | None) -> set[str]:
    """The hexes next to ``hex_id`` an army coming from ``origin`` may have entered it from
    (the hexsides it used, §5.5): the origin itself when next to it, else every neighbour one
    hex nearer to the origin."""
    w = st.world
    near = w.land_links.get(hex_id, set())
    if origin is None or origin == hex_id or origin not in w.hexes:
        return set()
    if origin in near:
        return {origin}
    d = w.land_distance(origin, hex_id)
    if d is None:
        return set()
    return {n for n in near if w.land_distance(origin, n) == d - 1}


def _land_ok(st: Position, side: str, hex_id: str, n: str, wanted: tuple[str, ...]) -> bool:
    w, b = st.world, st.board
    if w.side(hex_id, n) in ("mountain", "water") or w.hexes[n].persia:
        return False
    city = w.city_at(n)
    if city is not None and b.control.get(city.id) == "neutral":
        return False  # aid: no retreat or regroup into a neutral city
    if w.side(hex_id, n) == "strait" and facts(w, b).sea_control(
            hex_id if hex_id in w.straits else n) not in (None, side):
        return False  # no crossing while the enemy holds the strait's sea (§4.3, aid)
    return control(w, b, n) in wanted


def _room(st: Position, block: str, hexes: list[str]) -> list[str]:
    """The hexes where the block stays within the stacking limit (§4.1, §5.5, §5.6)."""
    kinds = {x.id: x.type for x in st.world.blocks}
    counts = counts_of(st.board, kinds)
    side = st.board.blocks[block].side
    return [h for h in hexes if has_room(st.world, counts, side, h, kinds[block] == "navy")]


def retreat_options(st: Position, block: str, hex_id: str, attacker: str,
                    origins: dict) -> list[str]:
    """Where ``block`` may retreat from the battle in ``hex_id`` (module docstring), within
    the stacking limits."""
    return _room(st, block, _retreats(st, block, hex_id, attacker, origins))


def _retreats(st: Position, block: str, hex_id: str, attacker: str,
              origins: dict) -> list[str]:
    b = st.board
    side = b.blocks[block].side
    if hex_id == BOX:  # from Sicily only to an embarkation port (§9.2)
        return box_ports(st, side)
    if _kind(st, block) == "navy":
        return friendly_ports(st, side, hex_id)
    near = sorted(n for n in st.world.land_links.get(hex_id, ())
                  if _land_ok(st, side, hex_id, n, (side, "vacant")))
    if side == attacker:
        came = _entries(st, hex_id, origins.get(block))
        return [n for n in near if n in came] if came else near
    barred: set[str] = set()
    for k, o in origins.items():
        if k in b.blocks and b.blocks[k].where == hex_id and _kind(st, k) != "navy":
            barred |= _entries(st, hex_id, o)
    return [n for n in near if n not in barred]


def regroup_options(st: Position, block: str, hex_id: str) -> list[str]:
    """Where a victorious ``block`` may regroup (§5.6): a next hex its side holds (armies), a
    friendly port within 4 hexes (navies)."""
    side = st.board.blocks[block].side
    if _kind(st, block) == "navy":
        return _room(st, block, friendly_ports(st, side, hex_id))
    return _room(st, block, sorted(n for n in st.world.land_links.get(hex_id, ())
                                   if _land_ok(st, side, hex_id, n, (side,))))


def pay_pillage(st: Position, city_id: str, side: str) -> list[str]:
    """The pillage of a major city taken in battle (§5.61): build points equal to its value,
    spent at once on steps of the victor's damaged blocks left in the city (those that did not
    regroup), cheapest steps first, then by id. Returns the blocks reinforced."""
    w, b = st.world, st.board
    points = total = pillage(w, city_id)
    if not total:
        return []  # a minor city pays no pillage
    hex_id = w.cities[city_id].hex or city_id  # Syracuse: its box
    kinds = {x.id: x for x in w.blocks}
    cost = {k: step_cost(kinds[k].type, side, persian_support=b.allied)
            for k, v in b.blocks.items() if v.where == hex_id and v.side == side
            and 0 < v.steps < kinds[k].steps and kinds[k].type in STEP_TYPES}
    gained = []
    for k in sorted(cost, key=lambda k: (cost[k], k)):
        while points >= cost[k] and b.blocks[k].steps < kinds[k].steps:
            points -= cost[k]
            b.blocks[k].steps += 1
            gained.append(k)
    st.event("pillage", "5.61", f"{side} pillages {w.cities[city_id].name} for {total} BP: "
             f"{len(gained)} step(s) added", side)
    return gained


def after_frames(st: Position, frame: dict, result: dict, winner: str,
                 stay: frozenset = frozenset()) -> list[dict]:
    """The frames that follow a battle fought at ``frame['hex']``: retreats, then the
    regroup of the victor (module docstring)."""
    hex_id, side = frame["hex"], frame["side"]
    b = st.board
    queue = [k for k in result["retreated"] if b.blocks[k].where == hex_id
             and b.blocks[k].steps > 0 and k not in stay]
    out = []
    if queue:
        out.append({"kind": "retreat", "side": side, "hex": hex_id, "queue": queue,
                    "origins": dict(frame["origins"])})
    victor = winner if winner in SIDES else (side if result.get("siege") else None)
    if victor is not None:
        out.append({"kind": "regroup", "side": victor, "hex": hex_id, "moved": [],
                    "navies_only": bool(frame["siege_only"])})
    return out


class Retreat(Step):
    """Retreats, one block at a time (module docstring)."""

    kind = "retreat"
    rules = ("5.5",)

    def _options(self, st: Position, frame: dict) -> list[str]:
        return retreat_options(st, frame["queue"][0], frame["hex"], frame["side"],
                               frame["origins"])

    def deciders(self, st: Position, frame: dict) -> tuple[int, ...]:
        if frame["queue"] and len(self._options(st, frame)) > 1:
            return (SIDES.index(st.board.blocks[frame["queue"][0]].side),)
        return ()

    def legal(self, st: Position, frame: dict, side: int) -> list[dict]:
        block = frame["queue"][0]
        if st.board.blocks[block].side != SIDES[side]:
            return []
        return [{"type": "retreat", "side": SIDES[side], "block": block, "to": h,
                 "label": f"{block} retreats to {h}"} for h in self._options(st, frame)]

    def why_illegal(self, st: Position, frame: dict, action: dict) -> IllegalAction | None:
        if action.get("type") not in ('retreat',):
            return IllegalAction(f"{shown(action.get('type'))} is not a choice here: "
                                 f"{self.text(st, frame)}", "5.5")
        block = frame["queue"][0]
        if action["block"] != block:
            return IllegalAction(f"{block} retreats now, not {action['block']!r}", "5.5")
        allowed = self._options(st, frame)
        if action["to"] not in allowed:
            return IllegalAction(f"{block} cannot retreat to {action['to']!r}: a retreat goes "
                                 "to a friendly or vacant hex (an attacker back the way it "
                                 "came, a defender any other way; a navy to a friendly port "
                                 f"within 4 hexes); it may go to {', '.join(allowed)}", "5.5")
        return None

    def apply(self, st: Position, frame: dict, action: dict) -> None:
        self._go(st, frame, action["to"])

    def run(self, st: Position, frame: dict) -> None:
        if not frame["queue"]:
            pop(st, frame)
            return
        options = self._options(st, frame)
        self._go(st, frame, options[0] if options else None)

    def _go(self, st: Position, frame: dict, to: str | None) -> None:
        block = frame["queue"][0]
        v = st.board.blocks[block]
        if to is None:
            v.where, v.steps = "pool", 0
            st.event("eliminated", "5.5", f"a {v.side} block has nowhere to retreat from "
                     f"{frame['hex']} and is eliminated", v.side)
        else:
            v.where = to
            st.event("retreat", "5.5", f"a {v.side} block retreats from {frame['hex']} to "
                     f"{to}", v.side)
        replace_top(st, queue=frame["queue"][1:])

    def text(self, st: Position, frame: dict) -> str:
        if not frame["queue"]:
            return "retreats"
        return f"where does {frame['queue'][0]} retreat from {frame['hex']}? (§5.5)"


class Regroup(Step):
    """The victor's regroup (module docstring)."""

    kind = "regroup"
    rules = ("5.6",)

    def _blocks(self, st: Position, frame: dict) -> dict[str, list[str]]:
        out = {}
        for k, v in sorted(st.board.blocks.items()):
            if v.where != frame["hex"] or v.side != frame["side"] or v.steps <= 0 or \
                    k in frame["moved"]:
                continue
            if frame["navies_only"] and _kind(st, k) != "navy":
                continue
            options = regroup_options(st, k, frame["hex"])
            if options:
                out[k] = options
        return out

    def deciders(self, st: Position, frame: dict) -> tuple[int, ...]:
        return (SIDES.index(frame["side"]),) if self._blocks(st, frame) else ()

    def legal(self, st: Position, frame: dict, side: int) -> list[dict]:
        name = SIDES[side]
        if name != frame["side"]:
            return []
        out = [{"type": "end_regroup", "side": name,
                "label": f"stay at {frame['hex']} (no more regroups)"}]
        for k, options in self._blocks(st, frame).items():
            out += [{"type": "regroup", "side": name, "block": k, "to": h,
                     "label": f"{k} regroups to {h}"} for h in options]
        return out

    def why_illegal(self, st: Position, frame: dict, action: dict) -> IllegalAction | None:
        if action.get("type") not in ('regroup', 'end_regroup'):
            return IllegalAction(f"{shown(action.get('type'))} is not a choice here: "
                                 f"{self.text(st, frame)}", "5.6")
        if action["side"] != frame["side"]:
            return IllegalAction("only the victor of the battle regroups", "5.6")
        if action["type"] == "end_regroup":
            return None
        options = self._blocks(st, frame).get(action["block"])
        if options is None:
            return IllegalAction(f"{action['block']!r} is not a victorious block at "
                                 f"{frame['hex']} that may still regroup", "5.6")
        if action["to"] not in options:
            return IllegalAction(f"{action['block']} cannot regroup to {action['to']!r}: an "
                                 "army regroups to a next hex its side holds, a navy to a "
                                 f"friendly port within 4 hexes; it may go to "
                                 f"{', '.join(options)}", "5.6")
        return None

    def apply(self, st: Position, frame: dict, action: dict) -> None:
        if action["type"] == "end_regroup":
            pop(st, frame)
            return
        st.board.blocks[action["block"]].where = action["to"]
        st.event("regroup", "5.6", f"{action['side']} regroups a block from {frame['hex']} to "
                 f"{action['to']}", action["side"])
        replace_top(st, moved=[*frame["moved"], action["block"]])
        for i in range(len(st.stack) - 1, -1, -1):  # the Combat Phase remembers who regrouped
            if st.stack[i]["kind"] == "battles":
                f = st.stack[i]
                st.stack[i] = {**f, "regrouped": [*f.get("regrouped", ()), action["block"]]}
                break

    def run(self, st: Position, frame: dict) -> None:
        pop(st, frame)

    def text(self, st: Position, frame: dict) -> str:
        return f"{frame['side']} may regroup the victors of {frame['hex']} (§5.6)"


STEPS = (Retreat(), Regroup())
