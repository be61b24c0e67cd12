"""§11 Olympians: appeals that overturn a random result, paid for with a New Year Sacrifice.

Sacrifices are recorded at New Year in ``state.sacrifices`` (§10.3). Right after a random
result an Olympian may overturn, the players who hold that god's Sacrifice are asked, one at a
time (the acting player first), whether to appeal; declining is always allowed. An appeal spends
the Sacrifice, the result is rolled or drawn again and the new result stands. Only one appeal
per god is made in a player turn (by either player), and the other player may then appeal to
Hera to have it done once more (§11.0, sidebar "The Olympians").

Frame: ``{"kind": "appeal", "god", "offer": (sides), "target": {...}, "options": (labels),
"free": 0|1}``; actions ``{"type": "appeal", "side", "god", "option"}`` and
``{"type": "no_appeal", "side"}``.

Where each random result happens and the hook that offers the appeal:

- Zeus, the New Year deal: ``cards.CardPlay`` offers the appeal itself (:func:`zeus_allowed`);
- Apollo, the recruit draw: :func:`after_recruit_draw` at the end of ``actions.Recruit.apply``
  and :func:`after_recruit_placed` at the end of ``actions.RecruitPlace.apply``;
- Ares, one unit attack: :func:`offer_ares` in ``battles.BattleStep._run_fight`` after each
  ``Battle.step()`` (the appeal restores the battle as it was before the attack and rolls it
  again: ``combat.Battle`` has no re-roll of its own). ``Battle.choose`` only answers a
  decision and never rolls, so every attack passes this hook (tested);
- Demeter, siege attrition: :func:`offer_demeter` at the end of ``siege.attrition``;
- Poseidon, a storm: :func:`roll_storm` in place of ``movement.storm``;
- Hermes, forced marches: :func:`offer_hermes` after the forced-march rolls of ``movement.Rolls``.
"""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.steps import IllegalAction, Step, pop, push, replace_top
from hellenes_nb.games.hellenes.index import NEW_YEAR, SIDE_NAMES, side_title
from hellenes_nb.games.hellenes.state import POOL, State

__all__ = [
    "can_appeal", "zeus_allowed", "appeal_zeus", "after_recruit_draw", "after_recruit_placed",
    "offer_ares", "offer_demeter", "roll_storm", "offer_hermes", "AppealStep",
]

GODS = ("zeus", "hera", "apollo", "ares", "demeter", "poseidon", "hermes")
WHAT = {"zeus": "re-deal the six New Year cards", "apollo": "draw the recruits again",
        "ares": "roll the attack again", "demeter": "roll the siege attrition again",
        "poseidon": "roll the storm again", "hermes": "roll the failed forced marches again"}


def _turn_code(state: State) -> int:
    """Names the current player turn (New Year counts as one turn)."""
    return state.year * 100 + state.season * 10 + state.active + 1


def can_appeal(state: State, side: int, god: str) -> bool:
    """``side`` holds a Sacrifice to ``god`` and nobody has appealed to ``god`` this player
    turn (§11.0)."""
    return god in state.sacrifices[side] and state.flags.get(f"appeal:{god}") != _turn_code(state)


def _spend(state: State, side: int, god: str, why: str) -> None:
    state.sacrifices[side] = [g for g in state.sacrifices[side] if g != god]
    state.flags[f"appeal:{god}"] = _turn_code(state)
    state.barrier = True
    state.event("appeal", "11.0", f"{side_title(side)} appeals to {god.title()}: {why}", side,
                god=god)


def _offer(state: State, god: str, sides: tuple[int, ...], target: dict,
           options: tuple[str, ...] = ("",), free: bool = False) -> bool:
    """Push an appeal frame for the ``sides`` that may appeal; True if one was pushed."""
    able = tuple(s for s in sides if free or can_appeal(state, s, god))
    if not able:
        return False
    push(state, {"kind": "appeal", "god": god, "offer": able, "target": target,
                 "options": options, "free": int(free)})
    return True


def _both(state: State) -> tuple[int, int]:
    first = state.active if state.active in (0, 1) else 0
    return first, 1 - first


def _after(state: State, god: str, side: int, target: dict) -> None:
    """Once an appeal to ``god`` is done, the opponent may overrule it with Hera (§11.0)."""
    if god != "hera":
        _offer(state, "hera", (1 - side,), {**target, "god": god})


# -- Zeus: the New Year deal (§10.1) ------------------------------------------------------------
def zeus_allowed(state: State, side: int) -> bool:
    """May ``side`` appeal to Zeus now? Only before committing a New Year card, with a Sacrifice
    made in an earlier year (every Sacrifice held at the deal is: this year's come after it)."""
    return (state.season == NEW_YEAR and state.played[side] is None
            and can_appeal(state, side, "zeus"))


def _redeal(state: State, target: dict) -> None:
    side = target["side"]
    old = state.hands[side]
    state.discard.extend(old)
    state.hands[side] = [state.deck.pop() for _ in range(min(len(old), len(state.deck)))]
    state.barrier = True
    state.event("redeal", "11.0", f"{side_title(side)} discards {len(old)} cards and draws "
                f"{len(state.hands[side])} new ones: {sorted(state.hands[side])}", side,
                private=side, public=f"{side_title(side)} draws a new New Year hand")


def appeal_zeus(state: State, side: int) -> None:
    """Carry out ``side``'s appeal to Zeus: discard the hand and draw as many new cards,
    without reshuffling (§11.0)."""
    if not zeus_allowed(state, side):
        raise IllegalAction(f"{side_title(side)} cannot appeal to Zeus now: that needs a Sacrifice "
                            "to Zeus, before the New Year card is committed, once a turn", "11.0")
    _spend(state, side, "zeus", WHAT["zeus"])
    _redeal(state, {"side": side})
    _after(state, "zeus", side, {"side": side})


# -- Apollo: recruits (§4.22) -------------------------------------------------------------------
def _draw(state: State, side: int) -> tuple[int, ...]:
    from hellenes_nb.games.hellenes.rules.actions import draw_recruits

    return draw_recruits(state, side, "11.0", "draws again")


def after_recruit_draw(state: State, side: int) -> bool:
    """Hook after a recruit draw (the ``recruit`` frame on top): offer Apollo to the drawer."""
    return _offer(state, "apollo", (side,), {"side": side, "mode": "draw"})


def after_recruit_placed(state: State, side: int, u: int) -> bool:
    """Hook after ``side`` placed recruit ``u``: the opponent may make him return it and draw
    three new blocks (§11.0 Apollo)."""
    return _offer(state, "apollo", (1 - side,), {"side": side, "mode": "placed", "unit": u})


def _redraw(state: State, target: dict) -> None:
    side = target["side"]
    top = state.stack[-1] if state.stack else {}
    u = target.get("unit", -1)
    if target.get("mode") == "placed" and state.loc[u] >= 0:
        if top.get("kind") == "group_move" and top.get("mode") == "free" \
                and u in top.get("units", ()):
            pop(state, top)  # the barbarian's free move goes with it
        state.loc[u], state.cv[u], state.inside[u] = POOL, 0, 0
        state.event("recruit_returned", "11.0", f"{side_title(side)} returns the recruit to the "
                    "pool", side)
        push(state, {"kind": "recruit", "side": side, "drawn": _draw(state, side)})
        return
    if top.get("kind") == "recruit" and top.get("side") == side:
        replace_top(state, drawn=_draw(state, side))
    else:
        push(state, {"kind": "recruit", "side": side, "drawn": _draw(state, side)})


# -- Ares: one unit attack in a battle (§6.31) ---------------------------------------------------
def _new_attack(state: State, before: dict) -> dict | None:
    """The unit attack the last battle step rolled, if any (from the battle's own log)."""
    frame = state.stack[-1]
    log = frame["battle"]["log"][len(before["log"]):]
    return next((e for e in reversed(log) if e.get("kind") == "attack"), None)


def _agility(battle: dict, key: str) -> str:
    return next(str(f["rating"])[0] for f in battle["fighters"] if f["key"] == key)


def offer_ares(state: State, before: dict) -> bool:
    """Hook after a battle step (the ``battle`` frame on top, ``before`` its battle dict before
    the step). Offers Ares after a unit attack; once Ares was called, the appealer may also
    re-roll each later attack of the same side's agility class this round for free (§11.0)."""
    attack = _new_attack(state, before)
    if attack is None:
        return False
    frame = state.stack[-1]
    cls = (SIDE_NAMES.index(attack["side"]), _agility(frame["battle"], attack["by"]),
           attack["round"])
    target = {"place": frame["place"], "before": before, "class": cls}
    chain = frame.get("ares_chain")
    if chain is not None:
        if tuple(chain[1:]) == cls:
            return _offer(state, "ares", (chain[0],), target, free=True)
        # another class attacks: the appealed class is no longer the one attacking (§11.0)
        replace_top(state, ares_chain=None)
    return _offer(state, "ares", _both(state), target)


def _reattack(state: State, target: dict) -> None:
    from hellenes_nb.games.hellenes.rules.battle import phase as battles

    frame = replace_top(state, battle=target["before"])
    b = battles.battle_object(state, frame)
    events = b.step()
    replace_top(state, battle=b.to_dict())
    for ev in events:
        if ev["kind"] == "attack":
            state.event("battle_attack", "11.0", lambda rd, ev=ev:
                        f"{rd.fighter(ev['by'])} attacks again: dice {ev['dice']}, "
                        f"{ev['hits']} hit(s), {ev['routs']} rout(s)",
                        SIDE_NAMES.index(ev["side"]), place=target["place"], dice=ev["dice"])


# -- Demeter: siege attrition (§8.2) ---------------------------------------------------------------
def offer_demeter(state: State, p: int, hit_max: int | None = None) -> bool:
    """Hook after a siege attrition roll against the city of ``p`` (its hits frame, if any, on
    top): either player may appeal to Demeter (§11.0)."""
    return _offer(state, "demeter", _both(state), {"place": p, "hit_max": hit_max})


def _reattrition(state: State, target: dict) -> None:
    from hellenes_nb.games.hellenes.rules import siege

    p = target["place"]
    top = state.stack[-1] if state.stack else {}
    if top.get("kind") == "attrition_hits" and top.get("place") == p:
        pop(state, top)
    siege.attrition(state, p, target.get("hit_max"))


# -- Poseidon: storms (§5.22) ----------------------------------------------------------------------
def _snapshot(state: State, record: dict) -> tuple:
    units = []
    for f in record["units"]:
        units.append(f)
        c = state.carry.get(f, -1)
        if c >= 0:
            units.append(c)
    return tuple((u, state.loc[u], state.cv[u], state.inside[u], state.carry.get(u, -1))
                 for u in units)


def roll_storm(state: State, record: dict) -> None:
    """Roll the storm of one deep-sea crossing (``rolls.storm``) and offer Poseidon."""
    from hellenes_nb.games.hellenes.rules.movement import rolls

    snap = _snapshot(state, record)
    rolls.storm(state, record)
    _offer(state, "poseidon", _both(state), {"record": record, "snap": snap})


def _restorm(state: State, target: dict) -> None:
    from hellenes_nb.games.hellenes.rules.movement import rolls

    for u, loc, cv, inside, cargo in target["snap"]:
        state.loc[u], state.cv[u], state.inside[u] = loc, cv, inside
        if cargo >= 0:
            state.carry[u] = cargo
    rolls.storm(state, target["record"])


# -- Hermes: forced marches (§5.3) ------------------------------------------------------------
def offer_hermes(state: State) -> bool:
    """Hook after the forced-march rolls (the ``rolls`` frame on top at stage ``choose``): the
    moving player may have the failed rolls of one formation rolled again (§11.0)."""
    frame = state.stack[-1]
    ok = set(frame["await"])
    forms: dict[tuple, list[int]] = {}
    for i, r in enumerate(state.pending_rolls):
        if r["kind"] == "forced" and i not in ok:
            forms.setdefault((r["side"], r["group"], tuple(r["path"])), []).append(i)
    if not forms:
        return False
    side = next(iter(forms))[0]
    ix = state.ix
    options = tuple(f"{len(v)} failed roll(s) of the formation heading for "
                    f"{ix.place_name[k[2][-1]]}" for k, v in forms.items())
    return _offer(state, "hermes", (side,), {"rolls": tuple(tuple(v) for v in forms.values())},
                  options=options)


def _reroll_forced(state: State, target: dict) -> None:
    from hellenes_nb.games.hellenes.rules.movement import rolls

    idx = target["rolls"][target.get("option", 0)]
    frame = state.stack[-1]
    ok = [i for i in frame["await"] if i not in idx]
    for i in idx:
        r = state.pending_rolls[i]
        face = state.dice.roll()
        good = rolls.forced_succeeds(state, r["unit"], face)
        how = "success" if good else "failure"
        # the first roll was the owner's secret (§5.3): the other side learns no more here
        state.event("forced_roll", "11.0", lambda rd, u=r["unit"], face=face, how=how:
                    f"Forced march of {rd.unit(u)} rolled again: {face}, {how}", r["side"],
                    dice=[face])
        if good:
            ok.append(i)
    state.barrier = True
    replace_top(state, **{"await": tuple(sorted(ok))})


REDO = {"zeus": _redeal, "apollo": _redraw, "ares": _reattack, "demeter": _reattrition,
        "poseidon": _restorm, "hermes": _reroll_forced}


def _redo(state: State, god: str, target: dict) -> None:
    REDO[target["god"] if god == "hera" else god](state, target)


class AppealStep(Step):
    """Ask, one side at a time, whether to appeal to the Olympian named in the frame."""

    kind = "appeal"
    rules = ("11.0",)

    def deciders(self, state, frame):
        return frame["offer"][:1]

    def legal(self, state, frame, side):
        if side not in frame["offer"][:1]:
            return []
        god = frame["god"]
        name = SIDE_NAMES[side]
        what = WHAT[frame["target"]["god"]] if god == "hera" else WHAT[god]
        cost = "free: part of the same appeal" if frame["free"] else "spends the Sacrifice"
        out = [{"type": "no_appeal", "side": name, "label": f"Let the result stand (no appeal "
                f"to {god.title()})"}]
        for i, opt in enumerate(frame["options"]):
            out.append({"type": "appeal", "side": name, "god": god, "option": i,
                        "label": f"Appeal to {god.title()}: {what}"
                                 + (f" ({opt})" if opt else "") + f" ({cost})"})
        return out

    def apply(self, state, frame, action):
        side = SIDE_NAMES.index(action["side"])
        if action["type"] == "no_appeal":
            rest = frame["offer"][1:]
            if rest:
                replace_top(state, offer=rest)
            else:
                pop(state, frame)
            return
        god = frame["god"]
        target: dict[str, Any] = {**frame["target"], "option": action["option"]}
        pop(state, frame)
        if frame["free"]:
            state.event("appeal", "11.0", f"{side_title(side)} has Ares roll another attack of the "
                        "same class again", side, god=god)
        else:
            _spend(state, side, god, WHAT[target["god"]] if god == "hera" else WHAT[god])
        _redo(state, god, target)
        if god == "ares" and not frame["free"]:
            replace_top(state, ares_chain=(side, *target["class"]))
        if not frame["free"]:
            _after(state, god, side, target)

    def text(self, state, frame):
        god = frame["god"].title()
        if frame["god"] == "hera":
            return (f"{side_title(frame['offer'][0])}: appeal to Hera to overrule the opponent's "
                    f"appeal to {frame['target']['god'].title()}? (§11.0)")
        return f"{side_title(frame['offer'][0])}: appeal to {god} against this result? (§11.0)"


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (AppealStep(),)
