"""The words a class reads on the dashboard (issue 28 item 4): one short line of rule tags, a
date said once in the log, one name for the computer's level, a clear save file name."""

from __future__ import annotations

import re

import pytest

from hellenes_nb.widgets.dashboard import Dashboard
from hellenes_nb.widgets.dashboard.words import prompt_with_rules

BATTLE = ("Battle of Attica: Athens: two of your blocks are tied as the strongest (strength 4 "
          "each): choose which one takes the hit (§6.32)")


def _visible(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


@pytest.mark.rule("6.32")
def test_6_32_a_prompt_shows_two_rule_sections_and_names_the_rest_on_hover():
    html = prompt_with_rules(BATTLE, ["6.1", "6.2", "6.4", "5.41", "7.1", "8.1"])
    seen = _visible(html)
    assert seen.count("§") == 2, seen  # the prompt's own section, then its first rule
    assert seen.endswith("takes the hit §6.32 §6.1 +5 more")
    assert "title='Rules: §6.32, §6.1, §6.2, §6.4, §5.41, §7.1, §8.1'" in html


def test_a_prompt_with_few_rules_shows_them_all_and_no_more():
    assert _visible(prompt_with_rules("Group move from Elis: move units or finish",
                                      ["5.0", "5.41"])).endswith("finish §5.0 §5.41")
    assert prompt_with_rules("Nothing to cite", []) == "Nothing to cite"


@pytest.fixture(scope="module")
def dash():
    return Dashboard("431", seed=7, human="athens", bot="heuristic")


def test_the_computer_is_named_by_its_level_as_the_level_menu_does(dash):
    assert "against the computer (level: normal)" in dash.header.value
    assert "heuristic" not in dash.header.value
    assert [label for label, _v in dash.level_picker.options] == [
        "level: easy", "level: normal", "level: hard"]
    dash.set_level("easy")
    assert "against the computer (level: easy)" in dash.header.value
    dash.set_level("normal")


@pytest.mark.rule("10.1")
def test_10_1_the_log_says_a_season_date_once(dash):
    lines = [_visible(m) for m in re.findall(r"<div class='hn-log-line.*?</div>",
                                              dash.log_html.value)]
    opening = next(t for t in lines if "New Year 431 BC" in t)
    assert opening.count("431") == 1, opening
    assert any(t.startswith("New Year 431") and "commits" in t for t in lines)


def test_the_save_is_named_game_scenario_season_year(dash):
    dash.save()
    assert "download='hellenes-431-new-year-431BC.json'" in dash.download.value
