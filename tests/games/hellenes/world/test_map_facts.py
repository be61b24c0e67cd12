"""Facts about the Hellenes map that the rulebook implies, checked on the raw data files.

The files are read with ``yaml.safe_load`` and ``csv`` directly, so these tests do not depend on the
loader in ``hellenes_nb.games.hellenes.world``. Tests that check a rule carry the section in their
name and a ``rule`` mark.
"""

from __future__ import annotations

import colorsys
import csv
import re
from collections import deque
from functools import cache

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from support.paths import DATA

SCENARIOS = ("431", "sicily", "413", "415")
REGIONS = {"greece", "italy", "sicily", "persia"}
LAND_TYPES = {"land", "strait"}
SEA_TYPES = {"sea", "deepsea", "narrows"}


@cache
def _yaml(name: str) -> tuple:
    return tuple(yaml.safe_load((DATA / name).read_text(encoding="utf-8")))


@cache
def areas() -> dict[str, dict]:
    return {a["id"]: a for a in _yaml("areas.yaml")}


@cache
def seas() -> dict[str, dict]:
    return {s["id"]: s for s in _yaml("seas.yaml")}


@cache
def nationalities() -> dict[str, dict]:
    return {n["id"]: n for n in _yaml("nationalities.yaml")}


@cache
def nations() -> dict[str, dict]:
    return {n["id"]: n for n in _yaml("nations.yaml")}


@cache
def subject_regions() -> dict[str, dict]:
    return {r["id"]: r for r in _yaml("subject_regions.yaml")}


@cache
def borders() -> tuple[dict, ...]:
    with (DATA / "borders.csv").open(encoding="utf-8", newline="") as fh:
        return tuple(csv.DictReader(fh))


@cache
def graph() -> dict[str, dict[str, str]]:
    """Adjacency: node -> {neighbour: border type}, both directions."""
    g: dict[str, dict[str, str]] = {n: {} for n in (*areas(), *seas())}
    for row in borders():
        g[row["a"]][row["b"]] = row["type"]
        g[row["b"]][row["a"]] = row["type"]
    return g


def coasts(area_id: str) -> set[str]:
    """Seas the area touches (coast borders plus Corinth's Diolkos coast)."""
    touching = {n for n, t in graph()[area_id].items() if t == "coast"}
    return touching | set(areas()[area_id]["extra_coasts"])


def city(area_id: str) -> dict:
    c = areas()[area_id].get("city")
    assert c is not None, f"{area_id} has no city"
    return c


def sea_paths_cost(start: set[str], deep_cost: bool) -> dict[str, int]:
    """Shortest sea-only costs from a set of seas: steps, or deep-sea borders crossed."""
    dist = {s: 0 for s in start}
    queue = deque(start)
    while queue:
        here = queue.popleft()
        for there, kind in graph()[here].items():
            if kind not in SEA_TYPES:
                continue
            step = int(kind == "deepsea") if deep_cost else 1
            if dist[here] + step < dist.get(there, 1 << 30):
                dist[there] = dist[here] + step
                (queue.appendleft if step == 0 else queue.append)(there)
    return dist


# --------------------------------------------------------------------------- generic structure


def test_ids_are_unique_lowercase_and_not_shared_between_files():
    ids = [a["id"] for a in _yaml("areas.yaml")] + [s["id"] for s in _yaml("seas.yaml")]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", i) for i in ids)
    for name in ("nationalities.yaml", "nations.yaml", "subject_regions.yaml"):
        own = [r["id"] for r in _yaml(name)]
        assert len(own) == len(set(own)), name


def test_sizes_match_the_issue_targets():
    main = [a for a in areas().values() if a["region"] != "sicily"]
    inset = [a for a in areas().values() if a["region"] == "sicily"]
    assert 70 <= len(main) <= 80
    assert 12 <= len(inset) <= 16
    assert 30 <= len(seas()) <= 35


def test_every_record_names_a_source():
    records = [
        *areas().values(),
        *seas().values(),
        *nationalities().values(),
        *nations().values(),
        *subject_regions().values(),
        *borders(),
    ]
    for r in records:
        src = r["source"]
        assert src.startswith(("rulebook §", "reconstruction: ")), r


def test_every_reference_resolves():
    for a in areas().values():
        assert a["nation"] in nations(), a["id"]
        assert a["region"] in REGIONS, a["id"]
        for holder in ("city", "town"):
            if a.get(holder):
                assert a[holder]["nationality"] in nationalities(), a["id"]
        c = a.get("city")
        if c and c["subject_region"] is not None:
            assert c["subject_region"] in subject_regions(), a["id"]
        assert set(a["neutral_in"]) <= set(SCENARIOS), a["id"]
        assert set(a["extra_coasts"]) <= set(seas()), a["id"]
    for s in seas().values():
        assert s["region"] in REGIONS, s["id"]
    for r in subject_regions().values():
        assert set(r["cities"]) <= set(areas()), r["id"]
    used = {a["nation"] for a in areas().values()}
    assert used == set(nations()), "every nation groups at least one area"


@pytest.mark.rule("1.3")
def test_1_3_no_area_holds_both_a_city_and_a_town():
    for a in areas().values():
        assert not (a.get("city") and a.get("town")), a["id"]


@pytest.mark.rule("1.3")
def test_1_3_ports_have_one_offshore_sea_that_they_border():
    for a in areas().values():
        c = a.get("city")
        if not c:
            continue
        if c["port"]:
            assert c["offshore_sea"] in seas(), a["id"]
            assert c["offshore_sea"] in coasts(a["id"]), a["id"]
        else:
            assert c["offshore_sea"] is None, a["id"]


@pytest.mark.rule("1.3")
def test_1_3_capacity_is_twice_the_value_and_never_stored():
    for a in areas().values():
        c = a.get("city")
        if c:
            assert "capacity" not in c
            assert 1 <= c["value"] <= 9 and 2 * c["value"] >= 2


@pytest.mark.rule("1.31")
def test_1_31_city_loyalty_matches_its_colour():
    for a in areas().values():
        c = a.get("city")
        if c:
            assert c["loyalty"] == nationalities()[c["nationality"]]["loyalty"], a["id"]
            white = c["nationality"] == "neutral"
            assert white == (c["loyalty"] == "neutral"), a["id"]
            if white:
                assert set(a["neutral_in"]) == set(SCENARIOS), f"white {a['id']} is never entered"


def test_border_rows_are_unique_ordered_and_typed():
    seen = set()
    for row in borders():
        a, b, kind = row["a"], row["b"], row["type"]
        assert a < b, row
        assert (a, b) not in seen, row
        seen.add((a, b))
        n_land = (a in areas()) + (b in areas())
        assert a in graph() and b in graph(), row
        want = {2: LAND_TYPES, 1: {"coast"}, 0: SEA_TYPES}[n_land]
        assert kind in want, row


def test_graph_is_symmetric_and_connected():
    g = graph()
    for a, nbrs in g.items():
        for b, kind in nbrs.items():
            assert g[b][a] == kind
    start = "attica"
    seen, queue = {start}, deque([start])
    while queue:
        for n in g[queue.popleft()]:
            if n not in seen:
                seen.add(n)
                queue.append(n)
    assert seen == set(g)


def test_seas_alone_are_connected():
    assert set(sea_paths_cost({"saronic_gulf"}, deep_cost=False)) == set(seas())


LANDLOCKED = {"plataea", "arcadia", "aetolia", "upper_macedonia", "lydia", "sicels"}


def test_coastal_areas_touch_a_sea_and_landlocked_ones_do_not():
    for a in areas().values():
        touching = coasts(a["id"])
        assert bool(touching) == (a["id"] not in LANDLOCKED), a["id"]
        if a["island"]:
            assert touching, a["id"]
    for s in seas():
        assert any(t == "coast" for t in graph()[s].values()) or s == "ionian_sea", s


def test_islands_have_no_land_border_except_leucas_and_the_euboean_areas():
    allowed = {"leucas", "euboea", "chalcis", "eretria"}
    for a in areas().values():
        if a["island"] and a["id"] not in allowed:
            assert not any(t in LAND_TYPES for t in graph()[a["id"]].values()), a["id"]


def test_regions_keep_to_themselves_except_the_inset_links():
    cross = set()
    for row in borders():
        ra = (areas().get(row["a"]) or seas()[row["a"]])["region"]
        rb = (areas().get(row["b"]) or seas()[row["b"]])["region"]
        if ra != rb:
            cross.add(frozenset((ra, rb)))
    assert cross <= {
        frozenset(p) for p in (("greece", "italy"), ("italy", "sicily"), ("greece", "persia"))
    }


# --------------------------------------------------------------------------- rule facts


@pytest.mark.rule("12.12")
def test_12_12_thebes_value_4_so_capacity_12_is_triple():
    assert city("boeotia")["name"] == "Thebes"
    assert city("boeotia")["value"] == 4
    assert 12 == 3 * city("boeotia")["value"]


@pytest.mark.rule("9.213")
def test_9_213_stratus_value_1_capacity_2():
    assert city("acarnania")["name"] == "Stratus"
    assert 2 * city("acarnania")["value"] == 2
    assert city("acarnania")["loyalty"] == "athens"


@pytest.mark.rule("9.213")
def test_9_213_quartering_chain_leucas_stratus_naupactus():
    assert "acarnania" in graph()["leucas"]
    assert "naupactus" in graph()["acarnania"]
    assert city("naupactus")["loyalty"] == "athens"


@pytest.mark.rule("15.2")
def test_15_2_captured_cities_give_tribute_4_to_sparta_and_3_to_athens():
    assert city("plataea")["value"] + city("amphipolis")["value"] == 4
    assert city("leucas")["value"] + city("pylos")["value"] == 3
    assert city("leucas")["value"] == 2 and city("pylos")["value"] == 1
    # captured means held against its loyalty (§9.51 counts only opposing cities)
    assert {city(a)["loyalty"] for a in ("plataea", "amphipolis")} == {"athens"}
    assert {city(a)["loyalty"] for a in ("leucas", "pylos")} == {"sparta"}


@pytest.mark.rule("1.3")
def test_1_3_sidebar_offshore_seas_leucas_and_lipara():
    assert city("leucas")["offshore_sea"] == "gulf_of_ambracia"
    assert areas()["leucas"]["nation"] == "ambracia"
    assert city("lipara")["offshore_sea"] == "tyrrhenian_sea"
    assert areas()["lipara"]["region"] == "sicily"


@pytest.mark.rule("5.2")
def test_5_2_diolkos_corinth_has_two_coasts_offshore_gulf_of_corinth():
    assert city("corinth")["offshore_sea"] == "gulf_of_corinth"
    assert areas()["corinth"]["extra_coasts"] == ["saronic_gulf"]
    assert {"gulf_of_corinth", "saronic_gulf"} <= coasts("corinth")
    others = [a for a in areas().values() if a["extra_coasts"]]
    assert [a["id"] for a in others] == ["corinth"], "Corinth is the only two-coast province"
    # the two coasts are not one sea away from each other without rounding the Peloponnese
    assert "saronic_gulf" not in graph()["gulf_of_corinth"]


@pytest.mark.rule("8.22")
def test_8_22_grain_route_seas():
    grain = {s["id"] for s in seas().values() if s["grain_route"]}
    assert grain == {"hellespont", "sea_of_marmara", "saronic_gulf"}
    assert city("attica")["offshore_sea"] == "saronic_gulf"


@pytest.mark.rule("9.211")
def test_9_211_abydos_touches_the_hellespont():
    assert city("troad")["name"] == "Abydos"
    assert "hellespont" in coasts("troad")


@pytest.mark.rule("9.31")
def test_9_31_athens_touches_saronic_gulf_and_andros_sea():
    assert {"saronic_gulf", "andros_sea"} <= coasts("attica")


@pytest.mark.rule("9.212")
def test_9_212_paros_sea_lies_on_a_shortest_route_samos_to_athens():
    start = coasts("samos")
    goal = coasts("attica")
    from_samos = sea_paths_cost(start, deep_cost=False)
    from_paros = sea_paths_cost({"paros_sea"}, deep_cost=False)
    best = min(from_samos[s] for s in goal)
    via = from_samos["paros_sea"] + min(from_paros[s] for s in goal)
    assert via == best


@pytest.mark.rule("9.211")
def test_9_211_hellespont_to_athens_needs_exactly_two_deepsea_crossings():
    deep = sea_paths_cost({"hellespont"}, deep_cost=True)
    assert deep["saronic_gulf"] == 2
    assert deep["andros_sea"] == 2
    assert min(deep[s] for s in coasts("attica")) == 2


def _random_sea_walks():
    """Random simple sea paths from the Hellespont (hypothesis picks the turns)."""
    return st.lists(st.integers(min_value=0, max_value=10), min_size=1, max_size=25)


@pytest.mark.rule("5.22")
@settings(max_examples=300, deadline=None)
@given(_random_sea_walks())
def test_5_22_every_sea_walk_from_hellespont_to_athens_crosses_two_deep_borders(turns):
    here, deep, seen = "hellespont", 0, {"hellespont"}
    for t in turns:
        options = sorted(n for n, k in graph()[here].items() if k in SEA_TYPES and n not in seen)
        if not options:
            return
        nxt = options[t % len(options)]
        deep += graph()[here][nxt] == "deepsea"
        here = nxt
        seen.add(here)
        if here in {"saronic_gulf", "andros_sea"}:
            assert deep >= 2
            return


@pytest.mark.rule("1.2")
def test_1_2_narrows_and_deepsea_only_between_seas():
    kinds = {row["type"] for row in borders()}
    assert {"narrows", "deepsea"} <= kinds
    narrows = {frozenset((r["a"], r["b"])) for r in borders() if r["type"] == "narrows"}
    assert frozenset(("gulf_of_corinth", "gulf_of_patrae")) in narrows
    assert frozenset(("hellespont", "sea_of_marmara")) in narrows
    assert frozenset(("north_euboean_gulf", "south_euboean_gulf")) in narrows


@pytest.mark.rule("15.1")
def test_15_neutrals_per_scenario():
    def neutral(sc: str) -> set[str]:
        return {a["id"] for a in areas().values() if sc in a["neutral_in"]}

    achaea = {"achaea_west", "achaea_east"}
    persia = {"phrygia", "lydia"}
    sicily = {a["id"] for a in areas().values() if a["region"] == "sicily"}
    assert achaea | persia | {"argolis"} | sicily <= neutral("431")
    assert "argolis" not in neutral("sicily") | neutral("413") | neutral("415")
    for sc in ("sicily", "415"):
        assert achaea | persia | {"messana", "rhegium", "acragas", "gela"} <= neutral(sc)
        assert {"syracuse", "catana", "leontini", "segesta", "selinus"}.isdisjoint(neutral(sc))
    assert achaea | persia | sicily <= neutral("413")
    assert {a["region"] for a in areas().values() if a["id"] in persia} == {"persia"}
    assert all(
        a["neutral_in"] == []
        for a in areas().values()
        if a["id"] in {"attica", "laconia", "corinth", "boeotia"}
    )


@pytest.mark.rule("1.0")
def test_1_0_regions_persia_italy_sicily():
    assert {a["id"] for a in areas().values() if a["region"] == "persia"} == {"phrygia", "lydia"}
    assert {a["id"] for a in areas().values() if a["region"] == "italy"} == {"taras", "croton"}
    assert seas()["gulf_of_rhegium"]["region"] == "sicily"
    assert {"rhegium", "messana", "syracuse", "lipara", "sicels"} <= {
        a["id"] for a in areas().values() if a["region"] == "sicily"
    }
    italian_seas = {s["id"] for s in seas().values() if s["region"] == "italy"}
    for s in italian_seas:
        assert graph()[s].keys() & {"taras", "croton"}, f"{s} is not next to Taras or Croton"


@pytest.mark.rule("3.1")
def test_3_1_helot_uprising_targets_have_cities():
    for a in ("laconia", "messenia", "pylos"):
        assert city(a)["nationality"] == "lacedaemon"
    assert city("laconia")["name"] == "Sparta"


@pytest.mark.rule("4.22")
def test_4_22_pella_is_a_city_and_macedonia_has_towns():
    assert city("macedonia")["name"] == "Pella"
    assert city("macedonia")["nationality"] == "macedonia"
    towns = [
        a["id"]
        for a in areas().values()
        if a.get("town") and a["town"]["nationality"] == "macedonia"
    ]
    assert len(towns) >= 1
    assert all(areas()[t]["nation"] == "macedonia" for t in towns)


@pytest.mark.rule("4.22")
def test_4_22_lesbos_and_chios_are_aeolian_port_cities():
    for a in ("lesbos", "chios"):
        assert city(a)["port"] is True
        assert city(a)["nationality"] == "aeolian"
        assert areas()[a]["island"] is True


@pytest.mark.rule("2.27")
def test_2_27_odrysia_has_a_town():
    assert areas()["odrysia"]["town"]["nationality"] == "odrysia"
    assert nationalities()["odrysia"]["kind"] == "barbarian"
    assert nationalities()["odrysia"]["loyalty"] == "athens"


@pytest.mark.rule("2.25")
def test_2_25_barbarian_and_persian_colours_live_in_towns_only():
    for a in areas().values():
        if a.get("town"):
            assert nationalities()[a["town"]["nationality"]]["kind"] != "greek", a["id"]
    persian_towns = {
        a["id"] for a in areas().values() if a.get("town") and a["town"]["nationality"] == "persia"
    }
    assert persian_towns == {"phrygia", "lydia"}


SUBJECT_SIDEBAR = {
    "euboea": {"chalcis": (3, True), "eretria": (2, False)},
    "chalcidice": {"pallene": (2, True), "sithonia": (2, True), "stagira": (1, False)},
    "thrace": {"amphipolis": (3, True), "abdera": (1, True), "maronea": (2, False)},
    "propontis": {
        "byzantium": (3, True),
        "troad": (2, True),
        "cyzicus": (1, False),
        "chersonese": (1, False),
    },
    "ionia": {
        "miletus": (2, True),
        "ephesus": (3, True),
        "aeolis": (2, False),
        "erythrae": (1, False),
        "cnidus": (1, True),
    },
    "sporades": {"samos": (3, True), "rhodes": (2, True)},
    "cyclades": {"naxos": (2, True), "andros": (1, True)},
    "western_islands": {"cephallenia": (1, False), "zacynthos": (1, False)},
    "aeolian_islands": {"chios": (3, True), "lesbos": (2, True)},
}


@pytest.mark.rule("1.33")
def test_1_33_subject_regions_match_the_sidebar():
    assert set(subject_regions()) == set(SUBJECT_SIDEBAR)
    for rid, cities in SUBJECT_SIDEBAR.items():
        region = subject_regions()[rid]
        assert set(region["cities"]) == set(cities), rid
        assert region["can_revolt"] is True
        assert region["is_subject_region"] is (rid != "aeolian_islands")
        for area_id, (value, port) in cities.items():
            c = city(area_id)
            assert (c["value"], c["port"]) == (value, port), area_id
            assert c["subject_region"] == rid
            assert c["loyalty"] == "athens"
            assert c["nationality"] == ("aeolian" if rid == "aeolian_islands" else "subject")
    tagged = {a["id"] for a in areas().values() if a.get("city") and a["city"]["subject_region"]}
    assert tagged == {a for cities in SUBJECT_SIDEBAR.values() for a in cities}


@pytest.mark.rule("1.32")
def test_1_32_attica_and_subjects_are_different_nationalities():
    assert city("attica")["nationality"] == city("plataea")["nationality"] == "attica"
    assert city("chalcis")["nationality"] == "subject"
    assert city("laconia")["nationality"] != city("corinth")["nationality"]
    assert city("boeotia")["nationality"] == "boeotia"


def _opponent_blue_yellow(hex_colour: str) -> float:
    """Blue minus yellow: the colour axis that red-green colour blindness keeps."""
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return b - (r + g) / 2


@pytest.mark.rule("1.31")
def test_1_31_side_colours_are_warm_for_sparta_cool_for_athens_and_white_for_neutral():
    colours = [n["colour"] for n in nationalities().values()]
    assert len(colours) == len(set(colours))
    for n in nationalities().values():
        assert re.fullmatch(r"#[0-9A-F]{6}", n["colour"]), n["id"]
        r, g, b = (int(n["colour"][i : i + 2], 16) / 255 for i in (1, 3, 5))
        hue = colorsys.rgb_to_hsv(r, g, b)[0] * 360
        if n["loyalty"] == "sparta":  # red / orange / yellow
            assert hue <= 60 or hue >= 330, n["id"]
            assert _opponent_blue_yellow(n["colour"]) < -20, n["id"]
        elif n["loyalty"] == "athens":  # green / blue / purple
            assert 150 <= hue <= 300, n["id"]
            assert _opponent_blue_yellow(n["colour"]) > 10, n["id"]
        else:
            assert n["colour"] == "#FFFFFF"


def test_nationality_kinds():
    kinds = {n["id"]: n["kind"] for n in nationalities().values()}
    assert set(kinds.values()) <= {"greek", "barbarian", "persian", "sicilian"}
    assert kinds["persia"] == "persian"
    for a in areas().values():
        holder = a.get("city") or a.get("town")
        if holder and a["region"] == "sicily" and holder["nationality"] != "neutral":
            assert kinds[holder["nationality"]] == "sicilian", a["id"]


def test_places_named_in_the_brief_sit_where_expected():
    assert "Sphacteria" in areas()["pylos"]["notes"]
    assert "Salamis" in areas()["attica"]["notes"]
    assert "Delos" in areas()["naxos"]["notes"]
    assert areas()["aegina"]["island"] and "city" not in areas()["aegina"]
    assert areas()["leucas"]["island"]
    assert city("illyria")["name"] == "Epidamnus"


@given(st.sampled_from(sorted({a for a in areas() if areas()[a].get("city")})))
def test_city_symbols_lie_near_their_area_label(area_id):
    a = areas()[area_id]
    (la, lo), (ca, co) = a["label"], a["city"]["at"]
    assert abs(la - ca) < 0.6 and abs(lo - co) < 0.8, area_id
