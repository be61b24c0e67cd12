"""§11 appeals to the Olympians: Zeus, Apollo, Ares, Demeter, Poseidon, Hermes and Hera; one
appeal per god per player turn; an appeal is a choice that can be declined."""

from __future__ import annotations

import random

import pytest
from support.hellenes_event_positions import RULES, WORLD, besiege, board

from hellenes_nb.core.game import Game, new_game
from hellenes_nb.core.steps import IllegalAction, replace_top
from hellenes_nb.games.hellenes.index import ATHENS, SPARTA
from hellenes_nb.games.hellenes.rules import olympians
from hellenes_nb.games.hellenes.rules.actions.building import Recruit
from hellenes_nb.games.hellenes.rules.battle import combat
from hellenes_nb.games.hellenes.rules.battle.fighters import battle_object
from hellenes_nb.games.hellenes.rules.movement.rolls import roll_storm
from hellenes_nb.games.hellenes.rules.siege.attrition import attrition
from hellenes_nb.games.hellenes.state import POOL


def _appeal(game, side, option=0):
    game.apply({"type": "appeal", "side": side, "god": game.state.stack[-1]["god"],
                "option": option})


def _kinds(state, kind, rule=None):
    return [e for e in state.log if e["kind"] == kind and (rule is None or e["rule"] == rule)]


# -- Zeus ------------------------------------------------------------------------------------
def _new_year(**sacrifices):
    game = Game.new("431", 3, world=WORLD)
    for side, gods in sacrifices.items():
        game.state.sacrifices[ATHENS if side == "athens" else SPARTA] += gods
    return game


@pytest.mark.rule("11.0")
def test_11_zeus_redeals_the_new_year_hand_without_reshuffling():
    game = _new_year(athens=["zeus"])
    old = list(game.state.hands[ATHENS])
    deck = list(game.state.deck)
    assert any(a["type"] == "appeal_zeus" for a in game.legal_actions("athens"))
    assert not any(a["type"] == "appeal_zeus" for a in game.legal_actions("sparta"))
    game.apply({"type": "appeal_zeus", "side": "athens"})
    st = game.state
    assert sorted(st.hands[ATHENS]) == sorted(deck[-6:]) and set(old) <= set(st.discard)
    assert "zeus" not in st.sacrifices[ATHENS]
    assert not any(a["type"] == "appeal_zeus" for a in game.legal_actions("athens"))


@pytest.mark.rule("11.0")
def test_11_zeus_only_before_the_new_year_card_is_committed():
    game = _new_year(athens=["zeus"])
    card = game.state.hands[ATHENS][0]
    game.apply({"type": "play_card", "side": "athens", "card": card, "use": "sacrifice",
                "god": "ares"})
    assert not olympians.zeus_allowed(game.state, ATHENS)
    with pytest.raises(IllegalAction):
        game.apply({"type": "appeal_zeus", "side": "athens"})


@pytest.mark.rule("11.0")
def test_11_hera_overrules_the_opponents_appeal_by_doing_it_again():
    game = _new_year(athens=["zeus"], sparta=["hera"])
    game.apply({"type": "appeal_zeus", "side": "athens"})
    assert game.state.stack[-1]["kind"] == "appeal" and game.prompt.side == "sparta"
    second = list(game.state.hands[ATHENS])
    _appeal(game, "sparta")
    st = game.state
    assert not set(second) & set(st.hands[ATHENS]) and len(st.hands[ATHENS]) == 6
    assert "hera" not in st.sacrifices[SPARTA]
    assert st.stack[-1]["kind"] == "card_play"  # Hera cannot be overruled


# -- Apollo ------------------------------------------------------------------------------------
def _recruit_game(**sacrifices):
    s = board({"A1": ("attica", 2)})
    for side, gods in sacrifices.items():
        s.sacrifices[ATHENS if side == "athens" else SPARTA] += gods
    s.active = ATHENS
    s.stack = [{"kind": "test_end"}]
    Recruit().apply(s, ATHENS, {"type": "recruit", "side": "athens"})
    return s


@pytest.mark.rule("11.0")
def test_11_apollo_redraws_the_three_recruit_blocks():
    s = _recruit_game(athens=["apollo"])
    top = s.stack[-1]  # the recruit action itself offers Apollo to the drawer
    assert top["kind"] == "appeal" and top["god"] == "apollo" and top["offer"] == (ATHENS,)
    first = s.stack[-2]["drawn"]
    game = Game(RULES, s, seed=1)
    _appeal(game, "athens")
    top = game.state.stack[-1]
    assert top["kind"] == "recruit" and len(top["drawn"]) == 3 and top["drawn"] != first
    assert all(game.state.loc[u] == POOL for u in top["drawn"])


@pytest.mark.rule("11.0")
def test_11_apollo_makes_the_opponent_return_a_placed_recruit_and_draw_again():
    s = _recruit_game(sparta=["apollo"])
    assert s.stack[-1]["kind"] == "recruit"  # Athens holds no Apollo: no offer on the draw
    game = Game(RULES, s, seed=1)
    place = next(a for a in game.legal_actions("athens") if a["type"] == "place_recruit")
    u = s.ix.unit(place["unit"])
    game.apply(place)  # placing it offers Apollo to the opponent
    assert game.prompt.side == "sparta" and game.state.stack[-1]["god"] == "apollo"
    _appeal(game, "sparta")
    st = game.state
    assert st.loc[u] == POOL and st.stack[-1]["kind"] == "recruit"
    assert st.stack[-1]["side"] == ATHENS


# -- Ares ------------------------------------------------------------------------------------
def _battle_ready(seed=2):
    """A land battle in Boeotia at its first attack, with no decision pending."""
    s = board({"A1": ("boeotia", 4), "A2": ("boeotia", 4), "S26": ("boeotia", 4),
               "S27": ("boeotia", 4)}, seed=seed)
    s.active = s.first = ATHENS
    s.played = [{"card": 20, "use": "actions"}, {"card": 21, "use": "actions"}]
    s.stack = [{"kind": "test_end"},
               {"kind": "battle", "place": s.ix.place("boeotia"), "side": ATHENS,
                "mode": "field", "treachery": False, "stage": "start"}]
    game = Game(RULES, s, seed=seed)
    if game.state.stack[-1]["stage"] == "fortify":
        game.apply({"type": "fortify_done", "side": "sparta"})
    st = game.state
    while st.stack[-1]["battle"]["prompt"]:
        b = battle_object(st, st.stack[-1])
        b.choose("fight")
        replace_top(st, battle=b.to_dict())
    return st


@pytest.mark.rule("11.0")
def test_11_ares_rolls_the_latest_attack_again():
    st = _battle_ready()
    st.sacrifices[SPARTA].append("ares")
    before = st.stack[-1]["battle"]
    b = battle_object(st, st.stack[-1])
    b.step()
    replace_top(st, battle=b.to_dict())
    first = st.stack[-1]["battle"]["log"][len(before["log"])]
    assert first["kind"] == "attack"
    assert olympians.offer_ares(st, before)
    game = Game(RULES, st, seed=1)
    assert game.prompt.side == "sparta"
    _appeal(game, "sparta")
    again = _kinds(game.state, "battle_attack", "11.0")
    assert len(again) == 1 and "ares" not in game.state.sacrifices[SPARTA]
    ix = game.state.ix
    assert again[0]["text"].startswith(f"Attack by {ix.describe(ix.unit(first['by']))} with ")
    assert "rolled again" in again[0]["text"]


@pytest.mark.rule("11.0")
def test_11_ares_is_not_offered_without_a_sacrifice_or_twice_a_turn():
    st = _battle_ready()
    before = st.stack[-1]["battle"]
    b = battle_object(st, st.stack[-1])
    b.step()
    replace_top(st, battle=b.to_dict())
    assert not olympians.offer_ares(st, before)
    st.sacrifices[ATHENS].append("ares")
    olympians.note_appeal(st, "ares")
    assert not olympians.offer_ares(st, before)


@pytest.mark.rule("11.0")
def test_11_the_free_ares_rerolls_end_when_another_class_attacks():
    st = _battle_ready()
    replace_top(st, ares_chain=(ATHENS, "Z", 1))        # an appealed class that is not firing
    before = st.stack[-1]["battle"]
    b = battle_object(st, st.stack[-1])
    b.step()
    replace_top(st, battle=b.to_dict())
    assert not olympians.offer_ares(st, before)         # no Ares held: nothing to offer
    assert st.stack[-1]["ares_chain"] is None           # and the chain is over


@pytest.mark.rule("11.0")
def test_11_a_new_battle_in_the_same_place_starts_without_free_ares_rerolls():
    st = _battle_ready()
    replace_top(st, ares_chain=(ATHENS, "C", 1), stage="reveal")  # as after a failed retreat
    RULES.steps.step_for(st.stack[-1]).run(st, st.stack[-1])        # the battle is set up again
    assert st.stack[-1]["stage"] == "fight" and st.stack[-1]["ares_chain"] is None


# -- Demeter ------------------------------------------------------------------------------------
def _thebes_siege(**sacrifices):
    s = board({"A1": ("boeotia", 3), "S26": ("boeotia", 4, "inside"),
               "S27": ("boeotia", 4, "inside"), "S28": ("boeotia", 3, "inside")})
    besiege(s, "boeotia", "athens")
    for side, gods in sacrifices.items():
        s.sacrifices[ATHENS if side == "athens" else SPARTA] += gods
    s.active = ATHENS
    s.stack = [{"kind": "test_end"}]
    return s


@pytest.mark.rule("11.0")
def test_11_demeter_rolls_a_whole_siege_attrition_again_and_the_new_roll_stands():
    s = _thebes_siege(sparta=["demeter"], athens=["hera"])
    p = s.ix.place("boeotia")
    attrition(s, p)  # offers Demeter itself
    assert s.stack[-1]["kind"] == "appeal" and s.stack[-1]["god"] == "demeter"
    game = Game(RULES, s, seed=1)
    _appeal(game, "sparta")
    st = game.state
    assert len(_kinds(st, "attrition")) == 2
    assert [f["kind"] for f in st.stack].count("attrition_hits") <= 1
    assert st.stack[-1]["kind"] == "appeal" and st.stack[-1]["god"] == "hera"
    game.apply({"type": "no_appeal", "side": "athens"})
    assert "hera" in game.state.sacrifices[ATHENS]
    assert not olympians.offer_demeter(game.state, p)  # one appeal to Demeter a turn


@pytest.mark.rule("11.0")
def test_11_an_appeal_can_be_declined_by_each_player_in_turn():
    s = _thebes_siege(sparta=["demeter"], athens=["demeter"])
    p = s.ix.place("boeotia")
    attrition(s, p)
    game = Game(RULES, s, seed=1)
    assert game.prompt.side == "athens"  # the acting player is asked first
    game.apply({"type": "no_appeal", "side": "athens"})
    assert game.prompt.side == "sparta"
    game.apply({"type": "no_appeal", "side": "sparta"})
    assert all(f["kind"] != "appeal" for f in game.state.stack)
    assert game.state.sacrifices == [["demeter"], ["demeter"]]


# -- Poseidon -------------------------------------------------------------------------------------
@pytest.mark.rule("11.0")
def test_11_poseidon_rolls_a_storm_again_and_undoes_its_damage_first():
    for seed in range(1, 400):
        s = board({"A12": ("messenian_gulf", 4)}, seed=seed, season=1)
        s.sacrifices[ATHENS].append("poseidon")
        s.active = ATHENS
        s.stack = [{"kind": "test_end"}]
        u = s.ix.unit("A12")
        rec = {"kind": "deepsea", "side": ATHENS, "from": s.ix.place("ionian_sea"),
               "to": s.ix.place("messenian_gulf"), "group": 1, "path": (), "units": (u,)}
        roll_storm(s, rec)
        if s.cv[u] == 4 or s.stack[-1]["kind"] != "appeal":
            continue
        game = Game(RULES, s, seed=1)
        _appeal(game, "athens")
        st = game.state
        rolls = _kinds(st, "storm_roll")
        if "calm" in rolls[-1]["text"]:
            assert st.loc[u] == st.ix.place("messenian_gulf") and st.cv[u] == 4
            assert "poseidon" not in st.sacrifices[ATHENS]
            return
    pytest.fail("no seed gave a damaging storm followed by calm seas")


# -- Hermes ---------------------------------------------------------------------------------------
@pytest.mark.rule("11.0")
def test_11_hermes_rolls_one_formations_failed_forced_marches_again():
    s = board({"A1": ("attica", 3), "A2": ("attica", 3)})
    s.sacrifices[ATHENS].append("hermes")
    s.active = ATHENS
    path = (s.ix.place("attica"), s.ix.place("megaris"), s.ix.place("corinth"),
            s.ix.place("arcadia"))
    s.pending_rolls = [
        {"kind": "forced", "side": ATHENS, "unit": s.ix.unit(k), "carry": -1,
         "from": path[-2], "target": path[-1], "group": 1, "path": path} for k in ("A1", "A2")]
    s.stack = [{"kind": "test_end"}, {"kind": "rolls", "side": ATHENS, "stage": "choose",
                                      "await": ()}]
    assert olympians.offer_hermes(s)
    game = Game(RULES, s, seed=1)
    _appeal(game, "athens")
    st = game.state
    assert len(_kinds(st, "forced_roll", "11.0")) == 2
    assert "hermes" not in st.sacrifices[ATHENS]


@pytest.mark.rule("11.0")
def test_11_every_attack_passes_the_ares_hook_because_choices_never_roll(monkeypatch):
    """Ares is offered from ``BattleStep._run_fight`` after each ``Battle.step()``; that covers
    every attack only if answering a battle decision (retreat or fight, which tied block takes a
    hit or rout) never rolls a die. Random games check it on every such decision."""
    seen = []
    original = combat.Battle.choose

    def choose(self, choice):
        kind, dice = self.prompt.kind, self.dice.to_dict()
        events = original(self, choice)
        seen.append(kind)
        assert self.dice.to_dict() == dice, f"answering a {kind} decision rolled dice"
        assert not any(e["kind"] == "attack" for e in events)
        return events

    monkeypatch.setattr(combat.Battle, "choose", choose)
    for seed in range(1, 9):
        game = new_game("431", seed)
        rng = random.Random(seed)
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
    assert "retreat" in seen and {"hit", "rout"} & set(seen)
