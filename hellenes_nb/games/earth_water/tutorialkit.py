"""What the tutorial engine asks of *300: Earth & Water*
(:class:`~hellenes_nb.core.catalog.TutorialKit`; docs/tutorial.md, "Games").

A task gives its ``position`` in the words of the game's lessons (:class:`.lesson.Position`:
the pieces by city, the hands, the flags, the campaign, the score, and whether play starts in
the Persian preparation or in the operations). Its goals are ``state`` conditions, read here
(:data:`GOAL_KEYS`): pieces by side and city, who controls a city, flags, the score gained,
events logged, cards in hand. The side the learner does not play answers by itself: the
task's ``replies`` first, else the most passive choice (pass, end its preparation, buy
nothing, keep no card, fight on). Every choice is a button: the board is only looked at.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from hellenes_nb.core.game import Game
from hellenes_nb.core.models import FileModel, Items, Text, between
from hellenes_nb.games.earth_water.index import CITY, NAMES, SIDE_NAMES, N
from hellenes_nb.games.earth_water.lesson import (
    City,
    Count,
    Flag,
    Position,
    Side,
    parse_action,
    position_state,
)
from hellenes_nb.games.earth_water.rules.board import controller
from hellenes_nb.games.earth_water.ruleset import EARTH_WATER
from hellenes_nb.games.earth_water.world import load_world
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

#: the sections of the rulebook a tutorial teaches (§1 is the introduction, see NO_TASK)
SECTIONS = ("1", "2.1", "2.2", "2.3", "2.4", "3.1", "3.2", "3.3", "3.4", "4.1", "4.2", "4.3",
            "4.4", "4.5", "5.1", "5.2", "5.3", "5.4", "6.1", "6.2", "6.3", "6.4", "6.5", "7.1",
            "7.2", "8.1", "8.2", "9", "10")
#: headings that need no task of their own, and why
NO_TASK = {"1": "the introduction: the wars the game is about and who plays whom"}
#: the rulebook's worked examples, each played by one task with the book's dice
EXAMPLES = ("Land movement", "Naval movement", "Combat", "Supply", "Scoring")
#: what a passive side prefers, first match wins
PASSIVE = ("pass", "end_preparation", "keep_none", "decline", "skip_move", "done", "fight")


board_problems = position_checker(Position)
#: the game at the task's position, its dice forced to the task's ``dice``
map_game = game_maker(EARTH_WATER, Position, position_state, "3.0")


def _buy_nothing(legal: list[dict]) -> dict:
    nothing = [a for a in legal if a["type"] == "buy_cards" and a.get("n") == 0]
    return nothing[0] if nothing else legal[0]


#: the most passive of the legal actions (module docstring): else buy no card
passive = passive_choice(PASSIVE, _buy_nothing)


def opponent_answer(game: Game, side: str, replies: list[dict]) -> dict | None:
    """The other side's answer now, or None when it has nothing to decide: a scripted reply
    that fits, else the passive choice (:func:`~hellenes_nb.tutorial.replies.opponent_answer`)."""
    return answer(game, side, replies, passive)


@dataclass
class Scene:
    """What a goal reads: the game, the learner's side, where the task's log began, the
    score then, and the learner's last click."""

    game: Game
    side: str
    start: int = 0
    score: int = 0
    picked: str | None = None


def _pieces(scene: Scene, kind: int, want: dict, words: tuple[str, str]) -> list[str]:
    s, out = scene.game.state, []
    for side, cities in want.items():
        k = SIDE_NAMES.index(side)
        for city, n in cities.items():
            have = s.u[(kind + k) * N + CITY[city]]
            if have != n:
                out.append(f"{side.title()} should have {n} {words[n != 1]} in "
                           f"{NAMES[CITY[city]]} (now {have})")
    return out


def _facts(want: dict, scene: Scene) -> list[str]:
    s, out = scene.game.state, []
    out += _pieces(scene, 0, want.get("armies", {}), ("army", "armies"))
    out += _pieces(scene, 2, want.get("fleets", {}), ("fleet", "fleets"))
    for city, who in want.get("control", {}).items():
        now = controller(s, CITY[city])
        holder = SIDE_NAMES[now] if now >= 0 else "nobody"
        if holder != who:
            out.append(f"{NAMES[CITY[city]]} should be controlled by {who} (now {holder})")
    out += [f"the flag {f!r} should be set" for f in want.get("flags", ()) if not s.has(f)]
    out += [f"the flag {f!r} should not be set" for f in want.get("no_flags", ()) if s.has(f)]
    if "gain" in want:
        sign = 1 if scene.side == SIDE_NAMES[0] else -1
        gained = (s.score - scene.score) * sign
        if gained < want["gain"]:
            out.append(f"{scene.side.title()} should gain {want['gain']} on the score track; "
                       f"so far {gained:+d}")
    if "event" in want:
        kinds = {e.get("kind") for e in scene.game.log[scene.start:]}
        out += [f"this has not happened yet: {k}" for k in listed(want["event"])
                if k not in kinds]
    for side, n in want.get("hand", {}).items():
        have = len(s.hands[SIDE_NAMES.index(side)])
        if have != n:
            out.append(f"{side.title()} should hold {n} cards (now {have})")
    for side, left in want.get("reserve", {}).items():
        k = SIDE_NAMES.index(side)
        for kind, word in ((0, "armies"), (2, "fleets")):
            if word in left and s.reserve[kind + k] != left[word]:
                out.append(f"{side.title()} should have {left[word]} {word} in reserve "
                           f"(now {s.reserve[kind + k]})")
    if want.get("over") and not scene.game.over:
        out.append("the game should be over")
    if "campaign" in want and s.campaign != want["campaign"]:
        out.append(f"it should be campaign {want['campaign']} (now {s.campaign})")
    return out


#: what is still missing for a goal (empty when it is met)
unmet = goal_judge(_facts)


# -- reference checks -----------------------------------------------------------------------
class StateGoal(FileModel):
    """The shape of a goal's ``state`` (module docstring; docs/tutorial.md, "Games")."""

    armies: dict[Side, dict[City, Count]] = {}
    fleets: dict[Side, dict[City, Count]] = {}
    control: dict[City, Literal["greece", "persia", "nobody"]] = {}
    flags: Items[Flag] = ()
    no_flags: Items[Flag] = ()
    gain: Annotated[int, between(1, 12, "§4.5")] | None = None
    event: Text | Items[Text] | None = None
    hand: dict[Side, Annotated[int, between(0, 16, "§2.3")]] = {}
    reserve: dict[Side, dict[Literal["armies", "fleets"], Count]] = {}
    campaign: Annotated[int, between(1, 5, "§4")] | None = None
    over: bool | None = None


#: the conditions a goal's ``state`` may name
GOAL_KEYS = frozenset(StateGoal.model_fields)

#: the kit; a task's ``solution`` or ``replies`` are actions named by their entries, as a
#: lesson's ``do`` items are (:func:`.lesson.parse_action`)
KIT = map_kit(
    rulebook="Earth & Water rulebook",
    sections=SECTIONS,
    examples=EXAMPLES,
    goal_state=StateGoal,
    parse_action=parse_action,
    position=dict[Text, Any],
    list_sections=False,
    section_of=lambda r: str(r).removesuffix(".0"),
    load_world=load_world,
    sides=tuple(SIDE_NAMES),
    map_game=map_game,
    board_problems=board_problems,
    opponent_answer=opponent_answer,
    map_scene=Scene,
    unmet=unmet,
    score=lambda state: state.score,
    folder="earth-water",
    period=lambda state: state.campaign,
    no_task=NO_TASK,
    board="hellenes_nb.games.earth_water.widgets.board:EWBoardView",
)
