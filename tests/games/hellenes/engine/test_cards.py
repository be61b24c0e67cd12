"""§3 cards: initiative (§3.3), action counts (§3.2, §3.11), New Year sacrifices (§10.3)."""

from __future__ import annotations

import pytest
from support.hellenes_mini_world import WORLD, mini_world, position

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.hellenes.index import ATHENS, SPARTA
from hellenes_nb.games.hellenes.rules import cards
from hellenes_nb.games.hellenes.rules.setup import initial_state
from hellenes_nb.games.hellenes.world import load_world
from hellenes_nb.games.hellenes.world.records import SetupEntry


def _played(state, athens, sparta):
    state.played[ATHENS] = athens
    state.played[SPARTA] = sparta
    return cards.initiative(state)


def _value(n):
    return WORLD.cards[n].actions


@pytest.mark.rule("3.3")
def test_3_3_lower_action_value_goes_first():
    s = position({})
    low = next(n for n in range(3, 21) if _value(n) == 1)
    high = next(n for n in range(3, 21) if _value(n) == 3)
    assert _played(s, {"card": low, "use": "actions"}, {"card": high, "use": "actions"}) == ATHENS
    assert _played(s, {"card": high, "use": "actions"}, {"card": low, "use": "actions"}) == SPARTA


@pytest.mark.rule("3.3")
def test_3_3_events_count_zero_and_sparta_wins_ties():
    s = position({})
    one = next(n for n in range(3, 21) if _value(n) == 1)
    two = next(n for n in range(3, 21) if _value(n) == 2 and n != one)
    assert _played(s, {"card": two, "use": "event"}, {"card": one, "use": "actions"}) == ATHENS
    assert _played(s, {"card": two, "use": "event"}, {"card": one, "use": "event"}) == SPARTA
    assert _played(s, {"card": one, "use": "actions"}, {"card": one, "use": "actions"}) == SPARTA


@pytest.mark.rule("3.3")
def test_3_3_leader_does_not_affect_initiative():
    s = position({})  # Pericles (+1) leads Athens, Archidamos (0) Sparta
    one = next(n for n in range(3, 21) if _value(n) == 1)
    two = next(n for n in range(3, 21) if _value(n) == 2)
    assert cards.leader_bonus(s, ATHENS) == 1
    assert _played(s, {"card": one, "use": "actions"}, {"card": two, "use": "actions"}) == ATHENS


@pytest.mark.rule("3.11")
def test_3_11_action_count_adds_the_leader_value():
    s = position({})
    two = next(n for n in range(3, 21) if _value(n) == 2)
    s.played[ATHENS] = {"card": two, "use": "actions"}
    s.played[SPARTA] = {"card": two, "use": "actions"}
    assert cards.action_count(s, ATHENS) == 3  # Pericles +1
    assert cards.action_count(s, SPARTA) == 2  # Archidamos 0
    s.played[ATHENS] = {"card": two, "use": "event"}
    assert cards.action_count(s, ATHENS) == 0  # an event turn has no actions (§3.1)


@pytest.mark.rule("3.1")
def test_3_1_continuing_events_add_actions():
    s = position({})
    taxes = next(n for n, c in WORLD.cards.items() if c.event == "atrocity")
    two = next(n for n in range(3, 21) if _value(n) == 2)
    s.played[ATHENS] = {"card": two, "use": "actions"}
    base = cards.action_count(s, ATHENS)
    s.in_play.append([taxes, ATHENS])  # atrocity is not a continuing bonus
    assert cards.action_count(s, ATHENS) == base


@pytest.mark.rule("3.1")
def test_3_1_persian_aid_and_taxes_from_real_cards():
    world = load_world()  # the packaged data must load: a broken file fails here, never skips
    s = initial_state(world, "413", 1)
    aid = next(n for n, c in world.cards.items() if c.event == "persian_aid")
    taxes = next(n for n, c in world.cards.items() if c.event == "athens_raises_taxes")
    one = next(n for n, c in world.cards.items() if c.actions == 1 and c.event != "leader")
    s.played = [{"card": one, "use": "actions"}, {"card": one, "use": "actions"}]
    a0, s0 = cards.action_count(s, ATHENS), cards.action_count(s, SPARTA)
    s.in_play += [[aid, SPARTA], [taxes, ATHENS]]
    assert cards.action_count(s, SPARTA) == s0 + 1
    assert cards.action_count(s, ATHENS) == a0 + 1


def _new_year_game():
    return Game.new("mini", 4, world=mini_world([SetupEntry("athens", 1, "attica", 2)]))


@pytest.mark.rule("10.3")
def test_10_3_one_sacrifice_per_olympian():
    game = _new_year_game()
    game.state.sacrifices[ATHENS].append("zeus")
    card = game.state.hands[ATHENS][0]
    with pytest.raises(IllegalAction, match="already has a sacrifice to Zeus"):
        game.apply({"type": "play_card", "side": "athens", "card": card, "use": "sacrifice",
                    "god": "zeus"})
    assert not any(a.get("god") == "zeus" for a in game.legal_actions("athens"))
    with pytest.raises(IllegalAction, match="not an Olympian"):
        game.apply({"type": "play_card", "side": "athens", "card": card, "use": "sacrifice",
                    "god": "thor"})
    game.apply({"type": "play_card", "side": "athens", "card": card, "use": "sacrifice",
                "god": "ares"})
    other = game.state.hands[SPARTA][0]
    game.apply({"type": "play_card", "side": "sparta", "card": other, "use": "sacrifice",
                "god": "ares"})
    assert game.state.sacrifices == [["zeus", "ares"], ["ares"]]
    assert game.prompt.kind == "card_play" and game.state.season == 1


@pytest.mark.rule("3.1")
def test_3_1_events_that_cannot_be_played_say_why():
    game = _new_year_game()
    atrocity = next(n for n in range(3, 21) if WORLD.cards[n].event == "atrocity")
    hand = game.state.hands[ATHENS]
    hand[0] = atrocity  # Sparta's leader Archidamos has no +1 value
    with pytest.raises(IllegalAction, match=r"no \+1 leader"):
        game.apply({"type": "play_card", "side": "athens", "card": atrocity, "use": "event"})


@pytest.mark.rule("3.3")
def test_3_3_commitment_is_simultaneous_and_hidden():
    game = _new_year_game()
    card = game.state.hands[ATHENS][0]
    game.apply({"type": "play_card", "side": "athens", "card": card, "use": "sacrifice",
                "god": "hera"})
    assert game.prompt.side == "sparta"
    seen = game.view("sparta")
    assert seen["played"]["athens"] == {"committed": True}
    assert str(card) not in str(seen["hands"]["athens"])
    with pytest.raises(IllegalAction, match="not Athens's decision"):
        game.apply({"type": "play_card", "side": "athens", "card": game.state.hands[0][0],
                    "use": "sacrifice", "god": "zeus"})


@pytest.mark.rule("3.1")
def test_3_1_season_end_discards_played_cards_once_and_keeps_cards_in_play():
    s = position({})
    s.deck, s.hands = [30, 31], [[32], [33]]
    s.played[ATHENS] = {"card": 5, "use": "actions"}
    s.played[SPARTA] = {"card": 9, "use": "event"}
    s.discard = [9]  # an event that already put its own card on the pile (e.g. a Faction card)
    cards.discard_played(s)
    assert s.discard == [9, 5] and s.played == [None, None]
    s.played[ATHENS] = {"card": 12, "use": "event"}
    s.played[SPARTA] = {"card": 14, "use": "event"}
    s.in_play = [[12, ATHENS]]  # a continuing event stays face up
    s.leaders[SPARTA] = 14  # and so does a leader
    cards.discard_played(s)
    assert s.discard == [9, 5] and s.played == [None, None]


@pytest.mark.rule("3.11")
def test_3_11_a_leader_played_this_season_and_ostracized_goes_to_the_deck_only():
    """Found by the 10,000-game fuzz (sicily seed 249): Sparta played Demosthenes (a leader
    either side may play) and Athens ostracized him the same season; his card went back into
    the deck and the season's end then discarded it as well."""
    s = position({})
    s.hands = [[32], [33]]
    s.deck = [30, 14, 31]  # the ostracized leader, shuffled back (§3.11)
    s.played[ATHENS] = {"card": 17, "use": "event"}
    s.played[SPARTA] = {"card": 14, "use": "event"}
    cards.discard_played(s)
    assert s.discard == [17] and s.deck == [30, 14, 31]
