"""The event and Olympian hooks inside sieges and battles: Hunger, Augury, Treachery, Civil War
(§3.1), Demeter and Ares (§11.0), §5.42 one joining formation, capacity (§12.0) and pillage
prestige in neutral SICILY (§15.2)."""

from __future__ import annotations

import pytest
from support.hellenes_battle_positions import P, U, besiege, decide, legal, new_state, play, put

from hellenes_nb.games.hellenes.index import ATHENS, SPARTA
from hellenes_nb.games.hellenes.rules import cards
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules.battle.phase import formations, joining
from hellenes_nb.games.hellenes.rules.battle.retreats import city_room
from hellenes_nb.games.hellenes.rules.movement.check import plan_move
from hellenes_nb.games.hellenes.rules.movement.execution import execute
from hellenes_nb.games.hellenes.rules.siege.assault import start_assault
from hellenes_nb.games.hellenes.rules.siege.attrition import attrition, attrition_max
from hellenes_nb.games.hellenes.rules.siege.methods import siege_methods
from hellenes_nb.games.hellenes.rules.siege.pillage import pillage_gain
from hellenes_nb.games.hellenes.state import State
from hellenes_nb.games.hellenes.steps import STEPS


def _thebes(season: int = 2) -> State:
    """Athens has besieged Thebes since Spring; two Spartan blocks inside."""
    s = new_state(active=ATHENS, season=season)
    put(s, "A1", "boeotia", 3)
    put(s, "S26", "boeotia", 2, inside=True)
    put(s, "S27", "boeotia", 2, inside=True)
    besiege(s, "boeotia", ATHENS, (431, 1, 0))
    return s


@pytest.mark.rule("3.1")
def test_3_1_hunger_raises_the_siege_attrition_rate_to_two():
    s = _thebes()
    p = P("boeotia")
    assert attrition_max(s, p) == 1
    s.flags["hunger:boeotia"] = cards.season_code(s)
    assert attrition_max(s, p) == 2
    s.season = 5
    s.flags["hunger:boeotia"] = cards.season_code(s)
    assert attrition_max(s, p) == 3  # Winter's rate is already higher


@pytest.mark.rule("3.1")
def test_3_1_augury_rules_out_the_assault_but_not_the_attrition():
    s = _thebes()
    p = P("boeotia")
    assert "assault" in siege_methods(s, p, True)
    s.flags["augury:athens"] = cards.season_code(s)
    assert siege_methods(s, p, True) == ["attrition", "none"]
    s.stack.append({"kind": "siege_combat", "side": ATHENS, "done": (), "action_turn": 1})
    with pytest.raises(Exception) as err:
        decide(s, {"type": "siege", "side": "athens", "place": "boeotia", "method": "assault"})
    assert err.value.rule == "3.1" and "Augury" in str(err.value)


@pytest.mark.rule("3.1")
def test_3_1_the_treachery_target_is_not_also_attritioned_that_turn():
    s = _thebes()
    put(s, "A2", "megaris", 3)
    put(s, "S3", "megaris", 2, inside=True)
    besiege(s, "megaris", ATHENS, (431, 1, 0))
    s.flags["treachery:athens"] = cards.season_code(s) * 1000 + P("boeotia")
    s.stack.append({"kind": "siege_combat", "side": ATHENS, "done": (), "action_turn": 1})
    STEPS.settle(s)
    places = {a["place"] for a in legal(s)}
    assert places == {"megaris"}


def _first_hit_kind(s: State, key: str) -> str:
    return next(e["kind"] for e in s.log if e["kind"] in ("battle_hit", "battle_half_hit")
                and e.get("target_block") == key)


@pytest.mark.rule("3.1")
@pytest.mark.rule("8.11")
@pytest.mark.parametrize("civil_war", [False, True])
def test_3_1_civil_war_takes_away_double_defense_in_an_assault(civil_war):
    s = new_state(active=ATHENS, season=2)
    put(s, "A1", "boeotia", 1)
    put(s, "S26", "boeotia", 2, inside=True)
    besiege(s, "boeotia", ATHENS, (431, 1, 0))
    if civil_war:
        s.civil_war = {P("boeotia")}
    start_assault(s, P("boeotia"), ATHENS)
    s.dice.force([3, 4, 3, 1])  # S26 misses twice, the garrison misses, A1 hits once
    STEPS.settle(s)
    decide(s, {"type": "capitulate", "side": "sparta", "accept": False})
    play(s)
    assert _first_hit_kind(s, "S26") == ("battle_hit" if civil_war else "battle_half_hit")


@pytest.mark.rule("11.0")
def test_11_attrition_offers_demeter_to_the_holder():
    s = _thebes()
    s.sacrifices[SPARTA].append("demeter")
    attrition(s, P("boeotia"))
    top = s.stack[-1]
    assert top["kind"] == "appeal" and top["god"] == "demeter" and top["offer"] == (SPARTA,)


@pytest.mark.rule("11.0")
def test_11_each_unit_attack_offers_ares_and_the_battle_waits():
    s = new_state(active=ATHENS, season=2)
    put(s, "A1", "phocis", 4)
    put(s, "S26", "phocis", 4)
    s.sacrifices[ATHENS].append("ares")
    s.stack.append({"kind": "battle", "place": P("phocis"), "side": ATHENS, "mode": "field",
                    "treachery": False, "stage": "start"})
    STEPS.settle(s)
    while s.stack[-1]["kind"] == "battle":  # decline retreats and other battle decisions
        decide(s, legal(s)[0])
    top = s.stack[-1]
    assert top["kind"] == "appeal" and top["god"] == "ares"
    assert s.stack[-2]["kind"] == "battle" and s.stack[-2]["stage"] == "fight"
    attacks = [e for e in s.log if e["kind"] == "battle_attack"]
    decide(s, {"type": "appeal", "side": "athens", "god": "ares", "option": 0})
    assert len([e for e in s.log if e["kind"] == "battle_attack"]) == len(attacks) + 1
    assert "ares" not in s.sacrifices[ATHENS]


def _two_arrivals(s: State) -> None:
    """Two Athenian formations march into besieged Boeotia from Attica and Phocis."""
    put(s, "A2", "attica", 3)
    put(s, "A3", "phocis", 3)
    for g, (key, frm) in enumerate((("A2", "attica"), ("A3", "phocis")), start=1):
        plan = plan_move(s, U(key), [P("boeotia")])
        assert not plan.engage_via
        execute(s, plan, g)
        assert s.engagements[-1]["via"] == "join" and s.engagements[-1]["from"] == P(frm)


@pytest.mark.rule("5.42")
def test_5_42_only_one_newly_arrived_formation_joins_a_siege_assault():
    s = _thebes()
    _two_arrivals(s)
    start_assault(s, P("boeotia"), ATHENS)
    STEPS.settle(s)
    decide(s, {"type": "capitulate", "side": "sparta", "accept": False})
    assert s.stack[-1]["stage"] == "join"
    opts = legal(s)
    assert [a["type"] for a in opts] == ["join", "join", "no_join"]
    decide(s, opts[1])  # the formation from Phocis
    reveal = next(e for e in s.log if e["kind"] == "battle_reveal")
    assert "A3" in reveal["blocks"] and "A1" in reveal["blocks"]
    assert "A2" not in reveal["blocks"]


@pytest.mark.rule("5.42")
def test_5_42_joining_is_optional_even_for_a_single_arrival():
    s = _thebes()
    put(s, "A2", "attica", 3)
    execute(s, plan_move(s, U("A2"), [P("boeotia")]), 1)
    start_assault(s, P("boeotia"), ATHENS)
    STEPS.settle(s)
    decide(s, {"type": "capitulate", "side": "sparta", "accept": False})
    assert s.stack[-1]["stage"] == "join"
    assert [a["type"] for a in legal(s)] == ["join", "no_join"]
    decide(s, {"type": "no_join", "side": "athens"})
    reveal = next(e for e in s.log if e["kind"] == "battle_reveal")
    assert "A1" in reveal["blocks"] and "A2" not in reveal["blocks"]


@pytest.mark.rule("5.42")
def test_5_42_arrivals_into_a_besieged_province_are_not_field_formations():
    s = _thebes()
    _two_arrivals(s)
    assert formations(s, P("boeotia"), ATHENS) == [
        {"units": tuple(sorted((U("A1"), U("A2"), U("A3")))), "from": -1, "via": ""}]
    assert len(joining(s, P("boeotia"), ATHENS)) == 2


@pytest.mark.rule("12.0")
def test_12_0_retreat_into_a_city_uses_the_peace_capacity():
    s = State(new_state().ix, "415", 1)
    s.year, s.season, s.active = 415, 2, SPARTA
    s.flags.pop("war_resumed", None)
    for u in range(120):
        s.loc[u], s.cv[u], s.inside[u] = -1, 0, 0
    s.garrisons, s.sieges = {}, {}
    for i in range(2, 7):  # five Athenian units inside Megara (city value 2)
        put(s, f"A{i}", "megaris", 1, inside=True)
    put(s, "A1", "megaris", 2)
    put(s, "S26", "megaris", 3)
    frame = {"place": P("megaris"), "side": SPARTA, "mode": "field",
             "current": {"units": (U("S26"),), "from": P("boeotia"), "via": "land"}}
    assert scenario_rules.peace(s) and scenario_rules.capacity(s, P("megaris")) == 6
    assert city_room(s, frame, U("A1")) is None  # 5 inside: room under the Peace
    put(s, "A7", "megaris", 1, inside=True)
    assert "capacity is 6" in city_room(s, frame, U("A1"))


@pytest.mark.rule("15.2")
def test_15_2_no_pillage_prestige_in_neutral_sicily():
    s = State(new_state().ix, "sicily", 1)
    assert scenario_rules.sicily_neutral_now(s)
    assert pillage_gain(s, P("syracuse")) == 0
    assert pillage_gain(s, P("boeotia")) == 1
