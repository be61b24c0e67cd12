"""*Athens & Sparta* behind the core's :class:`~hellenes_nb.core.ruleset.Ruleset` protocol
(docs/architecture.md, docs/athens-sparta.md): one scenario, the whole war from 431 BC
(``athens-sparta``), with hidden blocks and hands (``perfect_information`` False)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, ConfigDict, Field
from typing_extensions import TypedDict

from hellenes_nb.core.plainruleset import PlainRuleset
from hellenes_nb.core.savejson import (
    OPEN_RECORD,
    DiceRecord,
    Event,
    Strict,
    open_save_checker,
)
from hellenes_nb.core.steps import StepRegistry
from hellenes_nb.games.athens_sparta import shapes
from hellenes_nb.games.athens_sparta.position import SCENARIO, SIDES, Position
from hellenes_nb.games.athens_sparta.rules import bidding
from hellenes_nb.games.athens_sparta.rules.victory import victory_points
from hellenes_nb.games.athens_sparta.steps import STEPS
from hellenes_nb.games.athens_sparta.view import log_for, view
from hellenes_nb.games.athens_sparta.world import load_world

__all__ = ["ATHENS_SPARTA", "SYRACUSE_POINTS", "AthensSparta", "scenario_options"]

#: the scenario of the optional Syracuse points: the war with ``syracuse_points: cards``
SYRACUSE_POINTS = "athens-sparta-syracuse"


class AthensSparta(PlainRuleset):
    """The ruleset of *Athens & Sparta* (one instance, :data:`ATHENS_SPARTA`)."""

    name = "athens-sparta"
    title = "Athens & Sparta, 431–404 BC"
    roles = SIDES
    #: the war, and the war with the optional Syracuse points (§6 sidebar, §9.2)
    SCENARIOS = (SCENARIO, SYRACUSE_POINTS)
    make = staticmethod(Position)
    checked = staticmethod(shapes.checked)
    view_of = staticmethod(view)
    log_of = staticmethod(log_for)

    def __init__(self, steps: StepRegistry = STEPS):
        super().__init__(steps)

    # -- the rules options (docs/rules-decisions.md, data/athens_sparta/options.yaml) ------------
    def sets_up(self, scenario: str, **options: Any) -> bool:
        known = load_world().options
        return scenario in self.SCENARIOS and all(k in known for k in options)

    def _no_options(self, options: dict) -> None:
        rule_options(options)

    def setup(self, scenario: str, seed: int, **options: Any) -> Position:
        if scenario not in self.SCENARIOS:
            return super().setup(scenario, seed, **options)
        return Position(scenario, seed, options=rule_options(scenario_options(scenario,
                                                                              options)))

    def read_save(self, data: dict[str, Any], **options: Any) -> tuple[str, int, list[dict]]:
        scenario, seed, history = super().read_save(data, **options)
        state = data.get("state")
        saved = state.get("options", {}) if isinstance(state, dict) else {}
        if saved != rule_options(scenario_options(scenario, options)):
            words = ", ".join(f"{k}={v!r}" for k, v in sorted(saved.items())) or "none"
            raise ValueError(f"this game was played with the rules options {words}: open it "
                             "with the same options (Game.from_json(text, option=value, ...))")
        return scenario, seed, history

    @staticmethod
    def validate(data: Any) -> Any:
        return validate_open(data)

    def final(self, state: Position, top: dict) -> dict:
        return {"points": victory_points(state.board, state.world, state.board.persia != "none")}

    @staticmethod
    def seats_swapped(state: Position) -> bool:
        """Whether tourney bidding made the players change seats (§10.3; the dashboard
        follows it, docs/dashboard.md)."""
        return bidding.on(state) and bidding.seats_swapped(state)

    def describe(self, state: Position) -> str:
        p = victory_points(state.board, state.world, state.board.persia != "none")
        return (f"Olympiad {state.board.olympiad}, Game Turn {state.board.turn}: Athens "
                f"{p['athens']} points, Sparta {p['sparta']}")


#: the options the engine plays so far (the others are refused in words, not ignored)
BUILT = ("bidding", "end_of_war", "pursuit", "regroup_storm", "revolt", "sea_patrols",
         "ship_retreat", "shore_stop", "strait_ships", "syracuse", "syracuse_points")


def scenario_options(scenario: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options a scenario plays with: ``athens-sparta-syracuse`` is the war with the
    Syracuse points (ValueError in words when told otherwise)."""
    if scenario != SYRACUSE_POINTS:
        return dict(options)
    if options.get("syracuse_points", "cards") != "cards":
        raise ValueError(f"the scenario {SYRACUSE_POINTS} is the war with the optional "
                         "Syracuse points (syracuse_points='cards'); play 'athens-sparta' "
                         "for the standard value of 4")
    return {**options, "syracuse_points": "cards"}


def rule_options(options: dict[str, Any]) -> dict[str, str]:
    """The rules options of a new game, checked: each one a name of options.yaml that the
    engine plays, set to its default or its other reading; the defaults are left out, so a
    game with the defaults has none. ValueError in plain words otherwise."""
    known = load_world().options
    out = {}
    for name, value in sorted(options.items()):
        if name not in known:
            raise ValueError(f"Athens & Sparta has no option {name!r}; its options are "
                             f"{', '.join(sorted(known))}")
        o = known[name]
        if value not in (o.default, o.other):
            raise ValueError(f"the option {name} is {o.default!r} (the default) or "
                             f"{o.other!r}, not {value!r}")
        if name not in BUILT and value != o.default:
            raise ValueError(f"the option {name}={value!r} is not played by the engine yet "
                             f"(docs/athens-sparta.md); those played are {', '.join(BUILT)}")
        if value != o.default:
            out[name] = value
    return out


# -- the open save's position, checked for kinds and names (the rest by replaying) ----------------
def _kind(kind: str) -> str:
    if kind not in STEPS:
        raise ValueError(f"{kind!r} is not a kind of step this engine knows")
    return kind


def _scenario(name: str) -> str:
    if name not in (SCENARIO, SYRACUSE_POINTS):
        raise ValueError(f"{name!r} is not a scenario of Athens & Sparta ({SCENARIO}, "
                         f"{SYRACUSE_POINTS})")
    return name


def _card(cid: str) -> str:
    if cid not in {c.id for c in load_world().cards}:
        raise ValueError(f"{cid!r} is not one of the 25 cards")
    return cid


Card = Annotated[str, AfterValidator(_card)]


class Frame(TypedDict):
    __pydantic_config__ = OPEN_RECORD  # type: ignore[misc]
    kind: Annotated[str, AfterValidator(_kind)]


class Hands(Strict):
    athens: Annotated[list[Card], Field(max_length=6)]
    sparta: Annotated[list[Card], Field(max_length=6)]


class StateModel(Strict):
    model_config = ConfigDict(strict=True, extra="allow", frozen=True)
    scenario: Annotated[str, AfterValidator(_scenario)]
    olympiad: Annotated[int, Field(ge=84, le=89)]
    turn: Annotated[int, Field(ge=1, le=6)]
    hands: Hands
    rest: list[Card]
    stack: list[Frame]
    dice: DiceRecord
    log: list[Event]


#: the check of a whole open save (ValueError in plain words)
validate_open = open_save_checker(StateModel, "*Athens & Sparta*")


#: the one ruleset object of the game (registered in the catalogue by ``plugin.py``)
ATHENS_SPARTA = AthensSparta()
