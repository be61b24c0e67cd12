"""Every packaged lesson passes the checker with ten other seeds, and the suite replays each
lesson once for it (support/lessoncheck.py): the check ``scripts/test.sh`` ran on its own
before pytest, now shared with the lesson tests that ask for the same verdict."""

from __future__ import annotations

import pytest
from support import lessoncheck
from support.lessoncheck import TEN_SEEDS, packaged

from .conftest import MINI, ROOT

AMPHIPOLIS = ROOT / "lessons" / "amphipolis-424-422.yaml"


@pytest.mark.parametrize("path", packaged(), ids=lambda p: p.stem)
def test_every_packaged_lesson_passes_the_checker_with_ten_other_seeds(path, lesson_check):
    assert lesson_check(path, TEN_SEEDS) == []


def test_the_packaged_lessons_include_both_games():
    stems = {p.stem for p in packaged()}
    assert {"pylos-425", "amphipolis-424-422", "xerxes-480-479"} <= stems


def test_a_lesson_is_replayed_once_for_the_same_text_and_seeds(write, lesson_check):
    path = write(MINI)
    before = lessoncheck.replays["files"]
    assert lesson_check(path, (1, 2)) == []
    assert lesson_check(path, (1, 2)) == []
    assert lesson_check(path, (2,)) == [] and lesson_check(path) == []  # fewer seeds: same replay
    assert lessoncheck.replays["files"] == before + 1


def test_a_lesson_edited_during_the_run_is_checked_anew(write, lesson_check):
    path = write(MINI)
    assert lesson_check(path) == []
    write(MINI.replace("A30: pylos}", "A30: laconia}"))
    problems = lesson_check(path)
    assert len(problems) == 1 and "A30" in problems[0], problems


def test_a_verdict_with_problems_never_answers_for_fewer_seeds(write, lesson_check):
    """Without its dice a step of Amphipolis is won only with the lesson's own seed."""
    text = AMPHIPOLIS.read_text(encoding="utf-8").replace("    dice: [6]\n", "", 1)
    path = write(text)
    with_seeds = lesson_check(path, TEN_SEEDS)
    alone = lesson_check(path)
    assert alone == [] and len(with_seeds) == 1 and "with seed" in with_seeds[0], with_seeds
