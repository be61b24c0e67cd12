"""The ``years`` of a lesson: where it sits on the timeline of the war, 432-404 BC."""

from __future__ import annotations

import pytest

from hellenes_nb.games.hellenes.lessonverify import check_lesson
from hellenes_nb.lessons import load_spec

from .conftest import MINI


def test_years_are_read_as_first_and_last_year_bc(write):
    text = MINI.replace('period: "425 BC"\n', 'period: "425 BC"\nyears: [425, 424]\n')
    spec = load_spec(write(text))
    assert spec.years == (425, 424) and spec.span == (425, 424)


def test_a_lesson_without_years_sits_on_its_positions_year(write):
    spec = load_spec(write(MINI))
    assert spec.years is None and spec.span == (425, 425)


@pytest.mark.parametrize("years, words", [
    ("[424, 425]", "the first no later than the last"),
    ("[440, 431]", "432 to 404"),
    ("[405, 400]", "432 to 404"),
    ("424", "first and last years BC"),
    ("[424, 'x']", "first and last years BC"),
    ("[424, 423, 422]", "first and last years BC"),
])
def test_years_outside_the_war_or_reversed_are_refused_in_plain_words(write, world, years, words):
    text = MINI.replace('period: "425 BC"\n', f'period: "425 BC"\nyears: {years}\n')
    problems = [str(p) for p in check_lesson(write(text), world=world)]
    assert len(problems) == 1 and "years" in problems[0] and words in problems[0], problems


def test_every_packaged_lesson_gives_its_years(world):
    from hellenes_nb.lessons import lessons_dir
    for path in sorted(lessons_dir().glob("*.yaml")):
        spec = load_spec(path)
        first, last = spec.span
        assert first >= spec.position.year >= last, path.name
