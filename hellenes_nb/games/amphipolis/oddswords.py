"""The odds on *Amphipolis*' screen (issue 29 item 4; the odds themselves: :mod:`.odds`): the
decision panel's groups, each choice that rolls a die carrying its chance on its button and
its whole distribution on hover (``group_choices``, the ScreenKit's hook), and the "Odds
before you choose" lines of the side panel (``odds_html``). Both are built from the choices
offered to the side at the screen, so they show before the choice is taken and tell nothing
of the other side's hand."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.panels import esc
from hellenes_nb.games.amphipolis.odds import Odds, action_odds

__all__ = ["group_choices", "odds_html", "offered_odds"]

#: the decision panel's groups: heading, rule, action types (in display order)
GROUPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("Operations", "3.2", ("operation", "activate", "march", "march_by", "withdraw", "stay", "halt",
                           "pick_leader", "pick", "go", "hold")),
    ("Combat", "4.2", ("reduce", "retreat", "eliminate")),
    ("Sieges", "4.3", ("siege",)),
    ("Strategems", "7", ("play", "keep", "target")),
    ("Advantage", "9", ("reroll", "accept_roll", "advantage_pa", "advantage_initiative",
                        "advantage_leader", "advantage_restore")),
)
#: the row of the operations that start a combat
ATTACKS = "Into a town the enemy holds: a combat follows (§4.1)"
#: choices that close a phase: drawn apart, at the end of the panel
FINISH = ("done", "pass", "end", "keep_advantage")


def offered_odds(game: Any, side: str | None, actions: list[dict]) -> list[tuple[dict, Odds]]:
    """Each offered action that rolls a die of a combat or a siege, with its odds."""
    if side is None:
        return []
    out = []
    for a in actions:
        found = action_odds(game, side, a)
        if found is not None:
            out.append((a, found))
    return out


def _row_title(action: dict, fights: bool) -> str:
    """Operations that start a combat in a row of their own (their buttons carry the odds),
    the others in one row (a drop-down list when they are many)."""
    if action["type"] == "operation":
        return ATTACKS if fights else "Where no enemy troops stand"
    return ""


def _option(action: dict, odds: Odds | None) -> tuple[str, dict]:
    label = action.get("label") or action["type"].replace("_", " ")
    if odds is None:
        return label, action
    full = f"{label}: {odds.what} (§{odds.rule}), " + "; ".join(odds.lines())
    return f"{label} · {odds.short()}", {**action, "label": full}


def group_choices(game: Any, actions: list[dict]) -> list[dict[str, Any]]:
    """The offered actions for the decision panel (its shape: the dashboard's
    ``choices.py``): a group per chapter, the chance of each choice that rolls a die on its
    button and its distribution in its full label, the choices that end a phase last."""
    side = actions[0].get("side") if actions else None
    odds = {id(a): o for a, o in offered_odds(game, side, actions)}
    known = {t for _h, _r, ts in GROUPS for t in ts} | set(FINISH)
    rule = game.prompt.rules[0] if game.prompt.rules else ""
    layout = [*GROUPS, ("Other choices", rule,
                        tuple(sorted({a["type"] for a in actions} - known)))]
    groups: list[dict[str, Any]] = []
    for heading, section, types in layout:
        rows: dict[str, list[tuple[str, dict]]] = {}
        for a in actions:
            if a["type"] in types:
                rows.setdefault(_row_title(a, id(a) in odds), []).append(
                    _option(a, odds.get(id(a))))
        if rows:
            groups.append({"heading": heading, "rule": section, "rows": [
                {"title": title, "options": items, "chips": []}
                for title, items in sorted(rows.items(), key=lambda r: r[0] != ATTACKS)]})
    finish = [_option(a, odds.get(id(a))) for t in FINISH for a in actions if a["type"] == t]
    if finish:
        groups.append({"heading": "Finish", "rule": "",
                       "rows": [{"title": "", "options": finish, "chips": []}]})
    return groups


def odds_html(game: Any, side: str | None) -> str:
    """The odds of the choices offered to ``side`` now, outcome by outcome ("" when none
    rolls a die)."""
    if side is None or game.over:
        return ""
    found = offered_odds(game, side, game.legal_actions(side))
    if not found:
        return ""
    parts = ["<div class='hn-ip-sub hn-odds-head'>Odds before you choose (one die, every "
             "face counted; open a line for each outcome)</div>"]
    for action, odds in found:
        rows = "".join(f"<li>{esc(line)}</li>" for line in odds.lines())
        parts.append(f"<details class='hn-ip-line hn-odds'><summary><b>"
                     f"{esc(action.get('label', ''))}</b>: {esc(odds.what)} (§{esc(odds.rule)}),"
                     f" {esc(odds.short())}</summary><ul>{rows}</ul></details>")
    return "".join(parts)
