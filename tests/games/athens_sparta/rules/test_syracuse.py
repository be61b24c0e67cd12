"""Athens & Sparta: Sicily and Syracuse (§9.2; aid "Sicily"): the sea move into the box from
its four embarkation ports, Syracuse joining the side not attacking it, its battles (the
aid's on-going battle, and the fan revision's with the option ``syracuse: fan``), going
back, attrition in the box, Corinth's grain and the Hellespont. Dice forced. The texts give
no worked example of a battle in Sicily; each rule sentence has its test here."""

from __future__ import annotations

import pytest

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.athens_sparta.position import Position
from hellenes_nb.games.athens_sparta.rules import syracuse
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA
from hellenes_nb.games.athens_sparta.state import BlockState

END = {"kind": "over", "winner": None, "how": "test", "text": "end of the test"}
CORCYRA, LEUCAS, ATHENS = "0103", "0206", "0711"
SYR = ("syr-h1", "syr-c1", "syr-n1")


def _game(side: str, place: dict, *, phase: str = "ops", mps: int = 4, faces=(),
          control: dict | None = None, besieged: dict | None = None,
          blockaded: dict | None = None, **options) -> Game:
    """A game at ``side``'s Move Phase (or Combat Phase, ``phase='battles'``) with the
    blocks of ``place`` (id -> (where, steps, side)) set down, Syracuse's control and sieges
    as given, and the dice forced to ``faces``; after the phase come its attrition and the
    Sicily step, then the end of the test."""
    st = Position("athens-sparta", 7, options=options)
    for k, (where, steps, owner) in place.items():
        st.board.blocks[k] = BlockState(where, steps, owner)
    st.board.control.update(control or {})
    st.board.besieged.update(besieged or {})
    st.board.blockaded.update(blockaded or {})
    st.dice.force(list(faces))
    stack = [dict(END), {"kind": "sicily", "side": side},
             {"kind": "battles", "side": side, "attacks": [], "from": {}, "crossed": []}]
    if phase == "ops":
        stack.append({"kind": "ops", "side": side, "mps": mps, "storm": False, "moved": [],
                      "from": {}, "crossed": [], "attacks": []})
    st.stack = stack
    return Game(ATHENS_SPARTA, st, 7)


def _do(g: Game, side: str, type_: str, **keys) -> None:
    g.apply({"type": type_, "side": side, **keys})


def _sea(g: Game, side: str) -> list[tuple[str, str]]:
    return [(a["block"], a["to"]) for a in g.legal_actions(side) if a["type"] == "sea"]


def _where(g: Game, k: str) -> tuple[str, int]:
    v = g.state.board.blocks[k]
    return v.where, v.steps


def _prefer(*choices):
    """A policy taking the first of ``choices`` offered, else the first option."""
    return lambda block, options: next((c for c in choices if c in options), options[0])


def _fight(g: Game, side: str, policy) -> None:
    """Answer every battle question by ``policy(block, options)`` until the battle is over."""
    while g.prompt.kind in ("battle", "retreat", "regroup"):
        acts = g.legal_actions()
        if g.prompt.kind != "battle":
            g.apply(acts[0])
            continue
        p = g.state.stack[-1]["pending"]
        _do(g, p["owner"], "combat", block=p["block"], choice=policy(p["block"],
                                                                      p["options"]))


@pytest.mark.rule("9.2")
def test_9_2_blocks_sail_to_syracuse_from_an_embarkation_port_only():
    g = _game("athens", {"ath-h1": (CORCYRA, 3, "athens"), "ath-h2": (ATHENS, 3, "athens")})
    moves = _sea(g, "athens")
    assert ("ath-h1", "syracuse") in moves  # Corcyra is one of the four ports
    assert ("ath-h2", "syracuse") not in moves  # Athens is not
    with pytest.raises(IllegalAction, match=r"ath-h2 cannot make a sea move.*§4\.5"):
        _do(g, "athens", "sea", block="ath-h2", to="syracuse")
    label = next(a["label"] for a in g.legal_actions("athens")
                 if a.get("to") == "syracuse" and a["block"] == "ath-h1")
    assert "syracuse" in label


@pytest.mark.rule("9.2")
def test_9_2_no_sea_move_to_syracuse_from_a_blockaded_or_enemy_port():
    g = _game("athens", {"ath-h1": (CORCYRA, 3, "athens")}, blockaded={"corcyra": "sparta"})
    assert ("ath-h1", "syracuse") not in _sea(g, "athens")
    g = _game("sparta", {"cor-h1": (LEUCAS, 3, "sparta")}, control={"leucas": "athens"})
    assert ("cor-h1", "syracuse") not in _sea(g, "sparta")


@pytest.mark.rule("9.5")
def test_9_2_9_5_attacking_neutral_syracuse_makes_it_join_the_other_side_in_the_box():
    g = _game("athens", {"ath-h1": (CORCYRA, 3, "athens")})
    _do(g, "athens", "sea", block="ath-h1", to="syracuse")
    st = g.state
    assert st.board.control["syracuse"] == "sparta"
    assert {k: _where(g, k) for k in SYR} == {"syr-h1": ("syracuse", 4),
                                               "syr-c1": ("syracuse", 3),
                                               "syr-n1": ("syracuse", 4)}
    assert st.stack[-1]["mps"] == 3  # one MP a block
    assert "syracuse" in st.stack[-1]["attacks"]  # its battle must be fought
    _do(g, "athens", "end_moves")
    with pytest.raises(IllegalAction, match=r"syracuse must still be fought.*§5\.0"):
        _do(g, "athens", "end_battles")
    _do(g, "athens", "battle", hex="syracuse")
    assert g.prompt.kind == "battle" and g.state.stack[-1]["hex"] == "syracuse"


def _attacked(faces=(), **options) -> Game:
    """Athens' Combat Phase with two hoplites that sailed into Sparta's Syracuse, defended
    by its hoplite alone."""
    place = {"ath-h1": ("syracuse", 3, "athens"), "ath-h2": ("syracuse", 3, "athens"),
             "syr-h1": ("syracuse", 2, "sparta")}
    g = _game("athens", place, phase="battles", faces=faces, control={"syracuse": "sparta"},
              **options)
    g.state.stack[-1] = {**g.state.stack[-1], "attacks": ["syracuse"],
                         "from": {"ath-h1": CORCYRA, "ath-h2": CORCYRA}}
    _do(g, "athens", "battle", hex="syracuse")
    return g


@pytest.mark.rule("9.2")
def test_9_2_aid_a_battle_in_syracuse_goes_on_nobody_is_forced_out_or_retreats():
    """All miss (6s): after round 2 the attackers stay beside the defenders in the field (the
    aid: no forced retreat, no pursuit, no retreat from Sicily), and both sides keep their
    blocks in the box."""
    g = _attacked(faces=[6] * 40)
    seen: list[list[str]] = []

    def fire(block, options):
        seen.append(options)
        return "fire"

    _fight(g, "athens", fire)
    assert all("retreat" not in o for o in seen)
    assert {k: _where(g, k)[0] for k in ("ath-h1", "ath-h2", "syr-h1")} == dict.fromkeys(
        ("ath-h1", "ath-h2", "syr-h1"), "syracuse")
    assert "syracuse" not in g.state.board.besieged  # in the field: no siege
    assert g.state.board.control["syracuse"] == "sparta"


@pytest.mark.rule("9.2")
def test_9_2_aid_either_side_may_fight_on_in_sicily_in_its_combat_phase_or_not():
    place = {"ath-h1": ("syracuse", 3, "athens"), "syr-h1": ("syracuse", 2, "sparta")}
    for side in ("athens", "sparta"):
        g = _game(side, place, phase="battles", control={"syracuse": "sparta"})
        acts = g.legal_actions(side)
        assert {"type": "battle", "side": side, "hex": "syracuse",
                "label": "fight on in Sicily"} in acts
        assert any(a["type"] == "end_battles" for a in acts)  # or leave it be
    place = {**place, "ath-h2": ("syracuse", 3, "athens"), "syr-h1": ("syracuse", 1, "sparta")}
    g = _game("athens", place, phase="battles", control={"syracuse": "sparta"},
              faces=[1] * 20)  # every die hits
    _do(g, "athens", "battle", hex="syracuse")
    _fight(g, "athens", lambda b, o: "fire")
    assert g.state.board.control["syracuse"] == "athens"  # the defender gone: Athens takes it


@pytest.mark.rule("9.2")
def test_9_2_defenders_withdrawn_into_syracuse_are_besieged():
    g = _attacked(faces=[6] * 40)
    _fight(g, "athens", _prefer("withdraw", "stay", "fire"))
    assert g.state.board.besieged.get("syracuse") == "athens"
    assert _where(g, "ath-h1")[0] == "syracuse"


@pytest.mark.rule("9.2")
def test_9_2_fan_defenders_must_withdraw_after_round_2_and_attacking_armies_never_retreat():
    g = _attacked(faces=[6] * 40, syracuse="fan")
    seen: list[tuple[str, list[str]]] = []

    def fire(block, options):
        seen.append((block, options))
        return "fire"

    _fight(g, "athens", fire)
    assert all("retreat" not in o for b, o in seen if b.startswith("ath-h"))
    assert g.state.board.besieged.get("syracuse") == "athens"  # withdrawn: a siege


@pytest.mark.rule("9.2")
def test_9_2_fan_attacking_navies_may_retreat_to_a_friendly_embarkation_port():
    place = {"ath-n1": ("syracuse", 4, "athens"), "syr-n1": ("syracuse", 4, "sparta")}
    g = _game("athens", place, phase="battles", faces=[6] * 40,
              control={"syracuse": "sparta"}, syracuse="fan")
    g.state.stack[-1] = {**g.state.stack[-1], "attacks": ["syracuse"],
                         "from": {"ath-n1": CORCYRA}}
    _do(g, "athens", "battle", hex="syracuse")
    _fight(g, "athens", lambda b, o: "retreat" if "retreat" in o else "fire")
    assert _where(g, "ath-n1") == (CORCYRA, 4)
    g = _game("athens", place, phase="battles", faces=[6] * 40,
              control={"syracuse": "sparta"})
    g.state.stack[-1] = {**g.state.stack[-1], "attacks": ["syracuse"],
                         "from": {"ath-n1": CORCYRA}}
    _do(g, "athens", "battle", hex="syracuse")
    asked: list[list[str]] = []
    _fight(g, "athens", lambda b, o: asked.append(o) or "fire")
    assert all("retreat" not in o for o in asked)  # the aid: nobody retreats from Sicily


@pytest.mark.rule("9.2")
def test_9_2_blocks_sail_back_from_sicily_to_a_friendly_embarkation_port_one_mp_each():
    place = {"ath-h1": ("syracuse", 3, "athens"), "ath-n1": ("syracuse", 4, "athens")}
    g = _game("athens", place, control={"syracuse": "athens"})
    moves = _sea(g, "athens")
    assert ("ath-h1", CORCYRA) in moves and ("ath-h1", "0207") in moves  # Cephallenia
    assert ("ath-h1", LEUCAS) not in moves  # Sparta's port
    _do(g, "athens", "sea", block="ath-h1", to=CORCYRA)
    assert _where(g, "ath-h1") == (CORCYRA, 3) and g.state.stack[-1]["mps"] == 3


@pytest.mark.rule("9.2")
def test_9_2_blocks_shut_in_besieged_syracuse_do_not_sail_away():
    place = {"syr-h1": ("syracuse", 3, "sparta"), "ath-h1": ("syracuse", 3, "athens")}
    g = _game("sparta", place, control={"syracuse": "sparta"},
              besieged={"syracuse": "athens"}, **{})
    assert ("syr-h1", LEUCAS) not in _sea(g, "sparta")
    g = _game("athens", place, control={"syracuse": "sparta"},
              besieged={"syracuse": "athens"})
    assert ("ath-h1", CORCYRA) in _sea(g, "athens")  # the besieger may leave


@pytest.mark.rule("9.2")
def test_9_2_fan_only_the_side_with_sea_control_sails_away():
    place = {"ath-h1": ("syracuse", 3, "athens"), "syr-n1": ("syracuse", 4, "sparta"),
             "syr-h1": ("syracuse", 3, "sparta")}
    g = _game("athens", place, control={"syracuse": "sparta"}, syracuse="fan")
    assert syracuse.sea_control(g.state) == "sparta"
    assert [m for m in _sea(g, "athens") if m[0] == "ath-h1"] == []
    g = _game("athens", place, control={"syracuse": "sparta"})  # the aid: no such limit
    assert ("ath-h1", CORCYRA) in _sea(g, "athens")


@pytest.mark.rule("9.2")
def test_9_2_aid_attackers_in_sicily_roll_as_a_full_siege_while_syracuse_holds_the_sea():
    """Syracuse's navy alone at sea: the Athenian hoplites in the field roll at 4+ at the end
    of Athens' turn (two 4s: two hits on the strongest); without it they would not roll."""
    place = {"ath-h1": ("syracuse", 3, "athens"), "ath-h2": ("syracuse", 2, "athens"),
             "syr-n1": ("syracuse", 4, "sparta"), "syr-h1": ("syracuse", 3, "sparta")}
    g = _game("athens", place, phase="battles", faces=[4, 4],
              control={"syracuse": "sparta"})
    assert syracuse.box_target(g.state, "athens") == (4, "the city holding the sea")
    _do(g, "athens", "end_battles")
    assert (_where(g, "ath-h1"), _where(g, "ath-h2")) == (("syracuse", 1), ("syracuse", 2))
    place.pop("syr-n1")
    place["ath-n1"] = ("syracuse", 4, "athens")
    g = _game("athens", place, phase="battles", control={"syracuse": "sparta"})
    assert syracuse.box_target(g.state, "athens") is None  # Athens holds the sea


@pytest.mark.rule("9.2")
def test_9_2_fan_the_besieger_rolls_at_plus_one_while_the_city_holds_the_sea():
    place = {"ath-h1": ("syracuse", 3, "athens"), "syr-n1": ("syracuse", 4, "sparta"),
             "syr-h1": ("syracuse", 3, "sparta")}
    g = _game("athens", place, phase="battles", faces=[3], control={"syracuse": "sparta"},
              besieged={"syracuse": "athens"}, syracuse="fan")
    assert syracuse.box_target(g.state, "athens")[0] == 3
    _do(g, "athens", "end_battles")
    assert _where(g, "ath-h1") == ("syracuse", 2)


@pytest.mark.rule("6.0")
def test_6_0_the_city_besieged_in_sicily_rolls_siege_attrition():
    place = {"ath-h1": ("syracuse", 3, "athens"), "ath-n1": ("syracuse", 4, "athens"),
             "syr-h1": ("syracuse", 3, "sparta")}
    g = _game("sparta", place, phase="battles", faces=[3],
              control={"syracuse": "sparta"}, besieged={"syracuse": "athens"},
              blockaded={"syracuse": "athens"})
    assert syracuse.box_target(g.state, "sparta") == (3, "full siege")
    _do(g, "sparta", "end_battles")
    assert _where(g, "syr-h1") == ("syracuse", 2)


@pytest.mark.rule("9.2")
def test_9_2_corinth_rolls_5_plus_after_a_spartan_turn_while_athens_holds_syracuse():
    cor = "0707"
    g = _game("sparta", {"ath-h1": ("syracuse", 3, "athens")}, phase="battles",
              faces=[5, 4, 6], control={"syracuse": "athens"})
    before = {k: _where(g, k) for k in g.state.board.at(cor)}
    _do(g, "sparta", "end_battles")
    after = {k: _where(g, k) for k in before}
    lost = sum(before[k][1] - after[k][1] for k in before)
    assert sorted(before) == ["cor-h1", "cor-n1", "cor-n2"] and lost == 2  # the 5 and the 6
    g = _game("athens", {"ath-h1": ("syracuse", 3, "athens")}, phase="battles",
              faces=[6, 6, 6], control={"syracuse": "athens"})
    _do(g, "athens", "end_battles")  # after an Athenian turn Corinth does not roll
    assert {k: _where(g, k) for k in before} == before
    g = _game("sparta", {}, phase="battles", faces=[6, 6, 6])
    _do(g, "sparta", "end_battles")  # Syracuse neutral: no roll
    assert {k: _where(g, k) for k in before} == before


@pytest.mark.rule("9.2")
def test_9_2_athens_holding_syracuse_with_the_sea_ignores_the_hellespont():
    from hellenes_nb.games.athens_sparta.rules import strategics

    st = Position("athens-sparta", 7)
    abydos = st.world.cities["abydos"].hex
    for k in st.board.at(abydos):
        st.board.blocks[k] = BlockState("pool", 0, st.board.blocks[k].side)
    st.board.blocks["cor-n1"] = BlockState(abydos, 4, "sparta")
    assert strategics.sea_control_of_abydos(st)
    assert strategics._binds(st)
    st.board.control["syracuse"] = "athens"
    st.board.blocks["ath-n1"] = BlockState("syracuse", 4, "athens")
    assert syracuse.grain_relief(st) and not strategics._binds(st)
    st.board.blocks["syr-n1"] = BlockState("syracuse", 4, "sparta")  # the sea is contested
    assert not syracuse.grain_relief(st) and strategics._binds(st)


@pytest.mark.rule("9.2")
def test_9_2_each_player_turn_ends_with_the_sicily_step_after_siege_attrition_even_in_a_quake():
    from hellenes_nb.games.athens_sparta.rules.sequence import turn_frames

    st = Position("athens-sparta", 7)
    st.shown = {"athens": st.world.cards[0].id, "sparta": st.world.cards[1].id}
    for quake in (False, True):
        effects = {"cancelled_but_attrition": quake, "navies_stay": False}
        kinds = [(f["kind"], f.get("side")) for f in turn_frames(st, "sparta", "athens",
                                                                   effects)]
        for side in ("sparta", "athens"):
            at = kinds.index(("attrition", side))
            assert kinds[at + 1] == ("sicily", side)


@pytest.mark.rule("7.0")
def test_7_0_a_revolt_in_syracuse_once_it_has_joined_a_side_is_raised_in_the_box():
    g = _game("athens", {"syr-h1": ("syracuse", 2, "sparta")}, mps=3,
              control={"syracuse": "sparta"})
    revolts = [a for a in g.legal_actions("athens") if a["type"] == "revolt"
               and a["city"] == "syracuse"]
    assert [a["mps"] for a in revolts] == [1, 2, 3]
    g.apply(revolts[-1])
    demos = next(k for k, v in g.state.board.blocks.items() if v.where == "syracuse"
                 and v.side == "athens")
    assert _where(g, demos) == ("syracuse", 3)
    assert g.state.stack[-1]["attacks"] == ["syracuse"]
