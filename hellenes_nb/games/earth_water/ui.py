"""*300: Earth & Water*'s part of the shared dashboard (``hellenes_nb.widgets.dashboard``; the
contract is ``widgets/dashboard/parts.py``, ``GameScreen``): the side titles, the board widget
it embeds (named, not imported: a game imports no widget), the decision panel's groups, and
its panels' words as HTML, each built from what the screen's side may see
(``game.view(side)``): the header (campaign and score, §9.0), the hand (each card's half for
that side), what is public of the other side and the last battle die by die (§7.1), and the log
(docs/earth-water.md, "Playing in a notebook")."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.panels import ScreenKit, card_tile, choice_groups, esc, hand_note, log_lines
from hellenes_nb.core.words import count
from hellenes_nb.games.earth_water.index import CITY, NAMES, SIDE_NAMES, SIDE_WORD
from hellenes_nb.games.earth_water.rules.campaign import LAST
from hellenes_nb.games.earth_water.world import load_world

__all__ = ["SCREEN", "battle_rounds", "group_choices"]

#: log lines shown, newest first
LOG_LINES = 120

#: the decision panel's groups: heading, rule, action types (in display order)
GROUPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("Preparation", "5.1", ("buy_cards", "raise_army", "raise_fleet", "build_bridge")),
    ("Cards", "6.1", ("play_card", "react", "decline", "keep_card", "discard")),
    ("Moves", "6.3", ("land_move", "naval_move", "skip_move")),
    ("Supply", "8.2", ("choose_city",)),
)
#: choices that close a phase: drawn apart, at the end of the panel
FINISH = ("end_preparation", "pass", "done", "keep_none")


def battle_rounds(log: list[dict]) -> dict[str, Any]:
    """The last battle in ``log`` (a side's log) round by round: where, who attacked, and each
    round's dice as rolled and as counted (a Persian die above its cap counts less, §7.1)."""
    start = max((i for i, e in enumerate(log) if e["kind"] == "battle"), default=None)
    if start is None:
        return {}
    head = log[start]
    rounds = []
    for e in log[start + 1:]:
        if e["kind"] == "battle":
            break
        if e["kind"] == "battle_round":
            cap = e["cap"]
            rounds.append({"greece": e["dice"]["greece"], "persia": e["dice"]["persia"],
                           "persia_counted": [min(d, cap) for d in e["dice"]["persia"]],
                           "cap": cap,
                           "best": e["best"], "lost": e["lost"], "text": e["text"]})
        elif e["kind"] in ("battle_end", "retreat", "landing"):
            rounds.append({"text": e["text"]})
    return {"title": head["text"], "rule": head["rule"], "rounds": rounds}


def header_html(game: Any, who: str) -> str:
    st = game.state
    score = st.score
    lead = ("level" if score == 0 else
            f"{SIDE_WORD[SIDE_NAMES[0 if score > 0 else 1]]} leads by {abs(score)}")
    return (f"<div class='hn-head'><div><span class='hn-title'>300: Earth &amp; Water</span> "
            f"<span class='hn-sub'>Xerxes' invasion</span></div>"
            f"<div class='hn-date'>Campaign {st.campaign} of {LAST}</div>"
            f"<div class='hn-pres'>Score {score:+d} · {lead} (§9.0)</div>"
            f"<div class='hn-who'>{who} · {count(len(game.history), 'move')}</div></div>")


def _card_html(n: int, side: str) -> str:
    half = load_world().cards[n].halves[SIDE_NAMES.index(side)]
    return card_tile(n, half.title, half.text, [half.kind], f"hn-{side}")


def hand_html(game: Any, view: dict[str, Any], side: str | None) -> str:
    if side is None:
        return "<div class='hn-muted'>The game is over.</div>"
    other = SIDE_NAMES[1 - SIDE_NAMES.index(side)]
    cards = view["hands"][side]
    tiles = "".join(_card_html(n, side) for n in cards) or (
        "<div class='hn-muted'>No cards in hand.</div>")
    half = "<div class='hn-muted'>You see your half of each card.</div>" if cards else ""
    note = half + hand_note(view, other, SIDE_WORD[other], "draw pile")
    return f"<div class='hn-hand'>{tiles}</div>{note}"


def _round_words(r: dict[str, Any]) -> str:
    """A battle round's dice in words: ``Greece rolled 5 and 2; Persia rolled 6 and 3 (a
    Persian die counts at most 4 here, §7.1: so 4 and 3); highest die 5 against 4``."""
    def rolled(dice: list[int]) -> str:
        return ", ".join(map(str, dice[:-1])) + f" and {dice[-1]}" if len(dice) > 1 else (
            f"{dice[0]}" if dice else "no dice")
    cut = ""
    if r["persia_counted"] != r["persia"]:
        cut = (f" (a Persian die counts at most {r['cap']} here, §7.1: so "
               f"{rolled(r['persia_counted'])})")
    return (f"Greece rolled {rolled(r['greece'])}; Persia rolled {rolled(r['persia'])}{cut}; "
            f"highest die {r['best'][0]} against {r['best'][1]}")


def _battle_html(battle: dict[str, Any]) -> str:
    if not battle:
        return ""
    rows = []
    for r in battle["rounds"]:
        if "greece" not in r:
            rows.append(f"<div class='hn-muted'>{esc(r['text'])}</div>")
            continue
        rows.append(f"<div class='hn-ip-line'>{esc(_round_words(r))}</div>")
    return (f"<div class='hn-ip-sub'>Last battle: {esc(battle['title'])} "
            f"(§{esc(battle['rule'])})</div>{''.join(rows)}")


def in_play_html(game: Any, view: dict[str, Any]) -> str:
    parts = []
    for side in SIDE_NAMES:
        reserve = view["reserve"][side]
        talents = view["talents"].get(side)
        spend = f"; {talents} talents to spend (§5.1)" if talents is not None else ""
        parts.append(f"<div class='hn-ip-line'><b class='hn-{side}'>{SIDE_WORD[side]}</b>: "
                     f"in reserve {count(reserve['armies'], 'army', 'armies')}, "
                     f"{count(reserve['fleets'], 'fleet')}{spend}</div>")
    if view["discard"]:
        last = view["discard"][-1]
        parts.append(f"<div class='hn-ip-line'>Discard pile: {count(len(view['discard']), 'card')}"
                     f", the top one #{last} (face up, §6.2)</div>")
    if view["flags"]:
        parts.append(f"<div class='hn-ip-line'>In force: "
                     f"{esc(', '.join(f.replace('_', ' ') for f in view['flags']))}</div>")
    return "".join(parts) + _battle_html(battle_rounds(view["log"]))


def log_html(view: dict[str, Any]) -> str:
    return log_lines(view, lambda e: f"Campaign {e['campaign']}", LOG_LINES)


def _row_title(action: dict) -> str:
    city = action.get("from")
    return f"From {NAMES[CITY[city]]}" if isinstance(city, str) and city in CITY else ""


def group_choices(game: Any, actions: list[dict]) -> list[dict[str, Any]]:
    """The offered actions arranged for the decision panel (its shape:
    ``widgets/dashboard/choices.py``): a group per stage of the campaign, moves in one row per
    city they leave from, the choices that end a phase last."""
    known = {t for _h, _r, ts in GROUPS for t in ts} | set(FINISH)
    rule = game.prompt.rules[0] if game.prompt.rules else ""
    layout = [*GROUPS, ("Other choices", rule, tuple(
        sorted({a["type"] for a in actions} - known)))]
    return choice_groups(actions, layout, FINISH, _row_title, lambda a: a["label"])


def save_name(game: Any) -> str:
    """The save file's name (without .json): the campaign."""
    return f"earth-water-campaign-{game.state.campaign}"


def loaded_words(game: Any) -> str:
    """What the message line says of a save just loaded."""
    return (f"Loaded the Earth & Water game: campaign {game.state.campaign}, "
            f"{count(len(game.history), 'move')}.")


#: its battles are told in the "On the table" panel, die by die (no battle board)
SCREEN = ScreenKit(
    side_word=SIDE_WORD, board="hellenes_nb.games.earth_water.widgets.board:EWBoardView",
    in_play_title="On the table", group_choices=group_choices, header_html=header_html,
    hand_html=hand_html, in_play_html=in_play_html, log_html=log_html, save_name=save_name,
    loaded_words=loaded_words)
