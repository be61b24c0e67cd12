"""What the tutorial engine asks of *Hellenes* (:class:`~hellenes_nb.core.catalog.TutorialKit`):
its positions and battle boards (:mod:`.tutorialboard`), its goal predicates
(:mod:`.tutorialgoals`), its reference checks (:mod:`.tutorialrefs`), and how many actions a
side has left in its turn (§4.0). Registered in :mod:`.plugin`; its chapters are the files of
``lessons/tutorial/`` itself (the home game's)."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.catalog import TutorialKit
from hellenes_nb.games.hellenes.battlelab import BattleLab
from hellenes_nb.games.hellenes.index import SIDE_NAMES
from hellenes_nb.games.hellenes.tutorialboard import (
    BoardError,
    battle_lab,
    board_problems,
    fresh_battle,
    map_game,
    matches,
    opponent_answer,
)
from hellenes_nb.games.hellenes.tutorialformat import (
    BattleBoard,
    Focus,
    Goal,
    MapBoard,
    parse_actions,
)
from hellenes_nb.games.hellenes.tutorialgoals import BattleScene, MapScene, unmet
from hellenes_nb.games.hellenes.tutorialrefs import EXAMPLES, references
from hellenes_nb.games.hellenes.world import load_world
from hellenes_nb.tutorial.format import TaskModels

__all__ = ["KIT"]

#: the frames of the stack that are a side's turn of actions (its own, in winter, or a group)
_TURNS = ("actions", "winter_actions", "group_move")


def copy_lab(lab: BattleLab) -> BattleLab:
    """An independent copy of a battle lab (its game cloned)."""
    other = BattleLab.__new__(BattleLab)
    other.game = lab.game.clone()
    return other


def actions_left(state: Any, side: int) -> int | None:
    """The actions ``side`` has left in its turn, or None when it is not its turn (§4.0)."""
    mine = any(f.get("kind") in _TURNS and f.get("side") == side for f in state.stack)
    return state.actions_left if mine else None


def period(state: Any) -> tuple[int, int]:
    """The year and season a task is played in (§3.3)."""
    return (state.year, state.season)


def score(state: Any) -> int:
    """The prestige, which a task's ``prestige`` goal counts the gain from."""
    return state.prestige


KIT = TutorialKit(
    load_world=load_world,
    sides=tuple(SIDE_NAMES),
    map_game=map_game,
    battle_lab=battle_lab,
    fresh_battle=fresh_battle,
    copy_lab=copy_lab,
    board_problems=board_problems,
    references=references,
    opponent_answer=opponent_answer,
    matches=matches,
    map_scene=MapScene,
    battle_scene=BattleScene,
    unmet=unmet,
    score=score,
    actions_left=actions_left,
    board_error=BoardError,
    examples=EXAMPLES,
    period=period,
    clicked=frozenset({"move", "winter_move"}),
    map_board="hellenes_nb.games.hellenes.widgets.map:MapWidget",
    battle_board="hellenes_nb.games.hellenes.widgets.battle:BattleWidget",
    models=TaskModels(goal=Goal, parse_actions=parse_actions, board=MapBoard,
                      battle=BattleBoard, focus=Focus),
)
