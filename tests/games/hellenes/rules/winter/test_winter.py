"""§9 Winter on the real map: the four sidebar examples, maintenance, disbanding, winter card
play, sorties and winter siege attrition."""

from __future__ import annotations

import pytest
from support.hellenes_year_end_positions import IX, P, U, act, at, besiege, board, default, winter

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.hellenes.ruleset import HELLENES
from hellenes_nb.games.hellenes.state import POOL

ATHENS, SPARTA = 0, 1


def _deep_crossings(path: list[str], start: str) -> int:
    full = [P(start), *(P(x) for x in path)]
    return sum(1 for a, b in zip(full, full[1:], strict=False) if IX.border[(a, b)] == "deepsea")


@pytest.mark.rule("9.211")
def test_9_211_quartering_example_fleet_in_the_hellespont_winters_in_abydos():
    s = board({"A12": ("hellespont", 3), "A13": ("hellespont", 2)})
    game = winter(s, ATHENS)
    homing = [a for a in game.legal_actions()
              if a["type"] == "winter_move" and a["mode"] == "home" and a["unit"] == "A12"
              and a["path"][-1] == "attica"]
    assert homing and _deep_crossings(homing[0]["path"], "hellespont") == 2
    act(game, "winter_move", mode="quarter", unit="A12", path=["troad"])
    assert game.state.actions_left == 1  # Quartering is free
    act(game, "end_winter_actions")
    assert at(game, "A12") == "troad"
    assert at(game, "A13") is None  # left at sea, unmaintained: disbanded (§9.24)
    assert any(e["kind"] == "eliminated" and e["rule"] == "9.24" for e in game.log)


@pytest.mark.rule("9.213")
def test_9_213_displacement_example_leucas_besiegers_push_the_stratus_unit_to_naupactus():
    s = board({"A27": ("leucas", 2), "A23": ("leucas", 3), "A28": ("acarnania", 2)},
              garrisons={"leucas": SPARTA})
    besiege(s, "leucas", ATHENS)
    game = winter(s, ATHENS)
    legal = game.legal_actions()
    assert not any(a["type"] == "winter_move" and a["unit"] == "A28" for a in legal)
    act(game, "winter_move", mode="quarter", unit="A27", path=["acarnania"])
    act(game, "winter_move", mode="quarter", unit="A23", path=["acarnania"])
    # Stratus (value 1) holds 3 units against a capacity of 2: the unmoved one may leave
    act(game, "winter_move", mode="quarter", unit="A28", path=["naupactus"])
    assert game.state.actions_left == 1
    act(game, "end_winter_actions")
    assert (at(game, "A27"), at(game, "A23"), at(game, "A28")) == (
        "acarnania", "acarnania", "naupactus")
    default(game, "card_play")
    assert P("leucas") not in game.state.sieges


@pytest.mark.rule("9.212")
def test_9_212_homing_example_fleets_pass_a_maintained_enemy_fleet_without_battle():
    s = board({"A12": ("samos", 3), "A13": ("samos", 3), "S9": ("paros_sea", 3)},
              garrisons={"samos": SPARTA})
    besiege(s, "samos", ATHENS)
    game = winter(s, SPARTA)
    act(game, "maintain", unit="S9")
    act(game, "end_winter_actions")
    path = ["icarian_sea", "paros_sea", "andros_sea", "attica"]
    for key in ("A12", "A13"):
        act(game, "winter_move", mode="home", unit=key, path=path, forced=True)
    assert game.state.actions_left == 1
    game.state.dice.force([6])  # one formation, one storm roll: calm seas
    act(game, "end_winter_actions")
    default(game, "card_play")
    assert at(game, "A12") == at(game, "A13") == "attica"
    assert at(game, "S9") == "paros_sea"
    assert not any(e["kind"].startswith("battle") for e in game.log)


@pytest.mark.rule("9.31")
def test_9_31_homing_battle_example_landing_fleets_routed_by_the_besieger_disband():
    s = board({"A12": ("samos", 3), "A13": ("samos", 3), "A1": ("attica", 2, "inside"),
               "S1": ("attica", 3), "S20": ("saronic_gulf", 3), "S21": ("saronic_gulf", 3)},
              garrisons={"samos": SPARTA})
    besiege(s, "samos", ATHENS)
    besiege(s, "attica", SPARTA)
    game = winter(s, SPARTA, actions=(1, 3))
    for key in ("S1", "S20", "S21"):
        act(game, "maintain", unit=key)
    act(game, "end_winter_actions")
    path = ["icarian_sea", "paros_sea", "andros_sea", "attica"]
    for key in ("A12", "A13"):
        act(game, "winter_move", mode="home", unit=key, path=path, forced=True)
    game.state.dice.force([6])
    act(game, "end_winter_actions")
    assert at(game, "A12") == "attica"  # awaiting the homing battle, not disbanded yet
    # the besieged may sortie beside the relief force, in a battle of their own (§8.3, §5.41);
    # in the example they stay inside
    assert game.prompt.kind == "sortie"
    act(game, "sortie_done")
    assert game.prompt.kind == "battle"
    game.state.dice.force([5, 6, 3])  # the 3 cv B2 besieger: two routs, then the panic
    default(game, "siege_combat")  # Sparta's winter siege combat comes next
    assert game.state.loc[U("A12")] == game.state.loc[U("A13")] == POOL
    assert any(e["kind"] == "battle_panic" for e in game.log)
    assert [e["rule"] for e in game.log if e["kind"] == "eliminated"] == ["9.24", "9.24"]
    assert game.state.prestige == -2  # Sparta's Triumph
    assert at(game, "S1") == "attica" and at(game, "A1") == "attica"


@pytest.mark.rule("9.21")
@pytest.mark.rule("9.212")
def test_9_21_enemy_fleets_in_the_offshore_sea_blockade_an_unbesieged_home_port():
    # Athens is not besieged, but a Spartan fleet holds its offshore sea (§8.21)
    s = board({"A12": ("myrtoan_sea", 3), "A13": ("myrtoan_sea", 3), "S20": ("saronic_gulf", 3)})
    game = winter(s, ATHENS, actions=(2, 1))
    home = {"type": "winter_move", "side": "athens", "mode": "home", "unit": "A12"}
    with pytest.raises(IllegalAction, match="must stop in Saronic Gulf"):
        game.apply({**home, "path": ["saronic_gulf", "attica"]})
    game.apply({**home, "path": ["saronic_gulf"]})       # Homing challenges the blockade
    assert at(game, "A12") == "saronic_gulf"
    assert [e["via"] for e in game.state.engagements] == ["sea"]
    act(game, "move_group", area="myrtoan_sea")         # a Winter group move may not land
    paths = [a["path"] for a in game.legal_actions() if a.get("unit") == "A13"]
    assert ["saronic_gulf", "attica"] not in paths and ["andros_sea", "attica"] in paths
    with pytest.raises(IllegalAction, match="enemy-blockaded port"):
        game.apply({"type": "move", "side": "athens", "unit": "A13",
                    "path": ["saronic_gulf", "attica"]})


@pytest.mark.rule("9.21")
@pytest.mark.rule("9.212")
def test_9_21_homing_passes_the_blockaders_of_another_home_city_freely():
    # the Chian fleet's homes are Chios and Lesbos; a Spartan fleet blockades Chios (§8.21).
    # Heading for Lesbos it passes that fleet freely; heading for Chios it must stop there
    s = board({"A21": ("icarian_sea", 3), "S20": ("sea_of_chios", 3)})
    game = winter(s, ATHENS)
    homes = {a["path"][-1]: a["path"] for a in game.legal_actions()
             if a.get("unit") == "A21" and a.get("mode") == "home"}
    assert homes["lesbos"] == ["sea_of_chios", "lesbos"]
    assert homes["sea_of_chios"] == ["sea_of_chios"]  # the challenge of Chios' blockade
    home = {"type": "winter_move", "side": "athens", "mode": "home", "unit": "A21"}
    with pytest.raises(IllegalAction, match="must stop in Sea of Chios"):
        game.apply({**home, "path": ["sea_of_chios", "chios"]})
    game.apply({**home, "path": ["sea_of_chios", "lesbos"]})
    assert at(game, "A21") == "lesbos" and at(game, "S20") == "sea_of_chios"
    assert game.state.engagements == []


@pytest.mark.rule("9.22")
def test_9_22_besiegers_survive_only_if_maintained_one_action_per_unit():
    s = board({"S1": ("plataea", 3), "S2": ("plataea", 2)}, garrisons={"plataea": ATHENS})
    besiege(s, "plataea", SPARTA)
    game = winter(s, SPARTA, actions=(1, 1))
    act(game, "maintain", unit="S1")
    assert game.state.actions_left == 0
    assert not any(a["type"] == "maintain" for a in game.legal_actions())
    act(game, "end_winter_actions")
    assert at(game, "S1") == "plataea" and at(game, "S2") is None


@pytest.mark.rule("9.24")
def test_9_24_barbarians_disband_even_at_home_and_sheltered_units_stay():
    s = board({"S33": ("upper_macedonia", 2), "S3": ("laconia", 2)})
    game = winter(s, SPARTA)
    assert not any(a.get("unit") == "S33" for a in game.legal_actions())
    act(game, "end_winter_actions")
    assert at(game, "S33") is None and at(game, "S3") == "laconia"


@pytest.mark.rule("9.1")
def test_9_1_winter_card_play_allows_action_cards_only():
    s = board({"A1": ("attica", 2)})
    s.hands, s.played, s.season = [[27], [36]], [None, None], 4
    s.stack = [{"kind": "year", "stage": 6}, {"kind": "winter", "stage": 0}]
    game = Game(HELLENES, s, seed=1)
    assert game.prompt.kind == "card_play" and game.state.season == 5
    assert all(a["use"] == "actions" for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="Winter"):
        game.apply({"type": "play_card", "side": "athens", "card": 27, "use": "event"})


@pytest.mark.rule("9.212")
def test_9_212_a_unit_at_home_cannot_home_and_homing_needs_a_controlled_home_city():
    s = board({"A1": ("attica", 2), "A27": ("naupactus", 2)}, garrisons={"acarnania": SPARTA})
    game = winter(s, ATHENS)
    moves = [a for a in game.legal_actions() if a["type"] == "winter_move"]
    assert not any(a["unit"] == "A1" for a in moves)
    assert not any(a["unit"] == "A27" and a["path"][-1] == "acarnania" for a in moves)
    with pytest.raises(IllegalAction, match="already inside a controlled home city"):
        game.apply({"type": "winter_move", "side": "athens", "mode": "home", "unit": "A1",
                    "path": ["plataea"]})


@pytest.mark.rule("9.21")
def test_9_21_wintering_units_may_not_enter_an_enemy_besieged_city_by_land():
    s = board({"A27": ("acarnania", 2), "A28": ("aetolia", 2), "S24": ("naupactus", 2),
               "A26": ("naupactus", 1, "inside")})
    besiege(s, "naupactus", SPARTA)
    game = winter(s, ATHENS)
    with pytest.raises(IllegalAction, match="enemy-besieged"):
        game.apply({"type": "winter_move", "side": "athens", "mode": "quarter", "unit": "A28",
                    "path": ["naupactus"]})
    moves = [a for a in game.legal_actions() if a["type"] == "winter_move" and a["unit"] == "A28"
             and a["path"] == ["naupactus"]]
    assert [a["mode"] for a in moves] == ["home"]  # only a Homing move may challenge (§9.212)


@pytest.mark.rule("9.32")
def test_9_32_winter_sortie_needs_no_action():
    s = board({"A1": ("attica", 3, "inside"), "S2": ("attica", 1)})
    besiege(s, "attica", SPARTA)
    game = winter(s, SPARTA)
    act(game, "maintain", unit="S2")
    act(game, "end_winter_actions")
    act(game, "end_winter_actions")
    assert game.prompt.kind == "sortie" and game.prompt.side == "athens"
    act(game, "sortie", unit="A1")
    act(game, "sortie_done")
    assert any(e["kind"] == "battle_reveal" for e in game.log)


@pytest.mark.rule("9.4")
def test_9_4_winter_siege_attrition_hits_on_one_to_three():
    s = board({"S1": ("plataea", 3)}, garrisons={"plataea": ATHENS})
    besiege(s, "plataea", SPARTA)
    game = winter(s, SPARTA)
    act(game, "maintain", unit="S1")
    act(game, "end_winter_actions")
    act(game, "end_winter_actions")
    assert game.prompt.kind == "siege_combat"
    game.state.dice.force([3])
    act(game, "siege", method="attrition")
    assert P("plataea") not in game.state.garrisons  # the garrison took the hit: city falls
    assert any(e["kind"] == "attrition" and "hits on a 1, 2 or 3)" in e["text"] for e in game.log)
    assert game.state.prestige == -2  # +1 for the capture, +1 tribute from Plataea at Year End


@pytest.mark.rule("5.21")
@pytest.mark.rule("9.212")
def test_5_21_a_land_unit_reduces_to_board_a_homing_fleet():
    # the besiegers of Samos go home for the Winter: the 4 cv hoplite boards the 3 cv fleet
    s = board({"A12": ("samos", 3), "A1": ("samos", 4)}, garrisons={"samos": SPARTA})
    besiege(s, "samos", ATHENS)
    game = winter(s, ATHENS)
    assert not any(a["type"] == "winter_move" and a.get("carry") == "A1"
                   for a in game.legal_actions())
    act(game, "board", unit="A12", carry="A1")
    assert game.prompt.kind == "board"
    home = next(a for a in game.legal_actions() if a["type"] == "winter_move")
    assert (home["mode"], home["carry"], home["carry_cv"]) == ("home", "A1", 2)
    game.state.dice.force([6, 6])  # calm seas on both deep-sea crossings
    game.apply(home)
    assert game.prompt.kind == "winter_actions" and game.state.actions_left == 1
    assert at(game, "A1") == at(game, "A12") == "attica"
    assert game.state.cv[U("A1")] == 2
