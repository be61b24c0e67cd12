"""The dashboard's read-only panels as HTML, each built from what the screen's side may see
(``game.view(side)``): the header, the hand, the cards in play, the log and the hand-over
cover (docs/dashboard.md; §2.0, §3.0, §3.1, §10.3, §14.1)."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.game import Game
from hellenes_nb.core.words import count
from hellenes_nb.games.hellenes.index import SEASONS
from hellenes_nb.widgets.dashboard.words import SIDE_WORD, SIDES, esc

__all__ = ["cover_html", "hand_html", "header_html", "in_play_html", "log_html"]

#: log lines shown, newest first
LOG_LINES = 120


def header_html(game: Game, who: str) -> str:
    st = game.state
    sc = st.ix.world.scenarios[st.scenario]
    lead = ("level" if st.prestige == 0 else
            f"{'Athens' if st.prestige > 0 else 'Sparta'} leads by {abs(st.prestige)}")
    return (f"<div class='hn-head'><div><span class='hn-title'>Hellenes</span> "
            f"<span class='hn-sub'>{esc(sc.name)}</span></div>"
            f"<div class='hn-date'>{SEASONS[st.season]} {st.year} BC</div>"
            f"<div class='hn-pres'>Prestige {st.prestige:+d} · {lead} (§14.1)</div>"
            f"<div class='hn-who'>{who} · {count(len(game.history), 'move')}</div></div>")


def cover_html(side: str) -> str:
    return (f"<div class='hn-cover-text'><div class='hn-cover-big hn-{side}'>Pass to "
            f"{SIDE_WORD[side]}</div><p>The board, the hand and the log are hidden until "
            f"{SIDE_WORD[side]}'s player takes the screen (§2.0: blocks stand upright, facing "
            f"their owner).</p></div>")


def card_html(game: Game, n: int, owner: str | None = None) -> str:
    card = game.state.ix.world.cards[n]
    who = {"athens": "Athenian event", "sparta": "Spartan event"}.get(card.side,
                                                                      "event for either side")
    tags = [who] + (["continuing"] if card.continuing else [])
    if card.leader_value is not None:
        tags.append(f"leader +{card.leader_value}")
    own = f" hn-own-{owner}" if owner else ""
    return (f"<div class='hn-cardtile hn-{esc(card.border)}{own}' title='{esc(card.text)}'>"
            f"<div class='hn-ct-top'><span class='hn-ct-num'>#{n}</span>"
            f"<span class='hn-ct-title'>{esc(card.title)}</span>"
            f"<span class='hn-ct-av' title='action value (§3.2)'>{card.actions}</span></div>"
            f"<div class='hn-ct-text'>{esc(card.text)}</div>"
            f"<div class='hn-ct-tags'>{esc(' · '.join(tags))}</div></div>")


def hand_html(game: Game, view: dict[str, Any], side: str | None) -> str:
    if side is None:
        return "<div class='hn-muted'>The game is over.</div>"
    cards = view["hands"][side]
    other = SIDES[1 - SIDES.index(side)]
    theirs = view["hands"][other]
    held = theirs["count"] if isinstance(theirs, dict) else len(theirs)
    played = view["played"].get(side)
    note = (f"<div class='hn-muted'>{SIDE_WORD[other]} holds {count(held, 'card')}, face "
            f"down; {view['deck']['count']} left in the deck (§3.0).</div>")
    if played and "card" in played:
        note += (f"<div class='hn-muted'>Committed this season: card {played['card']} "
                 f"({esc(played.get('use', ''))}).</div>")
    tiles = "".join(card_html(game, n) for n in cards) or (
        "<div class='hn-muted'>No cards in hand.</div>")
    return f"<div class='hn-hand'>{tiles}</div>{note}"


def in_play_html(game: Game, view: dict[str, Any]) -> str:
    parts = []
    for side in SIDES:
        n = view["leaders"].get(side)
        name = (game.state.ix.world.cards[n].title if n is not None else "none")
        gods = ", ".join(g.title() for g in view["sacrifices"].get(side, [])) or "none"
        parts.append(f"<div class='hn-ip-line'><b class='hn-{side}'>{SIDE_WORD[side]}"
                     f"</b>: leader {esc(name)} (§3.11); sacrifices {esc(gods)} "
                     f"(§10.3)</div>")
    leaders = set(view["leaders"].values())
    tiles = "".join(card_html(game, e["card"], e["owner"]) for e in view["in_play"]
                    if e["card"] not in leaders)
    if tiles:
        parts.append(f"<div class='hn-ip-sub'>Continuing events (§3.1)</div>"
                     f"<div class='hn-hand'>{tiles}</div>")
    if view.get("actions_left") and view.get("active"):
        parts.append(f"<div class='hn-ip-line'>{SIDE_WORD[view['active']]} has "
                     f"{count(view['actions_left'], 'action')} left this turn (§3.2)</div>")
    return "".join(parts)


def log_html(view: dict[str, Any]) -> str:
    lines = []
    for e in reversed(view["log"][-LOG_LINES:]):
        side = e.get("side") or "none"
        when = f"{SEASONS[e['season']]} {e['year']}"
        lines.append(f"<div class='hn-log-line hn-log-{esc(side)}'>"
                     f"<span class='hn-when'>{esc(when)}</span>{esc(e['text'])} "
                     f"<span class='hn-rule'>§{esc(e['rule'])}</span></div>")
    return f"<div class='hn-log'>{''.join(lines)}</div>"
