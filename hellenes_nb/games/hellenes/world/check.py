"""What the rules imply of the whole world: the map's graph and the facts the rulebook states.

The models of :mod:`.files` have already checked each record and every name one file uses of
another; ``check_world(world)`` checks what only the whole world shows (a connected map, a
port's offshore sea beside it, the §1.33 sidebar, the §2.1 ID ranges, the decks of §3.0, each
scenario's setup...). It returns a list of :class:`Problem` (empty when everything holds), each
naming the file, the record and what is wrong, so ``hellenes data check`` can print it.
"""

from __future__ import annotations

from collections import deque

from hellenes_nb.core.models import Problem
from hellenes_nb.games.hellenes.world.records import FLEET_TYPES, World

# The subject regions and city values exactly as the rulebook's sidebar prints them (§1.33, §4.2):
# area id -> (region id, value, port).
SUBJECT_CITIES = {
    "chalcis": ("euboea", 3, True),
    "eretria": ("euboea", 2, False),
    "pallene": ("chalcidice", 2, True),
    "sithonia": ("chalcidice", 2, True),
    "stagira": ("chalcidice", 1, False),
    "amphipolis": ("thrace", 3, True),
    "abdera": ("thrace", 1, True),
    "maronea": ("thrace", 2, False),
    "byzantium": ("propontis", 3, True),
    "troad": ("propontis", 2, True),
    "cyzicus": ("propontis", 1, False),
    "chersonese": ("propontis", 1, False),
    "miletus": ("ionia", 2, True),
    "ephesus": ("ionia", 3, True),
    "aeolis": ("ionia", 2, False),
    "erythrae": ("ionia", 1, False),
    "cnidus": ("ionia", 1, True),
    "samos": ("sporades", 3, True),
    "rhodes": ("sporades", 2, True),
    "naxos": ("cyclades", 2, True),
    "andros": ("cyclades", 1, True),
    "cephallenia": ("western_islands", 1, False),
    "zacynthos": ("western_islands", 1, False),
    "chios": ("aeolian_islands", 3, True),
    "lesbos": ("aeolian_islands", 2, True),
}
GRAIN_SEAS = {"hellespont", "sea_of_marmara", "saronic_gulf"}  # §8.22
SCENARIO_DECKS = {"431": (1, 44), "sicily": (12, 55), "413": (12, 55), "415": (12, 55)}  # §3.0


class _Collector:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def __call__(self, ok: bool, file: str, record: str, problem: str) -> bool:
        if not ok:
            self.problems.append(Problem(file, record, problem))
        return ok


def sea_distances(world: World, start: set[str], deep_cost: bool = False) -> dict[str, int]:
    """Shortest sea-only distances from a set of seas: steps, or deep-sea borders crossed."""
    dist = {s: 0 for s in start}
    queue = deque(start)
    while queue:  # 0-1 BFS when counting deep-sea crossings
        here = queue.popleft()
        for there, kind in world.adjacency.get(here, ()):
            if there not in world.seas:
                continue
            step = (1 if kind == "deepsea" else 0) if deep_cost else 1
            if dist[here] + step < dist.get(there, 1 << 30):
                dist[there] = dist[here] + step
                (queue.appendleft if step == 0 else queue.append)(there)
    return dist


def coasts(world: World, area_id: str) -> set[str]:
    """Seas an area touches, including Corinth's second coast across the Diolkos."""
    area = world.areas[area_id]
    seas = {n for n, t in world.adjacency.get(area_id, ()) if t == "coast"}
    return seas | set(area.extra_coasts)


def _check_map(w: World, ok: _Collector) -> None:
    for a in w.areas.values():
        rec = f"id {a.id!r}"
        sea_touch = coasts(w, a.id)
        ok(bool(w.adjacency.get(a.id)), "areas.yaml", rec, "the area has no borders at all")
        if a.island:
            ok(bool(sea_touch), "areas.yaml", rec, "an island must touch at least one sea")
        c = a.city
        if c is None:
            continue
        if c.port:
            ok(
                c.offshore_sea in sea_touch,
                "areas.yaml",
                rec,
                f"the port's offshore sea {c.offshore_sea!r} does not border the area (§1.3)",
            )
        nat = w.nationalities.get(c.nationality)
        if nat is not None and c.loyalty != "neutral":
            ok(
                nat.loyalty == c.loyalty,
                "areas.yaml",
                rec,
                f"city loyalty {c.loyalty!r} differs from its nationality's "
                f"{nat.loyalty!r} (§1.31)",
            )
    ids = set(w.areas) | set(w.seas)
    if ids:
        start = next(iter(sorted(ids)))
        seen, queue = {start}, deque([start])
        while queue:
            for n in w.neighbours(queue.popleft()):
                if n not in seen:
                    seen.add(n)
                    queue.append(n)
        ok(
            seen == ids,
            "borders.csv",
            "graph",
            f"not connected: cannot reach {', '.join(sorted(ids - seen)[:8])}",
        )
    for s in w.seas.values():
        ok(bool(w.adjacency.get(s.id)), "seas.yaml", f"id {s.id!r}", "the sea has no borders")


def _check_subjects(w: World, ok: _Collector) -> None:
    for area_id, (region, value, port) in SUBJECT_CITIES.items():
        rec = f"id {area_id!r}"
        a = w.areas.get(area_id)
        if not ok(
            a is not None and a.city is not None,
            "areas.yaml",
            rec,
            "this subject city of the §1.33 sidebar is missing",
        ):
            continue
        c = a.city
        ok(c.value == value, "areas.yaml", rec, f"{c.name} must have value {value} (§1.33 sidebar)")
        ok(
            c.port == port,
            "areas.yaml",
            rec,
            f"{c.name} must {'be' if port else 'not be'} a port (§1.33 sidebar)",
        )
        ok(
            c.subject_region == region,
            "areas.yaml",
            rec,
            f"{c.name} belongs to subject region {region!r} (§1.33 sidebar)",
        )
        ok(c.loyalty == "athens", "areas.yaml", rec, f"{c.name} is loyal to Athens (§1.33)")
        sr = w.subject_regions.get(region)
        ok(
            sr is not None and area_id in sr.cities,
            "subject_regions.yaml",
            f"id {region!r}",
            f"must list {area_id!r} (§1.33 sidebar)",
        )
    for sr in w.subject_regions.values():
        for area_id in sr.cities:
            ok(
                area_id in SUBJECT_CITIES,
                "subject_regions.yaml",
                f"id {sr.id!r}",
                f"{area_id!r} is not a subject city of the §1.33 sidebar",
            )
    aeolian = w.subject_regions.get("aeolian_islands")
    ok(
        aeolian is not None and not aeolian.is_subject_region and aeolian.can_revolt,
        "subject_regions.yaml",
        "id 'aeolian_islands'",
        "the Aeolian Islands can revolt but are not a subject region (§3.12)",
    )


def _city_value(w: World, area_id: str) -> int | None:
    a = w.areas.get(area_id)
    return a.city.value if a is not None and a.city is not None else None


def _check_rule_facts(w: World, ok: _Collector) -> None:
    f = "areas.yaml"
    ok(_city_value(w, "boeotia") == 4, f, "id 'boeotia'", "Thebes must have value 4 (§12.12)")
    ok(_city_value(w, "acarnania") == 1, f, "id 'acarnania'", "Stratus must have value 1 (§9.213)")
    for area_id in ("laconia", "messenia", "pylos"):
        ok(
            _city_value(w, area_id) is not None,
            f,
            f"id {area_id!r}",
            "needs a city for the Helot Uprising garrison (§3.1)",
        )
    for area_id, sea in (
        ("leucas", "gulf_of_ambracia"),
        ("lipara", "tyrrhenian_sea"),
        ("corinth", "gulf_of_corinth"),
    ):
        a = w.areas.get(area_id)
        ok(
            a is not None and a.city is not None and a.city.offshore_sea == sea,
            f,
            f"id {area_id!r}",
            f"must be a port whose offshore sea is {sea} (§1.3)",
        )
    corinth = w.areas.get("corinth")
    ok(
        corinth is not None
        and "saronic_gulf" in coasts(w, "corinth")
        and "gulf_of_corinth" in coasts(w, "corinth"),
        f,
        "id 'corinth'",
        "Corinth must reach both the Gulf of Corinth and the Saronic Gulf (Diolkos, §6 sidebar)",
    )
    grain = {s.id for s in w.seas.values() if s.grain_route}
    ok(
        grain == GRAIN_SEAS,
        "seas.yaml",
        "grain_route",
        f"the grain-route seas must be exactly {sorted(GRAIN_SEAS)} (§8.22), got {sorted(grain)}",
    )
    if {"troad", "attica", "samos"} <= set(w.areas) and {"hellespont", "paros_sea"} <= set(w.seas):
        ok(
            "hellespont" in coasts(w, "troad"),
            "borders.csv",
            "troad–hellespont",
            "Abydos must touch the Hellespont (§9.211 example)",
        )
        ok(
            {"saronic_gulf", "andros_sea"} <= coasts(w, "attica"),
            "borders.csv",
            "attica",
            "Attica must touch the Saronic Gulf and the Andros Sea (§8.22, §9.31 example)",
        )
        deep = sea_distances(w, {"hellespont"}, deep_cost=True)
        crossings = min(deep.get(s, 99) for s in coasts(w, "attica"))
        ok(
            crossings == 2,
            "borders.csv",
            "hellespont→attica",
            f"the safest sea route Hellespont→Athens must cross 2 deep-sea borders (§9.211 "
            f"example), found {crossings}",
        )
        start = coasts(w, "samos")
        d_start = sea_distances(w, start)
        d_paros = sea_distances(w, {"paros_sea"})
        best = min(d_start.get(s, 99) for s in coasts(w, "attica"))
        via = d_start.get("paros_sea", 99) + min(d_paros.get(s, 99) for s in coasts(w, "attica"))
        ok(
            via == best,
            "borders.csv",
            "samos→attica",
            "the Paros Sea must lie on a shortest sea route from Samos to Athens (§9.212 example)",
        )
    if {"leucas", "acarnania", "naupactus"} <= set(w.areas):
        ok(
            w.border_type("leucas", "acarnania") is not None,
            "borders.csv",
            "acarnania–leucas",
            "Stratus must be one area from Leucas (§9.213 example)",
        )
        ok(
            w.border_type("acarnania", "naupactus") is not None,
            "borders.csv",
            "acarnania–naupactus",
            "Naupactus must be one area from Stratus (§9.213 example)",
        )
    for area_id in ("phrygia", "lydia"):
        a = w.areas.get(area_id)
        ok(a is not None and a.region == "persia", f, f"id {area_id!r}", "is part of PERSIA (§1.0)")
    for area_id in ("taras", "croton"):
        a = w.areas.get(area_id)
        ok(a is not None and a.region == "italy", f, f"id {area_id!r}", "is part of ITALY (§1.0)")
    rh = w.seas.get("gulf_of_rhegium")
    ok(
        rh is not None and rh.region == "sicily",
        "seas.yaml",
        "id 'gulf_of_rhegium'",
        "the Gulf of Rhegium is part of SICILY (§1.0)",
    )


def _check_units(w: World, ok: _Collector) -> None:
    f = "units.csv"
    for side in ("athens", "sparta"):
        ids = sorted(i for s, i in w.units if s == side)
        ok(ids == list(range(1, 61)), f, side, f"needs units #1–60 exactly (§2.1), has {len(ids)}")
    for u in w.units.values():
        rec = f"{u.side} #{u.id} {u.name}"
        if u.type in FLEET_TYPES:
            ok(str(u.rating) == "D1", f, rec, "fleets fight on land as D1 (§2.26)")
        for h in u.home:
            a = w.areas.get(h)
            holder = a and (a.city or a.town)
            if ok(holder is not None, f, rec, f"home {h!r} is not an area with a city or town"):
                ok(
                    holder.nationality == u.nationality,
                    f,
                    rec,
                    f"home {h!r} has nationality {holder.nationality!r}, not {u.nationality!r} "
                    "(§2.11)",
                )
                if u.is_barbarian:
                    ok(
                        a.town is not None,
                        f,
                        rec,
                        f"barbarians arrive in towns only (§4.22): {h!r}",
                    )
        ok(bool(u.home), f, rec, "a unit needs at least one home city or town (§2.11)")
        for sc in u.scenarios:
            ok(sc in SCENARIO_DECKS, f, rec, f"unknown scenario {sc!r}")
        expected = (
            {"431", "415", "413"}
            if u.id <= 40
            else {"415", "413"}
            if u.id <= 46
            else {"sicily", "415"}
        )
        extra = set(u.scenarios) - expected - ({"sicily"} if u.id <= 46 else set())
        ok(not extra, f, rec, f"ID #{u.id} cannot appear in {sorted(extra)} (§2.1 ID ranges)")
    odrysians = w.units.get(("athens", 37))
    ok(
        odrysians is not None and odrysians.availability == "no_athenian_leader",
        f,
        "athens #37",
        "the Odrysian cavalry needs availability no_athenian_leader (§2.27)",
    )
    for side, nat in (("sparta", "aeolian"), ("athens", "macedonia")):
        ok(
            any(
                u.side == side and u.availability == "rebel" and u.nationality == nat
                for u in w.units.values()
            ),
            f,
            side,
            f"needs a {nat} rebel unit (§4.22)",
        )


def _check_cards(w: World, ok: _Collector) -> None:
    f = "cards.yaml"
    ok(sorted(w.cards) == list(range(1, 56)), f, "deck", "needs cards #1–55 exactly (§3.0)")
    for c in w.cards.values():
        rec = f"number {c.number} {c.title}"
        want = "gold" if c.number <= 11 else "silver" if c.number <= 44 else "bronze"
        ok(c.border == want, f, rec, f"card #{c.number} must have a {want} border (§3.0 ranges)")
        if c.event == "leader":
            ok(
                c.leader_value in (0, 1)
                and "leader" in c.params
                and c.params.get("side") in ("athens", "sparta"),
                f,
                rec,
                "a leader card needs params leader, side and a leader_value 0 or +1 (§3.11)",
            )
        if c.event in ("revolt", "helot_uprising"):
            ok(
                not c.new_year_ok,
                f,
                rec,
                "Revolts and Helot Uprisings are not New Year events (§10.2)",
            )
    aid = [c for c in w.cards.values() if c.event == "persian_aid" and c.number >= 12]
    ok(len(aid) >= 3, f, "persian_aid", "needs at least 3 Persian Aid cards in #12–55 (§13.3)")


def _check_scenarios(w: World, ok: _Collector) -> None:
    leaders = {c.params.get("leader"): c for c in w.cards.values() if c.event == "leader"}
    for sc in w.scenarios.values():
        f = f"scenarios/{sc.id}.yaml"
        want_deck = SCENARIO_DECKS.get(sc.id)
        ok(
            want_deck is None or sc.cards == want_deck,
            f,
            "cards",
            f"must use cards {want_deck} (§3.0)",
        )
        for side, name in sc.leaders.items():
            card = leaders.get(name)
            if ok(card is not None, f, f"leaders.{side}", f"{name!r} is not a leader card"):
                ok(
                    card.params.get("side") == side,
                    f,
                    f"leaders.{side}",
                    f"{name} leads {card.params.get('side')}, not {side}",
                )
                ok(
                    sc.cards[0] <= card.number <= sc.cards[1],
                    f,
                    f"leaders.{side}",
                    f"{name} (card #{card.number}) is outside this scenario's cards {sc.cards}",
                )
        holds = {s: set(v) for s, v in sc.captured.items()}
        for side, areas in sc.captured.items():
            for a in areas:
                area = w.areas.get(a)
                ok(
                    area is not None and area.city is not None and area.city.loyalty != side,
                    f,
                    f"captured.{side}",
                    f"{a!r} must be an opposing city",
                )
        multiplier = 3 if "peace_of_nicias" in sc.rules else 2  # §12.0 rule 2a
        seen: set = set()
        inside: dict[str, int] = {}
        besieged_sides: dict[str, set] = {}
        besieging_sides: dict[str, set] = {}
        for e in sc.setup:
            rec = f"setup.{e.side} unit {e.unit}"
            u = w.units.get((e.side, e.unit))
            if not ok(u is not None, f, rec, "no such unit in units.csv"):
                continue
            ok(sc.uses_unit(e.unit), f, rec, f"unit #{e.unit} is outside the scenario's ids")
            ok((e.side, e.unit) not in seen, f, rec, "this unit is placed twice")
            seen.add((e.side, e.unit))
            ok(1 <= e.cv <= u.max_cv, f, rec, f"cv {e.cv} must be 1–{u.max_cv}")
            if e.area in w.seas:
                ok(u.is_fleet, f, rec, "only fleets start at sea (§5.2)")
                continue
            ok(
                not u.is_fleet or bool(coasts(w, e.area)),
                f,
                rec,
                "fleets may stand only in coastal land areas (§5.1)",
            )
            city = w.areas[e.area].city
            if e.besieged:
                loyal = city is not None and (
                    city.loyalty == e.side or e.area in holds.get(e.side, ())
                )
                ok(loyal, f, rec, "besieged units must be in a city their side holds (§7.2)")
                besieged_sides.setdefault(e.area, set()).add(e.side)
            if e.besieging:
                besieging_sides.setdefault(e.area, set()).add(e.side)
            if city is not None and not e.besieging:
                inside[e.area] = inside.get(e.area, 0) + 1
        for area_id, n in inside.items():
            cap = multiplier * w.areas[area_id].city.value
            if area_id == "boeotia" and "decelea" in sc.rules:
                cap = max(cap, 3 * w.areas[area_id].city.value)  # §12.12: Thebes holds 12
            ok(
                n <= cap,
                f,
                f"setup in {area_id}",
                f"{n} units exceed the city capacity of {cap} "
                f"({'§12.0: triple value' if multiplier == 3 else '§1.3: double value'})",
            )
        for area_id, sides in besieged_sides.items():
            others = {"athens", "sparta"} - sides
            ok(
                bool(besieging_sides.get(area_id, set()) & others),
                f,
                f"setup in {area_id}",
                "a besieged city needs enemy besiegers in its province (§7.2)",
            )
        for side, areas in sc.garrisons.items():
            for a in areas:
                ok(
                    a in w.areas and w.areas[a].city is not None,
                    f,
                    f"garrisons.{side}",
                    f"{a!r} must be an area with a city",
                )


def check_world(world: World) -> list[Problem]:
    """Every problem found in the world's data (empty list when all checks pass)."""
    ok = _Collector()
    _check_map(world, ok)
    _check_subjects(world, ok)
    _check_rule_facts(world, ok)
    _check_units(world, ok)
    _check_cards(world, ok)
    _check_scenarios(world, ok)
    return ok.problems
