"""The decision panel's layout: the legal actions grouped for people (docs/dashboard.md).

Groups follow the rulebook's chapters; rows gather a card's uses, one kind of action or one
unit's choices; the choices that close a phase come last.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as W

from hellenes_nb.core.game import Game
from hellenes_nb.widgets.dashboard.words import esc

__all__ = ["FINISH", "GROUPS", "ROW_BUTTONS", "TYPE_ROWS", "choice_widgets", "group_choices"]

#: a row with more options than this becomes a drop-down list and a button
ROW_BUTTONS = 8

#: decision panel groups: heading, rule section, action types (in display order)
GROUPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("Cards", "3.0", ("play_card",)),
    ("Appeal to the Olympians", "11.0", ("appeal", "appeal_zeus", "no_appeal")),
    ("Peace and war", "12.0", ("peace_offer", "declare_war")),
    ("Event", "3.1", ("event_choice", "keep_taxes", "remove_taxes")),
    ("Actions", "4.0", ("move_group", "muster", "build", "recruit", "garrison", "pillage")),
    ("Place the recruit", "4.22", ("place_recruit",)),
    ("Moves", "5.0", ("move", "winter_move", "board", "withdraw")),
    ("Forced march", "5.3", ("forced_march",)),
    ("Battle", "6.0", ("battle_order", "formation", "join", "no_join", "fortify",
                       "battle_choice", "retreat")),
    ("Siege", "7.0", ("siege", "capitulate", "attrition_hit", "sortie")),
    ("Winter", "9.2", ("maintain", "disband")),
)
#: actions listed one row per type (title, the label's opening words the row title makes redundant)
TYPE_ROWS: dict[str, tuple[str, str]] = {
    "move_group": ("Activate a group (§4.1)", "Activate the group in "),
    "muster": ("Muster into a friendly city (§4.1)", "Muster units into "),
    "build": ("Build up a unit (§4.21)", "Build "),
    "recruit": ("Recruit (§4.22)", ""),
    "garrison": ("Detach a garrison (§4.23)", "Build a garrison in "),
    "pillage": ("Pillage (§4.3)", ""),
}
#: choices that close a phase or a step: drawn apart, at the end of the panel
FINISH = frozenset({"end_actions", "end_group", "end_winter_actions", "sortie_done",
                    "fortify_done", "end_board"})




def _short(action: dict, row: str) -> str:
    """The action's label without the row title it repeats (a card's or a unit's name)."""
    label = action.get("label") or action["type"].replace("_", " ")
    prefix = TYPE_ROWS.get(action["type"], ("", ""))[1]
    if prefix and label.startswith(prefix):
        rest = label[len(prefix):]
        return rest[:1].upper() + rest[1:]
    if action["type"] == "play_card":
        if action.get("use") == "sacrifice":
            return str(action.get("god", "")).title()
        return "Play for its event" if action.get("use") == "event" else "Play for actions"
    if row and row in label:
        short = " ".join(label.replace(row, "").split()).strip(" :,")
        return short[:1].upper() + short[1:] if short else label
    return label


def _row_title(game: Game, action: dict) -> str:
    """Rows gather a card's uses, one kind of action, or one unit's choices."""
    ix = game.state.ix
    if action["type"] in TYPE_ROWS:
        return TYPE_ROWS[action["type"]][0]
    if action["type"] == "play_card":
        card = ix.world.cards[action["card"]]
        value = f"{card.actions} action" + ("" if card.actions == 1 else "s")
        return f"#{card.number} {card.title} · {value}"
    unit = action.get("unit")
    if isinstance(unit, str):
        try:
            return ix.describe(ix.unit(unit))
        except KeyError:
            return ""
    return ""


def group_choices(game: Game, actions: list[dict]) -> list[dict[str, Any]]:
    """The actions arranged for people: groups (heading, rule) of rows (a card, a unit, or
    none) holding ``options`` and, for a card, ``chips``: the Olympians it may be sacrificed
    to (§10.3), each ``(short label, action)``. Phase-ending choices come last as "Finish"."""
    by_type: dict[str, list[dict]] = {}
    for a in actions:
        by_type.setdefault(a["type"], []).append(a)
    known = {t for _h, _r, ts in GROUPS for t in ts}
    groups: list[dict[str, Any]] = []

    def add(heading: str, rule: str, acts: list[dict]) -> None:
        rows: dict[str, list[dict]] = {}
        for a in acts:
            rows.setdefault(_row_title(game, a), []).append(a)
        out = []
        for title, items in rows.items():
            keep = title if (len(items) > 1 or items[0]["type"] == "play_card"
                             or items[0]["type"] in TYPE_ROWS) else ""
            chips = [a for a in items if a.get("use") == "sacrifice"]
            out.append({"title": keep,
                        "options": [(_short(a, keep), a) for a in items if a not in chips],
                        "chips": [(_short(a, keep), a) for a in chips]})
        groups.append({"heading": heading, "rule": rule, "rows": out})

    for heading, rule, types in GROUPS:
        acts = [a for t in types if t not in FINISH for a in by_type.get(t, [])]
        if acts:
            add(heading, rule, acts)
    other = [a for t, acts in by_type.items() if t not in known and t not in FINISH
             for a in acts]
    if other:
        add("Other choices", game.prompt.rules[0] if game.prompt.rules else "", other)
    finish = [a for t in sorted(FINISH) for a in by_type.get(t, [])]
    if finish:
        groups.append({"heading": "Finish", "rule": "",
                       "rows": [{"title": "", "options": [(a["label"], a) for a in finish],
                                 "chips": []}]})
    return groups


# -- the panel's widgets -------------------------------------------------------------------------
def choice_widgets(groups: list[dict[str, Any]], choose: Callable[[dict], Any],
                   layout: W.Layout) -> tuple[W.Widget, ...]:
    """The decision panel's headings, rows and buttons for ``groups`` (:func:`group_choices`);
    a button calls ``choose(action)``."""
    boxes: list[W.Widget] = []
    for group in groups:
        rule = f" <span class='hn-rule'>§{group['rule']}</span>" if group["rule"] else ""
        boxes.append(W.HTML(f"<div class='hn-group'>{esc(group['heading'])}{rule}</div>"))
        if any(a["type"] in ("move_group", "move") for r in group["rows"]
               for _l, a in r["options"]):
            boxes.append(W.HTML("<div class='hn-muted'>Or on the map: click one of your "
                                "areas or blocks, then a lit destination.</div>"))
        for row in group["rows"]:
            boxes.append(_row(row, group["heading"] == "Finish", choose, layout))
    return tuple(boxes)


def _row(row: dict[str, Any], finish: bool, choose: Callable[[dict], Any],
         layout: W.Layout) -> W.Widget:
    items: list[W.Widget] = []
    if row["title"]:
        items.append(W.HTML(f"<div class='hn-row-title'>{esc(row['title'])}</div>"))
    options = row["options"]
    if len(options) > ROW_BUTTONS:
        pickbox = W.Dropdown(options=[(label, i) for i, (label, _a) in enumerate(options)],
                             layout=W.Layout(width="auto", flex="1 1 auto"))
        go = W.Button(description="Go", button_style="info",
                      tooltip="Play the selected choice", layout=W.Layout(width="60px"))
        go.on_click(lambda _b: choose(options[pickbox.value][1]))
        items.append(W.HBox([pickbox, go], layout=W.Layout(width="100%")))
    elif options:
        items.append(_buttons(options, "hn-finish" if finish else "", choose, layout))
    if row["chips"]:
        chips = _buttons(row["chips"], "hn-chip", choose, layout)
        chips.children = (W.HTML("<span class='hn-chip-label'>Sacrifice to (§10.3):"
                                 "</span>"), *chips.children)
        items.append(chips)
    box = W.VBox(items)
    box.add_class("hn-row")
    return box


def _buttons(options: list[tuple[str, dict]], extra: str, choose: Callable[[dict], Any],
             layout: W.Layout) -> W.HBox:
    buttons = []
    for label, action in options:
        b = W.Button(description=label, tooltip=action.get("label", label), layout=layout)
        b.add_class("hn-choice")
        if extra:
            b.add_class(extra)
        b.on_click(lambda _b, a=action: choose(a))
        buttons.append(b)
    return W.HBox(buttons, layout=W.Layout(flex_flow="row wrap", align_items="center"))
