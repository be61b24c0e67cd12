"""*Athens & Sparta*'s part of the shared dashboard (``hellenes_nb.widgets.dashboard``; the
contract is ``core/panels.py``'s ``ScreenKit``): the side titles, the board widget it embeds
(named as text: a game imports no widget), the decision panel's groups (the card pick, the
moves block by block, whatever else the engine offers), and its panels' words as HTML, each
built from what the screen's side may see (``game.view(side)``): the header (Olympiad, Game
Turn, city points), the side's own cards (the other hand only counted), the cards shown, the
sieges and the last battles, and the log (docs/athens-sparta.md, "Playing in a notebook")."""

from __future__ import annotations

import functools
from typing import Any

from hellenes_nb.core.panels import (
    ScreenKit,
    card_tile,
    cards_held,
    choice_groups,
    esc,
    hand_tiles,
    log_lines,
)
from hellenes_nb.core.words import count
from hellenes_nb.games.athens_sparta.boardsvg import hex_name
from hellenes_nb.games.athens_sparta.world import load_world

__all__ = ["SCREEN", "about_place", "group_choices", "short_label"]

SIDE_WORD = {"athens": "Athens", "sparta": "Sparta"}
LOG_LINES = 120
TURNS = 6  # Game Turns an Olympiad (§4.0)
#: the decision panel's groups: heading, rule section, action types (in display order)
GROUPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("Pick a card", "4.6", ("card",)),
    ("Moves", "4.0", ("move", "march", "sea", "patrol")),
    ("Revolts", "7.0", ("revolt", "helot_revolt")),
    ("Battles", "5.0", ("battle", "combat")),
    ("Retreats and regroups", "5.5", ("retreat", "regroup")),
    ("Tourney bidding", "10.3", ("bid", "bid_step")),
)
#: the choices that close a phase: drawn apart, at the end of the panel
FINISH = ("end_moves", "end_battles", "end_regroup", "end_replacements", "pass_bid")
#: a move's words before the hex it goes to
GOES = {"move": "Move to", "march": "March to", "sea": "By sea to", "retreat": "Retreat to",
        "regroup": "Regroup to", "patrol": "Patrol at"}


@functools.cache
def _cards() -> dict[str, tuple[int, Any]]:
    return {c.id: (n, c) for n, c in enumerate(load_world().cards, 1)}


def card_words(card_id: str) -> str:
    """A card in words: its MPs and its event ("2 MP, Storm")."""
    found = _cards().get(card_id)
    if found is None:
        return card_id
    card = found[1]
    return f"{card.mp} MP" + (f", {card.event}" if card.event else "")


def header_html(game: Any, who: str) -> str:
    v = game.view("all")
    pts = v["points"]
    over = " · the war is over" if game.over else ""
    return (f"<div class='hn-head'><div><span class='hn-title'>Athens &amp; Sparta</span> "
            f"<span class='hn-sub'>the Peloponnesian War, 431–404 BC</span></div>"
            f"<div class='hn-date'>Olympiad {v['olympiad']}, Game Turn {v['turn']} of "
            f"{v.get('turns', TURNS)}{over}</div>"
            f"<div class='hn-pres'>City points: Athens {pts['athens']}, Sparta "
            f"{pts['sparta']} (30 wins, §10.2)</div>"
            f"<div class='hn-who'>{who} · {count(len(game.history), 'move')}</div></div>")


def _card_html(card_id: str, side: str) -> str:
    n, card = _cards()[card_id]
    tags = [f"{card.mp} MP"] + ([card.event] if card.event else [])
    title = card.event or f"{card.mp} MP"
    return card_tile(n, title, card.text or "Movement points only.", tags, f"hn-{side}")


def hand_html(game: Any, view: dict[str, Any], side: str | None) -> str:
    if side is None:
        return "<div class='hn-muted'>The war is over.</div>"
    other = "sparta" if side == "athens" else "athens"
    tiles = hand_tiles(view, side, _card_html, "No card in hand.")
    picked = view["prompt"].get("my_card", {}).get(side)
    note = (f"<div class='hn-muted'>You picked {esc(card_words(picked))}, face down; it is "
            f"shown when {SIDE_WORD[other]} picks too (§4.6).</div>" if picked else "")
    return (f"<div class='hn-hand'>{tiles}</div>{note}<div class='hn-muted'>"
            f"{SIDE_WORD[other]} holds {count(cards_held(view, other), 'card')}, face down (§4.6)."
            "</div>")


def in_play_html(game: Any, view: dict[str, Any]) -> str:
    lines = []
    shown = view.get("shown") or {}
    if shown:
        lines.append("Cards shown this Game Turn: " + ", ".join(
            f"{SIDE_WORD.get(s, s)} {card_words(c)}" for s, c in sorted(shown.items())))
    prompt = view["prompt"]
    if prompt["kind"] == "bidding":  # tourney bidding (§10.3)
        bid = prompt.get("bid")
        lines.append("Tourney bidding: no bid yet" if not bid else
                     f"Tourney bidding: the bid stands at {SIDE_WORD[bid['play']]} "
                     f"{bid['steps']} (by the player at {SIDE_WORD[bid['side']]}'s seat)")
    if view.get("seats_swapped"):
        lines.append("The bid changed the players' seats (§10.3)")
    if "mps" in prompt:
        who = ", ".join(SIDE_WORD.get(s, s) for s in prompt.get("sides", []))
        lines.append(f"{who} to move: {count(prompt['mps'], 'MP')} left (§4.0)")
    for kind, held in (("besieged", view["besieged"]), ("blockaded", view["blockaded"])):
        for city, side in sorted(held.items()):
            name = load_world().cities[city].name if city in load_world().cities else city
            lines.append(f"{name} {kind} by {SIDE_WORD.get(side, side)} (§6.0)")
    for side, off in sorted(view.get("off_map", {}).items()):
        if off.get("pool"):
            lines.append(f"{SIDE_WORD.get(side, side)}: {count(off['pool'], 'block')} in the "
                         "pool, face down (§8.5)")
    battles = [e for e in view["log"] if e["kind"] in ("battle", "combat", "siege")][-3:]
    lines += [f"Last: {e['text']}" for e in battles]
    return "".join(f"<div class='hn-ip-line'>{esc(x)}</div>" for x in lines) or (
        "<div class='hn-muted'>Nothing shown yet this Game Turn.</div>")


def log_html(view: dict[str, Any]) -> str:
    return log_lines(view, lambda e: f"{e['olympiad']}.{e['turn']}", LOG_LINES)


def short_label(action: dict) -> str:
    """A move in the words of its row (the block is the row's title): "March to Megara
    (0707)", "+ attack" when the engine's label says it attacks."""
    goes = GOES.get(action["type"])
    if action["type"] == "bid":  # its row names the side (§10.3)
        return f"giving up {count(action['steps'], 'step')}"
    if action["type"] == "bid_step":
        return "take a step for the bid"
    if "city" in action and isinstance(action.get("mps"), int):
        return f"with {count(action['mps'], 'MP')}"
    if goes is None:
        return action.get("label") or action["type"].replace("_", " ")
    attack = " and attack" if str(action.get("label", "")).endswith("attacks") else ""
    return f"{goes} {hex_name(action['to'])}{attack}"


def _row_title(action: dict, blocks: dict[str, dict]) -> str:
    if action["type"] == "bid":
        return f"Bid to play {SIDE_WORD.get(action['play'], action['play'])}"
    if action["type"] == "build":  # a pool block, its row listing the cities (§8.3)
        b = blocks.get(action["block"], {})
        return f"Build {b.get('name', action['block'])} ({b.get('type', 'block')}) from the pool"
    city = load_world().cities.get(str(action.get("city", "")))
    if city is not None:
        return f"A revolt in {city.name}"
    b = blocks.get(action.get("block", ""))
    if b is None:
        return ""
    return (f"{b['name']} ({b['type']} {b['rating']}, {count(b['steps'], 'step')}) in "
            f"{hex_name(b['where'])}")


def group_choices(game: Any, actions: list[dict]) -> list[dict[str, Any]]:
    """The offered actions arranged for the decision panel (``core/panels.py``
    ``choice_groups``): the cards to pick, the moves in one row per block, any other choice
    the engine offers, and the choices that end a phase last."""
    sides = sorted({a["side"] for a in actions})
    blocks = {b["id"]: b for s in sides for b in game.view(s)["blocks"] if "id" in b}
    known = {t for _h, _r, ts in GROUPS for t in ts} | set(FINISH)
    rule = game.prompt.rules[0] if game.prompt.rules else ""
    layout = [*GROUPS, ("Other choices", rule, tuple(
        sorted({a["type"] for a in actions} - known)))]

    def row(a: dict) -> str:
        if a["type"] == "card":
            return f"{SIDE_WORD[a['side']]}'s hand" if len(sides) > 1 else ""
        return _row_title(a, blocks)

    return choice_groups(actions, layout, FINISH, row,
                         lambda a: card_words(a["card"]) if a["type"] == "card" else
                         short_label(a))


def about_place(game: Any, actions: list[dict], place: str) -> list[dict]:
    """The choices a hex picked on the board is about: those of the blocks standing in it
    (where they may go, lit on the board) and those that go to it or name it."""
    sides = {a["side"] for a in actions}
    there = {b["id"] for s in sides for b in game.view(s)["blocks"]
             if b.get("where") == place and "id" in b}
    return [a for a in actions if a.get("block") in there or place in a.values()]


def save_name(game: Any) -> str:
    v = game.view("all")
    return f"athens-sparta-olympiad-{v['olympiad']}-turn-{v['turn']}"


def loaded_words(game: Any) -> str:
    v = game.view("all")
    return (f"Loaded the Athens & Sparta game: Olympiad {v['olympiad']}, Game Turn "
            f"{v['turn']}, {count(len(game.history), 'move')}.")


SCREEN = ScreenKit(
    side_word=SIDE_WORD, board="hellenes_nb.games.athens_sparta.widgets.board:ASBoard",
    in_play_title="Cards shown, sieges and battles", group_choices=group_choices,
    about_place=about_place,
    header_html=header_html, hand_html=hand_html, in_play_html=in_play_html,
    log_html=log_html, save_name=save_name, loaded_words=loaded_words)
