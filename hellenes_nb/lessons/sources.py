"""What a lesson may cite: rulebook sections and the curated ancient passages.

Rule sections are the numbered headings of the rulebook (numbers only). Passages live in
``data/hellenes/passages.yaml``: each entry names a stretch of Thucydides (or, for the years after
411, Xenophon's *Hellenica*) by book.chapter.section, the episode, the map areas it concerns and a
one-line paraphrase in our own words. A lesson's citation is valid when it falls inside one entry.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AfterValidator, model_validator

from hellenes_nb.core.models import (
    FileError,
    FileModel,
    Items,
    Text,
    by_record,
    read_yaml,
    validate,
)
from hellenes_nb.games.hellenes.world.load import data_dir

__all__ = ["RULE_SECTIONS", "AUTHORS", "Passage", "Span", "load_passages", "parse_span",
           "find_passage", "normalise_section"]

#: every numbered heading of the rulebook (§1.0 … §15.4)
RULE_SECTIONS = frozenset("""
1.0 1.1 1.2 1.3 1.31 1.32 1.33 1.4 2.0 2.1 2.11 2.12 2.13 2.14 2.2 2.21 2.22 2.23 2.24 2.25 2.26
2.27 2.3 2.4 2.41 2.42 3.0 3.1 3.11 3.12 3.2 3.3 4.0 4.1 4.2 4.21 4.22 4.23 4.3 4.4 5.0 5.1 5.2
5.21 5.22 5.23 5.3 5.4 5.41 5.42 5.5 6.0 6.1 6.2 6.3 6.31 6.32 6.33 6.34 6.4 6.41 6.5 6.6 7.0 7.1
7.2 7.3 7.4 8.0 8.1 8.11 8.12 8.13 8.2 8.21 8.22 8.3 9.0 9.1 9.2 9.21 9.211 9.212 9.213 9.214
9.22 9.23 9.24 9.3 9.31 9.32 9.4 9.5 9.51 9.52 9.53 9.54 10.0 10.1 10.2 10.3 11.0 12.0 12.1
12.11 12.12 12.13 13.0 13.1 13.2 13.3 14.0 14.1 14.11 14.12 14.13 14.2 14.21 14.22 14.23 14.24
15.0 15.1 15.2 15.3 15.4
""".split())

#: author key -> (name used in citations, work, number of books)
AUTHORS = {
    "thucydides": ("Thucydides", "History of the Peloponnesian War", 8),
    "xenophon": ("Xenophon", "Hellenica", 7),
}

_SPAN = re.compile(r"^(\d+)\.(\d+)(?:\.(\d+))?(?:-(\d+)(?:\.(\d+))?)?$")
_LAST = 10_000  # stands for "to the end of the chapter"


@dataclass(frozen=True)
class Span:
    """A stretch of one book: ``lo``/``hi`` are (chapter, section) pairs, inclusive."""

    book: int
    lo: tuple[int, int]
    hi: tuple[int, int]
    text: str

    def within(self, other: Span) -> bool:
        """True when this stretch lies entirely inside ``other``."""
        return self.book == other.book and other.lo <= self.lo and self.hi <= other.hi


def normalise_section(text: object) -> str:
    """``"§6.33"`` or ``6.33`` → ``"6.33"`` (a float like 6.3 is read as written)."""
    return str(text).strip().lstrip("§").strip()


def parse_span(text: object) -> Span:
    """Read ``4.3``, ``4.3.1``, ``4.3-5``, ``4.3.1-3`` or ``4.3.1-4.2`` (ValueError otherwise).

    After a dash, a lone number continues the last level written (sections after a section,
    chapters after a chapter); ``chapter.section`` after a dash names another chapter.
    """
    s = str(text).strip()
    m = _SPAN.match(s.replace("–", "-"))
    if not m:
        raise ValueError(f"{s!r} is not a reference of the form book.chapter.section "
                         "(for example 4.3.1, 4.3-5 or 4.13.2-4)")
    book, ch, sec, a, b = (int(x) if x is not None else None for x in m.groups())
    if sec is None:
        lo = (ch, 0)
        if a is None:
            hi = (ch, _LAST)
        elif b is None:
            hi = (a, _LAST)
        else:
            hi = (a, b)
    else:
        lo = (ch, sec)
        if a is None:
            hi = (ch, sec)
        elif b is None:
            hi = (ch, a)
        else:
            hi = (a, b)
    if hi < lo:
        raise ValueError(f"{s!r} runs backwards (its end comes before its start)")
    return Span(book, lo, hi, s)


def _span(ref: str) -> str:
    parse_span(ref)  # ValueError in plain words
    return ref


class Passage(FileModel):
    """One curated passage (see the module docstring): an entry of ``passages.yaml``."""

    author: Literal[tuple(AUTHORS)]  # type: ignore[valid-type]
    ref: Annotated[Text, AfterValidator(_span)]
    episode: Text
    areas: Items[str]
    paraphrase: Annotated[Text, AfterValidator(str.strip)]

    @model_validator(mode="after")
    def _book(self) -> Passage:
        _name, work, books = AUTHORS[self.author]
        if not 1 <= self.span.book <= books:
            raise ValueError(f"{work} has no book {self.span.book}")
        return self

    @functools.cached_property
    def span(self) -> Span:
        """The stretch of the work the passage covers."""
        return parse_span(self.ref)

    @property
    def label(self) -> str:
        """``"Thucydides 4.3-5"``."""
        return f"{AUTHORS[self.author][0]} {self.ref}"


def _passages_path() -> Path:
    return data_dir() / "passages.yaml"


def read_passages(path: Path | str | None = None) -> tuple[Passage, ...]:
    """Read ``passages.yaml`` (:class:`~hellenes_nb.core.models.FileError` naming each entry
    and its problem)."""
    p = Path(path) if path is not None else _passages_path()
    data, problems = read_yaml(p, p.name)
    if not problems:
        passages, problems = validate(list[Passage], data, p.name, where=by_record(word="entry "))
    if problems:
        raise FileError(problems)
    return tuple(passages)


@functools.cache
def load_passages() -> tuple[Passage, ...]:
    """The packaged passages, read once."""
    return read_passages()


def find_passage(author: str, span: Span,
                 passages: tuple[Passage, ...] | None = None) -> Passage | None:
    """The narrowest curated passage of ``author`` containing ``span``, or None."""
    found = [p for p in (passages if passages is not None else load_passages())
             if p.author == author and span.within(p.span)]
    if not found:
        return None
    return min(found, key=lambda p: (p.span.hi[0] - p.span.lo[0], p.span.hi[1] - p.span.lo[1]))
