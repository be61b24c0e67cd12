"""Athens & Sparta: a whole new battle, round by round (§5.3-§5.43), replaying the two combat
examples of the rules with forced dice, and the end-of-battle rules."""

from __future__ import annotations

import pytest

from hellenes_nb.core.dice import Dice
from hellenes_nb.games.athens_sparta.rules.battle import Battle, BattleError, auto
from hellenes_nb.games.athens_sparta.rules.combat import CombatBlock


def dice(*faces):
    d = Dice(5)
    d.force(faces)
    return d


def strengths(battle):
    return {b.id: b.strength for b in battle.blocks}


@pytest.mark.rule("5.61")
def test_5_61_chios_example_sea_then_land():
    """Spartan navies 2C2, 1C2, 1C2 and a peltast 2A2 (across the Chios strait) attack the
    Chian navy 2C2 and hoplites 2B3 and 1B3 in unwalled Chios."""
    blocks = [CombatBlock("sn1", "attacker", "navy", 2, "C2"),
              CombatBlock("sn2", "attacker", "navy", 1, "C2"),
              CombatBlock("sn3", "attacker", "navy", 1, "C2"),
              CombatBlock("sp", "attacker", "peltast", 2, "A2"),
              CombatBlock("cn", "defender", "navy", 2, "C2"),
              CombatBlock("ch1", "defender", "hoplite", 2, "B3"),
              CombatBlock("ch2", "defender", "hoplite", 1, "B3")]
    faces = (1, 2,  # round 1: the Chian navy hits twice
             2, 5,  # sn1 hits, sn3 misses; the peltast may not fight across the strait
             6, 1,  # round 2: the Chian navy misses, sn1 sinks it
             1, 2,  # the peltast hits twice ashore
             3,  # the hoplite left hits the peltast
             2)  # sn3, joining the land battle, takes the last hoplite

    def spartan_losses(tied):
        return next((t for t in tied if t.id == "sn2"), tied[0])

    battle = Battle(blocks, dice(*faces), crossed=frozenset({"sp"}))
    result = battle.run(auto, spartan_losses)
    assert strengths(battle) == {"sn1": 1, "sn2": 0, "sn3": 1, "sp": 1, "cn": 0,
                                 "ch1": 0, "ch2": 0}
    assert result["winner"] == "attacker" and result["must_retreat"] == []
    round1_land = [e for e in battle.log if e["round"] == 1 and e["part"] == "land"]
    assert round1_land == []  # the Chian hoplites watch from the shore
    # ashore: the peltast, then the Chian hoplite left (ch1 fell to the tied hit), then sn3
    assert [e["block"] for e in battle.log if e["part"] == "land"] == ["sp", "ch2", "sn3"]
    # (the example ends with "a 1C2 navy and 1A2 peltast": it forgets the first Spartan navy,
    # which survives at 1C2 as well)


@pytest.mark.rule("5.41")
def test_5_41_amphipolis_example_withdraw_then_storm():
    """A Spartan hoplite 4B4 and peltast 4A1 attack the Athenian hoplite 3B2 and peltast 2A1
    in walled Amphipolis; in round 2 both Athenians withdraw, the hoplite storms."""
    blocks = [CombatBlock("spa-h", "attacker", "hoplite", 4, "B4"),
              CombatBlock("spa-p", "attacker", "peltast", 4, "A1"),
              CombatBlock("ath-h", "defender", "hoplite", 3, "B2"),
              CombatBlock("ath-p", "defender", "peltast", 2, "A1")]
    faces = (5, 6,  # round 1: the Athenian peltast misses
             1, 5, 6, 6,  # the Spartan peltast hits the Athenian hoplite (3 -> 2)
             2, 5,  # the Athenian hoplite hits: the Spartan peltast takes it (4 -> 3)
             1, 4, 5, 6,  # the Spartan hoplite hits twice: hoplite 2 -> 1, peltast 2 -> 1
             2, 3, 4,  # round 2: the Spartan peltast misses
             1, 2, 5, 6)  # storming: two half hits, one step, on the Athenian peltast

    def choices(battle, block, options):
        if battle.round == 2 and block.side == "defender" and "withdraw" in options:
            return "withdraw"
        return auto(battle, block, options)

    def owners_pick(tied):
        """Sparta gives up peltast steps; Athens first its hoplite's, then its peltast's."""
        ids = {t.id: t for t in tied}
        if "spa-p" in ids:
            return ids["spa-p"]
        if tied[0].strength == 1 and "ath-p" in ids:
            return ids["ath-p"]
        return ids.get("ath-h", tied[0])

    battle = Battle(blocks, dice(*faces), walled=True, limit=4)
    result = battle.run(choices, owners_pick)
    assert strengths(battle) == {"spa-h": 4, "spa-p": 3, "ath-h": 1, "ath-p": 0}
    assert result["in_city"] == ["ath-h"] and result["siege"] and result["winner"] is None
    assert result["must_retreat"] == []
    siege = [e for e in battle.log if e["part"] == "siege"]
    assert len(siege) == 1 and siege[0]["hits"] == 2 and siege[0]["rule"] == "§5.41"


@pytest.mark.rule("5.43")
def test_5_43_defenders_left_outside_force_the_attacker_out_with_pursuit():
    blocks = [CombatBlock("att", "attacker", "hoplite", 2, "B1"),
              CombatBlock("def", "defender", "hoplite", 4, "B1"),
              CombatBlock("cav", "defender", "cavalry", 1, "A2")]
    # every die misses (6) in both rounds; then the cavalry's pursuit die hits (1)
    battle = Battle(blocks, dice(*([6] * 14), 1))
    result = battle.run()
    assert result["must_retreat"] == ["att"]
    assert battle.log[-1]["part"] == "pursuit" and battle.log[-1]["block"] == "cav"
    assert strengths(battle)["att"] == 1


@pytest.mark.rule("5.43")
def test_5_43_pursuit_by_the_aid_or_only_for_the_forced_retreat():
    def blocks():
        return [CombatBlock("att", "attacker", "hoplite", 1, "B1"),
                CombatBlock("def", "defender", "hoplite", 1, "B1"),
                CombatBlock("pel", "defender", "peltast", 1, "A1")]

    def retreat_in_round_2(battle, block, options):
        return "retreat" if "retreat" in options and block.side == "attacker" else "fire"

    faces = [6] * 6 + [1]
    aid = Battle(blocks(), dice(*faces))
    aid.run(retreat_in_round_2)
    assert any(e["part"] == "pursuit" for e in aid.log)  # any retreat is chased
    fan = Battle(blocks(), dice(*faces), pursuit="forced_only")
    fan.run(retreat_in_round_2)
    assert not any(e["part"] == "pursuit" for e in fan.log)


def test_wrong_battles_and_choices_get_plain_errors():
    with pytest.raises(BattleError, match="needs blocks of both"):
        Battle([CombatBlock("a", "attacker", "hoplite", 1, "B1")], Dice(1))
    blocks = [CombatBlock("a", "attacker", "hoplite", 1, "B1"),
              CombatBlock("d", "defender", "hoplite", 1, "B1")]
    with pytest.raises(BattleError, match="d cannot 'retreat' now; it may fire"):
        Battle(blocks, Dice(1)).run(lambda b, x, o: "retreat")
    with pytest.raises(BattleError, match="pursuit is 'aid' or 'forced_only'"):
        Battle(blocks, Dice(1), pursuit="always")


def test_a_refused_choice_in_round_2_leaves_the_battle_as_it_was():
    blocks = [CombatBlock("a", "attacker", "hoplite", 3, "B2"),
              CombatBlock("d", "defender", "hoplite", 3, "B2")]
    battle = Battle(blocks, dice(3, 3, 3, 1, 3, 3))  # round 1: one hit, on the defender
    before = dice(3, 3, 3, 1, 3, 3)

    def bad_in_round_2(b, block, options):
        return "surrender" if b.round == 2 else "fire"

    with pytest.raises(BattleError, match="cannot 'surrender' now"):
        battle.run(bad_in_round_2)
    assert strengths(battle) == {"a": 3, "d": 3} and battle.log == [] and battle.round == 0
    assert battle.dice == before
    battle.run(lambda b, block, options: "fire" if b.round == 1 else "retreat")
    assert strengths(battle) == {"a": 3, "d": 2}  # and it can be fought again
