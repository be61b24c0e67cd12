"""MapWidget without a browser: traits, redaction of hidden blocks, selection and moves."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.widget_helpers import to_actions

import hellenes_nb
from hellenes_nb.games.hellenes.widgets.map import HIGHLIGHT_STYLES, MapWidget, board_from_view
from hellenes_nb.games.hellenes.world import load_world

WORLD = load_world()


@pytest.fixture()
def sparta_to_act():
    game = hellenes_nb.new_game("431", seed=1)
    to_actions(game)
    assert game.prompt.side == "sparta"
    return game


def _strings(obj, field=""):
    """Every (field, string) pair inside a JSON-like value."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _strings(v, k)
    elif isinstance(obj, list | tuple):
        for v in obj:
            yield from _strings(v, field)
    elif isinstance(obj, str):
        yield field, obj


def enemy_leaks(widget: MapWidget, game, me: str) -> list[str]:
    """Every hidden enemy identity that shows up in the synced state (should be none).

    A rating such as "A2" reads like a unit key, so ``rating`` fields are not keys.
    """
    state = game.state
    ix = state.ix
    synced = json.loads(json.dumps(widget.get_state()))
    mine = me[0].upper()
    own_names = {ix.unit_name[u] for u in range(len(state.loc)) if ix.unit_key[u][0] == mine}
    hidden_keys, hidden_names = set(), set()
    for u in range(len(state.loc)):
        if ix.unit_key[u][0] != mine and not state.revealed[u]:
            hidden_keys.add(ix.unit_key[u])
            if ix.unit_name[u] not in own_names:
                hidden_names.add(ix.unit_name[u])
    return [value for field, value in _strings(synced)
            if (value in hidden_keys and field != "rating") or value in hidden_names]


# -- construction and traits --------------------------------------------------------------------

def test_plain_map_has_every_place_and_no_blocks():
    w = MapWidget()
    assert set(w.places) == set(WORLD.areas) | set(WORLD.seas)
    assert w.board["blocks"] == {}
    assert not w.playable
    for place in w.places:
        assert f'data-area="{place}"' in w.base_svg
    assert "<title>" not in w.base_svg  # the widget writes its own tooltips
    assert w.view_box[2] > w.view_box[3] > 0
    json.dumps(w.get_state())


def test_repr_is_deterministic_without_address(sparta_to_act):
    w = MapWidget(sparta_to_act, viewer="sparta")
    assert repr(w) == repr(MapWidget(sparta_to_act, viewer="sparta"))
    assert not re.search(r"0x[0-9a-f]+", repr(w))
    assert "431" in repr(w) and "viewer sparta" in repr(w)
    assert repr(MapWidget()) == "<MapWidget plain map; viewer all>"


def test_esm_and_css_ship_with_the_package():
    w = MapWidget()
    assert "export default" in w._esm
    assert ".hmap" in w._css


def test_scenario_setup_is_shown_but_not_playable():
    w = MapWidget(scenario="431")
    assert not w.playable
    assert sum(len(v) for v in w.board["blocks"].values()) == len(WORLD.scenarios["431"].setup)
    w.selected_area = "attica"
    assert w.destinations == []
    with pytest.raises(ValueError, match="not a legal destination"):
        w.play("megaris")


@pytest.mark.parametrize(("kwargs", "error", "words"), [
    ({"viewer": "athenians"}, ValueError, "viewer must be"),
    ({"game": "431"}, TypeError, "new_game"),
    ({"scenario": "404"}, ValueError, "unknown scenario"),
])
def test_bad_arguments_are_named(kwargs, error, words):
    with pytest.raises(error, match=words):
        MapWidget(**kwargs)


def test_game_and_other_scenario_conflict(sparta_to_act):
    with pytest.raises(ValueError, match="plays scenario '431'"):
        MapWidget(sparta_to_act, scenario="sicily")


# -- redaction (§2.0, §6.1) ---------------------------------------------------------------------

@pytest.mark.rule("2.0")
@pytest.mark.parametrize("me", ["athens", "sparta"])
def test_2_0_synced_state_never_holds_hidden_enemy_identities(sparta_to_act, me):
    w = MapWidget(sparta_to_act, viewer=me)
    assert enemy_leaks(w, sparta_to_act, me) == []
    enemy = [b for blocks in w.board["blocks"].values() for b in blocks if b["side"] != me]
    assert enemy, "the 431 setup has enemy blocks on the map"
    for b in enemy:
        assert set(b) == {"side", "hidden", "besieged"}


@pytest.mark.rule("2.0")
def test_2_0_teacher_sees_every_block(sparta_to_act):
    w = MapWidget(sparta_to_act, viewer="all")
    shown = [b for blocks in w.board["blocks"].values() for b in blocks]
    assert shown and all("key" in b and "cv" in b and "rating" in b for b in shown)
    on_map = sum(1 for p in sparta_to_act.state.loc if p >= 0)
    assert len(shown) == on_map


@pytest.mark.rule("2.0")
def test_2_0_switching_viewer_redacts_again_and_clears_selection(sparta_to_act):
    w = MapWidget(sparta_to_act, viewer="all")
    w.selected_area = "ambracia"
    w.viewer = "athens"
    assert w.selected_area == "" and w.destinations == []
    assert enemy_leaks(w, sparta_to_act, "athens") == []
    with pytest.raises(ValueError, match="viewer must be"):
        w.viewer = "persia"
    assert w.viewer == "athens"


@pytest.mark.rule("2.0")
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 25))
def test_2_0_no_leak_after_random_play(seed, steps):
    game = hellenes_nb.new_game("431", seed=seed % 50)
    rng = random.Random(seed)
    for _ in range(steps):
        acts = game.legal_actions()
        if not acts:
            break
        game.apply(rng.choice(acts))
    for me in ("athens", "sparta"):
        w = MapWidget(game, viewer=me)
        assert enemy_leaks(w, game, me) == []


def test_board_carries_sieges_blockades_and_garrisons():
    game = hellenes_nb.new_game("431", seed=1)
    w = MapWidget(game, viewer="athens")
    # Potidaea in Pallene is besieged and blockaded by Athens in 431 (Thucydides 1.64)
    assert w.board["sieges"]["pallene"] == {"besieger": "athens", "blockaded": True}
    assert w.board["garrisons"]["pallene"] == "sparta"
    inside = [b for b in w.board["blocks"]["pallene"] if b["besieged"]]
    assert inside and all(b["side"] == "sparta" and b.get("hidden") for b in inside)


def test_board_from_view_rejects_nothing_it_was_not_given(sparta_to_act):
    view = sparta_to_act.view("athens")
    assert "pallene" in view["blockaded"]  # the public blockade marker comes with the view
    assert board_from_view(view, WORLD)["sieges"]["pallene"]["blockaded"] is True
    board = board_from_view({**view, "blockaded": []}, WORLD)
    assert board["sieges"]["pallene"]["blockaded"] is False  # nothing but the view is read
    assert board["prompt"].startswith("Waiting for Sparta")


# -- lesson helpers -----------------------------------------------------------------------------

def test_highlight_styles_and_clearing():
    w = MapWidget()
    w.highlight(["hellespont", "sea_of_marmara", "saronic_gulf"], style="route")
    w.highlight("attica", style="target")
    assert w.highlights == {"route": ["hellespont", "sea_of_marmara", "saronic_gulf"],
                            "target": ["attica"]}
    w.highlight([], style="route")
    assert w.highlights == {"target": ["attica"]}
    w.clear_highlights()
    assert w.highlights == {}
    assert set(HIGHLIGHT_STYLES) >= {"route", "target"}


def test_highlight_and_focus_name_bad_input():
    w = MapWidget()
    with pytest.raises(ValueError, match="style must be one of"):
        w.highlight(["attica"], style="glow")
    with pytest.raises(ValueError, match="'atlantis' is not a land area or sea id"):
        w.highlight(["atlantis"])
    with pytest.raises(ValueError, match="zoom must be a number from 1"):
        w.focus("pylos", 40)
    with pytest.raises(ValueError, match="not a land area or sea id"):
        w.focus("sphacteria")


def test_focus_sets_camera_traits():
    w = MapWidget()
    w.focus("pylos", 8)
    assert w.zoom == 8.0
    assert w.center == list(w.places["pylos"]["symbol"])
    w.reset_view()
    assert w.zoom == 1.0 and w.center == []


def test_on_select_runs_callbacks_and_refuses_non_callables():
    w = MapWidget()
    seen: list[str] = []
    w.on_select(seen.append)
    w.selected_area = "boeotia"
    w.selected_area = ""
    w.selected_area = "attica"
    assert seen == ["boeotia", "attica"]
    with pytest.raises(TypeError, match="on_select needs a function"):
        w.on_select("print")


# -- destinations and moves (§4.1, §5) ----------------------------------------------------------

@pytest.mark.rule("4.1")
def test_4_1_unit_destinations_activate_the_group_then_move(sparta_to_act):
    game = sparta_to_act
    w = MapWidget(game, viewer="sparta")
    key = next(b["key"] for b in w.board["blocks"]["ambracia"] if "key" in b)
    w.select_unit(key)
    assert w.selected_area == "ambracia"
    expected = {a["path"][-1] for a in _moves_after_activation(game, "ambracia", key)}
    assert set(w.destinations) == expected and "amphilochia" in expected
    actions_before = game.state.actions_left
    w.play("amphilochia")
    assert [a["type"] for a in game.history[-2:]] == ["move_group", "move"]
    assert game.state.actions_left == actions_before - 1
    assert any(b.get("key") == key for b in w.board["blocks"]["amphilochia"])
    assert w.selected_area == "amphilochia" and w.selected_unit == ""


def _moves_after_activation(game, area, key):
    trial = game.clone()
    trial.apply(next(a for a in trial.legal_actions("sparta")
                     if a["type"] == "move_group" and a["area"] == area))
    return [a for a in trial.legal_actions("sparta") if a["type"] == "move" and a["unit"] == key]


@pytest.mark.rule("5.3")
def test_5_3_preferred_path_avoids_forced_march(sparta_to_act):
    w = MapWidget(sparta_to_act, viewer="sparta")
    key = next(b["key"] for b in w.board["blocks"]["ambracia"] if "key" in b)
    w.select_unit(key)
    w.play("amphilochia")
    assert "forced" not in sparta_to_act.history[-1]


@pytest.mark.rule("4.1")
def test_4_1_area_selection_moves_the_whole_group(sparta_to_act):
    game = sparta_to_act
    w = MapWidget(game, viewer="sparta")
    here = [b["key"] for b in w.board["blocks"]["corinth"] if "key" in b and not b["besieged"]]
    assert len(here) > 1
    w.selected_area = "corinth"
    assert "megaris" in w.destinations
    w.play("megaris")
    moved = [a["unit"] for a in game.history if a["type"] == "move"]
    assert len(moved) >= 2 and set(moved) <= set(here)
    assert game.history[-len(moved) - 1]["type"] == "move_group"


def test_other_side_gets_no_destinations(sparta_to_act):
    w = MapWidget(sparta_to_act, viewer="athens")
    w.selected_area = "attica"
    assert w.destinations == []
    with pytest.raises(ValueError, match="Megaris is not a legal destination"):
        w.play("megaris")


def test_browser_play_message_reports_plain_words(sparta_to_act):
    w = MapWidget(sparta_to_act, viewer="sparta")
    w.selected_area = "ambracia"
    w.handle_request({"request": "play", "area": "crete"})
    assert w.message.startswith("Not possible: Crete is not a legal destination")
    history = list(sparta_to_act.history)
    w.handle_request({"something": "else"})
    assert sparta_to_act.history == history


def test_refresh_follows_changes_made_outside(sparta_to_act):
    game = sparta_to_act
    w = MapWidget(game, viewer="all")
    end = next(a for a in game.legal_actions() if a["type"] == "end_actions")
    game.apply(end)
    assert w.board["prompt"].startswith("Sparta")  # stale until refreshed
    w.refresh()
    assert w.board["prompt"] != "" and not w.board["prompt"].startswith("Sparta's action")


def test_game_setter_switches_games_and_checks_type(sparta_to_act):
    w = MapWidget(scenario="431")
    w.selected_area = "attica"
    w.game = sparta_to_act
    assert w.playable and w.selected_area == ""
    assert w.board["prompt"].startswith("Sparta")
    with pytest.raises(TypeError, match="must be a hellenes_nb Game"):
        w.game = "431"


@pytest.mark.rule("2.0")
def test_2_0_a_move_that_brings_a_hand_over_leaves_no_message_under_the_curtain(sparta_to_act):
    """The hot-seat dashboard covers the map as soon as the session says the decision passed to
    the other player; the words of the move just played must not appear after that."""
    w = MapWidget(sparta_to_act, viewer="sparta")
    w.session.observe(lambda change: setattr(w, "curtain", True))  # the dashboard's hand-over
    w.selected_area = "corinth"
    w.play("megaris")
    assert w.curtain and w.message == "" and w.board["blocks"] == {}
