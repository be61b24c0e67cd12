"""The leak oracle itself (leaks.py): it must flag what a side may not know and only that —
a test that flags legitimate information is as wrong as one that misses a leak.

Hellenes only, as the oracle is (tests/hidden/test_leak_property.py says why)."""

from __future__ import annotations

from support.leaks import Oracle, check_view

from hellenes_nb.core.game import new_game
from hellenes_nb.games.hellenes.index import SPARTA


def _oracle():
    game = new_game("431", 5)  # New Year: both hands dealt, nothing committed
    return game, Oracle(game)


def _hidden_spartan(game):
    st = game.state
    return next(u for u in range(60, 120) if st.loc[u] >= 0 and not st.revealed[u])


def test_it_flags_every_way_of_naming_a_hidden_block():
    game, oracle = _oracle()
    ix = game.state.ix
    u = _hidden_spartan(game)
    for text in (f"{ix.describe(u)} moves", f"the {ix.unit_name[u]} move",
                 f'{{"unit": "{ix.unit_key[u]}"}}', "a Spartan hoplite marches",
                 "a Spartan block in Attica is built up to 3 cv",
                 "a Spartan block in Attica is built up to strength 3"):
        assert oracle.search("athens", "test", text), text


def test_it_lets_through_what_a_side_may_know():
    game, oracle = _oracle()
    st, ix = game.state, game.state.ix
    u = _hidden_spartan(game)
    own = next(a for a in range(60) if st.loc[a] >= 0)
    for text in (f"{ix.describe(own)} moves", "A Spartan block is eliminated: lost at sea",
                 "Spartan fleet loses 1 cv in high seas", "the Peace of Nicias holds",
                 "A Spartan fleet loses a step of strength in high seas"):
        assert oracle.search("athens", "test", text) == [], text
    # combat ratings are not the Athenian keys A1-A3 (§2.14)
    for text in ("Land battle: Athens: x A1 3 cv", "x (A2, 3 cv) attacks",
                 "Land battle: Athens: x at strength 3 (agility A, hits on a 1)",
                 '{"label": "A2, cv 3 of 4", "rating": "A1"}', '{"rating": "E1/A3"}'):
        assert oracle.search("sparta", "test", text) == [], text
    assert oracle.search("sparta", "test", '{"unit": "A1"}')
    st.revealed[u] = 1
    oracle.update()
    st.revealed[u] = 0
    # seen once in battle, remembered for the rest of the game
    assert oracle.search("athens", "test", f"{ix.describe(u)} retreats") == []


def test_it_flags_the_enemys_cards_while_they_are_secret():
    game, oracle = _oracle()
    st = game.state
    cards = st.ix.world.cards
    n = next(c for c in st.hands[SPARTA] if sum(x.title == cards[c].title
                                                for x in cards.values()) == 1
             and cards[c].title not in {e.name for e in st.ix.world.events.values()})
    assert oracle.search("athens", "test", f"Sparta plays card {n}")
    assert oracle.search("athens", "test", f"Sparta is dealt 6 cards: {sorted(st.hands[SPARTA])}")
    assert oracle.search("athens", "test", f"Sparta holds {cards[n].title}")
    assert oracle.search("sparta", "test", f"Sparta plays card {n}") == []  # its own card
    view = game.view("athens")
    assert check_view(oracle, "athens", view, 0) == []
    view["hands"]["sparta"] = sorted(st.hands[SPARTA])
    assert any(f.where == "view hands" for f in check_view(oracle, "athens", view, 0))
