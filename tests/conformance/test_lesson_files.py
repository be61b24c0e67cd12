"""Every lesson and tutorial file of every game validates with the project's own checkers
(``hellenes lesson check``, ``hellenes tutorial check``): one case a file, named by its game
(tests/conformance/conftest.py finds them: ``lessons/*.yaml`` and ``lessons/tutorial/`` are the
first game's, ``lessons/<game>/`` another game's). The checkers are shown to refuse a spoilt
copy, so a clean answer means something."""

from __future__ import annotations

from pathlib import Path

from support.lessoncheck import checked
from support.paths import LESSONS

from hellenes_nb.lessons import check as lesson_check
from hellenes_nb.tutorial import check as tutorial_check

#: a Hellenes lesson and a chapter of the tutorial, spoilt in the tests that the checkers fail
SPOILT_LESSON, SPOILT_CHAPTER = "pylos-425.yaml", "01-map-and-blocks.yaml"


def _lines(problems) -> str:
    return "\n".join(str(p) for p in problems[:10])


def test_the_lesson_file_validates(game, lesson_file):
    # the checker's verdict, replayed once per session for all tests (support/lessoncheck.py)
    assert lesson_check.lesson_files([lesson_file]) == [lesson_file]
    problems = checked(lesson_file)
    assert not problems, f"{game} lesson {lesson_file.name}:\n{_lines(problems)}"


def test_the_tutorial_chapter_validates(game, chapter_file):
    done = tutorial_check.check_paths([chapter_file])
    assert done.files == [chapter_file]
    assert not done.problems, f"{game} tutorial {chapter_file.name}:\n{_lines(done.problems)}"


def test_every_lesson_file_the_checker_finds_is_in_the_suite(request):
    listed = {item.callspec.params["lesson_file"] for item in request.session.items
              if hasattr(item, "callspec") and "lesson_file" in item.callspec.params}
    if not listed:  # this test run alone: collect the list the way the suite does
        from conformance.conftest import _lesson_files
        listed = {p.values[1] for p in _lesson_files()}
    found = set(lesson_check.lesson_files([LESSONS]))
    assert found and found <= listed, sorted(map(str, found - listed))


def _spoilt(tmp_path: Path, source: Path, old: str, new: str) -> Path:
    text = source.read_text(encoding="utf-8")
    assert old in text, f"{source.name} no longer holds {old!r}: pick another spoiling"
    out = tmp_path / source.name
    out.write_text(text.replace(old, new, 1), encoding="utf-8")
    return out


def test_the_lesson_checker_refuses_a_spoilt_lesson(tmp_path):
    bad = _spoilt(tmp_path, LESSONS / SPOILT_LESSON, "scenario:", "scenery:")
    _files, problems = lesson_check.check_paths([bad])
    assert problems


def test_the_tutorial_checker_refuses_a_spoilt_chapter(tmp_path):
    bad = _spoilt(tmp_path, LESSONS / "tutorial" / SPOILT_CHAPTER, "tasks:", "tusks:")
    assert tutorial_check.check_paths([bad]).problems
