"""Hostile input to ``Game.apply`` and to the odds (docs/security.md, "Hostile actions and odds
inputs"): each is refused (or answered) within seconds, in plain words of bounded length,
with the game unchanged and nothing odd in its history."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from hellenes_nb.core.echo import ECHO
from hellenes_nb.core.game import Game, new_game
from hellenes_nb.core.steps import MAX_MESSAGE, IllegalAction
from hellenes_nb.selfplay import pick

#: generous: the point is "answers", never how fast
SECONDS = 60


@pytest.fixture(scope="module")
def moving() -> Game:
    """A 431 game waiting for a unit's move in a group move."""
    game = new_game("431", 0)
    rng = random.Random(0)
    while game.prompt.kind != "group_move":
        game.apply(pick(rng, game.legal_actions(), "uniform"))
    return game


def _move(game: Game) -> dict:
    return next(a for a in game.legal_actions() if a["type"] == "move")


def _refused(game: Game, action) -> str:
    before, history = game.state.clone(), list(game.history)
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert game.state == before and game.history == history
    return str(err.value)


@pytest.mark.parametrize("action", [None, [], "end_actions", 7, ("type", "move"), b"{}"])
def test_an_action_that_is_not_a_dict(moving, action):
    assert "an action is a dict" in _refused(moving, action)


def test_a_ten_megabyte_value_is_refused_and_not_echoed(moving):
    huge = "x" * 10_000_000
    for key in ("unit", "side", "type", "zzz"):
        msg = _refused(moving, {**_move(moving), key: huge})
        assert len(msg) < 400 and "xxxx" * 30 not in msg


def test_a_deeply_nested_value_is_refused(moving):
    deep: dict = {}
    inner = deep
    for _ in range(100_000):
        inner["a"] = {}
        inner = inner["a"]
    for key in ("unit", "path", "zzz"):
        assert len(_refused(moving, {**_move(moving), key: deep})) < 400
    assert "does not take" in _refused(moving, {**deep, **_move(moving)})


def test_a_whole_number_too_long_to_write_is_refused(moving):
    msg = _refused(moving, {**_move(moving), "unit": 10**5000})
    assert "must be an id" in msg and len(msg) < 400


def test_a_hundred_thousand_extra_keys_are_summed_up(moving):
    action = {**_move(moving), **{f"k{i}": i for i in range(100_000)}}
    msg = _refused(moving, action)
    assert "'k0'" in msg and "and 99,995 more" in msg and len(msg) < 400


def test_keys_that_are_not_text_and_labels_that_are_not_text(moving):
    assert "does not take the key(s) 1" in _refused(moving, {**_move(moving), 1: "x"})
    assert "'label'" in _refused(moving, {**_move(moving), "label": ["x"]})


def test_a_path_of_a_million_areas(moving):
    msg = _refused(moving, {**_move(moving), "path": ["attica"] * 1_000_000})
    assert "1,000,000 areas" in msg


def test_changing_the_action_after_apply_leaves_the_history_alone(moving):
    game = moving.clone()
    move = _move(game)
    game.apply(move)
    move["path"].append("zzz")
    move["zzz"] = 1
    assert game.history[-1]["path"] == move["path"][:-1] and "zzz" not in game.history[-1]


def test_the_echo_of_a_long_unknown_id_is_cut(moving):
    msg = _refused(moving, {**_move(moving), "unit": "Q" * 100})
    assert "Q" * ECHO not in msg and ("…" in msg or "..." in msg)


def test_no_refusal_is_longer_than_the_cap():
    assert len(str(IllegalAction("x" * 10 * MAX_MESSAGE))) <= MAX_MESSAGE


def test_replaying_a_history_with_an_extra_key_is_refused():
    game = new_game("431", 2)
    first = dict(game.legal_actions("athens")[0], zzz=1)
    with pytest.raises(IllegalAction, match="'zzz'"):
        Game.replay("431", 2, [first])


def _run(code: str) -> subprocess.CompletedProcess:
    """Run python ``code`` in a fresh interpreter, killed after :data:`SECONDS`."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=SECONDS)


def _odds_cli(*argv: str) -> subprocess.CompletedProcess:
    """``hellenes odds ...`` in a fresh interpreter, killed after :data:`SECONDS`: before the
    fixes several of these ran past two minutes and took gigabytes."""
    return subprocess.run([sys.executable, "-m", "hellenes_nb.cli", "odds", *argv],
                          capture_output=True, text=True, timeout=SECONDS)


def _blocks(token: str, n: int) -> str:
    return ",".join([token] * n)


def test_odds_thirty_against_thirty_are_sampled_with_their_error():
    run = _odds_cli("--attacker", _blocks("B2:4", 30), "--defender", _blocks("C2:4", 30))
    assert run.returncode == 0, run.stderr
    assert "33,333 samples: each probability within ±" in run.stdout
    assert "note: sampled" in run.stdout and "attacker wins" in run.stdout


def test_odds_twelve_against_twelve_exact_is_refused_with_a_reason():
    run = _odds_cli("--attacker", _blocks("B2:4", 12), "--defender", _blocks("C2:4", 12),
                    "--method", "exact")
    assert run.returncode == 2 and "too big for the exact method" in run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("attacker,defender", [(500, 1), (70, 70)])
def test_odds_beyond_sixty_blocks_a_side_are_refused(attacker, defender):
    run = _odds_cli("--attacker", _blocks("B2:4", attacker), "--defender",
                    _blocks("C2:4", defender))
    assert run.returncode == 2 and f"{max(attacker, defender)} blocks: a side brings at " \
        "most 60" in run.stderr


def test_odds_sixty_against_sixty_answer():
    run = _odds_cli("--attacker", _blocks("D1:1", 60), "--defender", _blocks("D1:1", 60),
                    "--json")
    assert run.returncode == 0, run.stderr
    assert '"margin"' in run.stdout and '"samples": 16666' in run.stdout


@pytest.mark.parametrize("samples", [str(10**12), "0", "-5"])
def test_odds_sample_counts_beyond_the_limit_are_refused(samples):
    run = _odds_cli("--attacker", "A1:1", "--defender", "A1:1", "--method", "monte-carlo",
                    "--samples", samples)
    assert run.returncode == 2 and "--samples must be at least 1 and at most 1,000,000" \
        in run.stderr and "Traceback" not in run.stderr


@pytest.mark.parametrize("extra,words", [
    (["--seed", "-1"], "--seed must be 0 or more"),
    (["--attacker-retreat-after-rounds", str(10**9)], "after_rounds must be a whole number"),
    (["--attacker", "B2:" + "4" * 5000], "bad cv"),
])
def test_odds_other_inputs_beyond_the_limits(extra, words):
    run = _odds_cli("--attacker", "A1:1", "--defender", "A1:1", *extra)
    assert run.returncode == 2 and words in run.stderr and len(run.stderr) < 600


BIG_WIDGET = """
from hellenes_nb.games.hellenes.widgets.battle import BattleWidget
w = BattleWidget.from_forces({a!r}, {d!r}, seed=3)
print(w.odds["method"], w.odds["samples"], w.odds["margin"] > 0)
"""


def test_the_battle_widget_odds_of_sixty_against_sixty_come_back_with_their_error():
    code = BIG_WIDGET.format(a=_blocks("B2:4", 60), d=_blocks("C2:4", 60))
    run = _run(code)
    assert run.returncode == 0, run.stderr
    method, samples, margin = run.stdout.split()
    assert method == "monte-carlo" and 0 < int(samples) < 2000 and margin == "True"


def test_the_battle_widget_refuses_more_than_sixty_blocks():
    from hellenes_nb.games.hellenes.widgets.battle import BattleWidget

    with pytest.raises(ValueError, match="at most 60"):
        BattleWidget.from_forces([{"rating": "B2", "cv": 4}] * 61, "C2:4")
