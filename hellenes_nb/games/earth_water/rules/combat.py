"""The arithmetic of a battle (§7): dice, the Persian caps, losses, and where each side may
retreat. :mod:`.battle` drives the rounds and the decisions."""

from __future__ import annotations

from hellenes_nb.games.earth_water.index import PORTS, WORLD, N
from hellenes_nb.games.earth_water.rules.board import ABYDOS, EPHESOS, controls, roads
from hellenes_nb.games.earth_water.state import State

DICE = WORLD.setup.dice
#: Greek battle cards and the dice they give for the whole battle: Miltiades and 300
#: Spartans three (cards 4 and 15), Leonidas two (card 8)
BONUS_DICE = {4: 3, 15: 3, 8: 2}


def kind_of(frame: dict) -> int:
    """0 for the armies of a land battle, 2 for the fleets of a naval one (``index.slot``)."""
    return 0 if frame["type"] == "land" else 2


def count(st: State, frame: dict, side: int) -> int:
    return st.u[(kind_of(frame) + side) * N + frame["city"]]


def persian_cap(frame: dict) -> int:
    """The most a Persian die counts: 4, or 5 in Ephesos and Abydos (§7.1, §7.2); no cap in
    the battle of a Cavalry of Mardonius move (card 1)."""
    if frame["type"] == "land" and frame.get("cavalry"):
        return 6
    return DICE.asian_cap if frame["city"] in (ABYDOS, EPHESOS) else DICE.persian_cap


def dice_for(st: State, frame: dict, side: int) -> int:
    """How many dice a side rolls: one a unit, at most three (§7.1); a Greek battle card sets
    the Greek dice for the whole battle."""
    if side == 0 and frame["type"] == "land" and frame.get("bonus"):
        return BONUS_DICE[frame["bonus"]]
    return min(DICE.most, count(st, frame, side))


def lose(st: State, frame: dict, side: int, *, portrait: bool = False) -> dict:
    """One unit of ``side`` is eliminated (to the reserve, or for good on a portrait). A naval
    attacker loses an empty fleet before one carrying an army, whose army is lost with it
    (§7.2). Returns the frame with its ``carried`` count updated."""
    k = kind_of(frame)
    city = frame["city"]
    st.u[(k + side) * N + city] -= 1
    if not portrait:
        st.reserve[k + side] += 1
    if k == 2 and side == frame["attacker"] and frame.get("carried"):
        if st.u[(2 + side) * N + city] < frame["carried"]:
            st.reserve[side] += 1
            return {**frame, "carried": frame["carried"] - 1}
    return frame


def attacker_retreats(st: State, frame: dict) -> list[tuple[int, str]]:
    """Where the attacker may go (§7.1, §7.2): back to the port it sailed from (armies carried
    by sea go back to the port city they embarked in) unless enemy fleets now lie there, or by
    road to the adjacent city it came from."""
    home = frame["origin"] if frame["type"] == "naval" else frame["by_sea"]
    if home >= 0:
        # enemy fleets that came into the home port since (Themistocles, a defender's retreat)
        # close it: the attacker fights on (docs/rules-decisions.md)
        enemy = (3 - frame["attacker"]) * N
        return [] if st.u[enemy + home] else [(home, "sea")]
    return [(c, "land") for c in frame["came_from"]]


def defender_retreats(st: State, frame: dict) -> list[tuple[int, str]]:
    """Where the defender may go (§7.1, §7.2): armies by road to an adjacent city it controls,
    or aboard its fleets in the port (as many fleets as armies, all sailing) to a port city it
    controls; fleets to the port of a city it controls. Never into a port with enemy fleets."""
    side = 1 - frame["attacker"]
    city = frame["city"]
    enemy_fleets = (3 - side) * N
    ports = [p for p in PORTS if p != city and controls(st, side, p)
             and not st.u[enemy_fleets + p]]
    if frame["type"] == "naval":
        return [(p, "sea") for p in ports]
    out = [(c, "land") for c in roads(st, city) if controls(st, side, c)]
    fleets = st.u[(2 + side) * N + city]
    if fleets and fleets >= st.u[side * N + city]:
        out += [(p, "sea") for p in ports]
    return out
