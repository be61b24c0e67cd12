"""A lesson's battle on the battle board, as the engine fought it when the lesson played the
step: a player of the battle's snapshots, with no second battle (issue 27 item 7).

While a lesson plays a step with a battle, the engine tells the lesson each stored step of the
fight (``rules/battle/watch.py``); the record keeps them (``BattleRecord.snapshots``) and the
lesson's view hands them to this board (``Lesson.view()["battle"]``). The board shows snapshot
``k``: "Next attack" moves on to the next attack, "Whole round" to the round's end, "Whole
battle" to the end, and "Replay the battle" back to the start. The dice, hits, routs and
strengths on the board are the engine's own; nothing is rolled or fought here. A retreat
question shows the lesson's answer, and only that answer moves the board on: another answer
is a branch, which Take command plays (docs/writing-lessons.md, "Battles").

One :class:`LessonBattle` serves every battle of a lesson: going to another battle step loads
that battle into the same board (:meth:`LessonBattle.show`), so the browser keeps the board it
has drawn and its code, and receives only the new battle.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import traitlets

from hellenes_nb.games.hellenes.battlelab import Battle, BattleError, battle_from_view
from hellenes_nb.games.hellenes.widgets.battle import BattleWidget

__all__ = ["LessonBattle"]


def _attacks(snapshot: Mapping[str, Any]) -> int:
    return sum(1 for e in snapshot["log"] if e["kind"] == "attack")


def _dice(snapshot: Mapping[str, Any]) -> list[int]:
    return [face for e in snapshot["log"] if e["kind"] == "attack" for face in e["dice"]]


def _asks(snapshot: Mapping[str, Any], kind: str | None = None) -> bool:
    """Whether the snapshot waits for a decision (of ``kind``, when given)."""
    prompt = snapshot["prompt"]
    return prompt is not None and (kind is None or prompt["kind"] == kind)


class _Thrown:
    """The dice of a shown battle: none to roll; ``forced`` the lesson's dice still to come."""

    def __init__(self, forced: Iterable[int]) -> None:
        self.forced = tuple(forced)


class _Shown:
    """What the board reads of its battle lab, for a battle that is only shown: the battle at
    one snapshot, no Sacrifice to spend and no appeal on offer (a lesson declines them)."""

    sacrifices: dict[str, list[str]] = {}
    offer = None

    def __init__(self, battle: Battle, forced: Iterable[int]) -> None:
        self.battle = battle
        self.dice = _Thrown(forced)


class LessonBattle(BattleWidget):
    """The battle of a lesson step, shown snapshot by snapshot as the engine fought it (module
    docstring). ``shown`` is ``Lesson.view()["battle"]``; :attr:`at` is the snapshot shown."""

    restart_label = traitlets.List(traitlets.Unicode(),
                                   ["Replay", "Show the lesson's battle again from its start"]
                                   ).tag(sync=True)

    def __init__(self, shown: Mapping[str, Any], **kwargs: Any) -> None:
        self._load(shown)
        super().__init__(battle_from_view(self._snaps[0]), names=shown["names"],
                         title=shown["title"], **kwargs)

    def _load(self, shown: Mapping[str, Any]) -> None:
        snaps = shown.get("snapshots") or []
        if not snaps:
            raise BattleError(f"the battle in {shown.get('place', '?')} has no recorded "
                              "snapshots to show")
        self.record = shown
        self._snaps = snaps
        # the lesson's dice thrown by snapshot k, over every battle of the step in turn
        self._thrown: list[int] = []
        done, prev = 0, None
        for d in snaps:
            if prev is not None and len(d["log"]) < len(prev["log"]):  # the next battle
                done += len(_dice(prev))
            self._thrown.append(done + len(_dice(d)))
            prev = d
        self._all = [face for e in shown.get("events", ()) if e["kind"] == "battle_attack"
                     for face in e.get("dice", ())]
        self.at = 0

    # -- showing a snapshot (the board's traits, as BattleWidget words them) -----------------
    def show_battle(self, battle: Battle, *, names: Mapping[str, str] | None = None,
                    title: str = "", sacrifices: Any = None) -> None:
        """Show the loaded record's first snapshot (``battle``, read from it) with ``names``
        and ``title``; the board builds no lab: it fights nothing."""
        self._names = dict(names or {})
        self._held_start = {}
        self._rerolls = 0
        with self.hold_sync():
            self._put(0, battle)
            self.kind = self._kind_label()
            self.title = title or self._default_title()
            self.columns = list("EF" if battle.kind == "sea" else "ABCD")

    def _put(self, k: int, battle: Battle | None = None) -> None:
        """Show snapshot ``k``: its blocks, round, question and outcome, the whole log so far
        in words and its latest attack with the engine's dice."""
        self.at = k
        battle = battle or battle_from_view(self._snaps[k])
        self._lab = _Shown(battle, self._all[self._thrown[k]:])
        with self.hold_sync():
            if k == 0:
                self.odds_track = []
            self._attacks = 0
            self.narration, self.last_attack = [], {}
            self._refresh(list(battle.log))

    def show(self, shown: Mapping[str, Any]) -> None:
        """Put another of the lesson's battles on this board, at its start: the browser
        receives the new battle in one update, not a new board."""
        self._load(shown)
        self.show_battle(battle_from_view(self._snaps[0]), names=shown["names"],
                         title=shown["title"])

    # -- moving through the snapshots ----------------------------------------------------------
    def _next(self, k: int, *, answer: bool) -> int:
        """The snapshot after ``k`` that one attack reaches: the next attack settled, the end,
        or (unless ``answer``: pass it as the lesson answered) a retreat question."""
        last = len(self._snaps) - 1
        if self._snaps[k]["outcome"] is not None or k >= last:
            raise BattleError("the battle is over; press Replay the battle to see it again")
        base, j = _attacks(self._snaps[k]), k + 1
        while j < last:
            d = self._snaps[j]
            # an attack is whole once its tied hits are settled (§6.32): no question, or the
            # next retreat question, is pending
            if d["outcome"] is not None or (_attacks(d) > base and (not _asks(d)
                                                                    or _asks(d, "retreat"))):
                break
            if not answer and _asks(d, "retreat"):
                break
            j += 1
        return j

    def step(self) -> list[dict[str, Any]]:
        """Show the next unit attack as the engine rolled it, or stop at a retreat question
        (§6.4), which :meth:`choose` answers as the lesson did."""
        p = self.battle.prompt
        if p is not None and self._snaps[self.at]["outcome"] is None:
            raise BattleError(f"{p.whose.title()} must first decide (§{p.rule}): in the lesson "
                              f"the answer was {self.lesson_choice()!r}; call choose() with it")
        return self._go(self._next(self.at, answer=False))

    def advance(self) -> list[dict[str, Any]]:
        """The next unit attack; a pending question is passed as the lesson answered it."""
        return self._go(self._next(self.at, answer=True))

    def run_round(self) -> list[dict[str, Any]]:
        """On to the end of this round, where the next begins (or to the battle's end), as the
        engine fought it; a question on the way is passed as the lesson answered it."""
        self._next(self.at, answer=True)  # refused when the battle is over
        k, start, last = self.at, self.battle.round, len(self._snaps) - 1
        while k < last and self._snaps[k]["outcome"] is None and self._snaps[k]["round"] == start:
            k += 1
        return self._go(k)

    def run_battle(self) -> list[dict[str, Any]]:
        """On to the end of the battle, as the engine fought it."""
        if self.at == len(self._snaps) - 1:
            raise BattleError("the battle is over; press Replay the battle to see it again")
        return self._go(len(self._snaps) - 1)

    def replay(self) -> None:
        """Back to the battle as it was revealed, before its first attack."""
        self._put(0)

    def restart(self, seed: int | None = None) -> None:
        """The board's "Fight again": the lesson's battle from its start (the same battle: a
        lesson shows what the engine fought; a new battle is Take command's)."""
        self.replay()

    def _go(self, k: int) -> list[dict[str, Any]]:
        """Show snapshot ``k`` and return the battle's events since the one shown before."""
        old = self._snaps[self.at]["log"]
        new = self._snaps[k]["log"]
        events = [dict(e) for e in new[len(old):]] if len(new) >= len(old) else \
            [dict(e) for e in new]
        self._put(k)
        return events

    # -- the lesson's answers ------------------------------------------------------------------
    def lesson_choice(self) -> str:
        """The answer the lesson gave to the question now pending (§6.4, §6.32): read from
        what the engine did next."""
        p = self.battle.prompt
        if p is None or self.at >= len(self._snaps) - 1:
            raise BattleError("no decision is pending in this battle")
        done = len(self._snaps[self.at]["log"])
        for e in self._snaps[self.at + 1]["log"][done:]:
            if e["kind"] == "stand":
                return "fight"
            if e["kind"] == "retreat":
                return "retreat"
            if e.get("target"):
                return str(e["target"])
        raise BattleError("the lesson's answer to this question is not in its record")

    def choose(self, choice: str) -> list[dict[str, Any]]:
        """Answer the pending question: only the lesson's own answer moves the board on (the
        board shows the battle the lesson fought; another answer is Take command's)."""
        p = self.battle.prompt
        if p is None:
            raise BattleError("no decision is pending in this battle")
        if choice not in p.choices:
            raise BattleError(f"{choice!r} is not an answer to this question (§{p.rule}); "
                              f"the answers are {list(p.choices)}")
        answer = self.lesson_choice()
        if choice != answer:
            raise BattleError(f"In the lesson {p.whose.title()} answered {answer!r} here, and "
                              "this board shows the battle the lesson fought. To play it the "
                              f"other way, use Take command (§{p.rule}).")
        return self._go(self.at + 1)

    def force_dice(self, faces: Iterable[int]) -> None:
        raise BattleError("the lesson's battle shows the dice the engine rolled; there are "
                          "none to set")

    def _appeal(self, god: str) -> list[dict[str, Any]]:
        raise BattleError("a lesson's battle declines every appeal to the Olympians (§11.0)")

    def accept_dice(self) -> list[dict[str, Any]]:
        raise BattleError("no appeal is on offer in a lesson's battle (§11.0)")
