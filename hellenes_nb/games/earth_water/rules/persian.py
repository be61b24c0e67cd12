"""The Persian halves of the cards played as events on Persia's turn (§6.2); Sudden Death of
the Great King acts when drawn (:mod:`.campaign`), The Immortals is a reaction
(:mod:`.battle`), Alliance with Carthage has no event."""

from __future__ import annotations

from hellenes_nb.core.steps import pop, push, replace_top
from hellenes_nb.games.earth_water.index import WORLD, N
from hellenes_nb.games.earth_water.rules.board import (
    ABYDOS,
    ATHENAI,
    EPHESOS,
    THEBAI,
    controller,
    controls,
    draw,
)
from hellenes_nb.games.earth_water.rules.campaign import king_alive, sudden_death
from hellenes_nb.games.earth_water.rules.common import (
    action,
    card_name,
    city_id,
    city_of,
    name,
    plural,
)
from hellenes_nb.games.earth_water.rules.movement import can_land_move, move_frame
from hellenes_nb.games.earth_water.rules.reactions import MOLON_LABE, molon_labe_open
from hellenes_nb.games.earth_water.state import State

__all__ = ["EVENTS", "PICKS"]

SUDDEN_DEATH = 11
#: the Sparta cards (their Greek halves), discarded by a Separate Peace (card 10)
SPARTA_CARDS = frozenset(n for n, c in WORLD.cards.items() if c.halves[0].sparta)


def _pick(st: State, what: str, **more: object) -> None:
    push(st, {"kind": "pick", "what": what, "side": 1, **more})


def _free_cities(st: State) -> list[int]:
    return [c for c in range(N) if controller(st, c) < 0]


def carneia(st: State) -> None:
    """Card 4: no Greek army leaves Sparta and no Sparta event this campaign."""
    st.mark("carneia")
    st.event("carneia", "6.2", "Carneia Festival: until this campaign ends, Greek armies in "
             "Sparta stay put and Greece plays no Sparta event.", 1)


def ostracism(st: State) -> None:
    """Card 6: a random card of the Greek hand is discarded."""
    hand = st.hands[0]
    card = hand.pop(st.dice.randbelow(len(hand)))
    st.discard.append(card)
    st.event("ostracism", "6.2", f"Ostracism: {card_name(card, 0)} is taken at random from "
             "the Greek hand and discarded.", 1, card=card)


def hippias(st: State) -> None:
    """Card 9: Persia sees the Greek hand (a reveal: undo stops here) and picks a card of it to
    discard."""
    st.barrier = True
    shown = ", ".join(card_name(c, 0) for c in st.hands[0])
    st.event("hippias", "6.2", f"Hippias: Persia looks at the Greek hand: {shown}.", 1,
             cards=st.hands[0][:])
    _pick(st, "hippias")


def separate_peace(st: State) -> None:
    """Card 10: a die each; if Persia's is higher, Greece shows its hand and discards its
    Sparta cards."""
    g, p = st.dice.roll(), st.dice.roll()
    if p <= g:
        st.event("separate_peace", "6.2", f"Separate Peace: Greece rolls {g}, Persia {p}; the "
                 "alliance holds.", 1, dice={"greece": [g], "persia": [p]})
        return
    hand = st.hands[0]
    gone = [c for c in hand if c in SPARTA_CARDS]
    st.hands[0] = [c for c in hand if c not in SPARTA_CARDS]
    st.discard.extend(gone)
    shown = ", ".join(card_name(c, 0) for c in hand) or "no cards"
    st.event("separate_peace", "6.2", f"Separate Peace: Greece rolls {g}, Persia {p}. Greece "
             f"shows its hand ({shown}) and discards its Sparta cards: "
             f"{', '.join(card_name(c, 0) for c in gone) or 'none'}.", 1,
             dice={"greece": [g], "persia": [p]}, cards=hand[:], discarded=gone)


def defection(st: State) -> None:
    """Card 12: the Greek armies in Thebai go to another Greek city, then a Persian army comes
    into Thebai."""
    if st.u[THEBAI]:
        push(st, {"kind": "pick", "what": "defection", "side": 0})
    else:
        _thebes_defects(st)


def _thebes_defects(st: State) -> None:
    if st.reserve[1]:
        st.reserve[1] -= 1
        st.u[N + THEBAI] += 1
        st.event("defection", "6.2", "Defection of Thebes: a Persian army enters Thebai.", 1,
                 city=city_id(THEBAI))


def acropolis(st: State) -> None:
    """Card 15: Athenai scores for nobody this campaign; the next Greek budget is 5."""
    st.mark("acropolis")
    st.mark("acropolis_next")
    st.event("acropolis", "6.2", "Acropolis on Fire: Athenai scores for nobody this campaign, "
             "and the next Greek preparation has one talent less.", 1)


def _royal_road_here(st: State, c: int) -> bool:
    """Whether card 8 does something in ``c``: Greek armies to send home, or, with none there,
    Persian armies to bring from the reserve (Persian armies already there are no bar: a city
    holds any number, §5.1)."""
    return bool(st.u[c]) or st.reserve[1] > 0


def _defection_ok(st: State) -> bool:
    if st.u[THEBAI]:
        return any(controls(st, 0, c) for c in range(N) if c != THEBAI)
    return st.reserve[1] > 0


EVENTS = {
    1: (lambda st: can_land_move(st, 1),
        lambda st: push(st, move_frame(1, land=True, naval=False, event=1))),
    2: (lambda st: st.reserve[1] > 0 and bool(_free_cities(st)),
        lambda st: _pick(st, "tribute")),
    4: (lambda st: True, carneia),
    6: (lambda st: bool(st.hands[0]), ostracism),
    7: (lambda st: can_land_move(st, 1),
        lambda st: push(st, move_frame(1, land=True, naval=False, event=7))),
    8: (lambda st: _royal_road_here(st, ABYDOS) or _royal_road_here(st, EPHESOS),
        lambda st: _pick(st, "royal_road")),
    9: (lambda st: bool(st.hands[0]), hippias),
    10: (lambda st: bool(st.hands[0]), separate_peace),
    12: (_defection_ok, defection),
    15: (lambda st: controls(st, 1, ATHENAI), acropolis),
    16: (lambda st: True, lambda st: _pick(st, "pacification", discarded=0)),
}
EVENTS[3] = EVENTS[13] = EVENTS[2]


class Tribute:
    """Cards 2, 3, 13: an army from the Persian reserve to a city nobody controls; Greece may
    answer with Molon Labe (card 12)."""

    rule = "6.2"

    def options(self, st: State, frame: dict, side: int) -> list[dict]:
        return [action("choose_city", 1, f"Tribute of Earth and Water: an army to {name(c)}",
                       city=city_id(c)) for c in _free_cities(st)]

    def act(self, st: State, frame: dict, act: dict) -> None:
        city = city_of(act)
        st.reserve[1] -= 1
        st.u[N + city] += 1
        st.event("tribute", "6.2", f"Tribute of Earth and Water: {name(city)} submits; a "
                 "Persian army enters it.", 1, city=city_id(city))
        pop(st, frame)
        if molon_labe_open(st):
            push(st, {"kind": "window", "card": MOLON_LABE, "side": 0, "city": city})

    def text(self, st: State, frame: dict) -> str:
        return "Tribute of Earth and Water: Persia chooses a city nobody controls"


class RoyalRoad:
    """Card 8, one or the other in Abydos or Ephesos: the Greek armies there go back to the
    reserve, or, where there are none, one to three Persian armies come from the reserve
    (``place_armies``; docs/rules-decisions.md)."""

    rule = "6.2"

    def options(self, st: State, frame: dict, side: int) -> list[dict]:
        if "city" in frame:
            c = frame["city"]
            return [action("place_armies", 1, f"The Royal Road: put {plural(n, 'army', 'armies')}"
                           f" in {name(c)}", city=city_id(c), n=n)
                    for n in range(1, min(3, st.reserve[1]) + 1)]
        out = []
        for c in (ABYDOS, EPHESOS):
            if st.u[c]:
                greeks = plural(st.u[c], "Greek army", "Greek armies")
                out.append(action("choose_city", 1, f"The Royal Road: send the {greeks} in "
                                  f"{name(c)} back to the reserve", city=city_id(c)))
            elif st.reserve[1]:
                out.append(action("choose_city", 1, f"The Royal Road: bring Persian armies to "
                                  f"{name(c)}", city=city_id(c)))
        return out

    def act(self, st: State, frame: dict, act: dict) -> None:
        city = city_of(act)
        if act["type"] == "choose_city" and not st.u[city]:  # no Greek army: Persians come
            replace_top(st, city=city)
            return
        if act["type"] == "place_armies":
            n = act["n"]
            st.reserve[1] -= n
            st.u[N + city] += n
            armies = plural(n, "Persian army", "Persian armies")
            st.event("royal_road", "6.2", f"The Royal Road: {armies} reach {name(city)}.", 1,
                     city=city_id(city))
            pop(st, frame)
            return
        gone = st.u[city]
        st.u[city] = 0
        st.reserve[0] += gone
        armies = plural(gone, "Greek army", "Greek armies")
        st.event("royal_road", "6.2", f"The Royal Road: {armies} in {name(city)} go back to "
                 "the reserve.", 1, city=city_id(city))
        pop(st, frame)

    def text(self, st: State, frame: dict) -> str:
        if "city" in frame:
            return f"The Royal Road: how many Persian armies go to {name(frame['city'])}"
        return "The Royal Road: Persia chooses Abydos or Ephesos"


class Hippias:
    """Card 9: Persia discards one card of the Greek hand, which it has seen."""

    rule = "6.2"

    def options(self, st: State, frame: dict, side: int) -> list[dict]:
        return [action("discard", 1, f"Hippias: discard {card_name(c, 0)} from the Greek hand",
                       card=c) for c in st.hands[0]]

    def act(self, st: State, frame: dict, act: dict) -> None:
        card = act["card"]
        st.hands[0].remove(card)
        st.discard.append(card)
        st.event("hippias", "6.2", f"Hippias: {card_name(card, 0)} is discarded from the Greek "
                 "hand.", 1, card=card)
        pop(st, frame)

    def text(self, st: State, frame: dict) -> str:
        return "Hippias: Persia chooses a card of the Greek hand to discard"


class Defection:
    """Card 12, first part: Greece chooses where its armies in Thebai go."""

    rule = "6.2"

    def options(self, st: State, frame: dict, side: int) -> list[dict]:
        return [action("choose_city", 0, f"Defection of Thebes: take the armies of Thebai to "
                       f"{name(c)}", city=city_id(c))
                for c in range(N) if c != THEBAI and controls(st, 0, c)]

    def act(self, st: State, frame: dict, act: dict) -> None:
        city = city_of(act)
        n = st.u[THEBAI]
        st.u[THEBAI] = 0
        st.u[city] += n
        armies = plural(n, "Greek army", "Greek armies")
        st.event("defection", "6.2", f"Defection of Thebes: {armies} leave Thebai for "
                 f"{name(city)}.", 0, city=city_id(city))
        pop(st, frame)
        _thebes_defects(st)

    def text(self, st: State, frame: dict) -> str:
        return "Defection of Thebes: Greece chooses where its armies in Thebai go"


class Pacification:
    """Card 16: Persia discards cards one by one, then draws one for each and one for this
    card; Sudden Death drawn while a king lives ends the operations (§5.3)."""

    rule = "6.2"
    #: a discarded card goes face up from the Persian hand (the draw is a reveal of its own)
    revealing = frozenset({"discard"})

    def options(self, st: State, frame: dict, side: int) -> list[dict]:
        return [action("discard", 1, f"Pacification: discard {card_name(c, 1)}", card=c)
                for c in st.hands[1]] + [
            action("done", 1, f"Pacification: draw {plural(frame['discarded'] + 1, 'card')}")]

    def act(self, st: State, frame: dict, act: dict) -> None:
        if act["type"] == "discard":
            card = act["card"]
            st.hands[1].remove(card)
            st.discard.append(card)
            st.event("discard", "6.2", f"Pacification: Persia discards {card_name(card, 1)}.",
                     1, card=card)
            replace_top(st, discarded=frame["discarded"] + 1)
            return
        pop(st, frame)
        cards = draw(st, frame["discarded"] + 1)
        st.hands[1].extend(cards)
        st.event("draw", "6.2", f"Pacification: Persia draws {plural(len(cards), 'card')}: "
                 f"{', '.join(card_name(c, 1) for c in cards)}.", 1, private=1,
                 public=f"Pacification: Persia draws {plural(len(cards), 'card')}.",
                 cards=cards)
        if SUDDEN_DEATH in cards and king_alive(st):
            sudden_death(st, in_operations=True)

    def text(self, st: State, frame: dict) -> str:
        return "Pacification of Babylon or Egypt: Persia discards cards, then draws"


PICKS = {"tribute": Tribute(), "royal_road": RoyalRoad(), "hippias": Hippias(),
         "defection": Defection(), "pacification": Pacification()}
