"""Athens & Sparta: the reconstructed map, roster and deck are read through the safe file layer,
and every fact the rules state about them holds (data_check); broken copies give named errors.

Rules are the fan revision (seed 003, "§") and the player aid (seed 004)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hellenes_nb.games.athens_sparta.check import data_check
from hellenes_nb.games.athens_sparta.world import DataError, data_dir, load_world, read_world


@pytest.fixture
def copy(tmp_path: Path):
    """A copy of the data folder, and a way to replace one text in one of its files."""
    folder = tmp_path / "athens_sparta"
    shutil.copytree(data_dir(), folder)

    def edit(name: str, old: str, new: str) -> Path:
        path = folder / name
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} is not in {name}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        return folder

    edit.folder = folder
    return edit


def problems_of(folder: Path) -> list[str]:
    return data_check(read_world(folder))


def test_packaged_data_passes_every_check():
    world = load_world()
    assert data_check(world) == []
    assert len(world.hexes) == 284
    assert sum(h.land for h in world.hexes.values()) == 202
    assert len(world.cities) == 51 and len(world.blocks) == 54 and len(world.cards) == 25


@pytest.mark.rule("1.2")
def test_1_2_city_points_20_18_10_and_19_at_start():
    world = load_world()
    points = {k: sum(c.value for c in world.cities.values() if c.colour == k)
              for k in ("athens", "sparta", "neutral")}
    assert points == {"athens": 20, "sparta": 18, "neutral": 10}
    assert world.board.start_held == {"potidaea": "sparta"}
    assert world.cities["potidaea"].value == 1  # so Athens starts with 19


@pytest.mark.rule("1.2")
def test_1_2_a_wrong_total_is_named(copy):
    folder = copy("cities.yaml", "colour: athens, value: 2, walled: true, port: true, kind: city,"
                  "\n   source: \"§9.4 rebel navy; value 2 and walls: reconstruction (the chief",
                  "colour: athens, value: 3, walled: true, port: true, kind: city,"
                  "\n   source: \"§9.4 rebel navy; value 2 and walls: reconstruction (the chief")
    found = problems_of(folder)
    assert any(p.startswith("§1.2 sidebar: the city points should be Athens 20") and
               "'athens': 21" in p for p in found)


@pytest.mark.parametrize(("file", "old", "new", "problem"), [
    pytest.param("board.yaml", "start_held: {potidaea: sparta}", "start_held: {}",
                 "§1.2 sidebar: Athens starts with 19 points", marks=pytest.mark.rule("1.2"),
                 id="1.2-potidaea-not-spartan"),
    pytest.param("cities.yaml", "value: 4, walled: false, port: false",
                 "value: 4, walled: false, port: true", "§1.3: sparta is not a port",
                 marks=pytest.mark.rule("1.3"), id="1.3-sparta-port"),
    pytest.param("straits.yaml", 'far: ["0507", "0407"]', 'far: ["0507"]',
                 "§4.3 sidebar: sicyon and patrae", marks=pytest.mark.rule("4.3"),
                 id="4.3-patrae-on-the-city-side"),
    pytest.param("blocks.yaml", "rating: B3, start: pool, reserve: true",
                 "rating: B3, start: home, reserve: true",
                 "§3: spa-r1 starts in the replacement pool", marks=pytest.mark.rule("3"),
                 id="3-reserve-deployed"),
    pytest.param("blocks.yaml", "rating: C3, start: potidaea", "rating: C3",
                 "terrain table: athens starts with 7 blocks in hex 0907",
                 marks=pytest.mark.rule("4.1"), id="4.1-athens-over-its-stack"),
    pytest.param("straits.yaml", 'far: ["1406", "1407"]', "far: []",
                 "§5.61 example: armies reach Chios across a strait",
                 marks=pytest.mark.rule("5.61"), id="5.61-chios-across-a-strait"),
    pytest.param("straits.yaml", 'far: ["0905", "1007", "0806"]', 'far: ["0905", "0806"]',
                 "§6.1: Euboea is a large island with land supply",
                 marks=pytest.mark.rule("6.1"), id="6.1-euboea-in-one-piece"),
])
def test_a_broken_fact_is_named_with_its_rule(copy, file, old, new, problem):
    assert load_world() is not None and not data_check(load_world())
    assert any(p.startswith(problem) for p in problems_of(copy(file, old, new)))


@pytest.mark.rule("1.3")
def test_1_3_the_five_cities_are_not_ports_and_coastal_cities_are():
    world = load_world()
    for cid in ("elis", "messene", "sparta", "stratus", "thebes"):
        assert not world.cities[cid].port
    # the player aid's four are also in coastal hexes, as §1.3 says
    for cid in ("elis", "messene", "sparta"):
        assert world.hexes[world.cities[cid].hex].coasts


@pytest.mark.rule("4.3")
def test_4_3_naupactus_from_sicyon_stop_or_go_on_to_patrae():
    w = load_world()
    c = w.cities
    assert c["naupactus"].hex in w.straits
    assert w.side(c["sicyon"].hex, c["naupactus"].hex) == "strait"
    assert w.side(c["naupactus"].hex, c["patrae"].hex) == "strait"  # same (far) side: no crossing


@pytest.mark.rule("4.3")
def test_4_3_abydos_from_cardia_to_elaeus():
    w = load_world()
    c = w.cities
    assert c["abydos"].hex in w.straits
    far = set(w.straits[c["abydos"].hex].far)
    assert {c["cardia"].hex, c["elaeus"].hex} <= far


@pytest.mark.rule("4.3")
def test_4_3_ephesus_samos_across_notium_and_miletus_on_the_city_side():
    w = load_world()
    c = w.cities
    assert w.side(c["ephesus"].hex, c["samos"].hex) == "strait"
    assert w.side(c["ephesus"].hex, c["notium"].hex) == "clear"
    assert w.side(c["ephesus"].hex, c["miletus"].hex) == "clear"
    assert w.side(c["samos"].hex, c["miletus"].hex) == "water"  # Samos reaches land only by Ephesus


@pytest.mark.rule("1.7")
def test_1_7_lemnos_cannot_reach_chalcis_six_hexes_by_carystus_and_marathon():
    w = load_world()
    lemnos, chalcis = w.coast_of("lemnos"), w.coast_of("chalcis")
    assert w.sea_distance(lemnos, chalcis) == 6  # a navy moves 4 (§4.4)
    assert w.sea_distance(lemnos, w.coast_of("carystus")) == 4
    assert w.cities["chalcis"].hex in w.two_coasts
    east = (w.cities["chalcis"].hex, 1)
    assert w.sea_distance(lemnos, [east]) <= 4  # the wrong (east) coast is near


@pytest.mark.rule("1.7")
def test_1_7_joining_chalcis_coasts_is_named(copy):
    folder = copy("terrain.yaml", "fixes:\n",
                  'fixes:\n- {kind: sea, do: add, a: "0806/0", b: "0806/1", '
                  'source: "reconstruction: a broken copy"}\n')
    found = problems_of(folder)
    assert "§1.7: Chalcis' two coasts must not be joined" in found


@pytest.mark.rule("3")
def test_3_potidaea_on_the_gulf_of_therma_not_torona(copy):
    w = load_world()
    pot = w.coast_of("potidaea")[0]
    assert pot[0] in w.board.gulf_of_therma
    assert not {n[0] for n in w.sea_links[pot]} & set(w.board.gulf_of_torona)
    folder = copy("cities.yaml", '- {id: potidaea, hex: "0702"', '- {id: potidaea, hex: "0802"')
    assert any(p.startswith("§3 sidebar 'Potidaea'") for p in problems_of(folder))


@pytest.mark.rule("4.4")
def test_4_4_example_moves_fit_one_operation_move():
    w = load_world()
    c = w.cities
    assert w.land_distance(c["sparta"].hex, c["corinth"].hex) <= 3  # hoplite: 3 hexes
    assert w.sea_distance(w.coast_of("gytheum"), w.coast_of("athens")) <= 4  # navy: 4


@pytest.mark.rule("6.1")
def test_6_1_naxos_has_six_sea_hexsides_and_corcyra_one_strait():
    w = load_world()
    assert not w.land_links.get(w.cities["naxos"].hex)
    corcyra = w.cities["corcyra"].hex
    assert w.land_links[corcyra]
    assert {w.side(corcyra, n) for n in w.land_links[corcyra]} == {"strait"}


@pytest.mark.rule("1.8")
def test_1_8_each_mountain_hex_has_a_way_in_and_a_closed_mountain_is_named(copy):
    w = load_world()
    assert all(any(w.side(m.hex, n) in ("clear", "pass") for n in w.land_links[m.hex])
               for m in w.terrain.mountains)
    folder = copy("terrain.yaml", '- {a: "1503", b: "1502", source: "reconstruction: the '
                  'Scamander valley"}\n', "")
    assert any("the mountain hex 1503 (Ida) needs a clear side or a pass" in p
               for p in problems_of(folder))


@pytest.mark.rule("9.4")
def test_9_4_rebel_navies_and_the_pool():
    w = load_world()
    for city in ("chios", "corcyra", "mytilene", "rhodes"):
        navies = {b.side: b for b in w.blocks if b.home == city and b.rebel}
        assert navies["athens"].start == "home" and navies["sparta"].start == "pool"
        assert navies["athens"].steps == navies["sparta"].steps
    pool = {b.id for b in w.blocks if b.start == "pool"}
    assert {"demos", "tyrants", "helots", "ath-r1", "spa-r1"} <= pool


@pytest.mark.rule("4.6")
def test_4_6_deck_of_25_with_storm_a_two():
    w = load_world()
    assert len(w.cards) == 25
    storm = next(c for c in w.cards if c.event == "Storm")
    assert storm.mp == 2
    assert any(c.event == "Earthquake" for c in w.cards)


def test_data_check_reads_the_files_and_reports_problems_without_raising(copy, tmp_path):
    assert data_check() == []
    folder = copy("cities.yaml", "colour: sparta, value: 4", "colour: spartan, value: 4")
    found = data_check(folder=folder)
    assert len(found) == 1 and found[0].startswith("cities.yaml: ") and "colour" in found[0]
    assert data_check(folder=tmp_path / "nowhere") == [
        f"there is no data folder at {tmp_path / 'nowhere'}"]


def test_options_name_both_readings_of_each_disputed_point():
    w = load_world()
    assert w.options["end_of_war"].default == "aid" and w.options["end_of_war"].other == "points"
    assert len(w.options) == 11


def test_an_option_with_one_reading_twice_is_refused(copy):
    folder = copy("options.yaml", "default: aid, other: points", "default: aid, other: aid")
    with pytest.raises(DataError, match="an option needs two different readings"):
        read_world(folder)


def test_a_wrong_field_value_names_file_record_and_field(copy):
    folder = copy("cities.yaml", "colour: sparta, value: 4", "colour: spartan, value: 4")
    with pytest.raises(DataError) as err:
        read_world(folder)
    text = str(err.value)
    assert "cities.yaml" in text and "sparta" in text and "colour" in text


def test_a_record_without_a_reason_is_refused(copy):
    folder = copy("cards.yaml", 'source: "reconstruction: a plain card of 1 MP"',
                  'source: "made up"')
    with pytest.raises(DataError, match="should cite a rule section"):
        read_world(folder)


def test_an_unknown_hex_in_straits_is_named(copy):
    folder = copy("straits.yaml", 'far: ["1508"]', 'far: ["9999"]')
    with pytest.raises(DataError, match="'9999' is not in hexes.yaml"):
        read_world(folder)


def test_a_yaml_alias_is_refused_with_its_line(copy):
    folder = copy("board.yaml", "syracuse: syracuse", "syracuse: &s syracuse\ndiolkos2: *s")
    with pytest.raises(DataError, match="board.yaml: line 2"):
        read_world(folder)


def test_a_strait_or_pass_between_hexes_that_do_not_touch_is_named(copy):
    folder = copy("straits.yaml", 'far: ["1508"]', 'far: ["1308"]')
    with pytest.raises(DataError, match="straits.yaml: Ephesus .*: hexes 1608 and 1308 are "
                                        "not neighbours"):
        read_world(folder)
    folder = copy("terrain.yaml", '{a: "0605", b: "0606", name: Thermopylae',
                  '{a: "0605", b: "0607", name: Thermopylae')
    with pytest.raises(DataError, match="passes 0605-0607: hexes 0605 and 0607 are not"):
        read_world(folder)


def test_generated_links_join_neighbours_only():
    from hellenes_nb.games.athens_sparta.world import neighbours

    w = load_world()
    for a, links in w.land_links.items():
        assert links <= neighbours(a), a
    for (a, _), links in w.sea_links.items():
        assert {b for b, _ in links} <= neighbours(a), a


def test_two_cities_in_one_hex_are_named(copy):
    folder = copy("cities.yaml", '- {id: megara, hex: "0807"', '- {id: megara, hex: "0907"')
    with pytest.raises(DataError, match="the hex '0907' is used twice"):
        read_world(folder)


def test_hexes_yaml_is_what_the_build_script_writes(tmp_path: Path):
    """The generated grid is not edited by hand: the script reproduces it byte for byte."""
    pytest.importorskip("shapely")
    import importlib.util

    root = Path(__file__).resolve().parents[3]
    spec = importlib.util.spec_from_file_location("build_as_hexes",
                                                  root / "scripts" / "build_as_hexes.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--out", str(tmp_path)]) == 0
    assert (tmp_path / "hexes.yaml").read_bytes() == (data_dir() / "hexes.yaml").read_bytes()
