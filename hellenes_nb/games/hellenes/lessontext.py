"""What a Hellenes lesson says to a class around its prose, worded for a reader of fourteen
(the lesson's ``view()`` gives it to the lesson widget, which reads nothing else).

The widget shows the lesson's own prose as written; this module words what is added
around it: the line saying when the step happens and who leads (§14.1), the seasons as a player
says them ("High Summer", never the engine's ``HighSummer``), the log of a step grouped by
season with the rule of each line beside it, the note over a step's battle board, and the names
of the blocks on that board as a player says them ("Hippothontis hoplites", "Garrison of Pylos").
The log lines themselves are the engine's words (``Game.log_for``); only their arrangement is
made here.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Any

from hellenes_nb.games.hellenes.battle_words import HOW_TEXT
from hellenes_nb.games.hellenes.index import SEASONS, SIDE_WORD

__all__ = ["SEASON_WORDS", "battle_note", "block_names", "events_html", "season_word",
           "status_html", "step_time"]

#: the seasons of the year in a player's words, in the engine's order (§3.0, §9.0, §10.0)
#: the seasons as a player says them (the engine names them so itself, §3.3)
SEASON_WORDS = SEASONS
#: log kinds that mark a new phase of play rather than something a side did
_MARKERS = frozenset({"season", "turn", "combat_phase", "winter_actions", "new_year", "deal",
                      "reshuffle"})
#: more log lines than this about one battle fold away under one line
_BATTLE_FOLD = 3


def _esc(text: Any) -> str:
    return html.escape(str(text))


def season_word(season: int | str) -> str:
    """A season's name as a player says it, from its number or its name."""
    if isinstance(season, str):
        season = SEASONS.index(season)  # a ValueError names an unknown season
    return SEASON_WORDS[season]


def when(year: int, season: int) -> str:
    """``"High Summer 425 BC"``."""
    return f"{season_word(season)} {year} BC"


def step_time(events: Iterable[Mapping[str, Any]], year: int, season: int) -> tuple[int, int]:
    """The (year, season) in which a step's last move, battle or event happened.

    Play runs on to the next decision after a step's moves, often into the next season; the
    step is about what happened before that. A step in which nothing happened is at the game's
    present (``year``, ``season``).
    """
    done = [e for e in events if e.get("kind") not in _MARKERS and "season" in e]
    if not done:
        return year, season
    return done[-1]["year"], done[-1]["season"]


def prestige_words(prestige: int) -> str:
    """Who leads on the Prestige track, in a sentence (§14.1: positive favours Athens)."""
    if prestige == 0:
        return "Neither side leads on the Prestige track (§14.1)."
    side = "Athens" if prestige > 0 else "Sparta"
    points = abs(prestige)
    return f"{side} leads by {points} Prestige point{'s' if points != 1 else ''} (§14.1)."


def status_html(events: list[Mapping[str, Any]], year: int, season: int, prestige: int) -> str:
    """The step's status line: when it happens, who leads, and where the game has moved on to
    (a live game from this step starts there)."""
    at = step_time(events, year, season)
    parts = [f"<b>{_esc(when(*at))}.</b>", _esc(prestige_words(prestige))]
    if at != (year, season):
        parts.append(_esc(f"The game has moved on to {when(year, season)}."))
    return f"<p class='hl-status'>{' '.join(parts)}</p>"


def _line(e: Mapping[str, Any]) -> str:
    """One log line, its rule at the end (as the battle board and the dashboard show it)."""
    rule = f" <span class='hl-rule'>§{_esc(e['rule'])}</span>" if e.get("rule") else ""
    return f"<li>{_esc(e['text'])}{rule}</li>"


def events_html(events: list[Mapping[str, Any]], ix: Any) -> str:
    """A step's log as a list under season headings, the rule beside each line; the many lines
    of a battle fold under one line. Empty when nothing happened."""
    shown = [e for e in events if e.get("text")]
    if not shown:
        return ""
    out: list[str] = []
    items: list[str] = []
    battle: list[str] = []
    place: Any = None

    def close_battle() -> None:
        if len(battle) > _BATTLE_FOLD:
            name = ix.place_name[place] if isinstance(place, int) else "the battle"
            items.append(f"<li><details><summary>The battle in {_esc(name)}, attack by attack "
                         f"({len(battle)} lines)</summary><ul>{''.join(battle)}</ul></details>"
                         "</li>")
        else:
            items.extend(battle)
        battle.clear()

    def close_season() -> None:
        close_battle()
        if items:
            out.append(f"<ul>{''.join(items)}</ul>")
            items.clear()

    for e in shown:
        kind = e.get("kind", "")
        if kind == "season":
            close_season()
            out.append(f"<h5>{_esc(when(e['year'], e['season']))}</h5>")
            continue
        if kind.startswith("battle_") and kind != "battle_end":
            if not battle:
                place = e.get("place")
            battle.append(_line(e))
            continue
        if kind == "battle_end":
            battle.append(_line(e))
            close_battle()
            continue
        close_battle()
        items.append(_line(e))
    close_season()
    return ("<details class='hl-log'><summary>What happened in the game, with the rule of each "
            f"move</summary>{''.join(out)}</details>")


def block_names(ix: Any, setup: Mapping[str, Any]) -> dict[str, str]:
    """The blocks of a recorded battle by the names a player uses: the unit's own name
    ("Hippothontis hoplites", "Spartiates"), or "Garrison of Pylos" for a city's garrison
    (``ix``: the game's world index, ``game.state.ix``)."""
    out = {}
    for f in setup["fighters"]:
        key = f["key"]
        if key.startswith("garrison:"):
            place = ix.place(key.split(":", 1)[1])
            out[key] = f"Garrison of {ix.city_name[place]}"
        else:
            out[key] = ix.unit_name[ix.unit(key)] or ix.describe(ix.unit(key))
    return out


def battle_note(winner: str | None, how: str, dice: int) -> str:
    """The note over a lesson's battle board: how to step through it and how it went."""
    who = SIDE_WORD.get(winner or "", "Nobody")
    result = f"{who} won by {HOW_TEXT.get(how, how)}"
    return (f"<p class='hl-note'>The battle of this step, with the lesson's own {dice} dice. "
            "Press <b>Next attack</b> to throw the dice for one block at a time, or <b>Whole "
            "round</b> and <b>Whole battle</b> to let it run as it went in the lesson "
            f"({_esc(result)}).</p>")
