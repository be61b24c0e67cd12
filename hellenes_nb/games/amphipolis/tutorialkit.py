"""What the tutorial engine asks of *Amphipolis*
(:class:`~hellenes_nb.core.catalog.TutorialKit`; docs/tutorial.md, "Games";
docs/amphipolis.md, "The tutorial").

A task gives its ``position`` in the words of the game's lessons (:class:`.teachpos.Position`:
a playable scenario's setup, the turn, where play starts, who acts, the action points, the
Advantage, the strategems in hand and where the pieces stand). Its goals are ``state``
conditions (:data:`GOAL_KEYS`): where pieces are, who holds a town, the initiative and the
action points, log events, the victory points. The side the learner does not play answers by
itself: the task's ``replies`` first, else the most passive choice (pass, let a roll stand,
keep the Advantage, hold, no more operations or sieges). Every choice is a button; the board
beside it is the game's own (``widgets/board.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from hellenes_nb.core.game import Game
from hellenes_nb.core.models import FileModel, Items, Text, between
from hellenes_nb.games.amphipolis.rules.common import W
from hellenes_nb.games.amphipolis.rules.victory import scores
from hellenes_nb.games.amphipolis.ruleset import AMPHIPOLIS
from hellenes_nb.games.amphipolis.state import SIDES
from hellenes_nb.games.amphipolis.teachpos import (
    Piece,
    Position,
    Side,
    Town,
    Where,
    holder,
    parse_action,
    position_state,
    where,
)
from hellenes_nb.games.amphipolis.world import load_world
from hellenes_nb.tutorial.replies import opponent_answer as answer
from hellenes_nb.tutorial.stategoals import (
    game_maker,
    goal_judge,
    listed,
    map_kit,
    passive_choice,
    position_checker,
)

__all__ = ["EXAMPLES", "GOAL_KEYS", "KIT", "NO_TASK", "SECTIONS"]

#: the sections of the rulebook a tutorial teaches, in its order ("2" is the sequence of play
#: with its phases A to D; "9" the Advantage, "9.1"/"9.2" victory: the book numbers both 9)
SECTIONS = ("0.1", "0.2", "1.1.1", "1.1.2", "1.1.3", "1.2.1", "1.2.2", "1.2.3", "1.2.4",
            "1.2.5", "2", "3.1", "3.1.1", "3.1.2", "3.1.3", "3.1.4", "3.2", "3.2.1", "3.2.2",
            "3.3", "4.1", "4.2", "4.2.1", "4.2.2", "4.3", "4.3.1", "4.3.2", "4.3.3", "4.3.4",
            "5.1", "5.2", "6", "7", "9", "9.1", "9.2", "10.2")
#: sections that need no task of their own, and why (``hellenes tutorial check`` prints them)
NO_TASK = {
    "0.2": "the scale of the game (a turn a season, a PF some fifty men): no rule to apply",
    "1.2.5": "the markers of the printed game; the screen shows the tracks instead",
}
#: the rulebook's worked examples a task plays with the book's dice
EXAMPLES = ("Initiative", "Operation", "Combat results", "Diplomacy", "Assault", "Blockade",
            "Movement")
#: what a passive side prefers, first match wins
PASSIVE = ("pass", "accept_roll", "keep_advantage", "done", "hold", "go")


def phase(state: Any) -> tuple[int, Any]:
    """The turn and its phase (the stage of the turn's frame): a task is over when the phase
    it is played in has passed (the initiative task once the Advantage's moment is gone)."""
    return state.turn, state.stack[0].get("stage") if state.stack else None


#: the most passive of the legal actions (module docstring)
passive = passive_choice(PASSIVE)


def opponent_answer(game: Game, side: str, replies: list[dict]) -> dict | None:
    """The other side's answer now (:func:`~hellenes_nb.tutorial.replies.opponent_answer`)."""
    return answer(game, side, replies, passive)


board_problems = position_checker(Position)
#: the game at the task's position, its dice forced to the task's ``dice``
map_game = game_maker(AMPHIPOLIS, Position, position_state, "10")


@dataclass
class Scene:
    """What a goal reads: the game, the learner's side, where the task's log began, the
    learner's victory points then, and the learner's last click."""

    game: Game
    side: str
    start: int = 0
    score: Any = (0, 0)
    picked: str | None = None


def _facts(want: dict, scene: Scene) -> list[str]:
    st, out = scene.game.state, []
    out += [f"{p} should be in {z} (now {where(st, p)})" for p, z in want.get("at", {}).items()
            if where(st, p) != z]
    out += [f"{p} should be reduced" for p in want.get("reduced", ())
            if not st.ured[W.unit_index[p]]]
    out += [f"{W.zone[z].name} should be held by {s} (now {holder(st, z)})"
            for z, s in want.get("garrisons", {}).items() if holder(st, z) != s]
    k = SIDES.index(scene.side)
    for z, n in want.get("units_in", {}).items():
        have = sum(1 for i, loc in enumerate(st.uloc) if loc == z and W.units[i].side == k)
        if have != n:
            out.append(f"{scene.side.title()} should have {n} units in {z} (now {have})")
    if want.get("walls") and st.walls != want["walls"]:
        out.append(f"the Spartan walls should be {want['walls']} (now {st.walls})")
    if "citadel" in want and SIDES[st.citadel] != want["citadel"]:
        out.append(f"the citadel of Amphipolis should be held by {want['citadel']}")
    if "initiative" in want and SIDES[st.initiative] != want["initiative"]:
        out.append(f"{want['initiative'].title()} should have the initiative")
    for side, n in want.get("pa", {}).items():
        if st.pa[SIDES.index(side)] != n:
            out.append(f"{side.title()} should have {n} PA (now {st.pa[SIDES.index(side)]})")
    events = scene.game.log[scene.start:]
    for kind in listed(want.get("event", ())):
        if not any(e.get("kind") == kind for e in events):
            out.append(f"this has not happened yet: {kind}")
    if "gain" in want:
        k = SIDES.index(scene.side)
        gained = scores(scene.game.state)[k] - scene.score[k]
        if gained < want["gain"]:
            out.append(f"{scene.side.title()} should gain {want['gain']} VP; so far {gained:+d}")
    if want.get("over") and not scene.game.over:
        out.append("the game should be over")
    return out


#: what is still missing for a goal (empty when it is met)
unmet = goal_judge(_facts)


class StateGoal(FileModel):
    """The shape of a goal's ``state`` (module docstring)."""

    at: dict[Piece, Where] = {}
    reduced: Items[Piece] = ()
    garrisons: dict[Town, Side | Literal["nobody"]] = {}
    citadel: Side | None = None
    #: how many of the learner's units stand in a zone (stacking, §3.3)
    units_in: dict[Where, Annotated[int, between(0, 40, "§3.3")]] = {}
    walls: Literal["none", "built", "destroyed"] | None = None
    initiative: Side | None = None
    pa: dict[Side, Annotated[int, between(0, 9, "§2 B.1")]] = {}
    event: Text | Items[Text] | None = None
    gain: Annotated[int, between(1, 40, "§9.2")] | None = None
    over: bool | None = None


#: the conditions a goal's ``state`` may name
GOAL_KEYS = frozenset(StateGoal.model_fields)


#: the kit (a task's ``solution`` and ``replies`` are actions named by their entries)
KIT = map_kit(
    rulebook="Amphipolis rulebook",
    sections=SECTIONS,
    examples=EXAMPLES,
    goal_state=StateGoal,
    parse_action=parse_action,
    position=Position,
    load_world=load_world,
    sides=SIDES,
    map_game=map_game,
    board_problems=board_problems,
    opponent_answer=opponent_answer,
    map_scene=Scene,
    unmet=unmet,
    score=scores,
    folder="amphipolis",
    period=phase,
    no_task=NO_TASK,
    board="hellenes_nb.games.amphipolis.widgets.board:AmphipolisBoard",
)
