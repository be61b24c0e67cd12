"""The Athens & Sparta search scores positions with weights learned from self-play, shipped as
data with what produced them, on facts drawn from the victory terms (§10) (docs/athens-sparta.md,
"The learned evaluation")."""

from __future__ import annotations

import json
import math

import pytest

from hellenes_nb import new_game
from hellenes_nb.bots import deciding_sides
from hellenes_nb.bots.learned import TermsError
from hellenes_nb.games.athens_sparta.bots import evaluation as ev
from hellenes_nb.games.athens_sparta.bots.heuristic import HeuristicBot
from hellenes_nb.games.athens_sparta.bots.searching import SCALE, ASSearch, worth
from hellenes_nb.games.athens_sparta.position import TURNS
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA
from hellenes_nb.games.athens_sparta.state import BlockState
from hellenes_nb.games.athens_sparta.world import data_dir


def _start(scenario: str = "athens-sparta", **options):
    return new_game(scenario, seed=5, **options).state


def _played(seed: int, every: int = 40):
    """Positions of a heuristic game, one every ``every`` decisions."""
    game = new_game("athens-sparta", seed)
    bots = {s: HeuristicBot(seed + i) for i, s in enumerate(("athens", "sparta"))}
    n = 0
    while not game.over and n < 400:
        if n % every == 0:
            yield game.state.clone()
        for side in deciding_sides(game):
            game.apply(bots[side].choose(game, side))
        n += 1


def _spartan_city(st) -> str:
    """A Spartan city with points, not under siege or blockade."""
    return next(c for c, who in sorted(st.board.control.items())
                if who == "sparta" and st.world.cities[c].value and c != "sparta"
                and c not in st.board.besieged and c not in st.board.blockaded)


def test_the_search_scores_with_the_shipped_fitted_weights():
    shipped = json.loads((data_dir() / ev.WEIGHTS_FILE).read_text())
    assert shipped["script"] == "scripts/fit_evaluation_as.py"
    assert shipped["features"] == list(ev.FEATURES)
    w = ev.fitted("athens-sparta")
    assert set(w) == {"intercept", *ev.FEATURES}
    assert any(w[k] for k in ev.FEATURES)
    centred = {k: v for k, v in w.items() if k != "intercept"}
    for scenario in ATHENS_SPARTA.SCENARIOS:  # one family for both (evaluation.family)
        st = _start(scenario)
        st.board.control[_spartan_city(st)] = "athens"  # a position the weights do not score 1/2
        model = ASSearch(1)
        for role in (0, 1):
            got = model.value(ATHENS_SPARTA, st, role)
            assert got == ev.value(st, role, centred)
            assert got != pytest.approx(0.5, abs=1e-3)


@pytest.mark.rule("10.2")
def test_a_city_taken_moves_the_points_and_the_clocks_count_later_in_the_war():
    st = _start()
    before = ev.features(st)
    city = _spartan_city(st)
    value = st.world.cities[city].value
    st.board.control[city] = "athens"
    after = ev.features(st)
    assert after["points"] == before["points"] + 2 * value
    assert after["points_progress"] == before["points_progress"] == 0.0  # the war's first turn
    assert after["clock"] == 0.0
    st.board.olympiad += 3
    late = ev.features(st)
    assert late["points_progress"] > 0 and late["clock"] > 0  # the aid: time is Athens'


@pytest.mark.rule("10.2")
def test_the_end_of_the_war_by_points_turns_the_clock_to_the_side_ahead():
    st = _start(end_of_war="points")
    st.board.olympiad += 3
    assert ev.features(st)["clock"] > 0  # Athens ahead at the start
    for city in [c for c, who in sorted(st.board.control.items()) if who == "athens"
                 and c != "athens" and st.world.cities[c].value][:4]:
        st.board.control[city] = "sparta"
    assert ev.features(st)["points"] < 0 and ev.features(st)["clock"] < 0


@pytest.mark.rule("10.2")
def test_points_near_the_thirty_count_more_just_before_the_check():
    st = _start()
    assert ev.features(st)["reach"] == 0.0
    for city in [c for c, who in sorted(st.board.control.items()) if who == "sparta"
                 and c != "sparta" and st.world.cities[c].value][:6]:
        st.board.control[city] = "athens"
    f = ev.features(st)
    assert f["points"] > 0 and f["reach"] > 0
    early = f["reach_late"]
    st.board.turn = TURNS
    assert ev.features(st)["reach_late"] > early and ev.features(st)["reach_late"] == f["reach"]


@pytest.mark.rule("6.0")
def test_a_siege_takes_the_city_out_of_the_points_and_into_the_sieges():
    st = _start()
    before = ev.features(st)
    city = _spartan_city(st)
    st.board.besieged[city] = "athens"
    after = ev.features(st)
    assert after["sieges"] == before["sieges"] + st.world.cities[city].value
    assert after["points"] == before["points"] + st.world.cities[city].value  # Sparta's loss


@pytest.mark.rule("10.1")
def test_an_army_next_to_the_enemy_main_city_is_a_threat():
    st = _start()
    before = ev.features(st)["main_threat"]
    near = sorted(st.world.land_links[st.world.cities["sparta"].hex])[0]
    st.board.blocks["ath-h1"] = BlockState(near, 3, "athens")
    assert ev.features(st)["main_threat"] == before + 3


@pytest.mark.rule("2.11")
def test_steps_on_the_map_count_by_kind():
    st = _start()
    before = ev.features(st)
    st.board.blocks["ath-n1"] = BlockState("pool", 4, "athens")
    after = ev.features(st)
    assert after["navies"] == before["navies"] - 4 and after["armies"] == before["armies"]
    spartan = next(k for k, b in sorted(st.board.blocks.items()) if b.side == "sparta"
                   and b.where in st.world.hexes and b.steps > 1 and "-n" not in k)
    st.board.blocks[spartan].steps -= 1
    assert ev.features(st)["armies"] == before["armies"] + 1


@pytest.mark.rule("4.6")
def test_move_points_in_hand():
    st = _start()
    before = ev.features(st)["hand_mp"]
    mps = {c.id: c.mp for c in st.world.cards}
    st.hands = {**st.hands, "athens": [*st.hands["athens"], "move-21"]}
    assert ev.features(st)["hand_mp"] == before + mps["move-21"]


@pytest.mark.rule("9.3")
def test_persias_support_is_spartas_and_takes_miletus_out_of_its_points():
    st = _start()
    st.board.control["miletus"] = "sparta"
    held = ev.features(st)
    st.board.persia = "allied"
    allied = ev.features(st)
    assert allied["persia"] == -1.0 and held["persia"] == 0.0
    assert allied["points"] == held["points"] + st.world.cities["miletus"].value


def test_the_two_sides_chances_add_up_to_one():
    w = ev.fitted("athens-sparta")
    centred = {k: v for k, v in w.items() if k != "intercept"}
    model = ASSearch(2)
    seen = 0
    for st in _played(3):
        for weights in (w, centred):
            assert ev.value(st, 0, weights) + ev.value(st, 1, weights) == pytest.approx(1.0)
        assert model.value(ATHENS_SPARTA, st, 0) + model.value(ATHENS_SPARTA, st, 1) \
            == pytest.approx(1.0)
        seen += 1
    assert seen >= 5


@pytest.mark.rule("10.1")
def test_a_finished_game_scores_its_result():
    st = _start()
    st.stack[:] = [{"kind": "over", "winner": "sparta", "how": "sudden death", "text": "x"}]
    w = ev.fitted("athens-sparta")
    assert ev.value(st, 0, w) == 0.0 and ev.value(st, 1, w) == 1.0


def test_a_bad_weights_file_is_refused_in_words_naming_it(tmp_path):
    (tmp_path / ev.WEIGHTS_FILE).write_text(
        '{"families": {"athens-sparta": {"weights": {"points": "many"}}}}')
    with pytest.raises(TermsError, match=r"evaluation\.json cannot be used.*'athens-sparta'"):
        ev.fitted("athens-sparta", tmp_path)
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / ev.WEIGHTS_FILE).write_text("[1, 2")
    with pytest.raises(TermsError, match=r"evaluation\.json cannot be used"):
        ev.fitted("athens-sparta", tmp_path / "other")


def test_without_fitted_weights_the_search_keeps_the_hand_set_worth(tmp_path, monkeypatch):
    assert ev.fitted("athens-sparta", tmp_path) is None  # no file: no weights
    monkeypatch.setattr(ev, "fitted", lambda fam, folder=None: None)
    st = _start()
    st.board.control[_spartan_city(st)] = "athens"
    model = ASSearch(1)
    for role in (0, 1):
        hand = 1 / (1 + math.exp(-worth(st, role) / SCALE))
        assert model.value(ATHENS_SPARTA, st, role) == pytest.approx(hand)
    assert model.weights == {}
