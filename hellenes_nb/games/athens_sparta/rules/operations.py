"""A player turn as decision frames: the Move Phase (§4.0-§4.5), the Combat Phase (§5) and
siege attrition (§6.0), wiring the rule chapters (:mod:`.movement`, :mod:`.strategic`,
:mod:`.battle`, :mod:`.siege`, :mod:`.revolts`) into play.

- **ops** (the active side decides): each MP moves one block once (§4.0): an operation move
  (``move``, :func:`.movement.army_reach`, :func:`.movement.navy_reach`), a march (``march``,
  :func:`.strategic.march_reach`) or a sea move between friendly ports (``sea``,
  :func:`.strategic.sea_move_targets`); ``end_moves`` ends the phase. Stopping in a neutral
  city attacks it: it joins the other side (:func:`.revolts.attack_neutral`). A revolt
  (``revolt``, ``helot_revolt``) spends MPs on a revolt block (:mod:`.revolting`). Blocks shut in a
  siege do not move (sallies are not built).
- the Combat Phase is :mod:`.combatphase` (the players' battles) and :mod:`.afterbattle`.
- **attrition** (automatic): :func:`.siege.siege_attrition` for the active side, then
  :func:`.fighting.tidy`.
"""

from __future__ import annotations

from hellenes_nb.core.steps import IllegalAction, Step, pop, replace_top
from hellenes_nb.games.athens_sparta.position import SIDES, Position
from hellenes_nb.games.athens_sparta.rules.facts import facts, kinds
from hellenes_nb.games.athens_sparta.rules.fighting import tidy
from hellenes_nb.games.athens_sparta.rules.limits import counts_of, entry_side, has_room
from hellenes_nb.games.athens_sparta.rules.movement import (
    MOVE_LIMIT,
    MoveError,
    army_reach,
    navy_reach,
    sea_attack_base,
)
from hellenes_nb.games.athens_sparta.rules.revolting import (
    apply_revolt,
    revolt_actions,
    revolt_refusal,
)
from hellenes_nb.games.athens_sparta.rules.revolts import attack_neutral
from hellenes_nb.games.athens_sparta.rules.seapatrol import (
    end_patrol,
    enemy_patrols,
    patrol_attrition,
    patrol_hexes,
    start_patrol,
)
from hellenes_nb.games.athens_sparta.rules.seapatrol import on as patrols_on
from hellenes_nb.games.athens_sparta.rules.siege import siege_attrition
from hellenes_nb.games.athens_sparta.rules.strategic import march_reach, sea_move_targets
from hellenes_nb.games.athens_sparta.rules.syracuse import BOX, is_attack, leave_targets
from hellenes_nb.games.athens_sparta.rules.syracusepoints import reveal
from hellenes_nb.games.athens_sparta.state import held_still

__all__ = ["STEPS", "moves_of"]

MOVES = ("move", "march", "sea")


def _shut_in(st: Position, hex_id: str, side: str) -> bool:
    """A block of ``side`` in a city it holds under an enemy siege or blockade."""
    city = st.world.city_at(hex_id)
    if city is None or st.board.control.get(city.id) != side:
        return False
    return side not in (st.board.besieged.get(city.id, side), st.board.blockaded.get(city.id,
                                                                                       side))


def moves_of(st: Position, side: str, block_id: str, storm: bool = False,
             memo: dict | None = None, used: dict | None = None) -> list[dict]:
    """Every move the block may make now, as actions (each costs one MP, §4.0). Blocks
    standing in one hex reach the same hexes by kind of move: ``memo`` keeps them within one
    position. With ``used`` (the hexsides attacked across this phase, by target hex) the
    terrain limits apply (§4.1, :mod:`.limits`): no move ends in a hex where the side has its
    stacking limit already, and no attack crosses a full hexside."""
    w, b = st.world, st.board
    here = b.blocks[block_id]
    boxed = here.where == BOX  # back from Sicily to an embarkation port (§9.2)
    if not boxed and here.where not in w.hexes or here.steps <= 0 or _shut_in(
            st, here.where, side):
        return []
    memo = {} if memo is None else memo
    kind = _kinds(st)[block_id]
    found: list[tuple] = []
    ally = side == "sparta" and b.allied  # Persia open to Sparta (§9.3)
    if boxed:
        found += [("sea", h, False) for h in leave_targets(st, side)]
    elif kind == "navy":
        if not storm:
            found += _memo(memo, ("navy", here.where, side), lambda: [
                ("move", h, r.attack) for (h, _), r in navy_reach(
                    w, b, block_id, persian_alliance=ally, shore=_shore(st)).items()])
            if patrols_on(st):
                found += _memo(memo, ("patrol", here.where, side), lambda: [
                    ("patrol", h, False) for h in patrol_hexes(st, block_id)])
    else:
        if "_patrols" not in memo:
            memo["_patrols"] = enemy_patrols(st, side)
        found += _memo(memo, ("army", here.where, MOVE_LIMIT[kind], side), lambda: [
            ("move", h, r.attack) for h, r in army_reach(
                w, b, block_id, persian_alliance=ally, patrols=memo["_patrols"]).items()])
        found += _memo(memo, ("march", here.where, MOVE_LIMIT[kind], side), lambda: [
            ("march", h, False) for h in march_reach(w, b, block_id, persian_alliance=ally)])
    found += [] if boxed else _memo(memo, ("sea", here.where, side), lambda: [
        ("sea", w.cities[c].hex or c, False) for c in sea_move_targets(w, b, block_id)
        if c in w.cities])
    words = {"move": "moves to", "march": "marches to", "sea": "goes by sea to",
             "patrol": "goes on patrol at"}
    seen: set = set()
    out = []
    if used is not None and "_counts" not in memo:
        memo["_counts"] = counts_of(b, _kinds(st))
    for t, to, attack in found:
        if used is not None and (not has_room(w, memo["_counts"], side, to, kind == "navy") or (
                attack and t == "move" and kind != "navy" and used.get(to)
                and entry_side(w, here.where, to, used[to]) is None)):
            continue
        if (t, to) not in seen:  # a navy reaching two coasts of one hex moves there once
            seen.add((t, to))
            out.append({"type": t, "side": side, "block": block_id, "to": to,
                        "label": f"{block_id} {words[t]} {to}{' and attacks' if attack else ''}"})
    return out


def _no_sea_attack(st: Position, block: str, action: dict) -> str:
    """Why the navy ``block`` may not make the move ``action`` onto an enemy port from where it
    stands (aid "Sea Attacks"), or '' when that is not the reason."""
    b, city = st.board, st.world.city_at(action["to"])
    where, side = b.blocks[block].where, action["side"]
    if action["type"] != "move" or _kinds(st)[block] != "navy" or city is None or \
            not city.port or b.control.get(city.id) not in SIDES or \
            b.control.get(city.id) == side or where not in st.world.hexes or \
            sea_attack_base(facts(st.world, b), where, side):
        return ""
    return (f"{block} cannot attack the enemy port {city.name} from {where}: a sea attack on "
            "an enemy port must start from a friendly port within 4 hexes, not from a patrol "
            "at sea, a blockade or an oracle's port (aid 'Sea Attacks')")


def _kinds(st: Position) -> dict[str, str]:
    return kinds(st.world)


def _shore(st: Position) -> str:
    """Where ships may fight ashore: the option ``shore_stop`` (aid, or any_coast)."""
    return st.options.get("shore_stop", "aid")


def _memo(memo: dict, key: tuple, make) -> list[tuple]:
    if key not in memo:
        try:
            memo[key] = make()
        except MoveError:
            memo[key] = []
    return memo[key]


class Ops(Step):
    """The Move Phase of the active side (module docstring)."""

    kind = "ops"
    rules = ("4.0", "4.4", "4.5")

    def deciders(self, st: Position, frame: dict) -> tuple[int, ...]:
        return (SIDES.index(frame["side"]),)

    def legal(self, st: Position, frame: dict, side: int) -> list[dict]:
        name = SIDES[side]
        out = [{"type": "end_moves", "side": name,
                "label": f"end the moves ({frame['mps']} MP unused)"}]
        memo: dict = {}
        with held_still(st.board):
            for k in sorted(st.board.blocks):
                if st.board.blocks[k].side == name and k not in frame["moved"]:
                    out += moves_of(st, name, k, frame["storm"], memo,
                                    frame.get("sides", {}))
        return out + revolt_actions(st, frame, name)

    def why_illegal(self, st: Position, frame: dict, action: dict) -> IllegalAction | None:
        side = action["side"]
        if action["type"] == "end_moves":
            return None
        if action["type"] in ("revolt", "helot_revolt"):
            return revolt_refusal(st, frame, action)
        block = action.get("block")
        if block not in st.board.blocks or st.board.blocks[block].side != side:
            return IllegalAction(f"{side} has no block {block!r} to move", "4.0")
        if block in frame["moved"]:
            return IllegalAction(f"{block} has moved already this turn: a block moves once a "
                                 "Move Phase", "4.0")
        if action["type"] == "patrol" and not patrols_on(st):
            return IllegalAction("this game is played without sea patrols (the option "
                                 "sea_patrols is off)", "aid")
        with held_still(st.board):
            mine = [m for m in moves_of(st, side, block, frame["storm"])
                    if m["type"] == action["type"] and m["to"] == action["to"]]
            limited = [m for m in moves_of(st, side, block, frame["storm"], None,
                                           frame.get("sides", {}))
                       if m["type"] == action["type"] and m["to"] == action["to"]]
        if mine and not limited:
            return IllegalAction(f"{block} cannot end a move at {action['to']}: {side} has "
                                 "its stacking limit there already (4 blocks, 3 in a mountain "
                                 "hex, Athens 6 with at most 4 armies), or the hexside it "
                                 "would attack across is full (2 blocks, 1 by a pass or a "
                                 "strait)", "4.1")
        if not mine:
            where = st.board.blocks[block].where
            if action["type"] == "patrol":
                return IllegalAction(f"{block} cannot go on patrol at {action['to']!r}: a navy "
                                     "patrols a hex without a city within 4 hexes of water, "
                                     "where no enemy block stands and the enemy does not hold "
                                     "the sea (open sea only, unless shore_stop is any_coast)",
                                     "aid")
            base = _no_sea_attack(st, block, action)
            if base:
                return IllegalAction(base, "aid")
            return IllegalAction(f"{block} cannot make a {action['type']} move from {where} to "
                                 f"{action['to']!r} (out of reach, blocked, or shut in a siege)",
                                 "4.4" if action["type"] == "move" else "4.5")
        return None

    def apply(self, st: Position, frame: dict, action: dict) -> None:
        side = action["side"]
        if action["type"] == "end_moves":
            _close(st, frame)
            return
        if action["type"] in ("revolt", "helot_revolt"):
            frame = replace_top(st, **apply_revolt(st, frame, action))
            if frame["mps"] <= 0:
                _close(st, frame)
            return
        block, to = action["block"], action["to"]
        here = st.board.blocks[block].where
        attacks = list(frame["attacks"])
        crossed = list(frame["crossed"])
        sides = frame.get("sides", {})
        if action["type"] == "move":
            reach = _reach(st, block, to)
            across = reach is not None and (reach.crossed or st.world.side(here, to) == "strait")
            if across and _ships_hold(st, to, side):
                _turned_back(st, frame, block, here, to)
                return
            if reach is not None and reach.attack and _kinds(st)[block] != "navy":
                entry = entry_side(st.world, here, to, sides.get(to, {}))
                if entry:
                    mine = sides.get(to, {})
                    sides = {**sides, to: {**mine, entry: mine.get(entry, 0) + 1}}
            if reach is not None and reach.attack and to not in attacks:
                attacks.append(to)
            if across:  # across a strait: held back while the enemy holds the sea (§4.3)
                crossed.append(block)
        city = st.world.city_at(to)
        st.board.blocks[block].where = to
        st.event("move", "4.4", f"{side} moves a block from {here} to {to}", side,
                 private=side, public=f"{side} moves a block from {here} to {to}",
                 block=block)
        end_patrol(st, block)
        if action["type"] == "patrol":
            start_patrol(st, block, to)
        if city is not None and st.board.control.get(city.id) == "neutral":
            placed = attack_neutral(st.world, st.board, side, city.id)
            st.event("neutral", "9.5", f"{city.name} is attacked and joins "
                     f"{SIDES[1 - SIDES.index(side)]} with {len(placed)} block(s)", side)
        if to == BOX and to not in attacks and is_attack(st, side, [*frame["moved"], block]):
            attacks.append(to)  # into Sicily against enemy blocks (§9.2)
        if to == BOX:
            reveal(st)  # the Syracuse points' cards are shown (§9.2 optional)
        frame = replace_top(st, mps=frame["mps"] - 1, moved=[*frame["moved"], block],
                            attacks=attacks, crossed=crossed, sides=sides, **{"from": {
                                **frame["from"], block: here}})
        if frame["mps"] <= 0:
            _close(st, frame)

    def text(self, st: Position, frame: dict) -> str:
        return f"{frame['side']} moves: {frame['mps']} MP left"


def _ships_hold(st: Position, hex_id: str, side: str) -> bool:
    """Enemy navies hold the straits hex an army is crossing into, and the aid's reading
    (the option ``strait_ships``' default) applies."""
    if st.options.get("strait_ships", "aid") != "aid":
        return False
    kinds = _kinds(st)
    return any(v.where == hex_id and v.side not in (side, None) and v.steps > 0
               and kinds[k] == "navy" for k, v in st.board.blocks.items())


def _turned_back(st: Position, frame: dict, block: str, here: str, to: str) -> None:
    """The aid's strait rule: an army crossing into a strait held by enemy ships loses a step
    and goes back; the MP is spent (docs/rules-decisions.md, "Armies entering a strait")."""
    v = st.board.blocks[block]
    v.steps -= 1
    if v.steps <= 0:
        v.where, v.steps = "pool", 0
    st.event("strait", "4.3", f"a {v.side} army crossing the strait at {to} meets enemy ships: "
             f"it loses a step and {'is eliminated' if v.where == 'pool' else 'goes back'}",
             v.side)
    frame = replace_top(st, mps=frame["mps"] - 1, moved=[*frame["moved"], block],
                        **{"from": {**frame["from"], block: here}})
    if frame["mps"] <= 0:
        _close(st, frame)


def _reach(st: Position, block: str, to: str):
    side = st.board.blocks[block].side
    ally = side == "sparta" and st.board.allied
    with held_still(st.board):
        if _kinds(st)[block] == "navy":
            return next((r for (h, _), r in navy_reach(
                st.world, st.board, block, persian_alliance=ally, shore=_shore(st)).items()
                if h == to), None)
        return army_reach(st.world, st.board, block, persian_alliance=ally,
                          patrols=enemy_patrols(st, side)).get(to)


def _close(st: Position, frame: dict) -> None:
    """End the Move Phase: the battles frame below learns where the side attacked."""
    pop(st, frame)
    replace_top(st, attacks=frame["attacks"], crossed=frame["crossed"],
                **{"from": frame["from"]})


class Attrition(Step):
    kind = "attrition"
    rules = ("6.0",)

    def run(self, st: Position, frame: dict) -> None:
        side = frame["side"]
        for r in siege_attrition(st.world, st.board, side, st.dice):
            st.event("attrition", "6.0", f"{side} rolls siege attrition at {r['city']} "
                     f"({r['status']} siege, {r['target']}+): {r['hits']} hit(s)", side)
        patrol_attrition(st, side)
        tidy(st)
        pop(st, frame)


STEPS = (Ops(), Attrition())
