"""Victory (§10) and the numbers of the Replacement Phase (§8.1, §8.4, §5.61, §9.3).

- **Sudden death** (§10.1): a side whose main city (Athens or Sparta) is occupied by enemy
  blocks at the end of a Game Turn loses at once. "Occupied" is read as: enemy blocks in the
  hex and none of the owner's left in it, so a siege with defenders inside the walls is not yet
  an occupation (docs/rules-decisions.md, "Athens & Sparta").
- **City points** (§10.2): after each Olympiad; 30 or more wins. Sparta never counts Miletus
  once it has taken Persia's support (§9.3). When Olympiad 89 ends with no winner, Athens wins
  (the aid), or with the option ``end_of_war: points`` the side with more points, Athens on a
  tie (§10.2).
- **Build points** (§8.1): the points of the cities a side controls and that are not under
  siege or blockade; at most twice a major city's value is spent in it (8 in Athens and
  Sparta), 1 in a minor city. A step costs 1 BP for hoplites and peltasts and 2 for cavalry and
  navies (§8.4); Spartan and allied navies cost 1 with Persian support (§9.3).
- **Pillage** (§5.61): taking a major city gives build points equal to its value.
"""

from __future__ import annotations

from hellenes_nb.games.athens_sparta.state import SIDES, State, city_points
from hellenes_nb.games.athens_sparta.world import World

__all__ = ["LAST_OLYMPIAD", "WIN_POINTS", "build_limit", "build_points", "olympiad_winner",
           "pillage", "step_cost", "sudden_death", "victory_points"]

WIN_POINTS = 30
LAST_OLYMPIAD = 89
MAIN_LIMIT = 8


def sudden_death(state: State, world: World) -> str | None:
    """The winner if a main city is occupied by the enemy at the end of a Game Turn."""
    for loser in SIDES:
        winner = next(s for s in SIDES if s != loser)
        sides = {b.side for b in state.blocks.values() if b.where == world.cities[loser].hex}
        if winner in sides and loser not in sides:
            return winner
    return None


def victory_points(state: State, world: World, persian_support: bool = False) -> dict[str, int]:
    """City points for victory (§10.2): Miletus does not count for Sparta with Persia's
    support (§9.3)."""
    points = city_points(state, world)
    miletus = world.cities["miletus"]
    if persian_support and state.control.get("miletus") == "sparta" and \
            "miletus" not in state.besieged and "miletus" not in state.blockaded:
        points["sparta"] -= miletus.value
    return points


def olympiad_winner(state: State, world: World, *, persian_support: bool = False,
                    end_of_war: str = "aid") -> str | None:
    """The winner at the end of an Olympiad (§10.2), or None to play on."""
    if end_of_war not in ("aid", "points"):
        raise ValueError(f"the option end_of_war is 'aid' or 'points', not {end_of_war!r}")
    points = victory_points(state, world, persian_support)
    for side in SIDES:
        if points[side] >= WIN_POINTS:
            return side
    if state.olympiad < LAST_OLYMPIAD:
        return None
    if end_of_war == "points" and points["sparta"] > points["athens"]:
        return "sparta"
    return "athens"


def build_points(state: State, world: World) -> dict[str, int]:
    """Each side's build points for the Replacement Phase (§8.1)."""
    return city_points(state, world)


def build_limit(world: World, city_id: str) -> int:
    """The most build points spent in one city (§8.1)."""
    city = world.cities[city_id]
    if city_id in ("athens", "sparta"):
        return MAIN_LIMIT
    return 2 * city.value if city.value else 1


def step_cost(block_type: str, side: str, *, persian_support: bool = False) -> int:
    """Build points for one step (§8.4; §9.3 for Spartan navies with Persian support)."""
    if block_type in ("hoplite", "peltast"):
        return 1
    if block_type == "navy":
        return 1 if persian_support and side == "sparta" else 2
    if block_type == "cavalry":
        return 2
    raise ValueError(f"a {block_type} block is not built with build points (§7: revolt blocks "
                     "are bought with move points)")


def pillage(world: World, city_id: str) -> int:
    """Build points for taking a major city (§5.61)."""
    return world.cities[city_id].value
