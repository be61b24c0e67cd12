"""References: book.chapter.section spans, the curated passages and rule sections."""

from __future__ import annotations

import pytest

from hellenes_nb.games.hellenes.lessonsources import (
    RULE_SECTIONS,
    find_passage,
    load_passages,
    parse_span,
    read_passages,
)


@pytest.mark.parametrize("text, lo, hi", [
    ("4.3", (3, 0), (3, 10_000)),
    ("4.3.1", (3, 1), (3, 1)),
    ("4.3-5", (3, 0), (5, 10_000)),
    ("4.13.2-4", (13, 2), (13, 4)),
    ("4.13.2-14.5", (13, 2), (14, 5)),
    ("4.9-13.1", (9, 0), (13, 1)),
])
def test_parse_span(text, lo, hi):
    span = parse_span(text)
    assert (span.book, span.lo, span.hi) == (4, lo, hi)


@pytest.mark.parametrize("bad", ["4", "four.3", "4.5-3", "4.3.1-", "4.3.3-1"])
def test_parse_span_rejects(bad):
    with pytest.raises(ValueError):
        parse_span(bad)


def test_spans_nest():
    assert parse_span("4.8.9").within(parse_span("4.8"))
    assert parse_span("4.14.1-5").within(parse_span("4.13.2-14.5"))
    assert not parse_span("4.13.1").within(parse_span("4.13.2-14.5"))
    assert not parse_span("3.8.9").within(parse_span("4.8"))


def test_find_passage_picks_the_narrowest():
    p = find_passage("thucydides", parse_span("4.31.1"))
    assert p is not None and p.ref == "4.30-39"
    assert find_passage("xenophon", parse_span("4.31.1")) is None


def test_passages_cite_real_areas_and_cover_pylos(world):
    places = set(world.areas) | set(world.seas)
    passages = load_passages()
    # a curated list: a dozen or two passages for each lesson of the war (issue 20), never a
    # whole translation cut into pieces; no stretch of text is listed twice
    assert 30 <= len(passages) <= 300
    refs = [(p.author, p.ref) for p in passages]
    assert len(refs) == len(set(refs)), "a passage is listed twice"
    for p in passages:
        assert set(p.areas) <= places, p.ref
        assert p.paraphrase and len(p.paraphrase) < 200
    for ref in ("4.3.1", "4.8.9", "4.14.1", "4.16.1", "4.38.5", "4.41.2"):
        assert find_passage("thucydides", parse_span(ref)) is not None, ref


def test_bad_passages_file_is_reported(tmp_path):
    f = tmp_path / "passages.yaml"
    f.write_text("- {author: herodotus, ref: '1.1', episode: x, areas: [], paraphrase: y}\n")
    with pytest.raises(ValueError, match="entry 1 › author: should be .thucydides. or .xenophon."):
        read_passages(f)


def test_rule_sections():
    assert {"6.33", "9.211", "15.4", "1.0"} <= RULE_SECTIONS
    assert "6.35" not in RULE_SECTIONS


def test_the_rule_sections_are_the_games_own_list():
    """The rulebook's headings are the game's (games/hellenes), not the lesson engine's."""
    from pathlib import Path

    from hellenes_nb.games.hellenes import lessonsources as sources
    from hellenes_nb.games.hellenes import rulesections

    assert rulesections.RULE_SECTIONS is RULE_SECTIONS and len(RULE_SECTIONS) > 100
    assert "9.211" not in Path(sources.__file__).read_text()
