"""§7–8 sieges and §5.5 pillaging: establishing and lifting sieges, garrisons, blockade, siege
assault and capitulation, siege attrition, sorties, Treachery, building bans and pillage.

Siege records live in ``state.sieges[place]``::

    {"besieger": side, "since": [year, season, turn], "blockaded_since": [...] or None}

``since`` is when the siege was established (§7.2); ``blockaded_since`` when the port was last
seen blockaded without a break (§8.21). Records are checked against the map by :func:`refresh`
at the start of each combat phase and after every battle: a siege whose besiegers have gone is
lifted, one whose defenders have all gone ends with the city taken, and a new siege condition
(fortified defenders, enemy sole occupation of the province) is established.

Frames handled here (docs/engine.md, "Decisions"):

- ``{"kind": "sortie", "side", "chosen"}``: besieged units declared as sortiers (§8.3);
- ``{"kind": "siege_combat", "side", "done", "action_turn"}``: assault, attrition or nothing
  per besieged city (§6.0, §8.0);
- ``{"kind": "capitulation", "place", "side", "besieger", "treachery"}``: the defender's
  choice before an assault is revealed (§8.13);
- ``{"kind": "attrition_hits", "place", "side", "hits", "besieger"}``: hits of siege attrition,
  owner's choice among equally strong blocks (§8.2);
- ``{"kind": "pillage_withdraw", "side", "place", "units"}``: where each besieger withdraws
  after pillaging (§5.5).
"""

from __future__ import annotations

from hellenes_nb.core.steps import IllegalAction, Step, need, pop, push, replace_top
from hellenes_nb.games.hellenes.index import (
    ATHENS,
    SIDE_ADJECTIVES,
    SIDE_NAMES,
    SPARTA,
    WINTER,
    WorldIndex,
    action_side,
    side_of,
    side_title,
)
from hellenes_nb.games.hellenes.rules import cards, olympians, victory
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules.actions import ActionType, register_action
from hellenes_nb.games.hellenes.rules.control import outside_units, placed, units_at
from hellenes_nb.games.hellenes.rules.losses import eliminate
from hellenes_nb.games.hellenes.rules.movement.occupancy import note_pillaged
from hellenes_nb.games.hellenes.state import State

__all__ = [
    "stamp", "from_prior_season", "besieger_of", "siege_condition",
    "besieged_cities", "inside_units",
    "defenders", "establish", "lift", "refresh", "blockaded", "grain_blockaded",
    "can_build_in", "siege_targets", "siege_methods", "attrition_allowed", "attrition_max",
    "attrition", "start_assault", "capture", "treachery_assault", "sortie_candidates",
    "moves_from", "pillage_legal", "pillage_apply",
]



# -- time stamps -------------------------------------------------------------------------------
def stamp(state: State) -> list[int]:
    """``[year, season, turn]`` now; turn 0 is the first player turn of the season (§3.3)."""
    turn = 0 if state.first < 0 or state.active == state.first else 1
    return [state.year, state.season, turn]


def from_prior_season(state: State, when: list[int] | tuple[int, ...] | None) -> bool:
    """True when ``when`` lies in an earlier season than now (§6.0, §8.0: "prior Season").

    Years count down (431 BC comes before 430 BC); seasons count up within a year.
    """
    if not when:
        return False
    return (-when[0], when[1]) < (-state.year, state.season)


# -- who is where --------------------------------------------------------------------------------
def inside_units(state: State, p: int, side: int) -> list[int]:
    """Units of ``side`` fortified or besieged inside the city of ``p`` (§7.1)."""
    inside = state.inside
    return [u for u in placed(state)[side].get(p, ()) if inside[u]]


def _garrison_side(state: State, p: int) -> int:
    g = state.garrisons.get(p)
    return g[0] if g else -1


def defenders(state: State, p: int, side: int) -> list[int]:
    """Blocks of ``side`` holding the walls of ``p``: units inside, then the garrison as -1."""
    out = inside_units(state, p, side)
    if _garrison_side(state, p) == side:
        out.append(-1)
    return out


def siege_condition(state: State, p: int) -> int:
    """The side besieging ``p`` on the map now, or -1 (§7.2): the city's defenders are inside
    (units or a garrison) and the enemy alone occupies the province around it."""
    if not state.ix.has_city[p]:
        return -1
    ath, spa = placed(state)
    a, s = ath.get(p, ()), spa.get(p, ())
    if not (a or s):
        return -1  # no one stands in the province to besiege it
    inside, garrison = state.inside.__getitem__, _garrison_side(state, p)
    a_out = not all(map(inside, a))  # some unit of the side stands outside the walls
    s_out = not all(map(inside, s))
    if s_out and not a_out and (a or garrison == ATHENS):
        return SPARTA
    if a_out and not s_out and (s or garrison == SPARTA):
        return ATHENS
    return -1


def besieger_of(state: State, p: int) -> int:
    """The besieging side of ``p`` (recorded siege, else the live condition), or -1."""
    rec = state.sieges.get(p)
    if rec is not None:
        return rec["besieger"]
    return siege_condition(state, p)


def besieged_cities(state: State) -> set[int]:
    """Every place with a besieging side (recorded siege or live condition): the places where
    :func:`besieger_of` is not -1. Only a garrison or units inside can make the live
    condition, so only those places are checked."""
    out = set(state.sieges)
    for p in _walled(state) | state.garrisons.keys():
        if p >= 0 and p not in out and siege_condition(state, p) >= 0:
            out.add(p)
    return out


# -- establishing and lifting (§7.2, §7.3) -------------------------------------------------------
def establish(state: State, p: int, besieger: int) -> None:
    """Record a new siege of ``p`` and add the garrison of a loyal city (§7.2, §7.3)."""
    ix = state.ix
    d = 1 - besieger
    now = stamp(state)
    state.sieges[p] = {"besieger": besieger, "since": now, "blockaded_since": None}
    added = ""
    if ix.city_loyalty[p] == d and p not in state.garrisons:
        state.garrisons[p] = [d, 0]
        added = f"; a {SIDE_ADJECTIVES[d]} garrison appears in {ix.city_name[p]}"
    if ix.is_port[p] and blockaded(state, p):
        state.sieges[p] = {**state.sieges[p], "blockaded_since": now}
    state.event("siege", "7.2", f"{side_title(besieger)} establishes a siege of {ix.city_name[p]}"
                f"{added}. No siege combat there this turn.", besieger, place=p)


def lift(state: State, p: int, why: str) -> None:
    """End the siege of ``p`` without a capture: garrisons that appeared with it go, permanent
    ones stay, and the defenders are no longer penned in (§7.3)."""
    ix = state.ix
    rec = state.sieges.pop(p)
    g = state.garrisons.get(p)
    if g is not None and not g[1] and g[0] != rec["besieger"]:
        del state.garrisons[p]
    for u in units_at(state, p, 1 - rec["besieger"]):
        state.inside[u] = 0
    state.event("siege_lifted", "7.3", f"The siege of {ix.city_name[p]} is lifted: {why}",
                rec["besieger"], place=p)


def capture(state: State, p: int, taker: int, how: str) -> None:
    """The city of ``p`` falls to ``taker``: the siege ends and control follows (§1.4, §8)."""
    state.sieges.pop(p, None)
    if _garrison_side(state, p) == 1 - taker:
        del state.garrisons[p]
    state.event("city_taken", "8.0", f"{side_title(taker)} takes {state.ix.city_name[p]} by {how}",
                taker, place=p)


#: ``bytes.translate`` table turning every nonzero flag into 1
_ANY_SET = bytes([0] + [1] * 255)


def _walled(state: State) -> set[int]:
    """Places where some unit stands inside the city (fortified or besieged, §7.1)."""
    flags = state.inside.translate(_ANY_SET)
    loc = state.loc
    out = set()
    u = flags.find(1)
    while u >= 0:
        out.add(loc[u])
        u = flags.find(1, u + 1)
    return out


def refresh(state: State) -> None:
    """Bring siege records in line with the map (§7.2, §7.3, §8.21); see the module docstring.

    Also lets units out of a city when no enemy stands outside any more (they were fortified
    in a battle that the enemy then left).
    """
    ix = state.ix
    now = stamp(state)
    for p in sorted(state.sieges):
        rec = state.sieges[p]
        b = rec["besieger"]
        if not outside_units(state, p, b):
            lift(state, p, f"no {side_title(b)} besiegers remain in the province")
        elif outside_units(state, p, 1 - b):
            continue  # sortiers or a relief force stand outside: a battle is pending
        elif not defenders(state, p, 1 - b):
            capture(state, p, b, "the loss of every defender")
        elif ix.is_port[p]:
            if not blockaded(state, p):
                if rec.get("blockaded_since") is not None:
                    state.sieges[p] = {**rec, "blockaded_since": None}
            elif rec.get("blockaded_since") is None:
                state.sieges[p] = {**rec, "blockaded_since": now}
    # Only a city with a garrison or units inside can come under siege or let units out; the
    # steps below change the walls and flags of ``p`` alone, so one list serves the whole pass.
    # A city with no unit in its province can do neither (no siege condition, no one inside).
    has_city, n_land = ix.has_city, ix.n_land
    ath, spa = placed(state)  # nothing below moves a unit
    for p in sorted(_walled(state) | state.garrisons.keys()):
        if not 0 <= p < n_land or p in state.sieges or not has_city[p]:
            continue
        if p not in ath and p not in spa:
            continue
        b = siege_condition(state, p)
        if b >= 0:
            establish(state, p, b)
        else:
            _let_out(state, (ath.get(p, ()), spa.get(p, ())))


def _let_out(state: State, here: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
    """Units inside a city that no enemy stands outside any more come out (``here``: the units
    of each side in its province); Athens first, so Spartans see Athenians just let out."""
    inside = state.inside
    for d in (ATHENS, SPARTA):
        if all(inside[u] for u in here[1 - d]):  # no enemy unit stands outside the walls
            for u in here[d]:
                if inside[u]:
                    inside[u] = 0


# -- blockade (§8.21, §8.22) --------------------------------------------------------------------
#: Static facts of a world, remembered per world index (by id, with the index to check it):
def _grain_route(ix: WorldIndex) -> tuple[int, tuple[int, ...]]:
    """The place of the city of Athens (or -1) and the Black Sea grain route seas (§8.22)."""
    return _capital(ix, "Athens"), tuple(
        q for q in range(ix.n_land, ix.n_places) if ix.world.seas[ix.place_ids[q]].grain_route)


def _grain(ix: WorldIndex) -> tuple[int, tuple[int, ...]]:
    """:func:`_grain_route` of ``ix``, made once per index."""
    return ix.derived(_grain_route)


def _capital(ix: WorldIndex, name: str) -> int:
    for p in range(ix.n_land):
        if ix.has_city[p] and ix.city_name[p] == name:
            return p
    return -1


def _fleets_at(state: State, p: int, side: int) -> bool:
    return any(state.ix.is_fleet[u] for u in units_at(state, p, side))


def grain_blockaded(state: State) -> bool:
    """Spartan fleets hold a Black Sea grain route sea, cutting Athens off (§8.22)."""
    return any(_fleets_at(state, q, SPARTA) for q in _grain(state.ix)[1])


def blockaded(state: State, p: int) -> bool:
    """Is the besieged port ``p`` blockaded against its defenders (§8.21, §8.22)?

    Enemy fleets in its offshore sea blockade it; Athens also blockades every offshore sea
    with no units in it; the city of Athens is blockaded while Spartan fleets hold any grain
    route sea. A port that is not besieged is never reported blockaded.
    """
    ix = state.ix
    b = besieger_of(state, p)
    if b < 0 or not ix.is_port[p]:
        return False
    o = ix.offshore[p]
    if o >= 0:
        if _fleets_at(state, o, b):
            return True
        if b == ATHENS and not units_at(state, o, ATHENS) and not units_at(state, o, SPARTA):
            return True
    return b == SPARTA and p == _grain(ix)[0] and grain_blockaded(state)


def can_build_in(state: State, p: int, side: int) -> bool:
    """May ``side`` build in the city of ``p`` as far as sieges go (§4.2, §8.21)?

    Besiegers never build in a city held against them; besieged defenders cannot build in an
    inland city, nor in a port that is blockaded as well as besieged. Other conditions of
    building (home city, control) are the actions module's.
    """
    b = besieger_of(state, p)
    if b < 0:
        return True
    if side == b:
        return False
    return bool(state.ix.is_port[p]) and not blockaded(state, p)


# -- siege combat (§6.0, §8) -------------------------------------------------------------------
def siege_targets(state: State, side: int) -> list[int]:
    """Cities ``side`` besieges since a prior season, with defenders still inside (§8.0)."""
    return [p for p, rec in sorted(state.sieges.items())
            if rec["besieger"] == side and from_prior_season(state, rec["since"])
            and siege_condition(state, p) == side]


def attrition_allowed(state: State, p: int) -> bool:
    """Inland cities always; a port only when blockaded since a prior season (§8.21)."""
    if not state.ix.is_port[p]:
        return True
    rec = state.sieges.get(p) or {}
    return blockaded(state, p) and from_prior_season(state, rec.get("blockaded_since"))


def siege_methods(state: State, p: int, action_turn: bool) -> list[str]:
    """What the besieger may do against ``p`` now, default first (§8.0, §8.1, §8.2); an
    enemy Augury this season rules out the assault, not the attrition (§3.1)."""
    out = []
    if attrition_allowed(state, p):
        out.append("attrition")
    if action_turn and not cards.season_ban(state, besieger_of(state, p), "assault"):
        out.append("assault")
    out.append("none")
    return out


def attrition_max(state: State, p: int) -> int:
    """Highest die face that scores an attrition hit: 1, or 3 in Winter and for Athens while
    grain-blockaded and besieged (§8.2, §8.22); at least 2 under a Hunger event (§3.1)."""
    rate = 1
    if state.season == WINTER:
        rate = 3
    elif p == _grain(state.ix)[0] and besieger_of(state, p) == SPARTA \
            and grain_blockaded(state):
        rate = 3
    return max(rate, cards.hunger_max(state, p))


def attrition(state: State, p: int, hit_max: int | None = None) -> None:
    """Roll siege attrition against ``p``: one die per besieged block, garrison included; hits
    go to the strongest block, garrison last (§8.2). ``hit_max`` overrides the rate. Either
    player may then appeal to Demeter (§11.0)."""
    ix = state.ix
    b = besieger_of(state, p)
    if b < 0:
        raise IllegalAction(f"{ix.city_name[p]} is not besieged: no siege attrition", "8.2")
    d = 1 - b
    top = attrition_max(state, p) if hit_max is None else hit_max
    blocks = defenders(state, p, d)
    dice = state.dice.rolls(len(blocks))
    state.barrier = True
    hits = sum(1 for f in dice if f <= top)
    faces = "1" if top == 1 else f"1–{top}"
    state.event("attrition", "8.2", f"{side_title(b)} wages siege attrition on {ix.city_name[p]}: "
                f"{len(blocks)} dice {dice}, hits on {faces}: {hits} hit(s)", b, place=p,
                dice=dice, hits=hits)
    if hits:
        push(state, {"kind": "attrition_hits", "place": p, "side": d, "hits": hits,
                     "besieger": b})
    olympians.offer_demeter(state, p, hit_max)


def start_assault(state: State, p: int, side: int, treachery: bool = False) -> None:
    """Declare a siege assault on ``p``: the defender may capitulate first (§8.1, §8.13)."""
    ix = state.ix
    if besieger_of(state, p) != side:
        raise IllegalAction(f"{side_title(side)} does not besiege {ix.city_name[p]}", "8.1")
    what = "a Treachery Assault" if treachery else "a siege assault"
    state.event("assault_declared", "3.1" if treachery else "8.1",
                f"{side_title(side)} declares {what} on {ix.city_name[p]}", side, place=p)
    push(state, {"kind": "capitulation", "place": p, "side": 1 - side, "besieger": side,
                 "treachery": treachery})


def treachery_assault(state: State, side: int, p: int) -> None:
    """The Treachery event (§3.1): one assault round without double defense on a city ``side``
    besieges; capitulation is allowed and the assaulters fall back if the city holds."""
    rec = state.sieges.get(p)
    if rec is None or rec["besieger"] != side or siege_condition(state, p) != side:
        raise IllegalAction(f"Treachery needs a city that {side_title(side)} besieges; "
                            f"{state.ix.city_name[p]} is not one", "3.1")
    start_assault(state, p, side, treachery=True)


class SiegeCombat(Step):
    """The acting player's siege combat, city by city in the order he picks (§6.0, §8.0)."""

    kind = "siege_combat"
    rules = ("8.0", "8.1", "8.2")

    def _left(self, state: State, frame: dict) -> list[int]:
        """Cities still to deal with; the Treachery target of this turn is not attritioned
        as well (§3.1)."""
        betrayed = cards.treachery_city(state, frame["side"])
        return [p for p in siege_targets(state, frame["side"])
                if p not in frame["done"] and p != betrayed]

    def deciders(self, state, frame):
        return (frame["side"],) if self._left(state, frame) else ()

    def legal(self, state, frame, side):
        if side != frame["side"]:
            return []
        ix = state.ix
        words = {"attrition": "wage siege attrition on", "assault": "assault",
                 "none": "leave in peace this turn"}
        out = []
        for p in self._left(state, frame):
            for m in siege_methods(state, p, bool(frame["action_turn"])):
                out.append({"type": "siege", "side": SIDE_NAMES[side], "place": ix.place_ids[p],
                            "method": m, "label": f"{words[m].capitalize()} {ix.city_name[p]}"})
        return out

    def why_illegal(self, state, frame, action):
        ix = state.ix
        if action.get("type") != "siege":
            return IllegalAction("siege combat choices are of type 'siege'", "8.0")
        if action_side(action) != frame["side"]:
            return IllegalAction(f"it is {side_title(frame['side'])}'s siege combat", "8.0")
        try:
            p = ix.place(need(action, "place", str))
        except KeyError as exc:
            return IllegalAction(str(exc.args[0]), "8.0")
        if p not in self._left(state, frame):
            return IllegalAction(f"{ix.city_name[p]} is not a city that "
                                 f"{side_title(frame['side'])} has besieged since a prior "
                                 "season and not yet dealt with this turn", "8.0")
        method = action.get("method")
        allowed = siege_methods(state, p, bool(frame["action_turn"]))
        if method not in allowed:
            if method == "assault":
                ban = cards.season_ban(state, frame["side"], "assault")
                if ban and frame["action_turn"]:
                    return IllegalAction(ban, "3.1")
                return IllegalAction("siege assaults happen only in action turns, not in "
                                     "event turns", "8.1")
            if method == "attrition":
                return IllegalAction(f"{ix.city_name[p]} is a port: attrition needs it blockaded "
                                     "as well as besieged since a prior season", "8.21")
            return IllegalAction(f"'method' must be one of {allowed}", "8.0")
        return None

    def apply(self, state, frame, action):
        p = state.ix.place(action["place"])
        replace_top(state, done=(*frame["done"], p))
        method = action["method"]
        if method == "attrition":
            attrition(state, p)
        elif method == "assault":
            start_assault(state, p, frame["side"])
        else:
            state.event("siege_wait", "8.0", f"{side_title(frame['side'])} makes no siege combat "
                        f"against {state.ix.city_name[p]}", frame["side"], place=p)

    def text(self, state, frame):
        return f"{side_title(frame['side'])}: choose siege combat for each besieged city"


class Capitulation(Step):
    """Before an assault is revealed the defender may surrender the city (§8.13)."""

    kind = "capitulation"
    rules = ("8.13", "8.1")

    def deciders(self, state, frame):
        return (frame["side"],)

    def legal(self, state, frame, side):
        if side != frame["side"]:
            return []
        city = state.ix.city_name[frame["place"]]
        name = SIDE_NAMES[side]
        return [{"type": "capitulate", "side": name, "accept": False,
                 "label": f"Defend {city} against the assault"},
                {"type": "capitulate", "side": name, "accept": True,
                 "label": f"Capitulate: give up {city} and every defender, ceding 1 Prestige"}]

    def apply(self, state, frame, action):
        p, d, b = frame["place"], frame["side"], frame["besieger"]
        pop(state, frame)
        if action["accept"]:
            for u in inside_units(state, p, d):
                eliminate(state, u, "8.13", "the city capitulated")
            capture(state, p, b, "capitulation")
            victory.gain(state, b, victory.CAPITULATION, "8.13",
                         f"{state.ix.city_name[p]} capitulates", place=p)
            return
        push(state, {"kind": "battle", "place": p, "side": b, "mode": "assault",
                     "treachery": frame["treachery"], "stage": "start"})

    def text(self, state, frame):
        return (f"{side_title(frame['besieger'])} assaults {state.ix.city_name[frame['place']]}: "
                f"{side_title(frame['side'])} may capitulate before the blocks are revealed")


def _attrition_targets(state: State, p: int, d: int) -> list[int]:
    """Strongest besieged units; the garrison (-1) only when no unit is left (§8.2)."""
    units = inside_units(state, p, d)
    if units:
        top = max(state.cv[u] for u in units)
        return [u for u in units if state.cv[u] == top]
    return [-1] if _garrison_side(state, p) == d else []


def _hit_block(state: State, p: int, u: int, rule: str, why: str) -> None:
    """One step loss to unit ``u`` (or the garrison, -1) of the city of ``p``."""
    ix = state.ix
    if u < 0:
        side = state.garrisons.pop(p)[0]
        state.event("garrison_lost", rule, f"The {SIDE_ADJECTIVES[side]} garrison of "
                    f"{ix.city_name[p]} is eliminated: {why}", side, place=p)
        return
    state.cv[u] -= 1
    side = side_of(u)
    if state.cv[u] <= 0:
        eliminate(state, u, rule, why)
    else:
        state.event("step_loss", rule, f"{ix.describe(u)} loses 1 cv ({why})", side,
                    private=side, public=f"A {side_title(side)} block in {ix.city_name[p]} loses "
                    f"1 cv ({why})")


class AttritionHits(Step):
    """Apply attrition hits one at a time; the owner picks among equally strong blocks."""

    kind = "attrition_hits"
    rules = ("8.2",)
    minor = True

    def deciders(self, state, frame):
        tied = _attrition_targets(state, frame["place"], frame["side"])
        return (frame["side"],) if frame["hits"] > 0 and len(tied) > 1 else ()

    def legal(self, state, frame, side):
        if side != frame["side"]:
            return []
        ix = state.ix
        return [{"type": "attrition_hit", "side": SIDE_NAMES[side], "unit": ix.unit_key[u],
                 "label": f"{ix.describe(u)} takes the attrition hit"}
                for u in sorted(_attrition_targets(state, frame["place"], side))]

    def apply(self, state, frame, action):
        self._one(state, frame, state.ix.unit(action["unit"]))

    def run(self, state, frame):
        targets = _attrition_targets(state, frame["place"], frame["side"])
        if frame["hits"] <= 0 or not targets:
            self._finish(state, frame)
            return
        self._one(state, frame, targets[0])

    def _one(self, state: State, frame: dict, u: int) -> None:
        _hit_block(state, frame["place"], u, "8.2", "siege attrition")
        replace_top(state, hits=frame["hits"] - 1)

    def _finish(self, state: State, frame: dict) -> None:
        p, b = frame["place"], frame["besieger"]
        pop(state, frame)
        if not defenders(state, p, frame["side"]):
            capture(state, p, b, "siege attrition")
            victory.gain(state, b, victory.ATTRITION_CAPTURE, "14.11",
                         f"{state.ix.city_name[p]} falls to siege attrition", place=p)

    def text(self, state, frame):
        return (f"{side_title(frame['side'])}: choose which of the equally strong blocks in "
                f"{state.ix.city_name[frame['place']]} takes the next attrition hit")




# -- sorties (§8.3) -----------------------------------------------------------------------------
def sortie_candidates(state: State, side: int) -> list[int]:
    """``side``'s besieged units that may sortie now: inside a city whose enemy besiegers stand
    in the province (§8.3; garrisons never sortie, and they are not units). A sortie engages
    the besiegers, so none while the enemy's Augury bars ``side`` from engaging (§3.1)."""
    if cards.season_ban(state, side, "engage"):
        return []
    out = []
    for p in sorted(state.sieges):
        # a friendly relief force outside does not stop a sortie: the two fight as separate
        # formations, never as one battle (§8.3, §5.41 sidebar)
        if state.sieges[p]["besieger"] == 1 - side and outside_units(state, p, 1 - side):
            out.extend(u for u in inside_units(state, p, side) if not state.retreated[u])
    return out


class Sortie(Step):
    """At the start of an action turn's combat phase, besieged units may be declared sortiers;
    they then fight the besiegers outside the walls as their own formation (§8.3, §5.41)."""

    kind = "sortie"
    rules = ("8.3",)

    def _open(self, state: State, frame: dict) -> list[int]:
        return [u for u in sortie_candidates(state, frame["side"]) if u not in frame["chosen"]]

    def deciders(self, state, frame):
        return (frame["side"],)

    def legal(self, state, frame, side):
        if side != frame["side"]:
            return []
        ix = state.ix
        name = SIDE_NAMES[side]
        n = len(frame["chosen"])
        out = [{"type": "sortie_done", "side": name,
                "label": f"Done: {n} unit(s) sortie" if n else "No sorties this turn"}]
        for u in self._open(state, frame):
            out.append({"type": "sortie", "side": name, "unit": ix.unit_key[u],
                        "label": f"{ix.describe(u)} sorties out of "
                                 f"{ix.city_name[state.loc[u]]}"})
        return out

    def apply(self, state, frame, action):
        if action["type"] == "sortie":
            replace_top(state, chosen=(*frame["chosen"], state.ix.unit(action["unit"])))
            return
        pop(state, frame)
        side = frame["side"]
        by_place: dict[int, list[int]] = {}
        for u in frame["chosen"]:
            by_place.setdefault(state.loc[u], []).append(u)
        for p, units in sorted(by_place.items()):
            for u in units:
                state.inside[u] = 0
            state.engagements = [*state.engagements, {
                "area": p, "side": side, "from": p, "via": "sortie", "group": 0,
                "path": (p,), "units": tuple(units)}]
            state.event("sortie", "8.3", f"{len(units)} {side_title(side)} unit(s) sortie out of "
                        f"{state.ix.city_name[p]} against the besiegers", side, place=p)

    def text(self, state, frame):
        return f"{side_title(frame['side'])}: declare sorties out of besieged cities (§8.3)"




# -- moves to adjacent areas (pillage withdrawals, retreats) -----------------------------------
def moves_from(state: State, u: int, p: int) -> list[int]:
    """Places next to ``p`` that unit ``u`` could enter by its own kind of movement, ignoring
    who is there (§5.1, §5.2): land units by land; fleets from land to an adjacent sea or along
    the coast, from sea to adjacent seas and coastal land. Neutral places are left out."""
    ix = state.ix
    if ix.is_fleet[u]:
        if ix.is_sea(p):
            near = [*ix.sea_adj[p], *ix.coast[p]]
        else:
            seas = set(ix.coast[p])
            near = [*ix.coast[p], *(q for q in ix.land_adj[p] if seas & set(ix.coast[q]))]
    else:
        near = [] if ix.is_sea(p) else list(ix.land_adj[p])
    return sorted(q for q in set(near) if not state.neutral[q])


# -- pillaging (§4.3, §5.5, §14.12) ------------------------------------------------------------
def _pillage_group(state: State, p: int, side: int) -> list[int]:
    """Besiegers that were in the province at the start of the turn (have not moved)."""
    return [u for u in outside_units(state, p, side) if not state.moved[u]]


def _withdraw_targets(state: State, u: int, p: int) -> list[int]:
    """Adjacent places with no enemy units that ``u`` could move into (§5.5)."""
    enemy = 1 - side_of(u)
    return [q for q in moves_from(state, u, p) if not units_at(state, q, enemy)]


def _pillage_reason(state: State, side: int, p: int) -> str | None:
    ix = state.ix
    city = ix.city_name[p]
    rec = state.sieges.get(p)
    if rec is None or rec["besieger"] != side or siege_condition(state, p) != side:
        return f"{side_title(side)} has no siege of {city} to pillage from"
    if ix.city_loyalty[p] != 1 - side:
        return (f"{city} is not loyal to {side_title(1 - side)}: only opposing CityStates can be "
                "pillaged (§4.3)")
    if not from_prior_season(state, rec["since"]):
        return f"the siege of {city} was established this season; it must date from a prior one"
    if p in state.pillaged:
        return f"{city} has already been pillaged this year"
    group = _pillage_group(state, p, side)
    if not group:
        return f"no {side_title(side)} besiegers of {city} were there at the start of the turn"
    stuck = [u for u in group if not _withdraw_targets(state, u, p)]
    if stuck:
        return (f"{ix.describe(stuck[0])} has no adjacent area free of enemy units to "
                "withdraw into")
    return None


def pillage_legal(state: State, side: int) -> list[dict]:
    """Pillage actions open to ``side`` now (§5.5)."""
    ix = state.ix
    out = []
    for p in sorted(state.sieges):
        if _pillage_reason(state, side, p) is None:
            gain = _pillage_gain(state, p)
            out.append({"type": "pillage", "side": SIDE_NAMES[side], "place": ix.place_ids[p],
                        "label": f"Pillage {ix.city_name[p]} and withdraw the besiegers "
                                 f"(+{gain} Prestige, 1 action)"})
    return out


def _pillage_gain(state: State, p: int) -> int:
    """Prestige for pillaging ``p`` (§14.12), none in neutral SICILY (§15.2 rule 2)."""
    return scenario_rules.pillage_prestige(state, p, victory.pillage_award(state.ix.city_name[p]))


def pillage_apply(state: State, side: int, action: dict) -> None:
    """Pillage: mark the city, then withdraw the besieging group unit by unit (§5.5)."""
    p = state.ix.place(action["place"])
    reason = _pillage_reason(state, side, p)
    if reason:
        raise IllegalAction(reason, "5.5")
    state.pillaged = state.pillaged | {p}
    note_pillaged(state, p, side)
    state.event("pillage", "5.5", f"{side_title(side)} pillages the lands of "
                f"{state.ix.city_name[p]}", side, place=p)
    push(state, {"kind": "pillage_withdraw", "side": side, "place": p,
                 "units": tuple(_pillage_group(state, p, side))})


class PillageAction(ActionType):
    """The pillage action of the action phase (§4.3, §5.5, §14.12)."""

    type = "pillage"
    rules = ("5.5", "4.3", "14.12")

    def legal(self, state, side):
        return pillage_legal(state, side)

    def why_illegal(self, state, side, action):
        try:
            p = state.ix.place(need(action, "place", str))
        except KeyError as exc:
            return IllegalAction(str(exc.args[0]), "5.5")
        reason = _pillage_reason(state, side, p)
        return IllegalAction(reason, "5.5") if reason else None

    def apply(self, state, side, action):
        pillage_apply(state, side, action)


class PillageWithdraw(Step):
    """Each unit of the pillaging group withdraws to an adjacent area free of enemy units;
    then the Prestige is recorded (§5.5, §14.12)."""

    kind = "pillage_withdraw"
    rules = ("5.5", "14.12")

    def _left(self, state: State, frame: dict) -> list[int]:
        return [u for u in frame["units"] if state.loc[u] == frame["place"]]

    def deciders(self, state, frame):
        return (frame["side"],) if self._left(state, frame) else ()

    def legal(self, state, frame, side):
        if side != frame["side"]:
            return []
        ix = state.ix
        out = []
        for u in self._left(state, frame):
            for q in _withdraw_targets(state, u, frame["place"]):
                out.append({"type": "withdraw", "side": SIDE_NAMES[side],
                            "unit": ix.unit_key[u], "to": ix.place_ids[q],
                            "label": f"{ix.describe(u)} withdraws to {ix.place_name[q]}"})
        return out

    def apply(self, state, frame, action):
        ix = state.ix
        u, q = ix.unit(action["unit"]), ix.place(action["to"])
        state.loc[u] = q
        state.moved[u] = 1
        state.event("withdraw", "5.5", f"{ix.describe(u)} withdraws to {ix.place_name[q]}",
                    frame["side"], private=frame["side"],
                    public=f"A {side_title(frame['side'])} block withdraws to {ix.place_name[q]}")

    def run(self, state, frame):
        p, side = frame["place"], frame["side"]
        pop(state, frame)
        city = state.ix.city_name[p]
        victory.gain(state, side, _pillage_gain(state, p), "14.12", f"pillaging {city}",
                     place=p)
        refresh(state)

    def text(self, state, frame):
        return (f"{side_title(frame['side'])}: withdraw the besiegers of "
                f"{state.ix.city_name[frame['place']]} to adjacent areas free of enemy units")


register_action(PillageAction())


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (SiegeCombat(), Capitulation(), AttritionHits(), Sortie(), PillageWithdraw())
