"""What the lesson widget says around a lesson's prose, for every lesson file (issue 15, item 3):
a status line in words with its rule, seasons as a player says them, and step headings dated
as the step's own moves are."""

from __future__ import annotations

import re

import pytest
from support.paths import LESSONS

from hellenes_nb.games.hellenes.index import SEASONS
from hellenes_nb.games.hellenes.lessontext import (
    SEASON_WORDS,
    events_html,
    season_word,
    status_html,
    step_time,
)
from hellenes_nb.games.hellenes.world import load_world
from hellenes_nb.lessons import Lesson

WORLD = load_world()
FILES = sorted(LESSONS.glob("*.yaml"))
DATED = re.compile(r"\b(New Year|Spring|High Summer|Summer|Fall|Autumn|Winter)\s+(\d{3})\b")
#: engine-style names of the seasons, which a class should never read
ENGINE_WORDS = ["HighSummer", "NewYear"]


def _steps(path):
    lesson = Lesson(path, world=WORLD)
    for n in range(1, len(lesson.steps) + 1):
        lesson.goto(n)
        yield lesson


@pytest.mark.rule("14.1")
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_status_line_is_a_sentence_with_its_rule(path):
    for lesson in _steps(path):
        st = lesson.state
        status = status_html(lesson.run.events, st.year, st.season, st.prestige)
        text = re.sub(r"<[^>]+>", "", status)
        assert "§14.1" in text and text.rstrip().endswith("."), (lesson.progress, text)
        assert not any(w in text for w in ENGINE_WORDS), (lesson.progress, text)
        log = events_html(lesson.run.events, st.ix)
        for h5 in re.findall(r"<h5>(.*?)</h5>", log):
            assert DATED.search(h5) and not any(w in h5 for w in ENGINE_WORDS), h5


def misdated(path) -> list[str]:
    """The steps whose heading names a season and year other than those of its own moves."""
    wrong = []
    for lesson in _steps(path):
        m = DATED.search(lesson.step.title)
        if m is None:
            continue
        st = lesson.state
        year, season = step_time(lesson.run.events, st.year, st.season)
        said = "Fall" if m.group(1) == "Autumn" else m.group(1)
        if (said, int(m.group(2))) != (season_word(season), year):
            wrong.append(f"step {lesson.number} '{lesson.step.title}' happens in "
                         f"{season_word(season)} {year}")
    return wrong


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_step_heading_dated_by_season_matches_the_step(path):
    """A heading such as "Winter 424: terms for Amphipolis" names the season and year in which
    the step's moves happen (play often runs on into the next season after them)."""
    wrong = misdated(path)
    assert not wrong, f"{path.name}: " + "; ".join(wrong)


def test_a_misdated_heading_is_found(tmp_path):
    text = (LESSONS / "pylos-425.yaml").read_text(encoding="utf-8")
    assert 'title: "Spring 425: a fleet' in text
    bad = tmp_path / "pylos-425.yaml"
    bad.write_text(text.replace('title: "Spring 425: a fleet', 'title: "Winter 425: a fleet'),
                   encoding="utf-8")
    assert misdated(bad) == ["step 1 'Winter 425: a fleet sails round the Peloponnese' "
                             "happens in Spring 425"]


def test_seasons_in_words():
    assert season_word(3) == "High Summer" and season_word(0) == "New Year"
    assert season_word("High Summer") == "High Summer"
    assert len(SEASON_WORDS) == len(SEASONS)
    assert not any(w in " ".join(SEASONS) for w in ENGINE_WORDS)


@pytest.mark.rule("6.31")
def test_the_log_gives_each_line_its_rule_at_the_end():
    """As the battle board and the dashboard do: the sentence, then its rule number."""
    lesson = Lesson("potidaea-432-431", world=WORLD)
    lesson.goto(4)
    html = events_html(lesson.run.events, lesson.state.ix)
    lines = re.findall(r"<li>(?!<details>)(.*?)</li>", html)
    assert lines and all(re.search(r" <span class='hl-rule'>§[\d.]+</span>$", li)
                         for li in lines), lines[:3]
    assert any(li.startswith("Attack by ") for li in lines)
