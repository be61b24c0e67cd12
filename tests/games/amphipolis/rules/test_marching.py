"""§3.1, §3.1.3, §3.1.4, §3.3 and §2 B.3.2 on a position: a group's normal move on the main
map, the amphibious move and its worked example, cavalry withdrawal, stacking limits and the
cost of activating a zone."""

from __future__ import annotations

import pytest

from hellenes_nb.games.amphipolis.rules.marching import (
    activation_cost,
    amphibious_targets,
    cavalry_may_withdraw,
    march_targets,
    stack_limit,
)
from hellenes_nb.games.amphipolis.rules.sequence import initial_state
from hellenes_nb.games.amphipolis.state import IN_PLAY
from hellenes_nb.games.amphipolis.world import load_world

W = load_world()
ATHENS, SPARTA = 0, 1


def _u(uid: str) -> int:
    return W.unit_index[uid]


def _g(lid: str) -> int:
    return W.leader_index[lid]


def _place(st, zone: str, *uids: str, leaders: tuple[str, ...] = ()) -> list[int]:
    out = []
    for uid in uids:
        i = _u(uid)
        st.uloc[i], st.ustat[i] = zone, IN_PLAY
        out.append(i)
    for lid in leaders:
        st.lloc[_g(lid)], st.lstat[_g(lid)] = zone, IN_PLAY
    return out


@pytest.fixture
def st():
    s = initial_state("10.2", 1)
    for i in range(len(s.uloc)):  # an empty board
        s.uloc[i] = None
    for k in range(len(s.lloc)):
        s.lloc[k] = None
    return s


@pytest.mark.rule("3.1.4")
def test_the_worked_example_t15_to_t17_by_the_bridge(st):
    group = _place(st, "T15", "ath-h6-1")
    targets = march_targets(st, ATHENS, "T15", group, [])
    assert targets["T17"] == 4
    assert targets["T13"] == 4  # not across the river (no bridge there), but round by T9


@pytest.mark.rule("3.1.4")
def test_a_zone_held_by_the_enemy_stops_the_group(st):
    group = _place(st, "T15", "helot-h5b-1")
    _place(st, "T11", "thr-p5-1")
    targets = march_targets(st, SPARTA, "T15", group, [])
    assert "T11" in targets and "T17" not in targets


@pytest.mark.rule("1.2.2")
def test_leaders_alone_go_five_points_units_four(st):
    _place(st, "T15", "ath-h6-1", leaders=("eucles",))
    assert "T10" not in march_targets(st, ATHENS, "T15", [_u("ath-h6-1")], [_g("eucles")])
    assert march_targets(st, ATHENS, "T15", [], [_g("eucles")])["T10"] == 5


@pytest.mark.rule("3.3")
def test_a_move_that_would_overstack_a_humid_zone_is_not_offered(st):
    assert stack_limit("T17") == 5 and stack_limit("T12") == 8 and stack_limit("O1") is None
    _place(st, "T17", "ath-h6-1", "ath-h6-2", "ath-h6-3", "ath-h6-4", "ath-a3-1")
    group = _place(st, "T11", "ath-a3-2")
    assert "T17" not in march_targets(st, ATHENS, "T11", group, [])
    st.uloc[_u("ath-a3-1")] = None
    assert "T17" in march_targets(st, ATHENS, "T11", group, [])


@pytest.mark.rule("3.1.3")
def test_the_amphibious_example_twenty_trireme_pf_carry_twenty_units(st):
    _place(st, "M2", "ath-t20")
    seven = _place(st, "thasos", "ath-h6b-1", "ath-h6b-2", "ath-h6b-3", "ath-h6b-4",
                   "ath-h6-1", "ath-h6-2", "ath-h6-3")
    targets = amphibious_targets(st, ATHENS, "thasos", seven)
    assert {"T4", "T15", "T22"} <= set(targets) and targets["T4"] == 4
    assert amphibious_targets(st, ATHENS, "thasos", seven[:6], {"M2": 14})  # 6 more to T22
    assert not amphibious_targets(st, ATHENS, "thasos", seven, {"M2": 14})  # not 7


@pytest.mark.rule("3.1.3")
def test_no_amphibious_move_without_a_trireme_or_for_sparta(st):
    group = _place(st, "thasos", "ath-h6-1")
    assert amphibious_targets(st, ATHENS, "thasos", group) == {}
    _place(st, "M2", "ath-t10-1")
    assert amphibious_targets(st, ATHENS, "thasos", group)
    assert amphibious_targets(st, SPARTA, "T22", [_u("helot-h5b-1")]) == {}


@pytest.mark.rule("2")
def test_activation_costs_by_the_leader_present(st):
    _place(st, "T21", "helot-h8b", leaders=("brasidas",))
    _place(st, "T20", "spa-p6-1", leaders=("polydamidas",))
    _place(st, "T23", "spa-c5-1")
    assert activation_cost(st, "T21", SPARTA) == 0
    assert activation_cost(st, "T21", SPARTA, operation=True) == 1
    assert activation_cost(st, "T20", SPARTA) == 1
    assert activation_cost(st, "T23", SPARTA) == 2
    assert activation_cost(st, "macedonia", SPARTA) == 0
    st.lwound[_g("brasidas")] = 1  # wounded: no bonus
    assert activation_cost(st, "T21", SPARTA) == 1


@pytest.mark.rule("3.1.4")
def test_cavalry_alone_may_withdraw_unless_only_cavalry_comes(st):
    cav = _place(st, "T11", "spa-c5-1", "spa-c5-2")
    hoplite = _place(st, "T15", "ath-h6-1")
    horse = _place(st, "T15", "ath-c5-1", "ath-c5-2")
    assert cavalry_may_withdraw(st, "T11", ATHENS, hoplite) == cav
    assert cavalry_may_withdraw(st, "T11", ATHENS, horse + hoplite) == cav
    assert cavalry_may_withdraw(st, "T11", ATHENS, horse) == []  # cavalry alone comes
    _place(st, "T11", "spa-p6-1")
    assert cavalry_may_withdraw(st, "T11", ATHENS, hoplite) == []
