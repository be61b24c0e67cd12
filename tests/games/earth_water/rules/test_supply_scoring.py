"""Supply (§8), scoring (§4.5, §9) and the end of the game (§10), with the rulebook's supply
and scoring examples."""

from __future__ import annotations

import pytest
from support.earth_water_positions import count, do, ew_game

from hellenes_nb.games.earth_water.rules.campaign import points

SUPPLY = [{"kind": "campaign", "phase": "scoring", "skipped": False},
          {"kind": "supply", "side": 0, "stage": "cards"},
          {"kind": "supply", "side": 1, "stage": "cards"}]
SCORING = [{"kind": "campaign", "phase": "scoring", "skipped": False}]

EXAMPLE = {"pa": {"pella": 1, "delphi": 2, "eretria": 1, "abydos": 2, "ephesos": 3},
           "ga": {"thebai": 2, "athenai": 1}}


@pytest.mark.rule("8.2")
def test_8_2_supply_example_with_the_bridge():
    game = ew_game(stack=SUPPLY, flags=("bridge",), **EXAMPLE)
    # three cities besides Persia's own feed three armies; four stand in them
    assert game.prompt.side == "persia" and game.prompt.kind == "supply"
    choices = {a["city"] for a in game.legal_actions()}
    assert choices == {"pella", "delphi", "eretria"}  # never the armies of Abydos, Ephesos
    do(game, type="choose_city", city="eretria")
    # Delphi - Larissa (nobody's) - Pella - bridge - Abydos: in supply; Greece feeds 3 of 3
    assert count(game, "pa", "delphi") == 2 and count(game, "pa", "pella") == 1
    assert count(game, "ga", "thebai") == 2 and count(game, "ga", "athenai") == 1
    assert count(game, "pa", "ephesos") == 3


@pytest.mark.rule("8.2")
def test_8_2_supply_example_without_the_bridge_a_fleet_saves_pella():
    game = ew_game(stack=SUPPLY, pf={"pella": 1}, **EXAMPLE)
    do(game, type="choose_city", city="eretria")
    assert count(game, "pa", "delphi") == 0  # the line is cut at the Hellespont
    assert count(game, "pa", "pella") == 1  # supplied by sea
    assert any(e["kind"] == "cut_off" and e["rule"] == "8.2" for e in game.log)


@pytest.mark.rule("8.2")
def test_8_2_enemy_fleets_in_both_major_ports_stop_sea_supply():
    game = ew_game(stack=SUPPLY, pa={"naxos": 1}, pf={"naxos": 1},
                   gf={"abydos": 1, "ephesos": 1}, ga={"athenai": 1})
    assert count(game, "pa", "naxos") == 0
    game = ew_game(stack=SUPPLY, pa={"naxos": 1}, pf={"naxos": 1}, gf={"abydos": 1},
                   ga={"athenai": 1})
    assert count(game, "pa", "naxos") == 1


@pytest.mark.rule("8.2")
def test_8_2_greek_armies_beyond_the_amphorae_starve():
    game = ew_game(stack=SUPPLY, ga={"athenai": 4, "sparta": 2, "korinthos": 1})
    # Athenai 2 + Sparta 2 + Korinthos 1 feed five of seven
    do(game, type="choose_city", city="athenai")
    do(game, type="choose_city", city="athenai")
    assert game.state.reserve[0] == 9 - 5


@pytest.mark.rule("8.1")
def test_8_1_greece_keeps_four_persia_one_for_ten_talents():
    game = ew_game(stack=SUPPLY, greek=(1, 2, 3, 4, 7, 8), persian=(13, 14), ga={"athenai": 1})
    assert game.prompt.side == "persia"
    do(game, type="keep_card", card=14)
    assert game.state.hands[1] == [14]
    assert not any(a["type"] == "done" for a in game.legal_actions())
    do(game, type="discard", card=1)
    do(game, type="discard", card=2)
    do(game, type="done")
    assert game.state.hands[0] == [3, 4, 7, 8]
    assert game.prompt.kind == "prepare" and game.state.stack[-1]["talents"] == 10


@pytest.mark.rule("4.5")
def test_4_5_scoring_example():
    game = ew_game(stack=SCORING, ga={"athenai": 1, "sparta": 1, "korinthos": 1}, persian=(14,))
    assert points(game.state) == [5, 4]
    assert game.state.score == 1
    game = ew_game(stack=SCORING, ga={"sparta": 1, "korinthos": 1}, pa={"athenai": 1},
                   persian=(14,))
    assert points(game.state) == [3, 6]
    assert game.state.score == -3


@pytest.mark.rule("4.5")
def test_4_5_the_track_stops_at_six():
    game = ew_game(stack=SCORING, score=5, ga={"athenai": 1, "thebai": 1, "delphi": 1,
                                               "larissa": 1, "eretria": 1, "naxos": 1},
                   persian=(14,))
    assert game.state.score == 6


@pytest.mark.rule("9.0")
def test_9_0_losing_both_major_cities_loses_the_game():
    game = ew_game(stack=SCORING, score=6, pa={"athenai": 1, "sparta": 1})
    assert game.over and game.result["winner"] == "persia" and game.result["how"] == "majors"


@pytest.mark.rule("10.0")
def test_10_0_after_the_fifth_campaign_the_score_decides():
    game = ew_game(stack=SCORING, campaign=5, score=0, ga={"thebai": 1})
    assert game.over and game.result["winner"] == "greece" and game.result["score"] == 1
    tie = ew_game(stack=SCORING, campaign=5, score=0)
    assert tie.over and tie.result["winner"] is None and tie.result["how"] == "tie"


@pytest.mark.rule("8.1")
def test_8_1_no_hand_to_settle_after_the_last_campaign():
    game = ew_game(stack=SUPPLY, campaign=5, greek=(1, 2, 3, 4, 5, 6), persian=(13, 14))
    assert game.over
