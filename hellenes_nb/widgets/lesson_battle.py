"""A lesson's battle on the battle board, replayed die by die with the lesson's own dice.

One :class:`LessonBattle` serves every battle of a lesson: going to another battle step loads
that battle into the same board (:meth:`LessonBattle.show`), so the browser keeps the board it
has drawn and its code, and receives only the new battle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hellenes_nb.core.game import Game
from hellenes_nb.games.hellenes.battlelab import Battle, BattleError, battle_from_setup
from hellenes_nb.games.hellenes.lessonscript import BattleRecord
from hellenes_nb.games.hellenes.lessontext import block_names
from hellenes_nb.games.hellenes.widgets.battle import BattleWidget
from hellenes_nb.lessons import LessonError

__all__ = ["LessonBattle", "lesson_policy"]


def lesson_policy(policy: dict[str, str | int]) -> Callable[[Battle], str]:
    """The battle choices a lesson scripted, as a policy for :class:`Battle` (§6.2, §6.4).

    ``policy[side]`` is ``"fight"``, ``"retreat"`` or a number of rounds to fight before
    retreating, as in a lesson's ``battle`` entry. Tied blocks take a hit in key order, as the
    lesson's own replay does (§6.32).
    """

    def choose(battle: Battle) -> str:
        p = battle.prompt
        assert p is not None
        if p.kind != "retreat":
            return p.choices[0]
        rule = policy.get(p.whose, "fight")
        leave = rule == "retreat" or (isinstance(rule, int) and battle.round > rule)
        return "retreat" if leave and "retreat" in p.choices else "fight"

    return choose


def _setup(record: BattleRecord) -> dict[str, Any]:
    if record.setup is None:
        raise LessonError(f"the battle in {record.place} has no recorded setup to replay")
    return record.setup


def _title(record: BattleRecord, game: Game) -> str:
    ix = game.state.ix
    return f"The battle in {ix.place_name[ix.place(record.place)]}"


class LessonBattle(BattleWidget):
    """The battle of a lesson step on the battle board, replayed with the step's own dice.

    The blocks are set up as the engine set them up when the battle began; the dice the lesson
    rolled are queued (:meth:`force_dice`), so stepping one attack at a time shows the very
    battle the lesson recorded. "Whole round" and "Whole battle" answer decisions as the lesson
    did (:func:`lesson_policy`); a class that answers differently sees the same dice go another
    way.
    """

    def __init__(self, record: BattleRecord, game: Game, **kwargs: Any) -> None:
        setup = _setup(record)
        self.record = record
        self._policy = lesson_policy(record.policy)
        super().__init__(battle_from_setup(setup), names=block_names(game.state.ix, setup),
                         title=_title(record, game), **kwargs)
        self.force_dice(record.dice())

    def show(self, record: BattleRecord, game: Game) -> None:
        """Put another of the lesson's battles on this board, at its first attack with its
        dice queued: the browser receives the new battle in one update, not a new board."""
        setup = _setup(record)
        battle = battle_from_setup(setup)
        with self.hold_sync():
            self.record = record
            self._policy = lesson_policy(record.policy)
            # the board's opening array and names, which restart() sets the battle back to
            self._start = battle.to_dict()
            self._names = block_names(game.state.ix, setup)
            self.replay()
            self.kind = self._kind_label()
            self.title = _title(record, game)
            self.columns = list("EF" if battle.kind == "sea" else "ABCD")

    def advance(self) -> list[dict[str, Any]]:
        """One unit attack; a pending decision is answered as the lesson answered it."""
        if self.battle.over:
            raise BattleError("the battle is over; see widget.outcome or restart()")
        return self._advance(self._policy)

    def lesson_choice(self) -> str:
        """The answer the lesson gave to the decision now pending (§6.4, §6.32)."""
        if self.battle.prompt is None:
            raise BattleError("no decision is pending in this battle")
        return self._policy(self.battle)

    def run_round(self) -> list[dict[str, Any]]:
        """Play to the end of the round, decisions as in the lesson."""
        return self._run(self._policy, whole=False)

    def run_battle(self) -> list[dict[str, Any]]:
        """Play the battle to its end, decisions as in the lesson."""
        return self._run(self._policy, whole=True)

    def replay(self) -> None:
        """Set the battle back to its first attack with the lesson's dice queued again."""
        with self.hold_sync():
            self.restart(seed=0)
            self.force_dice(self.record.dice())
