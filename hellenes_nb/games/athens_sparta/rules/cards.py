"""The card phase (the rules' "Card Phase", §4.6 and its sidebars "Mulligan", "Earthquakes"):
dealing an Olympiad's hands, the mulligan, and who is Player 1 in a Game Turn.

- At the start of each Olympiad the 25 cards are shuffled and each player gets 6 face down.
- A hand worth under 10 MPs (event cards count their MPs) may be shown and dealt again, once a
  player per Olympiad; the opponent then keeps its own hand or has it dealt again too.
- Each Game Turn both players show one card. An event card goes before a card without one
  (§4.6); otherwise the higher card goes first, and Sparta on a tie. Two event cards: the
  higher first, Sparta on a tie (docs/rules-decisions.md, "Athens & Sparta").
- Storm: no navy moves in that Game Turn, for either player. Earthquake: the Game Turn is
  cancelled for both but for siege attrition, which Player 1 rolls first.

All shuffles use the game's seeded dice, so a game replays exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

from hellenes_nb.core.dice import Dice
from hellenes_nb.games.athens_sparta.world import World

__all__ = ["HAND", "MULLIGAN_BELOW", "CardError", "Deal", "deal", "hand_mps", "mulligan",
           "turn_effects", "turn_order"]

HAND = 6
MULLIGAN_BELOW = 10
SIDES = ("athens", "sparta")


class CardError(ValueError):
    """A card action that the rules do not allow, in plain words."""


@dataclass
class Deal:
    """An Olympiad's cards: each side's hand (card ids), the undealt rest, and the sides that
    have used their mulligan."""

    hands: dict[str, list[str]]
    rest: list[str]
    mulligans: set[str]


def _cards(world: World) -> dict:
    return {c.id: c for c in world.cards}


def deal(world: World, dice: Dice) -> Deal:
    """Shuffle the whole deck and deal six cards to each side."""
    deck = [c.id for c in world.cards]
    dice.shuffle(deck)
    return Deal({"athens": deck[:HAND], "sparta": deck[HAND:2 * HAND]}, deck[2 * HAND:], set())


def hand_mps(world: World, hand: list[str]) -> int:
    """The MPs a hand totals, event cards included (§4.6 sidebar 'Mulligan')."""
    cards = _cards(world)
    return sum(cards[c].mp for c in hand)


def mulligan(world: World, current: Deal, side: str, dice: Dice, *,
             opponent_redeals: bool = False) -> Deal:
    """``side`` shows a hand under 10 MPs and has it dealt again from the cards not in play;
    the opponent's hand is dealt again too if it chooses (``opponent_redeals``)."""
    if side not in SIDES:
        raise CardError(f"the side is 'athens' or 'sparta', not {side!r}")
    if side in current.mulligans:
        raise CardError(f"{side} has had its re-deal this Olympiad (one a player)")
    worth = hand_mps(world, current.hands[side])
    if worth >= MULLIGAN_BELOW:
        raise CardError(f"a re-deal needs a hand under {MULLIGAN_BELOW} MPs; the {side} hand is "
                        f"worth {worth}")
    other = next(s for s in SIDES if s != side)
    again = [side, other] if opponent_redeals else [side]
    pool = list(current.rest)
    for s in again:
        pool += current.hands[s]
    dice.shuffle(pool)
    hands = dict(current.hands)
    for s in again:
        hands[s], pool = pool[:HAND], pool[HAND:]
    return Deal(hands, pool, current.mulligans | {side})


def turn_order(world: World, athens_card: str, sparta_card: str) -> tuple[str, str]:
    """(Player 1, Player 2) for the Game Turn in which these cards are shown."""
    cards = _cards(world)
    for side, card in (("athens", athens_card), ("sparta", sparta_card)):
        if card not in cards:
            raise CardError(f"{side} shows {card!r}, which is not one of the 25 cards")
    a, s = cards[athens_card], cards[sparta_card]
    key_a = (a.event is not None, a.mp)
    key_s = (s.event is not None, s.mp)
    return ("athens", "sparta") if key_a > key_s else ("sparta", "athens")


def turn_effects(world: World, *shown: str) -> dict[str, bool]:
    """What the events of the shown cards do to the whole Game Turn."""
    events = {c.event for c in world.cards if c.id in shown}
    return {"navies_stay": "Storm" in events, "cancelled_but_attrition": "Earthquake" in events}
