"""A position of *Amphipolis* written in a lesson or a tutorial task (docs/amphipolis.md,
"Lessons and tutorial"): a playable scenario's setup, then what the file changes: the turn,
where play starts (the turn's beginning, the arrival of reinforcements in Phase B.2, an action
phase or the sieges of Phase D.5), who acts, the action points, the Advantage, the strategems
in hand, the Spartan walls and where each piece stands.

Naming ``units`` (or ``leaders``) replaces the scenario's placement of them: every unit not
named waits off the map, and the scenario's reinforcements are dropped, so a small position
shows only what it teaches. The game's own invariants then judge the result
(``invariants.py``), as after every move.

Actions (a lesson's ``do`` items, a task's ``solution`` and ``replies``) are named by their
entries, as the engine writes them (``{type: operation, from: thasos, to: O3}``,
``{type: pick, unit: ath-h6-1}``, ``{type: siege, zone: O4, how: assault}``): each must fit
exactly one legal action when its turn comes."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, model_validator

from hellenes_nb.core.models import FileModel, Items, Text, between, short
from hellenes_nb.games.amphipolis.rules.common import BASES, OPS, W
from hellenes_nb.games.amphipolis.ruleset import AMPHIPOLIS, SCENARIOS
from hellenes_nb.games.amphipolis.state import IN_PLAY, IN_POOL, SIDES, State

__all__ = ["Counter", "Expect", "Position", "deal", "holder", "parse_action", "placed",
           "position_state", "where"]

Side = Literal["athens", "sparta"]
PA = Annotated[int, between(0, 9, "§2 B.1")]
#: the places of the operational map, the rear bases and the main map's zones (T1-T27, M1-M3)
PLACES = (*OPS, *BASES, *(z.id for z in W.main))
#: where a piece may be said to be: a place, or off the map
WHERE = (*PLACES, "pool", "out")


def _one_of(kind: str, known: Any, hint: str) -> Any:
    def check(value: str) -> str:
        if value not in known:
            raise ValueError(f"{short(value)} is not {kind} of the game ({hint})")
        return value
    return AfterValidator(check)


Unit = Annotated[Text, _one_of("a unit", set(W.unit_index), "`hellenes data check --game "
                                "amphipolis` counts them; ids such as ath-h6-1, pel-h7-1")]
Leader = Annotated[Text, _one_of("a leader", set(W.leader_index),
                                 ", ".join(g.id for g in W.leaders))]
Place = Annotated[Text, _one_of("a place", set(PLACES), ", ".join(PLACES))]
Where = Annotated[Text, _one_of("a place", set(WHERE), ", ".join(WHERE))]
Town = Annotated[Text, _one_of("a town", set(OPS), ", ".join(OPS))]
Counter = Annotated[Text, _one_of("a strategem counter", {c.id for c in W.counters},
                                  f"C1 to C{len(W.counters)}")]


class Position(FileModel):
    """Where a lesson or task starts (module docstring)."""

    scenario: Literal[SCENARIOS] = "amphipolis-10.2"  # type: ignore[valid-type]
    turn: Annotated[int, between(0, 9, "§10")] | None = None
    start: Literal["turn", "reinforcements", "actions", "sieges"] = "turn"
    #: who acts first: the active side of an action phase, the first to besiege in D.5
    side: Side | None = None
    pa: dict[Side, PA] = {}
    advantage: Side | None = None
    hands: dict[Side, Items[Counter]] = {}
    units: dict[Unit, Place] | None = None
    reduced: Items[Unit] = ()
    leaders: dict[Leader, Place] | None = None
    garrisons: dict[Town, Side] = {}
    #: the walls Sparta may build around Amphipolis (§5.1), as they stand at the start
    walls: Literal["none", "built", "destroyed"] | None = None
    #: faces forced on the first dice the position rolls (a turn's initiative, §2 B.1)
    dice: Items[Annotated[int, between(1, 6, "§0.1")]] = ()
    note: Text = ""

    @model_validator(mode="after")
    def _fits(self) -> Position:
        wrong = []
        held = [c for cards in self.hands.values() for c in cards]
        wrong += [f"hands: counter {c} is named twice; a counter is in one place only (§2 A)"
                  for c in sorted({c for c in held if held.count(c) > 1})]
        off = [u for u in self.reduced if self.units is not None and u not in self.units]
        wrong += [f"reduced: {u} is not placed in units" for u in off]
        if self.start != "turn" and self.side is None:
            wrong.append(f"start {self.start!r} needs the side who acts first ('side')")
        if wrong:
            raise ValueError("; ".join(wrong))
        return self


def position_state(pos: Position, seed: int = 0) -> State:
    """The state at ``pos`` (module docstring), dice seeded."""
    st = AMPHIPOLIS.setup(pos.scenario, seed)
    st.dice.force(pos.dice)
    if pos.turn is not None:
        st.turn = pos.turn
        st.last = max(st.last, pos.turn)
    if pos.units is not None:
        st.pending = []
        st.ustat = [IN_POOL] * len(st.ustat)
        st.uloc = [None] * len(st.uloc)
        for u, zone in pos.units.items():
            i = W.unit_index[u]
            st.ustat[i], st.uloc[i] = IN_PLAY, zone
    for u in pos.reduced:
        st.ured[W.unit_index[u]] = True
    if pos.leaders is not None:
        st.lstat = [IN_POOL] * len(st.lstat)
        st.lloc = [None] * len(st.lloc)
        for g, zone in pos.leaders.items():
            k = W.leader_index[g]
            st.lstat[k], st.lloc[k] = IN_PLAY, zone
    st.garrison = {**st.garrison, **{z: SIDES.index(s) for z, s in pos.garrisons.items()}}
    deal(st, pos.hands)
    if pos.walls is not None:
        st.walls = pos.walls
    if pos.advantage is not None:
        st.advantage = SIDES.index(pos.advantage)
    for name, n in pos.pa.items():
        st.pa[SIDES.index(name)] = n
    if pos.start != "turn":
        assert pos.side is not None
        side = SIDES.index(pos.side)
        st.initiative = st.active = side
        stage = {"reinforcements": "B2deploy", "actions": "B3"}.get(pos.start)
        st.stack = [{"kind": "turn", "stage": stage}] if stage else \
            [{"kind": "turn", "stage": "D5", "who": 0}]
    return st


def deal(st: State, hands: dict[str, Any]) -> None:
    """Give each side named in ``hands`` exactly those strategem counters (a lesson's step
    after a draw, §2 A): each is taken from the cup or the other hand, and what a hand held
    and is not named goes back to the cup, so every counter stays in one place."""
    named = {c for cards in hands.values() for c in cards}
    for name, cards in hands.items():
        k = SIDES.index(name)
        st.cup = [*st.cup, *(c for c in st.hands[k] if c not in named)]
        st.hands[k] = list(cards)
    for k in (0, 1):
        if SIDES[k] not in hands:
            back = [c for c in st.hands[k] if c in named]
            st.hands[k] = [c for c in st.hands[k] if c not in named]
            st.cup = [*st.cup, *back]
    st.cup = [c for c in st.cup if c not in named]


def parse_action(item: Any) -> tuple[dict, ...]:
    """One action named by its entries (module docstring)."""
    if not isinstance(item, dict) or not item or "type" not in item:
        raise ValueError("should be an action named by its entries, with its type, such as "
                         f"'{{type: operation, from: thasos, to: O3}}', not {short(item)}")
    return (dict(item),)


def where(st: State, piece: str) -> str:
    """Where a unit or leader is: a place, ``pool`` (not yet come) or ``out`` (gone)."""
    if piece in W.unit_index:
        i = W.unit_index[piece]
        loc, stat = st.uloc[i], st.ustat[i]
    else:
        k = W.leader_index[piece]
        loc, stat = st.lloc[k], st.lstat[k]
    return loc if loc is not None else ("pool" if stat == IN_POOL else "out")


Piece = Annotated[Text, _one_of("a unit or leader", set(W.unit_index) | set(W.leader_index),
                                "unit ids such as ath-h6-1, leaders such as brasidas")]


class Expect(FileModel):
    """What must be true after a lesson's step: where pieces are, who holds each town, the
    turn."""

    at: dict[Piece, Where] = {}
    garrisons: dict[Town, Side] = {}
    turn: Annotated[int, between(0, 9, "§10")] | None = None
    over: bool | None = None


def holder(st: State, town: str) -> str:
    """Whose garrison holds ``town`` ("nobody" when it has none)."""
    side = st.garrison.get(town)
    return "nobody" if side is None else SIDES[side]


def placed(game: Any, expect: Expect) -> list[str]:
    """What in ``expect`` is not so in ``game``, in plain words (empty: all is)."""
    st = game.state
    out = [f"{p} is in {where(st, p)}, expected {z}" for p, z in expect.at.items()
           if where(st, p) != z]
    out += [f"{W.zone[z].name} is held by {holder(st, z)}, expected {s}"
            for z, s in expect.garrisons.items() if holder(st, z) != s]
    if expect.turn is not None and st.turn != expect.turn:
        out.append(f"turn {st.turn}, expected {expect.turn}")
    if expect.over is not None and game.over != expect.over:
        out.append("the game should be over" if expect.over else "the game should go on")
    return out
