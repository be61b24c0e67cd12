"""The action phase of the heuristic bot: what to do with each action (§4.0–§4.3, §5.0, §5.5).

Each call scores every legal action and takes the best; ending the phase scores a little above
nothing, so spare actions go into building. Moving a group is scored by a *plan*: for every
place its units can reach (the engine's own move generator, so the plan only uses legal moves)
the bot values

- attacking enemy units in the open when the force that can get there is clearly stronger
  (§5.4, §6.0; winning gives prestige, §14.11);
- taking a vacant city loyal to the enemy: holding it at Year End pays its value in tribute
  every year (§1.4, §9.51);
- shutting enemy units inside their city (a siege, §7.2) when strong enough to hold the
  province, which opens siege combat and pillage (§5.5, §8.0);
- bringing units into its own cities that the enemy threatens;

minus what leaving costs: a threatened city of its own left too weak, a captured city left
empty (it reverts, §1.4), a siege given up (§7.2). Several targets may share one activation.
The plan's moves are then played one by one in the group move that follows.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hellenes_nb.games.hellenes.bots.picture import Picture, unit_strength
from hellenes_nb.games.hellenes.rules.actions.moves import each_move

ATTACK_MARGIN = 1.5      # my strength / estimated enemy strength needed to engage
SIEGE_MARGIN = 1.2       # to shut enemy units in their city and hold the province
END_SCORE = 0.3
LANDING_SHARE = 0.67
GARRISON_WORTH = 1.0
AIM_BONUS = 4.0          # the worth a plan's aim gains (the plan search, .planning)
AIM_STAGE = 1.2          # the worth of land near the aim for a group still far from it
AIM_BOLDNESS = 1.4       # a force sent to the aim counts this much more against its margins
AIM_MUSTER = 2.5         # a muster into a city near the aim (§5.0)
AIM_BUILD = 0.6          # building a unit near the aim


@dataclass
class Plan:
    """Moves for one activated group and what they are worth."""

    score: float
    moves: list[dict] = field(default_factory=list)


def move_key(a: dict) -> tuple:
    """What identifies a move (labels ignored)."""
    return (a.get("unit"), tuple(a.get("path", ())), a.get("carry"), bool(a.get("forced")))


def unit_options(game, pic: Picture, units: list[int]) -> dict[int, dict[int, dict]]:
    """Per unit, per destination, one legal non-forced move (the engine's generator, §5.0)."""
    st = game.state
    out: dict[int, dict[int, dict]] = {}
    po = pic.ix.place_of
    for u in units:
        dests: dict[int, dict] = {}
        for a in each_move(st, pic.me, u, "group"):
            if a.get("forced"):
                continue
            d = po[a["path"][-1]]
            old = dests.get(d)
            if old is None or (a.get("carry") and not old.get("carry")):
                dests[d] = a
        out[u] = dests
    return out


def _land_value(pic: Picture, u: int) -> float:
    return unit_strength(pic.ix, u, pic.cv[u], False)


def _force_value(pic: Picture, moves: list[dict], at_sea: bool) -> float:
    """What the moving units bring to a fight; units landing from the sea lose the first
    round (§6.6), valued here as a third of their strength."""
    ix = pic.ix
    po = ix.place_of
    total = 0.0
    for a in moves:
        u = ix.unit_of[a["unit"]]
        path = a["path"]
        landing = not at_sea and len(path) > 1 and ix.is_sea(po[path[-2]])
        share = LANDING_SHARE if landing else 1.0
        total += share * unit_strength(ix, u, pic.cv[u], at_sea)
        if a.get("carry") and not at_sea:
            c = ix.unit_of[a["carry"]]
            total += share * unit_strength(ix, c, pic.cv[c], False)
    return total


def _target_worth(pic: Picture, t: int) -> tuple[str, float]:
    """(kind, worth) of bringing force into ``t``."""
    ix = pic.ix
    value = ix.city_value[t] if t < ix.n_land else 0
    if t in pic.neutral:
        return "none", 0.0
    if pic.foe_out[t]:
        bonus = 2.0 * value if pic.opposing_city(t) else 0.0
        return "attack", 2.0 + 1.0 * pic.foe_out[t] + bonus
    if pic.foe_in[t] or pic.garrison.get(t) == pic.foe:
        if pic.sieges.get(t, (-1,))[0] == pic.me:
            return "none", 0.0
        if value and (pic.opposing_city(t) or pic.city_control[t] == pic.foe):
            return "siege", 1.5 + 1.5 * value
        return "none", 0.0
    if (value and pic.opposing_city(t) and pic.city_control[t] != pic.me
            and not pic.mine_out[t] and not pic.mine_in[t]):
        return "capture", 3.0 + 3.0 * value
    if value and pic.city_control[t] == pic.me and pic.my_city(t):
        held = pic.my_strength(pic.mine_out[t] + pic.mine_in[t])
        gap = pic.threat(t) - held
        if gap > 0:
            return "defend", min(1.0, gap / 4.0) * 1.5 * value
    return "none", 0.0


def _leave_cost(pic: Picture, g: int, leaving: set[int]) -> float:
    """What moving ``leaving`` out of ``g`` costs (§1.4, §7.2)."""
    ix = pic.ix
    if g >= ix.n_land:
        return 0.0
    here = pic.mine_out[g]
    stay = [u for u in here if u not in leaving] + pic.mine_in[g]
    cost = 0.0
    value = ix.city_value[g]
    if pic.sieges.get(g, (-1,))[0] == pic.me and not any(u in stay for u in here):
        cost += 2.0 + 2.0 * value
    if value and pic.city_control[g] == pic.me:
        if pic.opposing_city(g) and not stay and pic.garrison.get(g) != pic.me:
            cost += 3.0 * value + 1.0
        need = 0.9 * pic.threat(g)
        before = pic.my_strength(here + pic.mine_in[g])
        after = pic.my_strength(stay)
        if need > after and before > after:
            short = min(1.0, (need - after) / max(need, 1e-9))
            cost += 3.0 * value * short
    return cost


def plan_group(game, pic: Picture, g: int) -> Plan:
    """The best plan for the group in ``g`` (see module docstring); score 0 means stay."""
    ix = pic.ix
    units = [u for u in pic.mine_out[g] + pic.mine_in[g] if not pic.moved.get(u)]
    opts = unit_options(game, pic, units)
    targets = sorted({d for dests in opts.values() for d in dests})
    scored = []
    for t in targets:
        kind, worth = _target_worth(pic, t)
        if pic.aim >= 0:
            kind, worth = _aimed(pic, g, t, kind, worth)
        if worth > 0:
            scored.append((worth, t, kind))
    scored.sort(key=lambda x: (-x[0], x[1]))
    used: set[int] = set()
    moves: list[dict] = []
    total = 0.0
    for worth, t, kind in scored:
        avail = [u for u in units if t in opts[u] and u not in used
                 and _cargo(ix, opts[u][t]) not in used]
        if not avail:
            continue
        sea = ix.is_sea(t)
        chosen = _pick_force(pic, opts, avail, t, kind, sea)
        carried = {_cargo(ix, opts[u][t]) for u in chosen}
        chosen = [u for u in chosen if u not in carried]
        if not chosen:
            continue
        leaving = used | {u for u in chosen}
        leaving.update(c for c in carried if c >= 0)
        gain = worth - (_leave_cost(pic, g, leaving) - _leave_cost(pic, g, used))
        if gain <= 0:
            continue
        total += gain
        used = leaving
        moves.extend(opts[u][t] for u in chosen)
    return Plan(total, moves)


def _aimed(pic: Picture, g: int, t: int, kind: str, worth: float) -> tuple[str, float]:
    """(kind, worth) of ``t`` for a group in ``g`` when a plan leans towards ``pic.aim`` (the
    plan search): the aim is worth :data:`AIM_BONUS` more, and a group still far from it is
    drawn to friendly or empty land near it (:data:`AIM_STAGE`) so that it gets there in a
    later activation. Without an aim the heuristic is unchanged."""
    aim = pic.aim
    if t == aim:
        return kind, worth + AIM_BONUS if worth > 0 else worth
    ix = pic.ix
    near = pic.near(aim)
    if (kind == "none" and g not in near and t in near and t < ix.n_land
            and t not in pic.neutral and not pic.foe_out[t] and not pic.foe_in[t]):
        return "stage", AIM_STAGE
    return kind, worth


def _cargo(ix, move: dict) -> int:
    """The land unit a fleet's move carries, or -1."""
    c = move.get("carry")
    return ix.unit_of[c] if c else -1


def _pick_force(pic: Picture, opts, avail: list[int], t: int, kind: str,
                sea: bool) -> list[int]:
    """The units sent to ``t``: everything for a fight, one good Greek unit to take a city."""
    ix = pic.ix
    if kind == "capture":
        land = [u for u in avail if not ix.is_barbarian[u] and not sea]
        if not land:
            return []
        need = 0.6 * pic.threat(t)
        land.sort(key=lambda u: (ix.is_fleet[u], _land_value(pic, u), u))
        for u in land:
            if _force_value(pic, [opts[u][t]], False) >= need:
                return [u]
        return [land[-1]]
    moves = [opts[u][t] for u in avail]
    mine = _force_value(pic, moves, sea) * (AIM_BOLDNESS if t == pic.aim else 1.0)
    if kind == "attack":
        return avail if mine >= ATTACK_MARGIN * pic.foe_out_str[t] else []
    if kind == "siege":
        return avail if mine >= SIEGE_MARGIN * max(pic.foe_in_str[t], 1.0) else []
    if kind in ("defend", "stage"):
        return [u for u in avail if not ix.is_fleet[u] or ix.is_port[t]]
    return []


# -- scoring the phase's actions ---------------------------------------------------------------
def build_score(pic: Picture, u: int) -> float:
    """Building a unit one step (§4.21): more for strong types and threatened places."""
    ix = pic.ix
    p = pic.loc[u]
    rec_gain = unit_strength(ix, u, 1, ix.is_fleet[u] and ix.is_sea(p))
    score = 0.8 + 0.6 * rec_gain
    if pic.aim >= 0 and p in pic.near(pic.aim):
        score += AIM_BUILD
    if pic.threat(p) > pic.my_strength(pic.mine_out[p] + pic.mine_in[p]):
        score += 0.8
    if pic.cv[u] == 1:
        score += 0.2
    return score


def recruit_score(pic: Picture) -> float:
    """Recruiting (§4.22): worth it while the army is small."""
    n = len(pic.cv)
    return 1.4 if n < 22 else 0.9 if n < 32 else 0.4


def garrison_score(pic: Picture, p: int) -> float:
    """A detached garrison (§4.23) keeps a captured city when the units move on."""
    return GARRISON_WORTH + 0.8 * pic.ix.city_value[p]


def pillage_score(pic: Picture, p: int) -> float:
    """Pillaging (§5.5): prestige now (+2 for Athens or Sparta, §14.12); later in the year the
    siege has less time to take the city, so pillage sooner."""
    ix = pic.ix
    big = ix.place_ids[p] in ("attica", "laconia")
    base = 2 * (2 if big else 1)
    inside = pic.foe_in_str[p]
    mine = pic.my_strength(pic.mine_out[p])
    if mine > 3.0 * max(inside, 1.0) and pic.season < 4:
        return base * 0.8
    return base * 2.0


def rank_actions(game, pic: Picture, legal: list[dict]) -> list[tuple[float, dict, Plan | None]]:
    """Every scored action of the action phase with its score and, for a group move, its plan:
    best first (ties in the listed order). Actions of a type the bot does not score are left
    out."""
    ix = pic.ix
    po = ix.place_of
    ranked = []
    for i, a in enumerate(legal):
        t = a["type"]
        plan = None
        if t == "end_actions":
            score = END_SCORE
        elif t == "build":
            score = build_score(pic, ix.unit_of[a["unit"]])
        elif t == "recruit":
            score = recruit_score(pic)
        elif t == "garrison":
            score = garrison_score(pic, po[a["area"]])
        elif t == "pillage":
            score = pillage_score(pic, po[a["place"]])
        elif t == "move_group":
            plan = plan_group(game, pic, po[a["area"]])
            score = plan.score if plan.moves else -1.0
        elif t == "muster" and pic.aim >= 0 and po[a["to"]] in pic.near(pic.aim):
            score = AIM_MUSTER  # only with a plan's aim: gather a force near it (§5.0)
        else:
            continue
        ranked.append((score, i, a, plan))
    ranked.sort(key=lambda r: (-r[0], r[1]))
    return [(score, a, plan) for score, _i, a, plan in ranked]


def choose_action(game, pic: Picture, legal: list[dict], memory: dict) -> dict:
    """The best action of the action phase; a chosen group plan is kept in ``memory``."""
    ranked = rank_actions(game, pic, legal)
    memory["plan"] = None
    if not ranked or ranked[0][0] <= -1.0:
        return legal[0]
    _score, best, plan = ranked[0]
    if plan is not None:
        memory["plan"] = list(plan.moves)
    return best


def group_move(game, pic: Picture, legal: list[dict], memory: dict) -> dict:
    """Play the remembered plan's moves that are still legal, then finish the group."""
    plan = memory.get("plan")
    if plan is None and game.state.stack[-1].get("mode") == "muster":
        plan = _muster_plan(pic, legal)
    elif plan is None:
        plan = _free_plan(game, pic, legal)
    # key only the listed moves that end where a planned move of that unit ends (a group
    # move lists hundreds of moves)
    ends = {(m.get("unit"), m["path"][-1]) for m in plan}
    by_key = {move_key(a): a for a in legal
              if a["type"] == "move" and (a.get("unit"), a["path"][-1]) in ends}
    while plan:
        a = by_key.get(move_key(plan.pop(0)))
        if a is not None:
            memory["plan"] = plan
            return a
    memory["plan"] = None
    return next(a for a in legal if a["type"] == "end_group")


def _muster_plan(pic: Picture, legal: list[dict]) -> list[dict]:
    """The moves of a muster (a plan's, §5.0): every unit that can come, one move each,
    except those whose leaving would cost a city or a siege (:func:`_leave_cost`)."""
    by_unit: dict[str, dict] = {}
    for a in legal:
        if a["type"] == "move" and not a.get("forced"):
            by_unit.setdefault(a["unit"], a)
    out = []
    for uid, a in sorted(by_unit.items()):
        u = pic.ix.unit_of[uid]
        g = pic.loc.get(u)
        if g is not None and _leave_cost(pic, g, {u}) <= 0:
            out.append(a)
    return out


def _free_plan(game, pic: Picture, legal: list[dict]) -> list[dict]:
    """A plan for a group move the bot did not choose itself (a barbarian recruit's free
    move, §4.22): the most valuable single destination among the legal moves."""
    po = pic.ix.place_of
    best, best_worth = [], 0.0
    for a in legal:
        if a["type"] != "move":
            continue
        kind, worth = _target_worth(pic, po[a["path"][-1]])
        if kind == "attack":
            u = pic.ix.unit_of[a["unit"]]
            if unit_strength(pic.ix, u, pic.cv[u], False) < ATTACK_MARGIN * pic.foe_out_str[
                    po[a["path"][-1]]]:
                continue
        if kind == "capture":
            worth *= 0.5  # barbarians disband in Winter before tribute (§9.24)
        if worth > best_worth:
            best, best_worth = [a], worth
    return best
