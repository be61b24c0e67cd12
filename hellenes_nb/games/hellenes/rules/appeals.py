"""§11 the appeal itself: the side asked decides (:class:`AppealStep`), and an appeal does the
random result again, each god its own (:data:`REDO`), from the chapter that made it. The offers
that push the ``appeal`` frame are in :mod:`.olympians`.

Frame: ``{"kind": "appeal", "god", "offer": (sides), "target": {...}, "options": (labels),
"free": 0|1}``; actions ``{"type": "appeal", "side", "god", "option"}`` and
``{"type": "no_appeal", "side"}``.
"""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.steps import Step, pop, push, replace_top
from hellenes_nb.games.hellenes.battle_words import attack_sentence
from hellenes_nb.games.hellenes.index import SIDE_NAMES, side_title
from hellenes_nb.games.hellenes.rules.actions.building import draw_recruits
from hellenes_nb.games.hellenes.rules.battle.fighters import battle_object
from hellenes_nb.games.hellenes.rules.movement.rolls import forced_succeeds, storm
from hellenes_nb.games.hellenes.rules.olympians import WHAT, offer_hera, redeal, spend
from hellenes_nb.games.hellenes.rules.siege.attrition import attrition
from hellenes_nb.games.hellenes.state import POOL, State


# -- Apollo: recruits (§4.22) -------------------------------------------------------------------
def _draw(state: State, side: int) -> tuple[int, ...]:
    return draw_recruits(state, side, "11.0", "draws again")


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
def _reattack(state: State, target: dict) -> None:
    frame = replace_top(state, battle=target["before"])
    b = battle_object(state, frame)
    events = b.step()
    replace_top(state, battle=b.to_dict())
    for ev in events:
        if ev["kind"] == "attack":
            state.event("battle_attack", "11.0", lambda rd, ev=ev:
                        attack_sentence(rd.fighter(ev["by"]), ev, again=True),
                        SIDE_NAMES.index(ev["side"]), place=target["place"], dice=ev["dice"])


# -- Demeter: siege attrition (§8.2) ---------------------------------------------------------------
def _reattrition(state: State, target: dict) -> None:
    p = target["place"]
    top = state.stack[-1] if state.stack else {}
    if top.get("kind") == "attrition_hits" and top.get("place") == p:
        pop(state, top)
    attrition(state, p, target.get("hit_max"))


# -- Poseidon: storms (§5.22) ----------------------------------------------------------------------
def _restorm(state: State, target: dict) -> None:
    for u, loc, cv, inside, cargo in target["snap"]:
        state.loc[u], state.cv[u], state.inside[u] = loc, cv, inside
        if cargo >= 0:
            state.carry[u] = cargo
    storm(state, target["record"])


# -- Hermes: forced marches (§5.3) ------------------------------------------------------------
def _reroll_forced(state: State, target: dict) -> None:
    idx = target["rolls"][target.get("option", 0)]
    frame = state.stack[-1]
    ok = [i for i in frame["await"] if i not in idx]
    for i in idx:
        r = state.pending_rolls[i]
        face = state.dice.roll()
        good = forced_succeeds(state, r["unit"], face)
        how = "success" if good else "failure"
        # the first roll was the owner's secret (§5.3): the other side learns no more here
        state.event("forced_roll", "11.0", lambda rd, u=r["unit"], face=face, how=how:
                    f"Forced march of {rd.unit(u)} rolled again: {face}, {how}", r["side"],
                    dice=[face])
        if good:
            ok.append(i)
    state.barrier = True
    replace_top(state, **{"await": tuple(sorted(ok))})


#: what an appeal to each god does again (Hera: the appeal she overrules)
REDO = {"zeus": redeal, "apollo": _redraw, "ares": _reattack, "demeter": _reattrition,
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
            spend(state, side, god, WHAT[target["god"]] if god == "hera" else WHAT[god])
        _redo(state, god, target)
        if god == "ares" and not frame["free"]:
            replace_top(state, ares_chain=(side, *target["class"]))
        if not frame["free"]:
            offer_hera(state, god, side, target)

    def text(self, state, frame):
        god = frame["god"].title()
        if frame["god"] == "hera":
            return (f"{side_title(frame['offer'][0])}: appeal to Hera to overrule the opponent's "
                    f"appeal to {frame['target']['god'].title()}? (§11.0)")
        return f"{side_title(frame['offer'][0])}: appeal to {god} against this result? (§11.0)"


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (AppealStep(),)
