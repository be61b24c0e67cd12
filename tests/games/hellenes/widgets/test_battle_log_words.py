"""Battle log lines a pupil can read (issue 15, item 3): every line of the battle board's
narrative is a sentence with its rule number, with no "hit(s)", no bare rating code ("A1",
"E1") and "strength" rather than "cv".
"""

from __future__ import annotations

import re

import pytest

from hellenes_nb.games.hellenes.widgets.battle import BattleWidget

#: what a pupil should not meet in a battle line
JARGON = re.compile(r"\(s\)|\b[A-F][1-3]\b|\bcv\b")
RULE = re.compile(r"\d+(\.\d+)*")

#: land battles with pursuit and harrying, a sea battle, a siege assault (§6.34, §6.41, §8.1)
FORCES = [("cav:A1:2,B2:3,C2:2", "C2:4,A1:2,B1:3", "land"), ("B2:3,B2:2", "C1:3,D1:2", "land"),
          ("B3:4,C2:3", "A1:2,A1:2,B1:2", "land"), ("A1:1,B2:3", "C2:2,garrison", "assault"),
          ("fleet:E1:3+B2:2,fleet:F2:2", "fleet:F2:4", "sea")]


def _bad(lines: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(rule, text) for rule, text in lines
            if JARGON.search(text) or not RULE.fullmatch(rule or "")]


@pytest.mark.rule("6.2")
@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("forces", FORCES)
def test_6_2_the_battle_board_narrates_in_plain_sentences(forces, seed):
    attackers, defenders, kind = forces
    w = BattleWidget.from_forces(attackers, defenders, kind=kind, seed=seed)
    w.run_battle()
    lines = [(line["rule"], line["text"]) for line in w.narration]
    assert any("Attack by" in t for _, t in lines)
    assert _bad(lines) == []
