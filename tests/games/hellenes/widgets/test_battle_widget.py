"""BattleWidget without a browser: the rulebook's worked examples played through the widget's
model with forced dice, every battle kind, the request protocol, traits, odds and charts."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellenes_nb.core.game import Game
from hellenes_nb.games.hellenes import live_odds as live_odds_module
from hellenes_nb.games.hellenes.live_odds import live_odds, sampled_odds
from hellenes_nb.games.hellenes.rules.battle.combat import Battle
from hellenes_nb.games.hellenes.rules.battle.policies import auto
from hellenes_nb.games.hellenes.rules.battle.setup import BattleError
from hellenes_nb.games.hellenes.rules.olympians import note_appeal
from hellenes_nb.games.hellenes.widgets import battle as battle_module
from hellenes_nb.games.hellenes.widgets.battle import BattleWidget

MISS = 3  # a miss for power 1 and 2 (§6.32, §6.33)


def combat_round_example(**kw) -> BattleWidget:
    """Spartan cavalry (A1) and hoplites (B2) engage Athenian hoplites (C2) and archers (A1)."""
    return BattleWidget.from_forces(
        attacker=[{"name": "Spartan cavalry", "rating": "A1", "cv": 2, "cavalry": True},
                  {"name": "Spartan hoplites", "rating": "B2", "cv": 4}],
        defender=[{"name": "Athenian hoplites", "rating": "C2", "cv": 4},
                  {"name": "Athenian archers", "rating": "A1", "cv": 2}],
        attacker_side="sparta", seed=1, **kw)


def attacks(w: BattleWidget) -> list[dict]:
    return [line for line in w.narration if line["kind"] == "attack"]


def play_step(w: BattleWidget) -> list[dict]:
    """Answer pending retreat options with 'fight', then resolve one unit attack."""
    while w.prompt.get("kind") == "retreat":
        w.choose("fight")
    return w.step()


@pytest.mark.rule("6.2")
def test_6_2_combat_round_example_order_of_attacks():
    w = combat_round_example()
    w.force_dice([MISS] * 12)
    for _ in range(4):
        play_step(w)
    order = [line["text"].removeprefix("Attack by ").split(" with ")[0] for line in attacks(w)]
    assert order == ["Athenian archers", "Spartan cavalry", "Spartan hoplites",
                     "Athenian hoplites"]
    assert all(line["rule"] == "6.31" for line in attacks(w))
    assert w.round == 2
    assert any(line["kind"] == "round_end" and line["rule"] == "6.2" for line in w.narration)
    # each side was offered its retreat at its first attack of the round (§6.4)
    offers = [line["text"] for line in w.narration if line["kind"] == "stand"]
    assert offers == ["Athens fights on.", "Sparta fights on."]


@pytest.mark.rule("6.32")
@pytest.mark.rule("6.33")
def test_6_31_attack_example_hits_then_rout():
    """A 3 cv C2 rolls 1, 2, 5: two hits on the currently strongest, then the weakest routs."""
    w = BattleWidget.from_forces(
        attacker=[{"name": "Peloponnesian hoplites", "rating": "C2", "cv": 4},
                  {"name": "Allied hoplites", "rating": "C2", "cv": 3},
                  {"name": "Helot light troops", "rating": "D1", "cv": 1}],
        defender=[{"name": "Athenian hoplites", "rating": "C2", "cv": 3}],
        attacker_side="sparta", seed=2)
    w.choose("fight")
    w.force_dice([1, 2, 5])
    w.step()
    # first hit: the 4 cv block; now two blocks have 3 cv, so the owner chooses (§6.32)
    assert w.prompt["kind"] == "hit" and w.prompt["whose"] == "sparta"
    assert [c["value"] for c in w.prompt["choices"]] == ["S1", "S2"]
    with pytest.raises(BattleError, match="decide"):
        w.step()
    w.choose("S2")
    assert [line["kind"] for line in w.narration[-4:]] == ["attack", "hit", "hit", "rout"]
    attack, first, second, rout = w.narration[-4:]
    assert attack["text"] == ("Attack by Athenian hoplites with 3 dice (hits on a 1 or 2, routs "
                              "on a 5 or 6): rolled 1, 2 and 5, so 2 hits and 1 rout.")
    assert first["text"].startswith("Hit on Peloponnesian hoplites, the strongest (strength 4)")
    assert second["text"].startswith("Hit on Allied hoplites, chosen by its owner")
    assert rout["text"].startswith("Rout of Helot light troops, the weakest not yet routed "
                                   "(strength 1)")
    assert [first["rule"], second["rule"], rout["rule"]] == ["6.32", "6.32", "6.33"]
    view = w.last_attack
    assert [d["result"] for d in view["dice"]] == ["hit", "hit", "rout"]
    assert [(e["kind"], e["target"]) for e in view["effects"]] == [
        ("hit", "S1"), ("hit", "S2"), ("rout", "S3")]
    cvs = {b["key"]: (b["cv"], b["routed"]) for b in w.blocks}
    assert cvs == {"S1": (3, False), "S2": (2, False), "S3": (1, True), "A1": (3, False)}


def test_traits_are_json_and_the_esm_exists():
    w = combat_round_example()
    w.run_round()
    json.dumps(w.get_state())
    static = Path(battle_module.__file__).parent / "static"
    assert "export default" in (static / "battle.js").read_text()
    assert "export default" in str(BattleWidget._esm)
    assert (static / "battle.css").exists()


def test_repr_is_deterministic():
    a, b = combat_round_example(), combat_round_example()
    assert repr(a) == repr(b)
    assert "0x" not in repr(a)
    assert repr(a) == "<BattleWidget land: round 1, athens to decide (retreat); 0 attacks>"


def test_forced_dice_show_in_the_trait_and_are_checked():
    w = combat_round_example()
    w.force_dice([1, 6])
    assert w.forced == [1, 6]
    with pytest.raises(ValueError, match="1 to 6"):
        w.force_dice([7])
    play_step(w)
    assert w.forced == []
    assert w.history["dice"].to_list() == [[1, 6]]


def test_requests_from_the_browser_go_through_the_same_methods():
    w = combat_round_example()
    w.handle_request({"request": "step", "id": 1})
    assert "must first decide" in w.error and "6.4" in w.error
    w.handle_request({"request": "choose", "choice": "fight", "id": 2})
    assert w.error == "" and w.prompt == {}
    seq = w.seq
    w.handle_request({"request": "step", "id": 3})
    assert w.seq == seq + 1 and len(attacks(w)) == 1
    w.handle_request({"request": "jump", "id": 4})
    assert "unknown request" in w.error
    w.handle_request({"request": "choose", "choice": "run away", "id": 5})
    assert "not a legal" in w.error


def test_advance_answers_decisions_with_the_auto_policy():
    w = combat_round_example()
    w.advance()
    first = w.narration[0]
    assert first["kind"] == "auto_choice" and first["text"] == "Auto: Athens picks fight."
    assert len(attacks(w)) == 1


def test_run_round_and_run_battle():
    w = combat_round_example()
    w.run_round()
    assert w.round == 2 or w.battle.over
    w.run_battle()
    assert w.battle.over and w.outcome["winner"] in ("athens", "sparta")
    assert w.narration[-1]["kind"] == "battle_end" and w.narration[-1]["rule"] == "14.11"
    with pytest.raises(BattleError, match="over"):
        w.step()
    assert w.odds["win"][w.outcome["winner"]] == 1.0
    assert len(w.history) == len(attacks(w))
    assert w.history.columns == ["round", "mode", "attacker", "name", "side", "rating", "dice",
                                 "hits", "routs", "targets", "rule"]


def test_restart_sets_the_array_back_with_new_dice():
    w = combat_round_example()
    w.run_battle()
    w.restart(seed=99)
    assert w.seed == 99 and not w.battle.over and w.narration == [] and w.last_attack == {}
    assert {b["key"]: b["cv"] for b in w.blocks} == {"S1": 2, "S2": 4, "A1": 4, "A2": 2}
    assert w.prompt["kind"] == "retreat"


@pytest.mark.rule("6.4")
def test_6_4_retreat_buttons_and_the_prestige_at_stake():
    w = combat_round_example()
    assert [c["value"] for c in w.prompt["choices"]] == ["fight", "retreat"]
    assert any("If Athens retreats: it retires untouched" in s for s in w.stake)
    w.choose("fight")
    w.force_dice([MISS, MISS, 1, MISS])        # archers miss; the cavalry hits Athens
    play_step(w)
    play_step(w)
    assert any("If Athens retreats: Sparta gains 1 Prestige" in s for s in w.stake)


@pytest.mark.rule("6.41")
def test_6_41_retiring_lets_cavalry_harry():
    w = combat_round_example()
    w.choose("retreat")
    assert w.phase == "harry" and w.next_key == "S1"
    w.force_dice([1, 1])
    w.step()
    line = attacks(w)[-1]
    assert line["rule"] == "6.41" and line["text"].startswith("Harrying attack by")
    assert w.battle.over and w.outcome["how"] == "retire" and w.outcome["prestige"] == 0


@pytest.mark.rule("6.34")
def test_6_34_panic_and_pursuit_are_narrated():
    w = BattleWidget.from_forces("A1:1,A1:2", "B2:1", attacker_side="athens", seed=4)
    w.force_dice([6])                    # the first Athenian A1 routs the lone Spartan block
    play_step(w)
    assert any(line["kind"] == "panic" and line["rule"] == "6.34" for line in w.narration)
    assert w.phase == "pursuit" and w.next_key == "A2"
    w.force_dice([1, 1])
    w.step()
    assert attacks(w)[-1]["rule"] == "6.34" and "Pursuit attack by" in attacks(w)[-1]["text"]
    assert w.battle.over and w.outcome["how"] == "panic"


@pytest.mark.rule("8.11")
def test_8_11_double_defense_half_steps_in_an_assault():
    w = BattleWidget.from_forces("A1:1,B2:3", "C2:2,garrison", kind="assault", seed=5)
    assert {b["rating"] for b in w.blocks if b["role"] == "defender"} == {"A2"}
    assert "Athens cannot retreat" not in " ".join(w.stake)
    assert any("Sparta cannot retreat" in s for s in w.stake)
    # the city's A2 blocks miss (2 + 1 dice), then the Athenian A1 scores one hit
    w.force_dice([MISS, MISS, MISS, 1, MISS, MISS, MISS])
    for _ in range(3):
        play_step(w)
    half = [line for line in w.narration if line["kind"] == "half_hit"]
    assert len(half) == 1 and half[0]["rule"] == "8.11"
    assert next(b for b in w.blocks if b["key"] == "S1")["half"]
    assert next(b for b in w.blocks if b["key"] == "S1")["cv"] == 2
    play_step(w)                          # the B2 misses; the round ends
    assert [line["kind"] for line in w.narration[-2:]] == ["half_cancelled", "round_end"]
    assert w.narration[-2]["rule"] == "8.11"
    assert next(b for b in w.blocks if b["key"] == "S1")["cv"] == 2


@pytest.mark.rule("3.1")
def test_3_1_treachery_lasts_one_round():
    w = BattleWidget.from_forces("B2:3", "C2:2", kind="treachery", seed=6)
    w.force_dice([MISS, MISS, MISS, MISS, MISS])
    w.run_round()
    assert w.battle.over and w.outcome["how"] == "treachery_failed"
    assert w.kind == "treachery" and w.odds["win"]["sparta"] == 1.0


@pytest.mark.rule("6.5")
def test_6_5_narrows_and_carried_units_at_sea():
    w = BattleWidget.from_forces("fleet:E1:3+B2:2", "fleet:F2:2", kind="narrows", seed=7)
    assert w.kind == "narrows" and w.columns == ["E", "F"]
    carried = next(b for b in w.blocks if b["carried_by"])
    assert carried["carried_by"] == "A1" and carried["cv"] == 2
    w.force_dice([MISS, MISS])
    play_step(w)                  # the Spartan F2 fires; the Athenian fleet holds in round 1
    assert any(line["kind"] == "hold" and line["rule"] == "6.5" for line in w.narration)
    assert w.round == 2


@pytest.mark.rule("6.6")
def test_6_6_sea_landing_aggressors_hold_round_one():
    w = BattleWidget.from_forces("A1:2,B2:3", "C2:3", kind="landing", seed=8)
    assert w.kind == "landing"
    assert all(b["holds"] for b in w.blocks if b["role"] == "aggressor")
    w.force_dice([MISS] * 3)
    play_step(w)
    holds = [line for line in w.narration if line["kind"] == "hold"]
    assert len(holds) == 2 and {line["rule"] for line in holds} == {"6.6"}


def test_sortie_is_a_land_battle_without_double_defense():
    w = BattleWidget.from_forces("B2:2", "C2:3", kind="sortie", seed=9)
    w.force_dice([1] * 3)
    w.run_round()
    assert not any(line["kind"] == "half_hit" for line in w.narration)


@pytest.mark.parametrize("kwargs, message", [
    ({"attacker": "B2:3", "defender": "C2:2", "kind": "skirmish"}, "battle kind"),
    ({"attacker": "B9:3", "defender": "C2:2"}, "§2.14"),
    ({"attacker": [{"rating": "B2", "cv": 3, "colour": "red"}], "defender": "C2:2"},
     "unknown field"),
    ({"attacker": [{"rating": "B2"}], "defender": "C2:2"}, "cv must be an int"),
    ({"attacker": "B2:3", "defender": "C2:2", "kind": "sea"}, "§6.5"),
    ({"attacker": [], "defender": "C2:2"}, "non-empty"),
    ({"attacker": "B2:3", "defender": "C2:2", "attacker_side": "thebes"}, "attacker_side"),
])
def test_bad_forces_are_refused_in_plain_words(kwargs, message):
    with pytest.raises((BattleError, ValueError), match=message):
        BattleWidget.from_forces(**kwargs)


def test_chart_follows_the_widget():
    w = combat_round_example()
    chart = w.chart
    total = sum(float(sum(b.y)) for b in chart.bars.values())
    assert total == pytest.approx(1.0)
    assert "exact" in chart.bars_figure.title
    w.run_battle()
    winner = w.outcome["winner"]
    assert float(sum(chart.bars[winner].y)) == pytest.approx(1.0)
    assert list(chart.line.x) == [p["attack"] for p in w.odds_track]
    json.dumps(chart.bars_figure.get_state(), default=str)
    assert w.panel().children[0] is w


def test_live_odds_agree_with_playing_the_engine_out():
    w = BattleWidget.from_forces("cav:A1:2,B2:3,C2:2", "C2:4,A1:2,B1:3", seed=10)
    for _ in range(4):
        exact = live_odds(w.battle)
        assert exact.method == "exact"
        sampled = sampled_odds(w.battle, 3000, 1)
        assert exact.win("athens") == pytest.approx(float(sampled.attacker_wins), abs=0.04)
        assert float(exact.odds.total) == pytest.approx(1.0)
        if w.battle.over:
            break
        play_step(w)
        while w.prompt.get("kind") in ("hit", "rout"):
            with pytest.raises(BattleError, match="choose"):
                live_odds(w.battle)
            w.choose(w.prompt["choices"][0]["value"])


def test_big_battles_are_sampled():
    # 7 against 6 blocks at full strength: ten million configurations, above both limits
    w = BattleWidget.from_forces(",".join(["B2:4"] * 7), ",".join(["C2:4"] * 6), seed=11)
    assert w.odds["method"] == "monte-carlo" and w.odds["samples"] == 2000
    assert sum(w.odds["win"].values()) == pytest.approx(1.0)


def test_the_live_limit_follows_the_sweep(monkeypatch):
    # 91,234 configurations: sampled by default without numba, exact with it
    w = BattleWidget.from_forces("B2:4,B2:4,A1:2,cav:A1:3,C2:4", "C2:4,A1:2,C2:3,B2:4,D1:4",
                                 seed=11)
    monkeypatch.setattr(live_odds_module, "compiled_fits", lambda spec, moment: False)
    assert live_odds(w.battle).method == "monte-carlo"
    assert live_odds(w.battle, max_states=100_000).method == "exact"
    monkeypatch.setattr(live_odds_module, "compiled_fits", lambda spec, moment: True)
    assert live_odds(w.battle).method == "exact"
    assert live_odds(w.battle, max_states=50_000).method == "monte-carlo"


def assault_until(wanted) -> BattleWidget:
    """A siege assault (§8.1) stepped with the auto policy until ``wanted(battle)`` holds."""
    for seed in range(50):
        w = BattleWidget.from_forces("B2:3,C2:4", "A2:2,garrison", "assault", seed=seed)
        b = w.battle
        while not b.over:
            if b.prompt is not None:
                b.choose(auto(b))
                continue
            b.step()
            if b.phase == "round" and not b.over and b.prompt is None and wanted(b):
                return w
    raise AssertionError("no seed reaches the wanted moment")


@pytest.mark.rule("8.11")
def test_8_11_live_odds_with_a_half_step_pending_match_the_engine():
    w = assault_until(lambda b: any(f.half for f in b.fighters) and b.next_attacker())
    exact = live_odds(w.battle)
    assert exact.method == "exact" and exact.moment.startswith("during round")
    sampled = sampled_odds(w.battle, 3000, 2)
    p, q = exact.win("athens"), float(sampled.attacker_wins)
    assert abs(p - q) <= 4 * math.sqrt(p * (1 - p) / 3000) + 1e-9


@pytest.mark.rule("8.11")
def test_live_odds_at_a_rounds_end_drop_the_half_step_and_equal_the_next_round():
    w = assault_until(lambda b: any(f.half for f in b.fighters) and b.next_attacker() is None)
    before = live_odds(w.battle).odds
    w.battle.step()  # the round's end: the half step is dropped (§8.11)
    assert not any(f.half for f in w.battle.fighters)
    after = live_odds(w.battle).odds
    assert set(before.outcomes) == set(after.outcomes)
    for key, p in after.outcomes.items():
        assert before.outcomes[key] == pytest.approx(p, abs=1e-12)
    assert before.expected_rounds == pytest.approx(after.expected_rounds, abs=1e-12)


@settings(max_examples=15, deadline=None)
@given(st.lists(st.sampled_from(["A1:2", "B2:3", "C2:4", "cav:A1:1", "D1:2"]), min_size=1,
                max_size=3),
       st.lists(st.sampled_from(["A1:1", "B2:2", "C2:3", "B1:4"]), min_size=1, max_size=3),
       st.integers(0, 10_000))
def test_any_battle_plays_out_with_every_line_citing_a_rule(att, dfn, seed):
    w = BattleWidget.from_forces(",".join(att), ",".join(dfn), seed=seed)
    w.run_battle()
    assert w.battle.over
    assert all(line["rule"] and line["text"] for line in w.narration)
    for b in w.blocks:
        assert 0 <= b["cv"] <= b["start_cv"]
    assert w.odds["win"][w.outcome["winner"]] == 1.0
    json.dumps(w.get_state())


# -- appeals to Ares and Hera (§11.0) -------------------------------------------------------------
def duel(sacrifices=None, attacker="B2:3", defender="C2:3") -> BattleWidget:
    """Athens (B blocks) attacks Sparta (C2); Athens has fought on past its retreat option."""
    w = BattleWidget.from_forces(attacker=attacker, defender=defender, attacker_side="athens",
                                 seed=2, sacrifices=sacrifices)
    w.choose("fight")
    return w


def appeal_lines(w: BattleWidget) -> list[dict]:
    return [line for line in w.narration if line["kind"] in ("appeal", "accept")]


@pytest.mark.rule("11.0")
def test_11_0_ares_replaces_the_attack_with_forced_dice():
    w = duel({"athens": ["ares"], "sparta": []})
    w.force_dice([4, 4, 4, 1, 1, 6])
    w.step()
    assert w.battle.fighter("S1").cv == 3                       # 4 4 4: three misses
    assert w.appeal["god"] == "ares" and w.appeal["side"] == "athens"
    assert w.appeal["appeal_label"] == "Appeal to Ares (re-roll this attack)"
    odds_before = w.odds["win"]["athens"]
    first_roll = [line["text"] for line in w.narration if line["kind"] == "attack"]
    w.appeal_ares()
    assert w.history["dice"].to_list() == [[1, 1, 6]]          # the old dice are gone
    struck = [line for line in w.narration if line.get("replaced")]  # the narrative keeps them,
    assert struck and struck[0]["kind"] == "attack"             # struck through
    assert [line["text"] for line in struck if line["kind"] == "attack"] == first_roll
    assert "rolled 4, 4 and 4," in first_roll[0]
    after = w.narration[w.narration.index(struck[-1]) + 1:]
    assert after[0]["kind"] == "appeal" and not any(line.get("replaced") for line in after)
    assert "rolled 1, 1 and 6," in [line["text"] for line in after if line["kind"] == "attack"][0]
    assert w.history["hits"].to_list() == [2] and w.history["routs"].to_list() == [1]
    target = w.battle.fighter("S1")
    assert target.cv == 1 and target.routed
    assert [d["face"] for d in w.last_attack["dice"]] == [1, 1, 6]
    assert w.last_attack["rerolls"] == 1 and w.last_attack["n"] == 1
    assert w.forced == []
    assert w.odds == live_odds(w.battle).to_dict()              # refreshed after the appeal
    assert w.odds["win"]["athens"] > odds_before
    assert [p["attack"] for p in w.odds_track] == [0, 1]        # attack 1's point replaced


@pytest.mark.rule("11.0")
def test_11_0_the_sacrifice_is_spent_and_not_offered_again():
    w = duel({"athens": ["ares"], "sparta": ["ares"]})
    w.force_dice([4, 4, 4, 4, 4, 4])
    w.step()
    assert w.appeal["side"] == "athens"                         # the aggressor is asked first
    w.appeal_ares()
    assert w.sacrifices == {"athens": [], "sparta": ["ares"]}
    assert w.appeal == {}
    w.force_dice([5, 5, 5])
    play_step(w)                                                # the Spartan C2 attacks
    assert w.history["side"].to_list() == ["athens", "sparta"]
    assert w.appeal == {}            # one appeal to Ares per player turn, whoever made it
    with pytest.raises(BattleError, match=r"§11\.0"):
        w.appeal_ares()


@pytest.mark.rule("11.0")
def test_11_0_no_offer_without_an_ares_sacrifice():
    for held in (None, {"athens": ["hera", "zeus"], "sparta": ["demeter"]}):
        w = duel(held)
        w.force_dice([4, 4, 4])
        w.step()
        assert w.appeal == {}
        with pytest.raises(BattleError, match="no appeal to Ares is on offer"):
            w.appeal_ares()
        with pytest.raises(BattleError, match="no appeal is on offer"):
            w.accept_dice()


@pytest.mark.rule("11.0")
def test_11_0_accepting_passes_the_offer_to_the_other_side():
    w = duel({"athens": ["ares"], "sparta": ["ares"]})
    w.force_dice([4, 4, 4])
    w.step()
    with pytest.raises(BattleError, match=r"Athens must first answer .* Ares \(§11\.0\)"):
        w.step()
    with pytest.raises(BattleError, match="accept_dice"):
        w.choose("fight")
    w.accept_dice()
    assert w.appeal["side"] == "sparta"                         # either player may appeal
    w.accept_dice()
    assert w.appeal == {}
    assert w.sacrifices == {"athens": ["ares"], "sparta": ["ares"]}
    assert [(line["side"], line["rule"]) for line in appeal_lines(w)] == [
        ("athens", "11.0"), ("sparta", "11.0")]
    assert "lets the dice stand" in appeal_lines(w)[0]["text"]


@pytest.mark.rule("11.0")
def test_11_0_the_narrative_cites_the_rule():
    w = duel({"athens": [], "sparta": ["ares"]})
    w.force_dice([1, 2, 3, 6, 6, 6])
    w.step()
    w.appeal_ares()                                             # Sparta re-rolls an enemy attack
    line = appeal_lines(w)[0]
    assert line["rule"] == "11.0" and line["side"] == "sparta"
    assert line["text"].startswith("Sparta appeals to Ares")
    assert "Sacrifice is spent" in line["text"]
    assert w.history["dice"].to_list() == [[6, 6, 6]]
    assert w.battle.fighter("S1").routed and w.battle.fighter("S1").cv == 3


@pytest.mark.rule("11.0")
def test_11_0_later_attacks_of_the_same_agility_class_may_be_rerolled_free():
    w = duel({"athens": ["ares"], "sparta": []}, attacker="B2:2,B2:2", defender="C2:4")
    w.force_dice([4, 4, 1, 1, 4, 4, 2, 2])
    w.step()
    w.appeal_ares()                                             # paid: the first B2
    w.step()                                                    # the second Athenian B2
    assert w.appeal["free"] and w.appeal["side"] == "athens"
    assert "free" in w.appeal["appeal_label"]
    w.appeal_ares()
    assert w.history["dice"].to_list() == [[1, 1], [2, 2]]
    assert w.battle.fighter("S1").cv == 0
    assert "same agility class" in appeal_lines(w)[1]["text"]
    assert w.outcome["winner"] == "athens"


@pytest.mark.rule("11.0")
def test_11_0_the_free_rerolls_end_with_the_class():
    w = duel({"athens": ["ares"], "sparta": []}, attacker="B2:2", defender="C2:4")
    w.force_dice([4, 4, 1, 1, 5, 5, 5, 5])
    w.step()
    w.appeal_ares()
    play_step(w)                                                # Sparta's C2: another class
    assert w.appeal == {}


@pytest.mark.rule("11.0")
def test_11_0_hera_overrules_an_appeal_to_ares():
    w = duel({"athens": ["ares"], "sparta": ["hera"]})
    w.force_dice([4, 4, 4, 1, 1, 1, 3, 4, 4])
    w.step()
    w.appeal_ares()
    assert w.outcome["winner"] == "athens"                      # 1 1 1 wipes the C2 out
    assert w.appeal["god"] == "hera" and w.appeal["side"] == "sparta"
    w.appeal_hera()
    assert w.history["dice"].to_list() == [[3, 4, 4]]
    assert w.outcome == {} and w.battle.fighter("S1").cv == 3
    assert w.sacrifices == {"athens": [], "sparta": []} and w.appeal == {}
    assert appeal_lines(w)[-1]["text"].startswith("Sparta appeals to Hera")
    rolls = [(line["text"].split("rolled ")[1][:10], bool(line.get("replaced")))
             for line in w.narration if line["kind"] == "attack"]
    assert rolls == [("4, 4 and 4", True), ("1, 1 and 1", True), ("3, 4 and 4", False)]


@pytest.mark.rule("11.0")
def test_11_0_auto_play_declines_the_appeal_and_says_so():
    w = duel({"athens": ["ares"], "sparta": []})
    w.force_dice([4, 4, 4])
    w.step()
    w.advance()
    assert w.sacrifices["athens"] == ["ares"]
    assert "lets the dice stand" in appeal_lines(w)[0]["text"]
    w.run_battle()
    assert w.battle.over and w.sacrifices["athens"] == ["ares"]


def test_appeal_requests_from_the_browser():
    w = duel({"athens": ["ares"], "sparta": []})
    w.force_dice([4, 4, 4, 2, 2, 2])
    w.handle_request({"request": "step", "id": 1})
    w.handle_request({"request": "appeal", "choice": "hera", "id": 2})
    assert "no appeal to Hera" in w.error
    w.handle_request({"request": "appeal", "choice": "ares", "id": 3})
    assert w.error == "" and w.history["dice"].to_list() == [[2, 2, 2]]
    w.handle_request({"request": "accept", "id": 4})
    assert "no appeal is on offer" in w.error


@pytest.mark.rule("11.0")
def test_11_0_json_state_round_trip_with_an_appeal():
    w = duel({"athens": ["ares"], "sparta": ["hera"]})
    w.force_dice([4, 4, 4, 1, 2, 6])
    w.step()
    w.appeal_ares()
    state = json.loads(json.dumps(w.get_state()))
    assert state["appeal"] == w.appeal and state["appeal"]["god"] == "hera"
    assert state["sacrifices"] == {"athens": [], "sparta": ["hera"]}
    assert state["last_attack"]["rerolls"] == 1
    saved = w.battle.to_dict()
    assert Battle.from_dict(json.loads(json.dumps(saved))).to_dict() == saved
    w.accept_dice()
    assert json.loads(json.dumps(w.get_state()))["appeal"] == {}


@pytest.mark.rule("11.0")
def test_11_0_restart_gives_the_sacrifices_back():
    w = duel({"athens": ["ares"], "sparta": []})
    w.force_dice([4, 4, 4])
    w.step()
    w.appeal_ares()
    w.restart()
    assert w.sacrifices == {"athens": ["ares"], "sparta": []} and w.appeal == {}


@pytest.mark.rule("11.0")
def test_11_0_sacrifices_read_from_a_game():
    game = Game.new("431", 0)
    game.state.sacrifices = [["ares", "hera"], ["ares"]]
    w = BattleWidget.from_forces("B2:3", "C2:3", sacrifices=game)
    assert w.sacrifices == {"athens": ["ares", "hera"], "sparta": ["ares"]}
    note_appeal(game.state, "ares")    # Ares already called this turn
    w = BattleWidget.from_forces("B2:3", "C2:3", sacrifices=game.state)
    assert w.sacrifices == {"athens": ["hera"], "sparta": []}


@pytest.mark.parametrize("held, message", [
    ({"thebes": ["ares"]}, "unknown side"),
    ({"athens": "ares"}, "list of gods"),
    ({"athens": ["athena"]}, "not Olympians"),
    (42, "must be a dict"),
])
def test_bad_sacrifices_are_refused_in_plain_words(held, message):
    with pytest.raises(BattleError, match=message):
        BattleWidget.from_forces("B2:3", "C2:3", sacrifices=held)


def test_the_odds_chart_redraws_once_per_attack():
    """Issue 15, item 10: the chart redrew for ``odds`` and again for ``odds_track``."""
    w = BattleWidget.from_forces("cav:A1:2,B2:3,C2:2", "C2:4,A1:2,B1:3", seed=10)
    chart = w.chart
    attacks = 0
    while not w.battle.over and attacks < 8:
        b = w.battle
        before = chart.renders
        if b.prompt is not None:
            w.choose("fight" if "fight" in b.prompt.choices else b.prompt.choices[0])
        else:
            w.step()
            attacks += 1
        now = w.battle.prompt  # odds are worked out except while a tie waits (§6.32, §6.33)
        fresh = now is None or now.kind == "retreat"
        assert chart.renders - before == (1 if fresh else 0)
    assert attacks >= 4
    before = chart.renders
    w.restart()
    assert chart.renders == before + 1 and list(chart.line.x) == [0]
