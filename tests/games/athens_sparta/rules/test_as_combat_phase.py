"""Athens & Sparta: the Combat Phase as the players' decisions (§5.0, §5.4, §5.41-§5.43, §5.5,
§5.6): which battle first, each block's choice, retreats and regroups, storming and sallying
an on-going siege. Dice forced; the rules' Amphipolis example played through the game."""

from __future__ import annotations

import pytest

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.athens_sparta.position import Position
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA
from hellenes_nb.games.athens_sparta.state import BlockState

END = {"kind": "over", "winner": None, "how": "test", "text": "end of the test"}
OPEN = "0101"  # clear, vacant, six clear neighbours, none of them a city


def _battles(side: str, attacks: list[str], origins: dict, place: dict,
             faces=(), clear: tuple = (), **options) -> Game:
    """A game at ``side``'s Combat Phase with the blocks of ``place`` (id -> (hex, steps))
    set down, the hexes in ``clear`` emptied first, and the dice forced to ``faces``."""
    st = Position("athens-sparta", 7, options=options)
    for k, v in st.board.blocks.items():
        if v.where in clear:
            st.board.blocks[k] = BlockState("pool", 0, v.side)
    for k, (where, steps) in place.items():
        st.board.blocks[k] = BlockState(where, steps, st.board.blocks[k].side or "sparta")
    st.dice.force(list(faces))
    st.stack = [dict(END), {"kind": "battles", "side": side, "attacks": attacks,
                            "from": origins, "crossed": [], "done": []}]
    return Game(ATHENS_SPARTA, st, 7)


def _do(g: Game, side: str, type_: str, **keys) -> None:
    g.apply({"type": type_, "side": side, **keys})


def _end(g: Game, side: str) -> None:
    """End the Combat Phase (the sieges of Potidaea may still be opened)."""
    assert g.prompt.kind == "battles"
    _do(g, side, "end_battles")
    assert g.over


def _where(g: Game, k: str) -> tuple[str, int]:
    v = g.state.board.blocks[k]
    return v.where, v.steps


@pytest.mark.rule("5.0")
def test_5_0_the_active_player_chooses_the_order_of_battles_and_must_fight_each():
    g = _battles("sparta", ["0101", "0202"], {"spa-h1": "0100", "spa-h2": "0201"},
                 {"spa-h1": ("0101", 4), "spa-h2": ("0202", 4), "ath-h1": ("0101", 3),
                  "ath-h2": ("0202", 3)}, faces=[6] * 60)
    assert g.prompt.kind == "battles" and g.prompt.side == "sparta"
    hexes = [a["hex"] for a in g.legal_actions("sparta") if a["type"] == "battle"]
    assert hexes[:2] == ["0101", "0202"] and "0702" in hexes  # the sally at Potidaea besides
    with pytest.raises(IllegalAction, match=r"0101, 0202 must still be fought.*§5\.0"):
        _do(g, "sparta", "end_battles")
    with pytest.raises(IllegalAction, match=r"no battle to fight at '0303'.*§5\.0"):
        _do(g, "sparta", "battle", hex="0303")
    _do(g, "sparta", "battle", hex="0202")  # the second listed goes first
    assert g.prompt.kind == "battle" and g.view("sparta")["prompt"]["battle"]["hex"] == "0202"
    assert g.state.stack[-1]["hex"] == "0202"


@pytest.mark.rule("5.41")
def test_5_41_amphipolis_example_as_the_players_choices():
    """§5.61's second example on the map: Spartan hoplite 4B4 and peltast 4A1 attack the
    Athenian hoplite 3B2 and peltast 2A1 in walled Amphipolis. Athens fires in round 1 and
    withdraws both blocks in round 2; Sparta's hoplite storms; the peltast falls; Sparta is
    left besieging the city. Equal blocks are hit first by id (the owner's pick is not asked)."""
    faces = [5, 6,  # round 1: the Athenian peltast misses
             1, 5, 6, 6,  # the Spartan peltast hits the Athenian hoplite (3 -> 2)
             2, 5,  # the Athenian hoplite hits: a Spartan 4 (the hoplite, first by id)
             1, 4, 5,  # the Spartan hoplite (now 3) hits twice: both Athenians down to 1
             2, 3, 4, 6,  # round 2: the Spartan peltast misses
             1, 2, 5]  # storming: two half hits make one step, on the Athenian peltast
    amph = "0900"
    g = _battles("sparta", [amph], {"spa-h1": "1000", "spa-p1": "1000"},
                 {"spa-h1": (amph, 4), "spa-p1": (amph, 4), "ath-h1": (amph, 3),
                  "amphipolis-p": (amph, 2)}, faces, clear=(amph,))
    _do(g, "sparta", "battle", hex=amph)
    assert g.prompt.side == "athens"
    assert {a["choice"] for a in g.legal_actions("athens")} == {"fire", "withdraw"}
    with pytest.raises(IllegalAction, match=r"retreat.*round 2 only.*§5\.42"):
        _do(g, "athens", "combat", block="amphipolis-p", choice="retreat")
    with pytest.raises(IllegalAction, match=r"combat order.*amphipolis-p's turn.*§5\.1"):
        _do(g, "athens", "combat", block="ath-h1", choice="fire")
    _do(g, "athens", "combat", block="amphipolis-p", choice="fire")
    _do(g, "athens", "combat", block="ath-h1", choice="fire")
    assert g.view("athens")["prompt"]["battle"]["round"] == 2
    _do(g, "athens", "combat", block="amphipolis-p", choice="withdraw")
    assert {a["choice"] for a in g.legal_actions("sparta")} == {"fire", "retreat"}
    _do(g, "sparta", "combat", block="spa-p1", choice="fire")
    _do(g, "athens", "combat", block="ath-h1", choice="withdraw")
    assert {a["choice"] for a in g.legal_actions("sparta")} == {"storm", "stay"}
    _do(g, "sparta", "combat", block="spa-h1", choice="storm")
    _end(g, "sparta")  # no regroup to make: no hex next to Amphipolis is Sparta's
    assert _where(g, "amphipolis-p") == ("pool", 0)
    assert _where(g, "ath-h1") == (amph, 1)
    assert _where(g, "spa-h1") == (amph, 3) and _where(g, "spa-p1") == (amph, 4)
    assert g.state.board.besieged["amphipolis"] == "sparta"
    assert g.state.board.control["amphipolis"] == "athens"


def _open_battle(origin: str, faces) -> Game:
    return _battles("sparta", [OPEN], {"spa-h1": origin},
                    {"spa-h1": (OPEN, 4), "ath-h1": (OPEN, 3)}, faces)


@pytest.mark.rule("5.5")
def test_5_5_the_defender_chooses_its_retreat_but_never_by_the_attackers_way_in():
    g = _open_battle("0100", [6] * 7)  # round 1 (no choice in open country) misses
    _do(g, "sparta", "battle", hex=OPEN)
    assert g.view("athens")["prompt"]["battle"]["round"] == 2
    _do(g, "athens", "combat", block="ath-h1", choice="retreat")
    assert g.prompt.kind == "retreat" and g.prompt.side == "athens"
    places = [a["to"] for a in g.legal_actions("athens")]
    assert places == ["0001", "0002", "0102", "0201", "0202"]  # not 0100, where Sparta came in
    with pytest.raises(IllegalAction, match=r"cannot retreat to '0100'.*§5\.5"):
        _do(g, "athens", "retreat", block="ath-h1", to="0100")
    _do(g, "athens", "retreat", block="ath-h1", to="0202")
    assert _where(g, "ath-h1") == ("0202", 3)
    assert _where(g, "spa-h1") == (OPEN, 4)  # the victor; no friendly hex to regroup to
    _end(g, "sparta")


@pytest.mark.rule("5.5")
def test_5_5_an_attacking_army_retreats_only_the_way_it_came():
    g = _open_battle("0100", [6] * 10)
    _do(g, "sparta", "battle", hex=OPEN)
    _do(g, "athens", "combat", block="ath-h1", choice="fire")
    _do(g, "sparta", "combat", block="spa-h1", choice="retreat")
    assert _where(g, "spa-h1") == ("0100", 4)  # one hexside in: it goes back by itself
    assert _where(g, "ath-h1") == (OPEN, 3)
    _end(g, "sparta")


@pytest.mark.rule("5.6")
def test_5_6_the_victor_may_regroup_to_a_next_friendly_hex_only():
    g = _battles("sparta", [OPEN], {"spa-h1": "0100"},
                 {"spa-h1": (OPEN, 4), "ath-h1": (OPEN, 1), "spa-h2": ("0202", 4)},
                 [6, 1, 6, 6, 6])  # Athens misses, Sparta kills the 1-step hoplite
    _do(g, "sparta", "battle", hex=OPEN)
    assert g.prompt.kind == "regroup" and g.prompt.side == "sparta"
    assert {(a["type"], a.get("to")) for a in g.legal_actions("sparta")} == {
        ("end_regroup", None), ("regroup", "0202")}
    with pytest.raises(IllegalAction, match=r"cannot regroup to '0102'.*§5\.6"):
        _do(g, "sparta", "regroup", block="spa-h1", to="0102")
    with pytest.raises(IllegalAction, match=r"waiting for Sparta.*regroup"):
        _do(g, "athens", "end_regroup")
    _do(g, "sparta", "regroup", block="spa-h1", to="0202")
    assert _where(g, "spa-h1") == ("0202", 4)
    _end(g, "sparta")


@pytest.mark.rule("5.4")
def test_5_4_the_besieger_may_storm_an_ongoing_siege_or_leave_it():
    """At the start Athens besieges and blockades Potidaea (§3): in Athens' Combat Phase it
    may storm it (the siege battle only) or end the phase."""
    g = _battles("athens", [], {}, {}, [6, 6, 1, 1, 1] + [6] * 40)
    pot = "0702"
    labels = {a["label"] for a in g.legal_actions("athens")}
    assert labels == {f"storm the city at {pot}",
                      "end the Combat Phase (leave the sieges as they are)"}
    _do(g, "athens", "battle", hex=pot)
    assert {a["choice"] for a in g.legal_actions("athens")} == {"storm", "stay"}
    assert g.view("athens")["prompt"]["battle"]["round"] == 1  # no sea or land battle first
    _do(g, "athens", "combat", block="ath-h3", choice="storm")
    _do(g, "athens", "combat", block="ath-n3", choice="stay")
    # the Corinthian in the city fires first (B, defender) and misses; ath-h3 (B2, 3 dice:
    # 1 1 1) scores three half hits on it: one step, and a half hit that heals at the end
    while g.prompt.kind == "battle":
        _do(g, "athens", "combat", block=g.state.stack[-1]["pending"]["block"], choice="stay")
    assert _where(g, "cor-h2") == (pot, 1)
    assert g.state.board.besieged["potidaea"] == "athens"


@pytest.mark.rule("5.42")
def test_5_42_a_sallying_army_cannot_retreat_and_goes_back_into_its_city():
    g = _battles("sparta", [], {}, {}, [6] * 40)
    pot = "0702"
    _do(g, "sparta", "battle", hex=pot)
    assert g.prompt.kind == "sally"
    _do(g, "sparta", "sally", block="cor-h2")  # its only block: the battle begins
    seen = []
    while g.prompt.kind == "battle":
        pending = g.state.stack[-1]["pending"]
        seen.append((pending["round"], pending["block"], tuple(pending["options"])))
        side = pending["owner"]
        choice = "fire" if "fire" in pending["options"] else pending["options"][0]
        _do(g, side, "combat", block=pending["block"], choice=choice)
    assert [e for e in g.log if e["kind"] == "battle"]  # the sally was fought
    assert seen  # the besiegers were asked in round 2; the Corinthian never (fire only)
    assert not any(b == "cor-h2" for _, b, o in seen)
    assert _where(g, "cor-h2") == (pot, 2)  # back inside: the siege goes on
    assert g.state.board.control["potidaea"] == "sparta"


@pytest.mark.rule("5.42")
def test_5_42_defending_navies_retreat_in_round_2_unless_the_option_ship_retreat_round1():
    place = {"spa-n1": (OPEN, 3), "ath-n1": (OPEN, 4)}
    fan = _battles("sparta", [OPEN], {"spa-n1": "0100"}, place, [6] * 30)
    _do(fan, "sparta", "battle", hex=OPEN)
    assert fan.view("athens")["prompt"]["battle"]["round"] == 2  # round 1 asked nothing
    aid = _battles("sparta", [OPEN], {"spa-n1": "0100"}, place, [6] * 30,
                   ship_retreat="round1")
    _do(aid, "sparta", "battle", hex=OPEN)
    asked = aid.view("athens")["prompt"]["battle"]
    assert asked["round"] == 1 and asked["block"] == "ath-n1"
    assert asked["options"] == ["fire", "retreat"]


@pytest.mark.rule("5.43")
def test_5_43_the_option_pursuit_forced_only_spares_a_block_that_chose_to_retreat():
    """Athens' hoplite retreats in round 2 past a Spartan peltast: by the aid it takes one more
    fire (a hit: 3 -> 2); with ``pursuit: forced_only`` it leaves whole."""
    place = {"spa-p1": (OPEN, 1), "ath-h1": (OPEN, 3)}
    faces = [6, 6, 6, 6, 6, 1]  # every fire in rounds 1 and 2 misses; the pursuit die hits
    for pursuit, steps in (("aid", 2), ("forced_only", 3)):
        options = {} if pursuit == "aid" else {"pursuit": pursuit}
        g = _battles("sparta", [OPEN], {"spa-p1": "0100"}, place, faces, **options)
        _do(g, "sparta", "battle", hex=OPEN)
        _do(g, "sparta", "combat", block="spa-p1", choice="fire")
        _do(g, "athens", "combat", block="ath-h1", choice="retreat")
        _do(g, "athens", "retreat", block="ath-h1", to="0202")
        assert _where(g, "ath-h1") == ("0202", steps), pursuit


@pytest.mark.rule("5.61")
def test_5_61_a_major_city_taken_pays_its_value_in_steps_to_the_blocks_left_in_it():
    """Sparta takes Chios (2 points) from its lone 1-step hoplite; Sparta's peltast (2 of 4
    steps, 1 BP a step) left in the city gains 2 steps from the pillage."""
    chios = "1306"
    g = _battles("sparta", [chios], {"spa-p1": "1406"},
                 {"spa-p1": (chios, 2), "chios-h": (chios, 1)}, [1, 6], clear=(chios,))
    assert g.state.board.control["chios"] == "athens"
    _do(g, "sparta", "battle", hex=chios)
    assert g.state.board.control["chios"] == "sparta"
    assert _where(g, "spa-p1") == (chios, 4)
    assert any(e["kind"] == "pillage" for e in g.log_for("athens"))


@pytest.mark.rule("5.4")
def test_5_4_the_besieged_choose_who_sallies_and_relief_forces_fight_without_them():
    pot = "0702"
    g = _battles("sparta", [], {}, {}, [6] * 40)
    _do(g, "sparta", "battle", hex=pot)
    assert g.view("athens")["prompt"]["hex"] == pot  # both sides' boards know where
    with pytest.raises(IllegalAction, match=r"'ath-h3' is not a block shut in the city.*§5\.4"):
        _do(g, "sparta", "sally", block="ath-h3")
    _do(g, "sparta", "end_sally")  # nobody comes out: no battle, and nothing else to open
    assert g.over and _where(g, "cor-h2") == (pot, 2)
    assert not [e for e in g.log if e["kind"] == "battle"]
    # relief: a Theban hoplite attacks the besiegers; the Corinthian stays in the walls
    relief = _battles("sparta", [pot], {"the-h1": "0602"}, {"the-h1": (pot, 4)}, [6] * 40)
    assert relief.prompt.kind == "sally"  # the one battle opens by itself
    _do(relief, "sparta", "end_sally")
    asked = set()
    while relief.prompt.kind == "battle":
        pending = relief.state.stack[-1]["pending"]
        places = {b["id"]: b["place"] for b in pending["blocks"]}
        assert places["cor-h2"] == "in the city"
        asked.add(pending["block"])
        choice = "fire" if "fire" in pending["options"] else pending["options"][0]
        _do(relief, pending["owner"], "combat", block=pending["block"], choice=choice)
    assert "cor-h2" not in asked and _where(relief, "cor-h2") == (pot, 2)


@pytest.mark.rule("5.6")
def test_5_6_blocks_regrouped_into_a_siege_storm_by_the_aid_not_with_regroup_storm_no():
    """Athens beats a Megarian hoplite next to Potidaea, regroups its hoplite into its siege
    there, then storms Potidaea: by the aid the regrouped hoplite is asked too; with the
    option ``regroup_storm: no`` it waits in reserve (§5.6)."""
    asked = {}
    for option in ("aid", "no"):
        options = {} if option == "aid" else {"regroup_storm": option}
        g = _battles("athens", ["0701"], {"ath-h1": "0601"},
                     {"ath-h1": ("0701", 3), "meg-h1": ("0701", 1)}, [6, 1, 6, 6] + [6] * 40,
                     **options)
        _do(g, "athens", "battle", hex="0701")  # first the battle, then the storm
        assert g.prompt.kind == "regroup"
        _do(g, "athens", "regroup", block="ath-h1", to="0702")
        _do(g, "athens", "battle", hex="0702")  # storm Potidaea
        asked[option] = set()
        while g.prompt.kind == "battle":
            pending = g.state.stack[-1]["pending"]
            asked[option].add(pending["block"])
            _do(g, pending["owner"], "combat", block=pending["block"], choice="stay")
    assert "ath-h1" in asked["aid"] and "ath-h3" in asked["aid"]
    assert "ath-h1" not in asked["no"] and "ath-h3" in asked["no"]


@pytest.mark.rule("1.4")
def test_1_4_no_battle_is_fought_at_an_oracle_even_when_both_sides_meet_there():
    """Fuzz seed 66 (25 games from seed 50) crashed: a navy that moved into Delos beside an
    enemy block had its hex listed as a battle to fight."""
    delos = "1209"
    g = _battles("sparta", [delos], {"spa-n1": "1109"},
                 {"spa-n1": (delos, 3), "samos-n": (delos, 2)}, [6] * 20)
    assert [a.get("hex") for a in g.legal_actions("sparta")] == ["0702", None]  # sally only
    _end(g, "sparta")
    assert {_where(g, "spa-n1")[0], _where(g, "samos-n")[0]} == {delos}  # they share Delos
