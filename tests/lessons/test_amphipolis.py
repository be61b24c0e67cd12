"""The Amphipolis lesson (424-422) validates and shows Brasidas' campaign on the engine."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hellenes_nb.games.hellenes.lessonverify import check_lesson
from hellenes_nb.lessons import Lesson

from .conftest import ROOT, city_holder, unit_place

AMPHIPOLIS = ROOT / "lessons" / "amphipolis-424-422.yaml"


@pytest.fixture(scope="module")
def amph(world):
    return Lesson(AMPHIPOLIS, world=world)




def test_amphipolis_lesson_passes_the_checker(lesson_check):
    assert lesson_check(AMPHIPOLIS) == []


def test_every_citation_has_a_paraphrase_and_every_view_is_json(amph):
    for n in range(1, len(amph.steps) + 1):
        amph.goto(n)
        view = amph.view()
        json.dumps(view)
        assert all(c["paraphrase"] and c["episode"] for c in view["citations"]), n


@pytest.mark.rule("5.4")
def test_5_4_brasidas_crosses_thessaly_without_stopping(amph):
    amph.goto(2)
    assert unit_place(amph, "S6") == "pieria" and unit_place(amph, "S16") == "pieria"
    assert any("Thessaly → Pieria" in t for t in amph.view()["events"])


@pytest.mark.rule("3.12")
def test_3_12_acanthus_and_stagirus_revolt(amph):
    amph.goto(3)
    assert city_holder(amph, "stagira") == "sparta"
    s = amph.state
    assert s.garrisons[s.ix.place("stagira")][0] == 1  # a Spartan garrison


@pytest.mark.rule("7.1")
def test_7_1_eucles_fortifies_and_sparta_besieges_amphipolis(amph):
    amph.goto(4)
    s = amph.state
    assert s.sieges[s.ix.place("amphipolis")]["besieger"] == 1
    assert s.inside[s.ix.unit("A17")] == 1
    assert city_holder(amph, "amphipolis") == "athens"


@pytest.mark.rule("8.13")
def test_8_13_amphipolis_capitulates_for_one_prestige(amph):
    amph.goto(6)
    assert amph.state.prestige == 5
    result = amph.choose("capitulate")
    assert result["matches_history"]
    branch = result["game"]
    assert branch.state.year == 423, "Year End follows the winter siege combat (§9.5)"
    amph.goto(7)
    assert city_holder(amph, "amphipolis") == "sparta"
    assert unit_place(amph, "A17") == "pool"
    # 5 - 1 (capitulation) - 4 (tribute of Amphipolis 3 and Stagira 1, §9.51)
    assert amph.state.prestige == 0
    texts = " ".join(amph.view()["events"])
    assert "capitulat" in texts and "tribute" in texts


@pytest.mark.rule("8.11")
def test_8_11_refusing_the_terms_leads_to_an_assault(amph):
    amph.goto(6)
    branch = amph.choose("defend")["game"]
    assert not branch.over
    assert branch.state.year == 424
    assert any(f.get("kind") == "battle" for f in branch.state.stack)
    assert amph.number == 6 and amph.state.year == 424


@pytest.mark.rule("9.24")
def test_9_24_perdiccas_macedonians_disband_in_winter(amph):
    amph.goto(7)
    assert unit_place(amph, "S33") == "pool"


@pytest.mark.rule("14.22")
def test_14_22_the_peace_offer_of_423_is_a_decision(amph):
    amph.goto(9)
    assert city_holder(amph, "sithonia") == "sparta", "Torone went over in 423"
    assert unit_place(amph, "A12") == "pallene"
    view = amph.view()
    assert [o["id"] for o in view["decision"]["options"]] == ["fight-on", "offer"]
    offer = amph.choose("offer")["game"]
    assert offer.state.prestige == -5, "the offer costs Sparta 1 Prestige"
    rolled = [e for e in offer.log if "peace" in e["kind"]]
    assert rolled and ("Sparta wins" in offer.prompt.text) == offer.over


@pytest.mark.rule("5.22")
def test_5_22_the_fleet_crosses_into_the_thermaic_gulf_in_calm_seas(amph):
    amph.goto(8)
    rolls = [e["text"] for e in amph.run.events if e["kind"] == "storm_roll"]
    assert len(rolls) == 1 and "calm seas" in rolls[0]
    assert unit_place(amph, "A12") == "thermaic_gulf"
    assert amph.state.cv[amph.state.ix.unit("A12")] == 4


@pytest.mark.rule("8.1")
def test_8_1_cleon_storms_torone(amph):
    amph.goto(11)
    battle = amph.view()["battle"]
    assert battle["kind"] == "assault" and battle["winner"] == "athens"
    assert battle["how"] == "elimination" and battle["prestige"] == 2
    assert city_holder(amph, "sithonia") == "athens"
    assert amph.state.prestige == -4
    assert amph.run.battle.dice() == [3, 1, 5, 6, 4, 2]


@pytest.mark.rule("8.3")
def test_8_3_brasidas_sorties_and_the_athenians_panic(amph):
    amph.goto(12)
    s = amph.state
    assert s.sieges[s.ix.place("amphipolis")]["besieger"] == 0
    amph.goto(13)
    battle = amph.view()["battle"]
    assert battle["kind"] == "sortie"
    assert battle["winner"] == "sparta" and battle["how"] == "panic"
    assert amph.state.prestige == -6
    assert unit_place(amph, "A1") == "edonia" and unit_place(amph, "S6") == "amphipolis"
    assert not amph.state.sieges.get(amph.state.ix.place("amphipolis"))


@pytest.mark.rule("14.24")
def test_14_24_the_campaign_ends_in_422(amph):
    amph.goto(len(amph.steps))
    game = amph.game
    assert game.over
    assert "Sparta wins" in game.prompt.text
    assert amph.state.prestige == -10
    assert city_holder(amph, "amphipolis") == "sparta" and city_holder(amph, "sithonia") == "athens"


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(1, 14), min_size=1, max_size=6))
def test_any_route_through_the_steps_shows_the_same_states(amph, route):
    seen: dict[int, dict] = {}
    for n in route:
        amph.goto(n)
        state = amph.state.to_dict()
        assert seen.setdefault(n, state) == state


@pytest.mark.rule("11.0")
def test_11_0_a_lesson_battle_declines_olympian_appeals(tmp_path, world):
    text = AMPHIPOLIS.read_text(encoding="utf-8").replace(
        "athens: {card: 20, use: sacrifice, god: demeter}",
        "athens: {card: 20, use: sacrifice, god: ares}")
    path = tmp_path / "ares.yaml"
    path.write_text(text, encoding="utf-8")
    assert check_lesson(path, world=world) == []
    lesson = Lesson(path, world=world)
    lesson.goto(11)
    assert "ares" in lesson.state.sacrifices[0]
    assert lesson.run.battle.winner == "athens"
    assert lesson.run.battle.dice() == [3, 1, 5, 6, 4, 2]
