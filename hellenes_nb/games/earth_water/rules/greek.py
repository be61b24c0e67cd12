"""The Greek halves of the cards played as events on Greece's turn (§6.2). Each entry gives
when the event may be played and what it does; a choice it needs is a ``pick`` frame
(:mod:`.picks`). The reactions are in :mod:`.reactions` and :mod:`.battle`."""

from __future__ import annotations

from hellenes_nb.core.steps import pop, push
from hellenes_nb.games.earth_water.index import PORTS, N
from hellenes_nb.games.earth_water.rules.board import ABYDOS, EPHESOS, SPARTA, controls, draw
from hellenes_nb.games.earth_water.rules.common import (
    action,
    card_name,
    city_id,
    city_of,
    name,
    plural,
)
from hellenes_nb.games.earth_water.rules.movement import (
    can_land_move,
    can_naval_move,
    move_frame,
)
from hellenes_nb.games.earth_water.rules.preparation import fleet_ports
from hellenes_nb.games.earth_water.state import State

__all__ = ["EVENTS", "PICKS"]


def _pick(st: State, what: str, **more: object) -> None:
    push(st, {"kind": "pick", "what": what, "side": 0, **more})


def mines(st: State) -> None:
    """Card 1: an extra Greek preparation with 3 talents, no fleet limit."""
    st.event("mines", "6.2", "Mines of Laurion: Greece prepares again with 3 talents.", 0)
    push(st, {"kind": "prepare", "side": 0, "talents": 3, "stage": "buy", "fleets": 0,
              "extra": True})


def oracle(st: State) -> None:
    """Card 7: discard the hand (this card was the first of it) and draw as many."""
    hand = st.hands[0]
    n = len(hand) + 1
    st.discard.extend(hand)
    st.hands[0] = draw(st, n)
    listed = ", ".join(card_name(c, 0) for c in st.hands[0])
    st.event("oracle", "6.2", f"Oracle of Delphi: Greece discards {plural(len(hand), 'card')}"
             f" ({', '.join(map(str, hand)) or 'none'}) and draws {len(st.hands[0])}: "
             f"{listed}.", 0, private=0, public=f"Oracle of Delphi: Greece discards "
             f"{plural(len(hand), 'card')} ({', '.join(map(str, hand)) or 'none'}) and draws "
             f"{len(st.hands[0])}.", discarded=hand, cards=st.hands[0][:])


def leonidas(st: State) -> None:
    """Card 8: one army moves; its battle is fought with two Greek dice; then an army goes on
    Leonidas' portrait (after the move: docs/rules-decisions.md)."""
    push(st, {"kind": "portrait_due", "flag": "leonidas"})
    push(st, move_frame(0, land=True, naval=False, single=True, event=8))


def melas_zomos(st: State) -> None:
    """Card 11: an army from the reserve into Sparta."""
    st.reserve[0] -= 1
    st.u[SPARTA] += 1
    st.event("melas_zomos", "6.2", "Melas Zomos: an army from the Greek reserve joins Sparta.",
             0, city=city_id(SPARTA))


def triremes(st: State) -> None:
    """Card 13: a naval move without armies, then perhaps a second one."""
    push(st, move_frame(0, land=False, naval=True, carry=False, optional=True, event=13))
    push(st, move_frame(0, land=False, naval=True, carry=False, event=13))


#: card -> (may it be played now?, what it does)
EVENTS = {
    1: (lambda st: True, mines),
    2: (lambda st: bool(st.u[N + ABYDOS] or st.u[N + EPHESOS]),
        lambda st: _pick(st, "ionian")),
    3: (lambda st: any(st.u[3 * N + p] for p in PORTS), lambda st: _pick(st, "wrath")),
    7: (lambda st: True, oracle),
    8: (lambda st: can_land_move(st, 0), leonidas),
    10: (lambda st: can_land_move(st, 0),
         lambda st: push(st, move_frame(0, land=True, naval=False, event=10))),
    11: (lambda st: st.reserve[0] > 0 and controls(st, 0, SPARTA), melas_zomos),
    13: (lambda st: can_naval_move(st, 0), triremes),
    14: (lambda st: st.reserve[2] > 0 and bool(fleet_ports(st, 0)),
         lambda st: _pick(st, "syracuse")),
    16: (lambda st: any(st.u[N + c] for c in range(N)), lambda st: _pick(st, "desertion")),
}


class RemovePersian:
    """Send one Persian piece back to its reserve: an army from Abydos or Ephesos (Ionian
    Revolt, card 2), a fleet from any port (Wrath of Poseidon, card 3), an army from anywhere
    (Desertion of Greek Soldiers, card 16)."""

    rule = "6.2"

    def __init__(self, title: str, kind: int, where: tuple[int, ...]):
        self.title, self.kind, self.where = title, kind, where

    def options(self, st: State, frame: dict, side: int) -> list[dict]:
        what = "army" if self.kind == 1 else "fleet"
        return [action("choose_city", 0, f"{self.title}: remove a Persian {what} from "
                       f"{name(c)}", city=city_id(c))
                for c in self.where if st.u[self.kind * N + c]]

    def act(self, st: State, frame: dict, act: dict) -> None:
        city = city_of(act)
        st.u[self.kind * N + city] -= 1
        st.reserve[self.kind] += 1
        what = "army" if self.kind == 1 else "fleet"
        st.event("removed", "6.2", f"{self.title}: a Persian {what} leaves {name(city)} for "
                 "the reserve.", 0, city=city_id(city))
        pop(st, frame)

    def text(self, st: State, frame: dict) -> str:
        return f"{self.title}: Greece chooses where a Persian piece is removed"


class Syracuse:
    """Card 14: every fleet of the Greek reserve goes to a port of a city Greece controls,
    one at a time."""

    rule = "6.2"

    def options(self, st: State, frame: dict, side: int) -> list[dict]:
        return [action("choose_city", 0, f"Support from Syracuse: a fleet to {name(c)}",
                       city=city_id(c)) for c in fleet_ports(st, 0)]

    def act(self, st: State, frame: dict, act: dict) -> None:
        city = city_of(act)
        st.reserve[2] -= 1
        st.u[2 * N + city] += 1
        st.event("syracuse", "6.2", f"Support from Syracuse: a Greek fleet arrives in "
                 f"{name(city)}.", 0, city=city_id(city))
        if not st.reserve[2] or not fleet_ports(st, 0):
            pop(st, frame)

    def text(self, st: State, frame: dict) -> str:
        return f"Support from Syracuse: Greece places {plural(st.reserve[2], 'fleet')}"


PICKS = {
    "ionian": RemovePersian("Ionian Revolt", 1, (ABYDOS, EPHESOS)),
    "wrath": RemovePersian("Wrath of Poseidon", 3, PORTS),
    "desertion": RemovePersian("Desertion of Greek Soldiers", 1, tuple(range(N))),
    "syracuse": Syracuse(),
}
