"""Sicily and Syracuse (§9.2; aid "Sicily"): the off-board box, the moves into and out of it,
its battles, its attrition, and what holding it does elsewhere.

- **The box.** Syracuse and Sicily are one place off the map, the location ``syracuse``
  (every block there is in the city's area; no hex of Sicily is used). It is reached only by
  sea, from the four embarkation ports (Corcyra, Leucas, Cephallenia, Cyllene) when the
  mover holds the port and it is not blockaded, one MP a block (a ``sea`` move to
  ``syracuse``). Both sides may sail armies there whatever the sea control (aid; the move
  is allowed into a siege, §9.2). Going back is a ``sea`` move from ``syracuse`` to one of
  those ports, again one MP a block; blocks shut in the city by an enemy siege stay.
- **Attacking it.** While Syracuse is neutral, stopping there attacks it: it joins the other
  side and its blocks come out to defend it (§9.5). A move into the box is an attack (its
  battle must be fought) when enemy blocks are there and the mover has no block of its own
  there from before this Move Phase.
- **Battles** (default, the aid): a battle in Syracuse goes on over player turns. Each one
  is two rounds; at its end nobody is forced out and there is no pursuit fire; nobody
  retreats or regroups into or out of the box. Blocks of both sides may so stay in the box
  together; in each later Combat Phase the active side may fight on there (``battle`` at
  ``syracuse``) or leave it be. The city's defenders may withdraw into the walls in any
  combat turn; when all of the defenders left are inside, the attackers besiege (armies)
  and blockade (navies) it as anywhere else.
- **Battles** (the option ``syracuse: fan``, §9.2): attacking armies cannot retreat;
  attacking navies may retreat in round 2 to a friendly embarkation port; the defenders must
  withdraw into the city after round 2; no regroup.
- **Attrition** at the end of each player turn in which the side has blocks in the box: in a
  siege, as anywhere (§6.0: the box is a port with land supply, so a siege alone or a
  blockade alone is half); in the aid's reading the attacking side (not the city's owner)
  rolls as a besieger in a full siege (4+) whenever the city's owner has sea control of
  Syracuse, in the field too; with ``syracuse: fan`` the besieger rolls at +1 (3+) when the
  owner has sea control at the end of the player turn.
- **Corinth's grain**: while Athens holds or blockades Syracuse, every Spartan block in
  Corinth rolls siege attrition at 5+ at the end of each Spartan player turn.
- **The Hellespont**: Athens holding Syracuse with sea control of it is immune to §9.1.

Sea control of Syracuse: the side blockading the city; else the only side with navies in
the box; else (no navies there) the city's owner, if a side owns it.
"""

from __future__ import annotations

from hellenes_nb.core.steps import Step, pop
from hellenes_nb.games.athens_sparta.position import SIDES, Position
from hellenes_nb.games.athens_sparta.rules.combat import CombatBlock
from hellenes_nb.games.athens_sparta.rules.fighting import tidy
from hellenes_nb.games.athens_sparta.rules.siege import attrition, attrition_target

__all__ = ["BOX", "CORINTH_TARGET", "STEPS", "box_attrition", "box_ports", "corinth_grain",
           "field_battle", "grain_relief", "is_attack", "reading", "sea_control"]

#: the location of every block in Sicily (the city's id)
BOX = "syracuse"
#: Spartan blocks in Corinth roll at 5+ while Syracuse is Athens' or blockaded by it (§9.2)
CORINTH_TARGET = 5


def reading(st: Position) -> str:
    """The option ``syracuse``: 'aid' (the default) or 'fan' (§9.2)."""
    return st.options.get("syracuse", "aid")


def _foe(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


def _kinds(st: Position) -> dict[str, str]:
    return {x.id: x.type for x in st.world.blocks}


def in_box(st: Position, side: str) -> list[str]:
    """``side``'s blocks in Sicily, by id."""
    return sorted(k for k, v in st.board.blocks.items() if v.where == BOX and v.side == side
                  and v.steps > 0)


def sea_control(st: Position) -> str | None:
    """Who has sea control of Syracuse (module docstring), or None."""
    b = st.board
    if BOX in b.blockaded:
        return b.blockaded[BOX]
    kinds = _kinds(st)
    navies = [s for s in SIDES if any(kinds[k] == "navy" for k in in_box(st, s))]
    if len(navies) == 1:
        return navies[0]
    if not navies and b.control.get(BOX) in SIDES:
        return b.control[BOX]
    return None


def box_ports(st: Position, side: str) -> list[str]:
    """The hexes of the embarkation ports ``side`` may sail to or from: its own, not
    blockaded (§9.2)."""
    w, b = st.world, st.board
    return sorted(w.cities[c].hex for c in w.board.embarkation
                  if b.control.get(c) == side and c not in b.blockaded)


def shut_in_box(st: Position, side: str) -> bool:
    """``side`` owns Syracuse and the enemy besieges or blockades it: its blocks stay."""
    b = st.board
    return b.control.get(BOX) == side and _foe(side) in (b.besieged.get(BOX),
                                                        b.blockaded.get(BOX))


def leave_targets(st: Position, side: str) -> list[str]:
    """Where ``side``'s blocks in Sicily may sail back to (module docstring): none while shut
    in the city; with ``syracuse: fan`` only while the enemy has no sea control of Syracuse
    (§9.2: only the side with sea control retreats)."""
    if shut_in_box(st, side):
        return []
    if reading(st) == "fan" and sea_control(st) == _foe(side):
        return []
    return box_ports(st, side)


def is_attack(st: Position, side: str, moved: list[str]) -> bool:
    """Whether ``side`` moving into the box now attacks (module docstring): enemy blocks are
    there and none of its own blocks was there before this Move Phase."""
    if not in_box(st, _foe(side)):
        return False
    return all(k in moved for k in in_box(st, side))


def field_battle(st: Position, side: str) -> bool:
    """Both sides stand in the box with no siege: the active side may fight on there (the
    aid's on-going battle)."""
    b = st.board
    return bool(in_box(st, side)) and bool(in_box(st, _foe(side))) and \
        BOX not in b.besieged and BOX not in b.blockaded


def grain_relief(st: Position) -> bool:
    """Athens holds Syracuse with sea control of it: the Hellespont does not bind (§9.2)."""
    return st.board.control.get(BOX) == "athens" and sea_control(st) == "athens"


def _roll(st: Position, side: str, blocks: list[str], target: int, role: str) -> int:
    group = [CombatBlock(k, role, "block", st.board.blocks[k].steps, "A1") for k in blocks]
    if not group:
        return 0
    result = attrition(group, target, st.dice)
    for cb in group:
        v = st.board.blocks[cb.id]
        v.steps = cb.strength
        if not cb.alive:
            v.where, v.steps = "pool", 0  # eliminated blocks go to the pool (§8.5)
    return result["hits"]


def box_target(st: Position, side: str) -> tuple[int, str] | None:
    """The attrition target of ``side``'s blocks in the box now, with the reason, or None
    when they do not roll (module docstring)."""
    b = st.board
    owner = b.control.get(BOX)
    held = {b.besieged.get(BOX), b.blockaded.get(BOX)} - {None}
    status = "full" if BOX in b.besieged and BOX in b.blockaded else "half"
    if owner == side:
        if _foe(side) in held:
            return attrition_target("defender", status), f"{status} siege"
        return None
    owner_sea = owner in SIDES and sea_control(st) == owner
    if reading(st) == "fan":
        if side not in held:
            return None
        if owner_sea:
            return attrition_target("attacker", "full") - 1, "besieger, the city holding the sea"
        return attrition_target("attacker", status), "besieger"
    if owner_sea:
        return attrition_target("attacker", "full"), "the city holding the sea"
    if side in held:
        return attrition_target("attacker", status), "besieger"
    return None


def box_attrition(st: Position, side: str) -> int:
    """``side``'s attrition in Sicily at the end of its player turn: the hits taken."""
    blocks = in_box(st, side)
    found = box_target(st, side) if blocks else None
    if found is None:
        return 0
    target, why = found
    role = "defender" if st.board.control.get(BOX) == side else "attacker"
    hits = _roll(st, side, blocks, target, role)
    st.event("attrition", "9.2", f"{side} rolls attrition in Sicily ({why}, {target}+): "
             f"{hits} hit(s)", side)
    return hits


def corinth_grain(st: Position) -> int:
    """Corinth without Syracuse's grain (module docstring): the hits the Spartan blocks there
    take, at the end of a Spartan player turn."""
    b = st.board
    if b.control.get(BOX) != "athens" and b.blockaded.get(BOX) != "athens":
        return 0
    hex_id = st.world.cities["corinth"].hex
    blocks = sorted(k for k, v in b.blocks.items() if v.where == hex_id and v.side == "sparta"
                    and v.steps > 0)
    if not blocks:
        return 0
    hits = _roll(st, "sparta", blocks, CORINTH_TARGET, "defender")
    st.event("attrition", "9.2", f"Corinth has lost Syracuse's grain: sparta rolls attrition "
             f"there ({CORINTH_TARGET}+): {hits} hit(s)", "sparta")
    return hits


class Sicily(Step):
    """The end of a player turn in Sicily (module docstring): the box's attrition, and
    Corinth's after a Spartan turn. Automatic."""

    kind = "sicily"
    rules = ("9.2",)

    def run(self, st: Position, frame: dict) -> None:
        box_attrition(st, frame["side"])
        if frame["side"] == "sparta":
            corinth_grain(st)
        tidy(st)
        pop(st, frame)


STEPS = (Sicily(),)
