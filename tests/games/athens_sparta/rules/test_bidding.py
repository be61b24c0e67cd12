"""Athens & Sparta: tourney bidding (§10.3) with the option ``bidding: on``: the coin flip, the
bids and passes, the winner's side and its steps given up, the players changing seats, the
bots' table, the dashboard following the seats, refusals in words."""

from __future__ import annotations

import random

import pytest

from hellenes_nb import new_game
from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.athens_sparta.bots.bidbot import ATHENS_EDGE, choose_bid
from hellenes_nb.games.athens_sparta.invariants import check_invariants


def _game(seed: int = 3) -> Game:
    return new_game("athens-sparta", seed, bidding="on")


def _bid(side: str, play: str, steps: int) -> dict:
    return {"type": "bid", "side": side, "play": play, "steps": steps}


def _refused(g: Game, action: dict, match: str) -> None:
    before = g.state.to_dict()
    with pytest.raises(IllegalAction, match=match):
        g.apply(action)
    assert g.state.to_dict() == before  # the state is unchanged


def _first(g: Game) -> str:
    return g.view("all")["prompt"]["sides"][0]


def _other(side: str) -> str:
    return "sparta" if side == "athens" else "athens"


@pytest.mark.rule("10.3")
def test_10_3_the_coin_flip_is_the_seeded_die_and_comes_before_the_first_deal():
    firsts = set()
    for seed in range(8):
        g = _game(seed)
        assert g.prompt.kind == "bidding"
        assert all(h == [] for h in g.state.hands.values())  # no card dealt yet
        flip = g.log_for("athens")[0]["text"]
        assert flip.startswith("the coin is flipped") and _first(g) in flip
        assert _first(_game(seed)) == _first(g)  # the same seed, the same flip
        firsts.add(_first(g))
    assert firsts == {"athens", "sparta"}
    assert new_game("athens-sparta", 3).prompt.kind != "bidding"  # the option is off


@pytest.mark.rule("10.3")
def test_10_3_bids_go_up_by_one_from_0_and_a_pass_lets_the_last_bid_win():
    g = _game()
    a = _first(g)
    b = _other(a)
    _refused(g, {"type": "pass_bid", "side": a}, r"first player must bid \(0 is a bid\)")
    _refused(g, _bid(b, "athens", 0), rf"waiting for {a.title()}")
    _refused(g, _bid(a, "persia", 0), r"names the side to play, athens or sparta")
    g.apply(_bid(a, "athens", 0))
    _refused(g, _bid(b, "sparta", 0), r"higher than the last one \(Athens 0\): bid 1 or more")
    g.apply(_bid(b, "sparta", 2))  # any higher bid, either side
    _refused(g, _bid(a, "athens", 2), r"higher than the last one \(Sparta 2\).*§10\.3")
    _refused(g, _bid(a, "athens", 99), r"at most \d+ steps")
    g.apply({"type": "pass_bid", "side": a})
    assert g.prompt.kind == "bid_steps" and _first(g) == "sparta"
    told = [e["text"] for e in g.log_for(a)]
    assert any(t.startswith("the bid Sparta 2 wins: sparta gives up 2 steps") for t in told)


@pytest.mark.rule("10.3")
def test_10_3_the_winner_removes_its_bid_one_step_at_most_from_any_block():
    g = _game()
    a = _first(g)
    g.apply(_bid(a, "athens", 2))
    g.apply({"type": "pass_bid", "side": _other(a)})
    one = next(k for k, v in sorted(g.state.board.blocks.items())
               if v.side == "athens" and v.steps >= 2 and v.where != "pool")
    g.state.board.blocks[one].steps = 1  # a block of a single step on the map
    before = {k: v.steps for k, v in g.state.board.blocks.items()}
    offered = [x["block"] for x in g.legal_actions("athens")]
    assert all(before[k] >= 2 for k in offered) and offered
    _refused(g, {"type": "bid_step", "side": "athens", "block": one}, r"single step")
    _refused(g, {"type": "bid_step", "side": "athens", "block": "spa-h1"},
             r"'spa-h1' is not a block of athens")
    g.apply({"type": "bid_step", "side": "athens", "block": offered[0]})
    _refused(g, {"type": "bid_step", "side": "athens", "block": offered[0]},
             r"already given up a step for the bid: one step at most from any block")
    g.apply({"type": "bid_step", "side": "athens", "block": offered[1]})
    after = {k: v.steps for k, v in g.state.board.blocks.items()}
    assert sum(before.values()) - sum(after.values()) == 2
    assert after[offered[0]] == before[offered[0]] - 1
    assert g.prompt.kind in ("cards", "mulligan")  # then the first deal
    assert all(len(h) == 6 for h in g.state.hands.values())


@pytest.mark.rule("10.3")
def test_10_3_which_blocks_gave_up_the_bid_is_hidden_from_the_other_side():
    seen = []
    for pick in (0, -1):
        g = _game()
        a = _first(g)
        g.apply(_bid(a, "athens", 1))
        g.apply({"type": "pass_bid", "side": _other(a)})
        g.apply(g.legal_actions("athens")[pick])
        seen.append((g.view("sparta")["blocks"], g.log_for("sparta")))
    assert seen[0] == seen[1]
    assert "athens gives up a step for its bid" in [e["text"] for e in seen[0][1]]


@pytest.mark.rule("10.3")
def test_10_3_a_winner_who_names_the_other_side_changes_seats():
    g = _game()
    a = _first(g)
    g.apply(_bid(a, _other(a), 0))  # the player at a's seat wants the other side
    assert "seats_swapped" not in g.view(a)
    g.apply({"type": "pass_bid", "side": _other(a)})
    assert g.view("athens")["seats_swapped"] and g.view("sparta")["seats_swapped"]
    assert any("the players change seats" in e["text"] for e in g.log_for("all"))
    assert g.prompt.kind in ("cards", "mulligan")  # a bid of 0: no step to give up


def test_the_bots_bid_for_athens_up_to_their_edge_and_let_sparta_go():
    g = _game()
    a = _first(g)
    first = choose_bid(g.view(a), a, g.legal_actions(a))
    assert first["type"] == "bid" and (first["play"], first["steps"]) == ("athens", 0)
    g.apply(_bid(a, "sparta", 1))  # the other player wants Sparta: let it have it
    b = _other(a)
    assert choose_bid(g.view(b), b, g.legal_actions(b))["type"] == "pass_bid"
    g = _game()
    g.apply(_bid(_first(g), "athens", ATHENS_EDGE - 1))
    raise_ = choose_bid(g.view(b), b, g.legal_actions(b))
    assert (raise_["play"], raise_["steps"]) == ("athens", ATHENS_EDGE)
    g = _game()
    g.apply(_bid(_first(g), "athens", ATHENS_EDGE))
    assert choose_bid(g.view(b), b, g.legal_actions(b))["type"] == "pass_bid"


def test_random_play_with_bidding_keeps_the_invariants():
    for seed in range(3):
        g = _game(seed)
        rng = random.Random(seed)
        for _ in range(150):
            if g.over:
                break
            legal = g.legal_actions()
            assert legal, g.prompt.text
            since = len(g.state.log)
            g.apply(rng.choice(legal))
            check_invariants(g, since)


def test_every_bidding_choice_has_a_label_and_a_dashboard_group():
    from hellenes_nb.games.athens_sparta.ui import group_choices

    g = _game()
    a = _first(g)
    g.apply(_bid(a, "athens", 0))
    legal = g.legal_actions(_other(a))
    assert all(x["label"] and "_" not in x["label"] for x in legal)
    groups = group_choices(g, legal)
    assert groups[0]["heading"] == "Tourney bidding" and groups[0]["rule"] == "10.3"
    titles = [r["title"] for grp in groups for r in grp["rows"]]
    assert "Bid to play Athens" in titles and "Bid to play Sparta" in titles
    assert groups[-1]["rows"][-1]["options"][-1][1]["type"] == "pass_bid"


def test_against_the_computer_the_dashboard_follows_a_change_of_seats():
    from hellenes_nb.widgets.dashboard import Dashboard

    seed = next(s for s in range(20) if _first(_game(s)) == "athens")
    dash = Dashboard(game=_game(seed), human="athens")
    bid = next(a for a in dash.choices if a["type"] == "bid" and a["play"] == "sparta"
               and a["steps"] == 1)
    dash.choose(bid)  # the computer lets Sparta go: the player now plays Sparta
    assert dash.game.view("athens")["seats_swapped"]
    assert dash.human == "sparta" and dash.bot_side == "athens" and dash.map.viewer == "sparta"
    assert {a["type"] for a in dash.choices} == {"bid_step"}  # Sparta's step, the player's
    again = Dashboard(game=dash.game.clone(), human="sparta")  # a load names the side played
    assert again.human == "sparta" and again.bot_side == "athens" and again._seat == "athens"


@pytest.mark.rule("10.3")
def test_10_3_undo_after_a_change_of_seats_takes_back_the_players_own_bid():
    """Against the computer, undo right after the seats changed takes back the player's bid
    (and the computer's pass after it), not the computer's pass alone, which it would make
    again at once; the player sits at its own seat again with its bid to make."""
    from hellenes_nb.widgets.dashboard import Dashboard

    seed = next(s for s in range(20) if _first(_game(s)) == "athens")
    dash = Dashboard(game=_game(seed), human="athens")
    before = dash.game.state.to_dict()
    bids = [a for a in dash.choices if a["type"] == "bid"]
    dash.choose(next(a for a in bids if a["play"] == "sparta" and a["steps"] == 1))
    assert dash.human == "sparta" and dash.game.view("athens")["seats_swapped"]
    dash.undo()
    assert dash.game.state.to_dict() == before and not dash.game.history
    assert dash.human == "athens" and dash.bot_side == "sparta"
    assert [a for a in dash.choices if a["type"] == "bid"] == bids  # the player's bid again
    assert "bid" in dash.message and "Athens" in dash.message
