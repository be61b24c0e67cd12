"""The battle widget: a battle resolved live in a notebook, one unit attack per click (§6, §8.1).

``BattleWidget`` wraps one battle machine
(:class:`~hellenes_nb.games.hellenes.rules.battle.combat.Battle`). Python owns the rules and the
dice; the browser (``static/battle.js``) only draws the traits and sends requests through the
``request`` trait. Every change goes through the same Python methods a lesson calls, so a notebook
can drive it without a browser::

    w = BattleWidget.from_forces(attacker="cav:A1:2,B2:3", defender="C2:4,A1:2",
                                 attacker_side="sparta", seed=7)
    w.force_dice([1, 2, 5])      # the next dice thrown (for a lesson's worked example)
    w.step()                     # exactly one unit attack (§6.31)
    w.choose("fight")            # answer the retreat option (§6.4) or an owner's choice (§6.32)
    w.run_round(); w.run_battle()
    w.appeal_ares(); w.accept_dice()   # answer an offered appeal to Ares (§11.0)
    w.log, w.history, w.odds     # narration, a polars table of attacks, the odds from here

Narration, block states and the prestige at stake are built here, in plain words citing rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anywidget
import polars as pl
import traitlets

from hellenes_nb.core.dice import Dice
from hellenes_nb.core.echo import shown
from hellenes_nb.games.hellenes.index import SIDE_NAMES
from hellenes_nb.games.hellenes.odds.forces import MAX_BLOCKS, Block, parse_forces, too_many
from hellenes_nb.games.hellenes.rules.battle.blocks import Fighter, other_side
from hellenes_nb.games.hellenes.rules.battle.combat import Battle
from hellenes_nb.games.hellenes.rules.battle.policies import auto
from hellenes_nb.games.hellenes.rules.battle.setup import BattleError
from hellenes_nb.games.hellenes.rules.olympians import GODS, can_appeal
from hellenes_nb.widgets.browser_writes import BrowserWrites
from hellenes_nb.widgets.live_odds import live_odds

if TYPE_CHECKING:
    import ipywidgets

    from hellenes_nb.widgets.charts import OddsChart

__all__ = ["KINDS", "SPEEDS", "BattleWidget"]

_STATIC = Path(__file__).parent / "static"

#: Battle kinds the widget sets up: ``narrows`` is a sea battle whose aggressors cannot fire in
#: round 1 (§6.5); ``landing`` a land battle against aggressors from the sea (§6.6);
#: ``treachery`` a one-round siege assault without double defense (§3.1).
KINDS = ("land", "sea", "narrows", "landing", "assault", "treachery", "sortie")

#: Animation speeds of the dice roll in the browser (``instant`` never animates).
SPEEDS = ("slow", "normal", "fast", "instant")

SIDE_WORD = {"athens": "Athens", "sparta": "Sparta"}
ADJECTIVE = {"athens": "Athenian", "sparta": "Spartan"}
HOW_TEXT = {"elimination": "eliminating every enemy block", "panic": "enemy panic",
            "retreat": "enemy retreat", "retire": "the enemy retiring (a skirmish)",
            "treachery_failed": "holding out through the Treachery Assault"}
_ATTACK_PARTS = {"attack", "hit", "half_hit", "rout", "eliminated", "unused"}
_FORCE_KEYS = {"name", "rating", "cv", "max_cv", "cavalry", "fleet", "garrison", "carried"}
#: The appeals the board offers after a unit attack (§11.0): Ares re-rolls it, Hera lets the
#: opponent have an Ares re-roll rolled once more.
APPEAL_GODS = ("ares", "hera")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"



def _struck(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The narrative with the lines of its latest unit attack (from its "attack" line on)
    marked ``replaced``: an appeal to Ares or Hera rolls that attack again (§11.0), and the
    board shows the old lines struck through rather than dropping them."""
    start = max((i for i, line in enumerate(log) if line["kind"] == "attack"), default=len(log))
    return [*log[:start], *({**line, "replaced": True} for line in log[start:])]

class BattleWidget(BrowserWrites, anywidget.AnyWidget):
    """One battle on a board: blocks in battle array, dice, narration and odds (module doc)."""

    #: what the page may set: its requests and the dice animation speed; the rest is Python's
    browser_writable = frozenset({"request", "speed"})
    _esm = _STATIC / "battle.js"
    _css = _STATIC / "battle.css"

    title = traitlets.Unicode("").tag(sync=True)
    kind = traitlets.Unicode("land").tag(sync=True)
    columns = traitlets.List(traitlets.Unicode()).tag(sync=True)
    blocks = traitlets.List(traitlets.Dict()).tag(sync=True)
    round = traitlets.Int(1).tag(sync=True)
    phase = traitlets.Unicode("round").tag(sync=True)
    next_key = traitlets.Unicode("").tag(sync=True)
    prompt = traitlets.Dict().tag(sync=True)
    stake = traitlets.List(traitlets.Unicode()).tag(sync=True)
    outcome = traitlets.Dict().tag(sync=True)
    last_attack = traitlets.Dict().tag(sync=True)
    log = traitlets.List(traitlets.Dict()).tag(sync=True)
    odds = traitlets.Dict().tag(sync=True)
    odds_track = traitlets.List(traitlets.Dict()).tag(sync=True)
    forced = traitlets.List(traitlets.Int()).tag(sync=True)
    speed = traitlets.Enum(SPEEDS, default_value="normal").tag(sync=True)
    request = traitlets.Dict().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    seq = traitlets.Int(0).tag(sync=True)
    sacrifices = traitlets.Dict().tag(sync=True)
    appeal = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        battle: Battle,
        *,
        names: Mapping[str, str] | None = None,
        title: str = "",
        seed: int = 0,
        sacrifices: Mapping[str, Iterable[str]] | Any = None,
        **kwargs: Any,
    ) -> None:
        """``sacrifices``: the Sacrifices each side holds, ``{"athens": ["ares"], ...}``, or a
        game (``Game`` or its ``State``) to read them from; only those that may still be
        appealed this player turn count (§11.0)."""
        if not isinstance(battle, Battle):
            raise TypeError("BattleWidget shows a rules.combat.Battle, "
                            f"got {type(battle).__name__}")
        super().__init__(**kwargs)
        self._names = {f.key: f"{ADJECTIVE[f.side]} {f.key}" for f in battle.fighters}
        self._names.update(names or {})
        self._start = battle.to_dict()
        self._attacks = sum(1 for e in battle.log if e["kind"] == "attack")
        self._chart: OddsChart | None = None
        self._held_start = _read_sacrifices(sacrifices)
        self._held = {side: list(gods) for side, gods in self._held_start.items()}
        self._used: set[str] = set()
        self._before: Battle | None = None
        self._roll_policy: Callable[[Battle], str] | None = None
        self._offer: dict[str, Any] | None = None
        self._chain: tuple[str, str, str, int] | None = None
        self._rerolls = 0
        self.seed = seed
        self.battle = battle
        self.kind = self._kind_label()
        self.title = title or self._default_title()
        self.columns = list("EF" if battle.kind == "sea" else "ABCD")
        self.log = [line for e in battle.log if (line := self._narrate(e))]
        self._settle()
        self._refresh([])

    # -- building ----------------------------------------------------------------------------
    @classmethod
    def from_forces(
        cls,
        attacker: str | Sequence[Mapping[str, Any]],
        defender: str | Sequence[Mapping[str, Any]],
        kind: str = "land",
        *,
        seed: int = 0,
        attacker_side: str = "athens",
        may_retreat: Mapping[str, bool] | None = None,
        title: str = "",
        **kwargs: Any,
    ) -> BattleWidget:
        """A standalone battle for teaching, built from two forces (§6.1).

        Each force is a forces string in the odds syntax (``"B2:3,cav:A1:2"``, docs/odds.md) or
        a list of dicts such as ``{"name": "Spartiates", "rating": "B2", "cv": 4}`` with
        optional ``max_cv``, ``cavalry``, ``fleet``, ``garrison`` and, at sea, ``carried``
        (a dict for the land unit the fleet carries, §6.5). ``kind`` is one of :data:`KINDS`.
        In siege assaults every defender fights as an A2 city defender (§8.1).
        ``sacrifices=`` (see the constructor) lets a side appeal to Ares after an attack.
        """
        if kind not in KINDS:
            raise BattleError(f"battle kind must be one of {', '.join(KINDS)}; got {shown(kind)}")
        if attacker_side not in SIDE_WORD:
            raise BattleError("attacker_side must be 'athens' or 'sparta', got "
                              f"{shown(attacker_side)}")
        names: dict[str, str] = {}
        fighters = []
        for role, side, force in (("aggressor", attacker_side, attacker),
                                  ("defender", other_side(attacker_side), defender)):
            fighters += _build_force(force, side, role, kind, names)
        battle = Battle(fighters, {"narrows": "sea", "landing": "land",
                                   "treachery": "assault"}.get(kind, kind),
                        dice=Dice(seed), treachery=kind == "treachery", may_retreat=may_retreat)
        return cls(battle, names=names, title=title, seed=seed, **kwargs)

    def _kind_label(self) -> str:
        b = self.battle
        holds = any(f.holds_round1 for f in b.fighters)
        if b.kind == "sea":
            return "narrows" if holds else "sea"
        if b.kind == "land" and holds:
            return "landing"
        if b.kind == "assault" and b.treachery:
            return "treachery"
        return b.kind

    def _default_title(self) -> str:
        aggressor = next(f.side for f in self.battle.fighters if f.role == "aggressor")
        what = {"land": "Land battle", "sea": "Sea battle", "narrows": "Sea battle across narrows",
                "landing": "Sea landing", "assault": "Siege assault",
                "treachery": "Treachery assault", "sortie": "Sortie"}[self.kind]
        return f"{what}: {SIDE_WORD[aggressor]} attacks {SIDE_WORD[other_side(aggressor)]}"

    # -- the Python API ----------------------------------------------------------------------
    def name(self, key: str) -> str:
        """The display name of a block."""
        return self._names.get(key, key)

    def step(self) -> list[dict[str, Any]]:
        """Resolve exactly one unit attack (§6.31), or stop at a decision the engine asks for.

        Holds of first-round fire (§6.5, §6.6) and the end of a round (§6.2) are bookkeeping and
        happen on the way. Raises :class:`BattleError` if a decision or an appeal (§11.0) is
        pending, or it is over.
        """
        self._check_no_offer()
        b = self.battle
        if b.over:
            raise BattleError("the battle is over; see widget.outcome or restart()")
        if b.prompt is not None:
            p = b.prompt
            raise BattleError(f"{SIDE_WORD[p.whose]} must first decide ({p.kind}, §{p.rule}): "
                              f"call choose() with one of {list(p.choices)}")
        return self._advance(None)

    def advance(self) -> list[dict[str, Any]]:
        """Like :meth:`step`, but any pending decision is answered by the auto policy first
        (fight on, tied blocks in key order); the browser's auto modes use this."""
        if self.battle.over:
            raise BattleError("the battle is over; see widget.outcome or restart()")
        return self._advance(auto)

    def choose(self, choice: str) -> list[dict[str, Any]]:
        """Answer the pending decision: ``"fight"``/``"retreat"`` (§6.4) or a tied block's key
        (owner's choice, §6.32–6.33)."""
        self._check_no_offer()
        events = self.battle.choose(choice)
        events += self._settle()
        self._refresh(events)
        return events

    def run_round(self) -> list[dict[str, Any]]:
        """Play to the end of the current round (or of the battle), decisions by auto policy
        (which never appeals to an Olympian: an offered appeal is declined)."""
        b, events = self.battle, []
        start = b.round
        while not b.over and b.round == start:
            events += self._attack_once(auto)
        self._refresh(events)
        return events

    def run_battle(self) -> list[dict[str, Any]]:
        """Play the battle to its end, decisions by auto policy (never retreat, §6.4)."""
        events: list[dict[str, Any]] = []
        while not self.battle.over:
            events += self._attack_once(auto)
        self._refresh(events)
        return events

    def force_dice(self, faces: Iterable[int]) -> None:
        """Queue die faces for the next rolls (a lesson replaying a worked example)."""
        self.battle.dice.force(faces)
        self.forced = list(self.battle.dice.forced)

    def restart(self, seed: int | None = None) -> None:
        """Set the battle back to its opening array with fresh dice (``seed``, else the next)."""
        self.seed = self.seed + 1 if seed is None else seed
        self.battle = Battle.from_dict(self._start)
        self.battle.dice = Dice(self.seed)
        self._attacks = 0
        self._held = {side: list(gods) for side, gods in self._held_start.items()}
        self._used, self._before, self._offer, self._chain = set(), None, None, None
        self.log = [line for e in self.battle.log if (line := self._narrate(e))]
        self.last_attack, self.odds_track, self.error = {}, [], ""
        self._settle()
        self._refresh([])

    def appeal_ares(self) -> list[dict[str, Any]]:
        """The side offered the appeal calls on Ares: the battle goes back to just before the
        latest unit attack and that attack is rolled again, with the next dice (forced faces
        still come first). A paid appeal spends the side's Sacrifice and lets it re-roll later
        attacks of the same side's agility class this round for free (§11.0)."""
        return self._appeal("ares")

    def appeal_hera(self) -> list[dict[str, Any]]:
        """The opponent overrules an appeal to Ares with Hera: the attack is rolled once more
        and that result stands (§11.0)."""
        return self._appeal("hera")

    def accept_dice(self) -> list[dict[str, Any]]:
        """The side offered an appeal lets the dice stand; the offer passes to the other side
        if it may appeal too (§11.0)."""
        offer = self._offer
        if offer is None:
            raise BattleError("no appeal is on offer, so there are no dice to accept (§11.0)")
        events = [self._appeal_event("accept", offer["sides"][0], offer["god"],
                                     free=offer["free"])]
        offer["sides"] = offer["sides"][1:]
        if not offer["sides"]:
            self._offer = None
        self._refresh(events)
        return events

    @property
    def history(self) -> pl.DataFrame:
        """Every unit attack so far: round, mode, attacker, dice, hits, routs, targets, rule."""
        rows: list[dict[str, Any]] = []
        for e in self.battle.log:
            if e["kind"] == "attack":
                rows.append({"round": e["round"], "mode": e["mode"], "attacker": e["by"],
                             "name": self.name(e["by"]), "side": e["side"],
                             "rating": e["rating"], "dice": e["dice"], "hits": e["hits"],
                             "routs": e["routs"], "targets": [], "rule": e["rule"]})
            elif e["kind"] in ("hit", "half_hit", "rout") and rows:
                rows[-1]["targets"].append(f"{self.name(e['target'])} ({e['kind']})")
        schema = {"round": pl.Int64, "mode": pl.Utf8, "attacker": pl.Utf8, "name": pl.Utf8,
                  "side": pl.Utf8, "rating": pl.Utf8, "dice": pl.List(pl.Int64),
                  "hits": pl.Int64, "routs": pl.Int64, "targets": pl.List(pl.Utf8),
                  "rule": pl.Utf8}
        return pl.DataFrame(rows, schema=schema)

    @property
    def chart(self) -> OddsChart:
        """The bqplot odds chart bound to this widget (built on first use)."""
        if self._chart is None:
            from hellenes_nb.widgets.charts import OddsChart

            self._chart = OddsChart(self)
        return self._chart

    def panel(self) -> ipywidgets.Box:
        """The board with its odds charts beside it, ready to ``display``."""
        import ipywidgets

        return ipywidgets.VBox([self, self.chart.box])

    # -- the machine -------------------------------------------------------------------------
    def _advance(self, policy: Callable[[Battle], str] | None) -> list[dict[str, Any]]:
        events = self._attack_once(policy)
        if any(e["kind"] == "attack" for e in events):
            self._offer_appeal()
        self._refresh(events)
        return events

    def _attack_once(self, policy: Callable[[Battle], str] | None) -> list[dict[str, Any]]:
        """Engine steps until one unit attack is resolved, a decision is needed or it ends.

        The battle is copied before the step that rolls, so an appeal to Ares can restore it
        (§11.0). A pending appeal blocks a step without a policy and is declined with one."""
        events = self._decline_offer(policy)
        b = self.battle
        while not b.over:
            if b.prompt is not None:
                if policy is None:
                    break
                choice = policy(b)
                events.append({"kind": "auto_choice", "rule": b.prompt.rule, "round": b.round,
                               "side": b.prompt.whose, "choice": choice,
                               "decision": b.prompt.kind})
                events += b.choose(choice)
            else:
                before = b.clone()
                new = b.step(policy)
                events += new
                if any(e["kind"] == "attack" for e in new):
                    self._before, self._roll_policy, self._rerolls = before, policy, 0
                    break
        events += self._settle()
        return events

    # -- appeals to the Olympians (§11.0) ----------------------------------------------------
    def _check_no_offer(self) -> None:
        if self._offer is not None:
            side = SIDE_WORD[self._offer["sides"][0]]
            god = self._offer["god"]
            raise BattleError(f"{side} must first answer the offered appeal to {god.title()} "
                              f"(§11.0): call appeal_{god}() or accept_dice()")

    def _decline_offer(self, policy: Callable[[Battle], str] | None) -> list[dict[str, Any]]:
        """Settle a pending appeal before play goes on: the auto policies never appeal."""
        if self._offer is None:
            return []
        if policy is None:
            self._check_no_offer()
        offer, self._offer = self._offer, None
        return [self._appeal_event("accept", side, offer["god"], free=offer["free"])
                for side in offer["sides"]]

    def _appeal_event(self, kind: str, side: str, god: str, **fields: Any) -> dict[str, Any]:
        """A board event for the narration (the engine's ``Battle`` knows nothing of appeals)."""
        return {"kind": kind, "rule": "11.0", "round": self.battle.round, "side": side,
                "god": god, **fields}

    def _latest_attack(self) -> dict[str, Any]:
        return next(e for e in reversed(self.battle.log) if e["kind"] == "attack")

    def _offer_appeal(self) -> None:
        """After a unit attack, offer Ares to whoever may call on him (§11.0): the appealer
        of this round's Ares chain for free when the same agility class attacks again, else
        each side holding an unspent Ares Sacrifice, the aggressor first, while nobody has
        appealed to Ares in this battle (one appeal per god per player turn)."""
        attack = self._latest_attack()
        cls = (attack["side"], self.battle.fighter(attack["by"]).agility, attack["round"])
        if self._chain is not None and self._chain[1:] == cls:
            self._offer = {"god": "ares", "sides": [self._chain[0]], "free": True}
            return
        self._chain = None
        aggressor = self._aggressor()
        sides = [s for s in (aggressor, other_side(aggressor)) if self._may_appeal(s, "ares")]
        self._offer = {"god": "ares", "sides": sides, "free": False} if sides else None

    def _may_appeal(self, side: str, god: str) -> bool:
        return god in self._held[side] and god not in self._used

    def _appeal(self, god: str) -> list[dict[str, Any]]:
        offer = self._offer
        if offer is None or offer["god"] != god:
            what = "nothing" if offer is None else f"an appeal to {offer['god'].title()}"
            raise BattleError(f"no appeal to {god.title()} is on offer now ({what} is): an "
                              "appeal comes right after a unit attack, from a side holding "
                              "that Sacrifice, once per god per player turn (§11.0)")
        assert self._before is not None
        side, free = offer["sides"][0], offer["free"]
        attack = self._latest_attack()
        events = [self._appeal_event("appeal", side, god, free=free, by=attack["by"])]
        if not free:
            self._held[side] = [g for g in self._held[side] if g != god]
            self._used.add(god)
        self._offer = None
        self.log = _struck(self.log)
        dice, rerolls = self.battle.dice, self._rerolls
        self.battle = self._before.clone()
        self.battle.dice = dice
        self._attacks -= 1
        events += self._attack_once(self._roll_policy)
        self._rerolls = rerolls + 1
        if god == "ares" and not free:
            cls = (attack["side"], self.battle.fighter(attack["by"]).agility, attack["round"])
            self._chain = (side, *cls)
            opponent = other_side(side)
            if self._may_appeal(opponent, "hera"):
                self._offer = {"god": "hera", "sides": [opponent], "free": False}
        self._refresh(events)
        return events

    def _appeal_view(self) -> dict[str, Any]:
        offer = self._offer
        if offer is None:
            return {}
        side, god = offer["sides"][0], offer["god"]
        attack = self._latest_attack()
        who = self.name(attack["by"])
        if god == "hera":
            text = (f"{SIDE_WORD[side]} may overrule the appeal of {SIDE_WORD[other_side(side)]} "
                    f"to Ares with Hera: the attack of {who} is rolled once more.")
            label = "Appeal to Hera (roll it once more)"
        elif offer["free"]:
            text = (f"{SIDE_WORD[side]} appealed to Ares this round: this attack by {who}, "
                    "of the same agility class, may be re-rolled too, at no further cost.")
            label = "Appeal to Ares (re-roll this attack, free)"
        else:
            text = (f"{SIDE_WORD[side]} holds a Sacrifice to Ares: re-roll the attack of "
                    f"{who}? It spends the Sacrifice.")
            label = "Appeal to Ares (re-roll this attack)"
        return {"god": god, "side": side, "free": offer["free"], "rule": "11.0", "text": text,
                "appeal_label": label, "accept_label": "Accept the dice"}

    def _settle(self) -> list[dict[str, Any]]:
        """Run bookkeeping steps that need no dice: first-round holds and round ends (§6.2)."""
        b, events = self.battle, []
        while not b.over and b.prompt is None:
            key = b.next_attacker()
            if b.phase == "round" and key is not None and not (
                    b.round == 1 and b.fighter(key).holds_round1):
                break
            if b.phase != "round" and key is not None:
                break
            events += b.step()
        return events

    # -- state for the browser ---------------------------------------------------------------
    def _refresh(self, events: list[dict[str, Any]]) -> None:
        b = self.battle
        lines = [line for e in events if (line := self._narrate(e))]
        with self.hold_sync():
            self._attacks += sum(1 for e in events if e["kind"] == "attack")
            if any(e["kind"] in _ATTACK_PARTS for e in events):
                self.last_attack = self._attack_view()
            self.log = self.log + lines
            self.blocks = [self._block_view(f) for f in b.fighters]
            self.round, self.phase = b.round, b.phase
            self.next_key = b.next_attacker() or ""
            self.prompt = self._prompt_view()
            self.stake = self._stake_lines()
            self.outcome = {} if b.outcome is None else {
                **b.outcome.to_dict(), "text": self._outcome_text()}
            self.forced = list(b.dice.forced)
            self.sacrifices = {side: list(gods) for side, gods in self._held.items()}
            self.appeal = self._appeal_view()
            if b.prompt is None or b.prompt.kind == "retreat":
                found = live_odds(b)
                self.odds = found.to_dict()
                aggressor = found.sides[0]
                point = {"attack": self._attacks, "round": b.round, "side": aggressor,
                         "win": found.win(aggressor)}
                track = [p for p in self.odds_track if p["attack"] != self._attacks]
                self.odds_track = [*track, point]
            self.error = ""
            self.seq += 1

    def _block_view(self, f: Fighter) -> dict[str, Any]:
        b = self.battle
        order = b.firing_order()
        return {
            "order": order.index(f.key) + 1 if f.key in order else 0, "key": f.key,
            "name": self.name(f.key), "side": f.side, "role": f.role,
            "rating": f.rating, "agility": f.agility, "power": f.power, "cv": f.cv,
            "start_cv": f.start_cv, "max_cv": f.max_cv, "routed": f.routed, "half": f.half,
            "eliminated": f.cv == 0, "fired": f.fired, "cavalry": f.cavalry, "fleet": f.fleet,
            "garrison": f.garrison, "city": f.city, "carried_by": f.carried_by or "",
            "holds": f.holds_round1 and b.round == 1 and not b.over,
            "note": "city defender: A2, double defense, never routed (§8.1)" if f.city else "",
            "label": self._state_label(f),
        }

    def _state_label(self, f: Fighter) -> str:
        if f.cv == 0:
            return "eliminated"
        parts = [f"{f.rating}", f"cv {f.cv} of {f.max_cv}"]
        if f.routed:
            parts.append("routed")
        if f.half:
            parts.append("half step lost")
        if f.carried_by:
            parts.append(f"carried by {self.name(f.carried_by)}")
        return ", ".join(parts)

    def _attack_view(self) -> dict[str, Any]:
        """The latest unit attack in the log with everything it did so far (a tie may have
        been settled by the owner's choice since the dice were thrown)."""
        log = self.battle.log
        start = max(i for i, e in enumerate(log) if e["kind"] == "attack")
        attack = log[start]
        power = int(attack["rating"][1])
        dice = []
        for face in attack["dice"]:
            if face <= power:
                result = "hit"
            elif face >= 7 - power:
                result = "rout" if attack["mode"] == "fire" else "rout-ignored"
            else:
                result = "miss"
            dice.append({"face": face, "result": result})
        effects = []
        for e in log[start + 1:]:
            if e["kind"] in ("hit", "half_hit", "rout", "eliminated", "unused"):
                effects.append({"kind": e["kind"], "target": e.get("target", ""),
                                "name": self.name(e.get("target", "")), "rule": e["rule"],
                                "why": e.get("why", ""), "cv": e.get("cv")})
        return {"n": self._attacks, "by": attack["by"], "name": self.name(attack["by"]),
                "side": attack["side"], "rating": attack["rating"], "mode": attack["mode"],
                "rule": attack["rule"], "round": attack["round"], "dice": dice,
                "hits": attack["hits"], "routs": attack["routs"], "effects": effects,
                "rerolls": self._rerolls, "text": self._narrate(attack)["text"]}

    def _prompt_view(self) -> dict[str, Any]:
        p = self.battle.prompt
        if p is None:
            return {}
        if p.kind == "retreat":
            cost = self._retreat_cost(p.whose)
            text = (f"{SIDE_WORD[p.whose]}: your first attack of round {self.battle.round} is "
                    f"due. Fight on, or retreat every block now? If you retreat, {cost}.")
            choices = [{"value": "fight", "label": "Fight on"},
                       {"value": "retreat", "label": "Retreat all blocks"}]
        else:
            word = "hit" if p.kind == "hit" else "rout"
            text = (f"{SIDE_WORD[p.whose]} chooses which block takes the {word}: "
                    f"{p.why} (owner's choice)")
            choices = [{"value": k, "label": f"{self.name(k)} "
                        f"({self._state_label(self.battle.fighter(k))})"} for k in p.choices]
        return {"whose": p.whose, "kind": p.kind, "rule": p.rule, "text": text,
                "choices": choices}

    def _suffered(self, side: str) -> bool:
        """Has ``side`` taken any hit or rout yet in this battle, including before a fight
        continued by units that could not retreat (the test for Retiring, §14.11)?"""
        return side in self.battle.suffered

    def _retreat_cost(self, side: str) -> str:
        enemy = SIDE_WORD[other_side(side)]
        if self.battle.kind != "sea" and not self._suffered(side):
            return "it retires untouched, so no Prestige changes hands (§14.11)"
        return f"{enemy} gains 1 Prestige (§6.4, §14.11)"

    def _stake_lines(self) -> list[str]:
        b = self.battle
        if b.over:
            return [self._outcome_text()]
        lines = ["Win by enemy panic or by wiping out every enemy block: +2 Prestige "
                 "(§6.34, §14.11)."]
        aggressor = self._aggressor()
        for side in (aggressor, other_side(aggressor)):
            if not b.may_retreat[side]:
                lines.append(f"{SIDE_WORD[side]} cannot retreat from this battle (§6.4, §8.12).")
            else:
                lines.append(f"If {SIDE_WORD[side]} retreats: {self._retreat_cost(side)}.")
        if b.treachery:
            lines.append("Treachery: the assault lasts one round; if the city still stands the "
                         "assaulters must retreat (§3.1).")
        return lines

    def _aggressor(self) -> str:
        return next(f.side for f in self.battle.fighters if f.role == "aggressor")

    def _outcome_text(self) -> str:
        o = self.battle.outcome
        if o is None:
            return ""
        text = f"{SIDE_WORD[o.winner]} wins by {HOW_TEXT[o.how]}"
        gain = f": +{o.prestige} Prestige" if o.prestige else ": no Prestige changes hands"
        return f"{text}{gain} (§{o.prestige_rule}) after {_plural(o.rounds, 'round')}."

    # -- narration ---------------------------------------------------------------------------
    def _narrate(self, e: Mapping[str, Any]) -> dict[str, Any] | None:
        """One plain-words line for an engine event, citing its rule (None for no line)."""
        kind = e["kind"]
        n = self.name
        if kind == "attack":
            faces = " ".join(str(d) for d in e["dice"])
            verb = {"fire": "attacks", "pursuit": "pursues", "harry": "harries"}[e["mode"]]
            text = (f"{n(e['by'])} ({e['rating']}, cv {e['cv']}) {verb}: rolls {faces} → "
                    f"{_plural(e['hits'], 'hit')}")
            if e["mode"] == "fire":
                text += f", {_plural(e['routs'], 'rout')}."
            else:
                text += f" (routs ignored: {e['routs_ignored']})."
        elif kind == "hit":
            after = "eliminated" if e["cv"] == 0 else f"now cv {e['cv']}"
            text = f"Hit on {n(e['target'])}, {e['why']}: {after}."
        elif kind == "half_hit":
            text = (f"Half hit on {n(e['target'])} (double defense): the next hit must "
                    "complete its step.")
        elif kind == "rout":
            text = f"{n(e['target'])} is routed, {e['why']}."
        elif kind == "eliminated":
            text = f"{n(e['target'])} is eliminated."
        elif kind == "unused":
            amount = _plural(e.get("hits", e.get("routs", 0)),
                             "hit" if "hits" in e else "rout")
            text = f"{amount} unused: {e['why']}."
        elif kind == "hold":
            text = f"{n(e['by'])} cannot attack in round 1: {e['why']}."
        elif kind == "stand":
            text = f"{SIDE_WORD[e['side']]} fights on."
        elif kind == "auto_choice":
            text = (f"Auto: {SIDE_WORD[e['side']]} picks "
                    f"{n(e['choice']) if e['decision'] != 'retreat' else e['choice']}.")
        elif kind == "retreat":
            text = f"{SIDE_WORD[e['side']]} retreats all its blocks: {e['why']}."
        elif kind == "panic":
            text = (f"Every {ADJECTIVE[e['side']]} block is routed: {SIDE_WORD[e['side']]} "
                    f"panics, with a {e['rearguard']} rearguard.")
        elif kind == "all_eliminated":
            text = f"Every {ADJECTIVE[e['side']]} block is eliminated."
        elif kind == "round_end":
            text = f"Round {e['round']} ends: every block has had its attack."
        elif kind == "half_cancelled":
            text = f"{n(e['target'])}'s half-step loss is cancelled at the end of the round."
        elif kind == "cargo_reduced":
            text = (f"{n(e['target'])} drops to cv {e['cv']} to stay weaker than its fleet "
                    f"{n(e['carrier'])}.")
        elif kind == "appeal":
            god, side = e["god"], SIDE_WORD[e["side"]]
            if god == "hera":
                text = (f"{side} appeals to Hera and overrules the appeal to Ares: "
                        f"the attack of {n(e['by'])} is rolled once more. The Sacrifice is spent.")
            elif e["free"]:
                text = (f"{side} has Ares re-roll the attack of {n(e['by'])} as well (same "
                        "agility class this round, no further Sacrifice).")
            else:
                text = (f"{side} appeals to Ares: the attack of {n(e['by'])} is re-rolled and "
                        "the new dice stand. The Sacrifice is spent.")
        elif kind == "accept":
            text = f"{SIDE_WORD[e['side']]} lets the dice stand (no appeal to {e['god'].title()})."
        elif kind == "battle_end":
            text = self._outcome_text() if self.battle.outcome else f"{e['why']}."
        else:
            return None
        return {"round": e["round"], "kind": kind, "rule": e["rule"],
                "side": e.get("side") or self._side_of(e), "text": text}

    def _side_of(self, e: Mapping[str, Any]) -> str:
        key = e.get("by") or e.get("target")
        return self.battle.fighter(key).side if key else ""

    # -- requests from the browser -----------------------------------------------------------
    @traitlets.observe("request")
    def _on_request(self, change: dict[str, Any]) -> None:
        req = change["new"] or {}
        action = req.get("action")
        try:
            if action == "step":
                self.step()
            elif action == "advance":
                self.advance()
            elif action == "choose":
                self.choose(str(req.get("choice")))
            elif action == "restart":
                self.restart()
            elif action == "appeal" and req.get("choice") in APPEAL_GODS:
                self._appeal(str(req["choice"]))
            elif action == "accept":
                self.accept_dice()
            else:
                raise BattleError(f"unknown request {shown(action)} from the board")
        except BattleError as exc:
            self.error = str(exc)
            self.seq += 1

    def __repr__(self) -> str:
        b = self.battle
        if self._offer is not None:
            state = (f"round {b.round}, {self._offer['sides'][0]} may appeal to "
                     f"{self._offer['god'].title()}")
        elif b.over:
            state = f"over, {self._outcome_text().rstrip('.')}"
        elif b.prompt is not None:
            state = f"round {b.round}, {b.prompt.whose} to decide ({b.prompt.kind})"
        else:
            state = f"round {b.round}, next {b.next_attacker()}"
        return f"<BattleWidget {self.kind}: {state}; {_plural(self._attacks, 'attack')}>"


def _read_sacrifices(source: Mapping[str, Iterable[str]] | Any) -> dict[str, list[str]]:
    """Each side's Sacrifices from a mapping, or from a game (``Game`` or ``State``): there
    only those that may still be appealed this player turn (§11.0, ``olympians.can_appeal``)."""
    if source is None:
        return {side: [] for side in SIDE_WORD}
    if not isinstance(source, Mapping):
        state = getattr(source, "state", source)
        if not hasattr(state, "sacrifices"):
            raise BattleError("sacrifices must be a dict like {'athens': ['ares'], 'sparta': []} "
                              f"or a game, got {type(source).__name__}")
        return {side: [g for g in state.sacrifices[i] if can_appeal(state, i, g)]
                for i, side in enumerate(SIDE_NAMES)}
    unknown = set(source) - set(SIDE_WORD)
    if unknown:
        raise BattleError(f"sacrifices: unknown side(s) {sorted(unknown)}; use 'athens' and "
                          "'sparta'")
    out: dict[str, list[str]] = {}
    for side in SIDE_WORD:
        gods = source.get(side) or []
        if isinstance(gods, str):
            raise BattleError(f"sacrifices[{side!r}] must be a list of gods, got the string "
                              f"{shown(gods)}")
        out[side] = [str(g) for g in gods]
        bad = [g for g in out[side] if g not in GODS]
        if bad:
            raise BattleError(f"sacrifices[{side!r}]: {bad} are not Olympians; a Sacrifice is "
                              f"to one of {', '.join(GODS)} (§11.0)")
    return out


def _build_force(force: str | Sequence[Mapping[str, Any]], side: str, role: str, kind: str,
                 names: dict[str, str]) -> list[Fighter]:
    """Fighters for one side from a forces string or a list of dicts (see ``from_forces``)."""
    items = _force_items(force, side)
    width = len(str(len(items)))
    prefix = "A" if side == "athens" else "S"
    adjective = ADJECTIVE[side]
    fighters: list[Fighter] = []
    for i, item in enumerate(items, start=1):
        key = f"{prefix}{i:0{width}d}"
        garrison = bool(item.get("garrison", False))
        rating = "A2" if garrison else str(item.get("rating", ""))
        cavalry, fleet = bool(item.get("cavalry", False)), bool(item.get("fleet", False))
        kind_word = ("garrison" if garrison else "cavalry" if cavalry else "fleet" if fleet
                     else "block")
        names[key] = str(item.get("name") or f"{adjective} {rating} {kind_word}")
        city = role == "defender" and kind in ("assault", "treachery")
        if city:
            rating = "A2"
        cv = 1 if garrison else item.get("cv")
        holds = role == "aggressor" and kind in ("narrows", "landing")
        try:
            fighters.append(Fighter(key, side, role, rating, cv,
                                    max_cv=item.get("max_cv", 1 if garrison else 4),
                                    cavalry=cavalry, fleet=fleet, garrison=garrison, city=city,
                                    holds_round1=holds))
        except (TypeError, ValueError) as exc:
            raise BattleError(f"{SIDE_WORD[side]} block {i} ({names[key]}): {exc}") from None
        cargo = item.get("carried")
        if cargo:
            ckey = f"{key}c"
            names[ckey] = str(cargo.get("name") or f"{adjective} land unit")
            try:
                fighters.append(Fighter(ckey, side, role, str(cargo.get("rating", "B2")),
                                        cargo.get("cv"), carried_by=key))
            except (TypeError, ValueError) as exc:
                raise BattleError(f"{SIDE_WORD[side]} block {i}: its carried unit: {exc}") from None
    return fighters


def _force_items(force: str | Sequence[Mapping[str, Any]], side: str) -> list[dict[str, Any]]:
    """A force as a list of plain dicts, from the odds syntax or from dicts (checked)."""
    if isinstance(force, str):
        tokens = [t.strip() for t in force.split(",")]
        blocks = parse_forces(force)
        return [_block_item(block, token) for block, token in zip(blocks, tokens, strict=True)]
    if not isinstance(force, Sequence) or not force:
        raise BattleError(f"{SIDE_WORD[side]}: give a forces string like 'B2:3,A1:2' or a "
                          "non-empty list of dicts")
    if len(force) > MAX_BLOCKS:
        raise BattleError(f"{SIDE_WORD[side]}: {too_many(len(force))}")
    items = []
    for i, item in enumerate(force, start=1):
        if not isinstance(item, Mapping):
            raise BattleError(f"{SIDE_WORD[side]} block {i} must be a dict, got {shown(item)}")
        unknown = set(item) - _FORCE_KEYS
        if unknown:
            raise BattleError(f"{SIDE_WORD[side]} block {i}: unknown field(s) "
                              f"{sorted(unknown)}; use {sorted(_FORCE_KEYS)}")
        items.append(dict(item))
    return items


def _block_item(block: Block, token: str) -> dict[str, Any]:
    item: dict[str, Any] = {"rating": block.rating, "cv": block.cv, "cavalry": block.cavalry,
                            "fleet": block.fleet, "garrison": block.garrison}
    if block.garrison:
        item["max_cv"] = 1
    if block.carried:
        cargo_rating = token.partition("+")[2].rpartition(":")[0].upper()
        item["carried"] = {"cv": block.carried, "rating": cargo_rating or "B2"}
    return item

