"""*Hellenes*' part of the shared dashboard (``hellenes_nb.widgets.dashboard``; its contract is
``widgets/dashboard/parts.py``, ``GameScreen``): the side titles, the board and chart widgets it
embeds (named, not imported: a game imports no widget), and its panels' words as HTML, each
built from what the screen's side may see (``game.view(side)``): the header, the hand, the
cards in play and the log (docs/dashboard.md; §2.0, §3.0, §3.1, §10.3, §14.1)."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.panels import ScreenKit, card_tile, esc, hand_note
from hellenes_nb.core.words import count
from hellenes_nb.games.hellenes.index import SEASONS, SIDE_NAMES
from hellenes_nb.games.hellenes.index import SIDE_WORD as SIDE_TITLE

__all__ = ["SCREEN", "card_html", "hand_html", "header_html", "in_play_html", "log_html"]

#: log lines shown, newest first
LOG_LINES = 120


def header_html(game: Any, who: str) -> str:
    st = game.state
    sc = st.ix.world.scenarios[st.scenario]
    lead = ("level" if st.prestige == 0 else
            f"{SIDE_TITLE[SIDE_NAMES[0 if st.prestige > 0 else 1]]} leads by "
            f"{abs(st.prestige)}")
    return (f"<div class='hn-head'><div><span class='hn-title'>Hellenes</span> "
            f"<span class='hn-sub'>{esc(sc.name)}</span></div>"
            f"<div class='hn-date'>{SEASONS[st.season]} {st.year} BC</div>"
            f"<div class='hn-pres'>Prestige {st.prestige:+d} · {lead} (§14.1)</div>"
            f"<div class='hn-who'>{who} · {count(len(game.history), 'move')}</div></div>")


def card_html(game: Any, n: int, owner: str | None = None) -> str:
    card = game.state.ix.world.cards[n]
    who = {"athens": "Athenian event", "sparta": "Spartan event"}.get(card.side,
                                                                      "event for either side")
    tags = [who] + (["continuing"] if card.continuing else [])
    if card.leader_value is not None:
        tags.append(f"leader +{card.leader_value}")
    own = f" hn-own-{owner}" if owner else ""
    return card_tile(n, card.title, card.text, tags, f"hn-{card.border}{own}",
                     f"<span class='hn-ct-av' title='action value (§3.2)'>{card.actions}</span>")


def hand_html(game: Any, view: dict[str, Any], side: str | None) -> str:
    if side is None:
        return "<div class='hn-muted'>The game is over.</div>"
    cards = view["hands"][side]
    other = SIDE_NAMES[1 - SIDE_NAMES.index(side)]
    played = view["played"].get(side)
    note = hand_note(view, other, SIDE_TITLE[other], "deck", "§3.0")
    if played and "card" in played:
        note += (f"<div class='hn-muted'>Committed this season: card {played['card']} "
                 f"({esc(played.get('use', ''))}).</div>")
    tiles = "".join(card_html(game, n) for n in cards) or (
        "<div class='hn-muted'>No cards in hand.</div>")
    return f"<div class='hn-hand'>{tiles}</div>{note}"


def in_play_html(game: Any, view: dict[str, Any]) -> str:
    parts = []
    for side in SIDE_NAMES:
        n = view["leaders"].get(side)
        name = (game.state.ix.world.cards[n].title if n is not None else "none")
        gods = ", ".join(g.title() for g in view["sacrifices"].get(side, [])) or "none"
        parts.append(f"<div class='hn-ip-line'><b class='hn-{side}'>{SIDE_TITLE[side]}"
                     f"</b>: leader {esc(name)} (§3.11); sacrifices {esc(gods)} "
                     f"(§10.3)</div>")
    leaders = set(view["leaders"].values())
    tiles = "".join(card_html(game, e["card"], e["owner"]) for e in view["in_play"]
                    if e["card"] not in leaders)
    if tiles:
        parts.append(f"<div class='hn-ip-sub'>Continuing events (§3.1)</div>"
                     f"<div class='hn-hand'>{tiles}</div>")
    if view.get("actions_left") and view.get("active"):
        parts.append(f"<div class='hn-ip-line'>{SIDE_TITLE[view['active']]} has "
                     f"{count(view['actions_left'], 'action')} left this turn (§3.2)</div>")
    return "".join(parts)


def log_html(view: dict[str, Any]) -> str:
    lines = []
    for e in reversed(view["log"][-LOG_LINES:]):
        side = e.get("side") or "none"
        when = f"{SEASONS[e['season']]} {e['year']}"
        # a line that starts a season names its date already: the date is said once
        stamp = "" if e["text"].startswith(when) else f"<span class='hn-when'>{esc(when)}</span>"
        lines.append(f"<div class='hn-log-line hn-log-{esc(side)}'>"
                     f"{stamp}{esc(e['text'])} "
                     f"<span class='hn-rule'>§{esc(e['rule'])}</span></div>")
    return f"<div class='hn-log'>{''.join(lines)}</div>"


def save_name(game: Any) -> str:
    """The save file's name (without .json): the game, the scenario, then the season and its
    year ("hellenes-431-spring-431BC"; docs/dashboard.md, "Saving and loading")."""
    st = game.state
    season = SEASONS[st.season].lower().replace(" ", "-")
    return f"hellenes-{st.scenario}-{season}-{st.year}BC"


def loaded_words(game: Any) -> str:
    """What the message line says of a save just loaded."""
    st = game.state
    return (f"Loaded the {st.scenario} game: {SEASONS[st.season]} {st.year} BC, "
            f"{len(game.history)} moves.")


SCREEN = ScreenKit(
    side_word=SIDE_TITLE, board="hellenes_nb.games.hellenes.widgets.map:MapWidget",
    chart="hellenes_nb.games.hellenes.widgets.prestige_chart:PrestigeChart",
    chart_title="Prestige track",
    # battles are fought on the dashboard's battle board (view["battle"], §6.2-§6.4)
    battle="hellenes_nb.games.hellenes.widgets.battleview:EngineBattleView",
    header_html=header_html, hand_html=hand_html, in_play_html=in_play_html,
    log_html=log_html, save_name=save_name, loaded_words=loaded_words)
