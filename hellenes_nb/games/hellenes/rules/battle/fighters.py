"""§6 the battle a battle frame holds: its blocks taken from the map (who fights, carried land
units at sea, a garrison, §6.1, §6.5, §7.3, §8.1), the battle saved in the frame and rebuilt
from it, and its events written to the game's log."""

from __future__ import annotations

from hellenes_nb.core import remembered
from hellenes_nb.games.hellenes.battle_words import event_sentence
from hellenes_nb.games.hellenes.eventlog import Reader
from hellenes_nb.games.hellenes.index import SIDE_NAMES, WorldIndex, side_of
from hellenes_nb.games.hellenes.rules import cards
from hellenes_nb.games.hellenes.rules.battle.blocks import Fighter
from hellenes_nb.games.hellenes.rules.battle.combat import Battle
from hellenes_nb.games.hellenes.rules.battle.retreats import carried_now, has_retreats
from hellenes_nb.games.hellenes.rules.control import outside_units
from hellenes_nb.games.hellenes.rules.siege.condition import inside_units
from hellenes_nb.games.hellenes.state import State


def key_unit(ix: WorldIndex, key: str) -> int:
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
_SAVED: dict[int, tuple[dict, Battle]] = remembered.table("battle.fighters._SAVED")


def save_battle(b: Battle) -> dict:
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


def build_battle(state: State, frame: dict) -> tuple[Battle, list[int]] | None:
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
        rights[SIDE_NAMES[s]] = any(has_retreats(state, probe, u, 1) for u in units
                                    if not carried_now(state, u, p))
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


def _event_text(rd: Reader, ev: dict) -> str:
    """One battle event as a sentence for one reader of the log (``battle_words``, the same
    sentences the battle board shows)."""
    return event_sentence(ev, rd.fighter) or ev["why"]


def log_battle(state: State, p: int, events: list[dict]) -> None:
    """Write the events of the battle in ``p`` to the game's log, in words for each reader; an
    attack is a barrier for undo (its dice were rolled)."""
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
