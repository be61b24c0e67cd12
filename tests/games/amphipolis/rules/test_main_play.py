"""The main map in play (scenarios 10.1, 10.3, 10.4): activations and moves in Phases B.2 and
B.3 (§2 B.2, §2 B.3, §3.1), combat on the main map with its terrain and entry modifiers
(§4.2), retreats (§4.2.2, §3.3), the citadel (§4.3.4), attrition (§6), the walls in Phase C
(§5.1), the deaths of Brasidas and Cleon, victory points (§9.2) and the scenarios' own rules
(§10.1, §10.3, §10.4). Dice forced where they matter."""

from __future__ import annotations

import pytest

from hellenes_nb import new_game
from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.amphipolis.rules.combat import main_retreats, modifiers
from hellenes_nb.games.amphipolis.rules.common import siege_choices
from hellenes_nb.games.amphipolis.rules.sequence import initial_state
from hellenes_nb.games.amphipolis.rules.victory import scores
from hellenes_nb.games.amphipolis.ruleset import AMPHIPOLIS
from hellenes_nb.games.amphipolis.state import IN_PLAY, IN_POOL, OUT
from hellenes_nb.games.amphipolis.world import load_world

W = load_world()
ATHENS, SPARTA = 0, 1
OVER = {"kind": "over", "winner": -1, "how": "draw", "text": "", "vp": [0, 0]}


def _place(st, zone, *uids, leaders=()):
    for uid in uids:
        i = W.unit_index[uid]
        st.uloc[i], st.ustat[i] = zone, IN_PLAY
    for lid in leaders:
        k = W.leader_index[lid]
        st.lloc[k], st.lstat[k] = zone, IN_PLAY


def empty(scenario="10.1", seed=1):
    st = initial_state(f"amphipolis-{scenario}", seed)
    for i in range(len(st.uloc)):
        st.uloc[i], st.ustat[i] = None, IN_POOL
    for k in range(len(st.lloc)):
        st.lloc[k], st.lstat[k] = None, IN_POOL
    st.hands, st.pending = [[], []], []
    return st


def game_at(st, *frames, seed=1):
    st.stack = [dict(OVER), *frames]
    AMPHIPOLIS.steps.settle(st)
    return Game(AMPHIPOLIS, st, seed)


def types(game):
    return [a["type"] for a in game.legal_actions()]


def find(game, **want):
    for a in game.legal_actions():
        if all(a.get(k) == v for k, v in want.items()):
            return a
    raise AssertionError(f"no {want} among {game.legal_actions()}")


def action_phase(st, side, pa):
    st.pa = [pa, pa] if side else [pa, 0]
    return game_at(st, {"kind": "action", "side": side, "stage": "choose"})


def spartan_group(frm, enemy, at, *, scenario="10.1", turn=1, pa=3, brasidas=True):
    """Sparta's action phase with one H/7 (and Brasidas) in ``frm`` and the Athenian unit
    ``enemy`` in ``at``, the H/7 picked in the activated zone."""
    st = empty(scenario)
    st.turn = turn
    _place(st, frm, "pel-h7-1", leaders=("brasidas",) if brasidas else ())
    _place(st, at, enemy)
    game = action_phase(st, SPARTA, pa)
    game.apply(find(game, type="activate", zone=frm))
    game.apply(find(game, type="pick", unit="pel-h7-1"))
    return game


def marches(game):
    return {a["to"] for a in game.legal_actions() if a["type"] == "march"}


@pytest.mark.rule("10.1")
def test_the_three_main_map_scenarios_are_offered_and_sparta_leads_turn_one():
    assert set(AMPHIPOLIS.SCENARIOS) == {f"amphipolis-10.{n}" for n in (1, 2, 3, 4)}
    st = AMPHIPOLIS.setup("amphipolis-10.1", 3)
    st.dice.force([6, 6, 1, 1])  # Athens rolls 12, Sparta 2 ...
    game = Game(AMPHIPOLIS, st, 3)
    AMPHIPOLIS.steps.settle(game.state)
    assert game.state.initiative == SPARTA  # ... and Sparta has the initiative (§10.1)


@pytest.mark.rule("2 B.2")
def test_reinforcements_march_free_from_macedonia_but_not_into_the_enemy():
    st = empty()
    _place(st, "macedonia", "pel-h7-1", leaders=("brasidas",))
    _place(st, "T23", "thr-p5-1")  # an Athenian in T23 bars that road
    for i in range(len(st.fresh)):
        st.fresh[i] = st.uloc[i] == "macedonia"
    st.lfresh[W.leader_index["brasidas"]] = True
    game = game_at(st, {"kind": "move", "side": SPARTA, "phase": "B2", "ops": 2})
    game.apply(find(game, type="activate", zone="macedonia"))
    assert st.pa == [0, 0]  # free in Phase B.2
    game.apply(find(game, type="pick", unit="pel-h7-1"))
    places = {a["to"] for a in game.legal_actions() if a["type"] == "march"}
    assert "T26" in places and "T23" not in places
    game.apply(find(game, type="march", to="T26"))
    assert game.state.uloc[W.unit_index["pel-h7-1"]] == "T26"


@pytest.mark.rule("2 B.3.2")
def test_activation_costs_and_the_one_pa_an_action_phase_costs_at_least():
    st = empty()
    _place(st, "T21", "pel-h7-1", leaders=("brasidas",))  # three swords: free
    _place(st, "T19", "pel-h7-2")                         # no leader: 2 PA
    game = action_phase(st, SPARTA, 3)
    costs = {a["zone"]: a["label"] for a in game.legal_actions() if a["type"] == "activate"}
    assert "(free)" in costs["T21"] and "(2 PA)" in costs["T19"]
    game.apply(find(game, type="activate", zone="T21"))
    assert game.state.pa[SPARTA] == 3
    game.apply(find(game, type="done"))
    game.apply(find(game, type="end"))
    assert game.state.pa[SPARTA] == 2  # §2 B.3.1: at least one PA an action phase


@pytest.mark.rule("3.1.4")
def test_an_attack_needs_a_pa_left_for_the_combat_and_is_fought_after_the_moves():
    # no leader in T19: 2 PA, none left for a combat
    assert "T21" not in marches(spartan_group("T19", "thr-p5-1", "T21", pa=2, brasidas=False))
    game = spartan_group("T19", "thr-p5-1", "T21", pa=3, brasidas=False)
    game.state.dice.force([4])
    game.apply(find(game, type="march", to="T21"))  # nothing else to move: the combat
    while "accept_roll" in types(game):
        game.apply(find(game, type="accept_roll"))
    fought = [e for e in game.log if e["kind"] == "combat"]
    assert fought and "Kerdylion" in fought[0]["text"] and game.state.pa[SPARTA] == 0


@pytest.mark.rule("10.3")
def test_no_attack_on_the_main_map_on_turn_seven_of_10_3():
    assert "T21" not in marches(spartan_group("T19", "thr-p5-1", "T21", scenario="10.3",
                                              turn=7))
    assert "T21" in marches(spartan_group("T19", "thr-p5-1", "T21", scenario="10.3", turn=8))


@pytest.mark.rule("4.2")
def test_terrain_and_the_way_in_shift_the_table_on_the_main_map():
    st = empty()
    _place(st, "T12", "thr-p5-1", "pel-h7-1")
    # a city: -2 on the die (f) ...
    assert modifiers(st, "T12", SPARTA, [], [])[:2] == (2, -2)
    # ... but over a wall only the two columns count (the special case under the table)
    assert modifiers(st, "T12", SPARTA, [], ["wall"])[:2] == (0, 0)
    _place(st, "T21", "thr-p5-2", "pel-h7-2")  # Kerdylion, elevated
    assert modifiers(st, "T21", SPARTA, [], ["river", "slope"])[:2] == (0, 0)
    assert modifiers(st, "T21", ATHENS, [], ["amphibious"])[0] == -1 - 1  # no H: b) and d)


@pytest.mark.rule("4.2")
def test_a_march_over_the_bridge_into_the_enemy_is_recorded_for_the_column_shift():
    game = spartan_group("T15", "thr-p5-1", "T11")
    game.apply(find(game, type="march", to="T11"))
    action = next(f for f in game.state.stack if f["kind"] == "action")
    assert action["entered"] == {"T11": ["river"]}


@pytest.mark.rule("4.2.2")
def test_retreats_on_the_main_map_go_next_door_to_free_ground_or_from_eion_to_thasos():
    st = empty()
    _place(st, "T5", "thr-p5-1", "pel-h7-1")
    _place(st, "T13", "pel-h7-2")
    out = main_retreats(st, "T5", ATHENS)
    assert "T13" not in out and "T6" not in out and "T4" in out and "thasos" not in out
    _place(st, "M1", "ath-t7")
    assert "thasos" in main_retreats(st, "T5", ATHENS)


@pytest.mark.rule("4.3.4")
def test_the_citadel_falls_to_spartan_diplomacy_athens_may_only_assault():
    st = empty()
    _place(st, "T12", "pel-h7-1", leaders=("brasidas",))
    assert ("T12", "diplomacy") in siege_choices(st, SPARTA)
    st.citadel = SPARTA
    _place(st, "T12", "ath-h6-1", "ath-h6-2")
    for i in range(len(st.uloc)):
        if st.uloc[i] == "T12" and W.units[i].side == SPARTA:
            st.uloc[i], st.ustat[i] = None, OUT
    st.lloc[W.leader_index["brasidas"]] = None
    _place(st, "T12", leaders=("cleon",))
    assert siege_choices(st, ATHENS) == [("T12", "assault")]
    st.citadel = ATHENS
    for i in range(len(st.uloc)):
        if st.uloc[i] == "T12":
            st.uloc[i] = None
    st.lloc[W.leader_index["cleon"]] = None
    _place(st, "T12", "pel-h7-1", leaders=("brasidas",))
    st.dice.force([2])  # 2 + Brasidas' 3 reaches the citadel's allegiance of 5
    game = game_at(st, {"kind": "siege_roll", "side": SPARTA, "zone": "T12",
                        "how": "diplomacy", "stage": "roll"})
    game.apply(find(game, type="accept_roll"))
    assert game.state.citadel == SPARTA


@pytest.mark.rule("6")
def test_attrition_on_the_main_map_spares_cities_and_adds_one_on_clear_ground():
    from hellenes_nb.games.amphipolis.rules.attrition import modifier, zones
    st = empty()
    st.turn = 1
    _place(st, "T12", "pel-h7-1")
    _place(st, "T7", "pel-h7-2")
    assert zones(st, SPARTA) == ["T7"]
    assert modifier(st, "T7", SPARTA) == 1


@pytest.mark.rule("9.2")
def test_victory_points_of_the_main_map():
    st = empty()
    st.garrison = {z.id: SPARTA for z in W.operational}
    st.citadel = SPARTA
    base = scores(st)
    st.citadel = ATHENS
    _place(st, "T5", "thr-p5-1")
    st.walls = "destroyed"
    assert scores(st) == [base[0] + 5 + 3 + 1, base[1] - 5]


@pytest.mark.rule("10.3")
def test_athens_scores_two_while_brasidas_has_not_attacked_cleon():
    st = empty("10.3")
    before = scores(st)[ATHENS]
    st.used = ["brasidas_attacked_cleon"]
    assert scores(st)[ATHENS] == before - 2


@pytest.mark.rule("5.1")
def test_the_walls_are_rolled_for_in_phase_c():
    st = empty()
    st.turn, st.advantage, st.citadel = 2, SPARTA, SPARTA
    st.dice.force([5])
    st.stack = [{"kind": "turn", "stage": "C"}]
    AMPHIPOLIS.steps.settle(st)
    assert st.walls == "built"


@pytest.mark.rule("4.2")
def test_brasidas_and_cleon_in_one_combat_five_vp_and_the_rolls_for_their_lives():
    st = empty("10.3")
    _place(st, "T9", "pel-h7-1", "helot-h8b", leaders=("brasidas",))
    _place(st, "T9", "thr-p5-1", leaders=("cleon",))
    st.vp = [0, 0]
    # combat die 6 at 15 PF to 5 (3 to 1, two columns right): R - A, Sparta wins;
    # then the death rolls: Athens 5, Sparta 2, Athens again 1: Cleon dies
    st.dice.force([6, 5, 2, 1])
    game = game_at(st, {"kind": "battle", "zone": "T9", "attacker": SPARTA, "stage": "roll",
                        "mods": [], "entered": []})
    while game.legal_actions():
        legal = game.legal_actions()
        pick = [a for a in legal if a["type"] in ("accept_roll", "keep_advantage", "pass")]
        game.apply(pick[0] if pick else legal[0])
    assert game.state.lstat[W.leader_index["cleon"]] == OUT
    assert game.state.vp[SPARTA] >= 5 + 1  # the combat, and Cleon killed (one sword)
    assert "brasidas_attacked_cleon" in game.state.used


@pytest.mark.rule("10.4")
def test_generic_reinforcements_come_from_the_supply_and_eucles_leaves_with_the_citadel():
    game = new_game("amphipolis-10.4", 2)
    st = game.state
    pend = [p for p in st.pending if p["turn"] == 2 and p["side"] == "athens"]
    assert pend and pend[0]["generic"] == {"P": 2}
    from hellenes_nb.games.amphipolis.rules.arrivals import deploy
    from hellenes_nb.games.amphipolis.rules.sequence import _removals
    st.turn = 2
    st.pending = [p for p in st.pending if p["turn"] == 2 and p["side"] == "athens"]
    assert not deploy(st)  # Thasos or Thrace: the player picks (the data's own base first)
    game = Game(AMPHIPOLIS, st, 2)
    game.apply(game.legal_actions()[0])
    while game.state.stack[-1]["kind"] == "bring":  # which P counters: the first offered
        game.apply(game.legal_actions()[0])
    st = game.state
    came = [u for i, u in enumerate(W.units) if st.uloc[i] == "thasos" and st.fresh[i]]
    assert [u.type for u in came] == ["P", "P"]
    st.citadel = SPARTA
    _removals(st)
    assert st.lstat[W.leader_index["eucles"]] == OUT


@pytest.mark.rule("3.1.4")
def test_cavalry_alone_may_withdraw_before_an_enemy_group():
    game = spartan_group("T19", "ath-c5-1", "T21")
    game.apply(find(game, type="march", to="T21"))
    assert "withdraw" in types(game)
    to = find(game, type="withdraw")["to"]
    game.apply(find(game, type="withdraw", to=to))
    assert game.state.uloc[W.unit_index["ath-c5-1"]] == to


@pytest.mark.rule("2 D.2")
def test_phase_d2_moves_from_clear_ground_to_a_city_free_of_the_enemy():
    st = empty()
    st.citadel = ATHENS
    _place(st, "T7", "ath-h6-1")
    game = game_at(st, {"kind": "move", "side": ATHENS, "phase": "D2", "ops": 1})
    to = {a["to"] for a in game.legal_actions() if a["type"] == "operation"}
    assert {"T12", "T5", "T22"} <= to
    st.citadel = SPARTA
    game = game_at(st, {"kind": "move", "side": ATHENS, "phase": "D2", "ops": 1})
    assert "T12" not in {a["to"] for a in game.legal_actions() if a["type"] == "operation"}


@pytest.mark.rule("3.1")
def test_a_march_the_rules_refuse_is_refused_in_words_with_the_state_unchanged():
    game = spartan_group("T19", "thr-p5-1", "T1")
    before = game.state.to_dict()
    with pytest.raises(IllegalAction, match="cannot move to 'T5'"):
        game.apply({"type": "march", "side": "sparta", "to": "T5", "how": "land"})
    assert game.state.to_dict() == before


@pytest.mark.rule("10.4")
def test_s15_in_the_campaign_brings_two_units_from_the_supply():
    from hellenes_nb.games.amphipolis.rules.arrivals import deploy_optional
    from hellenes_nb.games.amphipolis.rules.stratagems import _s15_open
    game = new_game("amphipolis-10.4", 2)
    st = game.state
    assert _s15_open(st, SPARTA)
    st.pending = []
    st.used = [*st.used, "s15:sparta", "due:sparta"]
    before = sum(1 for z in st.uloc if z == "macedonia")
    assert not deploy_optional(st, SPARTA)  # any two units: the player picks them
    game = Game(AMPHIPOLIS, st, 2)
    for _ in range(2):
        game.apply(game.legal_actions()[0])
    st = game.state
    assert sum(1 for z in st.uloc if z == "macedonia") == before + 2
    assert _s15_open(st, SPARTA)  # no once-only limit in the campaign (§10.4 states none)
    once = new_game("amphipolis-10.1", 2).state.clone()
    assert _s15_open(once, ATHENS)
    once.used = [*once.used, "s15:athens"]
    assert not _s15_open(once, ATHENS)  # 10.1: once a side


@pytest.mark.rule("2 D.3")
def test_phase_d3_restores_as_many_units_on_the_main_map_as_the_leaders_bonus_points():
    st = empty()
    st.initiative, st.advantage = SPARTA, ATHENS
    _place(st, "T21", "pel-h7-1", "pel-h7-2", "pel-h7-3", "pel-h7-4", leaders=("clearidas",))
    _place(st, "O1", "pel-h7-5")
    for uid in ("pel-h7-1", "pel-h7-2", "pel-h7-5"):
        st.ured[W.unit_index[uid]] = True
    game = game_at(st, {"kind": "turn", "stage": "D3", "who": 0})
    back = [e["text"] for e in game.log if "back at full strength" in e["text"]]
    # Clearidas' one sword restores one unit on the main map (O1 is not on it)
    assert back == ["H/7 is back at full strength"]


@pytest.mark.rule("3.1.3")
def test_the_amphibious_example_twenty_trireme_pf_carry_seven_six_and_seven_units():
    """§3.1.3's example: one T/20 in M2, Thasos activated: 7 units to T4, 6 to T22, 7 to T15;
    the same triremes carry all three moves, one land unit a PF in all."""
    st = empty()
    land = [u.id for u in W.units if u.side == ATHENS and u.land][:21]
    _place(st, "thasos", *land)
    _place(st, "M2", "ath-t20")
    game = action_phase(st, ATHENS, 3)
    game.apply(find(game, type="activate", zone="thasos"))
    assert game.state.pa[ATHENS] == 3  # a rear base is activated for free (§2 B.3.2)
    for n, to in ((7, "T4"), (6, "T22"), (7, "T15")):
        for _ in range(n):
            game.apply(next(a for a in game.legal_actions() if a["type"] == "pick"))
        game.apply(find(game, type="march", to=to, how="amphibious"))
        assert sum(1 for z in game.state.uloc if z == to) == n
    game.apply(next(a for a in game.legal_actions() if a["type"] == "pick"))
    assert not [a for a in game.legal_actions() if a["type"] == "march"]  # the 20 PF are used


@pytest.mark.rule("3.1.2")
def test_naval_transport_from_thasos_in_phase_b2_lands_next_to_the_fleet():
    st = empty()
    _place(st, "thasos", "ath-t7", "ath-h6-1", "ath-h6-2")
    _place(st, "T4", "pel-h7-1")  # an enemy on the shore bars that landing
    for uid in ("ath-t7", "ath-h6-1", "ath-h6-2"):
        st.fresh[W.unit_index[uid]] = True
    game = game_at(st, {"kind": "move", "side": ATHENS, "phase": "B2", "ops": 2})
    game.apply(find(game, type="activate", zone="thasos"))
    for uid in ("ath-t7", "ath-h6-1", "ath-h6-2"):
        game.apply(find(game, type="pick", unit=uid))
    landings = {a["to"] for a in game.legal_actions() if a["type"] == "march"}
    assert "M2>T15" in landings and "M2>T4" not in landings
    game.apply(find(game, type="march", to="M2>T15"))
    where = {u.id: game.state.uloc[i] for i, u in enumerate(W.units) if game.state.uloc[i]}
    assert where["ath-t7"] == "M2" and where["ath-h6-1"] == where["ath-h6-2"] == "T15"


@pytest.mark.rule("3.1.4")
def test_the_worked_costs_in_play_t15_to_t17_by_the_bridge_is_four_pm():
    game = spartan_group("T15", "thr-p5-1", "T1", brasidas=False, pa=4)
    to = {a["to"]: a["label"] for a in game.legal_actions() if a["type"] == "march"}
    assert to["T17"].endswith(", 4 PM") and to["T11"].endswith(", 2 PM")
    # the partial wall T11/T12 counts only once the walls are built (§5.1)
    assert to["T12"].endswith(", 3 PM")
    game.state.walls = "built"
    game = Game(AMPHIPOLIS, game.state, 1)
    assert "T12" not in {a["to"] for a in game.legal_actions() if a["type"] == "march"}


@pytest.mark.rule("2 B.2")
def test_optional_reinforcements_wait_while_the_enemy_holds_their_rear_base():
    """10.3's Spartan S15 units come to Thrace: not while Athenians stand there (found by the
    200-game fuzz: both sides shared Thrace)."""
    from hellenes_nb.games.amphipolis.rules.arrivals import deploy_optional
    st = empty("10.3")
    _place(st, "thrace", "thr-p5-1")
    st.used = ["s15:sparta", "due:sparta"]
    deploy_optional(st, SPARTA)
    assert not [u for i, u in enumerate(W.units) if u.side == SPARTA and st.uloc[i] == "thrace"]
    assert "due:sparta" in st.used  # they come when Thrace is free
    st.uloc[W.unit_index["thr-p5-1"]] = "thasos"
    deploy_optional(st, SPARTA)
    assert [u for i, u in enumerate(W.units) if u.side == SPARTA and st.uloc[i] == "thrace"]
