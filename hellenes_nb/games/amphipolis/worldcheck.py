"""Every fact the rulebook states about the data of *Amphipolis*, checked (``hellenes data
check --game amphipolis``): each problem names the file, the record and the section."""

from __future__ import annotations

from collections import Counter as Tally

from hellenes_nb.games.amphipolis.files import RESULTS
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
    return out


def problems(world: World) -> list[str]:
    """Every stated fact that does not hold (module docstring)."""
    return [*_zones(world), *_pieces(world), *_stratagems(world), *_crt(world),
            *_scenarios(world)]
