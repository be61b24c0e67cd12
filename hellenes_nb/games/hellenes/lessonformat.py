"""The Hellenes parts of a lesson file (``game: hellenes``; the common format is
:mod:`hellenes_nb.lessons.format`): the position a lesson starts from, a step's ``expect``, the
step fields only this game has (``focus``, ``hands``, ``battle``) and how a ``do`` item becomes
engine actions. The lesson kit (``lessonkit.py``) hands them to the common format."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, PlainValidator

from hellenes_nb.core.models import FileModel, Items, Text, short
from hellenes_nb.games.hellenes.index import SIDE_NAMES

__all__ = ["SEASON_NAMES", "WAR_YEARS", "UnitSpec", "PositionSpec", "Focus", "BattleSpec",
           "Expect", "STEP_FIELDS", "parse_action"]

#: season names of a lesson position → the engine's season numbers (§3.3)
SEASON_NAMES = {"spring": 1, "summer": 2, "highsummer": 3, "fall": 4}
#: the war's years BC, first and last: a lesson's ``years`` lie within them
WAR_YEARS = (432, 404)
SIDES = SIDE_NAMES
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_UNIT = re.compile(r"^[AS]\d{1,2}$")


def _unit_key(value: str) -> str:
    if not _UNIT.match(value):
        raise ValueError(f"should be a unit key such as A9 (Athens #9) or S1 (Sparta #1), not "
                         f"{short(value)}")
    return value


def _policy(value: Any) -> str | int:
    if value in ("fight", "retreat") or (isinstance(value, int) and not isinstance(value, bool)
                                         and value >= 1):
        return value
    raise ValueError("should be 'fight', 'retreat' or a number of rounds before retreating, "
                     f"not {short(value)}")


def _retreat(value: Any) -> dict[str, Any]:
    if isinstance(value, str):
        return {"to": value}
    if isinstance(value, dict) and isinstance(value.get("to"), str):
        return dict(value)
    raise ValueError("give an area id, or {to: area, city: true, fleet: A9}")


UnitKey = Annotated[Text, AfterValidator(_unit_key)]
Side = Literal[SIDES]  # type: ignore[valid-type]
Cards = Items[int]


def _side_of(unit: Any) -> str | None:
    if isinstance(unit, str) and unit[:1] in ("A", "S"):
        return "athens" if unit[0] == "A" else "sparta"
    return None


def _play(args: Any) -> tuple[dict, ...]:
    if not isinstance(args, dict) or not args:
        raise ValueError("play needs cards by side, e.g. 'play: {athens: 14, sparta: 32}'")
    out, wrong = [], []
    for side, card in args.items():
        if side not in SIDES:
            wrong.append(f"play {side!r}: the side should be 'athens' or 'sparta'")
        elif isinstance(card, int) and not isinstance(card, bool):
            out.append({"type": "play_card", "side": side, "card": card, "use": "actions"})
        elif isinstance(card, dict) and isinstance(card.get("card"), int):
            out.append({"type": "play_card", "side": side, "use": "actions", **card})
        else:
            wrong.append(f"play {side}: give a card number, or {{card: N, use: event}}")
    if wrong:
        raise ValueError("; ".join(wrong))
    return tuple(out)


def parse_action(raw: Any) -> tuple[dict, ...]:
    """One readable ``do`` item → engine action dicts (docs/writing-lessons.md, "Actions").

    ``{move: {unit: A9, path: [pylos]}}`` becomes ``{"type": "move", "side": "athens",
    "unit": "A9", "path": ["pylos"]}``; a bare side (``end_actions: athens``) gives the side;
    ``play: {athens: 14, sparta: 32}`` commits one card per side for its actions (§3.3). A
    mapping with a ``type`` is taken as an engine action as it is.
    """
    if isinstance(raw, dict) and "type" in raw:
        action = dict(raw)
        if "side" not in action and _side_of(action.get("unit")):
            action["side"] = _side_of(action["unit"])
        return (action,)
    if not isinstance(raw, dict) or len(raw) != 1:
        raise ValueError("should be one 'verb: details' pair such as "
                         f"'move: {{unit: A9, path: [pylos]}}', not {short(raw)}")
    verb, args = next(iter(raw.items()))
    if not isinstance(verb, str) or not _ID.match(verb):
        raise ValueError(f"{verb!r} is not an action name")
    if verb == "play":
        return _play(args)
    if isinstance(args, str):
        if args not in SIDES:
            raise ValueError(f"{verb} should name 'athens' or 'sparta', not {short(args)}")
        return ({"type": verb, "side": args},)
    if not isinstance(args, dict):
        raise ValueError(f"the details of {verb} should be a mapping or a side, not "
                         f"{short(args)}")
    action = {"type": verb, **args}
    if "side" not in action:
        if _side_of(action.get("unit")) is None:
            raise ValueError(f"{verb} needs a 'side' (or a 'unit' that names it)")
        action["side"] = _side_of(action["unit"])
    return (action,)


# -- the position ----------------------------------------------------------------------------------
class UnitSpec(FileModel):
    """A unit of the declared position (§2; besieged/besieging §7.2)."""

    unit: UnitKey
    area: Text
    cv: int
    besieged: bool = False
    besieging: bool = False
    carries: UnitKey | None = None
    note: Text = ""

    @property
    def key(self) -> str:
        return self.unit


class PositionSpec(FileModel):
    """The moment in the war a lesson starts from."""

    scenario: Text
    year: int
    season: Literal[tuple(SEASON_NAMES)]  # type: ignore[valid-type]
    prestige: int = 0
    leaders: dict[Side, Text | None] = {}
    hands: dict[Side, Cards] = {}
    units: Items[UnitSpec] = ()
    garrisons: dict[Side, Items[Text]] = {}
    notes: Text = ""
    #: War Resumes is in effect (§12.1); None keeps the scenario's start (true only in 413)
    war_resumed: bool | None = None
    #: plagues that have struck Athens so far (§15.1 rule 3); None keeps the scenario's 0
    plagues_in_athens: int | None = None
    #: a Plague Strikes has happened, so Plague Returns may be played (§3.1)
    plague_struck: bool | None = None


# -- a step's own fields ---------------------------------------------------------------------------
def _zoom(value: float) -> float:
    if not 0.5 <= value <= 20:
        raise ValueError(f"should be between 0.5 and 20, not {value:g}")
    return value


class Focus(FileModel):
    """Where the map should look during a step."""

    area: Text | None = None
    zoom: Annotated[float, AfterValidator(_zoom)] = 1.0
    highlight: Items[Text] = ()


class BattleSpec(FileModel):
    """A battle the step hands to the engine (the battle board then shows it as fought).

    Each side's policy is ``"fight"`` (never retreat), ``"retreat"`` (at the first chance) or a
    number of rounds to fight before retreating (§6.2, §6.4). ``retreats`` fixes destinations
    by unit key; ``capitulate`` answers a siege assault's offer (§8.13).
    """

    place: Text
    athens: Annotated[str | int, PlainValidator(_policy)] = "fight"
    sparta: Annotated[str | int, PlainValidator(_policy)] = "fight"
    retreats: dict[UnitKey, Annotated[dict[str, Any], PlainValidator(_retreat)]] = {}
    capitulate: bool = False

    @property
    def policy(self) -> dict[str, str | int]:
        """Each side's policy, by side."""
        return {"athens": self.athens, "sparta": self.sparta}


Holder = Literal["athens", "sparta", "none", "nobody"]


class Expect(FileModel):
    """What must be true after a step (checked by ``hellenes lesson check``)."""

    prestige: int | None = None
    holds: dict[Text, Holder] = {}
    at: dict[UnitKey, Text] = {}
    cv: dict[UnitKey, int] = {}
    siege: dict[Text, Holder] = {}


#: the step fields only a Hellenes lesson has: (type, default)
STEP_FIELDS = {
    "focus": (Focus, Focus()),
    #: cards each side must hold when the step begins (dealt so: ``lessonscript.deal_hands``)
    "hands": (dict[Side, Cards], {}),
    "battle": (BattleSpec | None, None),
}
