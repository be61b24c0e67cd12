"""The shape of an action: the keys each action type carries and the kind of each value
(docs/engine.md, "Actions"; docs/security.md, "Hostile actions and odds inputs").

``Game.apply`` checks the shape of every action before any rule looks at it
(:func:`checked`): the keys must be exactly those of a listed action of the same type
(besides ``label``), every value of the right kind and size. So no step meets a key it does
not read or a value of the wrong type, and the history stores only the keys that mean
something.

The table holds every action type of the engine; ``tests/engine/test_action_shapes.py``
checks that it matches, key for key, what the steps list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from hellenes_nb.core.echo import ECHO, shown
from hellenes_nb.core.steps import IllegalAction

#: the longest text a value may be (area and unit ids, choices); far above any real id
MAX_TEXT = 100
#: the most areas a move's path may name (a move covers at most a few areas)
MAX_PATH = 32
#: the largest whole number a value may be (card numbers, indexes and options are small)
MAX_INT = 10**6
#: the most unexpected keys a refusal names
NAMED_KEYS = 5


@dataclass(frozen=True)
class Kind:
    """What a value must be: ``why(value)`` is "" when it fits, else what is wrong."""

    words: str
    why: Callable[[object], str]


def _text(value: object) -> str:
    if not isinstance(value, str):
        return "is not text"
    return f"is {len(value):,} characters long" if len(value) > MAX_TEXT else ""


def _whole(value: object) -> str:
    if not isinstance(value, int) or isinstance(value, bool):
        return "is not a whole number"
    return "is too large" if abs(value) > MAX_INT else ""


def _ids(value: object) -> str:
    if not isinstance(value, list):
        return "is not a list"
    if len(value) > MAX_PATH:
        return f"names {len(value):,} areas"
    return next((f"has an entry that {why}" for x in value if (why := _text(x))), "")


ID = Kind(f"an id (text of at most {MAX_TEXT} characters)", _text)
INT = Kind(f"a whole number (at most {MAX_INT:,})", _whole)
BOOL = Kind("true or false", lambda v: "" if isinstance(v, bool) else "is not true or false")
IDS = Kind(f"a list of at most {MAX_PATH} area ids", _ids)
ID_OR_NONE = Kind("an id or None", lambda v: "" if v is None else _text(v))


@dataclass(frozen=True)
class Shape:
    """The keys of an action type besides ``type``, ``side`` and ``label``: ``need`` are in
    every such action, ``may`` in some; ``only_with`` names optional keys allowed only next
    to another key. ``kinds`` (every key allowed, with the kind of its value, None for
    ``type`` and ``label``) and ``needed`` are made from them."""

    need: dict[str, Kind] = field(default_factory=dict)
    may: dict[str, Kind] = field(default_factory=dict)
    only_with: dict[str, str] = field(default_factory=dict)
    kinds: dict[str, Kind | None] = field(init=False)
    needed: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        kinds = {"type": None, "label": None, "side": ID, **self.need, **self.may}
        object.__setattr__(self, "kinds", kinds)
        object.__setattr__(self, "needed", frozenset(("side", *self.need)))


#: a group or winter move: ``forced`` and ``carry``, and ``carry_cv`` (next to ``carry`` only)
#: when a land unit is reduced to board its fleet, listed by the 'board' step (§5.21)
_MOVE = {"forced": BOOL, "carry": ID, "carry_cv": INT}

#: The shape of every action type (the module docstring).
SHAPES: dict[str, Shape] = {
    # the action phase (§4) and its steps
    "move_group": Shape({"area": ID}),
    "muster": Shape({"to": ID}),
    "build": Shape({"unit": ID}),
    "recruit": Shape(),
    "place_recruit": Shape({"unit": ID, "area": ID}),
    "garrison": Shape({"area": ID}),
    "pillage": Shape({"place": ID}),
    "withdraw": Shape({"unit": ID, "to": ID}),
    "end_actions": Shape(),
    "move": Shape({"unit": ID, "path": IDS}, _MOVE, {"carry_cv": "carry"}),
    "end_group": Shape(),
    "board": Shape({"unit": ID, "carry": ID}),  # reduce a land unit to board a fleet (§5.21)
    "end_board": Shape(),
    "forced_march": Shape({"unit": ID, "accept": BOOL}),
    # cards, events, the Olympians (§3, §10, §11)
    "play_card": Shape({"card": INT, "use": ID}, {"god": ID_OR_NONE}),
    "appeal_zeus": Shape(),
    "event_choice": Shape({"choice": ID}),
    "appeal": Shape({"god": ID, "option": INT}),
    "no_appeal": Shape(),
    "keep_taxes": Shape(),
    "remove_taxes": Shape({"card": INT}),
    # battles and sieges (§6, §8)
    "battle_order": Shape({"place": ID}),
    "join": Shape({"index": INT}),
    "no_join": Shape(),
    "formation": Shape({"index": INT}),
    "fortify": Shape({"unit": ID}),
    "fortify_done": Shape(),
    "battle_choice": Shape({"choice": ID}),
    "retreat": Shape({"unit": ID, "to": ID, "city": BOOL}, {"fleet": ID}),
    "siege": Shape({"place": ID, "method": ID}),
    "sortie": Shape({"unit": ID}),
    "sortie_done": Shape(),
    "attrition_hit": Shape({"unit": ID}),
    "capitulate": Shape({"accept": BOOL}),
    # winter (§9)
    "winter_move": Shape({"unit": ID, "path": IDS, "mode": ID}, _MOVE, {"carry_cv": "carry"}),
    "maintain": Shape({"unit": ID}),
    "disband": Shape({"unit": ID}),
    "end_winter_actions": Shape(),
    # peace and the end of the year (§12, §14)
    "declare_war": Shape({"declare": BOOL}),
    "peace_offer": Shape({"offer": BOOL}),
}


def _names(keys: list) -> str:
    more = len(keys) - NAMED_KEYS
    named = ", ".join(shown(k, 40) for k in keys[:NAMED_KEYS])
    return named + (f" and {more:,} more" if more > 0 else "")


def checked(action: dict) -> dict | None:
    """A fresh copy of ``action`` without ``label`` (lists copied too) when its shape fits its
    type; None when the type is not one of :data:`SHAPES` (the step then says why it is not a
    choice). IllegalAction names the unexpected or missing key, or the value of the wrong
    kind, showing at most a few dozen characters of anything the user sent."""
    t = action.get("type")
    if not isinstance(t, str):
        raise IllegalAction(f"an action's 'type' is a word such as 'end_actions', not "
                            f"{shown(t)}")
    shape = SHAPES.get(t)
    if shape is None:
        return None
    label = action.get("label")
    if label is not None and not isinstance(label, str):
        raise IllegalAction(f"the 'label' of an action is text, not {shown(label)}")
    kinds = shape.kinds
    if not kinds.keys() >= action.keys():
        extra = [k for k in action if k not in kinds]
        keys = " and ".join(f"'{k}'" for k in [*shape.need, *shape.may]) or "no other keys"
        raise IllegalAction(f"a {shown(t)} action does not take the key(s) {_names(extra)}: "
                            f"besides 'type', 'side' and 'label' it takes {keys}")
    if not shape.needed <= action.keys():
        missing = [k for k in ("side", *shape.need) if k not in action]
        raise IllegalAction(f"a {shown(t)} action needs the key(s) {_names(missing)}")
    for key, partner in shape.only_with.items():
        if key in action and partner not in action:
            raise IllegalAction(f"'{key}' goes only with '{partner}' in a {shown(t)} action")
    out: dict = {}
    for key, value in action.items():
        kind = kinds[key]
        if kind is None:  # type, label
            if key == "type":
                out[key] = value
            continue
        # the common cases at once (an id, a flag), the rest asked of the kind
        if not (kind is ID and type(value) is str and len(value) <= MAX_TEXT
                or kind is BOOL and type(value) is bool):
            why = kind.why(value)
            if why:
                raise IllegalAction(f"the {key!r} of a {shown(t)} action must be "
                                    f"{kind.words}: {shown(value, ECHO)} {why}")
            if isinstance(value, list):
                value = list(value)
        out[key] = value
    return out
