"""Shared fixtures for the lesson tests: the world, the Pylos lesson, a small lesson text, and
the checker's verdicts, each lesson replayed once per session (support/lessoncheck.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import lessoncheck
from support.paths import ROOT

from hellenes_nb.games.hellenes.world import load_world
from hellenes_nb.lessons import Lesson

PYLOS = ROOT / "lessons" / "pylos-425.yaml"

#: a two-step lesson on the Pylos position, small enough to break in many ways
MINI = """\
format: lesson 1
game: hellenes
id: mini
title: Mini
period: "425 BC"
objectives: [Test the checker]
time: "5 minutes"
seed: 7
position:
  scenario: "431"
  year: 425
  season: spring
  leaders: {athens: cleon, sparta: agis}
  hands: {athens: [14, 43], sparta: [32, 35]}
  units:
    - {unit: A9, area: messenian_gulf, cv: 4, carries: A30}
    - {unit: A30, area: messenian_gulf, cv: 3}
    - {unit: S1, area: laconia, cv: 4}
steps:
  - title: The situation
    narrative: The fleet is at sea.
    sources: ["Thucydides 4.2.1"]
    rules: ["5.21"]
    focus: {area: messenian_gulf, zoom: 3, highlight: [pylos]}
  - title: The landing
    narrative: The fleet lands at Pylos.
    rules: ["5.2"]
    do:
      - play: {athens: 14, sparta: 32}
      - move_group: {side: athens, area: messenian_gulf}
      - move: {unit: A9, path: [pylos], carry: A30}
      - end_actions: athens
    expect:
      at: {A9: pylos, A30: pylos}
"""


@pytest.fixture(scope="session")
def world():
    return load_world()


@pytest.fixture(scope="session")
def lesson_check():
    """``lesson_check(path, seeds=())``: the problems ``hellenes lesson check`` finds in one
    file, replayed once per session for the same text and seeds (support/lessoncheck.py)."""
    return lessoncheck.checked


@pytest.fixture
def cli_checks_once(monkeypatch):
    """``hellenes lesson check`` run in this test takes each file's verdict from
    :func:`lesson_check` (the same replay as the other tests), not from a replay of its own."""
    from hellenes_nb.lessons import cli

    def once(paths, seeds=()):
        files = lessoncheck.lesson_files(paths)
        return files, [p for f in files for p in lessoncheck.checked(f, seeds)]

    monkeypatch.setattr(cli, "check_paths", once)


@pytest.fixture
def pylos(world):
    return Lesson(PYLOS, world=world)


@pytest.fixture
def write(tmp_path):
    """Write lesson text to a file named ``name`` and return its path."""

    def _write(text: str, name: str = "lesson.yaml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return _write


def unit_place(lesson: Lesson, key: str) -> str:
    """Where a unit stands at the lesson's current step (an area id, or "pool")."""
    st = lesson.state
    p = st.loc[st.ix.unit(key)]
    return st.ix.place_ids[p] if p >= 0 else "pool"


def city_holder(lesson: Lesson, area: str) -> str | None:
    """Which side holds the city of ``area`` at the current step (None if nobody)."""
    st = lesson.state
    c = st.city_control[st.ix.place(area)]
    return ("athens", "sparta")[c] if c >= 0 else None
