"""Cross-module calls of movement and actions: no entry into a city pillaged this turn (§5.5),
building in a besieged port that is not blockaded (§4.2, §8.21), storms and forced marches with
their appeals (§5.22, §5.3, §11.0), Sicilians kept in SICILY when retreating (§15.2)."""

from __future__ import annotations

import pytest
from support.hellenes_battle_positions import P, U, decide, new_state, put

from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.hellenes.index import ATHENS, SPARTA
from hellenes_nb.games.hellenes.rules import control
from hellenes_nb.games.hellenes.rules.actions.phase import ACTION_TYPES
from hellenes_nb.games.hellenes.rules.battle.retreats import retreat_options, retreat_refusal
from hellenes_nb.games.hellenes.rules.movement.check import plan_move
from hellenes_nb.games.hellenes.rules.movement.occupancy import note_pillaged, pillage_entry_banned
from hellenes_nb.games.hellenes.rules.movement.search import destinations
from hellenes_nb.games.hellenes.rules.siege.blockade import blockaded
from hellenes_nb.games.hellenes.rules.siege.condition import besieger_of
from hellenes_nb.games.hellenes.rules.siege.records import refresh
from hellenes_nb.games.hellenes.state import State
from hellenes_nb.games.hellenes.steps import STEPS


@pytest.mark.rule("5.5")
def test_5_5_no_friendly_unit_enters_a_city_pillaged_this_turn():
    s = new_state(active=ATHENS, season=2)
    put(s, "A2", "attica", 3)
    p = P("megaris")
    assert (p, False) in destinations(s, U("A2"))
    s.pillaged = frozenset({p})
    note_pillaged(s, p, ATHENS)
    assert pillage_entry_banned(s, p, ATHENS)
    with pytest.raises(IllegalAction) as err:
        plan_move(s, U("A2"), [p])
    assert err.value.rule == "5.5"
    assert (p, False) not in destinations(s, U("A2"))
    put(s, "S26", "boeotia", 3)  # Sparta did not pillage it: its units may go in
    assert (p, False) in destinations(s, U("S26"))


@pytest.mark.rule("4.2")
@pytest.mark.rule("8.21")
def test_8_21_a_besieged_port_builds_while_not_blockaded():
    s = new_state(active=ATHENS, season=2)
    put(s, "A1", "attica", 1, inside=True)
    put(s, "S26", "attica", 3)
    refresh(s)
    control.refresh(s)
    assert besieger_of(s, P("attica")) == SPARTA and not blockaded(s, P("attica"))
    build = ACTION_TYPES["build"]
    assert any(a["unit"] == "A1" for a in build.legal(s, ATHENS))
    put(s, "S9", "saronic_gulf", 2)  # a Spartan fleet blockades Piraeus
    assert blockaded(s, P("attica"))
    assert not any(a["unit"] == "A1" for a in build.legal(s, ATHENS))
    assert "blockaded" in build.why_illegal(s, ATHENS, {"type": "build", "side": "athens",
                                                         "unit": "A1"}).message


def _rolls(s: State, records: list[dict], stage: str) -> None:
    s.pending_rolls = records
    s.stack = [{"kind": "rolls", "side": ATHENS, "stage": stage, "await": ()}]
    STEPS.settle(s)


def _storm_rolls(s: State) -> list[dict]:
    return [e for e in s.log if e["kind"] == "storm_roll"]


@pytest.mark.rule("5.22")
@pytest.mark.rule("11.0")
def test_11_poseidon_is_settled_before_the_next_storm_is_rolled():
    s = new_state(active=ATHENS, season=1)
    put(s, "A12", "messenian_gulf", 4)
    put(s, "A13", "messenian_gulf", 4)
    s.sacrifices[SPARTA].append("poseidon")
    crossing = {"kind": "deepsea", "side": ATHENS, "from": P("ionian_sea"),
                "to": P("messenian_gulf"), "group": 1}
    _rolls(s, [{**crossing, "path": (1,), "units": (U("A12"),)},
               {**crossing, "path": (2,), "units": (U("A13"),)}], "storms")
    assert s.stack[-1]["kind"] == "appeal" and s.stack[-1]["god"] == "poseidon"
    assert len(_storm_rolls(s)) == 1  # the second crossing waits for the appeal
    decide(s, {"type": "no_appeal", "side": "sparta"})
    assert len(_storm_rolls(s)) == 2
    decide(s, {"type": "no_appeal", "side": "sparta"})
    assert not s.stack and s.pending_rolls == []


@pytest.mark.rule("5.3")
@pytest.mark.rule("11.0")
def test_11_failed_forced_marches_offer_hermes():
    for seed in range(1, 40):
        s = new_state(active=ATHENS, season=2, seed=seed)
        put(s, "A1", "corinth", 3)
        s.sacrifices[ATHENS].append("hermes")
        path = (P("attica"), P("megaris"), P("corinth"), P("arcadia"))
        _rolls(s, [{"kind": "forced", "side": ATHENS, "unit": U("A1"), "carry": -1,
                    "from": P("corinth"), "target": P("arcadia"), "group": 1,
                    "path": path}], "forced")
        if "failure" in next(e["text"] for e in s.log if e["kind"] == "forced_roll"):
            assert s.stack[-1]["kind"] == "appeal" and s.stack[-1]["god"] == "hermes"
            assert s.stack[-2]["kind"] == "rolls" and s.stack[-2]["stage"] == "choose"
            return
        assert not s.stack or s.stack[-1]["kind"] != "appeal"
    pytest.fail("no seed gave a failed forced march")


@pytest.mark.rule("15.2")
def test_15_2_sicilians_cannot_retreat_out_of_sicily():
    s = State(new_state().ix, "sicily", 1)
    s.neutral = bytearray(len(s.neutral))
    s.season, s.active = 2, ATHENS
    for u in range(120):
        s.loc[u], s.cv[u], s.inside[u] = -1, 0, 0
    s.garrisons, s.sieges = {}, {}
    put(s, "S47", "rhegium", 2)
    put(s, "A1", "rhegium", 3)
    frame = {"place": P("rhegium"), "side": ATHENS, "mode": "field", "froms": (),
             "current": {"units": (U("A1"),), "from": -1, "via": ""}}
    why = retreat_refusal(s, frame, U("S47"), P("croton"))
    assert why is not None and why[1] == "15.2" and "SICILY" in why[0]
    assert retreat_refusal(s, frame, U("A1"), P("croton")) is None
    assert all(o["to"] != P("croton") for o in retreat_options(s, frame, U("S47")))

