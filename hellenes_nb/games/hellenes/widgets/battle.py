"""The battle widget: a battle resolved live in a notebook, one unit attack per click (§6, §8.1).

``BattleWidget`` shows one battle played by the engine's battle lab
(:class:`~hellenes_nb.games.hellenes.battlelab.BattleLab`): the engine rolls, answers and
offers the appeals of §11; the browser (``static/battle.js``) only draws the traits and sends
requests (:mod:`.requests`). Every change goes through the same Python methods a lesson calls,
so a notebook can drive it without a browser::

    w = BattleWidget.from_forces(attacker="cav:A1:2,B2:3", defender="C2:4,A1:2",
                                 attacker_side="sparta", seed=7)
    w.force_dice([1, 2, 5])      # the next dice thrown (for a lesson's worked example)
    w.step()                     # exactly one unit attack (§6.31)
    w.choose("fight")            # answer the retreat option (§6.4) or an owner's choice (§6.32)
    w.run_round(); w.run_battle()
    w.appeal_ares(); w.accept_dice()   # answer an appeal to Ares the engine offers (§11.0)
    w.narration, w.history, w.odds     # narration, a polars table of attacks, the odds from here

Narration, block states and the prestige at stake are worded in :mod:`.battle_text`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets
import polars as pl
import traitlets

from hellenes_nb.core.dice import Dice
from hellenes_nb.core.echo import shown
from hellenes_nb.games.hellenes.battle_forces import (
    KINDS,
    forces_battle,
    player_name,
    read_sacrifices,
)
from hellenes_nb.games.hellenes.battlelab import Battle, BattleError, BattleLab, Policy, auto
from hellenes_nb.games.hellenes.live_odds import compile_notices, live_odds
from hellenes_nb.games.hellenes.widgets import battle_text as text
from hellenes_nb.games.hellenes.widgets.charts import OddsChart
from hellenes_nb.widgets.browser_writes import BrowserWrites
from hellenes_nb.widgets.requests import BrowserRequests

__all__ = ["KINDS", "SIZES", "SPEEDS", "BattleWidget"]

_STATIC = Path(__file__).parent / "static"

#: Animation speeds of the dice roll in the browser (``instant`` never animates).
SPEEDS = ("slow", "normal", "fast", "instant")
#: Sizes of the board's writing and lines: ``classroom`` is for a projector.
SIZES = ("normal", "classroom")

_ATTACK_PARTS = {"attack", "hit", "half_hit", "rout", "eliminated", "unused"}
#: The appeals the board answers after a unit attack (§11.0): Ares re-rolls it, Hera lets the
#: opponent have an Ares re-roll rolled once more.
APPEAL_GODS = ("ares", "hera")


class BattleWidget(BrowserRequests, BrowserWrites, anywidget.AnyWidget):
    """One battle on a board: blocks in battle array, dice, narration and odds (module doc)."""

    #: what the page may set: the dice animation speed; the rest is Python's
    browser_writable = frozenset({"speed"})
    #: what the page may ask (:mod:`.requests`)
    requests = {"step": "_request_step", "advance": "_request_advance",
                "choose": "_request_choose", "restart": "_request_restart",
                "appeal": "_request_appeal", "accept": "_request_accept"}
    refusals = (BattleError,)
    _esm = _STATIC / "battle.js"
    _css = _STATIC / "battle.css"

    title = traitlets.Unicode("").tag(sync=True)
    #: the words of the button that starts the battle again (a lesson's board replays it)
    restart_label = traitlets.List(traitlets.Unicode(),
                                   ["Fight again", "Fight the battle again with new dice"]
                                   ).tag(sync=True)
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
    narration = traitlets.List(traitlets.Dict()).tag(sync=True)
    odds = traitlets.Dict().tag(sync=True)
    odds_track = traitlets.List(traitlets.Dict()).tag(sync=True)
    #: True while the odds of the moment shown are being worked out (they follow the update)
    odds_pending = traitlets.Bool(False).tag(sync=True)
    #: a note while the odds wait for something slow: numba compiling the fast odds, once
    odds_note = traitlets.Unicode("").tag(sync=True)
    #: counts the changes of ``odds`` and ``odds_track`` taken together (not synced): the odds
    #: chart redraws on it, once per attack, not once for each of the two traits
    odds_rev = traitlets.Int(0)
    forced = traitlets.List(traitlets.Int()).tag(sync=True)
    speed = traitlets.Enum(SPEEDS, default_value="normal").tag(sync=True)
    #: "classroom": larger writing and thicker lines, for a projector
    size = traitlets.Enum(SIZES, default_value="normal").tag(sync=True)
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
        super().__init__(**kwargs)
        self._chart: OddsChart | None = None
        self.seed = seed
        self.show_battle(battle, names=names, title=title, sacrifices=sacrifices)

    def show_battle(self, battle: Battle, *, names: Mapping[str, str] | None = None,
                    title: str = "", sacrifices: Mapping[str, Iterable[str]] | Any = None,
                    ) -> None:
        """Show another battle on this board (same arguments as the constructor): the page,
        its scripts and the odds chart stay, only the battle's own traits are sent."""
        if not isinstance(battle, Battle):
            raise TypeError("BattleWidget shows a battle of hellenes_nb.games.hellenes."
                            f"battlelab, got {type(battle).__name__}")
        self._names = {f.key: player_name(f.side, f.rating, cavalry=f.cavalry, fleet=f.fleet,
                                          garrison=f.garrison) for f in battle.fighters}
        self._names.update(names or {})
        self._start = battle.to_dict()
        self._attacks = sum(1 for e in battle.log if e["kind"] == "attack")
        self._held_start = read_sacrifices(sacrifices)
        self._rerolls = 0
        self._lab = BattleLab(battle, self._held_start)
        with self.hold_sync():
            self.kind = self._kind_label()
            self.title = title or self._default_title()
            self.columns = list("EF" if battle.kind == "sea" else "ABCD")
            # the opening lines, as the battle came (the lab's own bookkeeping is not narrated)
            self.narration = [line for e in battle.log if (line := self._narrate(e))]
            self.last_attack, self.odds_track, self.error = {}, [], ""
            self._refresh_new_track()

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
        battle, names = forces_battle(attacker, defender, kind, seed=seed,
                                      attacker_side=attacker_side, may_retreat=may_retreat)
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
        aggressor = text.aggressor(self.battle)
        what = {"land": "Land battle", "sea": "Sea battle", "narrows": "Sea battle across narrows",
                "landing": "Sea landing", "assault": "Siege assault",
                "treachery": "Treachery assault", "sortie": "Sortie"}[self.kind]
        return (f"{what}: {text.SIDE_WORD[aggressor]} attacks "
                f"{text.SIDE_WORD[text.other_side(aggressor)]}")

    # -- the Python API ----------------------------------------------------------------------
    @property
    def battle(self) -> Battle:
        """The battle as it stands (read it; it changes only through the methods here)."""
        return self._lab.battle

    @property
    def lab(self) -> BattleLab:
        """The engine's battle lab playing this battle: ``lab.offer`` is the appeal the engine
        offers now, with its legal actions; ``lab.game`` the small game behind it."""
        return self._lab

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
            raise BattleError(f"{text.SIDE_WORD[p.whose]} must first decide ({p.kind}, "
                              f"§{p.rule}): call choose() with one of {list(p.choices)}")
        return self._advance(None)

    def advance(self) -> list[dict[str, Any]]:
        """Like :meth:`step`, but any pending decision is answered by the auto policy first
        (fight on, tied blocks in key order) and a pending appeal declined; the browser's auto
        modes use this."""
        if self.battle.over:
            raise BattleError("the battle is over; see widget.outcome or restart()")
        return self._advance(auto)

    def choose(self, choice: str) -> list[dict[str, Any]]:
        """Answer the pending decision: ``"fight"``/``"retreat"`` (§6.4) or a tied block's key
        (owner's choice, §6.32–6.33)."""
        self._check_no_offer()
        events = self._lab.choose(choice)
        self._refresh(events)
        return events

    def run_round(self) -> list[dict[str, Any]]:
        """Play to the end of the current round (or of the battle), decisions by auto policy
        (which never appeals to an Olympian: an offered appeal is declined)."""
        return self._run(auto, whole=False)

    def run_battle(self) -> list[dict[str, Any]]:
        """Play the battle to its end, decisions by auto policy (never retreat, §6.4)."""
        return self._run(auto, whole=True)

    def force_dice(self, faces: Iterable[int]) -> None:
        """Queue die faces for the next rolls (a lesson replaying a worked example)."""
        self._lab.dice.force(faces)
        self.forced = list(self._lab.dice.forced)

    def restart(self, seed: int | None = None) -> None:
        """Set the battle back to its opening array with fresh dice (``seed``, else the next)."""
        self.seed = self.seed + 1 if seed is None else seed
        battle = Battle.from_dict(self._start)
        battle.dice = Dice(self.seed)
        self._lab = BattleLab(battle, self._held_start)
        self._attacks, self._rerolls = 0, 0
        self.narration = [line for e in battle.log if (line := self._narrate(e))]
        self.last_attack, self.odds_track, self.error = {}, [], ""
        self._refresh_new_track()

    def appeal_ares(self) -> list[dict[str, Any]]:
        """The side the engine asks calls on Ares: the latest unit attack is rolled again, with
        the next dice (forced faces still come first). A paid appeal spends the side's
        Sacrifice and lets it re-roll later attacks of the same side's agility class this
        round for free (§11.0)."""
        return self._appeal("ares")

    def appeal_hera(self) -> list[dict[str, Any]]:
        """The opponent overrules an appeal to Ares with Hera: the attack is rolled once more
        and that result stands (§11.0)."""
        return self._appeal("hera")

    def accept_dice(self) -> list[dict[str, Any]]:
        """The side asked lets the dice stand; the engine passes the offer to the other side
        if it may appeal too (§11.0)."""
        events = self._decline_one()
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
            self._chart = OddsChart(self)
        return self._chart

    def panel(self) -> ipywidgets.Box:
        """The board with its odds charts beside it, ready to ``display``."""
        return ipywidgets.VBox([self, self.chart.box])

    # -- playing through the lab -------------------------------------------------------------
    def _advance(self, policy: Policy | None) -> list[dict[str, Any]]:
        events = self._attack_once(policy)
        self._refresh(events)
        return events

    def _run(self, policy: Policy, *, whole: bool) -> list[dict[str, Any]]:
        """Attacks with decisions by ``policy`` and every appeal declined, to the end of the
        round (or of the battle when ``whole``)."""
        start, events = self.battle.round, []
        while not self.battle.over and (whole or self.battle.round == start):
            events += self._attack_once(policy)
            events += self._decline_all()
            events += self._settle_ties(policy)
        self._refresh(events)
        return events

    def _attack_once(self, policy: Policy | None) -> list[dict[str, Any]]:
        """Lab actions until one unit attack is rolled, a decision is needed or it ends.

        A pending appeal blocks an attack without a policy and is declined with one."""
        if policy is None:
            self._check_no_offer()
        events = self._decline_all()
        lab = self._lab
        while not lab.battle.over:
            b = lab.battle
            if b.prompt is None:
                new = lab.attack()
                events += new
                if any(e["kind"] == "attack" for e in new):
                    self._rerolls = 0
                    events += self._settle_ties(policy)
                    break
            elif policy is None:
                break
            else:
                choice = policy(b)
                events.append({"kind": "auto_choice", "rule": b.prompt.rule,
                               "round": b.round, "side": b.prompt.whose, "choice": choice,
                               "decision": b.prompt.kind})
                events += lab.choose(choice)
        return events

    def _settle_ties(self, policy: Policy | None) -> list[dict[str, Any]]:
        """With a policy, the owner's choices among tied blocks that the attack just rolled
        needs (§6.32–6.33) are part of that attack, answered as they arise (no line of their
        own); an appeal the engine offers first is answered before them."""
        events: list[dict[str, Any]] = []
        while policy is not None and self._lab.offer is None:
            b = self._lab.battle
            if b.prompt is None or b.prompt.kind == "retreat":
                break
            events += self._lab.choose(policy(b))
        return events

    # -- appeals to the Olympians, as the engine offers them (§11.0) -------------------------
    def _check_no_offer(self) -> None:
        offer = self._lab.offer
        if offer is not None:
            side, god = text.SIDE_WORD[offer["side"]], offer["god"]
            raise BattleError(f"{side} must first answer the offered appeal to {god.title()} "
                              f"(§11.0): call appeal_{god}() or accept_dice()")

    def _board_event(self, kind: str, offer: Mapping[str, Any], **fields: Any) -> dict:
        """A narration line of the board for an answer to an offer (the battle's own log
        records only what the dice did)."""
        return {"kind": kind, "rule": "11.0", "round": self.battle.round,
                "side": offer["side"], "god": offer["god"], "free": offer["free"], **fields}

    def _decline_one(self) -> list[dict[str, Any]]:
        offer = self._lab.offer
        if offer is None:
            raise BattleError("no appeal is on offer, so there are no dice to accept (§11.0)")
        return [self._board_event("accept", offer), *self._lab.decline()]

    def _decline_all(self) -> list[dict[str, Any]]:
        """Let the dice stand for every side the engine asks (the auto policies never
        appeal)."""
        events: list[dict[str, Any]] = []
        while self._lab.offer is not None:
            events += self._decline_one()
        return events

    def _appeal(self, god: str) -> list[dict[str, Any]]:
        offer = self._lab.offer
        by = text.latest_attack(self.battle)["by"] if offer else ""
        events = self._lab.appeal(god)  # refused in plain words unless the engine offers it
        assert offer is not None
        self.narration = text.struck(self.narration)
        self._attacks -= 1
        self._rerolls += 1
        events = [self._board_event("appeal", offer, by=by), *events]
        self._refresh(events)
        return events

    # -- state for the browser ---------------------------------------------------------------
    def _narrate(self, e: Mapping[str, Any]) -> dict[str, Any] | None:
        return text.narrate(e, self.battle, self.name)

    def _refresh(self, events: list[dict[str, Any]]) -> None:
        b = self.battle
        lines = [line for e in events if (line := self._narrate(e))]
        with self.hold_sync():
            self._attacks += sum(1 for e in events if e["kind"] == "attack")
            if any(e["kind"] in _ATTACK_PARTS for e in events):
                self.last_attack = text.attack_view(b, self.name, self._attacks, self._rerolls)
            self.narration = self.narration + lines
            self.blocks = [text.block_view(b, f, self.name) for f in b.fighters]
            self.round, self.phase = b.round, b.phase
            self.next_key = b.next_attacker() or ""
            self.prompt = text.prompt_view(b, self.name)
            self.stake = text.stake_lines(b)
            self.outcome = {} if b.outcome is None else {
                **b.outcome.to_dict(), "text": text.outcome_text(b)}
            self.forced = list(self._lab.dice.forced)
            self.sacrifices = self._lab.sacrifices
            self.appeal = text.appeal_view(self._lab.offer, b, self.name)
            self.error = ""
            self.seq += 1
            self._refreshes += 1
            if b.prompt is None or b.prompt.kind == "retreat":
                self._odds_after(self._refreshes)

    def _refresh_new_track(self) -> None:
        """The update of a battle (re)started: its odds track begins empty, and the chart
        shows that even while the odds of the start are not worked out yet."""
        rev = self.odds_rev
        self._refresh([])
        if self.odds_rev == rev:
            self.odds_rev += 1

    _refreshes = 0  # updates of the board so far: deferred odds of an older one lapse
    _clicked = False  # True while a request of the page is answered

    def handle_request(self, content: Any) -> None:
        self._clicked = True
        try:
            super().handle_request(content)
        finally:
            self._clicked = False

    def _odds_after(self, n: int) -> None:
        """The odds from this moment. After a click in the page, in Jupyter (an event loop
        runs), they are worked out just after the board's update has gone to the page, so the
        dice show at once and the odds follow (``odds_pending`` says so meanwhile; a sampled
        answer takes a few hundred milliseconds). A call from Python (a cell, a script, nbval)
        has them at once, as before."""
        try:
            loop = asyncio.get_running_loop() if self._clicked else None
        except RuntimeError:
            loop = None
        if loop is None:
            self._set_odds(n)
            return
        self.odds_pending = True
        loop.call_soon(self._set_odds, n)

    def _set_odds(self, n: int) -> None:
        if n != self._refreshes:  # the board has moved on: that update works out its own
            return
        b = self.battle
        with compile_notices(self._odds_note):
            found = live_odds(b)
        with self.hold_sync():
            self.odds = found.to_dict()
            aggressor = found.sides[0]
            point = {"attack": self._attacks, "round": b.round, "side": aggressor,
                     "win": found.win(aggressor)}
            track = [p for p in self.odds_track if p["attack"] != self._attacks]
            self.odds_track = [*track, point]
            self.odds_rev += 1
            if self.odds_pending:
                self.odds_pending = False
                self.seq += 1

    def _odds_note(self, note: str) -> None:
        """Show (or clear) a note on the odds line at once, even in the middle of an update
        (numba compiling the fast odds the first time: up to a minute, §6 odds)."""
        self.odds_note = note
        self.send_state("odds_note")

    # -- requests from the browser (:mod:`.requests`) ----------------------------------------
    def refuse(self, message: str) -> None:
        self.error = message
        self.seq += 1

    def _request_step(self, _msg: dict) -> None:
        self.step()

    def _request_advance(self, _msg: dict) -> None:
        self.advance()

    def _request_choose(self, msg: dict) -> None:
        self.choose(str(msg.get("choice")))

    def _request_restart(self, _msg: dict) -> None:
        self.restart()

    def _request_appeal(self, msg: dict) -> None:
        god = msg.get("choice")
        if god not in APPEAL_GODS:
            raise BattleError(f"unknown request 'appeal' to {shown(god)} from the page")
        self._appeal(str(god))

    def _request_accept(self, _msg: dict) -> None:
        self.accept_dice()

    def __repr__(self) -> str:
        b = self.battle
        offer = self._lab.offer
        if offer is not None:
            state = f"round {b.round}, {offer['side']} may appeal to {offer['god'].title()}"
        elif b.over:
            state = f"over, {text.outcome_text(b).rstrip('.')}"
        elif b.prompt is not None:
            state = f"round {b.round}, {b.prompt.whose} to decide ({b.prompt.kind})"
        else:
            state = f"round {b.round}, next {b.next_attacker()}"
        n = self._attacks
        return f"<BattleWidget {self.kind}: {state}; {n} attack{'' if n == 1 else 's'}>"
