"""Words and small helpers the dashboard's parts share."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import ipywidgets as W

#: how the dashboard names the prompt's sides that are no role
NOT_A_ROLE = {"both": "both sides", "all": "everyone", "none": "nobody"}


def side_words(titles: Mapping[str, str]) -> dict[str, str]:
    """A game's side titles (its dashboard part's ``side_word``) with the dashboard's words
    for both sides and everyone."""
    return {**NOT_A_ROLE, **titles}


def cover_html(side: str, word: str) -> str:
    """The hand-over screen's words: whose turn it is, and that nothing of a side shows."""
    return (f"<div class='hn-cover-text'><div class='hn-cover-big hn-{esc(side)}'>Pass to "
            f"{esc(word)}</div><p>The board, the hand and the log are hidden until "
            f"{esc(word)}'s player takes the screen (§2.0).</p></div>")


def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


@cache
def stylesheet() -> str:
    """The dashboard's look (``static/dashboard.css``), read once, as a ``<style>`` element."""
    css = (Path(__file__).parent.parent / "static" / "dashboard.css").read_text()
    return f"<style>\n{css}</style>"


def close_all(widget: W.Widget | None) -> None:
    """Close ``widget`` and every widget it holds (children, layout, style, a map's), so
    neither the kernel nor the page keeps them once they are replaced."""
    todo = [widget] if widget is not None else []
    seen: set[int] = set()
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        for name in getattr(w, "keys", ()):
            value = getattr(w, name, None)
            items = value if isinstance(value, list | tuple) else [value]
            todo.extend(v for v in items if isinstance(v, W.Widget))
        todo.extend(v for v in vars(w).values() if isinstance(v, W.Widget))
        w.close()


#: the most rule sections a prompt shows on its tag line (the rest are named on hover)
SHOWN_RULES = 2
_CITED = re.compile(r"\s*\((§[\d.]+(?:[,;]? ?§[\d.]+)*)\)\s*$")


def prompt_with_rules(text: str, rules: Sequence[str]) -> str:
    """A prompt and its one line of rule tags, as HTML: the sections the prompt's own words
    cite at their end come first (and leave the words), then the prompt's rules in their order;
    at most :data:`SHOWN_RULES` show, and a "+N" names every section on hover."""
    cited = _CITED.search(text)
    own = re.findall(r"§([\d.]+)", cited.group(1)) if cited else []
    words = text[:cited.start()] if cited else text
    every = list(dict.fromkeys([*own, *rules]))
    if not every:
        return esc(words)
    shown = " ".join(f"§{r}" for r in every[:SHOWN_RULES])
    more = f" +{len(every) - SHOWN_RULES} more" if len(every) > SHOWN_RULES else ""
    title = "Rules: " + ", ".join(f"§{r}" for r in every)
    tags = f" <span class='hn-rule' title='{esc(title)}'>{esc(shown + more)}</span>"
    return f"{esc(words)}{tags}"


def opponent_words(side_html: str, level: str | None, bot_name: str) -> str:
    """Who plays whom against the computer, naming the opponent as the level picker does
    ("level: normal"); a bot that is no level is named as a bot."""
    computer = f"level: {level}" if level else f"{bot_name} bot"
    return f"You: {side_html} against the computer ({esc(computer)})"
