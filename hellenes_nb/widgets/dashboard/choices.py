"""The decision panel's layout: the legal actions grouped for people (docs/dashboard.md), and
the plain data the page draws them from (:class:`.choicepanel.ChoicePanel`).

Groups follow the rulebook's chapters; rows gather a card's uses, one kind of action or one
unit's choices; the choices that close a phase come last.
"""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.game import Game

__all__ = ["FINISH", "GROUPS", "MAP_HINT", "ROW_BUTTONS", "TYPE_ROWS", "group_choices",
           "panel_rows"]

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
    if action["type"] in TYPE_ROWS:
        return TYPE_ROWS[action["type"]][0]
    ix = getattr(game.state, "ix", None)  # a game without these tables: rows by type only
    if ix is None:
        return ""
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


# -- what the page draws -------------------------------------------------------------------------
#: the words under a group that holds moves: the map plays them too
MAP_HINT = "Or on the map: click one of your areas or blocks, then a lit destination."


def panel_rows(groups: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict]]:
    """The decision panel as the page draws it (``static/choices.js``), and the actions its
    buttons stand for: each option is ``[short label, full label, index]`` into the actions,
    so the page is sent words and numbers, never an action."""
    actions: list[dict] = []

    def numbered(options: list[tuple[str, dict]]) -> list[list[Any]]:
        out = []
        for label, action in options:
            out.append([label, action.get("label", label), len(actions)])
            actions.append(action)
        return out

    drawn = []
    for group in groups:
        moves = any(a["type"] in ("move_group", "move") for r in group["rows"]
                    for _l, a in r["options"])
        rows = [{"title": row["title"], "finish": group["heading"] == "Finish",
                 "pick": len(row["options"]) > ROW_BUTTONS,
                 "options": numbered(row["options"]), "chips": numbered(row["chips"])}
                for row in group["rows"]]
        drawn.append({"heading": group["heading"], "rule": group["rule"],
                      "hint": MAP_HINT if moves else "", "rows": rows})
    return drawn, actions
