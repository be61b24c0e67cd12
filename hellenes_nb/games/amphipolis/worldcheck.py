"""Every fact the rulebook states about the data of *Amphipolis*, checked (``hellenes data
check --game amphipolis``): each problem names the file, the record and the section."""

from __future__ import annotations

from collections import Counter as Tally

from hellenes_nb.games.amphipolis.files import RESULTS
from hellenes_nb.games.amphipolis.rules.movement import NO_ENTRY, STACK, step_cost
from hellenes_nb.games.amphipolis.world import World, reduced_pf

__all__ = ["decided_winner", "problems"]

#: operational zones the rulebook numbers (§3.2.1's examples)
NAMED = {"O1": "Mendè", "O2": "Skionè", "O4": "Toronè"}
#: garrison values the rulebook gives: (VA, PF) (§4.3.1–§4.3.3)
GIVEN = {"Toronè": (6, 4), "Sanè": (5, 3)}
TOWNS = {"Acanthos", "Dion", "Galepsos", "Mendè", "Sanè", "Skionè", "Stagiros", "Toronè"}
#: rear bases: users, space, the zones each touches (§1.1.3, §3, §3.1)
BASES = {"thasos": ((0,), "mixed", ("M2",)), "macedonia": ((1,), "land", ("T23", "T26")),
         "thrace": ((0, 1), "land", ("T1", "T2"))}
#: strategems one side alone may use, by the text of §7
ONLY = {1: "athens", 2: "sparta", 3: "sparta", 11: "athens", 16: "sparta"}


def decided_winner(att: str, dfd: str, column: int) -> int:
    """The winner of a cell by the decision of docs/rules-decisions.md: 0 attacker, 1 defender
    (the smaller loss; on equal losses the attacker from the 3-2 column on)."""
    a, d = RESULTS.index(att), RESULTS.index(dfd)
    if a != d:
        return 0 if a < d else 1
    return 0 if column >= 4 else 1


def _zones(world: World) -> list[str]:
    out = []
    ops = world.operational
    if [z.id for z in ops] != [f"O{i}" for i in range(1, 9)]:
        out.append("zones.yaml: the operational zones must be O1 to O8 in order (§1.1.2)")
    if {z.name for z in ops} != TOWNS:
        out.append(f"zones.yaml: the eight towns are {', '.join(sorted(TOWNS))} (§1.1.2, §10)")
    for zid, name in NAMED.items():
        z = world.zone.get(zid)
        if z is None or z.name != name:
            out.append(f"zones.yaml: id {zid!r}: the rulebook calls it {name} (§3.2.1)")
    for z in ops:
        if z.name in GIVEN and (z.va, z.pf) != GIVEN[z.name]:
            va, pf = GIVEN[z.name]
            out.append(f"zones.yaml: id {z.id!r}: {z.name} has VA {va} and {pf} PF "
                       "(§4.3.1-§4.3.3)")
    for bid, (users, space, touches) in BASES.items():
        b = world.zone.get(bid)
        if b is None or b.kind != "base":
            out.append(f"zones.yaml: the rear base {bid!r} is missing (§1.1.3)")
            continue
        if b.users != users:
            out.append(f"zones.yaml: id {bid!r}: wrong sides may use it (§1.1.3)")
        if b.space != space:
            out.append(f"zones.yaml: id {bid!r}: it is a {space} space (§3)")
        if tuple(sorted(b.touches)) != touches:
            out.append(f"zones.yaml: id {bid!r}: it touches {', '.join(touches)} (§3.1)")
    return out


#: the main map's zones whose terrain the rulebook gives (§1.1.1)
TERRAIN = {"T5": "city", "T12": "city", "T22": "city", "T7": "clear", "T17": "humid",
           "T21": "elevated", "M1": "port", "M2": "sea", "M3": "sea"}
#: pairs §3.1 says are not adjacent (juncture points, the map edge, Thasos and T4)
APART = (("T5", "T6"), ("T7", "T11"), ("T9", "T12"), ("T26", "T18"), ("T26", "T19"),
         ("T19", "T20"), ("thasos", "T4"))
#: walls of §5.1 as decided (docs/rules-decisions.md): (zones, kind, inside)
WALLS = {frozenset(("T12", "T7")): ("permanent", "T12"),
         frozenset(("T11", "T17")): ("permanent", "T11"),
         frozenset(("T12", "T11")): ("buildable", "T12"),
         frozenset(("T11", "T9")): ("buildable", "T11")}
#: zones an amphibious move reaches from M2 in the example of §3.1.3, and M1 the port of Eion
SHORES = {"M2": ("T4", "T15", "T22"), "M1": ("T5",)}


def _main_map(world: World) -> list[str]:
    out = []
    ids = [z.id for z in world.main]
    want = [f"T{i}" for i in range(1, 28)] + ["M1", "M2", "M3"]
    if sorted(ids) != sorted(want) or len(ids) != len(want):
        return ["zones.yaml: the main map has land zones T1 to T27 and maritime zones M1 to M3,"
                " each once (§1.1.1)"]
    for zid, terrain in TERRAIN.items():
        if world.zone[zid].terrain != terrain:
            out.append(f"zones.yaml: id {zid!r} is {terrain} terrain (§1.1.1)")
    for z in world.main:
        if z.terrain == "city" and z.id not in TERRAIN:
            out.append(f"zones.yaml: id {z.id!r}: the only cities are T5, T12, T22 (§1.1.1)")
        if z.sea != z.id.startswith("M"):
            out.append(f"zones.yaml: id {z.id!r}: M zones are maritime, T zones land (§1.1.1)")
    seen = Tally(frozenset((b.a, b.b)) for b in world.borders)
    for b in world.borders:
        where = f"zones.yaml: the border {b.a}-{b.b}"
        if world.zone.get(b.a) is None or world.zone[b.a].kind != "main" or \
                world.zone.get(b.b) is None or world.zone[b.b].kind != "main":
            out.append(f"{where} joins a zone that is not on the main map")
        if seen[frozenset((b.a, b.b))] > 1:
            out.append(f"{where} is listed twice")
        if b.crossing != "none" and (world.zone[b.a].sea or world.zone[b.b].sea):
            out.append(f"{where}: the river runs between land zones (§1.1.1)")
    out += _junctions(world)
    bridges = [frozenset((b.a, b.b)) for b in world.borders if b.crossing == "bridge"]
    if bridges != [frozenset(("T15", "T11"))]:
        out.append("zones.yaml: the one bridge joins T15 and T11 (§3.1.4)")
    for pair, (kind, inside) in WALLS.items():
        b = world.border.get(pair)
        if b is None or (b.wall, b.inside) != (kind, inside):
            a, c = sorted(pair)
            out.append(f"zones.yaml: the border {a}-{c} has a {kind} wall with {inside} inside "
                       "(§5.1, §3.1.4)")
    extra = [b for b in world.borders if b.wall != "none" and frozenset((b.a, b.b)) not in WALLS]
    out += [f"zones.yaml: the border {b.a}-{b.b}: no wall there (§5.1)" for b in extra]
    for sea, shores in SHORES.items():
        out += [f"zones.yaml: {sea} touches {t} (§3.1.3, §1.1.1)" for t in shores
                if t not in world.neighbours[sea]]
    out += _examples(world)
    return out


def _junctions(world: World) -> list[str]:
    out = []
    adj = world.neighbours
    for a, b in APART:
        if b in adj.get(a, ()):
            out.append(f"zones.yaml: {a} and {b} are not adjacent (§3.1)")
    for corner in world.corners:
        n = len(corner)
        for i in range(n if n > 2 else 0):
            a, b = corner[i], corner[(i + 1) % n]
            if b not in adj.get(a, ()):
                out.append(f"zones.yaml: the juncture {'-'.join(corner)}: {a} and {b}, side by "
                           "side around the point, share a border")
        pairs = [(corner[0], corner[1])] if n == 2 else \
            [(corner[i], corner[i + 2]) for i in range(n - 2)]
        out += [f"zones.yaml: the juncture {'-'.join(corner)}: {a} and {b} meet only at the "
                "point (§3.1)" for a, b in pairs if b in adj.get(a, ())]
    for need in (("T7", "T9", "T11", "T12"), ("T5", "T6"), ("T4", "T5", "M1", "M2")):
        if not any(set(c) == set(need) for c in world.corners):
            out.append(f"zones.yaml: the juncture point {'-'.join(need)} is missing (§3.1)")
    return out


def _examples(world: World) -> list[str]:
    """The worked movement examples of §3.1.4 (for both sides, no flotilla, no built wall)."""
    out = []
    for side in (0, 1):
        legs = (step_cost(world, "T15", "T11", side=side),
                step_cost(world, "T11", "T17", side=side))
        if legs != (2, 2):
            out.append(f"zones.yaml: T15 to T17 by T11 costs 4 PM, 2 a step (§3.1.4); the map "
                       f"gives {legs[0]} and {legs[1]}")
        if step_cost(world, "T15", "T13", side=side) != NO_ENTRY:
            out.append("zones.yaml: T15 to T13 crosses the river without the bridge (§3.1.4)")
    return out


def _pieces(world: World) -> list[str]:
    out = []
    for kind, ids in (("leaders.yaml", [g.id for g in world.leaders]),
                      ("units.yaml", [u.id for u in world.units])):
        out += [f"{kind}: the id {i!r} is used twice" for i, n in Tally(ids).items() if n > 1]
    clearidas = next((g for g in world.leaders if g.id == "clearidas"), None)
    if clearidas is not None and clearidas.bonus != 1:
        out.append("leaders.yaml: id 'clearidas': his bonus is 1 (§4.3.1)")
    for u in world.units:
        if u.type == "T" and u.nation == "spartan":
            out.append(f"units.yaml: id {u.id!r}: Sparta has no triremes of its own (§10)")
        if u.reduced != reduced_pf(u.pf, u.bonus) or u.reduced < 1:
            out.append(f"units.yaml: id {u.id!r}: a reduced unit keeps at least 1 PF (§1.2.1)")
    helots = [u for u in world.units if u.nation == "spartan" and u.type == "H"]
    if len(helots) != 5:
        out.append(f"units.yaml: {len(helots)} Spartan H units, §7 S7 counts five")
    return out


def _stratagems(world: World) -> list[str]:
    out = []
    numbers = [f.number for c in world.counters for f in c.faces]
    if sorted(numbers) != list(range(1, 23)):
        out.append("stratagems.yaml: the counters must carry S1 to S22, each once (§7)")
    if len(world.counters) != 11:
        out.append(f"stratagems.yaml: {len(world.counters)} counters; 22 faces make 11 (§1.2.4)")
    pair = next((c for c in world.counters if {f.number for f in c.faces} == {3, 15}), None)
    if pair is None:
        out.append("stratagems.yaml: S3 and S15 share a counter (§2 A)")
    for c in world.counters:
        for f in c.faces:
            if f.number in ONLY and f.colour != ONLY[f.number]:
                out.append(f"stratagems.yaml: id {c.id!r}: S{f.number} is for "
                           f"{ONLY[f.number]} alone (§7)")
    return out


def _crt(world: World) -> list[str]:
    out = []
    crt = world.crt
    if len(crt.columns) != 7 or len(crt.rows) != 10:
        out.append("crt.yaml: the table has 7 odds columns and 10 rows (§4.2)")
    for name in crt.columns:
        parts = name.split(" to ")
        if len(parts) != 2 or not all(p.isdigit() and int(p) > 0 for p in parts):
            out.append(f"crt.yaml: the column {name!r} should be odds written 'A to B' (§4.2)")
    for r, row in enumerate(crt.cells):
        if len(row) != len(crt.columns):
            out.append(f"crt.yaml: row {crt.rows[r] if r < len(crt.rows) else r}: "
                       f"{len(row)} cells, not {len(crt.columns)}")
            continue
        for c, (a, d, w) in enumerate(row):
            if w != decided_winner(a, d, c):
                out.append(f"crt.yaml: row {crt.rows[r]}, column {crt.columns[c]}: the winner "
                           "is not the one the recorded decision gives (§4.2)")
    return out


def _scenarios(world: World) -> list[str]:
    out = []
    units, leaders = world.unit_index, world.leader_index
    for s in world.scenarios.values():
        where = f"scenarios.yaml: id {s.id!r}"
        if s.first_turn > s.last_turn:
            out.append(f"{where}: it ends before it starts")
        if s.id == "10.2":
            if (s.first_turn, s.last_turn, s.advantage, s.main_map) != (4, 6, "sparta", False):
                out.append(f"{where}: turns 4 to 6, Sparta with the advantage, no main map "
                           "(§10.2)")
            athens = sorted(world.zone[z].name for z, v in s.garrisons.items() if v == "athens")
            if athens != ["Dion", "Sanè"] or s.citadel != "sparta":
                out.append(f"{where}: Athens garrisons Sanè and Dion, Sparta the rest and the "
                           "citadel (§10.2)")
        if set(s.garrisons) != {z.id for z in world.operational}:
            out.append(f"{where}: every operational zone needs a garrison (§1.2.3)")
        seen: list[str] = []
        for g in (*s.deploy, *s.reinforcements, *s.optional):
            if g.at not in world.zone:
                out.append(f"{where}: no zone {g.at!r}")
            for uid in g.units:
                if uid not in units:
                    out.append(f"{where}: no unit {uid!r} in units.yaml")
                elif world.units[units[uid]].side != (0 if g.side == "athens" else 1):
                    out.append(f"{where}: the unit {uid!r} is not {g.side}'s")
            out += [f"{where}: no leader {lid!r} in leaders.yaml" for lid in g.leaders
                    if lid not in leaders]
            seen += [*g.units, *g.leaders]
        out += [f"{where}: {i!r} is placed twice" for i, n in Tally(seen).items() if n > 1]
        out += _stacking(world, s)
        if s.id in STATED:
            out += _frame(world, s)
        if s.id == "10.1":
            out += _ten_one(world, s)
        if s.id == "10.3":
            out += _ten_three(world, s)
        if s.id == "10.4":
            out += _ten_four(world, s)
        for r in s.removals:
            out += [f"{where}: no leader {lid!r} to remove" for lid in r.leaders
                    if lid not in leaders]
            out += [f"{where}: no unit {uid!r} to remove" for uid in r.units if uid not in units]
    return out


def _stacking(world: World, s) -> list[str]:
    """A scenario's deployment on the main map keeps the stacking limits (§3.3)."""
    out = []
    for g in s.deploy:
        z = world.zone.get(g.at)
        if z is None or z.kind != "main":
            continue
        if z.sea and any(world.units[world.unit_index[u]].land for u in g.units
                         if u in world.unit_index):
            out.append(f"scenarios.yaml: id {s.id!r}: land units cannot stand in the sea "
                       f"zone {g.at} (§3.1.1)")
        limit = STACK.get(z.terrain)
        if limit is not None and len(g.units) > limit:
            out.append(f"scenarios.yaml: id {s.id!r}: {len(g.units)} units in {g.at}, "
                       f"{z.terrain} terrain holds {limit} (§3.3)")
    return out


#: what §10.1, §10.3 and §10.4 state of their frame: (first turn, last turn, Advantage, the
#: towns Sparta garrisons, whose citadel)
STATED = {"10.1": (1, 3, "sparta", ("Acanthos", "Stagiros"), "athens"),
          "10.3": (7, 9, "athens", ("Acanthos", "Galepsos", "Skionè", "Stagiros", "Toronè"),
                   "sparta"),
          "10.4": (0, 9, "sparta", (), "athens")}


def _frame(world: World, s) -> list[str]:
    """A main-map scenario's turns, Advantage and garrisons, as its section states them."""
    first, last, adv, towns, citadel = STATED[s.id]
    where, sec = f"scenarios.yaml: id {s.id!r}", f"§{s.id}"
    out = []
    if (s.first_turn, s.last_turn, s.advantage, s.main_map) != (first, last, adv, True):
        out.append(f"{where}: turns {first} to {last}, {adv.title()} with the advantage, on "
                   f"the main map ({sec})")
    sparta = tuple(sorted(world.zone[z].name for z, v in s.garrisons.items() if v == "sparta"))
    if sparta != towns or s.citadel != citadel:
        out.append(f"{where}: Sparta garrisons {', '.join(towns) or 'no town'}, Athens the "
                   f"rest; the citadel is {citadel.title()}'s ({sec})")
    return out


def _ten_one(world: World, s) -> list[str]:
    """What else §10.1 states: Euclès' force in T12 and T11, no Spartan on the main map."""
    where = f"scenarios.yaml: id {s.id!r}"
    out = []
    at = {g.at: g for g in s.deploy if g.side == "athens"}
    if "T12" not in at or at["T12"].leaders != ("eucles",) or len(at["T12"].units) != 4 \
            or "T11" not in at or len(at["T11"].units) != 1:
        out.append(f"{where}: Euclès and four units at Amphipolis (T12), one unit in T11 "
                   "(§10.1)")
    if any(g.side == "sparta" for g in s.deploy):
        out.append(f"{where}: Sparta has no units on the main map at the start (§10.1)")
    return out


def _ten_three(world: World, s) -> list[str]:
    """What else §10.3 states: Brasidas starts on T21."""
    if any(g.at == "T21" and "brasidas" in g.leaders for g in s.deploy):
        return []
    return [f"scenarios.yaml: id {s.id!r}: Brasidas starts in T21 (§10.3)"]


def _ten_four(world: World, s) -> list[str]:
    """What else §10.4 states: Brasidas on turn 0, Nicias on turn 4, Cleon on turn 7, and the
    three removals."""
    where = f"scenarios.yaml: id {s.id!r}"
    out = []
    arrive = {lid: g.turn for g in s.reinforcements for lid in g.leaders}
    if arrive.get("brasidas") != 0 or arrive.get("cleon") != 7 or arrive.get("nicias") != 4:
        out.append(f"{where}: Brasidas comes on turn 0, Nicias on turn 4, Cleon on turn 7 "
                   "(§10.4)")
    extra = {g.side: dict(g.generic) for g in s.optional}
    if extra != {"athens": {"any": 2}, "sparta": {"any": 2}}:
        out.append(f"{where}: each side's S15 reinforcement is any two available units "
                   "(§10.4)")
    gone = {lid: (r.turn, r.citadel) for r in s.removals for lid in r.leaders}
    if gone.get("eucles") != (None, "sparta") or gone.get("thucydides") != (3, "sparta") \
            or gone.get("nicias") != (6, None):
        out.append(f"{where}: Euclès leaves when Sparta holds the citadel, Thucydides if it does "
                   "on turn 3, Nicias after turn 6 (§10.4)")
    return out


def problems(world: World) -> list[str]:
    """Every stated fact that does not hold (module docstring)."""
    return [*_zones(world), *_main_map(world), *_pieces(world), *_stratagems(world), *_crt(world),
            *_scenarios(world)]
