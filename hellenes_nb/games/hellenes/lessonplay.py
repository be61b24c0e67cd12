"""What Hellenes brings to the one lesson runner (:class:`hellenes_nb.lessons.runner.Lesson`,
through ``LessonKit.play``): the lesson's position on the engine, a step played with its hands,
dice, actions and battle (``lessonscript.py``), a decision option carried out, a live game to
take command of, the passages a step cites and the words around the prose
(``lessontext.py``)."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.game import Game
from hellenes_nb.core.savejson import Origin
from hellenes_nb.games.hellenes.index import SEASONS
from hellenes_nb.games.hellenes.lessonposition import build_state
from hellenes_nb.games.hellenes.lessonscript import (
    BattleRecord,
    ScriptError,
    StepRun,
    apply_scripted,
    play_step,
)
from hellenes_nb.games.hellenes.lessonsources import (
    AUTHORS,
    find_passage,
    parse_span,
    split_citation,
)
from hellenes_nb.games.hellenes.lessontext import (
    battle_note,
    block_names,
    events_html,
    status_html,
)
from hellenes_nb.games.hellenes.ruleset import HELLENES
from hellenes_nb.games.hellenes.world import World, load_world
from hellenes_nb.lessons.command import BotGame

__all__ = ["HellenesPlay", "apply_option", "start_game", "citation"]


def apply_option(game: Game, option: Any) -> None:
    """Carry out a decision option on ``game`` (its forced dice first)."""
    if option.dice:
        game.state.dice.force(option.dice)
    for item, action in zip(option.items, option.actions, strict=True):
        try:
            apply_scripted(game, action)
        except ScriptError as exc:
            raise ScriptError(f"option {option.id!r} do item {item}: {exc}") from None


def start_game(spec: Any, world: World) -> Game:
    """The engine game at the lesson's declared position."""
    return Game(HELLENES, build_state(world, spec.position, spec.seed), spec.seed)


def citation(text: str) -> dict[str, Any]:
    """One step citation with the curated episode and paraphrase of its passage."""
    author, ref = split_citation(text)
    passage = find_passage(author, parse_span(ref))
    return {"author": AUTHORS[author][0], "ref": ref, "label": text,
            "episode": passage.episode if passage else "",
            "paraphrase": passage.paraphrase if passage else ""}


def _origin(spec: Any, number: int, option: str | None = None) -> dict[str, Any]:
    """The origin of a game begun at step ``number`` (``Game.rebase``; ``lessons/origin.py``)."""
    return Origin(kind="lesson", name=spec.id, step=number,
                  option=option).model_dump(exclude_none=True)


def _battle_view(battle: BattleRecord, ix: Any) -> dict[str, Any]:
    """The step's battle as the lesson's battle board shows it: the record with its snapshots
    (the battle as the engine fought it), the blocks' names, a title and the note above it."""
    first = battle.snapshots[0] if battle.snapshots else {"fighters": []}
    return {**battle.to_dict(), "names": block_names(ix, first),
            "title": f"The battle in {ix.place_name[ix.place(battle.place)]}",
            "note_html": battle_note(battle.winner, battle.how, len(battle.dice()))}


class HellenesPlay:
    """The Hellenes hooks of one lesson (``lessons/runner.py``, ``LessonPlay``)."""

    #: after a choice the board stays on the step (the choice is a branch to take command of)
    board_follows_choice = False

    def __init__(self, spec: Any, *, world: World | None = None):
        self.spec = spec
        self.world = world or load_world()

    def start(self) -> Game:
        return start_game(self.spec, self.world)

    def play_step(self, game: Game, step: Any, since: int) -> StepRun:
        return play_step(game, step, since)

    def play_option(self, before: Game, shown: Game, step: Any, option: Any,
                    branch: bool = False) -> tuple[Game, None]:
        game = shown.clone()
        apply_option(game, option)
        if branch:  # the class's choice: a game of its own, begun at this step
            game.rebase(_origin(self.spec, step.number, option.id))
        return game, None

    def command(self, lesson: Any, base: Game, chosen: bool, opponent: str, side: str,
                seed: int) -> Game:
        if not chosen:
            base.rebase(_origin(self.spec, lesson.number))
        if opponent == "hotseat":
            return base
        return BotGame(base, player=side, seed=seed)

    def citations(self, step: Any) -> list[dict[str, Any]]:
        return [citation(s) for s in step.sources]

    def view(self, game: Game, step: Any, run: StepRun, events: list[dict]) -> dict[str, Any]:
        st = game.state
        battle = run.battle
        return {
            "focus": {"area": step.focus.area, "zoom": step.focus.zoom,
                      "highlight": list(step.focus.highlight)},
            "battle": _battle_view(battle, st.ix) if battle else None,
            "events": [ev["text"] for ev in events],
            # what the widget shows around the prose, worded once (lessontext.py)
            "status_html": status_html(events, st.year, st.season, st.prestige),
            "events_html": events_html(events, st.ix),
            "game": {"year": st.year, "season": SEASONS[st.season], "prestige": st.prestige,
                     "waiting_for": game.prompt.text},
        }
