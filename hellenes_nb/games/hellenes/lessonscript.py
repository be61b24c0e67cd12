"""Carry out a lesson step on the engine: forced dice, scripted actions, a battle, checks.

Scripted actions are matched against the engine's legal actions, so a lesson may leave out
details that only one legal action could have (for example a retreat's ``city: false``); an
exact match always wins, and a description that fits several legal actions is refused as
ambiguous. Every refusal says why in the engine's own words, with its rule section.
"""

from __future__ import annotations

import copy
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any

from hellenes_nb.core.echo import cut
from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction, strip_label
from hellenes_nb.games.hellenes.index import SIDE_NAMES
from hellenes_nb.games.hellenes.lessonformat import BattleSpec
from hellenes_nb.games.hellenes.rules.battle.watch import watching
from hellenes_nb.games.hellenes.state import State
from hellenes_nb.lessons.format import StepSpec

__all__ = ["LESSON_VIEWER", "ScriptError", "StepRun", "BattleRecord", "apply_scripted",
           "deal_hands", "play_step", "resolve_battle", "expectation_problems", "describe_action"]

MAX_BATTLE_DECISIONS = 500
#: who a lesson shows the game to: a lesson retells history to a class, so its map and its
#: "what the engine did" show both sides, as the teacher's view ("all") does; they read the
#: log through ``Game.log_for`` like every other screen (docs/engine.md, "Hidden information")
LESSON_VIEWER = "all"


class ScriptError(ValueError):
    """A scripted action or battle could not be carried out (``rule``: the section, if any)."""

    def __init__(self, message: str, rule: str = ""):
        self.rule = rule
        super().__init__(message + (f" (§{rule})" if rule and f"§{rule}" not in message else ""))


@dataclass
class BattleRecord:
    """A battle as the battle widget will want it: who fought, how it went, what it cost."""

    place: str
    kind: str = ""
    forces: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    rounds: int = 0
    winner: str | None = None
    how: str = ""
    prestige: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    #: the battle as the engine fought it, step by step (``Battle.to_dict()``, told by
    #: ``rules/battle/watch.py``): the first as revealed, each later one after one step of the
    #: fight (an attack with its dice, hits and routs, a settled tie, an answered retreat
    #: question, a round's end). The lesson's battle board shows these, and fights nothing.
    snapshots: list[dict[str, Any]] = field(default_factory=list)
    policy: dict[str, str | int] = field(default_factory=dict)

    def dice(self) -> list[int]:
        """Every die face the battle's attacks rolled, in firing order (§6.2, §6.31)."""
        return [face for e in self.events if e["kind"] == "battle_attack"
                for face in e.get("dice", ())]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (with the snapshots: what the lesson's view hands the board)."""
        return {"place": self.place, "kind": self.kind, "forces": self.forces,
                "rounds": self.rounds, "winner": self.winner, "how": self.how,
                "prestige": self.prestige, "events": self.events,
                "snapshots": self.snapshots}


@dataclass
class StepRun:
    """What happened when the lesson arrived at a step."""

    events: list[dict[str, Any]]
    battle: BattleRecord | None = None


def describe_action(action: dict) -> str:
    """A short readable form of an action for messages: ``move A9 → pylos``."""
    a = strip_label(action)
    t = a.get("type", "?")
    rest = {k: v for k, v in a.items() if k not in ("type", "side")}
    if "path" in rest:
        rest["path"] = " → ".join(rest["path"]) if isinstance(rest["path"], list) else rest["path"]
    details = ", ".join(f"{cut(str(k), 40)} {cut(str(v), 80)}" for k, v in rest.items())
    return cut(f"{cut(str(a.get('side', '?')), 40)} {cut(str(t), 40)}"
               + (f" ({details})" if details else ""), 400)


def _match(game: Game, wanted: dict) -> dict:
    legal = game.legal_actions()
    plain = [strip_label(a) for a in legal]
    for a, p in zip(legal, plain, strict=True):
        if p == wanted:
            return a
    partial = [a for a, p in zip(legal, plain, strict=True)
               if all(p.get(k, _MISSING) == v for k, v in wanted.items())]
    if len(partial) == 1:
        return partial[0]
    if len(partial) > 1:
        labels = "; ".join(a.get("label", describe_action(a)) for a in partial[:5])
        raise ScriptError(f"{describe_action(wanted)} fits {len(partial)} legal actions "
                          f"({labels}); add the detail that tells them apart")
    return wanted


_MISSING = object()


def apply_scripted(game: Game, wanted: dict) -> list[dict]:
    """Apply one scripted action (matched as in the module docstring); ScriptError if illegal."""
    if game.over:
        raise ScriptError(f"{describe_action(wanted)}: play has stopped ({game.prompt.text})")
    action = _match(game, wanted)
    try:
        return game.apply(action)
    except IllegalAction as exc:
        raise ScriptError(f"{describe_action(wanted)} is not allowed now: {exc.message}. "
                          f"The engine is waiting for: {game.prompt.text}", exc.rule) from None


# -- battles ------------------------------------------------------------------------------------
def _battle_frame(game: Game, p: int) -> dict | None:
    for frame in reversed(game.state.stack):
        if frame.get("kind") in ("battle", "capitulation") and frame.get("place") == p:
            return frame
    return None


def _forces(game: Game, frame: dict) -> dict[str, list[dict[str, Any]]]:
    ix = game.state.ix
    out: dict[str, list[dict[str, Any]]] = {"athens": [], "sparta": []}
    for f in frame["battle"]["fighters"]:
        key = f["key"]
        if key.startswith("garrison:"):
            name = "garrison"
        else:
            name = ix.unit_name[ix.unit(key)]
        out[f["side"]].append({"block": key, "name": name, "role": f["role"],
                               "rating": f["rating"], "cv": f["cv"],
                               "carried_by": f.get("carried_by")})
    return out


def _answer(game: Game, spec: BattleSpec, frame: dict) -> dict:
    """The directive's answer to the battle decision on top of the stack."""
    legal = game.legal_actions()
    if not legal:
        raise ScriptError(f"the battle in {spec.place} waits for a decision with no choices")
    first = legal[0]
    t = first["type"]
    if t == "capitulate":
        return next(a for a in legal if a["accept"] is spec.capitulate)
    if t == "fortify_done" or t == "fortify":
        return next(a for a in legal if a["type"] == "fortify_done")
    if t == "battle_choice":
        prompt = frame["battle"]["prompt"]
        if prompt["kind"] != "retreat":
            return first  # which of several tied blocks takes the hit: first by key (§6.32)
        policy = spec.policy[prompt["whose"]]
        rnd = frame["battle"]["round"]
        leave = policy == "retreat" or isinstance(policy, int) and rnd > policy
        want = "retreat" if leave and "retreat" in prompt["choices"] else "fight"
        return next(a for a in legal if a["choice"] == want)
    if t == "retreat":
        unit = first["unit"]
        dest = spec.retreats.get(unit)
        if dest is None:
            return first
        for a in legal:
            if a["unit"] == unit and a["to"] == dest["to"] \
                    and bool(a.get("city")) == bool(dest.get("city")) \
                    and a.get("fleet") == dest.get("fleet"):
                return a
        options = "; ".join(a["label"] for a in legal if a["unit"] == unit)
        raise ScriptError(f"{unit} cannot retreat to {dest['to']}: its retreats are {options}",
                          "6.4")
    return first


def resolve_battle(game: Game, spec: BattleSpec, start: int,
                   seen: list[tuple[int, dict[str, Any]]] | None = None) -> BattleRecord:
    """Answer every decision of the battle in ``spec.place`` until it is over.

    An offer to appeal to an Olympian during the battle is declined (§11.0).

    ``start`` is the log length before the step began: events logged since then at the place
    (the reveal, each attack, hits, routs, the end) make up the record. ``seen``: the battles
    the engine stored while the step was played, as its watcher collected them
    (:func:`play_step`); those of this place become the record's snapshots. ScriptError when no
    battle was fought there.
    """
    ix = game.state.ix
    try:
        p = ix.place(spec.place)
    except KeyError:
        raise ScriptError(f"battle place {spec.place!r} is not an area id") from None
    rec = BattleRecord(spec.place, policy=dict(spec.policy))
    for _ in range(MAX_BATTLE_DECISIONS):
        frame = _battle_frame(game, p)
        if frame is None or game.over:
            break
        if frame.get("battle") and not rec.forces:
            rec.forces = _forces(game, frame)
        top = game.state.stack[-1]
        if top.get("kind") == "appeal" and top is not frame:
            # the lesson replays history: nobody appeals to an Olympian mid-battle (§11.0)
            game.apply(next(a for a in game.legal_actions() if a["type"] == "no_appeal"))
            continue
        if top is not frame:
            raise ScriptError(f"the battle in {spec.place} is waiting behind another decision: "
                              f"{game.prompt.text}")
        action = _answer(game, spec, frame)
        game.apply(action)
        last = _battle_frame(game, p)
        if last is not None and last.get("battle") and not rec.forces:
            rec.forces = _forces(game, last)
    else:
        raise ScriptError(f"the battle in {spec.place} did not end after "
                          f"{MAX_BATTLE_DECISIONS} decisions")
    for ev in game.log_for(LESSON_VIEWER, start):
        if ev.get("place") != p:
            continue
        kind = ev["kind"]
        if kind == "battle_reveal":
            rec.kind = ev.get("battle_kind", "")
        if kind == "battle_end":
            rec.winner, rec.how = ev.get("winner"), ev.get("how", "")
            rec.prestige = ev.get("prestige", 0)
        if kind.startswith("battle") or kind in ("fortify", "declined", "capitulation",
                                                 "retreat", "city_taken", "siege_lifted"):
            rec.rounds = max(rec.rounds, ev.get("round", 0) or 0)
            rec.events.append({"kind": kind, "rule": ev.get("rule", ""), "text": ev["text"],
                               **({"dice": ev["dice"]} if "dice" in ev else {})})
    if not rec.events or not any(e["kind"].startswith("battle") for e in rec.events):
        raise ScriptError(f"no battle was fought in {spec.place} during this step; the engine "
                          f"is waiting for: {game.prompt.text}")
    rec.snapshots = [copy.deepcopy(d) for place, d in seen or () if place == p]
    return rec


# -- a whole step -------------------------------------------------------------------------------
def deal_hands(game: Game, hands: dict[str, tuple[int, ...]]) -> None:
    """Make each side's hand hold the cards ``hands`` names (a step's ``hands``), as if the
    deal had given them (§10.1). A named card comes from the deck or from the other hand; the
    cards it displaces take its place there, so every card stays in exactly one pile, each
    hand keeps its size and the deck its order otherwise. The log says that the lesson set the
    hands, without naming the cards. ScriptError names a card that cannot be dealt and where
    it is; the game is then unchanged."""
    st = game.state
    old = [list(h) for h in st.hands]
    deck = list(st.deck)
    named_for: dict[int, str] = {}
    for side, cards in hands.items():
        if len(cards) > len(old[SIDE_NAMES.index(side)]):
            raise ScriptError(f"hands {side}: {len(cards)} cards are named, but the hand holds "
                              f"{len(old[SIDE_NAMES.index(side)])} now", "10.1")
        for n in cards:
            if n in named_for:
                twice = (f"twice for {side}" if named_for[n] == side
                         else f"for both {named_for[n]} and {side}")
                raise ScriptError(f"hands: card {n} is named {twice}; a card is in one place "
                                  "only")
            if n not in deck and not any(n in h for h in old):
                raise ScriptError(f"hands {side}: card {n} cannot be dealt: "
                                  f"{_card_whereabouts(st, n)}", "10.1")
            named_for[n] = side
    chosen: list[list[int]] = []
    loose: list[int] = []  # cards no longer in a hand
    for i, side in enumerate(SIDE_NAMES):
        named = list(hands.get(side, ()))
        others = [c for c in old[i] if c not in named_for]
        room = len(old[i]) - len(named)
        chosen.append(named + others[:room])
        loose += others[room:]
    taken = [n for n in named_for if n in deck]  # cards the deck gives up
    for i in range(len(SIDE_NAMES)):
        while len(chosen[i]) < len(old[i]):  # a hand that gave a named card to the other
            if loose:
                chosen[i].append(loose.pop(0))
            else:
                c = next(c for c in deck if c not in named_for and c not in taken)
                taken.append(c)
                chosen[i].append(c)
    for c, back in zip(taken, loose, strict=True):
        deck[deck.index(c)] = back
    new = [[c for c in old[i] if c in chosen[i]] + [c for c in chosen[i] if c not in old[i]]
           for i in range(len(SIDE_NAMES))]
    if new != old:
        st.hands, st.deck = new, deck
        st.event("lesson_hands", "10.1", "The lesson deals the hands this step names")


def _card_whereabouts(st: State, n: int) -> str:
    """Where card ``n`` is, when it is neither in the deck nor in the hand asked for."""
    for side, hand in zip(SIDE_NAMES, st.hands, strict=True):
        if n in hand:
            return f"it is in {side.title()}'s hand"
    if any(p is not None and p.get("card") == n for p in st.played):
        return "it has been played this season"
    if n in st.discard:
        return "it is in the discard pile"
    if any(c == n for c, _owner in st.in_play):
        return "it is in play (a leader or a continuing event)"
    return "it is not in this scenario's deck (§3.0)"


def play_step(game: Game, step: StepSpec, since: int | None = None) -> StepRun:
    """Arrive at ``step``: deal its hands, force its dice, apply its actions, fight its battle
    (in that order).

    The decision, if any, is not taken here (see the runner). ``since`` is where the step's
    events begin in the log (default: now; the runner passes the point before the previous
    step's decision, whose moves the class sees with this step). ScriptError names the action.
    """
    start = len(game.log) if since is None else since
    if step.hands:
        deal_hands(game, step.hands)
    forced = step.dice if isinstance(step.dice, tuple) else ()
    if forced:
        if game.state.dice.forced:
            raise ScriptError(f"dice {list(game.state.dice.forced)} forced earlier are still "
                              "waiting to be rolled")
        game.state.dice.force(forced)
    before = game.state.dice.state
    seen: list[tuple[int, dict[str, Any]]] = []  # each battle the engine stores, as it goes
    with watching(lambda place, battle: seen.append((place, battle))) if step.battle \
            else nullcontext():
        for item, action in zip(step.items, step.actions, strict=True):
            try:
                apply_scripted(game, action)
            except ScriptError as exc:
                raise ScriptError(f"do item {item}: {exc}") from None
        battle = resolve_battle(game, step.battle, start, seen) if step.battle else None
    if forced:
        left = game.state.dice.forced
        if left:
            raise ScriptError(f"the step forces {len(forced)} dice but only "
                              f"{len(forced) - len(left)} were rolled; {list(left)} are left "
                              "over")
        if game.state.dice.state != before:
            raise ScriptError(f"the step forces {len(forced)} dice but the engine rolled more; "
                              "add the missing faces or write 'dice: live'")
    return StepRun(game.log_for(LESSON_VIEWER, start), battle)


def expectation_problems(game: Game, step: StepSpec) -> list[str]:
    """How the state after ``step`` differs from its ``expect`` block (empty when it matches)."""
    st = game.state
    ix = st.ix
    out = []
    exp = step.expect
    if exp.prestige is not None and st.prestige != exp.prestige:
        out.append(f"expected prestige {exp.prestige:+d}, the engine has {st.prestige:+d}")
    for area, side in exp.holds.items():
        holder = st.city_control[ix.place(area)]
        got = SIDE_NAMES[holder] if holder >= 0 else "nobody"
        if got != side:
            out.append(f"expected {side} to hold the city of {area}, but {got} holds it")
    for key, where in exp.at.items():
        loc = st.loc[ix.unit(key)]
        got = ix.place_ids[loc] if loc >= 0 else {-1: "pool", -2: "aside", -3: "out"}[loc]
        if got != where:
            out.append(f"expected {key} in {where}, it is in {got}")
    for key, cv in exp.cv.items():
        u = ix.unit(key)
        if st.cv[u] != cv:
            out.append(f"expected {key} at {cv} cv, it has {st.cv[u]}")
    for area, side in exp.siege.items():
        rec = st.sieges.get(ix.place(area))
        got = SIDE_NAMES[rec["besieger"]] if rec else "none"
        if got != side:
            out.append(f"expected the siege of {area} to be by {side}, found {got}")
    return out
