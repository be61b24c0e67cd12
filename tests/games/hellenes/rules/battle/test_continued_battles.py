"""A battle that goes on after part of it has been fought: units that could not retreat keep
the fight going (§6.4, §14.11), and the relief battles that follow a failed sortie (§6.1,
§7.1, §8.3)."""

from __future__ import annotations

import pytest
from support.hellenes_battle_positions import U, besiege, combat, engage, events, new_state, put

from hellenes_nb.games.hellenes.rules.battle.blocks import Fighter
from hellenes_nb.games.hellenes.rules.battle.combat import Battle
from hellenes_nb.games.hellenes.rules.battle.policies import BattlePolicy
from hellenes_nb.games.hellenes.rules.battle.setup import BattleError

pytestmark = pytest.mark.rule("6.4")


def _landing_in_attica(s) -> None:
    """Sparta lands in Attica with two fleets and two hoplites; only one hoplite can be carried
    away when Sparta retreats, so S19 is left behind and the fight goes on."""
    put(s, "S20", "attica", 2)
    put(s, "S21", "attica", 2)
    put(s, "S17", "attica", 1)
    put(s, "S19", "attica", 1)
    engage(s, ["S20", "S21", "S17", "S19"], "attica", "saronic_gulf", "landing")
    put(s, "A1", "attica", 3)


@pytest.mark.rule("14.11")
def test_6_4_a_side_hit_before_the_continuation_retreats_and_does_not_retire():
    s = new_state(active=1)
    _landing_in_attica(s)
    s.dice.force([1, 4, 4,                 # round 1: A1 hits; the landers hold their fire
                  3, 4, 4, 1, 3, 3, 3, 3,  # round 2: only S17 hits, A1 drops to 2 cv
                  3, 4,                    # round 3: A1 misses, then Sparta retreats;
                  3])                      # S19, left behind, has its round-3 slot: a miss
    said = {"sparta": 0, "athens": 0}

    def chooser(st, choices):
        top = st.stack[-1]
        a = choices[0]
        if a["type"] != "battle_choice":
            return a
        prompt = top["battle"]["prompt"]
        if prompt["kind"] == "hit" and prompt["whose"] == "sparta":
            return next(x for x in choices if x["choice"] == "S21")
        if prompt["kind"] == "retreat" and (
                (prompt["whose"] == "sparta" and top["battle"]["round"] == 3)
                or (prompt["whose"] == "athens" and top["continued"])):
            said[prompt["whose"]] += 1
            return next(x for x in choices if x["choice"] == "retreat")
        return a

    combat(s, 1, chooser)
    assert said == {"sparta": 1, "athens": 1}
    assert [e["text"] for e in events(s, "cannot_retreat")] == [
        "Spartan hoplite #19 (Corinthian levy) cannot retreat and stays in the battle"]
    assert len(events(s, "battle_reveal")) == 2
    athens_went = [e for e in events(s, "battle_retreat") if e["side"] == "athens"]
    assert len(athens_went) == 1
    assert "retires" not in athens_went[0]["text"]  # hit before: a retreat, not a retire
    assert "Sparta gains 1 Prestige" in athens_went[0]["text"]
    ends = events(s, "battle_end")
    assert [(e["how"], e["prestige"]) for e in ends] == [("retreat", 1), ("retreat", 1)]
    gains = [e["side"] for e in events(s, "prestige")]
    assert gains == ["athens", "sparta"]  # Athens for Sparta's retreat, then Sparta for Athens'
    assert s.prestige == 0


@pytest.mark.rule("14.11")
def test_14_11_the_battle_machine_remembers_earlier_hits_it_is_given():
    def fighters():
        return [Fighter("A1", "athens", "defender", "C2", 2),
                Fighter("S19", "sparta", "aggressor", "C2", 1)]

    leave = BattlePolicy(retreat=lambda b, s: s == "athens")
    fresh = Battle(fighters(), dice=1).run(leave)
    assert (fresh.how, fresh.prestige) == ("retire", 0)
    again = Battle(fighters(), dice=1, suffered=("athens",))
    assert again.suffered == ("athens",)
    out = again.run(leave)
    assert (out.how, out.prestige, out.prestige_to) == ("retreat", 1, "sparta")
    with pytest.raises(BattleError):
        Battle(fighters(), dice=1, suffered=("corinth",))


@pytest.mark.rule("6.1")
@pytest.mark.rule("7.1")
@pytest.mark.rule("8.3")
def test_6_1_no_fortifying_once_a_sortie_has_been_fought_in_the_area():
    s = new_state(active=0, season=2)
    put(s, "A1", "megaris", 1, inside=True)  # Athenians hold Megara
    put(s, "S14", "megaris", 2)              # the Spartan besiegers
    besiege(s, "megaris", 1, (431, 1, 1))
    put(s, "A2", "megaris", 3)               # two relief formations by different routes
    engage(s, ["A2"], "megaris", "attica", "land")
    put(s, "A3", "megaris", 3)
    engage(s, ["A3"], "megaris", "boeotia", "land", group=2)
    s.dice.force([1, 4,       # the sortie: S14 eliminates A1
                  3, 4,       # relief battle: S14 misses
                  1, 1, 3])   # A2 scores two hits and eliminates S14
    stages: list[str] = []

    def chooser(st, choices):
        top = st.stack[-1]
        if top["kind"] == "battle":
            stages.append(top["stage"])
        for a in choices:
            if a["type"] == "sortie" and a["unit"] == "A1":
                return a
            if a["type"] == "formation" and "(sortie)" in a["label"]:
                return a
        return choices[0]

    combat(s, 0, chooser)
    assert "fortify" not in stages
    assert not events(s, "fortify") and not events(s, "declined")
    reveals = [e["blocks"] for e in events(s, "battle_reveal")]
    assert reveals == [["A1", "S14"], ["A2", "S14"]]
    assert s.loc[U("S14")] < 0 and not s.inside[U("S14")]
    assert events(s, "formations_join")
    assert s.prestige == 0  # Sparta's 2 for the sortie, then Athens' 2 for the relief


@pytest.mark.rule("6.33")
def test_6_33_a_routed_block_left_behind_makes_its_side_panic_at_once():
    # S19 is routed in round 1; Sparta retreats in round 2 and its fleets carry S17 away, so
    # the routed S19 is left behind. Routed, it cannot fight on: Sparta panics at once and
    # S19, with nowhere to go, is eliminated (§6.33, §6.34, §6.4)
    s = new_state(active=1)
    _landing_in_attica(s)
    s.dice.force([1, 6, 4,    # round 1: A1 hits (S21) and routs (S19); the landers hold
                  3, 4, 4])   # round 2: A1 misses, then Sparta retreats

    def chooser(st, choices):
        a = choices[0]
        top = st.stack[-1]
        if a["type"] == "retreat":
            return next((x for x in choices if x["unit"] == "S17" and x.get("fleet") == "S20"),
                        next((x for x in choices if x["unit"] != "S19"), a))
        if a["type"] != "battle_choice":
            return a
        prompt = top["battle"]["prompt"]
        if prompt["kind"] in ("hit", "rout") and prompt["whose"] == "sparta":
            return next(x for x in choices if x["choice"] in ("S21", "S19"))
        if prompt["kind"] == "retreat" and prompt["whose"] == "sparta":
            return next(x for x in choices if x["choice"] == "retreat")
        return a

    combat(s, 1, chooser)
    assert [e["target_block"] for e in events(s, "battle_rout")] == ["S19"]
    assert s.loc[U("S17")] == s.ix.place("saronic_gulf")
    assert [e["text"] for e in events(s, "cannot_retreat")] == [
        "Spartan hoplite #19 (Corinthian levy) cannot retreat and stays in the battle"]
    panics = events(s, "battle_panic")
    assert [e["side"] for e in panics] == ["sparta"]
    # nobody fires after the retreat: the panic comes before any attack
    last_attack = max(i for i, e in enumerate(s.log) if e["kind"] == "battle_attack")
    assert last_attack < next(i for i, e in enumerate(s.log) if e["kind"] == "battle_retreat")
    assert s.loc[U("S19")] < 0
    assert any(e["text"].endswith("panicked with nowhere to retreat")
               for e in events(s, "eliminated"))
    assert s.prestige == 2  # 1 for the retreat, topped up to the panic's 2


@pytest.mark.rule("6.33")
def test_6_33_routed_blocks_stay_out_when_the_fight_goes_on():
    def fighters(*, sparta_stays: bool):
        fs = [Fighter("A8", "athens", "defender", "A1", 2, max_cv=2),
              Fighter("A9", "athens", "defender", "C2", 2),
              Fighter("S19", "sparta", "aggressor", "C2", 1)]
        return fs if sparta_stays else [*fs, Fighter("S5", "sparta", "aggressor", "B1", 2)]

    first = Battle(fighters(sparta_stays=False), dice=1)
    first.dice.force([4, 4,     # round 1: A8 misses
                      6, 4,     # S5 routs A8 (tied weakest with A9: the first by key)
                      1, 4,     # A9 hits S5
                      3])       # S19 misses
    leave = BattlePolicy(retreat=lambda b, side: side == "sparta" and b.round == 2)
    out = first.run(leave)
    assert (out.how, out.must_retreat, first.round) == ("retreat", "sparta", 2)
    assert first.fighter("A8").routed
    # S5 got away; S19 could not: the same battle goes on from S5's slot of round 2
    again = Battle(fighters(sparta_stays=True), dice=2, may_retreat={"sparta": False},
                   suffered=first.suffered, resume=first)
    assert again.round == 2 and again.fighter("A8").routed
    assert again.next_attacker() == "A9"
    # A9 is Athens' first attack of round 2: its retreat option is still to come
    assert again.prompt is not None and again.prompt.whose == "athens"
    again.choose("fight")
    again.dice.force([3, 4,     # A9 misses
                      1])       # S19 hits: A9 takes it, though A8 is as strong (2 cv)
    got = again.step() + again.step()
    assert [e["target"] for e in got if e["kind"] == "hit"] == ["A9"]
    assert again.prompt is None and again.fighter("A8").cv == 2  # no battle losses ...
    again.step()  # the end of round 2
    assert again.round == 3 and again.next_attacker() == "A9"  # ... and no attack either
