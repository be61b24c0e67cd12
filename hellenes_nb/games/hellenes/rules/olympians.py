"""§11 Olympians: who may appeal, and the offers made right after each random result.

Sacrifices are recorded at New Year in ``state.sacrifices`` (§10.3). Right after a random
result an Olympian may overturn, the players who hold that god's Sacrifice are asked, one at a
time (the acting player first), whether to appeal; declining is always allowed. An appeal spends
the Sacrifice, the result is rolled or drawn again and the new result stands. Only one appeal
per god is made in a player turn (by either player), and the other player may then appeal to
Hera to have it done once more (§11.0, sidebar "The Olympians").

The chapter that makes a random result calls the offer for it, which pushes an ``appeal`` frame
(``{"kind": "appeal", "god", "offer": (sides), "target": {...}, "options": (labels), "free":
0|1}``) when someone may appeal; :mod:`.appeals` decides it and does the result again. This
module imports no other chapter, so every chapter can call it:

- Zeus, the New Year deal: ``card_play.CardPlay`` offers the appeal itself (:func:`zeus_allowed`,
  :func:`appeal_zeus`);
- Apollo, the recruit draw: :func:`after_recruit_draw` at the end of ``Recruit.apply`` and
  :func:`after_recruit_placed` at the end of ``RecruitPlace.apply`` (``actions``);
- Ares, one unit attack: :func:`offer_ares` in ``BattleStep._run_fight`` after each
  ``Battle.step()`` (the appeal restores the battle as it was before the attack and rolls it
  again: ``combat.Battle`` has no re-roll of its own). ``Battle.choose`` only answers a
  decision and never rolls, so every attack passes this hook (tested);
- Demeter, siege attrition: :func:`offer_demeter` at the end of ``siege`` attrition;
- Poseidon, a storm: :func:`offer_poseidon` in ``rolls.roll_storm``, with the units as they
  were before the storm (:func:`storm_snapshot`);
- Hermes, forced marches: :func:`offer_hermes` after the forced-march rolls of ``rolls.Rolls``.
"""

from __future__ import annotations

from hellenes_nb.core.steps import IllegalAction, push, replace_top
from hellenes_nb.core.words import count
from hellenes_nb.games.hellenes.index import NEW_YEAR, SIDE_NAMES, side_title
from hellenes_nb.games.hellenes.state import State

__all__ = [
    "GODS", "WHAT", "can_appeal", "note_appeal", "spend", "offer_hera", "zeus_allowed",
    "redeal", "appeal_zeus", "after_recruit_draw", "after_recruit_placed", "offer_ares",
    "offer_demeter", "storm_snapshot", "offer_poseidon", "offer_hermes",
]

GODS = ("zeus", "hera", "apollo", "ares", "demeter", "poseidon", "hermes")
WHAT = {"zeus": "re-deal the six New Year cards", "apollo": "draw the recruits again",
        "ares": "roll the attack again", "demeter": "roll the siege attrition again",
        "poseidon": "roll the storm again", "hermes": "roll the failed forced marches again"}


def _turn_code(state: State) -> int:
    """Names the current player turn (New Year counts as one turn)."""
    return state.year * 100 + state.season * 10 + state.active + 1


def note_appeal(state: State, god: str) -> None:
    """Someone has appealed to ``god`` this player turn: nobody may again (§11.0)."""
    state.flags[f"appeal:{god}"] = _turn_code(state)


def can_appeal(state: State, side: int, god: str) -> bool:
    """``side`` holds a Sacrifice to ``god`` and nobody has appealed to ``god`` this player
    turn (§11.0)."""
    return god in state.sacrifices[side] and state.flags.get(f"appeal:{god}") != _turn_code(state)


def spend(state: State, side: int, god: str, why: str) -> None:
    """``side`` appeals to ``god``: its Sacrifice is spent and the appeal logged (§11.0)."""
    state.sacrifices[side] = [g for g in state.sacrifices[side] if g != god]
    note_appeal(state, god)
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


def offer_hera(state: State, god: str, side: int, target: dict) -> None:
    """Once an appeal to ``god`` is done, the opponent may overrule it with Hera (§11.0)."""
    if god != "hera":
        _offer(state, "hera", (1 - side,), {**target, "god": god})


# -- Zeus: the New Year deal (§10.1) ------------------------------------------------------------
def zeus_allowed(state: State, side: int) -> bool:
    """May ``side`` appeal to Zeus now? Only before committing a New Year card, with a Sacrifice
    made in an earlier year (every Sacrifice held at the deal is: this year's come after it)."""
    return (state.season == NEW_YEAR and state.played[side] is None
            and can_appeal(state, side, "zeus"))


def redeal(state: State, target: dict) -> None:
    """Zeus's appeal: ``target["side"]`` discards its hand and draws as many new cards,
    without reshuffling (§11.0)."""
    side = target["side"]
    old = state.hands[side]
    state.discard.extend(old)
    state.hands[side] = [state.deck.pop() for _ in range(min(len(old), len(state.deck)))]
    state.barrier = True
    state.event("redeal", "11.0", f"{side_title(side)} discards {len(old)} cards and draws "
                f"{len(state.hands[side])} new ones: {sorted(state.hands[side])}", side,
                private=side, public=f"{side_title(side)} draws a new New Year hand")


def appeal_zeus(state: State, side: int) -> None:
    """Carry out ``side``'s appeal to Zeus (:func:`redeal`), offering Hera to the other side."""
    if not zeus_allowed(state, side):
        raise IllegalAction(f"{side_title(side)} cannot appeal to Zeus now: that needs a Sacrifice "
                            "to Zeus, before the New Year card is committed, once a turn", "11.0")
    spend(state, side, "zeus", WHAT["zeus"])
    redeal(state, {"side": side})
    offer_hera(state, "zeus", side, {"side": side})


# -- Apollo: recruits (§4.22) -------------------------------------------------------------------
def after_recruit_draw(state: State, side: int) -> bool:
    """Hook after a recruit draw (the ``recruit`` frame on top): offer Apollo to the drawer."""
    return _offer(state, "apollo", (side,), {"side": side, "mode": "draw"})


def after_recruit_placed(state: State, side: int, u: int) -> bool:
    """Hook after ``side`` placed recruit ``u``: the opponent may make him return it and draw
    three new blocks (§11.0 Apollo)."""
    return _offer(state, "apollo", (1 - side,), {"side": side, "mode": "placed", "unit": u})


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


# -- Demeter: siege attrition (§8.2) ---------------------------------------------------------------
def offer_demeter(state: State, p: int, hit_max: int | None = None) -> bool:
    """Hook after a siege attrition roll against the city of ``p`` (its hits frame, if any, on
    top): either player may appeal to Demeter (§11.0)."""
    return _offer(state, "demeter", _both(state), {"place": p, "hit_max": hit_max})


# -- Poseidon: storms (§5.22) ----------------------------------------------------------------------
def storm_snapshot(state: State, record: dict) -> tuple:
    """The fleets of the deep-sea crossing ``record`` and their cargo as they stand before its
    storm is rolled: what an appeal to Poseidon puts back (§11.0)."""
    units = []
    for f in record["units"]:
        units.append(f)
        c = state.carry.get(f, -1)
        if c >= 0:
            units.append(c)
    return tuple((u, state.loc[u], state.cv[u], state.inside[u], state.carry.get(u, -1))
                 for u in units)


def offer_poseidon(state: State, record: dict, snap: tuple) -> bool:
    """Hook after the storm of the deep-sea crossing ``record`` was rolled (``snap``: its
    :func:`storm_snapshot` from before): either player may appeal to Poseidon (§11.0)."""
    return _offer(state, "poseidon", _both(state), {"record": record, "snap": snap})


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
    options = tuple(f"{count(len(v), 'failed roll')} of the formation heading for "
                    f"{ix.place_name[k[2][-1]]}" for k, v in forms.items())
    return _offer(state, "hermes", (side,), {"rolls": tuple(tuple(v) for v in forms.values())},
                  options=options)
