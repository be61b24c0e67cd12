"""The Preparation Phase (§5): budgets, purchases, limits, placement, the bridge, the Sudden
Death of the Great King and the draw pile."""

from __future__ import annotations

import re

import pytest
from support.earth_water_positions import count, do, ew_game

from hellenes_nb import IllegalAction, new_game

PREP = [{"kind": "campaign", "phase": "greek_prep", "skipped": False}]


def persian_prep(talents: int = 12, **kw):
    return ew_game(stack=[*PREP, {"kind": "prepare", "side": 1, "talents": talents,
                                  "stage": "buy", "fleets": 0, "extra": False}], **kw)


def greek_prep(talents: int = 6, **kw):
    return ew_game(stack=[{"kind": "campaign", "phase": "operations", "skipped": False},
                          {"kind": "prepare", "side": 0, "talents": talents, "stage": "buy",
                           "fleets": 0, "extra": False}], **kw)


@pytest.mark.rule("5.1")
def test_5_1_budget_is_12_or_10_when_a_card_was_kept():
    game = new_game("earth-water", seed=3)
    assert game.state.stack[-1]["talents"] == 12
    kept = ew_game(persian=(14,), stack=[{"kind": "campaign", "phase": "start"}])
    assert kept.state.stack[-1]["talents"] == 10


@pytest.mark.rule("5.1")
def test_5_1_at_most_six_cards_and_one_talent_each():
    game = persian_prep()
    ns = [a["n"] for a in game.legal_actions()]
    assert ns == list(range(7))
    do(game, type="buy_cards", n=4)
    assert len(game.state.hands[1]) == 4 and game.state.stack[-1]["talents"] == 8


@pytest.mark.rule("5.1")
def test_5_1_fleets_cost_two_at_most_two_and_only_in_free_ports():
    game = persian_prep(pa={"ephesos": 2, "abydos": 2, "eretria": 1}, gf={"abydos": 1},
                        dice=())
    do(game, type="buy_cards", n=0)
    ports = {a["city"] for a in game.legal_actions() if a["type"] == "raise_fleet"}
    # a controlled port, but not one holding an enemy fleet (Abydos)
    assert ports == {"ephesos", "eretria"}
    do(game, type="raise_fleet", city="ephesos")
    assert game.state.stack[-1]["talents"] == 10
    do(game, type="raise_fleet", city="eretria")
    assert not [a for a in game.legal_actions() if a["type"] == "raise_fleet"]
    do(game, type="raise_army", city="eretria")
    assert count(game, "pa", "eretria") == 2 and game.state.stack[-1]["talents"] == 7


@pytest.mark.rule("5.2")
def test_5_2_greek_fleets_cost_one():
    game = greek_prep(ga={"athenai": 1})
    do(game, type="buy_cards", n=0)
    do(game, type="raise_fleet", city="athenai")
    assert game.state.stack[-1]["talents"] == 5
    # Greece never builds a bridge
    assert not [a for a in game.legal_actions() if a["type"] == "build_bridge"]


@pytest.mark.rule("5.1")
def test_5_1_armies_go_to_controlled_cities_only():
    game = greek_prep(ga={"thebai": 1}, pa={"athenai": 1})
    do(game, type="buy_cards", n=0)
    cities = {a["city"] for a in game.legal_actions() if a["type"] == "raise_army"}
    assert cities == {"thebai", "sparta"}  # Athenai is held by a Persian army


@pytest.mark.rule("5.1")
def test_5_1_bridge_needs_an_army_in_abydos_and_six_talents():
    game = persian_prep(pa={"ephesos": 2})
    do(game, type="buy_cards", n=0)
    assert not [a for a in game.legal_actions() if a["type"] == "build_bridge"]
    game = persian_prep(10, pa={"abydos": 1})
    do(game, type="buy_cards", n=5)
    assert not [a for a in game.legal_actions() if a["type"] == "build_bridge"]
    game = persian_prep(pa={"abydos": 1})
    do(game, type="buy_cards", n=0)
    do(game, type="build_bridge")
    assert game.state.has("bridge") and game.state.stack[-1]["talents"] == 6


@pytest.mark.rule("5.3")
def test_5_3_sudden_death_ends_the_campaign_without_scoring():
    game = persian_prep(greek=(1, 2), score=2)
    st = game.state
    st.deck.remove(11)
    st.deck.append(11)  # drawn first
    do(game, type="buy_cards", n=2)
    assert st is not game.state
    st = game.state
    assert st.has("darius") and not st.hands[1]
    assert st.hands[0] == [1, 2]  # the Greek hand is kept
    assert sorted(st.deck) == sorted(set(range(1, 17)) - {1, 2}) and not st.discard
    assert st.reserve[1] == 24 - 1  # Darius' army came from the reserve
    # no Greek preparation, no scoring: the next campaign starts with Persia
    assert st.campaign == 2 and st.score == 2
    assert game.prompt.kind == "prepare" and game.prompt.side == "persia"
    kinds = [e["kind"] for e in game.log]
    assert "score" not in kinds and "sudden_death" in kinds


@pytest.mark.rule("5.3")
def test_5_3_third_sudden_death_is_only_a_card():
    game = persian_prep(flags=("darius", "xerxes"))
    st = game.state
    st.deck.remove(11)
    st.deck.append(11)
    do(game, type="buy_cards", n=1)
    assert game.state.hands[1] == [11] and game.prompt.kind == "prepare"
    assert game.state.stack[-1]["stage"] == "raise"


@pytest.mark.rule("5.3")
def test_5_3_second_death_is_xerxes():
    game = persian_prep(flags=("darius",))
    st = game.state
    st.deck.remove(11)
    st.deck.append(11)
    do(game, type="buy_cards", n=1)
    assert game.state.has("xerxes")


@pytest.mark.rule("5.3")
def test_5_3_sudden_death_in_the_last_campaign_ends_the_game():
    game = persian_prep(campaign=5, score=-1)
    st = game.state
    st.deck.remove(11)
    st.deck.append(11)
    do(game, type="buy_cards", n=1)
    assert game.over and game.result["winner"] == "persia"


@pytest.mark.rule("5.4")
def test_5_4_empty_draw_pile_is_reshuffled_and_a_dry_pile_buys_nothing():
    game = persian_prep()
    st = game.state
    st.discard, st.deck = st.deck[:-2], st.deck[-2:]
    if 11 in st.deck:  # keep the king alive out of this test
        st.deck.remove(11)
        st.discard.append(11)
    do(game, type="buy_cards", n=4)
    kinds = [e["kind"] for e in game.log]
    assert "reshuffle" in kinds or "sudden_death" in kinds
    game = persian_prep(greek=tuple(range(1, 11)), persian=tuple(range(11, 17)))
    assert [a["n"] for a in game.legal_actions()] == [0]


@pytest.mark.rule("5.0")
def test_5_0_unspent_talents_are_lost():
    game = greek_prep(ga={"athenai": 1}, persian=(14,))
    do(game, type="buy_cards", n=0)
    do(game, type="end_preparation")
    assert game.prompt.kind == "operations"
    assert all(f["kind"] != "prepare" for f in game.state.stack)


def test_raise_in_an_enemy_city_is_refused_and_changes_nothing():
    game = greek_prep(ga={"athenai": 1}, pa={"thebai": 1})
    do(game, type="buy_cards", n=0)
    before = game.state
    with pytest.raises(IllegalAction, match="not a choice"):
        game.apply({"type": "raise_army", "side": "greece", "city": "thebai"})
    assert game.state is before


@pytest.mark.rule("5.1")
def test_5_1_buying_cards_counts_the_talents_in_words():
    """The choice reads "Buy 1 card (1 talent, §5.1)", never "1 talents"."""
    game = new_game("earth-water", 3)
    labels = [a["label"] for a in game.legal_actions() if a["type"] == "buy_cards"]
    assert "Buy 1 card (1 talent, §5.1)" in labels and "Buy 2 cards (2 talents, §5.1)" in labels
    assert not [w for w in labels if re.search(r"\b1 talents\b", w)]
