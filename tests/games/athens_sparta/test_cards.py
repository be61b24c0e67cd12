"""Athens & Sparta: the card phase (Card Phase, §4.6 and its sidebars). Dice seeded."""

from __future__ import annotations

import pytest

from hellenes_nb.core.dice import Dice
from hellenes_nb.games.athens_sparta.rules.cards import (
    CardError,
    Deal,
    deal,
    hand_mps,
    mulligan,
    turn_effects,
    turn_order,
)
from hellenes_nb.games.athens_sparta.world import load_world

W = load_world()


def test_card_phase_six_cards_each_from_the_shuffled_25():
    d = deal(W, Dice(7))
    assert len(d.hands["athens"]) == len(d.hands["sparta"]) == 6 and len(d.rest) == 13
    everything = d.hands["athens"] + d.hands["sparta"] + d.rest
    assert sorted(everything) == sorted(c.id for c in W.cards)
    assert deal(W, Dice(7)).hands == d.hands  # the same seed deals the same hands
    assert deal(W, Dice(8)).hands != d.hands


def poor_hand_deal() -> Deal:
    """Athens holds the six weakest cards (1+1+1+1+2+2 = 8 MPs with the Earthquake)."""
    by_mp = sorted(W.cards, key=lambda c: (c.mp, c.id))
    athens = [c.id for c in by_mp[:6]]
    sparta = [c.id for c in by_mp[-6:]]
    rest = [c.id for c in by_mp[6:-6]]
    return Deal({"athens": athens, "sparta": sparta}, rest, set())


@pytest.mark.rule("4.6")
def test_4_6_mulligan_under_10_mps_once_an_olympiad():
    d = poor_hand_deal()
    assert hand_mps(W, d.hands["athens"]) < 10
    again = mulligan(W, d, "athens", Dice(3))
    assert again.hands["sparta"] == d.hands["sparta"]  # Sparta kept its hand
    assert len(again.hands["athens"]) == 6 and again.mulligans == {"athens"}
    assert sorted(again.hands["athens"] + again.rest + again.hands["sparta"]) == \
        sorted(c.id for c in W.cards)
    with pytest.raises(CardError, match="has had its re-deal this Olympiad"):
        mulligan(W, again, "athens", Dice(3))


@pytest.mark.rule("4.6")
def test_4_6_no_mulligan_at_10_or_more_and_the_opponent_may_redeal_too():
    d = poor_hand_deal()
    assert hand_mps(W, d.hands["sparta"]) >= 10
    with pytest.raises(CardError, match="needs a hand under 10 MPs; the sparta hand is worth"):
        mulligan(W, d, "sparta", Dice(3))
    both = mulligan(W, d, "athens", Dice(3), opponent_redeals=True)
    assert both.hands["sparta"] != d.hands["sparta"] and both.mulligans == {"athens"}


@pytest.mark.rule("4.6")
def test_4_6_higher_card_first_sparta_on_ties_events_before_all():
    by = {c.mp: c.id for c in W.cards if c.event is None}
    assert turn_order(W, by[5], by[3]) == ("athens", "sparta")
    assert turn_order(W, by[3], by[3]) == ("sparta", "athens")
    storm = next(c.id for c in W.cards if c.event == "Storm")
    # the §4.6 example: a 5 against a 2 with Storm: the Storm card goes first
    assert turn_order(W, by[5], storm) == ("sparta", "athens")
    assert turn_order(W, storm, by[5]) == ("athens", "sparta")
    with pytest.raises(CardError, match="not one of the 25 cards"):
        turn_order(W, "joker", by[1])


@pytest.mark.rule("4.6")
def test_4_6_storm_holds_both_sides_navies_and_earthquake_cancels_but_attrition():
    storm = next(c.id for c in W.cards if c.event == "Storm")
    quake = next(c.id for c in W.cards if c.event == "Earthquake")
    plain = next(c.id for c in W.cards if c.event is None)
    assert turn_effects(W, storm, plain) == {"navies_stay": True, "cancelled_but_attrition": False}
    assert turn_effects(W, plain, quake)["cancelled_but_attrition"]
    assert turn_effects(W, plain, plain) == {"navies_stay": False,
                                             "cancelled_but_attrition": False}


@pytest.mark.rule("4.6")
def test_4_6_a_hand_of_exactly_10_mps_is_kept():
    ones = [c.id for c in W.cards if c.mp == 1][:2]
    twos = [c.id for c in W.cards if c.mp == 2][:4]
    hand = ones + twos
    assert hand_mps(W, hand) == 10
    rest = [c.id for c in W.cards if c.id not in hand]
    d = Deal({"athens": hand, "sparta": rest[:6]}, rest[6:], set())
    with pytest.raises(CardError, match="under 10 MPs; the athens hand is worth 10"):
        mulligan(W, d, "athens", Dice(1))
