"""Winter for the heuristic bot (§9.2): keep what is worth keeping, bring the rest home.

Order of business, one action per call:

1. maintain (§9.22) the fewest units that can hold each siege worth keeping through the
   triple-strength winter attrition (§9.4): an established siege of a city with a value;
2. free Homing and Quartering moves (§9.211, §9.212) for every other unit without shelter,
   preferring paths with fewer deep-sea crossings (§5.22), then a home city (building there
   next year, §4.21), then the shorter path;
3. maintain stranded units worth it (cv 2 or more, not barbarians: they disband anyway, §9.24);
4. build and recruit with what is left (§9.23), then end.
"""

from __future__ import annotations

from hellenes_nb.games.hellenes.bots.campaign import build_score, recruit_score
from hellenes_nb.games.hellenes.bots.picture import Picture, unit_strength

HOLD_RATIO = 1.2


def _deep(ix, start: int, path: list[str]) -> int:
    po = ix.place_of
    places = [start] + [po[x] for x in path]
    return sum(ix.border.get((a, b)) == "deepsea" for a, b in zip(places, places[1:], strict=False))


def _siege_keepers(pic: Picture, legal: list[dict]) -> list[str]:
    """Units to maintain on sieges worth keeping, strongest first, within the actions left."""
    ix = pic.ix
    can = {a["unit"] for a in legal if a["type"] == "maintain"}
    keep: list[str] = []
    for p, (besieger, _since) in sorted(pic.sieges.items()):
        if besieger != pic.me or not ix.city_value[p]:
            continue
        units = sorted((u for u in pic.mine_out[p] if not ix.is_barbarian[u]),
                       key=lambda u: (-unit_strength(ix, u, pic.cv[u], False), u))
        need = HOLD_RATIO * max(pic.foe_in_str[p], 1.0)
        got = 0.0
        for u in units:
            if got >= need:
                break
            got += unit_strength(ix, u, pic.cv[u], False)
            keep.append(ix.unit_key[u])
    return [k for k in keep if k in can]


def choose(game, pic: Picture, legal: list[dict]) -> dict:
    """One winter action (see the module docstring)."""
    ix = pic.ix
    keepers = _siege_keepers(pic, legal)
    left = game.state.actions_left
    for k in keepers[:left]:
        for a in legal:
            if a["type"] == "maintain" and a["unit"] == k:
                return a
    kept = set(keepers[:left])
    moves = [a for a in legal if a["type"] == "winter_move" and a["unit"] not in kept
             and not ix.is_barbarian[ix.unit_of[a["unit"]]]]
    if moves:
        def key(a: dict) -> tuple:
            u = ix.unit_of[a["unit"]]
            return (_deep(ix, pic.loc[u], a["path"]), a.get("mode") != "home", len(a["path"]),
                    a["unit"], a["path"])
        return min(moves, key=key)
    stranded = [a for a in legal if a["type"] == "maintain"
                and not ix.is_barbarian[ix.unit_of[a["unit"]]]
                and pic.cv[ix.unit_of[a["unit"]]] >= 2]
    if stranded:
        return max(stranded, key=lambda a: (pic.cv[ix.unit_of[a["unit"]]], a["unit"]))
    best, best_score = None, 0.5
    for a in legal:
        if a["type"] == "build":
            s = build_score(pic, ix.unit_of[a["unit"]])
        elif a["type"] == "recruit":
            s = recruit_score(pic) - 0.3
        else:
            continue
        if s > best_score:
            best, best_score = a, s
    if best is not None:
        return best
    return next(a for a in legal if a["type"] == "end_winter_actions")
