"""*Amphipolis*'s part of the shared dashboard (``hellenes_nb.widgets.dashboard``; the contract
is ``core/panels.py``'s ``ScreenKit``): the side titles, the board widget it embeds (named as
text), and its panels' words as HTML, each built from what the screen's side may see
(``game.view(side)``): the header (turn, season, victory points), the side's own strategems
(the other side's are only counted), the odds of the choices offered (:mod:`.oddswords`, which
also groups the decision panel and puts each choice's chance on its button), the tracks and
what is still to come, and the log."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.panels import ScreenKit, cards_held, esc, hand_tiles, log_lines
from hellenes_nb.core.words import count
from hellenes_nb.games.amphipolis.oddswords import group_choices, odds_html
from hellenes_nb.games.amphipolis.world import load_world

__all__ = ["SCREEN"]

SIDE_WORD = {"athens": "Athens", "sparta": "Sparta"}
LOG_LINES = 120


def _number(game: Any) -> str:
    """The scenario's number in the rulebook ("10.1")."""
    return game.state.scenario.removeprefix("amphipolis-")


def header_html(game: Any, who: str) -> str:
    v = game.view("all")
    vp = v["vp"]
    number = _number(game)
    title = load_world().scenarios[number].title
    return (f"<div class='hn-head'><div><span class='hn-title'>Amphipolis, 424–422 BC</span> "
            f"<span class='hn-sub'>scenario {number}, {esc(title)}</span></div>"
            f"<div class='hn-date'>Turn {v['turn']} of {v['first_turn']}–{v['last_turn']}: "
            f"{v['season']} {v['year']} BC{', armistice' if v['armistice'] else ''}</div>"
            f"<div class='hn-pres'>VP: Athens {vp['athens']}, Sparta {vp['sparta']} (§9.2)"
            f"</div><div class='hn-who'>{who} · {count(len(game.history), 'move')}"
            f"</div></div>")


def _counter(c: dict, side: str) -> str:
    faces = []
    for f in c["faces"]:
        usable = f["colour"] in (side, "neutral")
        style = "" if usable else " style='opacity:0.5'"
        faces.append(f"<div{style}><b>S{f['number']}</b> {esc(f['name'])} "
                     f"({esc(f['english'])}){'' if usable else ' · not yours'}</div>")
    return f"<div class='hn-cardtile hn-{side}'><div>{c['id']}</div>{''.join(faces)}</div>"


def hand_html(game: Any, view: dict[str, Any], side: str | None) -> str:
    if side is None:
        return "<div class='hn-muted'>The game is over.</div>"
    other = "sparta" if side == "athens" else "athens"
    tiles = hand_tiles(view, side, _counter, "No strategem in hand.")
    return (f"<div class='hn-hand'>{tiles}</div><div class='hn-muted'>"
            f"{SIDE_WORD[other]} holds {count(cards_held(view, other), 'strategem')}, hidden; "
            f"{view['cup']['count']} in the cup (§2 A).</div>")


def in_play_html(game: Any, view: dict[str, Any]) -> str:
    pa = view["pa"]
    lines = [f"Initiative: {SIDE_WORD[view['initiative']]} · Advantage: "
             f"{SIDE_WORD[view['advantage']]} (§9)",
             f"Action points left: Athens {pa['athens']}, Sparta {pa['sparta']} (§2 B.1)"]
    for p in view["to_come"]:
        zone = load_world().zone
        where = " or ".join(zone[z].name for z in [p["at"], *p.get("or_at", ())])  # §10
        kinds = [f"{n or 'all'} {t}{' or ' + p['or_type'][t] if t in p.get('or_type', {}) else ''}"
                 for t, n in p.get("generic", {}).items()]
        what = ", ".join([count(len(p["units"]), "unit")] * bool(p["units"] or not kinds) + kinds)
        lines.append(f"To come on turn {p['turn']}: {SIDE_WORD[p['side']]}'s reinforcements "
                     f"in {where} ({what})")
    for side in SIDE_WORD:
        lost = view["lost"][side]
        if lost["units"] or lost["leaders"]:
            lines.append(f"{SIDE_WORD[side]} has lost {count(len(lost['units']), 'unit')} and "
                         f"{count(len(lost['leaders']), 'leader')}")
    if view["removed"]:
        lines.append("Out of play: the Flotilla (S3), +1 VP to Sparta")
    last = next((e for e in reversed(view["log"]) if e["kind"] == "combat"), None)
    if last:
        lines.append(f"Last combat: {last['text']}")
    viewer = view.get("viewer")
    return (odds_html(game, viewer if viewer in SIDE_WORD else None)
            + "".join(f"<div class='hn-ip-line'>{esc(x)}</div>" for x in lines))


def log_html(view: dict[str, Any]) -> str:
    return log_lines(view, lambda e: f"Turn {e['turn']}", LOG_LINES)


def save_name(game: Any) -> str:
    return f"amphipolis-{_number(game)}-turn-{game.state.turn}"


def loaded_words(game: Any) -> str:
    return (f"Loaded the Amphipolis game: turn {game.state.turn}, "
            f"{count(len(game.history), 'move')}.")


SCREEN = ScreenKit(
    side_word=SIDE_WORD, board="hellenes_nb.games.amphipolis.widgets.board:AmphipolisBoard",
    in_play_title="Odds, tracks and reinforcements", group_choices=group_choices,
    header_html=header_html, hand_html=hand_html,
    in_play_html=in_play_html, log_html=log_html, save_name=save_name,
    loaded_words=loaded_words)
