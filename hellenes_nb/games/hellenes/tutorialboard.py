"""A task's board on the engine: the map position as a :class:`~hellenes_nb.core.game.Game`
waiting at the task's first decision, or a battle as the battle lab's small game.

The map position reuses the lessons' position builder
(:mod:`hellenes_nb.games.hellenes.lessonposition`: the same checks, the same scenario state),
then says where play begins (``start``): a side's action phase with a card of so many coins,
its winter actions, the season's card play or the New Year's. The acting side plays second in
that season unless ``first`` is set, so the season ends soon after the learner's turn (§3.3,
§9.1).

The side the learner does not play answers its decisions by itself: the task's ``replies``
first, in order, whenever one is legal, else the most passive legal choice (end the phase,
fight on, keep out of the way). So a task's opponent never surprises the learner.
"""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.dice import Dice
from hellenes_nb.core.game import Game
from hellenes_nb.core.words import count
from hellenes_nb.games.hellenes.battle_forces import forces_battle, read_sacrifices
from hellenes_nb.games.hellenes.battlelab import Battle, BattleError, BattleLab
from hellenes_nb.games.hellenes.index import NEW_YEAR, SIDE_NAMES, WINTER
from hellenes_nb.games.hellenes.lessonformat import PositionSpec
from hellenes_nb.games.hellenes.lessonposition import PositionError, build_state, position_problems
from hellenes_nb.games.hellenes.odds.forces import ForcesError, parse_forces
from hellenes_nb.games.hellenes.ruleset import HELLENES
from hellenes_nb.games.hellenes.tutorialformat import BattleBoard, MapBoard
from hellenes_nb.games.hellenes.world import World
from hellenes_nb.tutorial.format import TaskSpec
from hellenes_nb.tutorial.replies import matches
from hellenes_nb.tutorial.replies import opponent_answer as answer

__all__ = ["BoardError", "PASSIVE", "battle_lab", "board_problems", "fresh_battle", "map_game",
           "matches", "opponent_answer", "passive"]

#: the seasons of a task position by name (the engine's numbers, §3.3, §9)
_SEASON = {"spring": 1, "summer": 2, "highsummer": 3, "fall": 4, "winter": WINTER}
#: what a passive side prefers, first match wins: end its phases, leave battles to the dice
PASSIVE = ("end_actions", "end_winter_actions", "end_group", "end_board", "fortify_done",
           "sortie_done", "no_appeal", "no_join", "keep_taxes")
_NO = {"capitulate": ("accept", False), "declare_war": ("declare", False),
       "peace_offer": ("offer", False), "battle_choice": ("choice", "fight"),
       "siege": ("method", "none"), "forced_march": ("accept", True)}


class BoardError(ValueError):
    """A task's board cannot be set up (``problems``: what is wrong, in plain words)."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("; ".join(problems))


def _position(world: World, board: MapBoard) -> PositionSpec:
    sc = world.scenarios.get(board.scenario)
    year = board.year if board.year is not None else (sc.years[0] if sc else 431)
    season = "fall" if board.season == "winter" else board.season
    return PositionSpec(scenario=board.scenario, year=year, season=season,
                        prestige=board.prestige, leaders=board.leaders, hands=board.hands,
                        units=board.units, garrisons=board.garrisons,
                        war_resumed=board.war_resumed)


def board_problems(world: World, board: MapBoard) -> list[str]:
    """Every reason the map position cannot be set up (the lessons' checks, plus the start)."""
    out = position_problems(world, _position(world, board))
    start = board.start
    if start.phase == "winter" and board.season != "winter":
        out.append("start phase 'winter' needs 'season: winter'")
    if start.phase == "actions" and board.season == "winter":
        out.append("in winter the phase is 'winter' (winter actions, §9.2), not 'actions'")
    if start.phase in ("cards", "new_year"):
        for side in SIDE_NAMES:
            if not board.hands.get(side):
                out.append(f"start phase {start.phase!r} needs cards in hands {side} (§3.3)")
    for side, gods in board.sacrifices.items():
        for g in gods:
            if g not in ("zeus", "apollo", "ares", "demeter", "poseidon", "hermes", "hera"):
                out.append(f"sacrifices {side}: {g!r} is not an Olympian (§10.3)")
    for n in board.in_play:
        if n not in world.cards or not world.cards[n].continuing:
            out.append(f"in_play: card {n} is not a continuing event (§3.1)")
    return out


def _action_card(world: World, board: MapBoard, coins: int, taken: set[int]) -> int:
    """A card of the scenario worth ``coins`` actions that no pile of the position holds."""
    lo, hi = world.scenarios[board.scenario].cards
    for n in range(lo, hi + 1):
        card = world.cards.get(n)
        if card is not None and card.actions == coins and n not in taken:
            return n
    raise BoardError([f"no card of {count(coins, 'action')} is left for the start of play"])


def map_game(world: World, task: TaskSpec) -> Game:
    """The engine game at the task's position, waiting for its first decision (the opponent's
    first answers not yet given: see :func:`opponent_answer`). BoardError in plain words."""
    board = task.board
    assert board is not None
    problems = board_problems(world, board)
    if problems:
        raise BoardError(problems)
    try:
        s = build_state(world, _position(world, board), task.seed)
    except PositionError as exc:  # pragma: no cover - position_problems said it first
        raise BoardError(exc.problems) from None
    start = board.start
    learner = SIDE_NAMES.index(task.side)
    acting = learner if start.side is None else SIDE_NAMES.index(start.side)
    season = _SEASON[board.season]
    s.sacrifices = [list(board.sacrifices.get(side, ())) for side in SIDE_NAMES]
    s.in_play = s.in_play + [[n, learner] for n in board.in_play]
    taken = {n for h in s.hands for n in h} | {n for n, _ in s.in_play}
    if start.phase in ("actions", "winter"):
        mine = _action_card(world, board, start.actions, taken)
        other = _action_card(world, board, 1, taken | {mine})
        s.deck = [n for n in s.deck if n not in (mine, other)]
        s.played = [None, None]
        s.played[acting] = {"card": mine, "use": "actions"}
        s.played[1 - acting] = {"card": other, "use": "actions"}
        s.first = acting if start.first else 1 - acting
        s.season = season
        if start.phase == "actions":
            stage = 2 if start.first else 3
            s.stack = [{"kind": "year", "stage": season + 1},
                       {"kind": "season", "season": season, "stage": stage},
                       {"kind": "turn", "side": acting, "stage": 0, "begun": 0}]
        else:
            s.stack = [{"kind": "year", "stage": 6},
                       {"kind": "winter", "stage": 2 if start.first else 3},
                       {"kind": "winter_actions", "side": acting, "stage": "start"}]
    elif start.phase == "cards" and season == WINTER:
        s.stack = [{"kind": "year", "stage": 6}, {"kind": "winter", "stage": 0}]
    elif start.phase == "new_year":
        s.season, s.active = NEW_YEAR, -1
        s.stack = [{"kind": "year", "stage": 1}, {"kind": "new_year", "stage": 1},
                   {"kind": "card_play", "new_year": 1}]
    s.dice.force(task.dice)
    return Game(HELLENES, s, task.seed)


def battle_lab(battle: BattleBoard, faces: tuple[int, ...] = (), seed: int = 1
               ) -> tuple[BattleLab, dict[str, str]]:
    """The battle lab of a battle board, its dice forced to ``faces``, and the blocks' names
    (BoardError in plain words)."""
    try:
        fight, names = forces_battle(_forces(battle.aggressor), _forces(battle.defender),
                                     battle.kind, seed=seed, attacker_side=battle.attacker,
                                     may_retreat=battle.may_retreat or None)
        held = read_sacrifices({s: list(g) for s, g in battle.sacrifices.items()})
    except BattleError as exc:
        raise BoardError([str(exc)]) from None
    except ForcesError as exc:  # forces written as text, read by the odds' reader
        raise BoardError([f"{_text_role(battle)}: {exc}"]) from None
    fight.dice = Dice(seed)
    fight.dice.force(faces)
    return BattleLab(fight, held), names


def _text_role(battle: BattleBoard) -> str:
    """Which of the battle's forces written as text cannot be read."""
    for role in ("aggressor", "defender"):
        force = getattr(battle, role)
        if isinstance(force, str):
            try:
                parse_forces(force)
            except ForcesError:
                return role
    return "forces"


def _forces(force: Any) -> Any:
    return force if isinstance(force, str) else [dict(f) for f in force]


def fresh_battle(lab: BattleLab) -> Battle:
    """A copy of the lab's battle to give a board (it keeps the lab's dice and forced faces)."""
    b = lab.battle.clone()
    b.dice = lab.dice.clone()
    return b


# -- the side the learner does not play ------------------------------------------------------
def passive(legal: list[dict]) -> dict:
    """The most passive of the legal actions (module docstring)."""
    for kind in PASSIVE:
        for a in legal:
            if a["type"] == kind:
                return a
    for a in legal:
        key = _NO.get(a["type"])
        if key is not None and a.get(key[0]) == key[1]:
            return a
    plays = [a for a in legal if a["type"] == "play_card" and a.get("use") == "actions"
             and not a.get("god")]
    return plays[0] if plays else legal[0]


def opponent_answer(game: Game, side: str, replies: list[dict]) -> dict | None:
    """The other side's answer now, or None when it has nothing to decide: a scripted reply
    that fits, else the passive choice (:func:`~hellenes_nb.tutorial.replies.opponent_answer`)."""
    return answer(game, side, replies, passive)
