"""What every chapter asks of a position: the pieces in a zone, their strength, who may use a
rear base, and the ways a piece is reduced or leaves the game (with the victory points §9.2
gives the enemy)."""

from __future__ import annotations

from hellenes_nb.games.amphipolis.state import IN_PLAY, OUT, SIDES, State
from hellenes_nb.games.amphipolis.world import load_world

W = load_world()
UNITS = W.units
LEADERS = W.leaders
OPS: tuple[str, ...] = tuple(z.id for z in W.operational)
BASES: tuple[str, ...] = tuple(z.id for z in W.zones if z.kind == "base")
#: each side's own rear base, where a returned or ill leader goes (docs/rules-decisions.md)
HOME = ("thasos", "macedonia")
ATHENS, SPARTA = 0, 1
#: turn -> season (turn 0 is spring 424 BC; docs/rules-decisions.md)
SEASONS = ("spring", "summer", "autumn", "winter")
ARMISTICE = range(4, 8)
#: turns in which no combat may start on the main map (the special rules of §10.3, §10.4)
NO_MAIN_COMBAT = {"10.3": (7,), "10.4": (4, 5, 6, 7)}
#: scenarios where Sparta has the initiative on turn 1 whatever the dice (§10.1, §10.4)
SPARTA_FIRST = ("10.1", "10.4")
#: scenarios where Athens scores 2 VP if Sparta never attacks Cleon with Brasidas (§10.3, §10.4)
CLEON_VP = ("10.3", "10.4")
#: the garrison of the citadel of Amphipolis (§4.3.4; its values are not in the rulebook's
#: text, reconstruction: the town came over to Brasidas on terms within days, Thucydides
#: 4.105-106, so a middling allegiance; its strength as a small town's). The Spartan face has
#: no VA (§1.2.3): Athens may only assault it.
CITADEL, CITADEL_VA, CITADEL_PF = "T12", 5, 4


def season(turn: int) -> str:
    return SEASONS[turn % 4]


def year(turn: int) -> int:
    """The year BC in which a turn falls (winter counted with the year it starts in)."""
    return 424 - turn // 4


def scen_id(st: State) -> str:
    return st.scenario.removeprefix("amphipolis-")


def no_main_combat(st: State) -> bool:
    """Whether combat may not start on the main map this turn (§10.3, §10.4)."""
    return st.turn in NO_MAIN_COMBAT.get(scen_id(st), ())


def zname(zone: str) -> str:
    return W.zone[zone].name


_SIDE = tuple(u.side for u in UNITS)
_LAND = tuple(u.land for u in UNITS)


_LSIDE = tuple(g.side for g in LEADERS)


def _where(locs: list, zone: str | None) -> list[int]:
    """The indices of ``locs`` equal to ``zone``, in order, found by ``list.index`` (the
    search runs in C: a zone holds few of the pieces, and these are the engine's hottest
    questions)."""
    out: list[int] = []
    i = -1
    try:
        while True:
            i = locs.index(zone, i + 1)
            out.append(i)
    except ValueError:
        return out


def units_at(st: State, zone: str, side: int, land: bool | None = None) -> list[int]:
    """Indices of ``side``'s units in ``zone`` (land only, naval only or both)."""
    return [i for i in _where(st.uloc, zone) if _SIDE[i] == side
            and (land is None or _LAND[i] == land)]


def leaders_at(st: State, zone: str, side: int) -> list[int]:
    return [i for i in _where(st.lloc, zone) if _LSIDE[i] == side]


def strength(st: State, i: int) -> int:
    u = UNITS[i]
    return u.reduced if st.ured[i] else u.pf


def land_pf(st: State, zone: str, side: int) -> int:
    return sum(strength(st, i) for i in units_at(st, zone, side, land=True))


def bonus(st: State, leader: int) -> int:
    """A leader's bonus; none while wounded or ill (docs/rules-decisions.md)."""
    return 0 if st.lwound[leader] else LEADERS[leader].bonus


def best_bonus(st: State, zone: str, side: int) -> int:
    return max((bonus(st, g) for g in leaders_at(st, zone, side)), default=0)


def present(st: State, zone: str, side: int) -> bool:
    """Whether ``side`` has a combat unit in ``zone``."""
    return any(_SIDE[i] == side for i in _where(st.uloc, zone))


def may_use(st: State, side: int, base: str) -> bool:
    """A rear base ``side`` may enter now (§1.1.3): its own, or Thrace while no enemy unit
    is there."""
    z = W.zone[base]
    return side in z.users and not present(st, base, 1 - side)


def kind_of(st: State, i: int) -> tuple:
    """What tells two units apart for their owner's choice (same kind: same choice)."""
    u = UNITS[i]
    return (u.type, u.pf, u.bonus, u.nation, st.ured[i], st.uloc[i], st.fresh[i])


def one_of_each(st: State, units: list[int]) -> list[int]:
    """The first unit of each kind among ``units`` (choices that differ)."""
    seen: set[tuple] = set()
    out = []
    for i in units:
        k = kind_of(st, i)
        if k not in seen:
            seen.add(k)
            out.append(i)
    return out


def eliminate(st: State, i: int, rule: str, why: str) -> None:
    """A unit leaves the game for good (§10: eliminations in 10.2 are permanent); the enemy
    scores 2 VP for an H unit, 1 for another land unit (§9.2)."""
    u = UNITS[i]
    st.ustat[i], st.uloc[i], st.ured[i], st.fresh[i] = OUT, None, False, False
    gain = (2 if u.type == "H" else 1) if u.land else 0
    if gain:
        st.vp[1 - u.side] += gain
    st.event("eliminated", rule, f"{SIDES[u.side].title()}'s {u.label()} ({u.id}) is "
             f"eliminated: {why}" + (f"; {SIDES[1 - u.side].title()} scores {gain} VP"
                                     if gain else ""), u.side, unit=u.id)


def reduce(st: State, i: int, rule: str, why: str) -> None:
    """Flip a unit to its reduced side; one already reduced is eliminated (§4.2.1, §6)."""
    if st.ured[i]:
        eliminate(st, i, rule, why)
        return
    st.ured[i] = True
    u = UNITS[i]
    st.event("reduced", rule, f"{SIDES[u.side].title()}'s {u.label()} ({u.id}) is reduced: "
             f"{why}", u.side, unit=u.id)


def kill_leader(st: State, g: int, rule: str, why: str, combat: bool) -> None:
    """A leader leaves the game; killed in a combat he scores 1 VP for the enemy, 2 with a
    double or triple bonus (§9.2)."""
    lead = LEADERS[g]
    st.lstat[g], st.lloc[g], st.lwound[g] = OUT, None, 0
    gain = (2 if lead.bonus >= 2 else 1) if combat else 0
    if gain:
        st.vp[1 - lead.side] += gain
    st.event("leader_lost", rule, f"{lead.name} is lost: {why}"
             + (f"; {SIDES[1 - lead.side].title()} scores {gain} VP" if gain else ""),
             lead.side, leader=lead.id)


def capture_lonely(st: State, zone: str, combat: bool) -> None:
    """A leader alone in a zone with enemy combat units is captured (§4.2.2)."""
    for side in (0, 1):
        if not present(st, zone, side) and present(st, zone, 1 - side):
            for g in leaders_at(st, zone, side):
                kill_leader(st, g, "4.2.2", f"alone with enemy troops in {zname(zone)}, "
                            "captured", combat)


def in_play_units(st: State, side: int) -> list[int]:
    return [i for i, u in enumerate(UNITS) if u.side == side and st.ustat[i] == IN_PLAY]


def siege_choices(st: State, side: int) -> list[tuple[str, str]]:
    """(zone, how) of every siege ``side`` may attempt now (§4.3): in a zone whose garrison is
    the enemy's and where no enemy land unit stands; diplomacy with a leader with a bonus and
    more PF than the garrison (§4.3.1), an assault with a leader and more PF (§4.3.2), a
    blockade with more than twice its PF (§4.3.3). The citadel of Amphipolis (T12, §4.3.4):
    Sparta by diplomacy or assault, Athens by assault only, no blockade."""
    out = []
    for z in OPS:
        if st.garrison[z] == side or units_at(st, z, 1 - side, land=True):
            continue
        pf, need = land_pf(st, z, side), W.zone[z].pf
        if best_bonus(st, z, side) and pf > need:
            out.append((z, "diplomacy"))
        if leaders_at(st, z, side) and pf > need:
            out.append((z, "assault"))
        if pf > 2 * need:
            out.append((z, "blockade"))
    z = CITADEL
    if st.citadel != side and scenario_of(st).main_map and not units_at(st, z, 1 - side,
                                                                         land=True):
        pf = land_pf(st, z, side)
        if side == SPARTA and best_bonus(st, z, side) and pf > CITADEL_PF:
            out.append((z, "diplomacy"))
        if leaders_at(st, z, side) and pf > CITADEL_PF:
            out.append((z, "assault"))
    return out


def scenario_of(st: State):  # noqa: ANN201 (a ScenarioFile)
    """The scenario record of a position (its id without the game's prefix)."""
    return W.scenarios[st.scenario.removeprefix("amphipolis-")]
