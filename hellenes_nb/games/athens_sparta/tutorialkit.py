"""What the tutorial engine asks of *Athens & Sparta*
(:class:`~hellenes_nb.core.catalog.TutorialKit`; docs/tutorial.md, "Games";
docs/athens-sparta.md, "The tutorial").

A task gives its ``position`` (:class:`Setup`): the start of the war (§3), then what the task
changes: the Olympiad and Game Turn, the hexes emptied (``clear``), blocks set down at a
strength (``blocks``), who holds, besieges or blockades a city, the hands, and where play
starts: the card pick (``cards``), a side's Move Phase with its MPs (``moves``), its Combat
Phase with the hexes it attacked (``battles``) or its siege attrition (``attrition``). After
the task's Game Turn the game stops, unless ``then: war`` lets the turn's end and the
Olympiad's victory check (§10) run.

Goals are ``state`` conditions (:class:`StateGoal`): where blocks are and how strong, who
holds, besieges or blockades a city, who is Player 1, log events, the learner's city points
and the winner. The side the learner does not play answers by itself: the task's
``replies``, else the most passive choice (end its moves and battles, keep its hand, fire,
let its blocks stay). Every choice is a button; the board beside it is the game's own
(``widgets/board.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, model_validator

from hellenes_nb.core.game import Game
from hellenes_nb.core.models import FileModel, Items, Text, between, short
from hellenes_nb.games.athens_sparta.position import SCENARIO, Position
from hellenes_nb.games.athens_sparta.rules.victory import victory_points
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA
from hellenes_nb.games.athens_sparta.state import SIDES, BlockState
from hellenes_nb.games.athens_sparta.world import load_world
from hellenes_nb.tutorial.format import GoalBase
from hellenes_nb.tutorial.replies import opponent_answer as answer
from hellenes_nb.tutorial.stategoals import (
    game_maker,
    goal_judge,
    listed,
    map_kit,
    position_checker,
)

__all__ = ["EXAMPLES", "KIT", "NO_TASK", "SECTIONS", "Setup", "setup_state"]

W = load_world()
_BLOCKS = {b.id: b for b in W.blocks}
#: the sections of the fan revision's rules a tutorial teaches, in their order
SECTIONS = ("1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8", "2.11", "2.12", "2.13",
            "2.14", "2.21", "2.22", "2.23", "2.24", "3.0", "3.1", "4.0", "4.1", "4.2", "4.3",
            "4.4", "4.51", "4.52", "4.6", "5.0", "5.1", "5.2", "5.3", "5.31", "5.4", "5.41",
            "5.42", "5.43", "5.5", "5.6", "5.61", "6.0", "6.1", "7.0", "7.1", "8.0", "8.1",
            "8.2", "8.3", "8.4", "8.5", "8.6", "9.1", "9.2", "9.3", "9.4", "9.5", "10.1",
            "10.2", "10.3")
_LATER = "not taught by a task yet (issue 30 item 4: the first chapter teaches the core rules)"
#: sections without a task, and why (``hellenes tutorial check`` prints them as such)
NO_TASK = {
    "2.21": "a block type's description (its history); its numbers are §2.11-§2.13",
    "2.22": "a block type's description (its history); its numbers are §2.11-§2.13",
    "2.23": "a block type's description (its history); its numbers are §2.11-§2.13",
    "2.24": "a block type's description (its history); its numbers are §2.11-§2.13",
    "10.3": "tourney bidding is agreed between players before a game, not played on the board",
    **{s: _LATER for s in ("1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8", "2.14",
                           "3.0", "4.1", "5.43", "5.6", "5.61", "6.1", "7.1",
                           "8.0", "8.1", "8.2", "8.3", "8.4", "8.5", "8.6", "9.1", "9.2",
                           "9.3", "9.4")},
}
#: the worked examples of the rules and the player aid a task plays
EXAMPLES = ("Event priority", "Operation moves", "Straits", "Combat actions", "Combat hits",
            "Siege attrition", "Earthquake")
_END = {"kind": "over", "winner": None, "how": "tutorial", "text": "the task's Game Turn is over"}


def _one_of(kind: str, known: Any, hint: str) -> Any:
    def check(value: str) -> str:
        if value not in known:
            raise ValueError(f"{short(value)} is not {kind} of Athens & Sparta ({hint})")
        return value
    return AfterValidator(check)


Side = Literal["athens", "sparta"]
Block = Annotated[Text, _one_of("a block", set(_BLOCKS),
                                "`hellenes data check --game athens-sparta` lists them; "
                                "ids such as spa-h1, ath-n1, amphipolis-p")]
Hex = Annotated[Text, _one_of("a hex", set(W.hexes), "four digits, column then row: 0610")]
Where = Annotated[Text, _one_of("a hex", {*W.hexes, "pool"}, "a hex such as 0610, or pool")]
City = Annotated[Text, _one_of("a city", {c for c, v in W.cities.items() if v.kind == "city"},
                               "a city id such as athens, potidaea")]
Card = Annotated[Text, _one_of("a card", {c.id for c in W.cards}, "storm, earthquake, "
                               "move-01 to move-23")]
Steps = Annotated[int, between(0, 4, "§2.11")]


class Placed(FileModel):
    """A block set down: its hex (or the pool) and its strength."""

    at: Where
    steps: Steps


class Setup(FileModel):
    """Where a task starts (module docstring)."""

    olympiad: Annotated[int, between(84, 89, "§10.2")] | None = None
    turn: Annotated[int, between(1, 6, "§4.6")] | None = None
    start: Literal["cards", "moves", "battles", "attrition"] = "moves"
    #: the side who moves, fights or rolls (not at the card pick)
    side: Side | None = None
    mps: Annotated[int, between(0, 5, "§4.6")] = 3
    hands: dict[Side, Items[Card]] = {}
    clear: Items[Hex] = ()
    blocks: dict[Block, Placed] = {}
    #: only the blocks named in ``blocks`` stand on the map (the others wait in the pool), so
    #: the choices are the task's few
    alone: bool = False
    control: dict[City, Literal["athens", "sparta", "neutral"]] = {}
    besieged: dict[City, Side] = {}
    blockaded: dict[City, Side] = {}
    #: the hexes the side attacked and where each attacker came from (start: battles)
    attacks: Items[Hex] = ()
    came_from: dict[Block, Hex] = {}
    then: Literal["stop", "war"] = "stop"
    note: Text = ""

    @model_validator(mode="after")
    def _fits(self) -> Setup:
        wrong = []
        if self.start != "cards" and self.side is None:
            wrong.append(f"start {self.start!r} needs the side who acts ('side')")
        held = [c for cards in self.hands.values() for c in cards]
        wrong += [f"hands: card {c} is named twice; a card is in one hand only (§4.6)"
                  for c in sorted({c for c in held if held.count(c) > 1})]
        wrong += [f"hands: {s} holds {len(h)} cards; a hand is six at most (§4.6)"
                  for s, h in self.hands.items() if len(h) > 6]
        for k, placed in self.blocks.items():
            block = _BLOCKS[k]
            if block.side == "neutral":
                wrong.append(f"blocks: {k} is neutral: it comes into play only when its city "
                             "joins a side (§3.1, §9.5)")
            elif placed.steps > block.steps:
                wrong.append(f"blocks: {k} has {block.steps} steps at most, not "
                             f"{placed.steps} (§2.11)")
            elif (placed.steps == 0) != (placed.at == "pool"):
                wrong.append(f"blocks: {k} stands on the map with 1 step or more, in the pool "
                             "with 0")
        if self.start == "battles" and not self.attacks:
            wrong.append("start 'battles' needs the hexes attacked ('attacks')")
        if wrong:
            raise ValueError("; ".join(wrong))
        return self


def setup_state(pos: Setup, seed: int = 0) -> Position:
    """The position at ``pos`` (module docstring), dice seeded."""
    st = Position(SCENARIO, seed)
    b = st.board
    if pos.olympiad is not None:
        b.olympiad = pos.olympiad
    if pos.turn is not None:
        b.turn = pos.turn
    for k, v in b.blocks.items():
        if v.where in pos.clear or (pos.alone and v.where in W.hexes):
            b.blocks[k] = BlockState("pool", 0, v.side)
    for k, placed in pos.blocks.items():
        b.blocks[k] = BlockState(placed.at, placed.steps, b.blocks[k].side)
    b.control.update(pos.control)
    held = {v.where for v in b.blocks.values()}  # a siege stays where blocks still stand
    b.besieged = {**{c: s for c, s in b.besieged.items() if W.cities[c].hex in held},
                  **pos.besieged}
    b.blockaded = {**{c: s for c, s in b.blockaded.items() if W.cities[c].hex in held},
                   **pos.blockaded}
    _deal(st, pos.hands)
    bottom = [{"kind": "olympiad_end"}, {"kind": "turn_end"}] if pos.then == "war" \
        else [dict(_END)]
    side = pos.side
    if pos.start == "cards":
        top = [{"kind": "cards", "chosen": {}}]
    elif pos.start == "attrition":
        top = [{"kind": "attrition", "side": side}]
    else:
        top = [{"kind": "attrition", "side": side},
               {"kind": "battles", "side": side, "attacks": list(pos.attacks),
                "from": dict(pos.came_from), "crossed": []}]
        if pos.start == "moves":
            top.append({"kind": "ops", "side": side, "mps": pos.mps, "storm": False,
                        "moved": [], "from": {}, "crossed": [], "attacks": []})
    st.stack = [*bottom, *top]
    return st


def _deal(st: Position, hands: dict[str, Any]) -> None:
    """Each side named in ``hands`` holds exactly those cards; the rest stay undealt."""
    named = {c for cards in hands.values() for c in cards}
    for side in SIDES:
        st.hands[side] = list(hands.get(side, ()))
    st.rest = [c.id for c in W.cards if c.id not in named]


def period(state: Any) -> tuple[int, int]:
    """The Olympiad and Game Turn: a task is over when its Game Turn has passed."""
    return state.board.olympiad, state.board.turn


#: what a passive side prefers, first match wins (a block in battle fires)
PASSIVE = ("end_moves", "end_battles", "end_sally", "end_regroup", "keep_hand",
           "decline_persia")


def passive(legal: list[dict]) -> dict:
    """The most passive of the legal actions (module docstring)."""
    for kind in PASSIVE:
        for a in legal:
            if a["type"] == kind:
                return a
    for choice in ("fire", "stay"):
        for a in legal:
            if a["type"] == "combat" and a.get("choice") == choice:
                return a
    return legal[0]


def opponent_answer(game: Game, side: str, replies: list[dict]) -> dict | None:
    """The other side's answer now (:func:`~hellenes_nb.tutorial.replies.opponent_answer`)."""
    return answer(game, side, replies, passive)


board_problems = position_checker(Setup)
#: the game at the task's position, its dice forced to the task's ``dice``
map_game = game_maker(ATHENS_SPARTA, Setup, setup_state, "4.6")


def points(state: Any) -> dict[str, int]:
    """Both sides' city points now (§10.2)."""
    return victory_points(state.board, state.world, state.board.persia != "none")


@dataclass
class Scene:
    """What a goal reads: the game, the learner's side, where the task's log began, the city
    points then, and the learner's last click."""

    game: Game
    side: str
    start: int = 0
    score: Any = None
    picked: str | None = None


def _name(city: str) -> str:
    return W.cities[city].name


def _facts(want: dict, scene: Scene) -> list[str]:
    b, out = scene.game.state.board, []
    for k, hex_ in want.get("at", {}).items():
        if b.blocks[k].where != hex_:
            out.append(f"{k} should be in {hex_} (now {b.blocks[k].where})")
    for k, n in want.get("steps", {}).items():
        if b.blocks[k].steps != n:
            out.append(f"{k} should be at strength {n} (now {b.blocks[k].steps})")
    for city, side in want.get("control", {}).items():
        if b.control.get(city) != side:
            out.append(f"{_name(city)} should be held by {side} (now {b.control.get(city)})")
    for key, word in (("besieged", "besieged"), ("blockaded", "blockaded")):
        for city, side in want.get(key, {}).items():
            now = getattr(b, key).get(city, "none")
            if now != side:
                out.append(f"{_name(city)} should be {word} by {side} (now {now})")
    events = scene.game.log[scene.start:]
    if "first" in want:
        shown = [e for e in events if e.get("kind") == "reveal"]
        if not shown or shown[-1].get("side") != want["first"]:
            out.append(f"{want['first'].title()} should be Player 1 this Game Turn")
    for kind in listed(want.get("event", ())):
        if not any(e.get("kind") == kind for e in events):
            out.append(f"this has not happened yet: {kind}")
    for kind in listed(want.get("no_event", ())):
        if any(e.get("kind") == kind for e in events):
            out.append(f"this should not have happened: {kind}")
    if "gain" in want:
        gained = points(scene.game.state)[scene.side] - (scene.score or {}).get(scene.side, 0)
        if gained < want["gain"]:
            out.append(f"{scene.side.title()} should gain {want['gain']} city points; so far "
                       f"{gained:+d}")
    result = scene.game.result or {}
    if "winner" in want and result.get("winner") != want["winner"]:
        out.append(f"{want['winner'].title()} should have won the game")
    return out


#: what is still missing for a goal (empty when it is met)
unmet = goal_judge(_facts)


class StateGoal(FileModel):
    """The shape of a goal's ``state`` (module docstring)."""

    at: dict[Block, Where] = {}
    steps: dict[Block, Steps] = {}
    control: dict[City, Literal["athens", "sparta", "neutral"]] = {}
    besieged: dict[City, Side | Literal["none"]] = {}
    blockaded: dict[City, Side | Literal["none"]] = {}
    first: Side | None = None
    event: Text | Items[Text] | None = None
    no_event: Text | Items[Text] | None = None
    gain: Annotated[int, between(1, 48, "§10.2")] | None = None
    winner: Side | None = None


#: the conditions a goal's ``state`` may name
GOAL_KEYS = frozenset(StateGoal.model_fields)


class Goal(GoalBase):
    """An Athens & Sparta task's goal: its conditions in ``state``, combined with ``all``,
    ``any`` and ``not``."""

    all: Items[Goal] = ()
    any: Items[Goal] = ()
    not_: Goal | None = Field(None, alias="not")
    state: dict[Text, Any] = {}

    @property
    def first(self) -> str | None:
        """Who should be Player 1: the tutorial ends the task once the cards are shown."""
        return self.state.get("first")


def parse_action(item: Any) -> tuple[dict, ...]:
    """One action named by its entries, as the engine writes them (``{type: move, block:
    spa-h1, to: '0707'}``)."""
    if not isinstance(item, dict) or not item or "type" not in item:
        raise ValueError("should be an action named by its entries, with its type, such as "
                         f"'{{type: move, block: spa-h1, to: \"0707\"}}', not {short(item)}")
    return (dict(item),)


KIT = map_kit(
    rulebook="Athens & Sparta rules",
    sections=SECTIONS,
    examples=EXAMPLES,
    goal_state=StateGoal,
    parse_action=parse_action,
    position=Setup,
    goal=Goal,
    load_world=load_world,
    sides=SIDES,
    map_game=map_game,
    board_problems=board_problems,
    opponent_answer=opponent_answer,
    map_scene=Scene,
    unmet=unmet,
    score=points,
    folder="athens-sparta",
    period=period,
    no_task=NO_TASK,
    board="hellenes_nb.games.athens_sparta.widgets.board:ASBoard",
)
