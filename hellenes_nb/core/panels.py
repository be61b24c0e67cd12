"""What a game brings to the shared dashboard (:class:`ScreenKit`, the record its plugin's
``dashboard`` holds), and HTML pieces every game's panel words share (each game's ``ui.py``): a
card as a tile, and the note under a hand of what is public of the other side's cards. Plain
strings, escaped here; no game and no widget is imported."""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hellenes_nb.core.words import count

__all__ = ["ScreenKit", "card_tile", "cards_held", "choice_groups", "esc", "hand_note",
           "hand_tiles", "log_lines"]


def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def card_tile(n: int, title: str, text: str, tags: Sequence[str], kind: str,
              corner: str = "") -> str:
    """Card ``n`` as a tile: its title, its text and its tags; ``kind`` marks its look
    (``hn-<kind>``), ``corner`` is HTML shown in the top right corner (an action value)."""
    return (f"<div class='hn-cardtile {esc(kind)}' title='{esc(text)}'>"
            f"<div class='hn-ct-top'><span class='hn-ct-num'>#{n}</span>"
            f"<span class='hn-ct-title'>{esc(title)}</span>{corner}</div>"
            f"<div class='hn-ct-text'>{esc(text)}</div>"
            f"<div class='hn-ct-tags'>{esc(' · '.join(tags))}</div></div>")


def cards_held(view: dict[str, Any], other: str) -> int:
    """How many cards ``other`` holds, as the screen's side sees its hand (a count when it
    is hidden, the cards when they are shown)."""
    theirs = view["hands"][other]
    return theirs["count"] if isinstance(theirs, dict) else len(theirs)


def hand_tiles(view: dict[str, Any], side: str, tile: Callable[[Any, str], str],
               nothing: str) -> str:
    """The screen side's hand as tiles (``tile(card, side)``), or the words ``nothing``
    when it holds none."""
    return "".join(tile(c, side) for c in view["hands"][side]) or (
        f"<div class='hn-muted'>{esc(nothing)}</div>")


def hand_note(view: dict[str, Any], other: str, word: str, pile: str, rule: str = "") -> str:
    """What the screen's side knows of ``other``'s hand (named ``word``): how many cards it
    holds, face down, and how many are left in the ``pile``."""
    cite = f" ({rule})" if rule else ""
    return (f"<div class='hn-muted'>{esc(word)} holds {count(cards_held(view, other), 'card')}, "
            f"face down; "
            f"{view['deck']['count']} left in the {pile}{cite}.</div>")


def log_lines(view: dict[str, Any], when: Callable[[dict], str], most: int = 120) -> str:
    """A side's log (``view["log"]``), newest first and at most ``most`` lines: each event's
    time (``when(event)``), its words and its rule section."""
    lines = []
    for e in reversed(view["log"][-most:]):
        side = e.get("side") or "none"
        lines.append(f"<div class='hn-log-line hn-log-{esc(side)}'>"
                     f"<span class='hn-when'>{esc(when(e))}</span>"
                     f"{esc(e['text'])} <span class='hn-rule'>§{esc(e['rule'])}</span></div>")
    return f"<div class='hn-log'>{''.join(lines)}</div>"


def choice_groups(actions: list[dict], layout: Sequence[tuple[str, str, Sequence[str]]],
                  finish: Sequence[str], row: Callable[[dict], str],
                  short: Callable[[dict], str]) -> list[dict[str, Any]]:
    """The decision panel's groups (their shape: ``widgets/dashboard/choices.py``): for each
    (heading, rule, action types) of ``layout`` the offered actions of those types in rows
    titled ``row(action)``, each option worded ``short(action)``; the ``finish`` types last,
    under "Finish", by their labels."""
    groups: list[dict[str, Any]] = []
    for heading, section, types in layout:
        rows: dict[str, list[dict]] = {}
        for a in actions:
            if a["type"] in types:
                rows.setdefault(row(a), []).append(a)
        if rows:
            groups.append({"heading": heading, "rule": section, "rows": [
                {"title": title, "options": [(short(a), a) for a in items], "chips": []}
                for title, items in rows.items()]})
    last = [a for t in finish for a in actions if a["type"] == t]
    if last:
        groups.append({"heading": "Finish", "rule": "", "rows": [
            {"title": "", "options": [(a["label"], a) for a in last], "chips": []}]})
    return groups


@dataclass(frozen=True)
class ScreenKit:
    """A game's part of the shared dashboard (``GamePlugin.dashboard``;
    ``hellenes_nb.widgets.dashboard``): what it draws and says; everything else is the
    dashboard's. Each ``*_html`` returns HTML built only from what the screen's side may see
    (``game.view(side)``)."""

    #: each role's title ("Athens", "Persia")
    side_word: Mapping[str, str]
    #: "module:attribute" of the board widget, called ``cls(session=..., viewer=...,
    #: curtain=...)``, with the traits ``viewer``, ``curtain`` (nothing of either side drawn)
    #: and ``size`` ("normal" or "classroom"); it redraws itself when the game changes
    board: str
    #: ``header_html(game, who)``: the line over the board (``who``: the players, in words)
    header_html: Callable[[Any, str], str]
    #: ``hand_html(game, view, side)``: the screen side's hand (side None: the game is over)
    hand_html: Callable[[Any, dict[str, Any], str | None], str]
    #: ``in_play_html(game, view)``: the public cards and tracks (its heading below)
    in_play_html: Callable[[Any, dict[str, Any]], str]
    #: ``log_html(view)``: the side's log, newest first
    log_html: Callable[[dict[str, Any]], str]
    #: ``save_name(game)``: a save file's name without ".json"
    save_name: Callable[[Any], str]
    #: ``loaded_words(game)``: what the message line says of a save just loaded
    loaded_words: Callable[[Any], str]
    in_play_title: str = "In play"
    #: "module:attribute" of a chart over time, ``cls(game, height=..., title="")`` with
    #: ``figure`` and ``update(game)``; "" for none
    chart: str = ""
    chart_title: str = ""
    #: "module:attribute" of the battle board that shows the battle being fought
    #: (``view["battle"]``), called ``cls(game, view, on_choice, size=...)`` and then
    #: ``follow(game, view)`` from decision to decision; "" : battles are not shown apart
    battle: str = ""
    #: ``group_choices(game, actions)``: the decision panel's groups (their shape:
    #: ``widgets/dashboard/choices.py``); None: the dashboard's own
    group_choices: Callable[[Any, list[dict]], list[dict]] | None = None
    #: ``about_place(game, actions, place)``: the actions a place picked on the board is
    #: about (None: those that name the place)
    about_place: Callable[[Any, list[dict], str], list[dict]] | None = None
