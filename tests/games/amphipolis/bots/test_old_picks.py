"""The heuristic keeps the engine's old picks at the choices that became the player's
(docs/amphipolis.md, "Your choices of reinforcements and targets"): the data's rear base and
type, the first units of the supply for the campaign's S15, the strongest unit for S9 and the
leader with the largest bonus for S18; it does not spend its look ahead on them."""

from __future__ import annotations

import pytest

from hellenes_nb.games.amphipolis.bots.heuristic import HeuristicBot

from ..rules.test_arrivals_and_targets import _b2, _due, _s15_due, _three_spartans
from ..rules.test_main_play import ATHENS, SPARTA
from ..rules.test_main_stratagems import counter, window


@pytest.mark.rule("10.4")
def test_the_heuristic_brings_reinforcements_where_the_data_says():
    game = _b2("10.4", 3, _due("10.4", "athens", 3))
    legal = game.legal_actions()
    assert len(legal) == 4
    assert HeuristicBot(1).rank(game, ATHENS, legal) == [legal[0]]
    assert (legal[0]["at"], legal[0]["unit_type"]) == ("thasos", "P")
    s15 = _s15_due()
    legal = s15.legal_actions()
    assert len(legal) > 2 and HeuristicBot(1).rank(s15, SPARTA, legal) == [legal[0]]


@pytest.mark.rule("7")
def test_the_heuristic_weighs_one_target_for_s9_and_for_s18_the_old_ones():
    game = window(_three_spartans(), ATHENS, "combat", "T11", battle="T11",
                  hand=(counter(9), counter(18)))
    ranked = HeuristicBot(1).rank(game, ATHENS, game.legal_actions())
    plays = [(a["number"], a["use"]) for a in ranked if a["type"] == "play"]
    assert sorted(plays) == [(9, "pel-h8b"), (18, "brasidas")]


def test_every_level_answers_the_new_choices_with_a_legal_choice():
    from hellenes_nb.games.amphipolis.bots.easy import EasyBot
    from hellenes_nb.games.amphipolis.bots.searching import SearchBotAmphipolis
    games = {"bring": (_s15_due(), "sparta"),
             "arrive": (_b2("10.4", 3, _due("10.4", "athens", 3)), "athens"),
             "S9": (window(_three_spartans(), ATHENS, "combat", "T11", battle="T11",
                           hand=(counter(9),)), "athens")}
    for what, (game, side) in games.items():
        legal = game.legal_actions()
        for bot in (HeuristicBot(3), EasyBot(3), SearchBotAmphipolis(3, iterations=8,
                                                                       seconds=None)):
            choice = bot.choose(game, side)
            assert choice in legal, (what, bot.name)
            if what == "arrive" and bot.name != "easy":
                assert (choice["at"], choice["unit_type"]) == ("thasos", "P")
