"""The battle machine for boards outside a game: the engine side of the battle widget
(docs/battle-widget.md, docs/architecture.md).

The odds lab and a lesson put one battle on a board, with no map and no campaign around it.
:class:`BattleLab` runs such a battle as a small game on the core's generic
:class:`~hellenes_nb.core.game.Game`, with three steps: the battle itself (one unit attack per
action, bookkeeping by itself), its end, and the rulebook's own appeal step of §11
(``appeals.AppealStep``, offered by ``olympians.offer_ares`` after every unit attack, exactly
as in a campaign). So the appeals a board offers are the engine's legal actions, never a second
reading of §11.

Widgets import this module, never ``rules``: the names a board needs (:class:`Battle`,
:class:`Fighter`, :class:`BattleError`, :data:`auto`, :func:`other_side`) are re-exported here,
with builders for a battle from two forces (:mod:`.battle_forces`), from a lesson's recorded
setup and from a game's view.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from hellenes_nb.core import remembered
from hellenes_nb.core.dice import Dice
from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction, Step, StepRegistry, replace_top, strip_label
from hellenes_nb.games.hellenes.index import SIDE_NAMES
from hellenes_nb.games.hellenes.rules import appeals, olympians
from hellenes_nb.games.hellenes.rules.battle.blocks import Fighter, other_side
from hellenes_nb.games.hellenes.rules.battle.combat import Battle
from hellenes_nb.games.hellenes.rules.battle.policies import auto
from hellenes_nb.games.hellenes.rules.battle.setup import BattleError

__all__ = ["GODS", "Battle", "BattleError", "BattleLab", "Fighter", "Policy", "auto",
           "appealable", "battle_from_view", "other_side"]

GODS = olympians.GODS
#: answers a battle's decision (retreat or a tie) for auto-play: ``policy(battle) -> choice``
Policy = Callable[[Battle], str]
#: the action types of the lab (the appeal step's two and the battle's two)
_TYPES = frozenset({"lab_attack", "battle_choice", "appeal", "no_appeal"})


def battle_from_view(shown: Mapping[str, Any]) -> Battle:
    """The battle being fought, from ``game.view(side)["battle"]`` (which carries no dice: a
    board that shows a game's battle never rolls, the game does)."""
    return Battle.from_dict({**shown, "dice": Dice(0).to_dict()})


def appealable(state: Any) -> dict[str, list[str]]:
    """The Sacrifices each side of a game may still appeal to this player turn (§11.0)."""
    return {side: [g for g in state.sacrifices[i] if olympians.can_appeal(state, i, g)]
            for i, side in enumerate(SIDE_NAMES)}


# -- the lab as a small game ----------------------------------------------------------------
class _LabState:
    """What the lab's steps and the appeal step of §11 read: the frames, the dice, each side's
    Sacrifices and the appeals made (``flags``), the player turn (the aggressor's, for the
    whole battle) and a log."""

    def __init__(self, battle: Battle, sacrifices: list[list[str]], active: int) -> None:
        self.stack: list[dict] = [{"kind": "lab_battle", "place": -1,
                                   "battle": battle.to_dict()}]
        self.dice = battle.dice
        self.sacrifices = sacrifices
        self.flags: dict[str, int] = {}
        self.year = self.season = 0
        self.active = active
        self.log: list[dict] = []
        self.barrier = False

    def clone(self) -> _LabState:
        s = _LabState.__new__(_LabState)
        s.stack, s.dice, s.flags = list(self.stack), self.dice.clone(), dict(self.flags)
        s.sacrifices = [list(g) for g in self.sacrifices]
        s.year, s.season, s.active = self.year, self.season, self.active
        s.log, s.barrier = list(self.log), self.barrier
        return s

    def event(self, kind: str, rule: str, _text: Any, side: int = -1, **fields: Any) -> None:
        self.log.append({"kind": kind, "rule": rule, "side": side, **fields})


#: the last battle read from a frame's dict: the dict (kept alive, so its id names it) and the
#: battle. Frames are replaced, never edited, so the same dict always reads the same battle.
_READ: dict[int, tuple[dict, Battle]] = remembered.table("battlelab._READ")


def _read(state: _LabState, frame: dict) -> Battle:
    """The frame's battle, bound to the lab's dice (read it; clone it before changing it)."""
    d = frame["battle"]
    hit = _READ.get(id(d))
    if hit is None or hit[0] is not d:
        _READ.clear()
        hit = (d, Battle.from_dict(d))
        _READ[id(d)] = hit
    hit[1].dice = state.dice
    return hit[1]


def _bookkeeping(b: Battle) -> bool:
    """The battle's next step rolls no die: a first-round hold or a round's end (§6.2, §6.5)."""
    key = b.next_attacker()
    if key is None:
        return True
    return b.phase == "round" and b.round == 1 and b.fighter(key).holds_round1


class _Fight(Step):
    """The battle on the board: one unit attack per ``lab_attack``, the owner's choices and the
    retreat option as ``battle_choice``; holds and round ends run by themselves."""

    kind = "lab_battle"
    rules = ("6.2",)

    def deciders(self, state, frame):
        b = _read(state, frame)
        if b.over:
            return ()
        if b.prompt is not None:
            return (SIDE_NAMES.index(b.prompt.whose),)
        if _bookkeeping(b):
            return ()
        return (SIDE_NAMES.index(b.fighter(b.next_attacker()).side),)

    def legal(self, state, frame, side):
        if side not in self.deciders(state, frame):
            return []
        b, name = _read(state, frame), SIDE_NAMES[side]
        if b.prompt is None:
            return [{"type": "lab_attack", "side": name, "label": "Roll the next unit attack"}]
        return [{"type": "battle_choice", "side": name, "choice": c, "label": c}
                for c in b.prompt.choices]

    def apply(self, state, frame, action):
        before = frame["battle"]
        b = _read(state, frame).clone()
        b.dice = state.dice
        if action["type"] == "lab_attack":
            b.step()
        else:
            b.choose(action["choice"])
        replace_top(state, battle=b.to_dict())
        olympians.offer_ares(state, before)

    def run(self, state, frame):
        b = _read(state, frame)
        if b.over:
            replace_top(state, kind="lab_over")
            return
        b = b.clone()
        b.dice = state.dice
        b.step()
        replace_top(state, battle=b.to_dict())

    def text(self, state, frame):
        return "The battle goes on (§6.2)."


class _Over(Step):
    kind = "lab_over"
    terminal = True

    def text(self, state, frame):
        return "The battle is over."


class _LabRules:
    """The ruleset of a battle on its own (not registered: no scenario sets it up)."""

    name = "hellenes-battle-lab"
    title = "A Hellenes battle on its own"
    roles = SIDE_NAMES

    def __init__(self) -> None:
        self.steps = StepRegistry(self.name, SIDE_NAMES,
                                  (_Fight(), _Over(), appeals.AppealStep()))

    def check_shape(self, action: dict) -> dict | None:
        return strip_label(action) if action.get("type") in _TYPES else None

    def result(self, _state: Any) -> None:
        return None

    def describe(self, _state: Any) -> str:
        return "a battle on its own"


_RULES = _LabRules()


class BattleLab:
    """One battle played out on a board (module docstring). ``battle`` is the battle as it
    stands (read it; it changes only through the methods here). Each method returns the
    battle's new log events; refusals raise :class:`BattleError` in plain words."""

    def __init__(self, battle: Battle, sacrifices: Mapping[str, Iterable[str]]) -> None:
        aggressor = next(f.side for f in battle.fighters if f.role == "aggressor")
        held = [list(sacrifices.get(side, ())) for side in SIDE_NAMES]
        self.game = Game(_RULES, _LabState(battle, held, SIDE_NAMES.index(aggressor)),
                         seed=0)

    # -- reading ------------------------------------------------------------------------------
    @property
    def battle(self) -> Battle:
        stack = self.game.state.stack
        return _read(self.game.state, next(f for f in reversed(stack) if "battle" in f))

    @property
    def dice(self) -> Dice:
        return self.game.state.dice

    @property
    def sacrifices(self) -> dict[str, list[str]]:
        """The Sacrifices each side still holds (§10.3)."""
        return {side: list(g) for side, g in zip(SIDE_NAMES, self.game.state.sacrifices,
                                                 strict=True)}

    @property
    def offer(self) -> dict[str, Any] | None:
        """The appeal the engine offers now, or None: ``god``, ``side`` (who is asked first),
        ``free`` and ``choices`` (the appeal step's legal actions, with their labels)."""
        top = self.game.state.stack[-1] if self.game.state.stack else None
        if top is None or top["kind"] != "appeal":
            return None
        side = SIDE_NAMES[top["offer"][0]]
        return {"god": top["god"], "side": side, "free": bool(top["free"]),
                "sides": [SIDE_NAMES[s] for s in top["offer"]],
                "choices": self.game.legal_actions(side)}

    # -- acting -------------------------------------------------------------------------------
    def attack(self) -> list[dict[str, Any]]:
        """Roll the next unit attack (the engine then offers any appeal to Ares, §11.0)."""
        found = [a for s in SIDE_NAMES for a in self.game.legal_actions(s)
                 if a["type"] == "lab_attack"]
        if not found:
            raise BattleError("no unit attack is due now (a decision or an appeal waits, or "
                              "the battle is over)")
        return self._apply(found[0])

    def choose(self, choice: str) -> list[dict[str, Any]]:
        """Answer the battle's decision: fight or retreat (§6.4), or a tied block (§6.32)."""
        b = self.battle
        if b.prompt is None or choice not in b.prompt.choices:
            b.clone().choose(choice)  # raises the battle's own words for the refusal
        return self._apply({"type": "battle_choice", "side": b.prompt.whose, "choice": choice})

    def appeal(self, god: str) -> list[dict[str, Any]]:
        """The side asked appeals to ``god``: the engine rolls the attack again (§11.0)."""
        offer = self.offer
        found = [a for a in (offer or {}).get("choices", ())
                 if a["type"] == "appeal" and a["god"] == god]
        if not found:
            what = "nothing" if offer is None else f"an appeal to {offer['god'].title()}"
            raise BattleError(f"no appeal to {god.title()} is on offer now ({what} is): an "
                              "appeal comes right after a unit attack, from a side holding "
                              "that Sacrifice, once per god per player turn (§11.0)")
        return self._apply(found[0])

    def decline(self) -> list[dict[str, Any]]:
        """The side asked lets the result stand; the offer passes to the next side, if any."""
        offer = self.offer
        if offer is None:
            raise BattleError("no appeal is on offer, so there are no dice to accept (§11.0)")
        return self._apply(next(a for a in offer["choices"] if a["type"] == "no_appeal"))

    def _apply(self, action: dict) -> list[dict[str, Any]]:
        """Apply through the game; return the battle's events that are new (after an appeal,
        those of the attack rolled again: the ones it replaced are gone from the log)."""
        old = self.battle.log
        try:
            self.game.apply(action)
        except IllegalAction as exc:
            raise BattleError(str(exc)) from None
        new = self.battle.log
        same = 0
        while same < min(len(old), len(new)) and old[same] == new[same]:
            same += 1
        return new[same:]
