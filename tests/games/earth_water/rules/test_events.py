"""The cards played as events on a side's turn (§6.2): each Greek and Persian half, the
once-only leaders and their portraits, the Carneia Festival and the Sparta cards."""

from __future__ import annotations

import pytest
from support.earth_water_positions import count, do, ew_game, play

SCORING_NEXT = [{"kind": "campaign", "phase": "supply", "skipped": False}]


def events_of(game, side):
    return {a["card"] for a in game.legal_actions(side)
            if a["type"] == "play_card" and a["use"] == "event"}


@pytest.mark.rule("6.2")
def test_6_2_mines_of_laurion_prepares_again_with_three_talents_and_no_fleet_limit():
    game = ew_game(turn=0, greek=(1,), persian=(14,), ga={"athenai": 1})
    play(game, "greece", 1, "event")
    assert game.prompt.kind == "prepare" and game.state.stack[-1]["talents"] == 3
    do(game, type="buy_cards", n=0)
    for _ in range(3):
        do(game, type="raise_fleet", city="athenai")
    assert count(game, "gf", "athenai") == 3 + 0 and game.state.reserve[2] == 5 - 3


@pytest.mark.rule("6.2")
@pytest.mark.parametrize("card, kind, where", [(2, "pa", "abydos"), (3, "pf", "ephesos"),
                                               (16, "pa", "delphi")])
def test_6_2_greek_events_that_send_a_persian_piece_home(card, kind, where):
    game = ew_game(turn=0, greek=(card,), persian=(14,), pa={"abydos": 1, "delphi": 1},
                   pf={"ephesos": 1})
    play(game, "greece", card, "event")
    do(game, type="choose_city", city=where)
    assert count(game, kind, where) == 0


@pytest.mark.rule("6.2")
def test_6_2_oracle_of_delphi_redraws_the_whole_hand():
    game = ew_game(turn=0, greek=(7, 2, 3), persian=(14,))
    play(game, "greece", 7, "event")
    st = game.state
    assert len(st.hands[0]) == 3 and {7, 2, 3} <= set(st.discard)
    ev = next(e for e in game.log_for("persia") if e["kind"] == "oracle")
    assert "cards" not in ev and "draws 3" in ev["text"]


@pytest.mark.rule("6.2")
def test_6_2_leonidas_moves_one_army_with_two_dice_then_his_portrait():
    game = ew_game(turn=0, greek=(8, 13), persian=(14,), ga={"thebai": 3}, pa={"delphi": 2},
                   dice=(1, 6, 5, 5))
    play(game, "greece", 8, "event")
    assert {a["armies"] for a in game.legal_actions()} == {1}
    do(game, type="land_move", to="delphi", armies=1)
    # no window for Miltiades: Leonidas is already the Greek battle card
    r = next(e for e in game.log if e["kind"] == "battle_round")
    assert r["dice"]["greece"] == [1, 6] and r["lost"] == [False, True]
    assert not game.state.has("leonidas")  # his portrait waits for the end of his move
    do(game, type="retreat", side="greece", to="thebai", by="land")
    assert game.state.has("leonidas") and game.state.portraits["greek_armies"] == 1
    assert game.state.reserve[0] == 9 - 3 - 1
    assert 8 not in events_of(game, "greece")


@pytest.mark.rule("6.2")
def test_6_2_leonidas_portrait_from_the_map_when_the_reserve_is_empty():
    game = ew_game(turn=0, greek=(8, 13), persian=(14,),
                   ga={"thebai": 3, "athenai": 3, "sparta": 3}, dice=())
    play(game, "greece", 8, "event")
    do(game, type="land_move", **{"from": "athenai"}, to="korinthos", armies=1)
    assert game.prompt.text.startswith("Greece chooses an army for Leonidas")
    do(game, type="choose_city", city="sparta")
    assert count(game, "ga", "sparta") == 2 and game.state.has("leonidas")


@pytest.mark.rule("6.2")
def test_6_2_melas_zomos_and_support_from_syracuse():
    game = ew_game(turn=0, greek=(11, 14), persian=(13,), ga={"thebai": 1})
    play(game, "greece", 11, "event")
    assert count(game, "ga", "sparta") == 1
    do(game, type="pass", side="persia")
    play(game, "greece", 14, "event")
    for port in ("athenai", "thebai", "sparta", "sparta", "athenai"):
        do(game, type="choose_city", city=port)
    assert game.state.reserve[2] == 0 and game.prompt.side == "persia"


@pytest.mark.rule("6.2")
def test_6_2_triremes_two_naval_moves_without_armies():
    game = ew_game(turn=0, greek=(13,), persian=(14,), ga={"athenai": 2},
                   gf={"athenai": 2, "sparta": 1})
    play(game, "greece", 13, "event")
    assert all(a["armies"] == 0 for a in game.legal_actions())
    do(game, type="naval_move", **{"from": "athenai"}, to="naxos", fleets=2, armies=0)
    do(game, type="naval_move", **{"from": "sparta"}, to="naxos", fleets=1, armies=0)
    assert count(game, "gf", "naxos") == 3 and game.prompt.side == "persia"


@pytest.mark.rule("6.2")
def test_6_2_evangelion_scores_after_its_battle():
    game = ew_game(turn=0, greek=(10,), persian=(14,), ga={"thebai": 2}, pa={"delphi": 1},
                   dice=(6, 6, 1))
    play(game, "greece", 10, "event")
    do(game, type="land_move", to="delphi", armies=2)
    do(game, type="decline", side="persia")  # The Immortals' window
    assert game.state.score == 1


@pytest.mark.rule("6.2")
def test_6_2_great_king_gives_greece_a_point_when_persia_fails():
    game = ew_game(greek=(13,), persian=(7,), ga={"thebai": 1}, pa={"larissa": 1},
                   dice=(6, 1))
    play(game, "persia", 7, "event")
    do(game, type="land_move", to="thebai", armies=1)
    do(game, type="fight", side="greece")
    assert game.state.score == 1


@pytest.mark.rule("6.2")
def test_6_2_cavalry_of_mardonius_lifts_the_cap_and_pausanias_restores_it():
    game = ew_game(greek=(13,), persian=(1,), ga={"thebai": 1}, pa={"larissa": 1},
                   dice=(5, 6))
    play(game, "persia", 1, "event")
    do(game, type="land_move", to="thebai", armies=1)
    do(game, type="fight", side="greece")
    assert next(e for e in game.log if e["kind"] == "battle_round")["best"] == [5, 6]
    game = ew_game(greek=(6,), persian=(1,), ga={"thebai": 1}, pa={"larissa": 1},
                   dice=(5, 6))
    play(game, "persia", 1, "event")
    do(game, type="land_move", to="thebai", armies=1)
    do(game, type="react", card=6)
    assert next(e for e in game.log if e["kind"] == "battle_round")["best"] == [5, 4]


@pytest.mark.rule("6.2")
def test_6_2_tribute_places_an_army_in_a_city_nobody_controls():
    game = ew_game(greek=(13,), persian=(2,), ga={"thebai": 1})
    play(game, "persia", 2, "event")
    free = {a["city"] for a in game.legal_actions()}
    assert free == {"delphi", "eretria", "korinthos", "larissa", "naxos", "pella"}
    do(game, type="choose_city", city="pella")
    # Molon Labe's window opens for Greece whatever it holds
    assert game.prompt.side == "greece" and game.prompt.kind == "window"
    do(game, type="decline", side="greece")
    assert count(game, "pa", "pella") == 1


@pytest.mark.rule("6.2")
def test_6_2_carneia_festival_holds_sparta():
    game = ew_game(greek=(8, 11, 13), persian=(4,), ga={"sparta": 2, "athenai": 1})
    play(game, "persia", 4, "event")
    # Leonidas and Melas Zomos are Sparta events; Triremes has no fleet to move
    assert events_of(game, "greece") == set()
    play(game, "greece", 13, "move")
    origins = {a["from"] for a in game.legal_actions() if a["type"] == "land_move"}
    assert origins == {"athenai"}


@pytest.mark.rule("6.2")
def test_6_2_ostracism_discards_a_random_greek_card():
    game = ew_game(greek=(1, 2, 3), persian=(6,), seed=5)
    play(game, "persia", 6, "event")
    assert len(game.state.hands[0]) == 2 and game.state.discard[-1] in (1, 2, 3)


@pytest.mark.rule("6.2")
def test_6_2_hippias_shows_the_hand_and_persia_picks():
    game = ew_game(greek=(1, 2, 3), persian=(9,))
    play(game, "persia", 9, "event")
    assert {a["card"] for a in game.legal_actions()} == {1, 2, 3}
    do(game, type="discard", card=2)
    assert game.state.hands[0] == [1, 3]


@pytest.mark.rule("6.2")
def test_6_2_separate_peace_discards_the_sparta_cards_on_a_higher_persian_die():
    game = ew_game(greek=(6, 8, 13), persian=(10,), dice=(2, 5))
    play(game, "persia", 10, "event")
    assert game.state.hands[0] == [13]
    game = ew_game(greek=(6, 8, 13), persian=(10,), dice=(5, 5))
    play(game, "persia", 10, "event")
    assert game.state.hands[0] == [6, 8, 13]


@pytest.mark.rule("6.2")
def test_6_2_card_8_royal_road_sends_the_greeks_home_and_brings_no_persians():
    """Card 8 does one thing or the other: with Greek armies in the city, they go back to the
    reserve and that is all (docs/rules-decisions.md)."""
    game = ew_game(greek=(13,), persian=(8,), ga={"abydos": 2})
    reserve = game.state.reserve[1]
    play(game, "persia", 8, "event")
    do(game, type="choose_city", city="abydos")
    assert count(game, "ga", "abydos") == 0 and game.state.reserve[0] >= 2
    assert count(game, "pa", "abydos") == 0 and game.state.reserve[1] == reserve
    assert game.prompt.kind == "operations" and game.prompt.side == "greece"


@pytest.mark.rule("6.2")
def test_6_2_card_8_royal_road_brings_persians_where_some_already_stand():
    """With no Greek army in the city, one to three Persian armies come from the reserve, even
    where Persian armies already stand (a city holds any number, §5.1)."""
    game = ew_game(greek=(13,), persian=(8,), ga={"abydos": 1}, pa={"ephesos": 2})
    play(game, "persia", 8, "event")
    labels = [a["label"] for a in game.legal_actions()]
    assert labels == ["The Royal Road: send the 1 Greek army in Abydos back to the reserve",
                      "The Royal Road: bring Persian armies to Ephesos"]
    do(game, type="choose_city", city="ephesos")
    assert {a["n"] for a in game.legal_actions()} == {1, 2, 3}
    do(game, type="place_armies", city="ephesos", n=3)
    assert count(game, "pa", "ephesos") == 5 and count(game, "ga", "abydos") == 1


@pytest.mark.rule("6.2")
def test_6_2_defection_of_thebes():
    game = ew_game(greek=(13,), persian=(12,), ga={"thebai": 2})
    play(game, "persia", 12, "event")
    do(game, type="choose_city", city="athenai")
    assert count(game, "ga", "athenai") == 2 and count(game, "pa", "thebai") == 1


@pytest.mark.rule("6.2")
def test_6_2_acropolis_on_fire():
    game = ew_game(greek=(13,), persian=(15, 14), pa={"athenai": 1}, ga={"sparta": 1})
    assert 15 in events_of(game, "persia")
    play(game, "persia", 15, "event")
    assert game.state.has("acropolis") and game.state.has("acropolis_next")
    do(game, type="pass", side="greece")
    do(game, type="pass", side="persia")
    do(game, type="keep_none")
    do(game, type="done", side="greece")
    score = next(e for e in game.log if e["kind"] == "score")
    assert score["points"] == [2, 4]  # Athenai scores for nobody
    assert game.prompt.side == "persia"
    do(game, type="buy_cards", n=0)
    do(game, type="end_preparation")
    assert game.state.stack[-1]["talents"] == 5


@pytest.mark.rule("5.3")
def test_5_3_pacification_sudden_death_goes_on_to_supply_and_scoring():
    game = ew_game(greek=(13,), persian=(16, 14), ga={"thebai": 1})
    st = game.state
    st.deck.remove(11)
    st.deck.append(11)
    play(game, "persia", 16, "event")
    do(game, type="discard", card=14)
    do(game, type="done")
    do(game, type="done", side="greece")  # Greece keeps its card (§8.1)
    st = game.state
    assert st.has("darius") and not st.hands[1]
    kinds = [e["kind"] for e in game.log]
    assert "score" in kinds and kinds.index("sudden_death") < kinds.index("score")
