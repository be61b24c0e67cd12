"""The engine answers where a piece may go: ``Game.targets`` and ``Game.go`` (§4.1, §5.3)."""

from __future__ import annotations

import pytest
from support.widget_helpers import to_actions

import hellenes_nb
from hellenes_nb.core.steps import IllegalAction, strip_label


@pytest.fixture()
def game():
    g = hellenes_nb.new_game("431", seed=1)
    to_actions(g)
    assert g.prompt.side == "sparta"
    return g


def _unit_in(game, area: str, side: str = "sparta") -> str:
    ix = game.state.ix
    p = ix.place(area)
    s = ("athens", "sparta").index(side)
    return next(ix.unit_key[u] for u in range(s * 60, s * 60 + 60)
                if game.state.loc[u] == p and not game.state.inside[u])


@pytest.mark.rule("4.1")
def test_4_1_a_unit_goes_where_its_group_activated_lets_it(game):
    key = _unit_in(game, "ambracia")
    found = game.targets("sparta", key)
    trial = game.clone()
    trial.apply(next(a for a in trial.legal_actions("sparta")
                     if a["type"] == "move_group" and a["area"] == "ambracia"))
    expected = {a["path"][-1] for a in trial.legal_actions("sparta")
                if a["type"] == "move" and a["unit"] == key}
    assert set(found) == expected and "amphilochia" in found
    plan = found["amphilochia"]
    assert [a["type"] for a in plan] == ["move_group", "move"]
    assert all(strip_label(a) == a or "label" in a for a in plan)


@pytest.mark.rule("5.3")
def test_5_3_the_planned_path_avoids_a_forced_march_then_takes_the_shortest(game):
    key = _unit_in(game, "ambracia")
    trial = game.clone()
    trial.apply(game.targets("sparta", key)["amphilochia"][0])
    moves = [a for a in trial.legal_actions("sparta")
             if a["type"] == "move" and a["unit"] == key and a["path"][-1] == "amphilochia"]
    move = game.targets("sparta", key)["amphilochia"][-1]
    assert "forced" not in move
    best = min(len(a["path"]) for a in moves if not a.get("forced") and "carry" not in a)
    assert len(move["path"]) == best


@pytest.mark.rule("4.1")
def test_4_1_a_group_goes_only_where_all_of_it_may_go(game):
    group = game.targets("sparta", "corinth")
    assert "megaris" in group
    ix = game.state.ix
    keys = [ix.unit_key[u] for u in range(60, 120) if game.state.loc[u] == ix.place("corinth")]
    each = [set(game.targets("sparta", k)) for k in keys]
    assert set(group) == set.intersection(*(s for s in each if s))
    before = len(game.history)
    events = game.go("sparta", "corinth", "megaris")
    played = game.history[before:]
    assert played[0]["type"] == "move_group" and len(played) >= 3
    assert all(a["path"][-1] == "megaris" for a in played[1:])
    assert events


def test_a_side_not_deciding_has_no_targets_and_a_bad_piece_is_named(game):
    assert game.targets("athens", "attica") == {}
    with pytest.raises(ValueError, match="a piece is a unit key"):
        game.targets("sparta", "atlantis")
    with pytest.raises(ValueError, match="side must be"):
        game.targets("thebes", "corinth")


def test_going_where_the_piece_cannot_go_changes_nothing(game):
    before = game.to_json()
    with pytest.raises(IllegalAction, match="Crete is not a legal destination"):
        game.go("sparta", "corinth", "crete")
    assert game.to_json() == before
