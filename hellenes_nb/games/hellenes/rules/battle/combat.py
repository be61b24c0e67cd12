"""The battle machine: one battle, resolved one unit attack at a time (§6, §8.1, §8.11, §14.11).

A :class:`Battle` knows nothing about the map. The game engine decides who fights, builds one
:class:`~.blocks.Fighter` per block and, when the battle is over, moves the
retreating side using :attr:`Battle.outcome`.

Driving it::

    battle = Battle(fighters, "land", dice=Dice(7))
    while not battle.over:
        if battle.prompt:                       # a decision: retreat? which tied block?
            battle.choose(auto(battle))
        else:
            events = battle.step()              # exactly one unit attack (or bookkeeping)

or simply ``battle.run(auto)``. Every event is a plain dict naming the rule it applies.

Firing order (§6.2): agility A, B, C, D (at sea E then F), defenders before aggressors of the
same agility, and within one side's agility class by block key (docs/rules-decisions.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from hellenes_nb.core.dice import Dice
from hellenes_nb.core.echo import shown
from hellenes_nb.games.hellenes.battle_words import ADJECTIVE, SIDE_WORD, outcome_sentence, strength
from hellenes_nb.games.hellenes.rules.battle.blocks import AGILITY, SIDES, Fighter, other_side
from hellenes_nb.games.hellenes.rules.battle.policies import BattleQuestion, auto
from hellenes_nb.games.hellenes.rules.battle.prestige import Outcome, outcome_of
from hellenes_nb.games.hellenes.rules.battle.setup import (
    BattleError,
    retreat_rights,
    validate_battle,
)

__all__ = ["Battle"]

_VERSION = 1


class Battle:
    """One battle as a steppable, serialisable state machine (see the module docstring).

    ``fighters``: the blocks of both sides. ``kind``: ``land``, ``sea``, ``assault`` (siege
    assault, §8.1) or ``sortie`` (§8.3). ``dice``: the game's :class:`Dice` (used in place, so the
    game's generator advances) or an int seed. ``treachery``: a Treachery Assault (§3.1): one
    round, no double defense. ``may_retreat``: which sides may retreat (the engine knows the
    map); by default both, except the defenders of a siege assault (§6.4, §8.12).
    ``double_defense``: False when city defenders lose their double defense without the rest
    of a Treachery Assault (a Civil War marker on the city, §3.1); they keep A2 and their
    immunity to routs (§8.1). ``suffered``: the sides that already took a hit or a rout
    earlier in the same battle, when the fight goes on after some units could not retreat
    (§6.4); such a side can no longer retire for free (§14.11). ``resume``: that earlier
    battle, ended by a retreat some blocks could not make: the fight goes on from the slot
    where the retreat was declared, in the same round (so blocks landing from the sea still
    hold their fire in round 1, §6.6), and every block keeps whether it was routed (a routed
    block stays out of the battle, §6.33) and whether it has had its attack this round.
    """

    __slots__ = (
        "kind", "treachery", "double_defense", "may_retreat", "fighters", "dice", "round",
        "prompt", "log",
        "outcome", "_order", "_index", "_phase", "_cursor", "_queue", "_offered",
        "_suffered", "_pending", "_retreater", "_victor", "_how",
    )

    def __init__(
        self,
        fighters: Iterable[Fighter],
        kind: str = "land",
        *,
        dice: Dice | int,
        treachery: bool = False,
        may_retreat: Mapping[str, bool] | None = None,
        double_defense: bool = True,
        suffered: Iterable[str] = (),
        resume: Battle | None = None,
    ) -> None:
        fs = list(fighters)
        for f in fs:
            if not isinstance(f, Fighter):
                raise BattleError(f"a battle is built from Fighter objects, got {f!r}")
        validate_battle(fs, kind, treachery)
        self.kind, self.treachery = kind, treachery
        self.double_defense = bool(double_defense)
        self.may_retreat = retreat_rights(fs, kind, may_retreat)
        self.fighters = fs
        self.dice = dice if isinstance(dice, Dice) else Dice(dice)
        self.round = 1
        self.prompt: BattleQuestion | None = None
        self.log: list[dict[str, Any]] = []
        self.outcome: Outcome | None = None
        self._phase = "round"          # round | pursuit | harry | over
        self._cursor = 0               # next slot in the firing order
        self._queue: list[int] = []    # pursuit or harrying attackers still to come
        self._offered: list[str] = []  # sides that had their retreat option this round
        earlier = set(suffered)
        if not earlier <= set(SIDES):
            raise BattleError(f"suffered names unknown sides {sorted(earlier - set(SIDES))}; "
                              f"the sides are {list(SIDES)}")
        self._suffered = {s: s in earlier for s in SIDES}
        self._pending: list[Any] | None = None  # [attacker index, mode, hits, routs]
        self._retreater: str | None = None
        self._victor: str | None = None
        self._how: str | None = None
        self._build_order()
        events: list[dict[str, Any]] = []
        for f in fs:
            if f.fleet:
                self._check_cargo(f, events)
        if resume is not None:
            self._resume(resume, events)
        self._advance(events)
        self.log.extend(events)

    def _slot(self, f: Fighter) -> tuple[int, bool, str]:
        """The firing-order key of a block (§6.2; :meth:`_build_order`)."""
        return AGILITY.index(f.agility), f.role != "defender", f.key

    def _resume(self, prev: Battle, events: list[dict[str, Any]]) -> None:
        """Go on with ``prev`` (see ``resume`` in the class doc, §6.4, §6.33); a side whose
        blocks left in the fight are all routed panics at once (§6.34)."""
        before = {f.key: f for f in prev.fighters}
        for f in self.fighters:
            old = before.get(f.key)
            if old is not None:
                f.routed, f.fired = old.routed, old.fired
        for s in SIDES:
            self._suffered[s] = self._suffered[s] or prev._suffered[s]
        self.round, self._offered = prev.round, list(prev._offered)
        if prev._cursor < len(prev._order):
            due = self._slot(prev.fighters[prev._order[prev._cursor]])
            self._cursor = sum(1 for i in self._order if self._slot(self.fighters[i]) < due)
        else:  # declared as the round closed: the next round
            self.round += 1
            self._offered = []
            for f in self.fighters:
                f.fired = False
        stuck = prev._retreater
        for side in (stuck, other_side(stuck)) if stuck in SIDES else SIDES:
            left = [f for f in self.fighters
                    if f.side == side and f.cv > 0 and f.carried_by is None]
            if left and all(f.routed for f in left):
                self._panic(side, left, events)
                return

    def _build_order(self) -> None:
        """Firing order (§6.2): agility, defenders first, then key; carried units never fire."""
        fs = self.fighters
        self._index = {f.key: i for i, f in enumerate(fs)}
        live = [i for i, f in enumerate(fs) if f.carried_by is None]
        self._order = sorted(live, key=lambda i: self._slot(fs[i]))

    # -- public view -----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """True once the battle has ended and :attr:`outcome` is set."""
        return self._phase == "over"

    @property
    def phase(self) -> str:
        """``round`` (normal fire), ``pursuit`` (§6.34), ``harry`` (§6.41) or ``over``."""
        return self._phase

    @property
    def suffered(self) -> tuple[str, ...]:
        """The sides that have taken a hit or a rout in this battle so far (§6.4, §14.11)."""
        return tuple(s for s in SIDES if self._suffered[s])

    def fighter(self, key: str) -> Fighter:
        """The block with this key."""
        try:
            return self.fighters[self._index[key]]
        except KeyError:
            raise BattleError(f"no block {key!r} in this battle") from None

    def firing_order(self) -> list[str]:
        """Keys of the blocks that can attack, in the order they fire each round (§6.2)."""
        return [self.fighters[i].key for i in self._order]

    def next_attacker(self) -> str | None:
        """Key of the block whose attack the next :meth:`step` resolves, if any."""
        if self._phase == "round" and self._cursor < len(self._order):
            return self.fighters[self._order[self._cursor]].key
        if self._phase in ("pursuit", "harry") and self._queue:
            return self.fighters[self._queue[0]].key
        return None

    def legal_choices(self) -> list[str]:
        """The choices of the pending decision, or an empty list."""
        return list(self.prompt.choices) if self.prompt else []

    # -- driving ---------------------------------------------------------------------------
    def choose(self, choice: str) -> list[dict[str, Any]]:
        """Answer the pending decision and return the events it caused.

        An illegal choice raises :class:`BattleError` naming the rule and changes nothing.
        """
        p = self.prompt
        if p is None:
            raise BattleError("no decision is pending; call step() to continue the battle")
        if choice not in p.choices:
            raise BattleError(
                f"{shown(choice)} is not a legal {p.kind} choice for {p.whose} "
                f"(§{p.rule}: {p.why}); choose one of {list(p.choices)}")
        self.prompt = None
        events: list[dict[str, Any]] = []
        if p.kind == "retreat":
            if choice == "retreat":
                self._declare_retreat(p.whose, events)
            else:
                self._ev(events, "stand", "6.2", side=p.whose,
                         why="fights on this round instead of retreating")
        else:
            target = self.fighters[self._index[choice]]
            why, pend = f"chosen by its owner, {p.why}", self._pending
            attacker = self.fighters[pend[0]]
            if p.kind == "hit":
                pend[2] -= 1
                self._apply_hit(attacker, target, p.rule, why, events)
            else:
                pend[3] -= 1
                self._apply_rout(attacker, target, why, events)
            if self._resolve(events):
                self._after_attack(attacker, pend[1], events)
        self._advance(events)
        self.log.extend(events)
        return events

    def step(self, policy: Callable[[Battle], str] | None = None) -> list[dict[str, Any]]:
        """Resolve exactly one unit attack (or pursuit/harrying attack, or round-end bookkeeping).

        If a decision is pending or arises mid-attack (a tie), ``policy`` answers it; without a
        policy, the step stops there and :attr:`prompt` shows the decision (a pending decision
        at the start raises :class:`BattleError`).
        """
        events: list[dict[str, Any]] = []
        while True:
            if self._phase == "over":
                if events:
                    return events
                raise BattleError("the battle is over; read battle.outcome")
            if self.prompt is not None:
                if policy is None:
                    if events:
                        return events
                    p = self.prompt
                    raise BattleError(
                        f"{p.whose} must first decide ({p.kind}, §{p.rule}): "
                        f"call choose() with one of {list(p.choices)}")
                mid_attack = self._pending is not None
                events += self.choose(policy(self))
                if mid_attack and self._pending is None:
                    return events
                continue
            new: list[dict[str, Any]] = []
            self._act(new)
            self._advance(new)
            self.log.extend(new)
            events += new
            if policy is None or self.prompt is None or self._pending is None:
                return events

    def run(self, policy: Callable[[Battle], str] | None = None) -> Outcome:
        """Play to the end, answering every decision with ``policy`` (default :data:`auto`)."""
        pol = auto if policy is None else policy
        while self._phase != "over":
            if self.prompt is not None:
                self.choose(pol(self))
            else:
                self.step()
        assert self.outcome is not None
        return self.outcome

    # -- the machine -----------------------------------------------------------------------
    def _ev(self, events: list[dict[str, Any]], kind: str, rule: str, **fields: Any) -> None:
        events.append({"kind": kind, "rule": rule, "round": self.round, **fields})

    def _advance(self, events: list[dict[str, Any]]) -> None:
        """Move to the next point where an attack can be resolved or a decision is needed."""
        fs = self.fighters
        while self._phase != "over" and self.prompt is None and self._pending is None:
            if self._phase == "round":
                while self._cursor < len(self._order):
                    f = fs[self._order[self._cursor]]
                    if f.cv == 0 or f.routed:
                        self._cursor += 1
                        continue
                    if f.side not in self._offered:
                        self._offered.append(f.side)
                        if self.may_retreat[f.side]:
                            self.prompt = BattleQuestion(
                                f.side, "retreat", ("fight", "retreat"), "6.4",
                                f"the first {f.side} attack of round {self.round} is due: "
                                "retreat all blocks now, or fight on")
                    return
                return
            queue = self._queue
            while queue and not self._can_chase(fs[queue[0]]):
                queue.pop(0)
            if queue:
                return
            if self._phase == "pursuit":
                self._start_harrying(events)
            else:
                self._finish(events)

    def _can_chase(self, f: Fighter) -> bool:
        """May this block still make its pursuit or harrying attack (alive, unrouted, a target)?"""
        if f.cv == 0 or f.routed:
            return False
        enemy = other_side(f.side)
        return any(g.side == enemy and g.cv > 0 and g.carried_by is None for g in self.fighters)

    def _act(self, events: list[dict[str, Any]]) -> None:
        """Resolve the next slot: one attack, a held fire, or the end of the round."""
        if self._phase == "round":
            if self._cursor == len(self._order):
                self._end_round(events)
                return
            i = self._order[self._cursor]
            self._cursor += 1
            f = self.fighters[i]
            f.fired = True
            if self.round == 1 and f.holds_round1:
                self._ev(events, "hold", "6.6" if self.kind != "sea" else "6.5", by=f.key,
                         side=f.side, why="engaged from the sea or across narrows: "
                         "no attack in the first combat round")
                return
            self._attack(i, "fire", events)
        else:
            self._attack(self._queue.pop(0), self._phase, events)

    def _attack(self, i: int, mode: str, events: list[dict[str, Any]]) -> None:
        """Roll one unit attack (§6.31) and apply it: hits first, then routs."""
        f = self.fighters[i]
        dice = self.dice.rolls(f.cv)
        hits = sum(1 for d in dice if d <= f.power)
        routs = sum(1 for d in dice if d >= 7 - f.power)
        rule = {"fire": "6.31", "pursuit": "6.34", "harry": "6.41"}[mode]
        fields: dict[str, Any] = {"by": f.key, "side": f.side, "rating": f.rating, "cv": f.cv,
                                  "dice": dice, "hits": hits, "routs": routs, "mode": mode}
        if mode != "fire":
            fields["routs_ignored"] = routs
            routs = 0
        self._ev(events, "attack", rule, **fields)
        self._pending = [i, mode, hits, routs]
        if self._resolve(events):
            self._after_attack(f, mode, events)

    def _targets(self, side: str, mode: str) -> tuple[list[Fighter], str, str]:
        """Blocks of ``side`` that may take the next hit, with the reason and the rule (§6.32)."""
        pool = [f for f in self.fighters if f.side == side and f.cv > 0 and f.carried_by is None
                and (mode != "fire" or not f.routed)]
        if not pool:
            return [], "", ""
        halves = [f for f in pool if f.half]
        if halves:
            return halves, "must take the next hit after its half-step loss", "8.11"
        note = ""
        if any(f.garrison for f in pool) and not all(f.garrison for f in pool):
            pool = [f for f in pool if not f.garrison]
            note = "; the garrison goes last (§7.3)"
        top = max(f.cv for f in pool)
        best = [f for f in pool if f.cv == top]
        word = "the strongest" if len(best) == 1 else "tied as the strongest"
        return best, f"{word} ({strength(top)}){note}", "6.32"

    def _resolve(self, events: list[dict[str, Any]]) -> bool:
        """Apply the pending attack's hits then routs; False if a tie needs the owner's choice."""
        pend = self._pending
        attacker = self.fighters[pend[0]]
        enemy = other_side(attacker.side)
        while pend[2] > 0:
            cands, why, rule = self._targets(enemy, pend[1])
            if not cands:
                self._ev(events, "unused", "6.32", by=attacker.key, hits=pend[2],
                         why="no enemy block left to take the hits")
                pend[2] = 0
                break
            if len(cands) > 1:
                self.prompt = BattleQuestion(enemy, "hit", tuple(sorted(f.key for f in cands)),
                                             rule, why)
                return False
            pend[2] -= 1
            self._apply_hit(attacker, cands[0], rule, why, events)
        while pend[3] > 0:
            pool = [f for f in self.fighters if f.side == enemy and f.cv > 0
                    and f.carried_by is None and not f.routed]
            able = [f for f in pool if not f.city]
            if not able:
                why = ("city defenders cannot be routed (§8.1)" if pool
                       else "every enemy block left is already routed")
                self._ev(events, "unused", "6.33", by=attacker.key, routs=pend[3], why=why)
                pend[3] = 0
                break
            low = min(f.cv for f in able)
            worst = [f for f in able if f.cv == low]
            why = f"the weakest not yet routed ({strength(low)})"
            if len(worst) > 1:
                self.prompt = BattleQuestion(enemy, "rout", tuple(sorted(f.key for f in worst)),
                                             "6.33", why.replace("the", "tied as the", 1))
                return False
            pend[3] -= 1
            self._apply_rout(attacker, worst[0], why, events)
        self._pending = None
        return True

    def _apply_hit(self, attacker: Fighter, target: Fighter, rule: str, why: str,
                   events: list[dict[str, Any]]) -> None:
        """One hit on ``target``: a step loss, or a half step under double defense (§8.11)."""
        self._suffered[target.side] = True
        if target.city and self.kind == "assault" and not self.treachery \
                and self.double_defense and not target.half:
            target.half = True
            self._ev(events, "half_hit", "8.11", by=attacker.key, target=target.key,
                     cv=target.cv, why=f"{why}; double defense: a half step, "
                     "the next hit completes it")
            return
        target.half = False
        target.cv -= 1
        self._ev(events, "hit", rule, by=attacker.key, target=target.key, cv=target.cv, why=why)
        if target.cv == 0:
            self._ev(events, "eliminated", "6.32", target=target.key, side=target.side,
                     why="lost its last step")
        if target.fleet:
            self._check_cargo(target, events)

    def _check_cargo(self, fleet: Fighter, events: list[dict[str, Any]]) -> None:
        """A carried land unit must stay weaker than its fleet (§6.5, §5.21)."""
        for f in self.fighters:
            if f.carried_by == fleet.key and f.cv >= fleet.cv and f.cv > 0:
                f.cv = max(fleet.cv - 1, 0)
                self._ev(events, "cargo_reduced", "6.5", target=f.key, carrier=fleet.key,
                         cv=f.cv, why="must stay weaker than its carrying fleet "
                         f"({strength(fleet.cv)})")
                if f.cv == 0:
                    self._ev(events, "eliminated", "6.5", target=f.key, side=f.side,
                             why="its carrying fleet can no longer hold it")

    def _apply_rout(self, attacker: Fighter, target: Fighter, why: str,
                    events: list[dict[str, Any]]) -> None:
        """Rout ``target``: it stops attacking and taking battle losses (§6.33)."""
        self._suffered[target.side] = True
        target.routed = True
        self._ev(events, "rout", "6.33", by=attacker.key, target=target.key, cv=target.cv,
                 why=why)

    def _after_attack(self, attacker: Fighter, mode: str, events: list[dict[str, Any]]) -> None:
        """After a normal attack: has the enemy been eliminated or panicked (§6.34, §14.11)?

        Pursuit and harrying attacks never change how the battle ends (§6.41: no Prestige).
        """
        if mode != "fire":
            return
        enemy = other_side(attacker.side)
        left = [f for f in self.fighters if f.side == enemy and f.cv > 0 and f.carried_by is None]
        if not left:
            self._victor, self._how = attacker.side, "elimination"
            self._ev(events, "all_eliminated", "14.11", side=enemy,
                     why=f"every {ADJECTIVE[enemy]} block in the battle is eliminated")
            self._finish(events)
        elif all(f.routed for f in left):
            self._panic(enemy, left, events)

    def _panic(self, side: str, left: list[Fighter], events: list[dict[str, Any]]) -> None:
        """All of ``side`` is routed: pursuit by faster unfired victors, then harrying (§6.34)."""
        victor = other_side(side)
        self._victor, self._how, self._retreater = victor, "panic", side
        rear = max(AGILITY.index(f.agility) for f in left)
        self._ev(events, "panic", "6.34", side=side, rearguard=AGILITY[rear],
                 why=f"every {ADJECTIVE[side]} block is routed; its slowest blocks (agility "
                 f"{AGILITY[rear]}) are the rearguard")
        fs = self.fighters
        self._queue = [i for i in self._order if fs[i].side == victor and fs[i].cv > 0
                       and not fs[i].routed and not fs[i].fired
                       and AGILITY.index(fs[i].agility) < rear
                       and not (self.round == 1 and fs[i].holds_round1)]
        self._phase = "pursuit"

    def _declare_retreat(self, side: str, events: list[dict[str, Any]]) -> None:
        """``side`` retreats all its blocks (§6.4); a Retire if nothing was suffered on land."""
        self._victor, self._retreater = other_side(side), side
        retire = self.kind != "sea" and not self._suffered[side]
        self._how = "retire" if retire else "retreat"
        self._ev(events, "retreat", "6.4", side=side, why="it has suffered no hit or rout, so it "
                 "retires and no Prestige changes hands (§14.11)" if retire
                 else f"{SIDE_WORD[other_side(side)]} gains 1 Prestige (§14.11)")
        self._start_harrying(events)

    def _start_harrying(self, events: list[dict[str, Any]]) -> None:
        """Unrouted cavalry of both sides harry, the side that stays first (§6.41)."""
        fs = self.fighters
        stay, go = self._victor, self._retreater
        self._queue = [i for side in (stay, go) for i in self._order
                       if fs[i].side == side and fs[i].cavalry and fs[i].cv > 0
                       and not fs[i].routed and not (self.round == 1 and fs[i].holds_round1)]
        self._phase = "harry"

    def _end_round(self, events: list[dict[str, Any]]) -> None:
        """Close a combat round: cancel half steps (§8.11), then the next round (§6.2)."""
        self._cancel_halves(events)
        self._ev(events, "round_end", "6.2", why="every block has had its attack")
        if self.treachery:
            side = next(f.side for f in self.fighters if f.role == "aggressor")
            self._victor, self._retreater, self._how = other_side(side), side, "treachery_failed"
            self._ev(events, "retreat", "3.1", side=side,
                     why="a Treachery Assault lasts one round and the city still stands")
            self._start_harrying(events)
            return
        self.round += 1
        self._cursor = 0
        self._offered = []
        for f in self.fighters:
            f.fired = False

    def _cancel_halves(self, events: list[dict[str, Any]]) -> None:
        for f in self.fighters:
            if f.half:
                f.half = False
                self._ev(events, "half_cancelled", "8.11", target=f.key,
                         why="half-step loss not completed this round")

    def _finish(self, events: list[dict[str, Any]]) -> None:
        """End the battle and record the outcome (§6.34, §6.4, §14.11)."""
        self._cancel_halves(events)
        self._queue = []
        self._phase = "over"
        how, victor = self._how, self._victor
        out = self.outcome = outcome_of(self.fighters, victor, how,
                                        self._suffered[other_side(victor)], self.round)
        why = outcome_sentence(victor, how, out.prestige, out.rounds).rstrip(".")
        self._ev(events, "battle_end", out.prestige_rule, winner=victor, how=how,
                 prestige=out.prestige, why=why)

    # -- copying and saving ----------------------------------------------------------------
    def clone(self) -> Battle:
        """A cheap independent copy (fighters and small lists copied, events shared)."""
        b = Battle.__new__(Battle)
        b.kind, b.treachery, b.may_retreat = self.kind, self.treachery, dict(self.may_retreat)
        b.double_defense = self.double_defense
        b.fighters = [f.copy() for f in self.fighters]
        b.dice = self.dice.clone()
        b.round, b.prompt, b.log, b.outcome = self.round, self.prompt, list(self.log), self.outcome
        b._order, b._index = self._order, self._index
        b._phase, b._cursor, b._queue = self._phase, self._cursor, list(self._queue)
        b._offered, b._suffered = list(self._offered), dict(self._suffered)
        b._pending = None if self._pending is None else list(self._pending)
        b._retreater, b._victor, b._how = self._retreater, self._victor, self._how
        return b

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready snapshot of the whole battle, including its dice and log."""
        return {
            "version": _VERSION, "kind": self.kind, "treachery": self.treachery,
            "double_defense": self.double_defense,
            "may_retreat": dict(self.may_retreat),
            "fighters": [f.to_dict() for f in self.fighters], "dice": self.dice.to_dict(),
            "round": self.round, "phase": self._phase, "cursor": self._cursor,
            "queue": [self.fighters[i].key for i in self._queue], "offered": list(self._offered),
            "suffered": dict(self._suffered),
            "pending": None if self._pending is None else
            [self.fighters[self._pending[0]].key, *self._pending[1:]],
            "retreater": self._retreater, "victor": self._victor, "how": self._how,
            "prompt": None if self.prompt is None else self.prompt.to_dict(),
            "log": [dict(e) for e in self.log],
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Battle:
        """Rebuild a battle saved by :meth:`to_dict` (the setup is validated again)."""
        if d.get("version") != _VERSION:
            raise BattleError(f"saved battle has version {d.get('version')!r}; "
                              f"this code reads version {_VERSION}")
        fs = [Fighter.from_dict(x) for x in d["fighters"]]
        validate_battle(fs, d["kind"], d["treachery"])
        b = cls.__new__(cls)
        b.kind, b.treachery, b.fighters = d["kind"], d["treachery"], fs
        b.double_defense = bool(d.get("double_defense", True))
        b.may_retreat = retreat_rights(fs, d["kind"], d["may_retreat"])
        b._build_order()
        b.dice = Dice.from_dict(d["dice"])
        b.round, b._phase, b._cursor = d["round"], d["phase"], d["cursor"]
        b._queue = [b._index[k] for k in d["queue"]]
        b._offered, b._suffered = list(d["offered"]), dict(d["suffered"])
        p = d["pending"]
        b._pending = None if p is None else [b._index[p[0]], *p[1:]]
        b._retreater, b._victor, b._how = d["retreater"], d["victor"], d["how"]
        b.prompt = None if d["prompt"] is None else BattleQuestion.from_dict(d["prompt"])
        b.log = [dict(e) for e in d["log"]]
        b.outcome = None if d["outcome"] is None else Outcome.from_dict(d["outcome"])
        return b

    def __repr__(self) -> str:
        state = "over" if self.over else f"round {self.round}, {self._phase}"
        return f"<Battle {self.kind} {len(self.fighters)} blocks, {state}>"
