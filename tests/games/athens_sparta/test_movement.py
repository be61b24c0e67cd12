"""Athens & Sparta: where an army may go with one operation move (§4.3, §4.4, §1.4, §1.8, §9.3,
§9.5), with the straits examples of the rules' sidebar."""

from __future__ import annotations

import pytest

from hellenes_nb.games.athens_sparta.rules.movement import MoveError, army_reach, navy_reach
from hellenes_nb.games.athens_sparta.state import BlockState, State
from hellenes_nb.games.athens_sparta.world import load_world

W = load_world()
C = W.cities


def hexes(*city_ids):
    return [C[c].hex for c in city_ids]


def state(**where):
    """A state holding only the named blocks, each 'block=city' (or a hex id)."""
    blocks = {}
    for block, place in where.items():
        b = next(x for x in W.blocks if x.id == block.replace("_", "-"))
        hex_id = C[place].hex if place in C else place
        blocks[b.id] = BlockState(hex_id, b.steps, b.side)
    control = {c.id: c.colour for c in W.cities.values() if c.kind == "city"}
    return State(blocks, control)


@pytest.mark.rule("4.3")
def test_4_3_naupactus_from_sicyon_stop_and_fight_or_go_on_to_patrae():
    s = state(spa_h1="sicyon", ath_h1="naupactus")
    reach = army_reach(W, s, "spa-h1")
    naupactus, patrae = hexes("naupactus", "patrae")
    assert reach[naupactus].attack and reach[naupactus].crossed  # attack limit 1 across
    assert patrae in reach  # passed by Naupactus on the far side
    assert reach[patrae].steps == 1  # Sicyon and Patrae are neighbours as well
    # the city's (northern) side is not reached through the enemy's strait
    assert not {"0505", "0606", "0406"} & set(reach)


@pytest.mark.rule("4.3")
def test_4_3_abydos_from_cardia_stop_or_go_on_to_elaeus():
    s = state(spa_h1="cardia", ath_h1="abydos")
    reach = army_reach(W, s, "spa-h1")
    abydos, elaeus = hexes("abydos", "elaeus")
    assert reach[abydos].attack and reach[abydos].crossed
    assert elaeus in reach and reach[elaeus].steps == 2 and not reach[elaeus].attack


@pytest.mark.rule("4.3")
def test_4_3_ephesus_samos_notium_miletus():
    ephesus, samos, notium, miletus = hexes("ephesus", "samos", "notium", "miletus")
    # from Samos an army must stop in a vacant Ephesus: it crosses the strait
    reach = army_reach(W, state(spa_h1="samos"), "spa-h1")
    assert set(reach) == {ephesus} and reach[ephesus].crossed
    # from Notium it may go through a vacant Ephesus to Miletus, but not on to Samos
    reach = army_reach(W, state(spa_h1="notium"), "spa-h1")
    assert miletus in reach and reach[miletus].steps == 2
    assert samos not in reach and ephesus in reach and not reach[ephesus].crossed
    # from Ephesus, Samos is an attack across the strait, Miletus an ordinary neighbour
    reach = army_reach(W, state(spa_h1="ephesus", ath_h1="samos", ath_h2="miletus"), "spa-h1")
    assert reach[samos].attack and reach[samos].steps == 1
    assert reach[miletus].attack and not reach[miletus].crossed


@pytest.mark.rule("4.4")
def test_4_4_enemy_blocks_stop_the_move_and_move_limits():
    # a hoplite from Sparta reaches Corinth (the §4.4 example), a lone hoplite moves 3 hexes
    reach = army_reach(W, state(spa_h1="sparta"), "spa-h1")
    assert C["corinth"].hex in reach and max(r.steps for r in reach.values()) == 3
    cavalry = army_reach(W, state(the_c1="thebes"), "the-c1")
    assert max(r.steps for r in cavalry.values()) == 5
    # an enemy block in Megara stops a Corinthian army there: Athens lies beyond
    s = state(cor_h1="corinth", ath_h1="megara")
    reach = army_reach(W, s, "cor-h1")
    assert reach[C["megara"].hex].stop == "enemy blocks (§4.4)"
    assert C["athens"].hex not in reach or reach[C["athens"].hex].steps > 2


@pytest.mark.rule("1.8")
def test_1_8_mountains_stop_armies_and_their_sides_are_closed():
    # Othrys (0605) is entered over its clear side from the Thessalian plain (0604): stop
    reach = army_reach(W, state(lar_c1="0604"), "lar-c1")
    assert reach["0605"].stop == "a mountain hex (§1.8)"
    # the Agrafa hex (0405) is closed from 0504 (a mountain side) but open from Stratus' hex
    assert W.side("0405", "0504") == "mountain"
    reach = army_reach(W, state(ath_h1="0504"), "ath-h1")
    assert "0405" not in reach or reach["0405"].steps > 1
    reach = army_reach(W, state(ath_h1="stratus"), "ath-h1")
    assert reach["0405"].steps == 1


@pytest.mark.rule("1.4")
def test_1_4_an_oracle_hex_is_crossed_even_if_enemy_held():
    s = state(spa_h1="0605", ath_h1="delphi")
    reach = army_reach(W, s, "spa-h1")
    delphi = C["delphi"].hex
    assert not reach[delphi].attack and reach[delphi].stop is None


@pytest.mark.rule("9.3")
def test_9_3_athens_never_enters_persia_sparta_only_allied():
    inland = "1708"
    assert W.hexes[inland].persia
    assert inland not in army_reach(W, state(ath_h1="miletus"), "ath-h1")
    assert inland not in army_reach(W, state(spa_h1="miletus"), "spa-h1")
    assert inland in army_reach(W, state(spa_h1="miletus"), "spa-h1", persian_alliance=True)


@pytest.mark.rule("9.5")
def test_9_5_stopping_in_a_neutral_city_is_an_attack():
    reach = army_reach(W, state(spa_h1="tegea"), "spa-h1")
    assert reach[C["argos"].hex].attack


def test_a_navy_or_an_unknown_block_gets_a_plain_error():
    with pytest.raises(MoveError, match="is a navy: navies move by sea"):
        army_reach(W, state(ath_n1="athens"), "ath-n1")
    with pytest.raises(MoveError, match="there is no block 'nobody'"):
        army_reach(W, state(), "nobody")


def coast(city):
    return W.coast_of(city)[0]


@pytest.mark.rule("4.4")
def test_4_4_a_navy_from_gytheum_reaches_athens_and_stops_only_in_ports():
    reach = navy_reach(W, state(spa_n1="gytheum"), "spa-n1")
    assert reach[coast("athens")].attack and reach[coast("athens")].steps <= 4
    for node, r in reach.items():
        city = W.city_at(node[0])
        assert r.attack or (city is not None and city.port), node  # no ending at open sea
    assert coast("epidaurus") in reach and not reach[coast("epidaurus")].attack


@pytest.mark.rule("1.7")
def test_1_7_a_navy_in_lemnos_cannot_reach_chalcis():
    reach = navy_reach(W, state(ath_n1="lemnos"), "ath-n1")
    assert coast("carystus") in reach  # 4 hexes: the way round Euboea ends there
    assert coast("chalcis") not in reach


@pytest.mark.rule("1.6")
def test_1_6_corinth_navies_leave_by_either_gulf():
    reach = navy_reach(W, state(cor_n1="corinth"), "cor-n1")
    assert coast("megara") in reach  # the Saronic Gulf
    assert coast("naupactus") in reach and reach[coast("naupactus")].attack  # Gulf of Corinth


@pytest.mark.rule("4.4")
def test_4_4_enemy_ships_stop_a_navy_and_an_enemy_blockade_closes_the_sea():
    free = navy_reach(W, state(cor_n1="corinth"), "cor-n1")
    assert free[coast("athens")].steps == 2  # through Aegina's waters
    reach = navy_reach(W, state(cor_n1="corinth", ath_n2="aegina"), "cor-n1")
    assert reach[coast("aegina")].stop == "enemy blocks (§4.4)"
    athens = reach.get(coast("athens"))
    assert athens is None or athens.steps > 2  # it cannot sail on through the Athenian ships
    s = state(ath_n1="athens")
    s.blockaded["aegina"] = "sparta"
    assert all(node[0] != C["aegina"].hex for node in navy_reach(W, s, "ath-n1"))


@pytest.mark.rule("4.6")
def test_4_6_storm_and_wrong_blocks_get_plain_errors():
    with pytest.raises(MoveError, match="Storm card holds every navy"):
        navy_reach(W, state(ath_n1="athens"), "ath-n1", storm=True)
    with pytest.raises(MoveError, match="is not a navy"):
        navy_reach(W, state(ath_h1="athens"), "ath-h1")
