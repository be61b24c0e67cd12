"""Find a way to a task's goal by trying the learner's legal moves, breadth first.

The checker uses it for a task that gives no ``solution`` (so a teacher need not write one),
and "show me" uses it for such a task. The search works on copies of a run (``run.copy()``)
and plays moves with ``run.play_item``: on the map every legal engine action of the learner,
on the battle board the next attack or an answer to the learner's decision, and for a
question every area, block or battle block that could be clicked. The other side answers by
itself as in play. A position already seen is not searched again.

The search is bounded (depth and positions), so a task whose goal is far away needs a
``solution`` in its file; the checker says so. The checker also gives each file a total time
for its searches (a :class:`Budget`): a search that runs past it stops with :class:`OutOfTime`,
so a file of many tasks without solutions takes seconds, not minutes.
"""

from __future__ import annotations

import time
from collections import deque
from typing import Any

__all__ = ["MAX_DEPTH", "MAX_NODES", "Budget", "OutOfTime", "search"]

MAX_DEPTH = 8
MAX_NODES = 4000


class Budget:
    """The seconds of searching left to one file's tasks (shared by all its searches)."""

    def __init__(self, seconds: float):
        self.seconds = self.left = seconds

    @property
    def spent(self) -> bool:
        return self.left <= 0


class OutOfTime(ValueError):
    """A search ran past its :class:`Budget` (``tried``: the positions it tried)."""

    def __init__(self, tried: int):
        self.tried = tried
        super().__init__(f"the search ran out of time after {tried} positions")


def _key(run: Any) -> str:
    """What makes two positions of a run the same for the search."""
    if run.game is not None:
        s = run.game.state
        return repr((bytes(s.loc), list(s.cv), bytes(s.inside), bytes(s.moved), s.stack,
                     s.actions_left, s.prestige, sorted(s.sieges.items()),
                     sorted(s.garrisons.items()), s.hands, s.played, s.sacrifices,
                     run.picked, run.status, run.stage))
    return repr((run.board.battle.to_dict(), run.board.lab.offer, run.picked, run.status,
                 run.stage))


def moves(run: Any) -> list[dict]:
    """The learner's possible moves now, as solution items."""
    goal = run.step.goal
    if getattr(goal, "pick", None) is not None:
        if run.game is None:
            return [{"type": "pick", "choice": k} for k, _ in run.pick_options()]
        s = run.game.state
        if goal.pick.area is not None:
            return [{"type": "pick", "choice": p} for p in s.ix.place_ids]
        return [{"type": "pick", "choice": s.ix.unit_key[u]} for u in range(len(s.loc))
                if s.loc[u] >= 0]
    if run.game is not None:
        return [dict(a) for a in run.game.legal_actions(run.learner)]
    b = run.board.battle
    if b.over:
        return []
    offer = run.board.lab.offer
    if offer is not None:
        return [{"type": "accept"}, {"type": "appeal", "choice": offer["god"]}]
    if b.prompt is not None:
        return [{"type": "choose", "choice": c} for c in b.prompt.choices]
    return [{"type": "attack"}]


def search(run: Any, max_depth: int = MAX_DEPTH, max_nodes: int = MAX_NODES,
           budget: Budget | None = None) -> tuple[list[dict] | None, int]:
    """(the shortest list of moves that finishes the run's current stage, or None; positions
    tried). ``run`` is not changed. With a ``budget``, the time taken is spent from it, and
    :class:`OutOfTime` ends a search that would spend more than is left."""
    began = time.monotonic()
    try:
        return _search(run, max_depth, max_nodes,
                       None if budget is None else began + max(budget.left, 0.0))
    finally:
        if budget is not None:
            budget.left -= time.monotonic() - began


def _search(run: Any, max_depth: int, max_nodes: int, deadline: float | None
            ) -> tuple[list[dict] | None, int]:
    start = run.stage
    todo: deque[tuple[Any, list[dict]]] = deque([(run.copy(), [])])
    seen = {_key(run)}
    tried = 0
    while todo and tried < max_nodes:
        here, path = todo.popleft()
        if len(path) >= max_depth:
            continue
        for move in moves(here):
            if deadline is not None and time.monotonic() > deadline:
                raise OutOfTime(tried)
            tried += 1
            there = here.copy()
            try:
                there.play_item(move)
            except ValueError:
                continue
            if there.stage != start or there.status in ("solved", "stage_done"):
                return path + [move], tried
            if there.status == "failed" or (move["type"] == "pick" and there.status == "playing"):
                continue  # a wrong answer leaves the question open: nothing to search past it
            key = _key(there)
            if key not in seen:
                seen.add(key)
                todo.append((there, path + [move]))
            if tried >= max_nodes:
                break
    return None, tried
