"""Sea patrols (aid "Sea Patrols"; the option ``sea_patrols``, default ``aid``, ``off`` for the
fan text, which has none).

In the Move Phase a navy may, for its MP, go on patrol (``patrol`` {block, to}): an operation
move over water (up to 4 hexes, §4.4) to a hex with no city where no enemy block stands and the
enemy does not hold the sea, so its side holds it (§4.2). By the aid's shore rule (option
``shore_stop``, default ``aid``) ships stop only in ports, so a patrol keeps to open sea (a hex
without land); with ``any_coast`` it may also lie off a coast without a city.

A navy on patrol stays in its hex from turn to turn and holds the sea there: enemy sea moves do
not cross it (§4.52) and enemy navies meeting it stop and fight it, the patrol defending.
Enemy armies neither attack it nor stop for it: they pass by and do not end their move there.
The other side reads in its log that a navy of that side went on patrol there (a navy: the
aid has patrols face up; which navy is not told, as the views keep blocks' names). At the
end of each of its side's Player Turns every navy on patrol rolls a die for attrition, as in
a half siege: a 5 or 6 costs it a step (§6.0). It leaves the patrol by moving again.

The patrols are kept in ``Position.patrols``, ``(block, hex)`` pairs, replaced and never
edited, so clones share them.
"""

from __future__ import annotations

from collections import deque

from hellenes_nb.games.athens_sparta.position import Position
from hellenes_nb.games.athens_sparta.rules.facts import facts, kinds
from hellenes_nb.games.athens_sparta.rules.movement import MOVE_LIMIT
from hellenes_nb.games.athens_sparta.rules.siege import PATROL_TARGET

__all__ = ["end_patrol", "enemy_patrols", "on", "patrol_attrition", "patrol_hexes",
           "patrolling", "start_patrol"]


def on(st: Position) -> bool:
    """The game plays sea patrols (the option ``sea_patrols``)."""
    return st.options.get("sea_patrols", "aid") == "aid"


def patrolling(st: Position) -> dict[str, str]:
    """Block -> hex of every navy on patrol now (a patrol ends when its block leaves)."""
    blocks = st.board.blocks
    return {k: h for k, h in getattr(st, "patrols", ())
            if k in blocks and blocks[k].where == h and blocks[k].steps > 0}


def enemy_patrols(st: Position, side: str) -> frozenset[str]:
    """The hexes where the only blocks of the other side are navies on patrol."""
    mine = patrolling(st)
    hexes = {h for k, h in mine.items() if st.board.blocks[k].side != side}
    return frozenset(h for h in hexes if all(
        k in mine for k, v in st.board.blocks.items() if v.where == h and v.side not in
        (side, None)))


def patrol_hexes(st: Position, block_id: str) -> list[str]:
    """Where the navy may go on patrol (module docstring), nearest first then by id."""
    w, b = st.world, st.board
    here = b.blocks[block_id]
    if kinds(w)[block_id] != "navy" or here.where not in w.hexes:
        return []
    side = here.side
    ally = side == "sparta" and b.allied
    shore = st.options.get("shore_stop", "aid")
    known = facts(w, b)
    key = ("patrol", here.where, side, ally, shore)
    if key in known.memo:
        return known.memo[key][:]
    city = w.city_at(here.where)
    starts = w.coast_of(city.id) if city is not None and city.port else \
        [n for n in w.sea_links if n[0] == here.where][:1]
    reads: set[str] = set()
    seen = {s: 0 for s in starts}
    queue = deque(starts)
    found: dict[str, int] = {}
    while queue:
        node = queue.popleft()
        if seen[node] == MOVE_LIMIT["navy"]:
            continue
        for nxt in sorted(w.sea_links.get(node, ())):
            hex_id = nxt[0]
            if nxt in seen or hex_id == here.where or (
                    w.hexes[hex_id].persia and (side == "athens" or not ally)):
                continue
            reads.add(hex_id)
            seen[nxt] = seen[node] + 1
            if any(s != side for s in known.sides.get(hex_id, ())) or \
                    known.sea_control(hex_id) not in (None, side):
                continue  # enemy blocks stop it, an enemy blockade bars it (§4.2, §4.4)
            if w.city_at(hex_id) is None and (shore != "aid" or not w.hexes[hex_id].land):
                found.setdefault(hex_id, seen[nxt])
            queue.append(nxt)
    answer = sorted(found, key=lambda h: (found[h], h))
    known.keep(key, answer, reads)
    return answer[:]


def start_patrol(st: Position, block: str, to: str) -> None:
    """The navy (already moved to ``to``) is on patrol there, face up (module docstring)."""
    st.patrols = (*[p for p in getattr(st, "patrols", ()) if p[0] != block], (block, to))
    side = st.board.blocks[block].side
    st.event("patrol", "aid", f"{side}'s navy {block} patrols {to}", side, private=side,
             public=f"a {side} navy goes on patrol at {to}", block=block)


def end_patrol(st: Position, block: str) -> None:
    """The block moves on: its patrol, if any, ends."""
    if any(p[0] == block for p in getattr(st, "patrols", ())):
        st.patrols = tuple(p for p in st.patrols if p[0] != block)


def patrol_attrition(st: Position, side: str) -> None:
    """Each navy of ``side`` on patrol rolls one die: 5+ loses it a step (aid "Sea Patrols",
    a half siege's target, §6.0); one at no steps goes to the pool (§8.5). Patrols that have
    ended are dropped."""
    now = patrolling(st)
    st.patrols = tuple((k, h) for k, h in getattr(st, "patrols", ()) if now.get(k) == h)
    for k in sorted(now):
        v = st.board.blocks[k]
        if v.side != side:
            continue
        roll = st.dice.rolls(1)[0]
        if roll >= PATROL_TARGET:
            v.steps -= 1
            if v.steps <= 0:
                v.where, v.steps = "pool", 0
        result = (f"rolls {roll} ({PATROL_TARGET}+): "
                  f"{'a step lost' if roll >= PATROL_TARGET else 'no loss'}"
                  f"{' and it is eliminated' if v.where == 'pool' else ''}")
        st.event("attrition", "6.0", f"{side}'s navy {k} on patrol at {now[k]} {result}", side,
                 private=side, public=f"{side}'s navy on patrol at {now[k]} {result}")
