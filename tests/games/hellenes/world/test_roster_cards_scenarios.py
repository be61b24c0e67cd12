"""The roster, the cards and the scenario setups, checked on the raw data files.

Files are read with ``yaml.safe_load`` and ``csv`` so these tests do not depend on the loader in
``hellenes_nb.games.hellenes.world``. Each rule test names its section (``rule`` mark). Everything
here checks a number or flag the rulebook implies (§2, §3, §12, §13, §15) or the consistency of the
reconstruction with the map files.
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from functools import cache

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from support.paths import DATA

SCENARIOS = ("431", "sicily", "413", "415")
SIDES = ("athens", "sparta")
FLEETS = {"fleet", "elite_fleet", "improved_fleet"}
BARBARIANS = {"barbarian", "persian"}
UNIT_TYPES = {"hoplite", "elite_hoplite", "archer", "cavalry", "infantry"} | BARBARIANS | FLEETS
SUBJECT_REGIONS = {"euboea", "chalcidice", "thrace", "propontis", "ionia", "sporades", "cyclades",
                   "western_islands", "aeolian_islands"}  # §1.33 sidebar, §3.12
SICILY_LAND = {"messana", "rhegium", "naxos_sicily", "catana", "leontini", "syracuse", "camarina",
               "gela", "acragas", "selinus", "segesta", "himera", "lipara", "sicels"}
ACHAEA_PERSIA = {"achaea_west", "achaea_east", "phrygia", "lydia"}
#: a neutral SICILY includes its seas (rules-decisions: §1.0, §15)
SICILY_SEAS = {"african_sea", "gulf_of_rhegium", "syracusan_sea", "tyrrhenian_sea"}
NEUTRALS = {  # §15.1-15.4
    "431": {"argolis"} | ACHAEA_PERSIA | SICILY_LAND | SICILY_SEAS,
    "sicily": ACHAEA_PERSIA | {"messana", "rhegium", "acragas", "gela"},
    "415": ACHAEA_PERSIA | {"messana", "rhegium", "acragas", "gela"},
    "413": ACHAEA_PERSIA | SICILY_LAND | SICILY_SEAS,
}
DECKS = {"431": (1, 44), "sicily": (12, 55), "415": (12, 55), "413": (12, 55)}  # §3.0
UNIT_IDS = {"431": [1, 40], "sicily": [47, 60], "415": [1, 60], "413": [1, 46]}  # §2.1, §15
LEADERS = {  # §15.1-15.4
    "431": {"athens": "pericles", "sparta": "archidamos"},
    "sicily": {"athens": "alcibiades", "sparta": "agis"},
    "415": {"athens": "alcibiades", "sparta": "agis"},
    "413": {"athens": "proboulois", "sparta": "agis"},
}


# ---------------------------------------------------------------- readers


@cache
def _yaml(name: str):
    return yaml.safe_load((DATA / name).read_text(encoding="utf-8"))


@cache
def units() -> tuple[dict, ...]:
    with (DATA / "units.csv").open(encoding="utf-8", newline="") as fh:
        return tuple(csv.DictReader(fh))


def unit(side: str, uid: int) -> dict:
    return next(u for u in units() if u["side"] == side and int(u["id"]) == uid)


def roster(side: str) -> list[dict]:
    return [u for u in units() if u["side"] == side]


def areas() -> dict[str, dict]:
    return {a["id"]: a for a in _yaml("areas.yaml")}


def cards() -> list[dict]:
    return _yaml("cards.yaml")


def events() -> dict[str, dict]:
    return {e["key"]: e for e in _yaml("events.yaml")}


def special_rules() -> dict[str, dict]:
    return {r["key"]: r for r in _yaml("special_rules.yaml")}


def scenario(sid: str) -> dict:
    return _yaml(f"scenarios/{sid}.yaml")


@cache
def coastal() -> frozenset[str]:
    """Land areas with at least one coast border (plus Corinth's Diolkos coasts)."""
    out = set()
    with (DATA / "borders.csv").open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            if row["type"] == "coast":
                out.update((row["a"], row["b"]))
    return frozenset(out | {a for a, r in areas().items() if r.get("extra_coasts")})


@cache
def sea_ids() -> frozenset[str]:
    return frozenset(s["id"] for s in _yaml("seas.yaml"))


def holder(area_id: str) -> dict | None:
    """The city or town of a land area (None for an empty province)."""
    a = areas()[area_id]
    return a.get("city") or a.get("town")


def nationality_of(area_id: str) -> str | None:
    h = holder(area_id)
    return h["nationality"] if h else None


def leader_cards() -> dict[str, dict]:
    return {c["params"]["leader"]: c for c in cards() if c["event"] == "leader"}


def ids_in(sid: str) -> range:
    lo, hi = scenario(sid)["unit_ids"]
    return range(lo, hi + 1)


def placements(sid: str):
    """(side, setup entry) for every unit a scenario places."""
    for side in SIDES:
        for e in scenario(sid)["setup"].get(side) or []:
            yield side, e


def capacity_problems(entries: list[tuple[str, dict]], multiplier: int) -> list[str]:
    """Cities holding more units than capacity (besiegers stand outside the walls, §7.2)."""
    count: Counter = Counter()
    for _side, e in entries:
        city = (areas().get(e["area"]) or {}).get("city")
        if city and not e.get("besieging"):
            count[e["area"]] += 1
    return [f"{a}: {n} > {multiplier * areas()[a]['city']['value']}"
            for a, n in count.items() if n > multiplier * areas()[a]["city"]["value"]]


# ---------------------------------------------------------------- units (§2)


@pytest.mark.rule("2.1")
def test_2_1_sixty_units_per_side_numbered_1_to_60():
    for side in SIDES:
        assert sorted(int(u["id"]) for u in roster(side)) == list(range(1, 61))
    assert {u["side"] for u in units()} == set(SIDES)


@pytest.mark.rule("2.1")
def test_2_1_scenario_column_follows_the_id_ranges():
    for u in units():
        i = int(u["id"])
        want = ({"431", "415", "413"} if i <= 40
                else {"415", "413"} if i <= 46 else {"sicily", "415"})
        assert set(u["scenarios"].split(";")) == want, (u["side"], i)


@pytest.mark.rule("2.14")
def test_2_14_ratings_are_agility_letter_and_power():
    for u in units():
        assert u["type"] in UNIT_TYPES, u
        assert re.fullmatch(r"[ABCD][123]", u["rating"]), u
        assert 1 <= int(u["max_cv"]) <= 4, u  # §2.12
        assert u["elite"] in ("true", "false"), u
        assert u["source"].startswith(("rulebook §", "reconstruction: ")), u


@pytest.mark.rule("2.26")
def test_2_26_fleets_fight_d1_on_land_and_e_or_f_at_sea():
    for u in units():
        if u["type"] in FLEETS:
            assert u["rating"] == "D1", u
            assert re.fullmatch(r"[EF][123]", u["sea_rating"]), u
        else:
            assert u["sea_rating"] == "", u


@pytest.mark.rule("2.26")
def test_2_26_fleets_recruit_only_in_coastal_home_areas():
    for u in units():
        if u["type"] in FLEETS:
            assert set(u["home"].split(";")) <= coastal(), u


@pytest.mark.rule("3.1")
def test_3_1_athenian_elite_fleets_are_e2_and_red_boxed():
    elite = [u for u in roster("athens") if u["type"] == "elite_fleet"]
    assert elite
    for u in elite:
        assert u["sea_rating"] == "E2" and u["elite"] == "true", u


@pytest.mark.rule("13.2")
def test_13_2_improved_e1_fleets_are_spartan_41_to_46_and_need_persian_aid():
    improved = [u for u in units() if u["type"] == "improved_fleet"]
    assert improved
    for u in improved:
        assert u["side"] == "sparta" and 41 <= int(u["id"]) <= 46, u
        assert u["sea_rating"] == "E1" and u["availability"] == "persian_aid", u


@pytest.mark.rule("12.13")
def test_12_13_spartan_41_to_46_are_persians_and_e1_fleets():
    block = [unit("sparta", i) for i in range(41, 47)]
    assert {u["type"] for u in block} == {"persian", "improved_fleet"}
    assert all(u["availability"] == "persian_aid" for u in block)
    for u in block:
        if u["type"] == "persian":
            assert u["nationality"] == "persia"
            assert set(u["home"].split(";")) <= {"phrygia", "lydia"}  # §1.0 Persia
    assert all(u["type"] != "persian" for u in units() if u not in block)


@pytest.mark.rule("2.11")
def test_2_11_homes_are_exactly_the_areas_of_the_units_colour():
    for u in units():
        homes = set(u["home"].split(";"))
        barbarian = u["type"] in BARBARIANS
        for h in homes:
            assert h in areas(), (u["name"], h)
            assert nationality_of(h) == u["nationality"], (u["name"], h)
            if barbarian:  # §2.25, §4.22: barbarians arrive in home towns only
                assert areas()[h].get("town"), (u["name"], h)
        # every area of the colour is a home, unless the unit type cannot stand there
        every = {a for a in areas() if nationality_of(a) == u["nationality"]}
        if barbarian:
            every = {a for a in every if areas()[a].get("town")}
        if u["type"] in FLEETS:
            every &= coastal()
        assert homes == every or u["availability"] == "rebel", u["name"]


@pytest.mark.rule("2.21")
def test_2_21_elite_hoplites_are_quicker_and_red_boxed():
    for u in units():
        if u["type"] == "elite_hoplite":
            assert u["elite"] == "true" and u["rating"][0] < "C", u
        if u["type"] == "hoplite":
            assert u["rating"] == "C2", u


@pytest.mark.rule("2.22")
def test_2_22_archers_are_a1_with_low_maximum():
    for u in units():
        if u["type"] == "archer":
            assert u["rating"] == "A1" and int(u["max_cv"]) <= 2, u


@pytest.mark.rule("2.23")
def test_2_23_cavalry_is_a1_or_a2_and_the_fastest_land_unit():
    land = [u for u in units() if u["type"] not in FLEETS]
    fastest = max(int(u["move"]) for u in land)
    for u in units():
        if u["type"] == "cavalry":
            assert u["rating"] in ("A1", "A2") and int(u["move"]) == fastest, u


@pytest.mark.rule("2.24")
def test_2_24_infantry_is_b1():
    assert all(u["rating"] == "B1" for u in units() if u["type"] == "infantry")


@pytest.mark.rule("2.25")
def test_2_25_barbarians_are_mostly_less_agile_than_greek_infantry():
    barbarian = [u for u in units() if u["type"] in BARBARIANS]
    slow = [u for u in barbarian if u["rating"][0] in "CD"]
    assert len(slow) > len(barbarian) / 2
    for u in barbarian:
        assert nationality_kind(u["nationality"]) in ("barbarian", "persian", "sicilian"), u


def nationality_kind(nat: str) -> str:
    return next(n["kind"] for n in _yaml("nationalities.yaml") if n["id"] == nat)


@pytest.mark.rule("2.27")
def test_2_27_odrysian_a3_cavalry_is_athenian_37_and_needs_no_leader():
    u = unit("athens", 37)
    assert u["nationality"] == "odrysia" and u["rating"] == "A3"
    assert u["availability"] == "no_athenian_leader"
    assert "cavalry" in u["name"].lower()  # barbarian cavalry: harrying (§6.41)
    assert [x for x in units() if x["availability"] == "no_athenian_leader"] == [u]


@pytest.mark.rule("4.22")
def test_4_22_rebels_are_an_aeolian_spartan_fleet_and_a_macedonian_athenian_barbarian():
    rebels = {(u["side"], u["nationality"], u["type"]) for u in units()
              if u["availability"] == "rebel"}
    assert rebels == {("sparta", "aeolian", "fleet"), ("athens", "macedonia", "barbarian")}
    fleet = next(u for u in units() if u["availability"] == "rebel" and u["side"] == "sparta")
    assert set(fleet["home"].split(";")) == {"lesbos", "chios"}
    mac = next(u for u in units() if u["availability"] == "rebel" and u["side"] == "athens")
    homes = set(mac["home"].split(";"))
    assert homes and "macedonia" not in homes  # never Pella
    assert all(areas()[h].get("town") for h in homes)


@pytest.mark.rule("4.22")
def test_4_22_two_macedonian_barbarian_units_one_per_side():
    """Perdiccas and Philip: both Macedonian units are barbarian foot, one for each side."""
    mac = [u for u in units() if u["nationality"] == "macedonia"]
    assert sorted(u["side"] for u in mac) == ["athens", "sparta"]
    assert all(u["type"] == "barbarian" and "cavalry" not in u["name"].lower() for u in mac)


@pytest.mark.rule("2.1")
def test_2_1_sicilian_units_have_homes_in_sicily_and_ids_from_47():
    sicilian = {n["id"] for n in _yaml("nationalities.yaml") if n["kind"] == "sicilian"}
    for u in units():
        in_sicily = {areas()[h]["region"] == "sicily" for h in u["home"].split(";")}
        assert in_sicily == {u["nationality"] in sicilian}, u["name"]
        if u["nationality"] in sicilian:
            assert int(u["id"]) >= 47, u["name"]


@pytest.mark.rule("4.22")
def test_4_22_rebel_homes_have_opposing_loyalty():
    nat_loyalty = {n["id"]: n["loyalty"] for n in _yaml("nationalities.yaml")}
    for u in units():
        if u["availability"] == "rebel":
            assert nat_loyalty[u["nationality"]] != u["side"], u
        elif u["nationality"] in nat_loyalty and nat_loyalty[u["nationality"]] != "neutral":
            assert nat_loyalty[u["nationality"]] == u["side"], u


@pytest.mark.rule("12.0")
def test_12_0_athens_has_enough_expeditionaries_for_public_works():
    """Public Works needs 6+ non-Sicilian pro-Athenian units in Sicily: the Sicily ids hold them."""
    sicilian = {n["id"] for n in _yaml("nationalities.yaml") if n["kind"] == "sicilian"}
    outsiders = [u for u in roster("athens")
                 if int(u["id"]) >= 47 and u["nationality"] not in sicilian]
    assert len(outsiders) >= 6


# ---------------------------------------------------------------- cards (§3)


@pytest.mark.rule("3.0")
def test_3_0_fifty_five_cards_with_border_ranges():
    nums = [c["number"] for c in cards()]
    assert sorted(nums) == list(range(1, 56))
    for c in cards():
        n = c["number"]
        assert c["border"] == ("gold" if n <= 11 else "silver" if n <= 44 else "bronze"), c
        assert 1 <= c["actions"] <= 3, c  # §3.2
        assert c["side"] in ("athens", "sparta", "both"), c
        assert c["text"] and c["title"], c
        assert c["source"].startswith(("rulebook §", "reconstruction: ")), c
    counts = Counter(c["border"] for c in cards())
    assert counts == {"gold": 11, "silver": 33, "bronze": 11}  # 33 core + 11 + 11


@pytest.mark.rule("3.1")
def test_3_1_every_named_event_is_on_a_card_and_every_card_event_is_defined():
    named = {"revolt", "helot_uprising", "plague_strikes", "plague_returns", "treachery",
             "leader_ostracized", "hunger", "earthquake", "augury", "atrocity", "leader",
             "civil_war", "athens_raises_taxes", "persian_aid", "peace_faction_ascendant",
             "war_faction_ascendant", "no_quarter"}
    assert set(events()) == named
    assert {c["event"] for c in cards()} == named
    for e in events().values():
        assert e["summary"] and e["name"] and e["section"], e


@pytest.mark.rule("3.1")
def test_3_1_continuing_flags_match_the_event_list():
    continuing = {"leader", "civil_war", "athens_raises_taxes", "persian_aid",
                  "peace_faction_ascendant", "war_faction_ascendant", "no_quarter"}
    assert {k for k, e in events().items() if e["continuing"]} == continuing
    for c in cards():
        assert c["continuing"] == events()[c["event"]]["continuing"], c


@pytest.mark.rule("3.1")
def test_3_1_event_colours_red_blue_green():
    side_of = {"revolt": "sparta", "persian_aid": "sparta", "helot_uprising": "athens",
               "athens_raises_taxes": "athens"}
    for c in cards():
        assert c["side"] == side_of.get(c["event"], "both"), c


@pytest.mark.rule("10.2")
def test_10_2_revolt_and_helot_uprising_are_not_new_year_events():
    for c in cards():
        assert c["new_year_ok"] == (c["event"] not in ("revolt", "helot_uprising")), c


@pytest.mark.rule("3.1")
def test_3_1_conditions_carry_plain_words_and_a_machine_key():
    for c in cards():
        key = c["params"].get("requires")
        assert bool(key) == bool(c["condition"]), c
        if key:
            assert re.fullmatch(r"[a-z_]+", key), c
    plague = {c["event"]: c["params"]["requires"] for c in cards() if "plague" in c["event"]}
    assert plague == {"plague_strikes": "besieged_city", "plague_returns": "plague_struck"}


@pytest.mark.rule("3.12")
def test_3_12_revolt_cards_name_a_subject_region_and_some_spread():
    revolts = [c for c in cards() if c["event"] == "revolt"]
    regions = {r["id"] for r in _yaml("subject_regions.yaml")}
    assert regions == SUBJECT_REGIONS
    for c in revolts:
        assert c["params"]["region"] in regions, c
        assert isinstance(c["params"]["spreading"], bool), c
    assert {c["params"]["region"] for c in revolts} == SUBJECT_REGIONS
    assert any(c["params"]["spreading"] for c in revolts)
    assert not all(c["params"]["spreading"] for c in revolts)


@pytest.mark.rule("3.1")
def test_3_1_helot_uprising_targets_sparta_messenia_or_pylos():
    for c in cards():
        if c["event"] == "helot_uprising":
            assert set(c["params"]["cities"]) == {"laconia", "messenia", "pylos"}
            assert all(areas()[a].get("city") for a in c["params"]["cities"])


@pytest.mark.rule("3.11")
def test_3_11_leader_cards_have_side_and_value():
    for c in cards():
        if c["event"] == "leader":
            p = c["params"]
            assert p["side"] in SIDES and c["leader_value"] in (0, 1), c
            assert p["value"] == c["leader_value"], c
        else:
            assert c["leader_value"] is None, c
    names = [c["params"]["leader"] for c in cards() if c["event"] == "leader"]
    assert len(names) == len(set(names))
    values = {n: c["leader_value"] for n, c in leader_cards().items()}
    assert values["pericles"] == 1 and values["archidamos"] == 0  # §15.1
    assert values["alcibiades"] == 1 and values["agis"] == 0  # §15.2, §15.4
    assert values["proboulois"] == 0  # §15.3


@pytest.mark.rule("13.3")
def test_13_3_at_least_three_persian_aid_cards_in_the_later_decks():
    aid = [c for c in cards() if c["event"] == "persian_aid"]
    assert len([c for c in aid if 12 <= c["number"] <= 55]) >= 3
    assert all(c["side"] == "sparta" and c["continuing"] for c in aid)


@pytest.mark.rule("3.0")
@pytest.mark.parametrize("sid", SCENARIOS)
def test_3_0_each_deck_holds_its_starting_leaders_once_and_deals_44_minus_them(sid):
    sc = scenario(sid)
    lo, hi = sc["cards"]
    assert (lo, hi) == DECKS[sid]
    deck = [c for c in cards() if lo <= c["number"] <= hi]
    assert len(deck) == 44  # engines.md §3: a 44-card deck per game
    starting = set(sc["leaders"].values())
    for name in starting:
        assert sum(c["event"] == "leader" and c["params"]["leader"] == name for c in deck) == 1
    shuffled = [c for c in deck
                if not (c["event"] == "leader" and c["params"]["leader"] in starting)]
    assert len(shuffled) == 44 - len(sc["leaders"])


# ---------------------------------------------------------------- scenarios (§15)


@pytest.mark.rule("15.0")
@pytest.mark.parametrize("sid", SCENARIOS)
def test_15_scenario_header_years_ids_leaders(sid):
    sc = scenario(sid)
    assert str(sc["id"]) == sid
    assert sc["unit_ids"] == UNIT_IDS[sid]
    assert sc["leaders"] == LEADERS[sid]
    for side, name in sc["leaders"].items():
        assert leader_cards()[name]["params"]["side"] == side
    years = {"431": [431, 422], "sicily": [415, 413], "413": [413, 404], "415": [415, 404]}
    assert sc["years"] == years[sid]  # BC: first year, last year
    assert sc["source"].startswith("rulebook §15")


@pytest.mark.rule("15.0")
@pytest.mark.parametrize("sid", SCENARIOS)
def test_15_neutral_lists_match_the_rulebook_and_the_map(sid):
    sc = scenario(sid)
    assert set(sc["neutral"]) == NEUTRALS[sid]
    sicilian_seas = {s["id"] for s in _yaml("seas.yaml") if s["region"] == "sicily"}
    assert sicilian_seas == SICILY_SEAS
    for a in sc["neutral"]:
        assert a in SICILY_SEAS or sid in areas()[a]["neutral_in"], (sid, a)


@pytest.mark.rule("14.1")
def test_14_1_prestige_starts_level_except_413_athens_plus_3():
    for sid in SCENARIOS:
        p = scenario(sid)["prestige"]
        assert set(p) <= set(SIDES) and len([v for v in p.values() if v]) <= 1
    assert scenario("413")["prestige"] == {"athens": 3}  # §15.3
    for sid in ("431", "sicily", "415"):
        assert not any(scenario(sid)["prestige"].values())


@pytest.mark.rule("15.2")
def test_15_2_captured_cities_and_their_tribute_4_against_3():
    for sid in ("sicily", "413", "415"):
        sc = scenario(sid)
        assert {s: set(v) for s, v in sc["captured"].items()} == {
            "athens": {"leucas", "pylos"}, "sparta": {"plataea", "amphipolis"}}
        assert {s: set(v) for s, v in sc["garrisons"].items()} == {
            s: set(v) for s, v in sc["captured"].items()}
    cap = scenario("sicily")["captured"]
    tribute = {s: sum(areas()[a]["city"]["value"] for a in v) for s, v in cap.items()}
    assert tribute == {"sparta": 4, "athens": 3}  # §15.2 rule 4


@pytest.mark.rule("15.1")
def test_15_1_potidaea_held_by_two_spartan_units_and_a_garrison_besieged_by_four():
    sc = scenario("431")
    assert sc["captured"] == {"sparta": ["pallene"]}
    assert sc["garrisons"] == {"sparta": ["pallene"]}
    inside = [e for s, e in placements("431") if s == "sparta" and e["area"] == "pallene"]
    outside = [e for s, e in placements("431") if s == "athens" and e["area"] == "pallene"]
    assert len(inside) == 2 and all(e.get("besieged") for e in inside)
    assert len(outside) == 4 and all(e.get("besieging") for e in outside)


@pytest.mark.rule("15.0")
@pytest.mark.parametrize("sid", SCENARIOS)
def test_15_every_placed_unit_exists_once_in_range_on_a_real_area(sid):
    seen = set()
    for side, e in placements(sid):
        assert e["unit"] in ids_in(sid), (sid, side, e)
        assert (side, e["unit"]) not in seen, (sid, side, e)
        seen.add((side, e["unit"]))
        u = unit(side, e["unit"])
        assert 1 <= e["cv"] <= int(u["max_cv"]), (sid, side, e)
        assert e["area"] in areas() or e["area"] in sea_ids(), (sid, e)
        if e["area"] in areas() and u["type"] in FLEETS:
            assert e["area"] in coastal(), (sid, e)  # §5.1
        if e["area"] in sc_neutral(sid):  # only Gelans at home in a conditional Gela (§15.2)
            assert e["area"] == "gela" and u["nationality"] == "gela", (sid, e)
            assert "gela_conditional" in scenario(sid)["rules"]
    aside = {("sparta", i) for i in scenario(sid).get("set_aside") or []}  # §12.13: Spartan ids
    assert not aside & seen


def sc_neutral(sid: str) -> set[str]:
    return set(scenario(sid)["neutral"])


@pytest.mark.rule("1.3")
@pytest.mark.parametrize("sid", SCENARIOS)
def test_1_3_setups_respect_city_capacity(sid):
    multiplier = 3 if "peace_of_nicias" in scenario(sid)["rules"] else 2  # §12.0 rule 2a
    assert capacity_problems(list(placements(sid)), multiplier) == []


@pytest.mark.rule("7.2")
@pytest.mark.parametrize("sid", SCENARIOS)
def test_7_2_besieged_units_sit_in_a_held_city_facing_enemy_besiegers(sid):
    sc = scenario(sid)
    for side, e in placements(sid):
        city = areas()[e["area"]].get("city") if e["area"] in areas() else None
        if e.get("besieged"):
            assert city, e
            assert city["loyalty"] == side or e["area"] in sc["captured"].get(side, []), e
            enemy = [x for s, x in placements(sid)
                     if s != side and x["area"] == e["area"] and x.get("besieging")]
            assert enemy, e
        if e.get("besieging"):
            assert city and not e.get("besieged"), e
            defenders = [x for s, x in placements(sid)
                         if s != side and x["area"] == e["area"] and x.get("besieged")]
            assert defenders, e


@pytest.mark.rule("12.0")
@pytest.mark.parametrize("sid", ["sicily", "415"])
def test_12_0_under_the_peace_units_in_greece_stand_in_home_territory(sid):
    for side, e in placements(sid):
        a = areas()[e["area"]]
        if a["region"] != "greece":
            continue
        u = unit(side, e["unit"])
        home = nationality_of(e["area"]) == u["nationality"]
        corcyra_prep = side == "athens" and nationality_of(e["area"]) == "corcyra"
        assert home or corcyra_prep, (sid, side, e)
        assert e["area"] not in scenario(sid)["captured"].get(side, []), (sid, e)


@pytest.mark.rule("12.0")
@pytest.mark.parametrize("sid", ["sicily", "415"])
def test_12_0_public_works_can_be_met_by_the_first_expedition(sid):
    sicilian = {n["id"] for n in _yaml("nationalities.yaml") if n["kind"] == "sicilian"}
    muster = [e for s, e in placements(sid) if s == "athens" and e["area"] == "corcyra"
              and unit("athens", e["unit"])["nationality"] not in sicilian
              and unit("athens", e["unit"])["nationality"] != "corcyra"]
    assert len(muster) >= 6


@pytest.mark.rule("15.4")
def test_15_4_expeditions_marked_and_spartan_41_46_set_aside():
    sc = scenario("415")
    exp = Counter(e.get("expedition") for s, e in placements("415") if s == "athens")
    assert exp[1] >= 6 and exp[2] >= 1
    for s, e in placements("415"):
        if e.get("expedition") == 2:
            assert e["area"] == "attica"
        if e.get("expedition"):
            assert s == "athens"
    assert sc["set_aside"] == list(range(41, 47))
    assert "expeditions" in sc["rules"] and "spartan_recruits_41_46" in sc["rules"]


@pytest.mark.rule("15.2")
def test_15_2_units_starting_in_athens_exist_for_the_414_freeze():
    assert any(s == "athens" and e["area"] == "attica" for s, e in placements("sicily"))


@pytest.mark.rule("15.0")
def test_15_special_rules_switched_on_per_scenario():
    want = {
        "431": {"odrysians_need_no_leader", "pericles_protection", "pericles_plague"},
        "sicily": {"peace_of_nicias", "peace_unbreakable", "sicily_campaign_prep", "public_works",
                   "sicily_neutral", "athens_units_frozen_until_414", "athens_tribute_penalty",
                   "greek_recruits_to_sicily", "sicilians_stay", "gela_conditional"},
        "415": {"peace_of_nicias", "war_can_resume", "sicily_campaign_prep", "public_works",
                "sicily_neutral", "expeditions", "sicilians_stay", "gela_conditional",
                "reduced_tribute", "decelea", "spartan_recruits_41_46",
                "persian_units_need_aid", "odrysians_need_no_leader"},
        "413": {"war_resumed", "reduced_tribute", "decelea", "persian_units_need_aid",
                "odrysians_need_no_leader", "gela_conditional"},
    }
    for sid, keys in want.items():
        assert set(scenario(sid)["rules"]) == keys, sid
    used = set().union(*want.values())
    assert set(special_rules()) == used  # every defined rule is switched on somewhere
    for r in special_rules().values():
        assert r["summary"] and re.fullmatch(r"\d+\.\d+", str(r["section"])), r


@pytest.mark.rule("1.3")
@settings(max_examples=40, deadline=None)
@given(sid=st.sampled_from(SCENARIOS), extra=st.integers(min_value=1, max_value=20))
def test_1_3_capacity_check_flags_any_overfilled_city(sid, extra):
    """The capacity check used above is not vacuous: overfill any setup city and it complains."""
    entries = list(placements(sid))
    cities = sorted({e["area"] for _, e in entries
                     if e["area"] in areas() and areas()[e["area"]].get("city")})
    target = cities[extra % len(cities)]
    cap = 2 * areas()[target]["city"]["value"]
    here = sum(1 for _, e in entries if e["area"] == target and not e.get("besieging"))
    padding = [("athens", {"unit": 0, "area": target, "cv": 1})] * (cap - here + extra)
    problems = capacity_problems(entries + padding, 2)
    assert any(p.startswith(f"{target}:") for p in problems)
