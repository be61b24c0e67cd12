"""Each lesson module imports first, in a fresh interpreter, as a notebook's first cell does:
each game's lesson parts under games/<game>/ import lessons/format.py, and the lessons
package must not load the runner (which imports them) on the way (issue 27 item 3)."""

from __future__ import annotations

import subprocess
import sys

import pytest

FIRST = ("hellenes_nb.widgets.lesson", "hellenes_nb.games.hellenes.lessonscript",
         "hellenes_nb.games.hellenes.lessonposition", "hellenes_nb.games.hellenes.lessonkit",
         "hellenes_nb.lessons", "hellenes_nb.lessons.runner", "hellenes_nb.lessons.format",
         "hellenes_nb.games.hellenes.lessonplay", "hellenes_nb.games.earth_water.lessonrun")


@pytest.mark.parametrize("module", FIRST)
def test_a_lesson_module_imports_first_in_a_fresh_interpreter(module):
    run = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]


def test_the_lessons_package_still_offers_its_names():
    from hellenes_nb import lessons

    assert lessons.Lesson.__name__ == "Lesson" and callable(lessons.check_paths)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        lessons.nothing  # noqa: B018
