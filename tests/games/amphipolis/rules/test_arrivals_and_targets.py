"""Choices the engine used to take for the player, now his decisions: where (and as what) a
reinforcement arrives when the scenario gives two ways (§10.1, §10.4), the units of the
campaign's S15 (§10.4), the unit S9 takes out of the odds and the leader S18 wounds (§7)."""

from __future__ import annotations

import random

import pytest

from hellenes_nb import new_game
from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.amphipolis.invariants import check_invariants
from hellenes_nb.games.amphipolis.odds import state_odds
from hellenes_nb.games.amphipolis.rules.combat import odds
from hellenes_nb.games.amphipolis.ruleset import AMPHIPOLIS
from hellenes_nb.games.amphipolis.state import IN_PLAY
from hellenes_nb.games.amphipolis.world import load_world

from .test_main_play import ATHENS, OVER, SPARTA, _place, empty, find, types
from .test_main_stratagems import counter, mods, window

W = load_world()


def where(game, uid):
    return game.state.uloc[W.unit_index[uid]]


# -- S9 and S18: the target is the player's -------------------------------------------------

def _three_spartans():
    st = empty()
    _place(st, "T11", "pel-h8b", "spa-p6-1", "spa-c5-1", leaders=("brasidas", "clearidas"))
    _place(st, "T11", "ath-h6-1", "thr-p5-1")
    return st


@pytest.mark.rule("7")
def test_7_s9_the_player_picks_the_enemy_unit_left_out_of_the_odds():
    game = window(_three_spartans(), ATHENS, "combat", "T11", battle="T11", hand=(counter(9),))
    plays = [a for a in game.legal_actions() if a.get("number") == 9]
    assert {a["use"] for a in plays} == {"pel-h8b", "spa-p6-1", "spa-c5-1"}
    assert plays[0]["use"] == "pel-h8b"  # the strongest first: the engine's old pick
    assert any("P/6 of Sparta does not count" in a["label"] for a in plays)
    game.apply(find(game, type="play", number=9, use="spa-p6-1"))
    played = [m for m in mods(game) if m[1] == 9]
    assert played == [[ATHENS, 9, W.unit_index["spa-p6-1"]]]
    assert odds(_three_spartans(), "T11", SPARTA, played) == (8 + 5, 6 + 5)


@pytest.mark.rule("7")
def test_7_s9_odds_on_the_button_follow_the_unit_picked():
    game = window(_three_spartans(), ATHENS, "combat", "T11", battle="T11", hand=(counter(9),))
    notes = {u: state_odds(game.state, ATHENS, find(game, type="play", number=9, use=u)).notes[0]
             for u in ("pel-h8b", "spa-c5-1")}
    # Sparta attacks with 19 PF: 11 without its H/8, 14 without its C/5
    assert notes["pel-h8b"].startswith("11 PF against 11 PF")
    assert notes["spa-c5-1"].startswith("14 PF against 11 PF")


@pytest.mark.rule("7")
def test_7_s18_the_player_picks_the_enemy_leader_wounded():
    game = window(_three_spartans(), ATHENS, "combat", "T11", battle="T11", hand=(counter(18),))
    plays = [a for a in game.legal_actions() if a.get("number") == 18]
    assert [a["use"] for a in plays] == ["brasidas", "clearidas"]  # largest bonus first
    assert plays[1]["label"].endswith("(wounds Clearidas)")
    game.apply(find(game, type="play", number=18, use="clearidas"))
    wounded = {g.id for k, g in enumerate(W.leaders) if game.state.lwound[k]}
    assert wounded == {"clearidas"}


@pytest.mark.rule("7")
def test_7_a_target_that_is_not_offered_is_refused_in_words_with_the_state_unchanged():
    st = _three_spartans()
    _place(st, "T11", leaders=("polydamidas",))  # no bonus: S18 has nothing to cancel there
    game = window(st, ATHENS, "combat", "T11", battle="T11", hand=(counter(9), counter(18)))
    before = game.to_json()
    for use, n in (("helot-h8b", 9), ("polydamidas", 18), ("nicias", 18)):
        with pytest.raises(IllegalAction, match="not a choice in this step"):
            game.apply({"type": "play", "side": "athens", "counter": counter(n), "number": n,
                        "use": use})
        assert game.to_json() == before


@pytest.mark.rule("7")
def test_7_s9_and_s18_with_no_target_play_on_the_old_pick_as_saves_made_before():
    game = window(_three_spartans(), ATHENS, "combat", "T11", battle="T11", hand=(counter(9),))
    game.apply({"type": "play", "side": "athens", "counter": counter(9), "number": 9,
                "use": ""})
    assert [m for m in mods(game) if m[1] == 9] == [[ATHENS, 9, W.unit_index["pel-h8b"]]]
    game = window(_three_spartans(), ATHENS, "combat", "T11", battle="T11", hand=(counter(18),))
    game.apply({"type": "play", "side": "athens", "counter": counter(18), "number": 18,
                "use": ""})
    assert game.state.lwound[W.leader_index["brasidas"]] == 1


# -- reinforcements: the rear base and the type ----------------------------------------------

def _b2(scenario, turn, pending, seed=1):
    """Phase B.2 of ``scenario`` on ``turn`` with only ``pending`` due (the data's groups)."""
    st = empty(scenario, seed)
    st.turn = turn
    st.pending = pending
    st.stack = [dict(OVER), {"kind": "turn", "stage": "B2deploy"}]
    AMPHIPOLIS.steps.settle(st)
    return Game(AMPHIPOLIS, st, seed)


def _due(scenario, side, turn):
    st = new_game(f"amphipolis-{scenario}", 1).state
    return [p for p in st.pending if p["side"] == side and p["turn"] == turn]


@pytest.mark.rule("10.1")
def test_10_1_the_athenian_player_brings_his_turn_2_peltast_to_thrace_or_thasos():
    game = _b2("10.1", 2, _due("10.1", "athens", 2))
    arrive = [a for a in game.legal_actions() if a["type"] == "arrive"]
    assert [a["at"] for a in arrive] == ["thasos", "thrace"]
    assert "Thrace" in arrive[1]["label"] and "P/5" in arrive[1]["label"]
    game.apply(find(game, type="arrive", at="thrace"))
    assert where(game, "ath-ally-p5-2") == "thrace"
    assert game.state.stack[-1]["kind"] != "arrive"


@pytest.mark.rule("2 B.2")
def test_2_b2_only_a_rear_base_free_of_the_enemy_is_offered():
    st = empty("10.1")
    st.turn = 2
    _place(st, "thrace", "spa-p6-1")
    st.pending = _due("10.1", "athens", 2)
    st.stack = [dict(OVER), {"kind": "turn", "stage": "B2deploy"}]
    AMPHIPOLIS.steps.settle(st)
    game = Game(AMPHIPOLIS, st, 1)
    assert "arrive" not in types(game)  # one base left: no question
    assert where(game, "ath-ally-p5-2") == "thasos"


@pytest.mark.rule("10.4")
def test_10_4_one_unit_of_type_p_or_a_the_player_picks_the_archer():
    game = _b2("10.4", 3, _due("10.4", "athens", 3))
    arrive = [a for a in game.legal_actions() if a["type"] == "arrive"]
    assert {(a["at"], a["unit_type"]) for a in arrive} == {
        (b, t) for b in ("thasos", "thrace") for t in ("P", "A")}
    assert (arrive[0]["at"], arrive[0]["unit_type"]) == ("thasos", "P")  # the data's own
    game.apply(find(game, type="arrive", at="thasos", unit_type="A"))
    came = [u.type for i, u in enumerate(W.units) if game.state.uloc[i] == "thasos"]
    assert came == ["A"]


@pytest.mark.rule("10.4")
def test_10_4_turn_6_is_p_or_c_though_the_group_reads_like_turn_3s_even_when_late():
    """Turns 3 and 6 both bring one Athenian P to Thasos or Thrace; turn 3 may be an A
    instead, turn 6 a C (also when turn 6's group comes a turn late, §2 B.2, or turn 3's)."""
    for turn, late, other in ((6, 0, "C"), (6, 1, "C"), (3, 0, "A"), (3, 2, "A")):
        group = _due("10.4", "athens", turn)
        if late:  # turn 3's group waited; turn 6's group comes on turn 7
            group = [{**p, "turn": turn + late} for p in group]
        game = _b2("10.4", turn + late, group)
        kinds = {a["unit_type"] for a in game.legal_actions() if a["type"] == "arrive"}
        assert kinds == {"P", other}, (turn, late)


def _kinds(game):
    return [W.units[W.unit_index[a["unit"]]].type for a in game.legal_actions()
            if a["type"] == "bring"]


@pytest.mark.rule("10.4")
def test_10_4_sparta_brings_two_peltasts_and_two_cavalry_to_thrace():
    game = _b2("10.4", 4, _due("10.4", "sparta", 4))
    game.apply(find(game, type="arrive", at="thrace"))
    asked = []
    while "bring" in types(game):  # the peltasts are picked first, then the cavalry
        asked.append(set(_kinds(game)))
        game.apply(next(a for a in game.legal_actions() if a["type"] == "bring"))
    assert asked and asked[0] == {"P"} and all(len(k) == 1 for k in asked)
    came = sorted(u.type for i, u in enumerate(W.units) if game.state.uloc[i] == "thrace")
    assert came == ["C", "C", "P", "P"]


@pytest.mark.rule("10.4")
def test_10_4_the_player_picks_which_peltasts_a_generic_reinforcement_brings():
    """Turn 2 brings "two P units" to Athens: the supply holds Athenian P/5+ and allied P/5,
    so the player picks them one at a time; they arrive together, once both are picked."""
    game = _b2("10.4", 2, _due("10.4", "athens", 2))
    arrive = find(game, type="arrive", at="thasos")
    assert "2 P units of your choice" in arrive["label"]
    game.apply(arrive)
    picks = [a for a in game.legal_actions() if a["type"] == "bring"]
    assert {a["unit"] for a in picks} == {"ath-p5b-1", "thr-p5-1"}
    assert picks[0]["unit"] == "ath-p5b-1"  # the first of the supply: the engine's old pick
    assert "§10.4" in picks[0]["label"]
    game.apply(find(game, type="bring", unit="thr-p5-1"))
    assert where(game, "thr-p5-1") is None
    # the next allied P/5 is offered now (alike counters are offered once, the first)
    second = {a["unit"] for a in game.legal_actions() if a["type"] == "bring"}
    assert second == {"ath-p5b-1", "thr-p5-2"}
    game.apply(find(game, type="bring", unit="thr-p5-2"))
    came = sorted(u.id for i, u in enumerate(W.units) if game.state.uloc[i] == "thasos")
    assert came == ["thr-p5-1", "thr-p5-2"]
    assert all(game.state.ustat[W.unit_index[u]] == IN_PLAY for u in came)
    assert "bring" not in types(game)


@pytest.mark.rule("10.4")
def test_10_4_a_generic_pick_of_the_wrong_type_or_a_unit_in_play_is_refused_in_words():
    game = _b2("10.4", 4, _due("10.4", "sparta", 4))
    game.apply(find(game, type="arrive", at="thrace"))
    before = game.to_json()
    horse = next(u.id for u in W.units if u.side == SPARTA and u.type == "C"
                 and game.state.ustat[W.unit_index[u.id]] != IN_PLAY)
    for uid in (horse, "helot-h8b", "thr-p5-1"):  # a C before the Ps, one in play, an Athenian
        with pytest.raises(IllegalAction, match="not a choice in this step"):
            game.apply({"type": "bring", "side": "sparta", "unit": uid})
        assert game.to_json() == before


@pytest.mark.rule("10.4")
def test_10_4_no_question_when_every_counter_of_the_type_comes_or_all_are_alike():
    """Sparta's turn-3 group brings every H left ("0"): nothing to pick. A group whose type
    has one kind of counter in the supply, or no more counters than come, asks nothing."""
    game = _b2("10.4", 3, _due("10.4", "sparta", 3))
    assert "bring" not in types(game)
    st = _b2("10.4", 2, _due("10.4", "athens", 2)).state
    # leave the supply two P counters that differ: both come, no question
    keep = {"ath-p5b-1", "thr-p5-1"}
    for u in W.units:
        if u.side == ATHENS and u.type == "P" and u.id not in keep:
            st.used = [*st.used, f"gone:{u.id}"]
    game = Game(AMPHIPOLIS, st, 1)
    game.apply(find(game, type="arrive", at="thasos"))
    assert "bring" not in types(game)
    came = sorted(u.id for i, u in enumerate(W.units) if game.state.uloc[i] == "thasos")
    assert came == sorted(keep)


@pytest.mark.rule("10.4")
def test_10_4_a_reinforcement_choice_not_offered_is_refused_in_words():
    game = _b2("10.4", 3, _due("10.4", "athens", 3))
    before = game.to_json()
    for bad in ({"at": "macedonia", "unit_type": "P"}, {"at": "thasos", "unit_type": "H"}):
        with pytest.raises(IllegalAction, match="not a choice in this step"):
            game.apply({"type": "arrive", "side": "athens", **bad})
        assert game.to_json() == before
    with pytest.raises(IllegalAction):
        game.apply({"type": "arrive", "side": "sparta", "at": "thasos", "unit_type": "P"})
    assert game.to_json() == before


# -- the campaign's S15: any two available units ---------------------------------------------

def _s15_due(side=SPARTA):
    st = new_game("amphipolis-10.4", 2).state  # turn 0: Brasidas' army is due now
    st.used = [*st.used, f"s15:{('athens', 'sparta')[side]}", f"due:{('athens', 'sparta')[side]}"]
    st.stack = [dict(OVER), {"kind": "turn", "stage": "B2deploy"}]
    AMPHIPOLIS.steps.settle(st)
    return Game(AMPHIPOLIS, st, 2)


@pytest.mark.rule("10.4")
def test_10_4_s15_the_player_picks_any_two_available_units():
    game = _s15_due()
    picks = [a for a in game.legal_actions() if a["type"] == "bring"]
    assert len(picks) > 2 and len({a["unit"] for a in picks}) == len(picks)
    kinds = {W.units[W.unit_index[a["unit"]]].type for a in picks}
    assert {"H", "P", "C"} <= kinds
    horse = next(a for a in picks if W.units[W.unit_index[a["unit"]]].type == "C")
    game.apply(horse)
    assert where(game, horse["unit"]) is None  # they arrive together, once both are picked
    second = next(a for a in game.legal_actions() if a["type"] == "bring"
                  and W.units[W.unit_index[a["unit"]]].type == "H")
    game.apply(second)
    assert where(game, horse["unit"]) == where(game, second["unit"]) == "macedonia"
    assert game.state.ustat[W.unit_index[second["unit"]]] == IN_PLAY
    assert "bring" not in types(game)
    text = [e["text"] for e in game.log if "optional reinforcements" in e["text"]]
    assert text and "C/5" in text[-1] and "H/" in text[-1]


@pytest.mark.rule("10.4")
def test_10_4_s15_a_unit_in_play_or_of_the_other_side_is_refused_in_words():
    game = _s15_due()
    before = game.to_json()
    for uid in ("helot-h8b", "ath-h6-1"):  # Brasidas' hoplite is in play; an Athenian
        with pytest.raises(IllegalAction, match="not a choice in this step"):
            game.apply({"type": "bring", "side": "sparta", "unit": uid})
        assert game.to_json() == before


# -- random play through the new choices -----------------------------------------------------

def test_random_play_through_the_reinforcement_and_target_choices_keeps_every_invariant():
    """Random play of 10.4 and 10.1 leaning to S9, S15 and S18 (uniform random play seldom
    plays them), every invariant checked after every action."""
    seen: set[str] = set()
    for scenario, seed in (("10.4", 1), ("10.4", 2), ("10.1", 3), ("10.1", 4)):
        game = new_game(f"amphipolis-{scenario}", seed)
        rng = random.Random(seed)
        for _ in range(400 if scenario == "10.4" else 250):
            if game.over:
                break
            legal = game.legal_actions()
            keen = [a for a in legal if a["type"] in ("arrive", "bring")
                    or a["type"] == "play" and a["number"] in (9, 15, 18, 22)]
            action = rng.choice(keen if keen and rng.random() < 0.8 else legal)
            if action["type"] in ("arrive", "bring") or action["type"] == "play" and \
                    action["number"] in (9, 18) and action["use"]:
                seen.add(action["type"] if action["type"] != "play" else f"S{action['number']}")
            before = len(game.log)
            game.apply(action)
            check_invariants(game, since=before, dead_end=False)
    assert {"arrive", "bring"} <= seen


@pytest.mark.rule("10.4")
def test_10_4_the_reinforcements_to_come_name_the_choices_left_to_their_owner():
    from hellenes_nb.games.amphipolis.ui import in_play_html
    game = new_game("amphipolis-10.4", 1)
    late = {(p["side"], p["turn"]): p for p in game.view("sparta")["to_come"]}
    assert late[("athens", 6)]["or_at"] == ["thrace"]
    assert late[("athens", 6)]["or_type"] == {"P": "C"}
    assert late[("sparta", 4)]["or_at"] == ["thrace"] and late[("sparta", 6)]["or_at"] == []
    words = in_play_html(game, game.view("athens"))
    assert "To come on turn 6: Athens&#x27;s reinforcements in Thasos or Thrace (1 P or C)" in words
    assert ("To come on turn 3: Sparta&#x27;s reinforcements in Macédoine (Macedonia) (all H)"
            in words)


@pytest.mark.rule("7")
def test_7_the_targets_on_offer_never_reach_the_other_side_before_the_counter_is_played():
    import json
    game = window(_three_spartans(), ATHENS, "combat", "T11", battle="T11",
                  hand=(counter(9), counter(18)))
    seen = json.dumps([game.view("sparta"), game.legal_actions("sparta")])
    for words in ("S9", "S18", "Discord", "does not count", "wounds"):
        assert words not in seen
    game.apply(find(game, type="play", number=18, use="clearidas"))
    told = " ".join(e["text"] for e in game.view("sparta")["log"])
    assert "Clearidas is wounded" in told  # once played, the target is public


@pytest.mark.rule("7")
def test_7_s16_the_spartan_player_picks_at_most_three_allied_units():
    st = empty("10.2")
    game = window(st, SPARTA, "B2", hand=(counter(16),))
    game.apply(find(game, type="play", number=16))
    picks = [a for a in game.legal_actions() if a["type"] == "bring"]
    assert {W.units[W.unit_index[a["unit"]]].nation for a in picks} == {"allied"}
    assert "enough" in types(game)
    game.apply(find(game, type="bring", unit="spa-c5-2"))
    before = game.to_json()
    with pytest.raises(IllegalAction, match="not a choice in this step"):
        game.apply({"type": "bring", "side": "sparta", "unit": "spa-c5-2"})  # already taken
    assert game.to_json() == before
    game.apply(find(game, type="enough"))
    came = [u.id for i, u in enumerate(W.units) if game.state.uloc[i] == "macedonia"]
    assert came == ["spa-c5-2"]
    assert "1 allied unit(s) arrive in Macedonia" in [e["text"] for e in game.log]
