"""What a lesson may cite: rulebook sections and the curated ancient passages.

Rule sections are the numbered headings of the rulebook (numbers only); the list is the game's
(:mod:`hellenes_nb.games.hellenes.rulesections`), named here for the lesson checker. Passages
live in ``data/hellenes/passages.yaml``: each entry names a stretch of Thucydides (or, for the
years after 411, Xenophon's *Hellenica*) by book.chapter.section, the episode, the map areas it
concerns and a one-line paraphrase in our own words. A lesson's citation is valid when it falls
inside one entry.
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
from hellenes_nb.games.hellenes.rulesections import RULE_SECTIONS
from hellenes_nb.games.hellenes.world.load import data_dir
from hellenes_nb.lessons.format import normalise_section

__all__ = ["RULE_SECTIONS", "AUTHORS", "Passage", "Span", "load_passages", "parse_span",
           "find_passage", "normalise_section", "CITED_AS", "split_citation"]

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


#: how a step's citation names each author: "Thucydides 4.2.2", "Xenophon, Hellenica 2.1.28"
CITED_AS = {"thucydides": "Thucydides ", "xenophon": "Xenophon, Hellenica "}


def split_citation(text: str) -> tuple[str, str]:
    """A step's citation → (author key, book.chapter.section); ValueError in plain words for
    an author ``passages.yaml`` does not hold."""
    for author, prefix in CITED_AS.items():
        if text.startswith(prefix):
            return author, text.removeprefix(prefix).strip()
    raise ValueError(f"{text!r}: a Hellenes step cites Thucydides or Xenophon's Hellenica, "
                     "written 'Thucydides 4.2.2' or 'Xenophon, Hellenica 2.1.28' (the authors "
                     "of data/hellenes/passages.yaml)")
