"""Athens & Sparta: the optional Syracuse points (§6 sidebar, §9.2) as the scenario
``athens-sparta-syracuse``: a card set aside at Sicily by each side after the first deal, a
first Olympiad of five Game Turns, the cards kept out of later deals, shown when Syracuse is
attacked, and Syracuse then worth their MPs; the options ``syracuse`` and
``syracuse_points`` accepted and checked; and a property: Syracuse's moves and battles never
change the city points on the board but by the value the cards give."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from hellenes_nb import new_game
from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.athens_sparta.state import BlockState
from hellenes_nb.games.athens_sparta.ui import header_html

SCEN = "athens-sparta-syracuse"


def _pick(g: Game) -> None:
    """Keep any poor hand, then set aside each side's first card at Sicily."""
    while g.prompt.kind == "mulligan":
        g.apply(next(a for a in g.legal_actions() if a["type"] == "keep_hand"))
    assert g.prompt.kind == "sicily_cards"
    for side in ("sparta", "athens"):
        g.apply(g.legal_actions(side)[0])


@pytest.mark.rule("9.2")
def test_9_2_optional_each_side_sets_a_card_aside_face_down_after_the_first_deal():
    g = new_game(SCEN, seed=4)
    while g.prompt.kind == "mulligan":
        g.apply(next(a for a in g.legal_actions() if a["type"] == "keep_hand"))
    assert g.prompt.kind == "sicily_cards"
    assert set(g.view("all")["prompt"]["sides"]) == {"athens", "sparta"}
    first = g.legal_actions("sparta")[0]
    assert first["type"] == "sicily_card" and "Sicily" in first["label"]
    with pytest.raises(IllegalAction, match=r"comes from sparta's hand.*§9\.2"):
        g.apply({"type": "sicily_card", "side": "sparta", "card": "not-a-card"})
    g.apply(first)
    assert len(g.state.hands["sparta"]) == 5
    assert g.view("athens").get("sicily") is None  # nothing set aside by both yet
    assert not any(first["card"] in str(e) for e in g.log_for("athens"))
    g.apply(g.legal_actions("athens")[0])
    seen = g.view("athens")["sicily"]
    assert seen["cards"]["sparta"] is None and seen["cards"]["athens"] is not None
    assert seen["value"] is None
    assert g.prompt.kind == "cards"


@pytest.mark.rule("9.2")
def test_9_2_optional_the_first_olympiad_has_five_turns_and_the_cards_stay_out_of_the_deck():
    g = new_game(SCEN, seed=4)
    _pick(g)
    aside = set(g.state.sicily.values())
    r = random.Random(0)
    turns = set()
    assert g.view("athens")["turns"] == 5
    assert "Game Turn 1 of 5" in header_html(g, "athens")
    while g.state.board.olympiad == 84 and not g.over:
        turns.add(g.state.board.turn)
        acts = g.legal_actions()
        ends = [a for a in acts if a["type"] in ("end_moves", "end_battles", "end_regroup",
                                                 "keep_hand", "decline_persia")]
        g.apply(ends[0] if ends else r.choice(acts))
    assert turns == {1, 2, 3, 4, 5}
    assert g.state.board.olympiad == 85 and g.view("sparta")["turns"] == 6
    for _ in range(200):
        if g.prompt.kind == "cards":
            break
        acts = g.legal_actions()
        g.apply(next((a for a in acts if a["type"].startswith("end") or a["type"] in (
            "keep_hand", "build_plan")), acts[0]))
    dealt = set(g.state.hands["athens"]) | set(g.state.hands["sparta"]) | set(g.state.rest)
    assert not dealt & aside and len(dealt) == 23


@pytest.mark.rule("9.2")
def test_9_2_optional_syracuse_attacked_shows_both_cards_and_is_worth_their_mps():
    g = new_game(SCEN, seed=4)
    _pick(g)
    st = g.state
    mps = {c.id: c.mp for c in st.world.cards}
    value = sum(mps[c] for c in st.sicily.values())
    st.board.blocks["ath-h1"] = BlockState("0103", 3, "athens")  # at Corcyra
    st.stack[-1:] = [{"kind": "ops", "side": "athens", "mps": 3, "storm": False,
                      "moved": [], "from": {}, "crossed": [], "attacks": []}]
    g.apply({"type": "sea", "side": "athens", "block": "ath-h1", "to": "syracuse"})
    st = g.state
    assert st.board.values == {"syracuse": value}
    for side in ("athens", "sparta"):
        assert g.view(side)["sicily"] == {"cards": dict(st.sicily), "value": value}
    before = g.view("sparta")["points"]["sparta"]
    st.board.blocks["ath-h1"] = BlockState("pool", 0, "athens")
    for k in ("syr-h1", "syr-c1", "syr-n1"):
        st.board.blocks[k] = BlockState("pool", 0, "sparta")
    st.board.control["syracuse"] = "athens"
    assert g.view("athens")["points"]["athens"] == 19 + value
    assert before == 18 + value


@pytest.mark.rule("9.2")
def test_9_2_the_standard_war_has_no_cards_at_sicily_and_syracuse_worth_4():
    g = new_game("athens-sparta", seed=4)
    while g.prompt.kind == "mulligan":
        g.apply(next(a for a in g.legal_actions() if a["type"] == "keep_hand"))
    assert g.prompt.kind == "cards"
    assert "sicily" not in g.view("athens") and "sicily" not in g.state.to_dict()


def test_the_syracuse_options_are_played_and_checked_in_words():
    assert new_game("athens-sparta", seed=1, syracuse="fan").state.options == {
        "syracuse": "fan"}
    assert new_game("athens-sparta", seed=1, syracuse_points="cards").state.options == {
        "syracuse_points": "cards"}
    assert new_game(SCEN, seed=1).state.options == {"syracuse_points": "cards"}
    with pytest.raises(ValueError, match=r"Syracuse points.*'athens-sparta' for the standard"):
        new_game(SCEN, seed=1, syracuse_points="standard")
    with pytest.raises(ValueError, match=r"syracuse is 'aid' \(the default\) or 'fan'"):
        new_game("athens-sparta", seed=1, syracuse="both")


def test_a_game_of_the_syracuse_points_scenario_saves_and_opens_again():
    g = new_game(SCEN, seed=4)
    _pick(g)
    g.apply(g.legal_actions("athens")[0])
    again = Game.from_json(g.to_json())
    assert again.state.to_dict() == g.state.to_dict()
    assert again.state.sicily == g.state.sicily


def _total(g: Game) -> int:
    st = g.state
    return sum(st.board.values.get(c, st.world.cities[c].value)
               for c, owner in st.board.control.items() if owner != "persia")


@pytest.mark.rule("9.2")
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st_.integers(0, 10_000), scenario=st_.sampled_from(["athens-sparta", SCEN]))
def test_9_2_property_moves_and_battles_in_sicily_keep_the_city_points_on_the_board(
        seed, scenario):
    """Whatever is played (Syracuse's moves and battles preferred), the points of all the
    cities stay 48, but Syracuse's own value once its cards are shown (44 + the cards)."""
    g = new_game(scenario, seed=seed)
    r = random.Random(seed)
    for _ in range(250):
        if g.over:
            break
        acts = g.legal_actions()
        sicily = [a for a in acts if "syracuse" in (a.get("to"), a.get("hex"))]
        g.apply(r.choice(sicily) if sicily and r.random() < 0.7 else r.choice(acts))
        shown = g.state.board.values.get("syracuse")
        assert _total(g) == (48 if shown is None else 44 + shown)
