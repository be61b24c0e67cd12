"""§6 the combat phase on the map: battle order, formations, fortifying, revealing, the battle
itself (through :class:`~.combat.Battle`), retreats, then siege combat.

Frames handled here:

- ``{"kind": "combat_phase", "side"}`` (pushed by the sequence of play): sorties are declared
  (§8.3), battles are fought smallest first (§6.0), then the acting player's sieges from prior
  seasons (§8.0). Optional keys ``action_turn`` (0/1, default: the card was played for
  actions) and ``sieges`` (0 skips siege combat) let Winter reuse the phase.
- ``{"kind": "battle", "place", "side", "mode", "stage", ...}``: one battle place from the
  choice of formation to the last retreat. ``mode`` is ``field`` (land or sea battle, or a
  sortie) or ``assault`` (pushed by ``siege/assault.py``). Stages: ``start`` → ``order`` (which
  formation fights first, §5.41) or, for an assault, ``join`` (which newly arrived formation,
  if any, joins the besiegers, §5.42) → ``fortify`` (§6.1, §7.1) → ``reveal`` → ``fight`` (the
  battle's own decisions, §6.2–§6.4) → ``retreat`` (a destination per unit, §6.4) → ``after``.

Decisions are actions with ``type``: ``battle_order``, ``formation``, ``join`` / ``no_join``,
``fortify`` / ``fortify_done``, ``battle_choice`` (``fight``, ``retreat`` or a block key),
``retreat``. In every list the first action is the cautious default (for the joining
formations, the first one joins, as before joining became optional), so "take the first
choice" is a usable automatic policy (:func:`auto`).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import Any

from hellenes_nb.core import remembered
from hellenes_nb.core.steps import IllegalAction, Step, pop, push, replace_top
from hellenes_nb.games.hellenes.eventlog import Reader
from hellenes_nb.games.hellenes.index import (
    SIDE_NAMES,
    WorldIndex,
    action_side,
    side_of,
    side_title,
)
from hellenes_nb.games.hellenes.rules import cards, olympians, victory
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules.battle.blocks import Fighter
from hellenes_nb.games.hellenes.rules.battle.combat import Battle
from hellenes_nb.games.hellenes.rules.control import disputed, outside_units, units_at
from hellenes_nb.games.hellenes.rules.losses import eliminate
from hellenes_nb.games.hellenes.rules.movement.check import moves_from
from hellenes_nb.games.hellenes.rules.movement.rolls import roll_storm
from hellenes_nb.games.hellenes.rules.siege.condition import besieger_of, defenders, inside_units
from hellenes_nb.games.hellenes.rules.siege.methods import siege_targets
from hellenes_nb.games.hellenes.rules.siege.records import capture, refresh
from hellenes_nb.games.hellenes.rules.siege.sortie import sortie_candidates
from hellenes_nb.games.hellenes.state import State

__all__ = ["CombatPhase", "BattleStep", "auto", "formations", "joining", "retreat_options",
           "retreat_refusal", "battle_object"]


def auto(game: Any, side: str, choices: list[dict]) -> dict:
    """The automatic policy: the first legal choice, which is always the cautious default
    (fight on, no fortifying, ties to the first block by key, first retreat destination)."""
    if not choices:
        raise IllegalAction(f"{side} has no choice to make now")
    return choices[0]


def _action_turn(state: State, side: int) -> bool:
    """The acting player played his card for actions, not for its event (§3.1, §8.1, §8.3)."""
    play = state.played[side]
    return play is None or play.get("use") != "event"


# -- formations and battle order (§5.41, §6.0) -------------------------------------------------
def formations(state: State, p: int, side: int) -> list[dict]:
    """``side``'s formations in ``p``: one per engagement record (a group that moved along one
    route, or sortiers), then any other unbesieged units there as one more formation."""
    present = {u for u in outside_units(state, p, side) if not state.retreated[u]}
    out: list[dict] = []
    seen: set[int] = set()
    for e in state.engagements:
        if e["area"] != p or e["side"] != side or e["via"] == "join":
            continue
        units = tuple(u for u in e["units"] if u in present and u not in seen)
        if units:
            out.append({"units": units, "from": e["from"], "via": e["via"]})
            seen.update(units)
    rest = tuple(sorted(present - seen))
    if rest:
        out.append({"units": rest, "from": -1, "via": ""})
    return out


def joining(state: State, p: int, side: int) -> list[dict]:
    """Formations of ``side`` that moved this turn into the province of ``p``, where ``side``
    holds an established siege, without engaging: only one of them may join a siege assault
    (§5.42). Same shape as :func:`formations`."""
    present = set(outside_units(state, p, side))
    out = []
    for e in state.engagements:
        if e["area"] == p and e["side"] == side and e["via"] == "join":
            units = tuple(u for u in e["units"] if u in present and not state.retreated[u])
            if units:
                out.append({"units": units, "from": e["from"], "via": "join"})
    return out


def _size(state: State, p: int, side: int) -> int:
    """Battle size for the order of battles: the acting player's largest formation there
    (its 'primary' formation, §6.0; docs/rules-decisions.md)."""
    return max((len(f["units"]) for f in formations(state, p, side)), default=0)


class CombatPhase(Step):
    """The acting player's combat phase (§6.0): sorties, battles smallest first, sieges."""

    kind = "combat_phase"
    rules = ("6.0", "6.1", "8.0", "8.3")

    def _pending(self, state: State, frame: dict) -> list[int]:
        done = frame.get("done", ())
        return [p for p in disputed(state) if p not in done]

    def deciders(self, state, frame):
        return (frame["side"],) if frame.get("stage") == "pick" else ()

    def legal(self, state, frame, side):
        if side != frame["side"] or frame.get("stage") != "pick":
            return []
        ix = state.ix
        return [{"type": "battle_order", "side": SIDE_NAMES[side], "place": ix.place_ids[p],
                 "label": f"Fight the battle in {ix.place_name[p]} next"}
                for p in frame["choices"]]

    def apply(self, state, frame, action):
        self._open(state, frame, state.ix.place(action["place"]))

    def _open(self, state: State, frame: dict, p: int) -> None:
        replace_top(state, stage="battles", done=(*frame.get("done", ()), p), choices=())
        push(state, {"kind": "battle", "place": p, "side": frame["side"], "mode": "field",
                     "treachery": False, "stage": "start"})

    def run(self, state, frame):
        side = frame["side"]
        stage = frame.get("stage", "start")
        if stage == "start":
            refresh(state)
            turn = int(frame.get("action_turn", _action_turn(state, side)))
            replace_top(state, stage="battles", done=(), action_turn=turn)
            state.event("combat_phase", "6.0", f"{side_title(side)}'s combat phase", side)
            if turn and sortie_candidates(state, side):
                push(state, {"kind": "sortie", "side": side, "chosen": ()})
        elif stage == "battles":
            places = self._pending(state, frame)
            if not places:
                refresh(state)
                replace_top(state, stage="sieges")
                return
            sizes = {p: _size(state, p, side) for p in places}
            least = min(sizes.values())
            tied = tuple(p for p in places if sizes[p] == least)
            if len(tied) == 1:
                self._open(state, frame, tied[0])
            else:
                replace_top(state, stage="pick", choices=tied)
        elif stage == "sieges":
            replace_top(state, stage="end")
            if frame.get("sieges", 1) and siege_targets(state, side):
                push(state, {"kind": "siege_combat", "side": side, "done": (),
                             "action_turn": frame["action_turn"]})
        else:
            refresh(state)
            pop(state, frame)

    def text(self, state, frame):
        if frame.get("stage") == "pick":
            return (f"{side_title(frame['side'])}: several battles have the same size; choose "
                    "which to fight next (§6.0)")
        return f"{side_title(frame['side'])}'s combat phase"


# -- building the battle ------------------------------------------------------------------------
def _key_unit(ix: WorldIndex, key: str) -> int:
    """Unit index of a fighter key, or -1 for a garrison."""
    return -1 if key.startswith("garrison:") else ix.unit(key)


def _fighter(state: State, u: int, role: str, kind: str, holds: bool,
             carried_by: str | None = None) -> Fighter:
    ix = state.ix
    rec = ix.world.units[(SIDE_NAMES[side_of(u)], ix.unit_number[u])]
    city = kind == "assault" and role == "defender"
    if city:
        rating = "A2"
    elif kind == "sea" and rec.is_fleet:
        rating = str(rec.sea_rating)
    else:
        rating = str(rec.rating)
    return Fighter(ix.unit_key[u], SIDE_NAMES[side_of(u)], role, rating, state.cv[u],
                   max_cv=max(ix.max_cv[u], state.cv[u]), cavalry=rec.is_cavalry,
                   fleet=ix.is_fleet[u], city=city, holds_round1=holds, carried_by=carried_by)


def _carriers(state: State, p: int, units: list[int]) -> dict[int, int]:
    """Land unit → carrying fleet for units at sea (state.carry first, then any free fleet)."""
    ix = state.ix
    fleets = [u for u in units if ix.is_fleet[u]]
    out: dict[int, int] = {}
    used: set[int] = set()
    for f in fleets:
        c = state.carry.get(f, -1)
        if c in units and not ix.is_fleet[c]:
            out[c] = f
            used.add(f)
    for u in units:
        if not ix.is_fleet[u] and u not in out:
            free = [f for f in fleets if f not in used]
            if free:
                f = max(free, key=lambda f: (state.cv[f], -f))
                out[u] = f
                used.add(f)
    return out


def _battle_units(state: State, frame: dict) -> tuple[list[int], list[int], bool]:
    """(aggressor units, defender units, garrison defends) for the battle now starting."""
    p, side = frame["place"], frame["side"]
    if frame["mode"] == "assault":
        out = set(frame.get("left_out", ()))
        att = [u for u in outside_units(state, p, side)
               if not state.retreated[u] and u not in out]
        dfd = inside_units(state, p, 1 - side)
        return att, dfd, state.garrisons.get(p, [-1])[0] == 1 - side
    att = [u for u in frame["current"]["units"]
           if state.loc[u] == p and not state.inside[u] and state.cv[u] > 0]
    dfd = [u for u in outside_units(state, p, 1 - side) if state.cv[u] > 0]
    return att, dfd, False


#: The battle last saved into a battle frame: ``id(saved dict)`` → (that dict, a private clone
#: of the battle it was made from). The entry keeps the dict alive, so its id names it alone;
#: a saved dict is never changed (frames are replaced, not edited), so the clone is the battle
#: ``Battle.from_dict`` would rebuild from it (the dice aside, which the caller rebinds). One
#: entry: the next battle step reads the battle just saved.
_SAVED: dict[int, tuple[dict, Battle]] = remembered.table("battles._SAVED")


def _saved(b: Battle) -> dict:
    """``b.to_dict()``, remembered for :func:`battle_object` (see :data:`_SAVED`)."""
    d = b.to_dict()
    _SAVED.clear()
    _SAVED[id(d)] = (d, b.clone())
    return d


def battle_object(state: State, frame: dict) -> Battle:
    """The frame's battle, bound to the game's dice (a copy of the battle that saved the dict,
    else rebuilt from the dict)."""
    d = frame["battle"]
    hit = _SAVED.get(id(d))
    b = hit[1].clone() if hit is not None and hit[0] is d else Battle.from_dict(d)
    b.dice = state.dice
    return b


def _build(state: State, frame: dict) -> tuple[Battle, list[int]] | None:
    """Build the battle of the frame's current stage; None when one side has nobody left."""
    ix = state.ix
    p, side = frame["place"], frame["side"]
    att, dfd, garrison = _battle_units(state, frame)
    if not att or not (dfd or garrison):
        return None
    via = "" if frame["mode"] == "assault" else frame["current"]["via"]
    if frame["mode"] == "assault":
        kind = "assault"
    elif ix.is_sea(p):
        kind = "sea"
    elif via == "sortie":
        kind = "sortie"
    else:
        kind = "land"
    # a continued fight keeps the round it stopped in (Battle's ``resume``), so the hold of
    # the first round still applies to it there (§6.5, §6.6)
    holds = (kind == "land" and via == "landing") or (kind == "sea" and via == "narrows")
    fighters: list[Fighter] = []
    for role, units, hold in (("aggressor", att, holds), ("defender", dfd, False)):
        carry = _carriers(state, p, units) if kind == "sea" else {}
        for u in units:
            if kind == "sea" and not ix.is_fleet[u]:
                f = carry.get(u)
                if f is None:
                    continue
                fighters.append(_fighter(state, u, role, kind, False, ix.unit_key[f]))
            else:
                fighters.append(_fighter(state, u, role, kind, hold))
    if garrison:
        fighters.append(Fighter(f"garrison:{ix.place_ids[p]}", SIDE_NAMES[1 - side],
                                "defender", "A2", 1, max_cv=1, garrison=True, city=True))
    if not any(f.side == SIDE_NAMES[1 - side] and f.carried_by is None for f in fighters):
        return None
    probe = {**frame, "pending": (), "fleet_at": (), "cargo_used": ()}
    rights = {}
    for s, units in ((side, att), (1 - side, dfd)):
        rights[SIDE_NAMES[s]] = any(_n_dests(state, probe, u, 1) for u in units
                                    if not _carried_now(state, u, p))
    if frame.get("stuck_side") is not None:
        rights[SIDE_NAMES[frame["stuck_side"]]] = False
    battle = Battle(fighters, kind, dice=state.dice, treachery=bool(frame.get("treachery")),
                    may_retreat=rights,
                    double_defense=kind != "assault" or cards.double_defense(state, p),
                    suffered=_suffered_before(frame),
                    resume=battle_object(state, frame) if frame.get("continued") else None)
    return battle, att + dfd


def _suffered_before(frame: dict) -> tuple[str, ...]:
    """Sides already hit or routed in this battle (§6.4, §14.11): when units that could not
    retreat keep the fight going, it is still the same battle, so a side hit before the failed
    retreat can no longer retire for free. A new formation's battle starts clean."""
    if not frame.get("continued"):
        return ()
    return tuple(frame.get("suffered", ()))


def _fixed(frame: dict, u: int) -> bool:
    """The battle itself fixes where ``u`` goes: assaulters stay in the province, besieged
    fleets go to the offshore sea, sortiers go back inside (§8.12, §8.3)."""
    if frame["mode"] == "assault":
        return True
    return frame["current"]["via"] == "sortie" and side_of(u) == frame["side"]


def _carried_now(state: State, u: int, p: int) -> bool:
    """A land unit at sea rides with its fleet and has no retreat of its own (§6.5)."""
    return state.ix.is_sea(p) and not state.ix.is_fleet[u]


# -- retreats (§6.4, §8.12, §8.3) ---------------------------------------------------------------
def _hostile(state: State, q: int, side: int) -> str | None:
    """Why ``q`` is closed to ``side``'s retreats (enemy-occupied or enemy-controlled), or None
    (§6.4 and its sidebar: never into enemy-controlled or enemy-occupied areas)."""
    ix = state.ix
    enemy = 1 - side
    name = ix.place_name[q]
    if units_at(state, q, enemy):
        if besieger_of(state, q) == side and not outside_units(state, q, enemy):
            return None  # friends besiege enemies shut inside: the province is friendly
        return f"{name} holds enemy units"
    if units_at(state, q, side):
        return None
    g = state.garrisons.get(q)
    if g is not None:
        return f"{name} is held by an enemy garrison" if g[0] == enemy else None
    if ix.has_city[q] and ix.city_loyalty[q] == enemy:
        return f"{name} is a vacant CityState loyal to the enemy, so enemy-controlled"
    return None


def _city_room(state: State, frame: dict, u: int) -> str | None:
    """Why ``u`` may not retreat into the city of the battle place and fortify, or None."""
    ix = state.ix
    p, side = frame["place"], side_of(u)
    city = ix.city_name[p]
    if ix.is_sea(p) or not ix.has_city[p]:
        return f"{ix.place_name[p]} has no city to fall back into"
    if side == frame["side"]:
        return ("only defenders of a CityState may fall back into its city; units engaging "
                "from outside cannot enter it")
    if frame["mode"] != "assault" and frame["current"]["via"] == "sortie":
        return f"{city} belongs to the sortiers"
    if defenders(state, p, frame["side"]):
        return f"{city} is held by the enemy"
    if ix.is_fleet[u] and not ix.is_port[p]:
        return f"{city} is not a port: fleets fortify only in ports (§7.1)"
    cap = scenario_rules.capacity(state, p)
    if len(inside_units(state, p, side)) >= cap:
        return f"{city} is full: its capacity is {cap} units (§7.1, §12.0, §12.12)"
    return None


def retreat_refusal(state: State, frame: dict, u: int, q: int, city: bool = False,
                    fleet: int = -1) -> tuple[str, str] | None:
    """Why unit ``u`` may not retreat to ``q`` (into the city if ``city``, carried by
    ``fleet`` if ≥ 0), as (plain words, rule), or None when it may (§6.4, §8.12, §8.3)."""
    ix = state.ix
    p, side = frame["place"], side_of(u)
    aggressor = side == frame["side"]
    name = ix.place_name[q]
    via = "" if frame["mode"] == "assault" else frame["current"]["via"]
    if frame["mode"] == "assault":
        if aggressor:
            if q == p and not city:
                return None
            return ("assaulters can only fall back into the province around the city, "
                    "besieging it again", "8.12")
        o = ix.offshore[p]
        if q == p and city and fleet < 0 and _may_stay(state, frame, u):
            return None  # not carried away: it stays in the city and fights on (§8.12)
        if q != o or city:
            return ("besieged defenders cannot retreat, except fleets (each with one land "
                    "unit if desired) out of a port into its offshore sea", "8.12")
        if units_at(state, q, 1 - side):
            return f"the offshore sea {name} holds enemy units", "6.4"
        if ix.is_fleet[u]:
            return None if fleet < 0 else ("a fleet does not need a carrier", "5.21")
        return _carrier_refusal(state, frame, u, q, fleet)
    if via == "sortie" and aggressor:
        if q == p and city:
            return None
        return "sortiers can only go back into the besieged city", "8.3"
    if q == p:
        if not city:
            return "a retreat leaves the battle area (or goes into its city)", "6.4"
        why = _city_room(state, frame, u)
        return (why, "6.4") if why else None
    if city:
        return "only the city of the battle area can be entered while retreating", "6.4"
    if (not aggressor and ix.is_fleet[u] and not ix.is_sea(p) and via == "landing"):
        return ("fleets on land defending against a sea landing cannot retreat, except into a "
                "port of that province", "6.6")
    if state.neutral[q]:
        return f"{name} is neutral and may not be entered", "1.31"
    stay = scenario_rules.sicilians_stay(state, u, q)
    if stay:
        return stay, "15.2"
    sea_carry = not ix.is_fleet[u] and ix.is_sea(q) and not ix.is_sea(p)
    if sea_carry:
        if q not in ix.coast[p]:
            return f"{name} does not touch {ix.place_name[p]}", "6.4"
    elif q not in moves_from(state, u, p):
        return f"{ix.describe(u)} cannot move from {ix.place_name[p]} into {name}", "6.4"
    if aggressor and frame["current"]["from"] >= 0 and q != frame["current"]["from"]:
        back = ix.place_name[frame["current"]["from"]]
        return f"aggressors can only retreat back where they engaged from ({back})", "6.4"
    if not aggressor and q in frame.get("froms", ()):
        return f"defenders may not retreat into {name}, where the enemy engaged from", "6.4"
    hostile = _hostile(state, q, side)
    if hostile:
        return f"units never retreat into enemy-occupied or enemy-controlled areas: {hostile}", \
            "6.4"
    if sea_carry:
        return _carrier_refusal(state, frame, u, q, fleet)
    if fleet >= 0:
        return "only a land unit going to sea needs a carrying fleet", "5.21"
    return None


def _carrier_refusal(state: State, frame: dict, u: int, q: int,
                     fleet: int) -> tuple[str, str] | None:
    """A land unit goes to sea only aboard a friendly fleet that retreated there from this
    battle and carries nothing yet (§6.4, §5.21; barbarians are never carried)."""
    ix = state.ix
    if fleet < 0:
        return "a land unit needs a friendly fleet to carry it to sea", "6.4"
    if ix.is_barbarian[u]:
        return "barbarians cannot be carried by sea", "5.21"
    went = {f: at for f, at in frame.get("fleet_at", ())}
    if went.get(fleet) != q or side_of(fleet) != side_of(u):
        return (f"{ix.unit_key[fleet]} is not a friendly fleet that retreated to "
                f"{ix.place_name[q]} from this battle", "5.21")
    if fleet in frame.get("cargo_used", ()):
        return f"{ix.describe(fleet)} already carries a land unit", "5.21"
    if state.cv[fleet] < 2:
        return (f"{ix.describe(fleet)} has 1 cv: a carried unit must be weaker than its "
                "fleet", "5.21")
    return None


def _may_stay(state: State, frame: dict, u: int) -> bool:
    """May the besieged land unit ``u`` stay in its city when its side retreats from an
    assault? Its fleets transport it only if desired (§8.12), so it may whenever one of them
    could carry it to the offshore sea (otherwise it simply cannot retreat, §6.4)."""
    ix = state.ix
    o = ix.offshore[frame["place"]]
    if ix.is_fleet[u] or o < 0 or units_at(state, o, 1 - side_of(u)):
        return False
    return any(_carrier_refusal(state, frame, u, o, f) is None
               for f, _at in frame.get("fleet_at", ()))


def retreat_options(state: State, frame: dict, u: int) -> list[dict]:
    """Every allowed destination of unit ``u`` now: ``{"to", "city", "fleet"}`` dicts, the
    city first, then places in index order (fleet -1 when not carried)."""
    return list(_retreat_dests(state, frame, u))


def _retreat_dests(state: State, frame: dict, u: int) -> Iterator[dict]:
    """:func:`retreat_options` one at a time, so that a caller asking only whether there is
    one (or more than one) stops checking destinations once it knows."""
    ix = state.ix
    p = frame["place"]
    cands: list[tuple[int, bool, int]] = [(p, True, -1), (p, False, -1)]
    near = set(moves_from(state, u, p))
    if not ix.is_fleet[u] and not ix.is_sea(p):
        near.update(ix.coast[p])
    if ix.offshore[p] >= 0:
        near.add(ix.offshore[p])
    fleets = [f for f, _at in frame.get("fleet_at", ())]
    for q in sorted(near):
        if ix.is_sea(q) and not ix.is_fleet[u]:
            cands.extend((q, False, f) for f in fleets)
        else:
            cands.append((q, False, -1))
    return ({"to": q, "city": c, "fleet": f} for q, c, f in cands
            if retreat_refusal(state, frame, u, q, c, f) is None)


def _n_dests(state: State, frame: dict, u: int, n: int) -> bool:
    """Has unit ``u`` at least ``n`` allowed retreat destinations now?"""
    return len(list(islice(_retreat_dests(state, frame, u), n))) == n


# -- the battle frame --------------------------------------------------------------------------
def _fighter_name(ix: WorldIndex, key: str) -> str:
    if key.startswith("garrison:"):
        return f"the garrison of {ix.place_name[ix.place(key.split(':', 1)[1])]}"
    return ix.describe(ix.unit(key))


def _event_text(rd: Reader, ev: dict) -> str:
    """Plain words for one battle event (combat.py's fields), for one reader of the log."""
    kind = ev["kind"]
    name = rd.fighter(ev["by"]) if "by" in ev else ""
    target = rd.fighter(ev["target"]) if "target" in ev else ""
    why = ev.get("why", "")
    if kind == "attack":
        mode = {"fire": "", "pursuit": " in pursuit", "harry": " harrying"}[ev["mode"]]
        return (f"{name} ({ev['rating']}, {ev['cv']} cv) attacks{mode}: dice {ev['dice']}, "
                f"{ev['hits']} hit(s), {ev['routs']} rout(s)")
    if kind in ("hit", "half_hit", "cargo_reduced"):
        step = "a half-step hit" if kind == "half_hit" else f"down to {ev.get('cv')} cv"
        return f"{target}: {step} ({why})"
    if kind in ("eliminated", "rout", "half_cancelled"):
        return f"{target}: {kind.replace('_', ' ')} ({why})"
    if kind == "hold":
        return f"{name} may not attack in the first round ({why})"
    who = f"{ev['side'].title()}: " if ev.get("side") in SIDE_NAMES else ""
    return f"{who}{kind.replace('_', ' ')}: {why}" if why else f"{who}{kind.replace('_', ' ')}"


def _log_battle(state: State, p: int, events: list[dict]) -> None:
    for ev in events:
        side = SIDE_NAMES.index(ev["side"]) if ev.get("side") in SIDE_NAMES else -1
        extra = {k: v for k, v in ev.items()
                 if k not in ("kind", "rule", "side", "why", "by", "target")}
        if "by" in ev:
            extra["block"] = ev["by"]
        if "target" in ev:
            extra["target_block"] = ev["target"]
        kind = ev["kind"] if ev["kind"].startswith("battle") else f"battle_{ev['kind']}"
        state.event(kind, ev["rule"], lambda rd, ev=ev: _event_text(rd, ev), side, place=p,
                    **extra)
        if ev["kind"] == "attack":
            state.barrier = True


class BattleStep(Step):
    """One battle place: formation order, fortifying, the fight and the retreats."""

    kind = "battle"
    rules = ("6.1", "6.2", "6.4", "5.41", "7.1", "8.1")

    # -- who decides ---------------------------------------------------------------------------
    def deciders(self, state, frame):
        stage = frame["stage"]
        if stage in ("order", "join"):
            return (frame["side"],)
        if stage == "fortify":
            return (1 - frame["side"],)
        if stage == "fight":
            prompt = frame["battle"]["prompt"]
            return (SIDE_NAMES.index(prompt["whose"]),) if prompt else ()
        if stage == "retreat" and self._choosers(state, frame):
            return (frame["retreat_side"],)
        return ()

    def _choosers(self, state: State, frame: dict) -> list[int]:
        """Units still to retreat that have a real choice to make: a destination, or two when
        the battle fixes where the unit goes."""
        return [u for u in frame["pending"]
                if _n_dests(state, frame, u, 2 if _fixed(frame, u) else 1)]

    def legal(self, state, frame, side):
        stage = frame["stage"]
        if stage == "retreat":  # the choosers are found once, by _ordered (not by deciders too)
            if side != frame["retreat_side"]:
                return []
            return [self._retreat_action(state, frame, u, o)
                    for u in self._ordered(state, frame)
                    for o in retreat_options(state, frame, u)]
        if side not in self.deciders(state, frame):
            return []
        ix = state.ix
        name = SIDE_NAMES[side]
        if stage == "join":
            others = " (the other newly arrived formations stay out of it)" if len(
                frame["forms"]) > 1 else ""
            return [*({"type": "join", "side": name, "index": i,
                       "label": f"The {len(f['units'])} unit(s) that came from "
                                f"{ix.place_name[f['from']]} join the assault{others}"}
                      for i, f in enumerate(frame["forms"])),
                    {"type": "no_join", "side": name,
                     "label": "No newly arrived formation joins: the besiegers assault alone"}]
        if stage == "order":
            out = []
            for i, f in enumerate(frame["forms"]):
                src = ix.place_name[f["from"]] if f["from"] >= 0 else "already there"
                out.append({"type": "formation", "side": name, "index": i,
                            "label": f"Fight first with the {len(f['units'])} unit(s) from "
                                     f"{src} ({f['via'] or 'in place'})"})
            return out
        if stage == "fortify":
            chosen = frame["chosen"]
            out = [{"type": "fortify_done", "side": name,
                    "label": (f"Done: fortify {len(chosen)} unit(s)" if chosen
                              else "Fortify no one: fight in the open")}]
            for u in self._fortifiable(state, frame):
                out.append({"type": "fortify", "side": name, "unit": ix.unit_key[u],
                            "label": f"{ix.describe(u)} fortifies inside "
                                     f"{ix.city_name[frame['place']]}"})
            return out
        prompt = frame["battle"]["prompt"]  # the fight stage, the last one with deciders
        words = {"fight": "Fight on this round", "retreat": "Retreat every unit now"}
        out = []
        for c in prompt["choices"]:
            label = words.get(c) or (f"{_fighter_name(ix, c)} takes the "
                                     f"{prompt['kind']}")
            out.append({"type": "battle_choice", "side": name, "choice": c,
                        "label": label})
        return out

    def _ordered(self, state: State, frame: dict) -> list[int]:
        """Units still to retreat, fleets first so that they can carry land units."""
        ix = state.ix
        return sorted(self._choosers(state, frame), key=lambda u: (not ix.is_fleet[u], u))

    def _retreat_action(self, state: State, frame: dict, u: int, o: dict) -> dict:
        ix = state.ix
        p = frame["place"]
        a: dict[str, Any] = {"type": "retreat", "side": SIDE_NAMES[side_of(u)],
                             "unit": ix.unit_key[u], "to": ix.place_ids[o["to"]],
                             "city": o["city"]}
        if o["city"] and frame["mode"] == "assault":  # a besieged land unit left behind
            a["label"] = (f"{ix.describe(u)} stays inside {ix.city_name[p]}: no fleet "
                          "carries it away (§8.12)")
            return a
        if o["city"]:
            where = f"into {ix.city_name[p]} and fortifies"
        elif o["to"] == p:
            where = f"back into the province of {ix.place_name[p]}"
        else:
            where = f"to {ix.place_name[o['to']]}"
        if o["fleet"] >= 0:
            a["fleet"] = ix.unit_key[o["fleet"]]
            where += f", carried by {ix.describe(o['fleet'])}"
        a["label"] = f"{ix.describe(u)} retreats {where}"
        return a

    def why_illegal(self, state, frame, action):
        if frame["stage"] == "retreat" and action.get("type") == "retreat":
            ix = state.ix
            try:
                u = ix.unit(action["unit"])
                q = ix.place(action["to"])
                f = ix.unit(action["fleet"]) if action.get("fleet") else -1
            except KeyError as exc:
                return IllegalAction(str(exc.args[0]), "6.4")
            if action_side(action) != frame["retreat_side"]:
                return IllegalAction(f"{side_title(frame['retreat_side'])} is retreating, not "
                                     f"{action['side']}", "6.4")
            if u not in frame["pending"]:
                return IllegalAction(f"{ix.describe(u)} is not one of the units that must "
                                     "retreat from this battle", "6.4")
            why = retreat_refusal(state, frame, u, q, bool(action.get("city")), f)
            if why:
                return IllegalAction(f"{ix.describe(u)} cannot retreat there: {why[0]}",
                                     why[1])
            return None
        return super().why_illegal(state, frame, action)

    # -- decisions -----------------------------------------------------------------------------
    def apply(self, state, frame, action):
        t = action["type"]
        ix = state.ix
        if t in ("join", "no_join"):
            i = action.get("index", -1)  # no_join: every newly arrived formation stays out
            out = tuple(u for j, f in enumerate(frame["forms"]) if j != i for u in f["units"])
            replace_top(state, stage="reveal", forms=(), left_out=out)
        elif t == "formation":
            i = action["index"]
            forms = list(frame["forms"])
            cur = forms.pop(i)
            stage = "fortify_check" if frame["first"] else "reveal"
            replace_top(state, stage=stage, current=cur, forms=tuple(forms))
        elif t == "fortify":
            replace_top(state, chosen=(*frame["chosen"], ix.unit(action["unit"])))
        elif t == "fortify_done":
            self._fortify(state, frame)
        elif t == "battle_choice":
            b = battle_object(state, frame)
            events = b.choose(action["choice"])
            _log_battle(state, frame["place"], events)
            self._store(state, b)
        else:
            u = ix.unit(action["unit"])
            fleet = ix.unit(action["fleet"]) if action.get("fleet") else -1
            self._retreat_unit(state, frame, u, ix.place(action["to"]),
                               bool(action.get("city")), fleet)

    def _store(self, state: State, b: Battle) -> None:
        replace_top(state, battle=_saved(b))

    # -- automatic stages ------------------------------------------------------------------------
    def run(self, state, frame):
        stage = frame["stage"]
        getattr(self, f"_run_{stage}")(state, frame)

    def _run_start(self, state: State, frame: dict) -> None:
        p, side = frame["place"], frame["side"]
        base = {"chosen": (), "pending": (), "fleet_at": (), "cargo_used": (), "storms": (),
                "awarded": None, "stuck_side": None, "retreat_side": -1, "panic": False,
                "continued": False, "garrison_stays": False, "suffered": ()}
        if frame["mode"] == "assault":
            # joining is optional (§5.42: one formation *can* join): asked whenever one came
            joins = joining(state, p, side)
            replace_top(state, stage="join" if joins else "reveal", current=None,
                        forms=tuple(joins), froms=(), first=False, left_out=(), **base)
            return
        forms = formations(state, p, side)
        froms = tuple(sorted({e["from"] for e in state.engagements
                              if e["area"] == p and e["side"] == side and e["from"] >= 0
                              and e["via"] != "join"}))
        if not forms:
            pop(state, frame)
            return
        if len(forms) > 1:
            replace_top(state, stage="order", forms=tuple(forms), current=None, froms=froms,
                        first=True, **base)
        else:
            replace_top(state, stage="fortify_check", forms=(), current=forms[0],
                        froms=froms, first=True, **base)

    def _fortifiable(self, state: State, frame: dict) -> list[int]:
        """Defenders outside who may still fortify (§6.1, §7.1): only in the first battle
        of a CityState the defender holds, within capacity, fleets only in ports."""
        ix = state.ix
        p, side = frame["place"], frame["side"]
        if not frame["first"] or ix.is_sea(p) or not ix.has_city[p]:
            return []
        if frame["current"]["via"] == "sortie" or defenders(state, p, side):
            return []
        room = scenario_rules.capacity(state, p) - len(inside_units(state, p, 1 - side))
        room -= len(frame["chosen"])
        if room <= 0:
            return []
        return [u for u in outside_units(state, p, 1 - side)
                if u not in frame["chosen"] and (ix.is_port[p] or not ix.is_fleet[u])]

    def _run_fortify_check(self, state: State, frame: dict) -> None:
        if self._fortifiable(state, frame):
            replace_top(state, stage="fortify")
        else:
            replace_top(state, stage="reveal")

    def _fortify(self, state: State, frame: dict) -> None:
        ix = state.ix
        p, d = frame["place"], 1 - frame["side"]
        for u in frame["chosen"]:
            state.inside[u] = 1
        if frame["chosen"]:
            keys = ", ".join(ix.describe(u) for u in frame["chosen"])
            state.event("fortify", "7.1", f"{side_title(d)} fortifies {keys} inside "
                        f"{ix.city_name[p]}", d, place=p, private=d,
                        public=f"{side_title(d)} fortifies {len(frame['chosen'])} unit(s) inside "
                               f"{ix.city_name[p]}, declining battle")
        if frame["chosen"] and not outside_units(state, p, d):
            state.event("declined", "6.1", f"Every {side_title(d)} defender in {ix.place_name[p]} "
                        "fortified: no battle there this turn", d, place=p)
            replace_top(state, stage="after", first=False, chosen=())
            return
        replace_top(state, stage="reveal", first=False)

    def _run_reveal(self, state: State, frame: dict) -> None:
        ix = state.ix
        p = frame["place"]
        built = _build(state, frame)
        if built is None:
            replace_top(state, stage="after")
            return
        b, units = built
        for u in units:
            state.revealed[u] = 1
        state.barrier = True
        sides = {s: [f for f in b.fighters if f.side == SIDE_NAMES[s]] for s in (0, 1)}
        head = (f"{b.kind.capitalize()} battle in {ix.place_name[p]} ({side_title(frame['side'])} "
                "attacking): ")
        state.event("battle_reveal", "6.1", lambda rd: head + "; ".join(
            f"{side_title(s)}: "
            + ", ".join(f"{rd.fighter(f.key)} {f.rating} {f.cv} cv" for f in fs)
            for s, fs in sides.items()),
                    frame["side"], place=p, battle_kind=b.kind,
                    blocks=[f.key for f in b.fighters])
        _log_battle(state, p, b.log)
        # a new battle (the next formation, or one continued after a failed retreat) starts a
        # new chain of Ares re-rolls (§11.0)
        fresh = {"ares_chain": None} if frame.get("ares_chain") else {}
        # once a battle here is revealed, nobody may fortify before the next one (§6.1, §7.1)
        replace_top(state, stage="fight", battle=_saved(b), first=False, **fresh)

    def _run_fight(self, state: State, frame: dict) -> None:
        b = battle_object(state, frame)
        if not b.over:
            before = frame["battle"]
            _log_battle(state, frame["place"], b.step())
            self._store(state, b)
            if olympians.offer_ares(state, before) or not b.over:
                return
        self._settle_battle(state, state.stack[-1], b)

    def _settle_battle(self, state: State, frame: dict, b: Battle) -> None:
        """Apply losses and Prestige, then start the retreat (§6.32, §6.34, §6.4, §14.11)."""
        ix = state.ix
        p = frame["place"]
        out = b.outcome
        assert out is not None
        for key, cv in out.final_cv.items():
            u = _key_unit(ix, key)
            if u < 0:
                if cv <= 0 and p in state.garrisons:
                    del state.garrisons[p]
                    state.event("garrison_lost", "7.3", f"The garrison of "
                                f"{ix.city_name[p]} is eliminated", -1, place=p)
                continue
            if state.loc[u] < 0:
                continue
            if cv <= 0:
                eliminate(state, u, "6.32", "lost its last step in battle")
            else:
                state.cv[u] = cv
        self._award(state, frame, out)
        winner = SIDE_NAMES.index(out.winner)
        if frame["mode"] == "assault" and winner == frame["side"] \
                and not defenders(state, p, 1 - frame["side"]):
            capture(state, p, winner, "assault")
        loser = 1 - winner
        if out.must_retreat is None:
            replace_top(state, stage="after", winner=winner, suffered=b.suffered)
            return
        keys = {f.key for f in b.fighters if f.side == SIDE_NAMES[loser] and f.cv > 0}
        pending = tuple(u for u in (_key_unit(ix, k) for k in sorted(keys))
                        if u >= 0 and not _carried_now(state, u, p))
        stuck_garrison = any(k.startswith("garrison:") for k in keys)
        replace_top(state, stage="retreat", retreat_side=loser, pending=pending,
                    panic=out.how == "panic", winner=winner, fleet_at=(), cargo_used=(),
                    storms=(), garrison_stays=stuck_garrison, suffered=b.suffered)

    def _award(self, state: State, frame: dict, out: Any) -> None:
        """Prestige for the battle (§14.11); a fight continued by units that could not retreat
        only tops the first award up to what the final result is worth."""
        if not out.prestige_to:
            return
        side = SIDE_NAMES.index(out.prestige_to)
        amount = out.prestige
        prior = frame.get("awarded")
        if prior and prior[0] == side:
            amount = max(0, amount - prior[1])
        total = amount + (prior[1] if prior and prior[0] == side else 0)
        where = state.ix.place_name[frame["place"]]
        victory.gain(state, side, amount, out.prestige_rule,
                     f"{out.how} in the battle of {where}", place=frame["place"])
        replace_top(state, awarded=[side, total])

    def _retreat_unit(self, state: State, frame: dict, u: int, q: int, city: bool,
                      fleet: int) -> None:
        ix = state.ix
        p = frame["place"]
        side = side_of(u)
        if frame["mode"] == "assault" and side != frame["side"] and q == p:
            # its fleets sail without it (§8.12): it stays in the city and fights on
            where = ix.city_name[p]
            state.event("retreat_stay", "8.12", f"{ix.describe(u)} stays inside {where}: its "
                        "fleets sail without it", side, place=p, private=side,
                        public=f"A {side_title(side)} block stays inside {where}")
            replace_top(state, pending=tuple(x for x in frame["pending"] if x != u),
                        stayed=(*frame.get("stayed", ()), u))
            return
        movers = [u]
        cargo = state.carry.get(u, -1)
        if ix.is_sea(p) and cargo >= 0 and state.loc[cargo] == p:
            movers.append(cargo)
        for m in movers:
            state.loc[m] = q
            state.inside[m] = 1 if city else 0
            state.retreated[m] = 1
        changes: dict[str, Any] = {"pending": tuple(x for x in frame["pending"] if x != u)}
        if ix.is_fleet[u] and ix.is_sea(q) and q != p:
            changes["fleet_at"] = (*frame["fleet_at"], (u, q))
            if ix.border.get((p, q)) == "deepsea":
                changes["storms"] = (*frame["storms"], (p, q, u))
        if fleet >= 0:
            if state.cv[u] >= state.cv[fleet]:
                state.cv[u] = state.cv[fleet] - 1
                state.event("cargo_reduced", "5.21", f"{ix.describe(u)} drops to "
                            f"{state.cv[u]} cv to be carried by {ix.describe(fleet)}", side,
                            private=side, public=lambda rd: "A carried block is reduced to be "
                            f"carried by {rd.unit(fleet)}")
            state.carry[fleet] = u
            changes["cargo_used"] = (*frame["cargo_used"], fleet)
        if not ix.is_sea(q) or q == p:
            state.carry.pop(u, None)
        if city:
            where = f"into {ix.city_name[p]}"
        elif q == p:
            where = f"back into the province of {ix.place_name[p]}"
        else:
            where = f"to {ix.place_name[q]}"
        state.event("retreat_move", "6.4", lambda rd: f"{rd.unit(u, start=True)} retreats "
                    + where + (f" aboard {rd.unit(fleet)}" if fleet >= 0 else ""), side,
                    place=p, to=q)
        replace_top(state, **changes)

    def _run_retreat(self, state: State, frame: dict) -> None:
        """Place units whose only destination is fixed by the battle (assaulters back into the
        province, sortiers back into the city); once nobody has a choice left, roll storms for
        deep-sea retreats (§5.22) and deal with units that cannot retreat (§6.4)."""
        ix = state.ix
        p = frame["place"]
        placed = True
        while placed:  # a fleet placed first may open the sea to a land unit it can carry
            placed = False
            for u in state.stack[-1]["pending"]:
                top = state.stack[-1]
                opts = retreat_options(state, top, u)
                if _fixed(top, u) and len(opts) == 1:
                    o = opts[0]
                    self._retreat_unit(state, top, u, o["to"], o["city"], o["fleet"])
                    placed = True
        frame = state.stack[-1]
        if self._choosers(state, frame):
            return
        if frame["storms"]:  # one storm per run: an appeal to Poseidon settles first (§11.0)
            # the fleets that retreated across one deep-sea border to one sea are one fleet
            # Formation: one storm die for them all (§5.22, §5.0)
            a, b, _f = frame["storms"][0]
            fleets = tuple(f for x, y, f in frame["storms"] if (x, y) == (a, b)
                           and state.loc[f] == b)
            replace_top(state, storms=tuple(r for r in frame["storms"] if r[:2] != (a, b)))
            if fleets:
                roll_storm(state, {"side": side_of(fleets[0]), "from": a, "to": b,
                                             "units": fleets})
            return
        stayed = frame.get("stayed", ())  # besieged land units left in the city (§8.12)
        stuck = [u for u in frame["pending"] if state.loc[u] == p]
        if frame["panic"]:
            for u in stuck:
                cargo = state.carry.get(u, -1)
                if ix.is_sea(p) and cargo >= 0 and state.loc[cargo] == p:
                    eliminate(state, cargo, "6.4", "its fleet could not retreat")
                eliminate(state, u, "6.4", "panicked with nowhere to retreat")
            replace_top(state, stage="after", pending=(), storms=())
            return
        for u in stuck:
            state.event("cannot_retreat", "6.4", lambda rd, u=u: f"{rd.unit(u, start=True)} "
                        "cannot retreat and stays in the battle", side_of(u), place=p)
        if not stuck and not stayed and not frame.get("garrison_stays"):
            replace_top(state, stage="after", pending=(), storms=(), stayed=())
            return
        current = frame["current"]
        if current is not None:
            current = {**current, "units": tuple(u for u in current["units"]
                                                 if state.loc[u] == p and not state.inside[u])}
        replace_top(state, stage="reveal", stuck_side=frame["retreat_side"], pending=(),
                    storms=(), garrison_stays=False, continued=True, current=current,
                    stayed=())

    def _run_after(self, state: State, frame: dict) -> None:
        """Between formations: a beaten formation makes way for the next one against the
        surviving defenders; once one wins, the rest simply join it (§5.41)."""
        ix = state.ix
        p, side = frame["place"], frame["side"]
        state.revealed = bytearray(len(state.revealed))
        lost = frame.get("winner", side) != side
        if frame["forms"] and lost and outside_units(state, p, 1 - side):
            forms = list(frame["forms"])
            if len(forms) > 1:
                replace_top(state, stage="order", forms=tuple(forms), current=None,
                            awarded=None, stuck_side=None, continued=False, winner=side,
                            suffered=())
                return
            replace_top(state, stage="reveal", current=forms[0], forms=(), awarded=None,
                        stuck_side=None, continued=False, winner=side, suffered=())
            return
        if frame["forms"] and not lost:
            state.event("formations_join", "5.41", f"{side_title(side)}'s other formations join "
                        f"the victors in {ix.place_name[p]}", side, place=p)
        pop(state, frame)
        refresh(state)

    def text(self, state, frame):
        ix = state.ix
        p = frame["place"]
        stage = frame["stage"]
        where = ix.place_name[p]
        if stage == "order":
            return (f"{side_title(frame['side'])}: choose which formation fights first in {where} "
                    "(§5.41)")
        if stage == "join":
            return (f"{side_title(frame['side'])}: one newly arrived formation may join the "
                    f"besiegers' assault on {ix.city_name[p]}: choose it, or none "
                    "(§5.42)")
        if stage == "fortify":
            return (f"{side_title(1 - frame['side'])}: before the blocks are revealed, fortify "
                    f"units inside {ix.city_name[p]}? (§6.1, §7.1)")
        if stage == "fight":
            prompt = frame["battle"]["prompt"]
            if prompt:
                return f"Battle of {where}: {prompt['whose']} decides: {prompt['why']}"
        if stage == "retreat":
            return (f"{side_title(frame['retreat_side'])}: choose where each unit retreats from "
                    f"{where} (§6.4)")
        return f"Battle of {where}"


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (CombatPhase(), BattleStep())
