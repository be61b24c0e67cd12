"""The leak property: in seeded bot games of all four scenarios, nothing a side is shown at any
decision names, types or gives a cv to an enemy block it does not know, or tells it the enemy's
hand or face-down card.

What counts as known is the oracle's definition in ``leaks.py`` (own blocks; blocks revealed in a
battle, from that battle on; nothing of the enemy's hand). Everything a side is shown is searched:
``game.view(side)`` whole (log included, each event when it first appears), a map widget per
side (every synced value), and the dashboard's screen in hot-seat and against the computer
(every widget: panels, buttons, the map, the battle board, the replay). ``play.py`` plays the
games. On the code before the per-side log this test finds the Hermes re-roll naming a block
(413, seed 1, heuristic against random) among others.

CI plays short games (a few minutes of game time each, under a minute in all); the ``slow``
variant, run with ``HELLENES_LONG_LEAKS=1``, plays whole games over more seeds.

Hellenes only: the oracle knows Hellenes' face-down blocks and its screens (map, battle board).
What every registered game hides (hands, the draw pile, dice to come) is tested through the
catalogue in tests/conformance/test_hidden_views.py and test_hidden_widgets.py, by dealing it
anew and asking for the same view and the same board; a game with face-down pieces of its own
would need an oracle like ``leaks.py`` for them.
"""

from __future__ import annotations

import os

import pytest
from support.leakplay import bot_dashboard_game, engine_game, hotseat_game, report

SCENARIOS = ("431", "sicily", "413", "415")
MIXES = (("heuristic", "random"), ("random", "heuristic"), ("heuristic", "heuristic"),
         ("random", "random"))
LONG = os.environ.get("HELLENES_LONG_LEAKS") == "1"


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("seed", (1, 2))
def test_views_and_maps_show_no_hidden_block_and_no_enemy_card(scenario, seed):
    names = MIXES[(seed + SCENARIOS.index(scenario)) % len(MIXES)]
    findings, n = engine_game(scenario, seed, names, limit=200)
    assert not findings, report(findings, f"{scenario} seed {seed} {names}, decision {n}")
    assert n > 30  # the game got going: cards, moves and usually a battle


@pytest.mark.parametrize("scenario", ("431", "415"))
def test_the_hotseat_screen_shows_each_player_only_their_side(scenario):
    findings, n = hotseat_game(scenario, 3, ("heuristic", "random"), limit=60)
    assert not findings, report(findings, f"hot-seat {scenario}, decision {n}")


@pytest.mark.parametrize(("scenario", "human"), (("sicily", "athens"), ("413", "sparta")))
def test_the_screen_against_the_computer_shows_the_human_only_their_side(scenario, human):
    findings, n = bot_dashboard_game(scenario, 4, human, ("heuristic", "heuristic"), limit=25)
    assert not findings, report(findings, f"{human} against the computer in {scenario}, "
                                          f"decision {n}")


@pytest.mark.slow
@pytest.mark.skipif(not LONG, reason="long variant: set HELLENES_LONG_LEAKS=1")
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_long_whole_games_leak_nothing(scenario):
    for seed in range(10, 22):
        names = MIXES[seed % len(MIXES)]
        findings, n = engine_game(scenario, seed, names, limit=5000, maps=seed % 3 == 0)
        assert not findings, report(findings, f"{scenario} seed {seed} {names}, decision {n}")
    for seed in range(30, 33):
        findings, n = hotseat_game(scenario, seed, MIXES[seed % 4], limit=400)
        assert not findings, report(findings, f"hot-seat {scenario} seed {seed}, decision {n}")
        findings, n = bot_dashboard_game(scenario, seed, ("athens", "sparta")[seed % 2],
                                         MIXES[seed % 4], limit=200)
        assert not findings, report(findings, f"bot dashboard {scenario} seed {seed}, "
                                              f"decision {n}")
