"""The data of *Amphipolis* and its check (``hellenes data check --game amphipolis``): the
facts the rulebook states hold, and a spoilt file is named with its section."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hellenes_nb.core.models import FileError
from hellenes_nb.games.amphipolis.world import data_dir, load_world, read_world, reduced_pf
from hellenes_nb.games.amphipolis.worldcheck import decided_winner, problems


def test_the_packaged_data_holds_every_stated_fact():
    assert problems(load_world()) == []


def _spoilt(tmp_path: Path, name: str, old: str, new: str) -> Path:
    folder = tmp_path / "amphipolis"
    shutil.copytree(data_dir(), folder)
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return folder


@pytest.mark.rule("4.3.1")
def test_a_wrong_value_for_torone_is_named_with_its_section(tmp_path):
    folder = _spoilt(tmp_path, "zones.yaml", "    va: 6\n", "    va: 5\n")
    found = problems(read_world(folder))
    assert found == ["zones.yaml: id 'O4': Toronè has VA 6 and 4 PF (§4.3.1-§4.3.3)"]


@pytest.mark.rule("2")
def test_the_flotilla_and_reinforcements_share_a_counter(tmp_path):
    folder = _spoilt(tmp_path, "stratagems.yaml", "    number: 15\n", "    number: 16\n")
    found = problems(read_world(folder))
    assert "stratagems.yaml: S3 and S15 share a counter (§2 A)" in found


@pytest.mark.rule("3.1")
def test_the_rear_bases_touch_the_zones_the_rulebook_names(tmp_path):
    folder = _spoilt(tmp_path, "zones.yaml", "touches: [T23, T26]", "touches: [T23, T25]")
    assert "zones.yaml: id 'macedonia': it touches T23, T26 (§3.1)" in problems(
        read_world(folder))


@pytest.mark.rule("4.2")
def test_a_winner_against_the_recorded_decision_is_refused(tmp_path):
    folder = _spoilt(tmp_path, "crt.yaml", '"R - E A"', '"R - E D"')
    assert any("the winner is not the one the recorded decision gives" in p
               for p in problems(read_world(folder)))


def test_a_record_without_a_source_is_refused(tmp_path):
    folder = _spoilt(tmp_path, "leaders.yaml", 'source: "§4.3.1 (his bonus', 'source: "(his bonus')
    with pytest.raises(FileError, match="should cite a rulebook section"):
        read_world(folder)


@pytest.mark.rule("1.2.1")
def test_a_reduced_unit_has_half_its_strength_rounded_up_with_a_bonus():
    assert reduced_pf(5, True) == 3
    assert reduced_pf(5, False) == 2
    assert reduced_pf(8, True) == 4
    assert reduced_pf(3, False) == 1


@pytest.mark.rule("4.2")
def test_the_smaller_loss_wins_and_equal_losses_follow_the_odds():
    assert decided_winner("E", "R", 0) == 1
    assert decided_winner("R", "1/2", 3) == 0
    assert decided_winner("1/4", "1/4", 3) == 1  # 1-1: the defender holds
    assert decided_winner("1/4", "1/4", 4) == 0  # 3-2: the attacker drives him off


@pytest.mark.rule("4.2")
def test_an_odds_column_must_read_a_to_b(tmp_path):
    folder = _spoilt(tmp_path, "crt.yaml", '"3 to 2"', '"3-2"')
    assert "crt.yaml: the column '3-2' should be odds written 'A to B' (§4.2)" in problems(
        read_world(folder))
