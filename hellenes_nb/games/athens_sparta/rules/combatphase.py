"""The Combat Phase as the players' decisions (§5.0, §5.3, §5.4, §5.41-§5.43): which battle
first, each block's choice in a battle, then retreats and regroups (:mod:`.afterbattle`).

- **battles** (the active side): the hexes it attacked must each be fought; it picks the order
  (§5.0: "the Active Player determines order of combat") with ``battle`` {hex}. It may also
  open an on-going siege: storm a city it besieges (siege battle only, §5.4) or sally from a
  city of its own under siege (§5.3). ``end_battles`` once no attacked hex is left. With one
  battle to fight and nothing else to open, it starts by itself.
- **battle** (the owner of the block to act): the battle is :class:`.battle.Battle`, replayed
  from the board, the choices made so far and the dice rolled so far (both kept in the frame,
  so a save or a clone holds the battle exactly and a sampler may redraw the dice to come
  without touching the rolls already seen). The replay stops at the first block with more than
  one thing it may do: ``combat`` {block, choice} with ``choice`` one of ``fire``,
  ``withdraw`` (into the walled city, within its siege limit), ``retreat`` (round 2),
  ``land`` / ``stay`` (a navy without an enemy navy: join the land battle or stay at sea),
  ``storm`` / ``stay`` (stay in reserve). A block with one choice takes it.
- **after_battle** (automatic): attackers beside the city's defenders go on siege or
  blockade; control follows the blocks (:func:`.fighting.tidy`); a major city taken pays its
  pillage (§5.61, :func:`.afterbattle.pay_pillage`).
"""

from __future__ import annotations

from hellenes_nb.core.echo import shown
from hellenes_nb.core.steps import IllegalAction, Step, pop, push, replace_top
from hellenes_nb.games.athens_sparta.position import SIDES, Position
from hellenes_nb.games.athens_sparta.rules.afterbattle import after_frames, pay_pillage
from hellenes_nb.games.athens_sparta.rules.battle import Battle
from hellenes_nb.games.athens_sparta.rules.fighting import (
    begin,
    hold,
    record,
    revolt_fails,
    tidy,
)
from hellenes_nb.games.athens_sparta.rules.syracuse import BOX, field_battle

__all__ = ["STEPS", "open_sieges"]

CHOICE_WORDS = {"fire": "fires", "withdraw": "withdraws into the city",
                "retreat": "retreats", "land": "joins the land battle",
                "stay": "stays out (at sea or in reserve)", "storm": "storms the city",
                "accept": "accepts battle",
                "patrol": "patrols at sea instead of fighting (aid 'Sea Patrols')"}


def _foe(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


def _both(st: Position, hex_id: str) -> bool:
    """Both sides have blocks in the hex and may fight there (never at an oracle, §1.4)."""
    city = st.world.city_at(hex_id)
    if city is not None and city.kind == "oracle":
        return False
    found = {v.side for v in st.board.blocks.values() if v.where == hex_id and v.steps > 0}
    return set(SIDES) <= found


def open_sieges(st: Position, side: str) -> dict[str, str]:
    """The on-going sieges ``side`` may open this Combat Phase: hex -> 'storm' (it besieges
    or blockades the enemy city there) or 'sally' (its own city is besieged or blockaded)."""
    w, b = st.world, st.board
    out: dict[str, str] = {}
    for cid in sorted(set(b.besieged) | set(b.blockaded)):
        city = w.cities[cid]
        where = city.hex or city.id  # Syracuse's box is its id (§9.2)
        if not _both(st, where):
            continue
        holders = {b.besieged.get(cid), b.blockaded.get(cid)} - {None}
        if side in holders and b.control.get(cid) == _foe(side):
            out[where] = "storm"
        elif b.control.get(cid) == side and _foe(side) in holders:
            out[where] = "sally"
    if field_battle(st, side):
        out[BOX] = "field"  # the on-going battle in Sicily (aid 'Sicily')
    return out


def _to_fight(st: Position, frame: dict) -> tuple[list[str], dict[str, str]]:
    """The attacked hexes still to fight, and the sieges that may be opened."""
    done = set(frame.get("done", ()))
    must = [h for h in frame["attacks"] if h not in done and _both(st, h)]
    may = {h: k for h, k in open_sieges(st, frame["side"]).items()
           if h not in done and h not in frame["attacks"]}
    return must, may


class Battles(Step):
    """The order of the battles (module docstring)."""

    kind = "battles"
    rules = ("5.0", "5.4")

    def deciders(self, st: Position, frame: dict) -> tuple[int, ...]:
        must, may = _to_fight(st, frame)
        if may or len(must) > 1:
            return (SIDES.index(frame["side"]),)
        return ()

    def legal(self, st: Position, frame: dict, side: int) -> list[dict]:
        name = SIDES[side]
        must, may = _to_fight(st, frame)
        out = [{"type": "battle", "side": name, "hex": h, "label": f"fight the battle at {h}"}
               for h in must]
        out += [{"type": "battle", "side": name, "hex": h,
                 "label": {"storm": f"storm the city at {h}", "sally": f"sally at {h}",
                           "field": "fight on in Sicily"}[k]}
                for h, k in sorted(may.items())]
        if not must:
            out.append({"type": "end_battles", "side": name,
                        "label": "end the Combat Phase (leave the sieges as they are)"})
        return out

    def why_illegal(self, st: Position, frame: dict, action: dict) -> IllegalAction | None:
        if action.get("type") not in ('battle', 'end_battles'):
            return IllegalAction(f"{shown(action.get('type'))} is not a choice here: "
                                 f"{self.text(st, frame)}", "5.0")
        must, may = _to_fight(st, frame)
        if action["type"] == "end_battles":
            if must:
                return IllegalAction(f"the battles at {', '.join(must)} must still be fought: "
                                     "every hex attacked has its battle", "5.0")
            return None
        if action["hex"] not in must and action["hex"] not in may:
            return IllegalAction(f"there is no battle to fight at {action['hex']!r} now: the "
                                 f"choices are {', '.join(must + sorted(may)) or 'none'}",
                                 "5.0")
        return None

    def apply(self, st: Position, frame: dict, action: dict) -> None:
        if action["type"] == "end_battles":
            tidy(st)
            pop(st, frame)
            return
        _open(st, frame, action["hex"])

    def run(self, st: Position, frame: dict) -> None:
        must, _ = _to_fight(st, frame)
        if must:
            _open(st, frame, must[0])
            return
        tidy(st)
        pop(st, frame)

    def text(self, st: Position, frame: dict) -> str:
        return f"{frame['side']} chooses the next battle (§5.0)"


def _open(st: Position, frame: dict, hex_id: str) -> None:
    kind = open_sieges(st, frame["side"]).get(hex_id) if hex_id not in frame["attacks"] else None
    replace_top(st, done=[*frame.get("done", ()), hex_id])
    verb = {"storm": "storms the city", "sally": "sallies"}.get(kind or "", "fights")
    st.event("battle_opened", "5.4", f"{frame['side']} {verb} at {hex_id}", frame["side"])
    city = st.world.city_at(hex_id)
    push(st, {"kind": "after_battle", "side": frame["side"], "hex": hex_id,
              "origins": dict(frame["from"]),
              "owner": st.board.control.get(city.id) if city is not None else None})
    push(st, {"kind": "battle", "side": frame["side"], "hex": hex_id,
              "siege_only": kind == "storm", "crossed": list(frame["crossed"]),
              "origins": dict(frame["from"]), "choices": [], "rolls": [], "pending": None,
              "stay_in": [], "reserve": list(frame.get("regrouped", ()))
              if st.options.get("regroup_storm", "aid") == "no" else []})
    shut = shut_in(st, frame["side"], hex_id, frame["from"])
    if shut:  # the besieged declare who sallies (§5.4)
        push(st, {"kind": "sally", "side": frame["side"], "hex": hex_id, "shut": shut,
                  "out": [], "relief": hex_id in frame["attacks"]})


def shut_in(st: Position, side: str, hex_id: str, moved: dict) -> list[str]:
    """``side``'s blocks shut in its own city in ``hex_id`` under an enemy siege or
    blockade, that did not move in this phase (relief forces are the others)."""
    city = st.world.city_at(hex_id)
    b = st.board
    if city is None or b.control.get(city.id) != side or _foe(side) not in (
            b.besieged.get(city.id), b.blockaded.get(city.id)):
        return []
    return sorted(k for k, v in b.blocks.items() if v.where == hex_id and v.side == side
                  and v.steps > 0 and k not in moved)


class Sally(Step):
    """Which besieged blocks sally (§5.4): ``sally`` {block} one by one, ``end_sally`` when
    the rest stay in the city. A sally without relief forces in which no block comes out is
    no battle."""

    kind = "sally"
    rules = ("5.4",)

    def deciders(self, st: Position, frame: dict) -> tuple[int, ...]:
        return (SIDES.index(frame["side"]),)

    def legal(self, st: Position, frame: dict, side: int) -> list[dict]:
        name = SIDES[side]
        if name != frame["side"]:
            return []
        out = [{"type": "sally", "side": name, "block": k, "label": f"{k} sallies"}
               for k in frame["shut"] if k not in frame["out"]]
        return out + [{"type": "end_sally", "side": name,
                       "label": "the others stay in the city"}]

    def why_illegal(self, st: Position, frame: dict, action: dict) -> IllegalAction | None:
        if action.get("type") not in ("sally", "end_sally"):
            return IllegalAction(f"{shown(action.get('type'))} is not a choice here: "
                                 f"{self.text(st, frame)}", "5.4")
        if action["type"] == "sally" and (action["block"] not in frame["shut"]
                                          or action["block"] in frame["out"]):
            left = ", ".join(k for k in frame["shut"] if k not in frame["out"]) or "none"
            return IllegalAction(f"{shown(action['block'])} is not a block shut in the city "
                                 f"that may still sally (those are: {left})", "5.4")
        return None

    def apply(self, st: Position, frame: dict, action: dict) -> None:
        if action["type"] == "sally":
            out = [*frame["out"], action["block"]]
            frame = replace_top(st, out=out)
            if len(out) < len(frame["shut"]):
                return
        stay = [k for k in frame["shut"] if k not in frame["out"]]
        pop(st, frame)
        st.event("sally", "5.4", f"{frame['side']}: {len(frame['out'])} block(s) sally at "
                 f"{frame['hex']}, {len(stay)} stay in the city", frame["side"])
        if not frame["out"] and not frame["relief"]:
            pop(st, st.stack[-1])  # no battle: nobody came out
            return
        st.stack[-1] = {**st.stack[-1], "stay_in": stay}

    def text(self, st: Position, frame: dict) -> str:
        return f"{frame['side']}: which blocks sally from {frame['hex']}? (§5.4)"


class _Tape:
    """Dice for a replayed battle: the faces already rolled, then the game's dice, each new
    face written down."""

    def __init__(self, rolled: list[int], live) -> None:
        self.rolled, self.i, self.live, self.new = rolled, 0, live, []

    def roll(self) -> int:
        if self.i < len(self.rolled):
            self.i += 1
            return self.rolled[self.i - 1]
        face = self.live.roll()
        self.new.append(face)
        return face

    def rolls(self, n: int) -> list[int]:
        return [self.roll() for _ in range(n)]


class _Pending(Exception):
    def __init__(self, block, options: list[str]) -> None:
        super().__init__(block.id)
        self.block, self.options = block, options


def replay(st: Position, frame: dict) -> tuple[Battle, dict | _Pending, list[int]]:
    """The battle of ``frame`` fought again from the board with its choices and rolls, on to
    the next choice a player must make (or its end): (battle, result or pending, new faces)."""
    battle = begin(st, frame["hex"], frame["side"], set(frame["crossed"]),
                   siege_only=frame["siege_only"], pursuit=st.options.get("pursuit", "aid"),
                   moved=set(frame["origins"]),
                   ship_retreat=st.options.get("ship_retreat", "fan"),
                   stay_in=set(frame.get("stay_in", ())),
                   reserve=set(frame.get("reserve", ())))
    if battle is None:
        raise RuntimeError(f"no battle at {frame['hex']}")
    tape = _Tape(frame["rolls"], st.dice)
    battle.dice = tape  # type: ignore[assignment]
    made = iter(frame["choices"])

    def policy(_battle: Battle, block, options: list[str]) -> str:
        if len(options) == 1:
            return options[0]
        choice = next(made, None)
        if choice is None:
            raise _Pending(block, options)
        return choice

    try:
        return battle, battle.play(policy), tape.new
    except _Pending as waiting:
        return battle, waiting, tape.new


def _where(battle: Battle, b) -> str:
    if not b.alive:
        return "eliminated"
    if b.id in battle.retreated:
        return "retreated"
    if b.id in battle.in_siege:
        return "in the city"
    if b.id in battle.patrolling:
        return "on patrol"
    if b.type == "navy" and b.id not in battle.at_land:
        return "at sea"
    return "on land"


def _picture(st: Position, battle: Battle, frame: dict) -> list[dict]:
    """The blocks of the battle as both sides see them: revealed in battle (§5.4)."""
    kinds = {x.id: x for x in st.world.blocks}
    role = {"attacker": frame["side"], "defender": _foe(frame["side"])}
    return [{"id": b.id, "side": role[b.side], "role": b.side, "type": b.type,
             "rating": b.rating, "steps": b.strength, "name": kinds[b.id].name,
             "place": _where(battle, b)} for b in battle.blocks]


class BattleStep(Step):
    """A battle, block by block (module docstring)."""

    kind = "battle"
    rules = ("5.41", "5.42", "5.43")

    def deciders(self, st: Position, frame: dict) -> tuple[int, ...]:
        pending = frame["pending"]
        return (SIDES.index(pending["owner"]),) if pending else ()

    def legal(self, st: Position, frame: dict, side: int) -> list[dict]:
        pending = frame["pending"]
        if not pending or SIDES[side] != pending["owner"]:
            return []
        return [{"type": "combat", "side": pending["owner"], "block": pending["block"],
                 "choice": c, "label": f"{pending['block']} {CHOICE_WORDS[c]}"}
                for c in pending["options"]]

    def why_illegal(self, st: Position, frame: dict, action: dict) -> IllegalAction | None:
        if action.get("type") not in ('combat',):
            return IllegalAction(f"{shown(action.get('type'))} is not a choice here: "
                                 f"{self.text(st, frame)}", "5.41")
        pending = frame["pending"]
        if pending is None or action["side"] != pending["owner"]:
            return IllegalAction(f"{action['side']} has no block to command in this battle "
                                 "now", "5.41")
        if action["block"] != pending["block"]:
            return IllegalAction(f"blocks act in combat order: it is {pending['block']}'s "
                                 f"turn, not {action['block']!r}'s", "5.1")
        if action["choice"] not in pending["options"]:
            why = {"retreat": "a block retreats in round 2 only, and sallying armies never",
                   "withdraw": "only the city's defenders withdraw, within its siege limit",
                   "storm": "only when the city's blocks alone are left may blocks storm",
                   "land": "only a navy without an enemy navy joins the land battle",
                   "patrol": "only a defending navy at its own port that is not under "
                             "siege or blockade may patrol, as the battle begins (aid "
                             "'Sea Patrols')"}
            return IllegalAction(f"{pending['block']} cannot {action['choice']!r} now; it may "
                                 f"{', '.join(pending['options'])} "
                                 f"({why.get(action['choice'], 'not a choice in battle')})",
                                 "5.42" if action["choice"] == "retreat" else "5.41")
        return None

    def apply(self, st: Position, frame: dict, action: dict) -> None:
        st.event("combat", "5.41", f"{action['side']}: {action['block']} "
                 f"{CHOICE_WORDS[action['choice']]}", action["side"])
        replace_top(st, choices=[*frame["choices"], action["choice"]], pending=None)

    def run(self, st: Position, frame: dict) -> None:
        battle, out, new = replay(st, frame)
        rolls = [*frame["rolls"], *new]
        if isinstance(out, _Pending):
            owner = frame["side"] if out.block.side == "attacker" else _foe(frame["side"])
            replace_top(st, rolls=rolls, pending={
                "block": out.block.id, "owner": owner, "options": list(out.options),
                "round": battle.round, "blocks": _picture(st, battle, frame)})
            return
        pop(st, frame)
        if frame["hex"] == BOX:  # in Sicily both sides may stay in the field (§9.2)
            st.stack[-1] = {**st.stack[-1], "siege": bool(out["siege"])}
        winner = record(st, frame["hex"], frame["side"], battle, out)
        revolt_fails(st, frame["hex"], frame["side"])
        for f in reversed(after_frames(st, frame, out, winner, battle.sally)):
            push(st, f)

    def text(self, st: Position, frame: dict) -> str:
        p = frame["pending"]
        if p is None:
            return f"battle at {frame['hex']}"
        if p["options"] == ["accept", "patrol"]:
            return (f"battle at {frame['hex']}, before round 1: {p['owner']} declares for "
                    f"{p['block']}: accept battle, or patrol at sea instead (aid 'Sea "
                    "Patrols')")
        return (f"battle at {frame['hex']}, round {p['round']}: {p['owner']} chooses for "
                f"{p['block']} ({', '.join(p['options'])})")


class AfterBattle(Step):
    kind = "after_battle"
    rules = ("5.43", "5.6")

    def run(self, st: Position, frame: dict) -> None:
        if frame.get("siege", True):
            hold(st, frame["hex"], frame["side"])
        tidy(st, frame["origins"])
        city = st.world.city_at(frame["hex"])
        if city is not None and frame.get("owner") == _foe(frame["side"]) and \
                st.board.control.get(city.id) == frame["side"]:
            pay_pillage(st, city.id, frame["side"])
        pop(st, frame)


STEPS = (Battles(), BattleStep(), AfterBattle(), Sally())
