"""What the rules of *Athens & Sparta* state about the map, roster and deck as a whole, checked
on a read world: :func:`data_check` returns every problem in plain words with its rule (an
empty list when all hold). Rules are cited from the fan revision (§) and the player aid."""

from __future__ import annotations

from pathlib import Path

from hellenes_nb.games.athens_sparta.world import DataError, World, read_world

__all__ = ["data_check"]

NOT_PORTS = ("elis", "messene", "sparta", "stratus", "thebes")
REBELS = ("chios", "corcyra", "mytilene", "rhodes")


def data_check(world: World | None = None, folder: Path | str | None = None) -> list[str]:
    """Every problem with the game's data, in plain words (an empty list when all is well):
    first what stops the files being read (``folder``, default the packaged data; nothing is
    raised, so a command can print the list as it is), then every rule-stated fact of a read
    ``world`` that does not hold."""
    if world is None:
        try:
            world = read_world(folder)
        except DataError as exc:
            return [str(p) for p in exc.problems]
        except FileNotFoundError as exc:
            return [str(exc)]
    out: list[str] = []
    for part in (_points, _cities, _straits, _sea, _terrain, _roster, _cards):
        out += part(world)
    return out


def _points(w: World) -> list[str]:
    out = []
    total = {k: sum(c.value for c in w.cities.values() if c.colour == k)
             for k in ("athens", "sparta", "neutral")}
    if total != {"athens": 20, "sparta": 18, "neutral": 10}:
        out.append(f"§1.2 sidebar: the city points should be Athens 20, Sparta 18, neutral 10 "
                   f"(48 in all), not {total}")
    held = w.board.start_held
    start = total["athens"] - sum(w.cities[c].value for c, s in held.items()
                                  if s != "athens" and w.cities[c].colour == "athens")
    if start != 19 or held.get("potidaea") != "sparta":
        out.append(f"§1.2 sidebar: Athens starts with 19 points because Sparta holds Potidaea, "
                   f"but the data give {start}")
    for cid, value, rule in (("athens", 4, "§8.1 (build limit 8 = twice its value)"),
                             ("sparta", 4, "§8.1 (build limit 8 = twice its value)"),
                             ("miletus", 2, "§9.3 (Miletus' 2 BP)"),
                             ("chios", 2, "§5.61 example (pillaged for 2 BPs)"),
                             ("syracuse", 4, "§9.2 optional rule (standard value 4)")):
        if w.cities[cid].value != value:
            out.append(f"{rule}: {cid} should be worth {value}, not {w.cities[cid].value}")
    return out


def _cities(w: World) -> list[str]:
    out = []
    c = w.cities
    for cid in NOT_PORTS:
        if c[cid].port:
            out.append(f"§1.3: {cid} is not a port")
    for cid in ("athens", "corinth", "thebes", "potidaea", "amphipolis"):
        if not c[cid].walled:
            out.append(f"§5 (sidebars and examples): {cid} is a walled city")
    for cid in ("sparta", "messene", "chios", "halicarnassus"):
        if c[cid].walled:
            out.append(f"§5 sidebar, §5.61 example, aid, map errata: {cid} has no walls")
    for cid in ("delos", "delphi"):
        if c[cid].kind != "oracle":
            out.append(f"§1.4: {cid} is an oracle hex")
    for city in c.values():
        if city.offboard:
            continue
        h = w.hexes[city.hex]
        if not h.land:
            out.append(f"{city.id} stands in hex {city.hex}, which has no land in play")
        if city.port and not h.coasts:
            out.append(f"§1.3: {city.id} is a port but its hex {city.hex} has no sea")
        if (not city.port and h.coasts and city.kind == "city"
                and city.id not in NOT_PORTS):
            out.append(f"§1.3: {city.id} stands on a coastal hex, so it is a port (only "
                       f"{', '.join(NOT_PORTS)} are not)")
    persian = [x.id for x in c.values() if x.colour == "persia"]
    if len(persian) != 2 or any(not w.hexes[c[p].hex].persia for p in persian):
        out.append(f"§9 sidebar 'Persia': two Persian cities inside Persia, not {persian}")
    if w.hexes[c["miletus"].hex].persia:
        out.append("§9.3: Miletus is a Greek city, outside Persia")
    hal, mil = c["halicarnassus"], c["miletus"]
    south = f"{mil.hex[:2]}{int(mil.hex[2:]) + 1:02d}"
    if hal.hex != south or hal.hex not in w.straits or hal.value or hal.colour != "athens":
        out.append("map errata: Halicarnassus is a minor Athenian port one hex below Miletus, "
                   "where a straits arrow starts")
    return out


def _straits(w: World) -> list[str]:
    out = []
    c = w.cities

    def side(a: str, b: str) -> str:
        return w.side(c[a].hex, c[b].hex)

    for strait, frm, through in (("naupactus", "sicyon", "patrae"),
                                 ("abydos", "cardia", "elaeus")):
        if c[strait].hex not in w.straits:
            out.append(f"§4.3: {strait} is a straits hex")
        elif side(frm, strait) != "strait" or side(strait, through) != "strait":
            out.append(f"§4.3 sidebar: {frm} and {through} should both touch {strait} on the "
                       f"side away from the city (enter from {frm}, go on to {through})")
    if c["chios"].hex not in w.straits or not w.land_links.get(c["chios"].hex):
        out.append("§5.61 example: armies reach Chios across a strait (its navy's sea control "
                   "keeps them from fighting)")
    if side("ephesus", "samos") != "strait":
        out.append("§4.3 sidebar: Samos is attacked from Ephesus across the strait")
    for other in ("notium", "miletus"):
        if side("ephesus", other) not in ("clear", "pass"):
            out.append(f"§4.3 sidebar: {other} is next to Ephesus on the city's side (attack "
                       f"limit 2), not '{side('ephesus', other)}'")
    for s in w.straits.values():
        if w.city_at(s.hex) is None:
            out.append(f"§4.3: the straits hex {s.hex} needs its city (blocks stand on its side)")
    return out


def _sea(w: World) -> list[str]:
    out = []
    c = w.cities
    if c["chalcis"].hex not in w.two_coasts or c["corinth"].hex not in w.two_coasts:
        out.append("§1.7: Chalcis and Corinth have two coasts")
    if set(c["corinth"].coast) != {0, 1}:
        out.append("§1.7: Corinth can be attacked from both its coasts")
    lemnos = w.coast_of("lemnos")
    chalcis = w.coast_of("chalcis")
    far = w.sea_distance(lemnos, chalcis)
    to_carystus = w.sea_distance(lemnos, w.coast_of("carystus"))
    mar = [(c["marathon"].hex, 0)]
    via = None
    if to_carystus is not None and mar[0] in w.sea_links.get(w.coast_of("carystus")[0], ()) \
            and any(x in w.sea_links.get(mar[0], ()) for x in chalcis):
        via = to_carystus + 2
    if far != 6 or via != 6:
        out.append(f"§1.7 example: a navy in Lemnos cannot attack Chalcis, a 6-hex move through "
                   f"Carystus and Marathon (found: shortest {far}, through them {via})")
    east = [(c["chalcis"].hex, 1)]
    if any(x in w.sea_links.get(chalcis[0], ()) for x in east):
        out.append("§1.7: Chalcis' two coasts must not be joined")
    pot = w.coast_of("potidaea")[0]
    torona = set(w.board.gulf_of_torona)
    if pot[0] not in w.board.gulf_of_therma or pot[0] in torona or any(
            n[0] in torona for n in w.sea_links.get(pot, ())):
        out.append("§3 sidebar 'Potidaea': Potidaea lies on the Gulf of Therma with no way "
                   "straight into the Gulf of Torona")
    gytheum_athens = w.sea_distance(w.coast_of("gytheum"), w.coast_of("athens"))
    if gytheum_athens is None or gytheum_athens > 4:
        out.append(f"§4.4 example: a navy moves from Gytheum to Athens in one operation move "
                   f"(4 hexes), but the data need {gytheum_athens}")
    for cid in w.board.embarkation:
        if not c[cid].port or c[cid].offboard:
            out.append(f"§9.2: the embarkation port {cid} must be a port on the map")
    if not c[w.board.syracuse].offboard or len(w.board.embarkation) != 4:
        out.append("§9.2: Syracuse is an off-board box reached from four embarkation ports")
    return out


def _terrain(w: World) -> list[str]:
    out = []
    c = w.cities
    sparta_corinth = w.land_distance(c["sparta"].hex, c["corinth"].hex)
    if sparta_corinth is None or sparta_corinth > 3:
        out.append(f"§4.4 example: hoplites move from Sparta to Corinth in one operation move "
                   f"(3 hexes), but the data need {sparta_corinth}")
    for m in w.terrain.mountains:
        open_sides = [n for n in w.land_links.get(m.hex, ()) if w.side(m.hex, n) in
                      ("clear", "pass")]
        if not open_sides:
            out.append(f"§1.8, terrain table: the mountain hex {m.hex} ({m.name}) needs a clear "
                       "side or a pass")
    naxos = c["naxos"].hex
    if w.land_links.get(naxos):
        out.append("§6.1: Naxos' hex has six sea hexsides")
    corcyra = c["corcyra"].hex
    if any(w.side(corcyra, n) != "strait" for n in w.land_links.get(corcyra, ())):
        out.append("§6.1: Corcyra is reached by land only through one strait")
    if w.land_distance(c["chalcis"].hex, c["carystus"].hex) is None:
        out.append("§6.1: Euboea is a large island with land supply: Chalcis and Carystus are "
                   "joined by land")
    for a in ("athens", "pella", "ambracia", "elis"):
        if w.land_distance(c["sparta"].hex, c[a].hex) is None:
            out.append(f"the mainland is one piece: no land path from Sparta to {a}")
    return out


def _roster(w: World) -> list[str]:
    out = []
    by_id = {b.id: b for b in w.blocks}
    pool = {b.id for b in w.blocks if b.start == "pool"}
    for b in w.blocks:
        if (b.reserve or b.type in ("demos", "tyrants", "helots")) and b.start != "pool":
            out.append(f"§3: {b.id} starts in the replacement pool")
        if b.type == "navy" and b.home != "any" and not w.cities[b.home].port:
            out.append(f"§2.14: the navy {b.id} has a home ({b.home}) that is no port")
        if b.side == "neutral" and (b.start != "neutral" or w.cities[b.home].colour != "neutral"):
            out.append(f"§3.1: the neutral block {b.id} starts off-map with a neutral home")
    for city in REBELS:
        sides = {b.side: b for b in w.blocks if b.home == city and b.type == "navy" and b.rebel}
        if set(sides) != {"athens", "sparta"} or sides["sparta"].id not in pool:
            out.append(f"§3, §9.4: {city} has a rebel navy for Athens and one for Sparta, the "
                       "Spartan one in the pool")
    helots = by_id.get("helots")
    if helots is None or helots.home != "messene" or helots.rating != "A2":
        out.append("aid 'Helot Revolts' and §7.1: the Helots (A2) revolt at Messene")
    demos, tyrants = by_id.get("demos"), by_id.get("tyrants")
    if demos is None or tyrants is None or tyrants.rating[1] <= demos.rating[1]:
        out.append("§6 sidebar 'Revolts': the Tyrants rate higher than the Demos")
    out += _stacks(w)
    at_potidaea = {b.side: b.type for b in w.blocks if b.start == "potidaea"}
    types = {b.type for b in w.blocks if b.start == "potidaea" and b.side == "athens"}
    if "sparta" not in at_potidaea or "navy" not in types or not types - {"navy"}:
        out.append("§3 note: Sparta holds Potidaea, besieged by an Athenian army and blockaded "
                   "by an Athenian navy")
    return out


def _stacks(w: World) -> list[str]:
    """The terrain table's stacking limits hold at the start (blocks of one player in a hex:
    4 in clear, 2 in mountains, 6 in Athens with at most 4 armies)."""
    out = []
    stacks: dict[tuple[str, str], list] = {}
    for b in w.blocks:
        if b.start in ("pool", "neutral") or (b.start == "home" and b.home == "any"):
            continue  # a reserve has no home to start in (named by _roster)
        city = w.cities[b.home if b.start == "home" else b.start]
        if not city.offboard:
            stacks.setdefault((city.hex, b.side), []).append(b)
    for (hex_id, side), blocks in sorted(stacks.items()):
        athens = hex_id == w.cities["athens"].hex
        limit = 6 if athens else 2 if w.hexes[hex_id].terrain == "mountain" else 4
        armies = sum(1 for b in blocks if b.type != "navy")
        if len(blocks) > limit or (athens and armies > 4):
            out.append(f"terrain table: {side} starts with {len(blocks)} blocks in hex "
                       f"{hex_id}, over its stacking limit of {limit}")
    return out


def _cards(w: World) -> list[str]:
    out = []
    if len(w.cards) != 25:
        out.append(f"card phase: the deck has 25 cards, not {len(w.cards)}")
    events = {c.event: c for c in w.cards if c.event}
    if "Storm" not in events or events["Storm"].mp != 2:
        out.append("§4.6 example: the Storm card is a 2 with an event")
    if "Earthquake" not in events:
        out.append("§4.6 sidebar: the deck has the Earthquake event")
    return out
