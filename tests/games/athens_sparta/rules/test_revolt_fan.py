"""Athens & Sparta: the fan revision's revolts (§7.0) as the option ``revolt: fan``: a revolt
in a defended enemy city is fought as a siege battle (every defender inside the walls, the
siege battle only, the revolt block's hits full), and a revolt block that won may be exchanged
for a peltast of its pool at its strength (in the Replacement Phase, for no BP)."""

from __future__ import annotations

import random

import pytest

from hellenes_nb import new_game
from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.athens_sparta.invariants import check_invariants
from hellenes_nb.games.athens_sparta.position import Position
from hellenes_nb.games.athens_sparta.rules.fighting import begin
from hellenes_nb.games.athens_sparta.rules.replacement import phase_frame
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA
from hellenes_nb.games.athens_sparta.state import BlockState

MEGARA = "0807"


def _revolt_at_megara(option: str) -> Position:
    """Athens' Demos at 3 steps rising in Megara, held by a Spartan hoplite of 2 steps."""
    st = Position("athens-sparta", 4, options={} if option == "aid" else {"revolt": option})
    for k, v in st.board.blocks.items():
        if v.where == MEGARA:
            st.board.blocks[k] = BlockState("pool", 0, v.side)
    st.board.blocks["spa-h1"] = BlockState(MEGARA, 2, "sparta")
    st.board.blocks["demos"] = BlockState(MEGARA, 3, "athens")
    return st


@pytest.mark.rule("7.0")
def test_7_0_fan_a_revolt_is_a_siege_battle_the_aid_a_normal_one():
    fan = begin(_revolt_at_megara("fan"), MEGARA, "athens")
    assert fan is not None and fan.siege_only
    assert {b.id for b in fan.in_city()} == {b.id for b in fan.blocks if b.side == "defender"}
    fan.run()
    assert fan.log and {e["part"] for e in fan.log} == {"siege"}  # the siege battle only
    aid = begin(_revolt_at_megara("aid"), MEGARA, "athens")
    assert aid is not None and not aid.siege_only and not aid.in_city()


@pytest.mark.rule("7.1")
def test_7_1_the_helots_fight_a_normal_battle_even_with_the_fan_reading():
    st = _revolt_at_megara("fan")
    st.board.blocks["demos"] = BlockState("pool", 0, "athens")
    st.board.blocks["helots"] = BlockState(MEGARA, 2, "athens")
    battle = begin(st, MEGARA, "athens")
    assert battle is not None and not battle.siege_only


def _replacements(option: str) -> Game:
    st = Position("athens-sparta", 5, options={} if option == "aid" else {"revolt": option})
    st.board.control["megara"] = "athens"  # the revolt won: the city is Athens' now
    for k, v in st.board.blocks.items():
        if v.where == MEGARA:
            st.board.blocks[k] = BlockState("pool", 0, v.side)
    st.board.blocks["demos"] = BlockState(MEGARA, 3, "athens")
    st.board.blocks["ath-r2"] = BlockState("pool", 0, "athens")
    st.stack = [phase_frame(st)]
    return Game(ATHENS_SPARTA, st, 5)


def _swap(peltast: str = "ath-r2") -> dict:
    return {"type": "exchange_revolt", "side": "athens", "block": "demos", "peltast": peltast}


@pytest.mark.rule("7.0")
def test_7_0_fan_a_winning_revolt_block_is_exchanged_for_a_pool_peltast_of_its_strength():
    g = _replacements("fan")
    offered = [a for a in g.legal_actions("athens") if a["type"] == "exchange_revolt"]
    assert [a["peltast"] for a in offered] == ["ath-r2"]
    assert offered[0]["label"].startswith("exchange Demos for")
    points = g.state.stack[-1]["points"]["athens"]
    g.apply(_swap())
    blocks = g.state.board.blocks
    assert blocks["ath-r2"] == BlockState(MEGARA, 3, "athens")
    assert blocks["demos"] == BlockState("pool", 0, "athens")
    assert g.state.stack[-1]["points"]["athens"] == points  # no build points spent
    seen = [b for b in g.view("sparta")["blocks"] if b["side"] == "athens"
            and b["where"] == MEGARA]
    assert len(seen) == 1  # one face-down block there, before and after
    g.apply({"type": "end_replacements", "side": "athens"})
    g.apply({"type": "end_replacements", "side": "sparta"})
    told = " ".join(e["text"] for e in g.log_for("sparta") if e["kind"] == "build")
    assert "Megara" not in told  # the board shows no change there


@pytest.mark.rule("7.0")
def test_7_0_the_exchange_is_refused_in_words_by_the_aid_and_for_a_weaker_peltast():
    g = _replacements("aid")
    assert not any(a["type"] == "exchange_revolt" for a in g.legal_actions("athens"))
    before = g.state.to_dict()
    with pytest.raises(IllegalAction, match=r"only in the fan reading of §7\.0"):
        g.apply(_swap())
    assert g.state.to_dict() == before
    g = _replacements("fan")
    g.state.board.blocks["naupactus-p"] = BlockState("pool", 0, "athens")  # at most 2 steps
    with pytest.raises(IllegalAction, match=r"at most 2 steps, fewer than the 3"):
        g.apply(_swap("naupactus-p"))
    with pytest.raises(IllegalAction, match=r"'ath-h1' is not a peltast block of athens"):
        g.apply(_swap("ath-h1"))


@pytest.mark.rule("7.0")
def test_7_0_the_standard_plan_exchanges_the_revolt_block_first():
    g = _replacements("fan")
    g.apply({"type": "build_plan", "side": "athens"})
    assert g.state.board.blocks["demos"].where == "pool"
    assert g.state.board.blocks["ath-r2"].where == MEGARA


def test_random_play_with_the_fan_revolts_keeps_the_invariants():
    for seed in range(3):
        g = new_game("athens-sparta", seed, revolt="fan")
        rng = random.Random(seed)
        for _ in range(400):
            if g.over:
                break
            since = len(g.state.log)
            g.apply(rng.choice(g.legal_actions()))
            check_invariants(g, since)


@pytest.mark.rule("7.0")
def test_7_0_fan_the_revolt_block_does_not_count_toward_the_storm_limit():
    """Megara is a major city: four attacking blocks may storm it (§5.31); the Demos storms
    beside four Athenian hoplites, not in place of one of them."""
    st = _revolt_at_megara("fan")
    for k in ("ath-h1", "ath-h2", "ath-h3", "ath-r1"):
        st.board.blocks[k] = BlockState(MEGARA, 3, "athens")
    battle = begin(st, MEGARA, "athens")
    assert battle is not None and battle.siege_only and battle.limit == 4
    asked: list[str] = []

    def storm_all(now, block, options):
        if "storm" in options and now.round == 1:
            asked.append(block.id)
        return "storm" if "storm" in options else options[0]

    battle.run(storm_all)
    assert sorted(asked) == ["ath-h1", "ath-h2", "ath-h3", "ath-r1", "demos"]
