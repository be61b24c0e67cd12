"""One new battle in one hex, round by round (§5.3-§5.43, §5.5; aid "Combat Phase",
"Naval Combat", "Retreats"), on the fire and hits of :mod:`.combat`.

Each round (at most two) has three parts, each block acting once a round:

1. **Sea battle**: if both sides have navies at sea, they act in combat order: fire at the
   enemy navies, withdraw into the walled city (defenders, within the siege limit), or, in
   round 2, retreat. A navy that had no enemy navy to act against joins the land battle,
   withdraws, or stays at sea.
2. **Land battle**: armies, and navies that joined, act in combat order: fire at the enemy
   blocks in the land battle, withdraw, or (round 2) retreat. Attacking armies that crossed a
   strait cannot fight while the defender still has a navy at sea (§4.3, §5.41).
3. **Siege battle**: when only blocks in the city face them, attacking blocks that have not
   acted storm (up to the siege limit, which never counts a revolt block, §7.0) or stay in
   reserve; stormers and the blocks in the city that have not acted fire in combat order,
   with siege ratings (§5.41) and double defence for the city's defenders.

After round 2 (§5.43): defenders left outside the city force the attacking armies to retreat;
an enemy navy left at sea forces the attacking navies away unless the city fell. By the aid's
reading (the default) every block that retreats takes one more fire from each enemy peltast
and cavalry in the battle; with the option ``pursuit: forced_only`` only the attacking armies
forced out at the end do (§5.43). Where the blocks go is the map's business: the battle only
names who must or did retreat.

Decisions are asked of ``policy(battle, block, options)``; ties among equally strong targets
of ``pick``. :func:`auto` fires when it can, joins the land battle, and storms.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from hellenes_nb.core.dice import Dice
from hellenes_nb.games.athens_sparta.rules.combat import (
    CombatBlock,
    fire,
    firing_order,
    heal_half_hits,
)
from hellenes_nb.games.athens_sparta.rules.revolting import REVOLT_TYPES

__all__ = ["Battle", "BattleError", "auto"]

Policy = Callable[["Battle", CombatBlock, list[str]], str]
Pick = Callable[[list[CombatBlock]], CombatBlock]


class BattleError(ValueError):
    """A battle set up or driven against the rules, in plain words."""


def auto(battle: Battle, block: CombatBlock, options: list[str]) -> str:
    """Fire when possible, else join the land battle, else storm, else the first option."""
    for choice in ("fire", "land", "storm"):
        if choice in options:
            return choice
    return options[0]


def _first(tied: list[CombatBlock]) -> CombatBlock:
    return tied[0]


@dataclass
class Battle:
    """A new battle: ``walled`` when the defender has a walled city here, ``limit`` its siege
    limit (4 major, 2 minor, §5.31), ``crossed`` the attacking armies that came across a
    strait."""

    blocks: list[CombatBlock]
    dice: Dice
    walled: bool = False
    limit: int = 4
    crossed: frozenset = frozenset()
    pursuit: str = "aid"
    #: an on-going siege stormed: the siege battle only (§5.4)
    siege_only: bool = False
    #: the attacker sallies from its besieged city: its armies cannot retreat (§5.42)
    sally: frozenset = frozenset()
    #: the option ``ship_retreat``: "fan" (round 2 only, §5.42) or "round1" (the aid's
    #: reading: defending navies may retreat in round 1 too)
    ship_retreat: str = "fan"
    #: attacking blocks that may not storm (regrouped this Combat Phase, the option
    #: ``regroup_storm: no``, §5.6)
    reserve: frozenset = frozenset()
    #: a battle in Sicily (§9.2): "aid" (it goes on: nobody retreats or is forced out, no
    #: pursuit) or "fan" (only attacking navies retreat; defenders withdraw after round 2)
    box: str = ""
    #: the defender's navies may patrol instead of accepting battle (aid "Sea Patrols"): set
    #: at its own unblockaded port when the option ``sea_patrols`` is on
    patrol_ok: bool = False
    #: the defending navies that patrol: at sea, out of the land battle and the siege
    patrolling: set = field(default_factory=set)
    in_siege: set = field(default_factory=set)
    at_land: set = field(default_factory=set)
    retreated: set = field(default_factory=set)
    round: int = 0
    log: list = field(default_factory=list)

    def __post_init__(self) -> None:
        ids = [b.id for b in self.blocks]
        if len(set(ids)) != len(ids):
            raise BattleError("two blocks in the battle have the same id")
        if {b.side for b in self.blocks} != {"attacker", "defender"}:
            raise BattleError("a battle needs blocks of both the attacker and the defender")
        if self.pursuit not in ("aid", "forced_only"):
            raise BattleError(f"the option pursuit is 'aid' or 'forced_only', not "
                              f"{self.pursuit!r}")

    # -- who is where ------------------------------------------------------------------------
    def _out(self, b: CombatBlock) -> bool:
        return b.alive and b.id not in self.in_siege and b.id not in self.retreated

    def at_sea(self, side: str) -> list[CombatBlock]:
        return [b for b in self.blocks if b.side == side and b.type == "navy" and self._out(b)
                and b.id not in self.at_land]

    def on_land(self, side: str) -> list[CombatBlock]:
        return [b for b in self.blocks if b.side == side and self._out(b) and (
            b.type != "navy" or b.id in self.at_land) and not self._held_back(b)]

    def in_city(self) -> list[CombatBlock]:
        """The defender's blocks inside its walls (an attacker's blocks that stay in their own
        besieged city while relief forces fight are in ``in_siege`` too, out of the battle)."""
        return [b for b in self.blocks if b.alive and b.id in self.in_siege
                and b.side == "defender"]

    def _held_back(self, b: CombatBlock) -> bool:
        """An attacking army across a strait while the defender keeps a navy at sea."""
        return b.id in self.crossed and bool(self.at_sea("defender"))

    def present(self, side: str) -> list[CombatBlock]:
        return [b for b in self.blocks if b.side == side and b.alive
                and b.id not in self.retreated]

    # -- driving -------------------------------------------------------------------------------
    def run(self, policy: Policy = auto, pick: Pick = _first) -> dict:
        """Fight both rounds (or until a side has no block left in the hex); the outcome.
        If a choice is refused (:class:`BattleError`), the blocks and the battle are left as
        they were before the call, and ``battle.dice`` is a generator equal to the one it had
        (the rolls made before the refusal are undone)."""
        saved = ([(b.strength, b.half_hit) for b in self.blocks], self.dice.clone(),
                 set(self.in_siege), set(self.at_land), set(self.retreated), self.round,
                 list(self.log), set(self.patrolling))
        try:
            return self._fight(policy, pick)
        except BattleError:
            (steps, dice, self.in_siege, self.at_land, self.retreated, self.round, self.log,
             self.patrolling) = saved
            for b, (strength, half) in zip(self.blocks, steps, strict=True):
                b.strength, b.half_hit = strength, half
            self.dice = Dice.from_dict(dice.to_dict())
            raise

    def play(self, policy: Policy = auto, pick: Pick = _first) -> dict:
        """Fight both rounds as :meth:`run` does, without undoing anything when ``policy``
        raises (the Combat Phase replays a battle from its recorded choices and rolls, and
        stops it where a player must choose: :mod:`.combatphase`)."""
        return self._fight(policy, pick)

    def _fight(self, policy: Policy, pick: Pick) -> dict:
        if self.patrol_ok and not self.siege_only:
            self._declare(policy)
        for number in (1, 2):
            self.round = number
            acted: set[str] = set()
            if not self.siege_only:
                self._sea(policy, pick, acted)
                self._land(policy, pick, acted)
            self._siege(policy, pick, acted)
            if not self.present("attacker") or not self.present("defender"):
                break
        return self._end(pick)

    def _declare(self, policy: Policy) -> None:
        """Before round 1 each defending navy at sea accepts battle or patrols (aid "Sea
        Patrols"): a patrolling navy stays at sea in the hex, never joins the land battle or
        withdraws into the city, and only enemy navies fight it."""
        self.round = 1
        for b in firing_order(self.at_sea("defender")):
            choice = policy(self, b, ["accept", "patrol"])
            if choice not in ("accept", "patrol"):
                raise BattleError(f"{b.id} cannot {choice!r} now; it may accept or patrol")
            if choice == "patrol":
                self.patrolling.add(b.id)
                self.log.append({"round": 1, "part": "declaration", "block": b.id,
                                 "patrols": True, "rule": "aid"})

    def _options(self, b: CombatBlock, targets: list[CombatBlock]) -> list[str]:
        options = ["fire"] if targets else []
        if b.side == "defender" and self.walled and len(self.in_city()) < self.limit \
                and b.id not in self.patrolling:
            options.append("withdraw")
        early = self.ship_retreat == "round1" and b.type == "navy" and b.side == "defender"
        boxed = self.box and (self.box == "aid" or b.side == "defender" or b.type != "navy")
        if (self.round == 2 or early) and b.id not in self.sally and not boxed:
            options.append("retreat")
        return options

    def _act(self, b: CombatBlock, targets: list[CombatBlock], policy: Policy, pick: Pick,
             acted: set[str], part: str, **fire_args) -> None:
        options = self._options(b, targets)
        if not options:
            return
        choice = policy(self, b, options)
        if choice not in options:
            raise BattleError(f"{b.id} cannot {choice!r} now; it may {', '.join(options)}")
        acted.add(b.id)
        if choice == "fire":
            event = fire(b, targets, self.dice, pick=pick, **fire_args)
        elif choice == "withdraw":
            self.in_siege.add(b.id)
            event = {"block": b.id, "withdraws": True, "rule": "§5.4"}
        else:
            self.retreated.add(b.id)
            event = {"block": b.id, "retreats": True, "rule": "§5.42"}
        self.log.append({"round": self.round, "part": part, **event})

    def _sea(self, policy: Policy, pick: Pick, acted: set[str]) -> None:
        if self.at_sea("attacker") and self.at_sea("defender"):
            for b in firing_order(self.at_sea("attacker") + self.at_sea("defender")):
                enemy = "defender" if b.side == "attacker" else "attacker"
                if b.id in acted or not self._out(b) or not self.at_sea(enemy):
                    continue
                self._act(b, self.at_sea(enemy), policy, pick, acted, "sea")
        for b in [x for x in self.blocks if x.type == "navy" and self._out(x)
                  and x.id not in self.at_land and x.id not in acted
                  and x.id not in self.patrolling]:
            enemy = "defender" if b.side == "attacker" else "attacker"
            if self.at_sea(enemy):
                continue
            options = ["land", "stay"]
            if b.side == "defender" and self.walled and len(self.in_city()) < self.limit:
                options.append("withdraw")
            choice = policy(self, b, options)
            if choice == "land":
                self.at_land.add(b.id)
            elif choice == "withdraw":
                self.in_siege.add(b.id)
                acted.add(b.id)

    def _land(self, policy: Policy, pick: Pick, acted: set[str]) -> None:
        for b in firing_order(self.on_land("attacker") + self.on_land("defender")):
            enemy = "defender" if b.side == "attacker" else "attacker"
            if b.id in acted or b not in self.on_land(b.side):
                continue
            targets = self.on_land(enemy)
            if targets:
                self._act(b, targets, policy, pick, acted, "land")

    def _siege(self, policy: Policy, pick: Pick, acted: set[str]) -> None:
        if not self.in_city() or self.on_land("defender") or any(
                b.id not in self.patrolling for b in self.at_sea("defender")):
            return  # only when the city's blocks alone face the attacker (§5.41; a patrol
            # at sea is out of the land and siege battle, aid "Sea Patrols")
        storming = []
        navies = self.at_sea("attacker") if self.siege_only else []  # §5.4: navies too
        for b in self.on_land("attacker") + navies:
            counted = [s for s in storming if s.type not in REVOLT_TYPES]  # §7.0: not these
            if b.id in acted or b.id in self.reserve or (
                    len(counted) == self.limit and b.type not in REVOLT_TYPES):
                continue
            if policy(self, b, ["storm", "stay"]) == "storm":
                storming.append(b)
        if not storming:
            return
        for b in firing_order(storming + self.in_city(), siege=True):
            if b.id in acted or not b.alive:
                continue
            acted.add(b.id)
            if b.side == "attacker":
                if not self.in_city():
                    break
                event = fire(b, self.in_city(), self.dice, siege=True, walled_defence=True,
                             pick=pick)
            else:
                event = fire(b, [s for s in storming if s.alive], self.dice, siege=True,
                             pick=pick)
            self.log.append({"round": self.round, "part": "siege", **event})

    def _end(self, pick: Pick) -> dict:
        heal_half_hits(self.blocks)
        if self.box == "fan" and self.walled:  # §9.2: the defenders withdraw after round 2
            self.in_siege |= {b.id for b in self.on_land("defender") + self.at_sea("defender")}
        outside = self.on_land("defender") + self.at_sea("defender")
        city_fell = self.walled and not self.in_city() and not outside
        # patrolling navies hold the sea, not the land (aid "Sea Patrols")
        ashore = [b for b in outside if b.id not in self.patrolling]
        forced = []
        if ashore and not self.box:  # nobody is forced out of Sicily (§9.2)
            forced += [b for b in self.present("attacker") if b.type != "navy"]
        if self.at_sea("defender") and not city_fell and not self.box:
            forced += [b for b in self.present("attacker") if b.type == "navy"]
        chased = [b for b in self.blocks if b.id in self.retreated] if self.pursuit == "aid" \
            else []
        self._pursue(forced + chased, pick)
        for b in forced:
            self.retreated.add(b.id)
        if self.present("attacker") and all(
                b.id in self.patrolling for b in self.present("defender")):
            # the land is lost: the patrol sails away (aid "Sea Retreats", no pursuit)
            self.retreated |= {b.id for b in self.present("defender")}
        attackers, defenders = self.present("attacker"), self.present("defender")
        winner = None
        if not defenders and attackers:
            winner = "attacker"
        elif not attackers and defenders:
            winner = "defender"
        return {"winner": winner, "must_retreat": sorted(b.id for b in forced),
                "retreated": sorted(self.retreated), "in_city": sorted(
                    b.id for b in self.in_city()),
                "siege": bool(self.in_city()) and bool(attackers) and not ashore,
                "patrolled": sorted(self.patrolling)}

    def _pursue(self, running: list[CombatBlock], pick: Pick) -> None:
        """One more fire from each enemy peltast and cavalry in the battle (aid 'Retreats';
        §5.43 for the forced retreat only with the option)."""
        for side in ("attacker", "defender"):
            prey = [b for b in running if b.side == side and b.alive and b.type != "navy"]
            if not prey:
                continue
            hunters = [b for b in self.blocks if b.side != side and b.alive
                       and b.type in ("peltast", "cavalry") and b.id not in self.in_siege
                       and b.id not in self.retreated]
            for h in firing_order(hunters):
                if any(p.alive for p in prey):
                    event = fire(h, [p for p in prey if p.alive], self.dice, pick=pick)
                    self.log.append({"round": self.round, "part": "pursuit", **event})
