"""The loader and `hellenes data check`: the packaged data is valid, and broken data is caught
with a message naming the file, the record and the problem."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import polars as pl
import pytest
import yaml

from hellenes_nb.cli import main
from hellenes_nb.games.hellenes.world import (
    DataError,
    check_world,
    data_dir,
    load_world,
    read_world,
)


@pytest.fixture()
def data_copy(tmp_path: Path) -> Path:
    """A private copy of the packaged data that a test may break."""
    dst = tmp_path / "hellenes"
    shutil.copytree(data_dir(), dst)
    return dst


def _edit_yaml(path: Path, edit) -> None:
    records = yaml.safe_load(path.read_text(encoding="utf-8"))
    edit(records)
    path.write_text(yaml.safe_dump(records, sort_keys=False, allow_unicode=True), encoding="utf-8")


def _area(records: list, area_id: str) -> dict:
    return next(r for r in records if r["id"] == area_id)


def test_packaged_world_passes_every_check():
    world = load_world()
    assert check_world(world) == []
    assert 70 <= len(world.areas) <= 95
    assert 30 <= len(world.seas) <= 35


def test_world_records_are_immutable():
    world = load_world()
    with pytest.raises((AttributeError, TypeError)):
        world.areas["attica"] = None  # type: ignore[index]
    with pytest.raises(AttributeError):
        world.areas["attica"].name = "x"  # type: ignore[misc]


def test_adjacency_is_symmetric_and_typed():
    world = load_world()
    for a, neighbours in world.adjacency.items():
        for b, kind in neighbours:
            assert world.border_type(b, a) == kind


@pytest.mark.rule("1.3")
def test_capacity_is_twice_the_city_value():
    world = load_world()
    for area in world.areas.values():
        if area.city:
            assert area.city.capacity == 2 * area.city.value


def test_frames_cover_every_record():
    world = load_world()
    frames = world.frames()
    assert frames["units"].height == 120
    assert frames["cards"].height == 55
    assert frames["areas"].height == len(world.areas)
    assert isinstance(frames["borders"], pl.DataFrame)
    assert frames["units"].filter(pl.col("side") == "athens")["id"].to_list() == list(range(1, 61))


def test_cli_data_check_passes(capsys):
    assert main(["data", "check"]) == 0
    assert "data check passed" in capsys.readouterr().out


def test_cli_data_show_prints_a_table(capsys):
    assert main(["data", "show", "cards", "--rows", "5"]) == 0
    assert "title" in capsys.readouterr().out


@pytest.mark.rule("12.12")
def test_check_names_file_record_and_rule_for_a_wrong_value(data_copy, capsys):
    _edit_yaml(data_copy / "areas.yaml", lambda rs: _area(rs, "boeotia")["city"].update(value=3))
    problems = check_world(read_world(data_copy))
    assert any(
        p.file == "areas.yaml" and "boeotia" in p.where and "§12.12" in p.message for p in problems
    )
    assert main(["data", "check", "--folder", str(data_copy)]) == 1
    assert "Thebes must have value 4" in capsys.readouterr().err


@pytest.mark.rule("1.3")
def test_port_without_offshore_sea_is_a_data_error(data_copy):
    _edit_yaml(data_copy / "areas.yaml", lambda rs: _area(rs, "attica")["city"].pop("offshore_sea"))
    with pytest.raises(DataError, match=r"areas.yaml: id 'attica' › city: a port must name"):
        read_world(data_copy)


def test_unknown_field_is_reported(data_copy):
    _edit_yaml(data_copy / "seas.yaml", lambda rs: rs[0].update(colour="blue"))
    with pytest.raises(DataError, match="unknown field"):
        read_world(data_copy)


def test_duplicate_border_row_is_reported(data_copy):
    path = data_copy / "borders.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(lines + [lines[1]]) + "\n", encoding="utf-8")
    with pytest.raises(DataError, match="listed twice"):
        read_world(data_copy)


def test_removing_a_sea_breaks_the_graph_and_is_reported(data_copy):
    path = data_copy / "borders.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    kept = [ln for ln in lines if "lipara" not in ln.split(",")[:2]]
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    problems = [str(p) for p in check_world(read_world(data_copy))]
    assert any("not connected" in p and "lipara" in p for p in problems)


def test_data_files_never_execute_code(data_copy):
    """A YAML tag that would build a Python object is refused, not run (files are data)."""
    path = data_copy / "nations.yaml"
    path.write_text("- !!python/object/apply:os.system ['echo pwned']\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"nations.yaml: line 1: the YAML tag "
                                        r"'!!python/object/apply:os.system' is not allowed"):
        read_world(data_copy)


def test_missing_file_is_named(data_copy):
    (data_copy / "cards.yaml").unlink()
    with pytest.raises(DataError, match="cards.yaml: the file is missing"):
        read_world(data_copy)


@pytest.mark.rule("2.1")
def test_unit_outside_its_scenario_range_is_reported(data_copy):
    path = data_copy / "units.csv"
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        fields, rows = reader.fieldnames, list(reader)
    for row in rows:
        if row["side"] == "athens" and row["id"] == "47":
            row["scenarios"] = "431"
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    problems = [str(p) for p in check_world(read_world(data_copy))]
    assert any("#47" in p and "§2.1" in p for p in problems)


@pytest.mark.rule("15.1")
def test_years_run_down_because_they_are_bc(data_copy):
    path = data_copy / "scenarios" / "431.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("years: [431, 422]", "years: [422, 431]"), encoding="utf-8")
    with pytest.raises(DataError, match=r"431.yaml.*years.*first year BC"):
        read_world(data_copy)
    assert load_world().scenarios["431"].years == (431, 422)


@pytest.mark.rule("12.12")
def test_decelea_lets_thebes_hold_twelve(data_copy):
    path = data_copy / "scenarios" / "413.yaml"
    sc = yaml.safe_load(path.read_text(encoding="utf-8"))
    spartans = [
        e for e in sc["setup"]["sparta"] if not e.get("besieging") and not e.get("besieged")
    ]
    world = load_world()
    land = [e for e in spartans if not world.units[("sparta", e["unit"])].is_fleet]
    for entry in land[:10]:
        entry["area"] = "boeotia"
    assert sum(e["area"] == "boeotia" for e in sc["setup"]["sparta"]) >= 9
    path.write_text(yaml.safe_dump(sc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    assert not [p for p in check_world(read_world(data_copy)) if "capacity" in p.message]
    sc["rules"].remove("decelea")
    path.write_text(yaml.safe_dump(sc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    problems = [p for p in check_world(read_world(data_copy)) if "capacity" in p.message]
    assert problems and "boeotia" in problems[0].where


def _unit_row(data_copy: Path, side: str, uid: str, **cells: str) -> None:
    path = data_copy / "units.csv"
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        fields, rows = reader.fieldnames, list(reader)
    for row in rows:
        if (row["side"], row["id"]) == (side, uid):
            row.update(cells)
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)


@pytest.mark.parametrize(("break_it", "expected"), [
    (lambda d: _edit_yaml(d / "areas.yaml", lambda rs: _area(rs, "attica").update(nation="x")),
     "areas.yaml: id 'attica' › nation: 'x' is not in nations.yaml"),
    (lambda d: _edit_yaml(d / "areas.yaml",
                          lambda rs: _area(rs, "attica")["city"].update(offshore_sea="x")),
     "areas.yaml: id 'attica' › city › offshore_sea: 'x' is not in seas.yaml"),
    (lambda d: _edit_yaml(d / "areas.yaml",
                          lambda rs: _area(rs, "corinth").update(extra_coasts=["attica"])),
     "areas.yaml: id 'corinth' › extra_coasts item 1: 'attica' is not in seas.yaml"),
    (lambda d: _edit_yaml(d / "areas.yaml",
                          lambda rs: _area(rs, "attica").update(id="saronic_gulf")),
     "areas.yaml: id 'saronic_gulf' › id: 'saronic_gulf' is also the id of a sea"),
    (lambda d: _edit_yaml(d / "areas.yaml",
                          lambda rs: _area(rs, "plataea")["city"].update(name="Athens")),
     "areas.yaml: city 'Athens': two areas hold a city with this name"),
    (lambda d: (d / "borders.csv").write_text(
        (d / "borders.csv").read_text(encoding="utf-8") + "attica,atlantis,land,x\n",
        encoding="utf-8"),
     "borders.csv: line 319 (attica–atlantis): 'atlantis' is not in areas.yaml or seas.yaml"),
    (lambda d: (d / "borders.csv").write_text(
        (d / "borders.csv").read_text(encoding="utf-8") + "attica,saronic_gulf,land,x\n",
        encoding="utf-8"),
     "borders.csv: line 319 (attica–saronic_gulf): type 'land' does not fit; between these it "
     "must be coast"),
    (lambda d: _unit_row(d, "athens", "1", nationality="atlantis"),
     "units.csv: line 2 (athens #1) › nationality: 'atlantis' is not in nationalities.yaml"),
    (lambda d: _edit_yaml(d / "cards.yaml", lambda rs: rs[0].update(event="flood")),
     "cards.yaml: number 1: event 'flood' is not in events.yaml"),
    (lambda d: _edit_yaml(d / "cards.yaml", lambda rs: rs[0].update(continuing=False)),
     "cards.yaml: number 1: continuing must match events.yaml (True) for 'leader'"),
    (lambda d: _edit_yaml(d / "scenarios" / "431.yaml", lambda sc: sc["neutral"].append("x")),
     "scenarios/431.yaml: neutral item 24: 'x' is not in areas.yaml or seas.yaml"),
    (lambda d: _edit_yaml(d / "scenarios" / "431.yaml", lambda sc: sc["rules"].append("x")),
     "special_rules.yaml"),
    (lambda d: _edit_yaml(d / "scenarios" / "431.yaml",
                          lambda sc: sc["setup"]["athens"][0].update(area="x")),
     "scenarios/431.yaml: setup › athens item 1 › area: 'x' is not in areas.yaml or seas.yaml"),
])
def test_names_used_across_files_are_checked_as_the_files_are_read(data_copy, break_it,
                                                                     expected):
    """What one file names of another (a nation, a sea, an event...) is checked by the models
    when the world is read, each problem naming the file, the record and the field."""
    break_it(data_copy)
    with pytest.raises(DataError) as err:
        read_world(data_copy)
    assert any(expected in str(p) for p in err.value.problems), err.value.problems


def test_every_problem_of_every_file_is_reported_at_once(data_copy):
    _edit_yaml(data_copy / "seas.yaml", lambda rs: rs[0].update(grain_route="yes"))
    _edit_yaml(data_copy / "cards.yaml", lambda rs: (rs[0].update(actions=5),
                                                     rs[1].update(border="tin")))
    _unit_row(data_copy, "sparta", "3", max_cv="9")
    with pytest.raises(DataError) as err:
        read_world(data_copy)
    assert [str(p) for p in err.value.problems] == [
        "seas.yaml: id 'tyrrhenian_sea' › grain_route: should be true or false, not 'yes'",
        "units.csv: line 64 (sparta #3) › max_cv: should be a whole number from 1 to 4, not '9'",
        "cards.yaml: number 1 › actions: should be from 1 to 3 (§3.2), not 5",
        "cards.yaml: number 2 › border: should be 'gold', 'silver' or 'bronze', not 'tin'",
    ]
    assert str(err.value).count("\n") == 3


@pytest.mark.rule("2.26")
def test_2_26_only_fleets_have_a_sea_rating(data_copy):
    _unit_row(data_copy, "athens", "1", sea_rating="E1")
    with pytest.raises(DataError, match=r"units.csv: line 2 \(athens #1\): fleets \(and only "
                                        r"fleets\) have a sea rating E/F \(§2.26, §6.5\)"):
        read_world(data_copy)


def test_a_bad_data_folder_never_shows_a_traceback(data_copy, capsys):
    _edit_yaml(data_copy / "areas.yaml", lambda rs: _area(rs, "attica").update(label=[50, 3]))
    assert main(["data", "check", "--folder", str(data_copy)]) == 1
    err = capsys.readouterr().err
    assert "areas.yaml: id 'attica' › label: [50.0, 3.0] lies outside the map" in err
    assert "Traceback" not in err
