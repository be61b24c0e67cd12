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

from hellenes_nb.core.safeyaml import read_yaml_file
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


@dataclass(frozen=True)
class Passage:
    """One curated passage (see the module docstring)."""

    author: str
    ref: str
    span: Span
    episode: str
    areas: tuple[str, ...]
    paraphrase: str

    @property
    def label(self) -> str:
        """``"Thucydides 4.3-5"``."""
        return f"{AUTHORS[self.author][0]} {self.ref}"


def _passages_path() -> Path:
    return data_dir() / "passages.yaml"


def read_passages(path: Path | str | None = None) -> tuple[Passage, ...]:
    """Read ``passages.yaml`` (ValueError naming the entry and the problem)."""
    p = Path(path) if path is not None else _passages_path()
    raw = read_yaml_file(p, p.name)
    if not isinstance(raw, list):
        raise ValueError(f"{p.name}: expected a list of passages")
    out = []
    for i, r in enumerate(raw, 1):
        where = f"{p.name}: entry {i}"
        if not isinstance(r, dict):
            raise ValueError(f"{where}: each passage is a mapping")
        missing = {"author", "ref", "episode", "areas", "paraphrase"} - set(r)
        if missing:
            raise ValueError(f"{where}: missing {', '.join(sorted(missing))}")
        extra = set(r) - {"author", "ref", "episode", "areas", "paraphrase"}
        if extra:
            raise ValueError(f"{where}: unknown field(s) {', '.join(sorted(extra))}")
        if r["author"] not in AUTHORS:
            raise ValueError(f"{where}: author must be one of {', '.join(AUTHORS)}")
        try:
            span = parse_span(r["ref"])
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
        if not 1 <= span.book <= AUTHORS[r["author"]][2]:
            raise ValueError(f"{where}: {AUTHORS[r['author']][1]} has no book {span.book}")
        if not isinstance(r["areas"], list) or not all(isinstance(a, str) for a in r["areas"]):
            raise ValueError(f"{where}: areas must be a list of area ids")
        out.append(Passage(r["author"], str(r["ref"]), span, str(r["episode"]),
                           tuple(r["areas"]), str(r["paraphrase"]).strip()))
    return tuple(out)


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
