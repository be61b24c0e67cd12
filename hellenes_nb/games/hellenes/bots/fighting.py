"""Battle and siege decisions of the heuristic bot (§6, §7, §8).

What it reads besides the view: the place of the battle being fought and, once the blocks are
revealed (§6.1), the fighters of that battle with their current cv, rating and routed state.
Both are public to the two players; the battle's dice are never read.

- Fortify (§7.1) when the engaging force looks clearly stronger than the defenders outside.
- In a fight, retreat at the retreat option (§6.4) when the unrouted enemy is much stronger
  than the bot's own unrouted blocks; city defenders count double in an assault (§8.11).
- Ties for hits and routs (§6.32, §6.33) go to the block that matters least.
- Retreats go to friendly ground, into the city when defending a CityState of its own.
- Sortie (§8.3) only with a clear edge; assault (§8.1) only with a large one, else attrition
  (§8.2); capitulate (§8.13) when an assault would clearly succeed.
"""

from __future__ import annotations

from hellenes_nb.games.hellenes.bots.picture import Picture, rating_strength, unit_strength

FORTIFY_RATIO = 1.2      # enemy / mine at which the defenders fortify
RETREAT_RATIO = 1.6      # enemy / mine (unrouted, in the battle) at which to retreat
SORTIE_RATIO = 1.5
ASSAULT_RATIO = 2.2
CAPITULATE_RATIO = 2.5


def _frame(game) -> dict:
    return game.state.stack[-1]


def battle_place(game) -> int:
    """The place of the battle being fought (public)."""
    return _frame(game)["place"]


def fortify(game, pic: Picture, legal: list[dict]) -> dict:
    """Fortify every unit that may when the attackers look much stronger (§6.1, §7.1)."""
    p = battle_place(game)
    ix = pic.ix
    mine = pic.my_strength(pic.mine_out[p])
    enemy = pic.foe_out_str[p]
    valuable = ix.city_value[p] >= 1
    if valuable and enemy > FORTIFY_RATIO * mine:
        for a in legal:
            if a["type"] == "fortify":
                return a
    return next(a for a in legal if a["type"] == "fortify_done")


def _fighter_value(f: dict, assault: bool) -> float:
    r = f["rating"]
    v = rating_strength(r[0], int(r[1]), f["cv"])
    if assault and f.get("city"):
        v *= 2.0  # double defense: two hits per step (§8.11)
    return v


def battle_choice(game, pic: Picture, legal: list[dict]) -> dict:
    """Fight on or retreat (§6.4); which tied block takes a hit or a rout (§6.32, §6.33)."""
    b = _frame(game)["battle"]
    prompt = b["prompt"]
    fighters = b["fighters"]
    by_key = {f["key"]: f for f in fighters}
    if prompt["kind"] == "retreat":
        assault = b["kind"] == "assault"
        mine = sum(_fighter_value(f, assault) for f in fighters
                   if f["side"] == pic.side and not f["routed"] and f["cv"] > 0
                   and not f.get("carried_by"))
        enemy = sum(_fighter_value(f, assault) for f in fighters
                    if f["side"] != pic.side and not f["routed"] and f["cv"] > 0
                    and not f.get("carried_by"))
        want = "retreat" if enemy > RETREAT_RATIO * mine else "fight"
        for a in legal:
            if a["choice"] == want:
                return a
        return legal[0]

    def worth(a: dict) -> tuple:
        f = by_key.get(a["choice"])
        if f is None:
            return (0.0, a["choice"])
        return (_fighter_value(f, False) / max(f["cv"], 1), a["choice"])

    return min(legal, key=worth)


def formation(game, pic: Picture, legal: list[dict]) -> dict:
    """The largest formation fights first (§5.41); in an assault, the largest newly arrived
    formation joins the besiegers (§5.42: joining is optional, but it only adds attackers)."""
    forms = _frame(game)["forms"]
    return max((a for a in legal if "index" in a),
               key=lambda a: (len(forms[a["index"]]["units"]), -a["index"]))


def retreat(game, pic: Picture, legal: list[dict]) -> dict:
    """Where each unit retreats (§6.4): into its own city when defending one, else friendly
    ground with friends, land before sea for land units; a besieged land unit whose fleets
    retreat from an assault sails with them (§8.12)."""
    ix = pic.ix
    po = ix.place_of
    p = battle_place(game)
    assault = _frame(game)["mode"] == "assault"

    def score(a: dict) -> tuple:
        q = po[a["to"]]
        u = ix.unit_of[a["unit"]]
        s = 0.0
        if a.get("city") and assault:
            s -= 3.0  # left behind, it fights on in the losing assault: sail away (§8.12)
        elif a.get("city"):
            s += 3.0 if pic.my_city(p) or pic.city_control[p] == pic.me else 1.0
        if q != p:
            s += 2.0 if pic.mine_out[q] or pic.mine_in[q] else 0.0
            s += 1.0 if pic.control[q] == pic.me else 0.0
            s -= 0.5 * pic.threat(q) / 10.0
            if ix.is_sea(q) and not ix.is_fleet[u]:
                s -= 1.5
        return (s, -q, a["unit"])

    first = legal[0]["unit"]
    return max((a for a in legal if a["unit"] == first), key=score)


def sortie(game, pic: Picture, legal: list[dict]) -> dict:
    """Sortie with every besieged unit of a city whose besiegers look clearly weaker (§8.3)."""
    ix = pic.ix
    for a in legal:
        if a["type"] != "sortie":
            continue
        u = ix.unit_of[a["unit"]]
        p = pic.loc[u]
        mine = pic.my_strength(pic.mine_in[p])
        if mine > SORTIE_RATIO * pic.foe_out_str[p]:
            return a
    return next(a for a in legal if a["type"] == "sortie_done")


def _garrison_value(pic: Picture, p: int, side: int) -> float:
    return 2.0 * rating_strength("A", 2, 1) if pic.garrison.get(p) == side else 0.0


def siege_combat(game, pic: Picture, legal: list[dict]) -> dict:
    """Assault with a large edge (§8.1), else attrition (§8.2), else wait."""
    ix = pic.ix
    po = ix.place_of

    def score(a: dict) -> tuple:
        p = po[a["place"]]
        defense = 2.0 * pic.foe_in_str[p] + _garrison_value(pic, p, pic.foe)
        mine = pic.my_strength(pic.mine_out[p])
        m = a["method"]
        if m == "assault":
            s = 3.0 if mine >= ASSAULT_RATIO * max(defense, 0.5) else -1.0
        elif m == "attrition":
            s = 2.0
        else:
            s = 0.0
        return (s, a["place"])

    return max(legal, key=score)


def capitulate(game, pic: Picture, legal: list[dict]) -> dict:
    """Give up the city when the assault would clearly carry it (§8.13: 1 prestige, not 2)."""
    p = _frame(game)["place"]
    defense = 2.0 * pic.my_strength(pic.mine_in[p]) + _garrison_value(pic, p, pic.me)
    attack = pic.foe_out_str[p]
    give_up = attack > CAPITULATE_RATIO * max(defense, 0.5)
    return next(a for a in legal if a["accept"] == give_up)


def least_valuable(pic: Picture, legal: list[dict]) -> dict:
    """The unit choice that costs least (attrition hits, disbanding)."""
    ix = pic.ix

    def worth(a: dict) -> tuple:
        u = ix.unit_of[a["unit"]]
        return (ix.is_barbarian[u] is False, unit_strength(ix, u, pic.cv.get(u, 1), False),
                a["unit"])

    return min(legal, key=worth)


def withdraw(game, pic: Picture, legal: list[dict]) -> dict:
    """Pillagers withdraw to friendly ground (§5.5)."""
    po = pic.ix.place_of

    def score(a: dict) -> tuple:
        q = po[a["to"]]
        return ((pic.control[q] == pic.me) + bool(pic.mine_out[q]) - pic.threat(q) / 10.0
                - pic.ix.is_sea(q), a["to"])

    first = legal[0]["unit"]
    return max((a for a in legal if a["unit"] == first), key=score)

