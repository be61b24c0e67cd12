"""``hellenes lesson list`` and ``show`` for a class (issue 28 item 9): the list in date order
(years BC, earliest first) with each lesson's length and notebook; ``show`` takes the start of a
name when only one lesson begins with it, and names the lessons when several do."""

from __future__ import annotations

import re

from hellenes_nb.cli import main


def _run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["lesson", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_list_is_in_date_order_with_length_and_notebook(capsys):
    code, out, err = _run(capsys, "list")
    assert code == 0 and err == ""
    heads = [line for line in out.splitlines() if re.match(r"\d", line)]
    names = [line.split()[2].rstrip(":") for line in heads]
    assert names[0] == "xerxes-480-479" and names[-1] == "aegospotami-405-404"
    firsts = [int(line.split("-")[0].split()[0]) for line in heads]
    assert firsts == sorted(firsts, reverse=True)  # years BC count down
    assert names.index("potidaea-432-431") < names.index("pericles-plague-431-429") \
        < names.index("pylos-425") < names.index("delium-424") \
        < names.index("amphipolis-424-422")  # the same first year: the shorter span first
    assert len(heads) == 16  # with the Amphipolis game's three lessons and Athens & Sparta's one
    pylos = out.splitlines()[out.splitlines().index(heads[names.index("pylos-425")]) + 1]
    assert "One lesson of 45 to 60 minutes, 12 steps" in pylos
    assert "notebook: notebooks/10-pylos-425.ipynb" in pylos
    xerxes = out.splitlines()[out.splitlines().index(heads[0]) + 1]
    assert "7 steps (no class time given)" in xerxes
    assert "notebook: notebooks/30-xerxes-480-479.ipynb" in xerxes


def test_show_takes_a_unique_start_of_a_name(capsys):
    code, out, _ = _run(capsys, "show", "pylos")
    assert code == 0
    assert out.startswith("# Pylos and Sphacteria, 425 BC")


def test_show_names_the_lessons_when_the_start_is_ambiguous(capsys):
    code, out, err = _run(capsys, "show", "p")
    assert code == 1 and out == ""
    assert ("4 lessons begin with 'p': pericles-plague-431-429, phormio-naupactus-429, "
            "potidaea-432-431, pylos-425; give more of the name") in err
    assert "Traceback" not in err


def test_show_of_no_lesson_still_lists_them_all(capsys):
    code, _, err = _run(capsys, "show", "sparta")
    assert code == 1
    assert "no lesson called 'sparta'" in err and "xerxes-480-479" in err
