"""Fog-aware odds, the automatic method choice and the ``hellenes odds`` command."""

import argparse
import json

import pytest

from hellenes_nb.games.hellenes.odds import (
    MAX_EXACT_STATES,
    ForcesError,
    RetreatPolicy,
    auto,
    battle_odds,
    exact_limit,
    exact_odds,
    fog_odds,
    make_battle,
    state_count,
)
from hellenes_nb.games.hellenes.odds.auto import MAX_EXACT_STATES_COMPILED
from hellenes_nb.games.hellenes.odds.cli import add_odds_parser
from hellenes_nb.games.hellenes.odds.statetables import compiled_fits


def test_fog_without_hidden_blocks_is_the_exact_answer():
    o = fog_odds("C2:3,A1:1", "", 5, mine="B2:3")
    exact = exact_odds(make_battle("B2:3", "C2:3,A1:1"))
    assert abs(o.attacker_wins - exact.attacker_wins) < 1e-12
    assert "1 distinct" in o.method


def test_fog_with_a_forced_pool_is_that_battle():
    # one hidden C2 and one hidden anything; the pool leaves exactly one way to fill them
    o = fog_odds("C2:?,?", "A1:2,C2:4", 10, mine="B2:3")
    exact = exact_odds(make_battle("B2:3", "C2:4,A1:2"))
    assert abs(o.defender_wins - exact.defender_wins) < 1e-12


def test_fog_from_the_defenders_view_averages_determinisations():
    pool = "C2:4,C2:2"
    o = fog_odds("?", pool, 400, mine="B2:3", viewer="defender", seed=1)
    a = exact_odds(make_battle("C2:4", "B2:3")).defender_wins
    b = exact_odds(make_battle("C2:2", "B2:3")).defender_wins
    assert min(a, b) < o.defender_wins < max(a, b)
    assert abs(o.defender_wins - (a + b) / 2) < 4 * o.standard_error(o.defender_wins)
    assert o.starting_steps == (4, 3)


def test_fog_pool_too_small():
    with pytest.raises(ForcesError, match="no C2 left"):
        fog_odds("C2:?,C2:?", "C2:4,B1:2", 3, mine="B2:3")


def test_auto_method_samples_only_big_battles():
    small = make_battle("B2:3,A1:2", "C2:3")
    assert state_count(small) <= MAX_EXACT_STATES
    assert battle_odds(small).method == "exact"
    big = make_battle(",".join(["B2:4"] * 7), ",".join(["C2:4"] * 7))
    assert state_count(big) > MAX_EXACT_STATES_COMPILED
    sampled = battle_odds(big, samples=2_000)
    assert sampled.samples == 2_000
    with pytest.raises(ValueError, match="unknown method"):
        battle_odds(small, "guess")


def test_the_exact_limit_depends_on_the_compiled_sweep(monkeypatch):
    monkeypatch.setattr(auto, "compiled_sweep", lambda: None)
    assert exact_limit() == MAX_EXACT_STATES
    monkeypatch.setattr(auto, "compiled_sweep", lambda: print)
    assert exact_limit() == MAX_EXACT_STATES_COMPILED
    middle = make_battle("B2:4,B2:4,B2:4,B2:4,B2:4", "C2:4,C2:4,C2:4,C2:4,C2:4")
    assert MAX_EXACT_STATES < state_count(middle) <= MAX_EXACT_STATES_COMPILED


def run(argv, capsys):
    parser = argparse.ArgumentParser(prog="hellenes")
    add_odds_parser(parser.add_subparsers())
    args = parser.parse_args(["odds", *argv])
    code = args.func(args)
    return code, capsys.readouterr()


def test_cli_json(capsys):
    code, out = run(["--attacker", "A1:1", "--defender", "A1:1", "--json"], capsys)
    assert code == 0
    data = json.loads(out.out)
    assert data["attacker_wins"] == pytest.approx(0.4, abs=1e-12)
    assert data["defender_wins"] == pytest.approx(0.6, abs=1e-12)
    assert set(data["expected_steps_lost"]) == {"attacker", "defender"}


def test_cli_table_with_options(capsys):
    argv = ["--attacker", "cav:A2:3", "--defender", "C2:4,A1:1"]
    code, out = run([*argv, "--attacker-retreat-after-rounds", "0"], capsys)
    assert code == 0
    assert "defender  retire" in out.out and "attacker wins   0.00%" in out.out


def test_cli_bad_token_names_it(capsys):
    code, out = run(["--attacker", "B2:3,X9:1", "--defender", "C2:4"], capsys)
    assert code == 2
    assert "attacker" in out.err and "'X9:1'" in out.err


def test_cli_rule_clash(capsys):
    code, out = run(["--attacker", "B2:3", "--defender", "C2:4", "--narrows"], capsys)
    assert code == 2 and "§6.5" in out.err


def test_cli_monte_carlo_method(capsys):
    argv = ["--attacker", "A1:1", "--defender", "A1:1", "--json"]
    code, out = run([*argv, "--method", "monte-carlo", "--samples", "4000", "--seed", "2"], capsys)
    data = json.loads(out.out)
    assert code == 0 and data["samples"] == 4000
    assert abs(data["attacker_wins"] - 0.4) < 4 * (0.24 / 4000) ** 0.5


def test_auto_samples_when_the_compiled_sweep_would_not_fit():
    # a retreat policy keeps every block and four "started" flags per state: 6v6 at 3-4 cv is
    # then too big for the compiled sweep's dense arrays, so auto samples rather than crawl
    spec = make_battle(
        "B2:4,A1:3,C2:4,B1:3,cav:A2:3,D1:4",
        "C2:4,A1:3,B2:3,B1:4,C2:3,cav:A1:3",
        attacker_retreat=RetreatPolicy(at_losses=5),
    )
    assert MAX_EXACT_STATES < state_count(spec) <= MAX_EXACT_STATES_COMPILED
    assert not compiled_fits(spec)
    assert battle_odds(spec, samples=2_000).samples == 2_000
