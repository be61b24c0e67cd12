"""§6.4 retreats (with §8.12 from an assault and §8.3 sortiers going back): where each unit may go
(:func:`retreat_refusal` says why not, :func:`retreat_options` lists the places), the retreat
actions of the battle frame's ``retreat`` stage and the units' moves, then the storms of
deep-sea retreats (§5.22) and the units that could not retreat (§6.4)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import Any

from hellenes_nb.core.steps import replace_top
from hellenes_nb.games.hellenes.eventlog import a_block
from hellenes_nb.games.hellenes.index import SIDE_NAMES, side_of
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules.control import outside_units, units_at
from hellenes_nb.games.hellenes.rules.losses import eliminate
from hellenes_nb.games.hellenes.rules.movement.check import moves_from
from hellenes_nb.games.hellenes.rules.movement.rolls import roll_storm
from hellenes_nb.games.hellenes.rules.siege.condition import besieger_of, defenders, inside_units
from hellenes_nb.games.hellenes.state import State


def fixed(frame: dict, u: int) -> bool:
    """The battle itself fixes where ``u`` goes: assaulters stay in the province, besieged
    fleets go to the offshore sea, sortiers go back inside (§8.12, §8.3)."""
    if frame["mode"] == "assault":
        return True
    return frame["current"]["via"] == "sortie" and side_of(u) == frame["side"]


def carried_now(state: State, u: int, p: int) -> bool:
    """A land unit at sea rides with its fleet and has no retreat of its own (§6.5)."""
    return state.ix.is_sea(p) and not state.ix.is_fleet[u]


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


def city_room(state: State, frame: dict, u: int) -> str | None:
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
        why = city_room(state, frame, u)
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


def has_retreats(state: State, frame: dict, u: int, n: int) -> bool:
    """Has unit ``u`` at least ``n`` allowed retreat destinations now?"""
    return len(list(islice(_retreat_dests(state, frame, u), n))) == n


def choosers(state: State, frame: dict) -> list[int]:
    """Units still to retreat that have a real choice to make: a destination, or two when
    the battle fixes where the unit goes."""
    return [u for u in frame["pending"]
            if has_retreats(state, frame, u, 2 if fixed(frame, u) else 1)]


def ordered(state: State, frame: dict) -> list[int]:
    """Units still to retreat, fleets first so that they can carry land units."""
    ix = state.ix
    return sorted(choosers(state, frame), key=lambda u: (not ix.is_fleet[u], u))


def retreat_action(state: State, frame: dict, u: int, o: dict) -> dict:
    """The retreat action of unit ``u`` to the destination ``o`` (:func:`retreat_options`)."""
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


def retreat_unit(state: State, frame: dict, u: int, q: int, city: bool, fleet: int) -> None:
    """Unit ``u`` retreats to ``q`` (into its city if ``city``, carried by ``fleet`` if >= 0),
    or stays inside the assaulted city when its fleets sail without it (§6.4, §8.12)."""
    ix = state.ix
    p = frame["place"]
    side = side_of(u)
    if frame["mode"] == "assault" and side != frame["side"] and q == p:
        # its fleets sail without it (§8.12): it stays in the city and fights on
        where = ix.city_name[p]
        state.event("retreat_stay", "8.12", f"{ix.describe(u)} stays inside {where}: its "
                    "fleets sail without it", side, place=p, private=side,
                    public=f"{a_block(side)} stays inside {where}")
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
                        f"strength {state.cv[u]} to be carried by {ix.describe(fleet)}", side,
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


def settle_retreats(state: State, frame: dict) -> None:
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
            if fixed(top, u) and len(opts) == 1:
                o = opts[0]
                retreat_unit(state, top, u, o["to"], o["city"], o["fleet"])
                placed = True
    frame = state.stack[-1]
    if choosers(state, frame):
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
