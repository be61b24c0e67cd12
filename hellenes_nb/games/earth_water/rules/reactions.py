"""Reaction cards (Lightning cards, §6.1): played when their moment comes, without using the
player's turn. Seven halves react: Miltiades, Themistocles, Pausanias, Artemisia, Molon Labe and
300 Spartans for Greece; The Immortals for Persia.

**A window tells the other side nothing.** Whether a window opens depends only on what both
sides know: the reacting side holds at least one card, the card is not face up on the discard
pile, a once-only leader has not been used, and the moment fits the card. It never depends on
whether the card is in the reacting hand; a side without it simply declines. So a pause for a
reaction is no sign of the card (docs/earth-water.md, "Hidden information")."""

from __future__ import annotations

from hellenes_nb.core.steps import pop, push, replace_top
from hellenes_nb.games.earth_water.index import PORTS, N
from hellenes_nb.games.earth_water.rules.common import (
    SideStep,
    action,
    card_name,
    name,
    play_card,
    word,
)
from hellenes_nb.games.earth_water.rules.leaders import pay
from hellenes_nb.games.earth_water.rules.movement import can_land_move, move_frame
from hellenes_nb.games.earth_water.state import State

__all__ = ["ARTEMISIA", "IMMORTALS", "MILTIADES", "MOLON_LABE", "PAUSANIAS", "SPARTANS",
           "STEPS", "THEMISTOCLES", "artemisia_open", "battle_cards", "immortals_open",
           "molon_labe_open", "themistocles_open"]

MILTIADES, THEMISTOCLES, PAUSANIAS, ARTEMISIA, MOLON_LABE, SPARTANS = 4, 5, 6, 9, 12, 15
IMMORTALS = 5  # the Persian half of card 5


def could_hold(st: State, side: int, card: int) -> bool:
    """What both sides know: ``side`` holds some card, and ``card`` is not on the discard
    pile, which lies face up (§6.2)."""
    return bool(st.hands[side]) and card not in st.discard


def battle_cards(st: State, frame: dict) -> list[int]:
    """The Greek reactions the moment before a land battle's first round allows (public
    facts only): Miltiades (card 4), 300 Spartans when Persia attacks (card 15), Pausanias
    against the Cavalry of Mardonius (card 6); one Greek battle card at most, and no Sparta
    card during the Carneia Festival."""
    out = []
    free = not frame.get("bonus")
    sparta = not st.has("carneia")
    if free and not st.has("miltiades") and could_hold(st, 0, MILTIADES):
        out.append(MILTIADES)
    if free and sparta and frame["attacker"] == 1 and could_hold(st, 0, SPARTANS):
        out.append(SPARTANS)
    if frame.get("cavalry") and sparta and could_hold(st, 0, PAUSANIAS):
        out.append(PAUSANIAS)
    return out


def themistocles_open(st: State, port: int) -> bool:
    """After a Persian naval move to ``port``: Themistocles is unused and Greek fleets lie in
    some other port (card 5)."""
    if st.has("themistocles") or not could_hold(st, 0, THEMISTOCLES):
        return False
    return any(st.u[2 * N + p] for p in PORTS if p != port)


def artemisia_open(st: State, frame: dict) -> bool:
    """After a naval round that cost Persia a fleet, with another Persian fleet still in the
    battle (card 9)."""
    return (frame.get("persia_lost", False) and not st.has("artemisia")
            and st.u[3 * N + frame["city"]] > 0 and could_hold(st, 0, ARTEMISIA))


def immortals_open(st: State, frame: dict) -> bool:
    """After a land round that left no Persian army but some Greek ones, while Xerxes lives
    and the reserve can give armies back (card 5)."""
    city = frame["city"]
    return (not st.has("xerxes") and st.u[N + city] == 0 and st.u[city] > 0
            and st.reserve[1] > 0 and frame.get("start_persians", 0) > 0
            and could_hold(st, 1, IMMORTALS))


def molon_labe_open(st: State) -> bool:
    """After a Tribute of Earth and Water (card 12)."""
    return could_hold(st, 0, MOLON_LABE)


class Window(SideStep):
    """A reaction window outside battles: Themistocles after a Persian naval move, Molon Labe
    after a Tribute. The side may play the card if it holds it, or let the moment pass."""

    kind = "window"
    rules = ("6.1",)
    #: the reaction card is shown from the hidden hand: undo stops there
    revealing = frozenset({"react"})

    def options(self, st: State, frame: dict, side: int) -> list[dict]:
        card = frame["card"]
        out = []
        if card in st.hands[side]:
            out.append(action("react", side, f"Play {card_name(card, side)} (§6.1)", card=card))
        out.append(action("decline", side, "Let the moment pass (§6.1)"))
        return out

    def act(self, st: State, frame: dict, act: dict) -> None:
        side = frame["side"]
        pop(st, frame)
        if act["type"] == "decline":
            st.event("decline", "6.1", f"{word(side)} does not react.", side)
            return
        card = frame["card"]
        play_card(st, side, card, "reaction")
        if card == THEMISTOCLES:
            replace_top(st, no_retreat=True)  # the Persian naval battle below
            push(st, move_frame(0, land=False, naval=True, carry=False, event=THEMISTOCLES,
                                exclude=frame["city"]))
            st.event("themistocles", "6.1", "Themistocles: the Greek fleets move first; no "
                     "fleet may retreat from the battles that follow.", 0)
            pay(st, "themistocles")
        else:  # Molon Labe
            city = frame["city"]
            if st.u[N + city]:
                st.u[N + city] -= 1
                st.reserve[1] += 1
            st.event("molon_labe", "6.1", f"Molon Labe: the army of the Tribute leaves "
                     f"{name(city)}; Greece moves by land.", 0)
            if can_land_move(st, 0):
                push(st, move_frame(0, land=True, naval=False, event=MOLON_LABE))

    def text(self, st: State, frame: dict) -> str:
        card = frame["card"]
        return (f"{word(frame['side'])} may answer with {card_name(card, frame['side'])} "
                "(a reaction card, §6.1)")


STEPS = (Window(),)
