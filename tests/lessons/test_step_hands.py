"""A step's ``hands`` sets the cards each side holds, as if the deal had given them (§10.1):
every card stays in one pile, the hands keep their size, bad cards are refused by name; and
``hellenes lesson check --seeds`` finds lessons that rely on their seed's luck."""

from __future__ import annotations

import collections
import json

import pytest

from hellenes_nb.games.hellenes.lessonplay import start_game
from hellenes_nb.games.hellenes.lessonscript import ScriptError, deal_hands
from hellenes_nb.games.hellenes.lessonverify import check_lesson
from hellenes_nb.lessons.format import parse_lesson, read_lesson_file
from hellenes_nb.lessons.runner import Lesson

from .conftest import MINI, ROOT

AMPHIPOLIS = ROOT / "lessons" / "amphipolis-424-422.yaml"


def _piles(game) -> collections.Counter:
    st = game.state
    return collections.Counter([*st.deck, *st.hands[0], *st.hands[1], *st.discard])


@pytest.fixture
def game(world, write):
    spec, problems = parse_lesson(read_lesson_file(write(MINI))[0], "mini")
    assert problems == []
    return start_game(spec, world)


@pytest.mark.rule("10.1")
def test_a_card_from_the_deck_takes_the_place_of_one_not_named(game):
    st = game.state
    before, deck_card = _piles(game), st.deck[5]
    n_log = len(game.log)
    deal_hands(game, {"athens": (14, deck_card)})
    assert sorted(st.hands[0]) == sorted([14, deck_card]) and 43 in st.deck
    assert st.deck.index(43) == 5                       # it takes the dealt card's place
    assert _piles(game) == before and len(st.hands[1]) == 2
    assert [e["kind"] for e in game.log[n_log:]] == ["lesson_hands"]
    assert str(deck_card) not in game.log[-1]["text"]   # the log does not show the cards


@pytest.mark.rule("10.1")
def test_a_card_from_the_other_hand_is_exchanged(game):
    before = _piles(game)
    deal_hands(game, {"athens": (32, 43)})
    st = game.state
    assert sorted(st.hands[0]) == [32, 43] and sorted(st.hands[1]) == [14, 35]
    assert _piles(game) == before


def test_hands_already_held_change_nothing(game):
    saved, n_log = game.to_json(), len(game.log)
    deal_hands(game, {"athens": (43, 14), "sparta": (35,)})
    assert game.to_json() == saved and len(game.log) == n_log


@pytest.mark.parametrize("hands,words", [
    ({"athens": (14, 43, 1)}, "3 cards are named, but the hand holds 2 now"),
    ({"athens": (14,), "sparta": (14,)}, "card 14 is named for both athens and sparta; a card "
                                         "is in one place only"),
    ({"athens": (14, 14)}, "card 14 is named twice for athens"),
    ({"athens": (99,)}, "card 99 cannot be dealt: it is not in this scenario's deck (§3.0)"),
])
def test_a_card_that_cannot_be_dealt_is_refused_and_nothing_changes(game, hands, words):
    saved = game.to_json()
    with pytest.raises(ScriptError, match=words.replace("(", r"\(").replace(")", r"\)")):
        deal_hands(game, hands)
    assert game.to_json() == saved


def test_a_discarded_card_is_named_as_discarded(game):
    st = game.state
    st.discard = [st.deck[0]]
    st.deck = st.deck[1:]
    with pytest.raises(ScriptError, match="in the discard pile"):
        deal_hands(game, {"sparta": (st.discard[0],)})


def test_the_step_key_is_read_and_checked(write, world):
    text = MINI.replace("  - title: The landing\n",
                        "  - title: The landing\n    hands: {athens: fourteen}\n")
    problems = [str(p) for p in check_lesson(write(text), world=world)]
    assert any("step 2 'The landing' › hands › athens: should be a list, not 'fourteen'" in p
               for p in problems), problems


def test_amphipolis_plays_the_same_whatever_its_seed(world, lesson_check):
    """Its hands and dice fix every card played and every die that matters."""
    spec = Lesson(AMPHIPOLIS, world=world).spec
    finals = set()
    for seed in (1, 3, 8):
        lesson = Lesson(spec.model_copy(update={"seed": seed}), world=world)
        lesson.goto(len(lesson.steps))
        st = lesson.state
        finals.add(json.dumps([st.prestige, list(st.loc), list(st.cv)]))
    assert len(finals) == 1
    assert lesson_check(AMPHIPOLIS, seeds=range(1, 6)) == []


def test_check_with_seeds_finds_a_step_that_relies_on_its_seed(write, world):
    text = AMPHIPOLIS.read_text(encoding="utf-8").replace("    dice: [6]\n", "", 1)
    path = write(text)
    assert check_lesson(path, world=world) == []        # lucky with its own seed
    problems = [str(p) for p in check_lesson(path, world=world, seeds=range(1, 11))]
    assert len(problems) == 1 and "with seed" in problems[0]
    assert "relies on what its seed deals or rolls" in problems[0]
