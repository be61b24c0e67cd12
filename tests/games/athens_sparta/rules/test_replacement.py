"""Athens & Sparta: the Replacement Phase as both sides' decisions (§8.0-§8.6, §9.3, §7.0):
build points, the limit per city, reinforcing, new blocks, disbanding, the standard plan."""

from __future__ import annotations

import pytest

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.athens_sparta.position import Position
from hellenes_nb.games.athens_sparta.rules.replacement import phase_frame
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA
from hellenes_nb.games.athens_sparta.state import BlockState

ATHENS, NAUPACTUS, CHALCIS, CHIOS, POTIDAEA = "0907", "0506", "0806", "1306", "0702"


def _phase(seed: int = 5, setup=None) -> Game:
    """A game at the Replacement Phase, the board first changed by ``setup``."""
    st = Position("athens-sparta", seed)
    if setup is not None:
        setup(st.board)
    st.stack = [phase_frame(st)]
    return Game(ATHENS_SPARTA, st, seed)


def _put(board, block: str, where: str, steps: int, side: str = "athens") -> None:
    board.blocks[block] = BlockState(where, steps, side)


def _refused(g: Game, action: dict, match: str) -> None:
    before = g.state.to_dict()
    with pytest.raises(IllegalAction, match=match):
        g.apply(action)
    assert g.state.to_dict() == before  # the state is unchanged


def _reinforce(block: str, side: str = "athens") -> dict:
    return {"type": "reinforce", "side": side, "block": block}


@pytest.mark.rule("8.1")
def test_8_1_build_points_at_the_start_athens_19_sparta_18():
    """The sidebar's figures: Potidaea, Spartan but besieged, counts for neither side."""
    g = _phase()
    assert g.prompt.kind == "replacements"
    assert g.state.stack[-1]["points"] == {"athens": 19, "sparta": 18}
    assert "athens 19 BP" in g.prompt.text and "sparta 18 BP" in g.prompt.text


@pytest.mark.rule("8.1")
def test_8_1_at_most_8_bp_are_spent_in_athens():
    def setup(b):
        for k in ("ath-h1", "ath-h2", "ath-p1"):
            _put(b, k, ATHENS, 1)
        _put(b, "ath-n1", ATHENS, 2)
    g = _phase(setup=setup)
    for k in ("ath-h1", "ath-h1", "ath-h2", "ath-h2", "ath-p1", "ath-p1"):
        g.apply(_reinforce(k))  # 6 BP
    g.apply(_reinforce("ath-n1"))  # a navy step: 2 BP, 8 in all
    assert g.state.stack[-1]["spent"]["athens"] == {"athens": 8}
    assert g.state.stack[-1]["points"]["athens"] == 11
    _refused(g, _reinforce("ath-n1"), r"at most 8 BP may be spent in Athens.*§8\.1")
    assert not any(a["type"] == "reinforce" and a["block"] == "ath-n1"
                   for a in g.legal_actions("athens"))


@pytest.mark.rule("8.1")
def test_8_1_a_minor_city_takes_1_bp_and_a_major_city_twice_its_value():
    def setup(b):
        _put(b, "ath-h1", NAUPACTUS, 1)  # Naupactus: a minor city
        _put(b, "naupactus-p", NAUPACTUS, 1)
        _put(b, "chalcis-c", CHALCIS, 1)  # Chalcis: a major city worth 1, limit 2
        _put(b, "ath-h2", CHALCIS, 1)
    g = _phase(setup=setup)
    g.apply(_reinforce("ath-h1"))
    _refused(g, _reinforce("naupactus-p"), r"at most 1 BP may be spent in Naupactus.*§8\.1")
    g.apply(_reinforce("chalcis-c"))  # cavalry: 2 BP, Chalcis' whole limit
    _refused(g, _reinforce("ath-h2"), r"at most 2 BP may be spent in Chalcis.*§8\.1")
    assert g.state.board.blocks["chalcis-c"].steps == 2


@pytest.mark.rule("8.4")
def test_8_4_steps_cost_1_or_2_bp_and_9_3_spartan_navies_1_with_persia():
    def setup(b):
        b.persia = "allied"
        _put(b, "cor-n1", "0707", 2, "sparta")
        _put(b, "cor-h1", "0707", 1, "sparta")
        _put(b, "ath-n1", ATHENS, 2)
    g = _phase(setup=setup)
    g.apply(_reinforce("cor-n1", "sparta"))
    g.apply(_reinforce("cor-h1", "sparta"))
    g.apply(_reinforce("ath-n1"))
    points = g.state.stack[-1]["points"]
    assert (points["sparta"], points["athens"]) == (18 - 2, 19 - 2)


@pytest.mark.rule("8.4")
def test_8_4_a_step_beyond_the_points_left_is_refused():
    def setup(b):
        for city in ("chios", "samos", "mytilene", "corcyra", "amphipolis", "miletus",
                     "rhodes", "naxos", "chalcis"):
            b.control[city] = "sparta"  # Athens keeps only Athens: 4 BP
        _put(b, "ath-n1", ATHENS, 1)
        _put(b, "ath-n2", ATHENS, 2)
    g = _phase(setup=setup)
    assert g.state.stack[-1]["points"]["athens"] == 4
    g.apply(_reinforce("ath-n1"))
    g.apply(_reinforce("ath-n1"))
    _refused(g, _reinforce("ath-n2"), r"costs 2 BP and athens has 0 BP left.*§8\.4")


@pytest.mark.rule("8.2")
def test_8_2_blocks_out_of_cities_and_shut_in_a_siege_are_not_reinforced_besiegers_are():
    def setup(b):
        _put(b, "ath-h1", "0102", 1)  # a land hex with no city
        _put(b, "ath-h3", POTIDAEA, 2)  # besieging Potidaea
        _put(b, "cor-h2", POTIDAEA, 1, "sparta")  # shut in Potidaea
    g = _phase(setup=setup)
    assert g.state.world.city_at("0102") is None
    _refused(g, _reinforce("ath-h1"), r"no city.*§8\.2")
    _refused(g, _reinforce("cor-h2", "sparta"), r"shut in Potidaea.*§8\.2")
    g.apply(_reinforce("ath-h3"))
    assert g.state.board.blocks["ath-h3"].steps == 3
    assert g.state.stack[-1]["spent"]["athens"] == {"potidaea": 1}


@pytest.mark.rule("8.3")
def test_8_3_new_blocks_at_home_and_reserves_in_any_free_major_city():
    def setup(b):
        _put(b, "chios-h", "pool", 0)
        b.control["amphipolis"] = "sparta"
        _put(b, "amphipolis-p", "pool", 0)
    g = _phase(setup=setup)
    _refused(g, {"type": "build", "side": "athens", "block": "chios-h", "city": "athens"},
             r"only in its home city, Chios.*§8\.3")
    _refused(g, {"type": "build", "side": "athens", "block": "amphipolis-p",
                 "city": "amphipolis"}, r"not a free city of athens.*§8\.3")
    _refused(g, {"type": "build", "side": "athens", "block": "ath-r1", "city": "naupactus"},
             r"reserve.*major city.*§8\.3")
    _refused(g, {"type": "build", "side": "athens", "block": "ath-h1", "city": "athens"},
             r"not in the replacement pool.*§8\.3")
    g.apply({"type": "build", "side": "athens", "block": "ath-r1", "city": "chios"})
    g.apply({"type": "build", "side": "athens", "block": "chios-h", "city": "chios"})
    g.apply(_reinforce("chios-h"))
    assert g.state.board.blocks["ath-r1"] == BlockState(CHIOS, 1, "athens")
    assert g.state.board.blocks["chios-h"] == BlockState(CHIOS, 2, "athens")
    assert g.state.stack[-1]["spent"]["athens"] == {"chios": 3}
    builds = {(a["block"], a["city"]) for a in g.legal_actions("athens") if a["type"] == "build"}
    assert ("ath-r2", "athens") in builds and ("ath-r2", "naupactus") not in builds
    assert not any(b == "amphipolis-p" for b, _ in builds)


@pytest.mark.rule("8.3")
def test_8_3_9_4_a_spartan_rebel_navy_is_built_only_when_sparta_holds_its_city():
    g = _phase()
    build = {"type": "build", "side": "sparta", "block": "chios-sn", "city": "chios"}
    _refused(g, build, r"not a free city of sparta.*§8\.3")
    g = _phase(setup=lambda b: b.control.update(chios="sparta"))
    g.apply(build)
    assert g.state.board.blocks["chios-sn"].where == CHIOS


@pytest.mark.rule("7.0")
def test_7_0_revolt_blocks_are_never_built_nor_reinforced():
    g = _phase(setup=lambda b: _put(b, "demos", ATHENS, 1))
    _refused(g, _reinforce("demos"), r"revolt block.*§7\.0")
    _refused(g, {"type": "build", "side": "sparta", "block": "tyrants", "city": "sparta"},
             r"revolt block.*§7\.0")


@pytest.mark.rule("8.6")
def test_8_6_a_disbanded_block_loses_its_steps_and_may_be_built_again_at_once():
    g = _phase(setup=lambda b: _put(b, "ath-h1", ATHENS, 1))
    g.apply({"type": "disband", "side": "athens", "block": "ath-h1"})
    assert g.state.board.blocks["ath-h1"] == BlockState("pool", 0, "athens")
    g.apply({"type": "build", "side": "athens", "block": "ath-h1", "city": "athens"})
    assert g.state.board.blocks["ath-h1"] == BlockState(ATHENS, 1, "athens")
    _refused(g, {"type": "disband", "side": "athens", "block": "ath-h3"},
             r"shares its hex with enemy blocks")


@pytest.mark.rule("8.0")
def test_8_0_both_sides_decide_then_the_next_olympiad_is_dealt():
    g = _phase(setup=lambda b: _put(b, "ath-h1", ATHENS, 1))
    assert set(g.view("athens")["prompt"]["sides"]) == {"athens", "sparta"}
    g.apply(_reinforce("ath-h1"))
    public = [e["text"] for e in g.log_for("sparta") if e["kind"] == "build"]
    assert public == []  # in secret until both have finished (test_replacement_secret.py)
    g.apply({"type": "end_replacements", "side": "athens"})
    _refused(g, _reinforce("ath-h1"), r"not Athens.s decision now: waiting for Sparta")
    assert g.prompt.kind == "replacements"
    g.apply({"type": "build_plan", "side": "sparta"})
    assert g.prompt.kind in ("cards", "mulligan")
    assert g.state.board.olympiad == 85
    assert all(len(h) == 6 for h in g.state.hands.values())


@pytest.mark.rule("8.0")
def test_8_0_the_standard_plan_repairs_first_then_builds_at_home_within_the_limits():
    def setup(b):
        _put(b, "ath-h1", ATHENS, 1)
        _put(b, "chios-h", "pool", 0)
    g = _phase(setup=setup)
    g.apply({"type": "build_plan", "side": "athens"})
    blocks = g.state.board.blocks
    assert blocks["ath-h1"].steps == 3  # repaired first
    assert blocks["chios-h"] == BlockState(CHIOS, 3, "athens")  # rebuilt at home
    assert blocks["ath-r1"].where == ATHENS  # reserves in the main city
    spent = g.state.stack[-1]["spent"]["athens"]
    assert spent["athens"] <= 8 and spent["chios"] <= 4
    assert g.state.stack[-1]["waiting"] == ["sparta"]


def test_bad_replacement_actions_are_refused_in_words():
    g = _phase()
    _refused(g, _reinforce("no-such-block"), r"'no-such-block' is not a block of athens")
    _refused(g, _reinforce("spa-h1"), r"'spa-h1' is not a block of athens")
    _refused(g, {"type": "build", "side": "athens", "block": "ath-r1", "city": "atlantis"},
             r"'atlantis' is not a city of the map")
    _refused(g, {"type": "reinforce", "side": "athens"}, r"block")
    _refused(g, {"type": "card", "side": "athens", "card": "storm"},
             r"not a choice in the Replacement Phase")


def test_every_replacement_choice_has_a_label_in_words():
    g = _phase(setup=lambda b: _put(b, "ath-h1", ATHENS, 1))
    legal = g.legal_actions("athens")
    assert {a["type"] for a in legal} == {"reinforce", "build", "disband", "build_plan",
                                          "end_replacements"}
    assert all(a["label"] and "_" not in a["label"] for a in legal)
    label = next(a["label"] for a in legal if a["type"] == "reinforce")
    assert label.startswith("add a step to") and "1 to 2 for 1 BP" in label


def test_the_dashboard_rows_a_pool_block_by_its_name_not_as_a_revolt():
    """A build names a city; the panel's row is the pool block, never "A revolt in ..."."""
    from hellenes_nb.games.athens_sparta.ui import group_choices

    g = _phase(setup=lambda b: _put(b, "ath-h1", ATHENS, 1))
    groups = group_choices(g, g.legal_actions("athens"))
    titles = [r["title"] for grp in groups for r in grp["rows"]]
    assert "Build Athens reserve I (hoplite) from the pool" in titles
    assert not any(t.startswith("A revolt") for t in titles)
    last = groups[-1]["rows"][-1]["options"][-1][1]
    assert last["type"] == "end_replacements"  # the choice that ends the phase comes last
