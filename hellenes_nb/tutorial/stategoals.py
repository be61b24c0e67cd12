"""Parts of a tutorial kit whose goals are ``state`` conditions (docs/tutorial.md, "Games"):
a game gives the check of its conditions and the model of their shape, and gets back the
goal judge (``all``, ``any``, ``not`` combined), the reference check of a goal, the reading
of a ``solution`` or ``replies`` list and the most passive of the legal actions. Names no
game: each game's ``tutorialkit.py`` builds its kit from these."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pydantic import Field, ValidationError

from hellenes_nb.core.game import Game
from hellenes_nb.core.models import Items, Text
from hellenes_nb.tutorial.format import GoalBase

__all__ = ["Goal", "PositionError", "actions_reader", "goal_judge", "goal_references", "game_maker",
           "passive_choice", "position_checker", "read_position", "task_references"]


class Goal(GoalBase):
    """A task's goal as ``state`` conditions (the game's model of them checks their shape,
    :func:`goal_references`), combined with ``all``, ``any`` and ``not``."""

    all: Items[Goal] = ()
    any: Items[Goal] = ()
    not_: Goal | None = Field(None, alias="not")
    state: dict[Text, Any] = {}


def passive_choice(order: Sequence[str], otherwise: Callable[[list[dict]], dict] | None = None
                   ) -> Callable[[list[dict]], dict]:
    """The most passive of the legal actions: the first of ``order``'s types found, else
    ``otherwise(legal)`` (default: the first action)."""
    def passive(legal: list[dict]) -> dict:
        for kind in order:
            for a in legal:
                if a["type"] == kind:
                    return a
        return otherwise(legal) if otherwise is not None else legal[0]
    return passive


def goal_judge(facts: Callable[[dict, Any], list[str]]) -> Callable[[Any, Any], list[str]]:
    """``unmet(goal, scene)``: what is still missing for a goal (empty when it is met), with
    ``facts(state_conditions, scene)`` telling what is missing of one goal's own ``state``."""
    def unmet(goal: Any, scene: Any) -> list[str]:
        out = facts(goal.state, scene) if goal.state else []
        out += [m for g in goal.all for m in unmet(g, scene)]
        if goal.any:
            missing = [unmet(g, scene) for g in goal.any]
            if all(missing):
                out.append("none of these is true yet: "
                           + " / ".join("; ".join(m) for m in missing))
        if goal.not_ is not None and not unmet(goal.not_, scene):
            out.append("this should not be true: " + str(goal.not_.state or "the inner goal"))
        return out
    return unmet


def goal_references(model: Any) -> Callable[[Any, str, list[str]], None]:
    """``refs(goal, what, out)``: adds to ``out`` every condition of ``goal`` (and the goals
    inside it) that ``model`` does not know or whose value has the wrong shape."""
    keys = frozenset(model.model_fields)

    def refs(goal: Any, what: str, out: list[str]) -> None:
        known = {k: v for k, v in goal.state.items() if k in keys}
        out += [f"{what}: state {k!r} is not a condition (the conditions: "
                f"{', '.join(sorted(keys))})" for k in goal.state if k not in keys]
        try:
            model.model_validate(known)
        except ValidationError as exc:
            out += [f"{what}: state {'.'.join(map(str, e['loc']))}: {e['msg']}"
                    for e in exc.errors()]
        for sub in (*goal.all, *goal.any, *([goal.not_] if goal.not_ else [])):
            refs(sub, what, out)
    return refs


def task_references(task: Any, examples: Sequence[str],
                    goal_refs: Callable[[Any, str, list[str]], None]) -> list[str]:
    """What ``task`` names that does not exist, besides its rule sections: a worked example
    not among ``examples``, a stage with no goal, and (through ``goal_refs``, as
    :func:`goal_references` builds it) every condition of its goals that is not one."""
    out: list[str] = []
    if task.example is not None and task.example not in examples:
        out.append(f"example: {task.example!r} is not a worked example of the rulebook "
                   f"({', '.join(examples)})")
    for n, stage in enumerate(task.steps(), 1):
        where = f"stage {n}" if task.stages else "goal"
        if stage.goal is None:
            out.append(f"{where}: every stage needs a goal")
        else:
            goal_refs(stage.goal, where, out)
    return out


def actions_reader(parse_action: Callable[[Any], tuple[dict, ...]]
                   ) -> Callable[[Any], tuple[dict, ...]]:
    """``parse_actions(value)``: a task's ``solution`` or ``replies`` list read item by item
    with ``parse_action`` (ValueError naming every wrong item)."""
    def parse_actions(value: Any) -> tuple[dict, ...]:
        if not isinstance(value, list):
            raise ValueError(f"should be a list of actions, not {value!r}"[:120])
        out: list[dict] = []
        wrong: list[str] = []
        for i, item in enumerate(value, 1):
            try:
                out.extend(parse_action(item))
            except ValueError as exc:
                wrong.append(f"item {i}: {exc}")
        if wrong:
            raise ValueError("; ".join(wrong))
        return tuple(out)
    return parse_actions


class PositionError(ValueError):
    """A task's position cannot be set up (``problems``: what is wrong, in plain words)."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("; ".join(problems))


def read_position(model: Any, raw: Any) -> Any:
    """A task's ``position`` as ``model`` reads it (:class:`PositionError` naming every
    problem)."""
    if isinstance(raw, model):
        return raw
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise PositionError([f"{'.'.join(map(str, e['loc'])) or 'position'}: {e['msg']}"
                             for e in exc.errors()]) from None


def position_checker(model: Any) -> Callable[[Any, Any], list[str]]:
    """``board_problems(world, raw)``: why a task's position cannot be set up (empty when it
    can)."""
    def board_problems(world: Any, raw: Any) -> list[str]:
        try:
            read_position(model, raw)
        except PositionError as exc:
            return exc.problems
        return []
    return board_problems


def game_maker(ruleset: Any, model: Any, state_at: Callable[[Any, int], Any],
               rule: str) -> Callable[[Any, Any], Any]:
    """``map_game(world, task)``: the game at the task's position (``state_at(position,
    seed)``), its log saying so (under ``rule``) and its dice forced to the task's ``dice``."""
    def map_game(world: Any, task: Any) -> Any:
        state = state_at(read_position(model, task.position), task.seed)
        state.event("tutorial", rule, f"The task '{task.title}' starts from its own position.")
        state.dice.force(task.dice)
        return Game(ruleset, state, task.seed)
    return map_game


def map_kit(*, rulebook: str, sections: Sequence[str], examples: Sequence[str],
            goal_state: Any, parse_action: Callable[[Any], tuple[dict, ...]], position: Any,
            section_of: Callable[[Any], str] = lambda r: str(r).lstrip("§"),
            list_sections: bool = True, goal: Any = None, **parts: Any) -> Any:
    """The tutorial kit of a game whose tasks are played on its map alone (no battle board):
    the task reference check (rule sections of ``rulebook``, worked examples, goal names), the
    reader of ``solution``/``replies`` lists, the goal model (:class:`Goal` unless ``goal``
    names the game's own), and the battle parts left out.
    ``parts`` are the kit's game-specific fields (``load_world``, ``sides``, ``map_game``,
    ``board_problems``, ``opponent_answer``, ``map_scene``, ``unmet``, ``score``, ``period``,
    ``no_task``, ``folder``, ``board``, ...)."""
    from hellenes_nb.core.catalog import TutorialKit
    from hellenes_nb.tutorial.format import TaskModels
    from hellenes_nb.tutorial.replies import matches

    refs = goal_references(goal_state)
    named = f" ({', '.join(sections)})" if list_sections else ""

    def references(world: Any, task: Any, fighters: Any) -> list[str]:
        return [f"rules: §{r} is not a section of the {rulebook}{named}"
                for r in task.rules if section_of(r) not in sections
                ] + task_references(task, examples, refs)

    parts.setdefault("matches", matches)
    parts.setdefault("actions_left", lambda state, side: None)
    return TutorialKit(
        battle_lab=None, fresh_battle=None, copy_lab=None, battle_scene=None,
        references=references, board_error=PositionError, examples=examples,
        sections=sections,
        models=TaskModels(goal=goal or Goal, parse_actions=actions_reader(parse_action),
                          position=position),
        **parts)


def listed(value: Any) -> list[str]:
    """A goal's one name or list of names, as a list (``event: x`` or ``event: [x, y]``)."""
    return [value] if isinstance(value, str) else list(value)
