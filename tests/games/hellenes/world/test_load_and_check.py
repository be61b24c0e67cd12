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
        p.file == "areas.yaml" and "boeotia" in p.record and "§12.12" in p.problem for p in problems
    )
    assert main(["data", "check", "--folder", str(data_copy)]) == 1
    assert "Thebes must have value 4" in capsys.readouterr().err


@pytest.mark.rule("1.3")
def test_port_without_offshore_sea_is_a_data_error(data_copy):
    _edit_yaml(data_copy / "areas.yaml", lambda rs: _area(rs, "attica")["city"].pop("offshore_sea"))
    with pytest.raises(DataError, match=r"areas.yaml: id 'attica' city: a port must name"):
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
    with pytest.raises(DataError, match="cards.yaml: file: the file is missing"):
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
    assert not [p for p in check_world(read_world(data_copy)) if "capacity" in p.problem]
    sc["rules"].remove("decelea")
    path.write_text(yaml.safe_dump(sc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    problems = [p for p in check_world(read_world(data_copy)) if "capacity" in p.problem]
    assert problems and "boeotia" in problems[0].record
