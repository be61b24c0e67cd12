"""Rules stated in prose agree with the engine.

Every notebook's markdown, every lesson file (any ``lessons/*.yaml``, so new lessons are checked
as they are added) and docs/writing-lessons.md are read sentence by sentence; the sentences that
state a rule a test can check are found by pattern and checked against the engine:

- initiative (§3.3): which card moves first (lower or higher value, ties, events);
- capacity (§1.3): how many units a city holds (a multiple of its value, or a named city's);
- tribute (§9.51, §12.11): what it is worth, halving after War Resumes, and a lesson's
  "Sparta collects 6 Prestige in tribute" against that step's Year End;
- movement ranges (§2.13, §5.0): a unit's range in areas, and a lesson's "both blocks march two
  areas" against the moves of that step.

A sentence that states one of these in words the patterns do not know is not checked; the
``test_the_finder_*`` tests show which wordings are recognised.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
import yaml
from support.paths import LESSONS, NOTEBOOKS, ROOT

from hellenes_nb.games.hellenes.rules import cards as card_rules
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules.year_end import tribute
from hellenes_nb.games.hellenes.world import load_world
from hellenes_nb.core.game import new_game
from hellenes_nb.lessons import Lesson

WORLD = load_world()
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10, "twelve": 12}
NUM = r"(\d+|" + "|".join(NUMBERS) + r")"
LOW = {"lower", "lowest", "fewer", "fewest", "smaller", "smallest", "least"}


@dataclass(frozen=True)
class Sentence:
    where: str  # "notebooks/03-play-a-scenario.ipynb cell 8" or "lessons/x.yaml step 9"
    text: str
    lesson: Path | None = None  # the lesson file, for a sentence inside one of its steps
    step: int | None = None  # that step's number (1 = the first)


def _sentences(text: str) -> list[str]:
    flat = re.sub(r"\s+", " ", text)
    return [s for s in re.split(r"(?<=[.!?])\s+", flat) if s]


def _strings(node: object) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for v in node.values():
            yield from _strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v)


def prose() -> Iterator[Sentence]:
    """Every sentence of the notebooks' markdown, the lessons and the lesson-writing guide."""
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for i, cell in enumerate(cells):
            if cell["cell_type"] == "markdown":
                for s in _sentences("".join(cell["source"])):
                    yield Sentence(f"{path.relative_to(ROOT)} cell {i}", s)
    for path in sorted(LESSONS.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        where = str(path.relative_to(ROOT))
        for key, value in data.items():
            if key != "steps":
                for s in (s for text in _strings(value) for s in _sentences(text)):
                    yield Sentence(where, s)
        for n, step in enumerate(data.get("steps") or [], 1):
            for s in (s for text in _strings(step) for s in _sentences(text)):
                yield Sentence(f"{where} step {n}", s, path, n)
    guide = ROOT / "docs" / "writing-lessons.md"
    for s in _sentences(guide.read_text(encoding="utf-8")):
        yield Sentence(str(guide.relative_to(ROOT)), s)


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS[word.lower()]


# -- the engine's answers ------------------------------------------------------------------
@cache
def _state():
    return new_game("431").state


def _first_to_move(athens: dict | None, sparta: dict | None) -> str:
    """Which side the engine lets move first with these committed plays (§3.3)."""
    state = _state()
    saved = list(state.played)
    try:
        state.played[0], state.played[1] = athens, sparta
        return ("athens", "sparta")[card_rules.initiative(state)]
    finally:
        state.played[0], state.played[1] = saved


def _card(actions: int) -> int:
    return next(c.number for c in WORLD.cards.values() if c.actions == actions)


def engine_initiative_low_first() -> bool:
    one, three = _card(1), _card(3)
    low = _first_to_move({"card": one, "use": "actions"}, {"card": three, "use": "actions"})
    high = _first_to_move({"card": three, "use": "actions"}, {"card": one, "use": "actions"})
    assert {low, high} == {"athens", "sparta"}, "one side always moves first whatever it plays"
    return low == "athens"


def engine_tie_first() -> str:
    two = _card(2)
    return _first_to_move({"card": two, "use": "actions"}, {"card": two, "use": "actions"})


def engine_event_first() -> bool:
    one = _card(1)
    return _first_to_move({"card": one, "use": "event"},
                          {"card": one, "use": "actions"}) == "athens"


def engine_capacity_factor() -> int:
    state = _state()
    ix = state.ix
    factors = {scenario_rules.capacity(state, p) / ix.city_value[p]
               for p in range(ix.n_land) if ix.has_city[p] and ix.city_value[p]}
    assert len(factors) == 1, f"city capacity is not one multiple of the value: {factors}"
    return int(factors.pop())


def city_capacity(name: str) -> int | None:
    state = _state()
    ix = state.ix
    for p in range(ix.n_land):
        if ix.has_city[p] and ix.city_name[p].lower() == name.lower():
            return scenario_rules.capacity(state, p)
    return None


def engine_tribute_halves_after_war_resumes() -> bool:
    state = new_game("413").state
    assert scenario_rules.war_resumed(state)
    ix = state.ix
    for side in (0, 1):  # give each side an enemy city of value 3 or more
        p = next(p for p in range(ix.n_land) if ix.has_city[p] and ix.city_value[p] >= 3
                 and ix.city_loyalty[p] == 1 - side)
        state.city_control[p] = side
    t = tribute(state)
    return all(rec["collected"] == rec["cities"] // 2 and rec["cities"] for rec in t.values())


def engine_tribute_counts_only_opposing_cities() -> bool:
    state = new_game("431").state
    ix = state.ix
    before = tribute(state)["athens"]["cities"]
    loyal = next(p for p in range(ix.n_land) if ix.has_city[p] and ix.city_loyalty[p] == 0
                 and state.city_control[p] == 0)
    enemy = next(p for p in range(ix.n_land) if ix.has_city[p] and ix.city_loyalty[p] == 1
                 and ix.city_value[p])
    state.city_control[enemy] = 0
    after = tribute(state)["athens"]["cities"]
    return loyal is not None and after - before == ix.city_value[enemy]


@cache
def _step_events(lesson: Path, step: int) -> list[dict]:
    les = Lesson(lesson, world=WORLD)
    les.goto(step)
    return list(les.run.events)


def unit_ranges(name: str) -> set[int]:
    """The movement ranges of the units called ``name`` (or of that type: "hoplites")."""
    name = re.sub(r"^(the|all|its|their)\s+", "", name.strip(), flags=re.I)
    key = name.lower().rstrip("s")
    return {u.move for u in WORLD.units.values()
            if u.name.lower() in (name.lower(), key) or u.type == key}


# -- the claims ----------------------------------------------------------------------------
INITIATIVE = re.compile(
    r"\b(lower|lowest|higher|highest|fewer|fewest|more|most|smaller|smallest|larger|largest|"
    r"bigger|biggest|least)\b\W+(?:[\w'-]+\W+){0,4}?(?:action value|card|actions|value|coins)"
    r"\b[^.;]{0,60}?\b(?:moves?|goes|go|plays?|acts?|is|has the first turn)\s+first", re.I)
TIE = re.compile(r"\bti(?:e|ed|es)\b[^.;]{0,40}?\b(Sparta|Athens)\b[^.;]{0,20}?\bfirst", re.I)
EVENT_FIRST = re.compile(r"\bevents?\b[^.;]{0,40}?\b(?:always )?(?:moves?|goes|go|are "
                         r"resolved|is resolved|come|comes)\s+first", re.I)
CAPACITY_FACTOR = re.compile(r"\b(twice|two times|three times|double)\s+(?:its|the|a city's|"
                             r"the city's)\s+value\b", re.I)
CAPACITY_CITY = re.compile(rf"\b([A-Z][a-z]+)\b[^.;]{{0,40}}?\bcapacity is {NUM} units?", re.I)
TRIBUTE_HALF = re.compile(r"\btribute\b[^.;]{0,40}?\b(halved|reduced by half|cut in half)",
                          re.I)
TRIBUTE_OPPOSING = re.compile(r"\b(?:tribute|prestige)\b[^.;]{0,60}?\b(?:opposing|enemy|"
                              r"captured|conquered)\b[^.;]{0,20}?\bcities", re.I)
TRIBUTE_AMOUNT = re.compile(rf"\b(Athens|Sparta)\b (?:collects|gains|earns|receives|takes) "
                            rf"{NUM} Prestige (?:points? )?in tribute", re.I)
MARCH = re.compile(rf"\b(?:march|marches|move|moves|sail|sails)\s+{NUM}\s+(?:land |sea )?"
                   r"areas\b", re.I)
RANGE = re.compile(rf"\b([A-Z][\w ]+?)\s+(?:has|have)\s+a\s+(?:land |sea )?(?:movement )?"
                   rf"range of {NUM}", re.I)


def check(s: Sentence) -> list[str]:
    """What is wrong with the rules ``s`` states (empty when it agrees with the engine)."""
    wrong: list[str] = []
    text = s.text
    for m in INITIATIVE.finditer(text):
        says_low = m.group(1).lower() in LOW
        if says_low != engine_initiative_low_first():
            wrong.append(f"says the {m.group(1)} card moves first; the engine moves the "
                         f"{'lower' if not says_low else 'higher'} card first (§3.3)")
    for m in TIE.finditer(text):
        if m.group(1).lower() != engine_tie_first():
            wrong.append(f"says {m.group(1)} moves first on a tie; the engine moves "
                         f"{engine_tie_first()} first (§3.3)")
    if EVENT_FIRST.search(text) and not engine_event_first():
        wrong.append("says an event moves first; the engine does not (§3.3)")
    for m in CAPACITY_FACTOR.finditer(text):
        factor = {"twice": 2, "two times": 2, "double": 2, "three times": 3}[m.group(1).lower()]
        special = re.search(r"Peace|Thebes|Decelea", text)
        if factor != engine_capacity_factor() and not (factor == 3 and special):
            wrong.append(f"says a city holds {m.group(1)} its value; the engine holds "
                         f"{engine_capacity_factor()} times (§1.3)")
    for m in CAPACITY_CITY.finditer(text):
        held = city_capacity(m.group(1))
        if held is not None and held != _number(m.group(2)):
            wrong.append(f"says {m.group(1)} holds {m.group(2)} units; the engine {held} (§1.3)")
    if TRIBUTE_HALF.search(text) and not engine_tribute_halves_after_war_resumes():
        wrong.append("says tribute is halved; the engine does not halve it (§12.11)")
    if TRIBUTE_OPPOSING.search(text) and not engine_tribute_counts_only_opposing_cities():
        wrong.append("says tribute counts the opposing cities held; the engine does not (§9.51)")
    if s.lesson is not None:
        wrong += _check_step(s)
    for m in RANGE.finditer(text):
        ranges = unit_ranges(m.group(1))
        if ranges and ranges != {_number(m.group(2))}:
            wrong.append(f"says {m.group(1)} have a range of {m.group(2)}; the engine has "
                         f"{sorted(ranges)} (§2.13)")
    return wrong


def _check_step(s: Sentence) -> list[str]:
    """Claims about what happens in a lesson step, against that step's log."""
    assert s.lesson is not None and s.step is not None
    wrong = []
    for m in TRIBUTE_AMOUNT.finditer(s.text):
        side, amount = m.group(1).lower(), _number(m.group(2))
        got = [e["amount"] for e in _step_events(s.lesson, s.step)
               if e.get("rule") == "9.51" and e.get("side") == side and "amount" in e]
        if amount not in got:
            wrong.append(f"says {m.group(1)} collects {amount} Prestige in tribute; the step's "
                         f"Year End gives {got or 'none'} (§9.51)")
    for m in MARCH.finditer(s.text):
        areas = _number(m.group(1))
        moved = [e["text"].split(":", 1)[-1].split(",")[0].count("→")
                 for e in _step_events(s.lesson, s.step) if e.get("kind") == "move"]
        if areas not in moved:
            wrong.append(f"says a group moves {areas} areas; the step's moves go {moved} "
                         "(§5.0)")
    return wrong


SENTENCES = list(prose())
CLAIMS = [s for s in SENTENCES
          if any(p.search(s.text) for p in (INITIATIVE, TIE, EVENT_FIRST, CAPACITY_FACTOR,
                                             CAPACITY_CITY, TRIBUTE_HALF, TRIBUTE_OPPOSING,
                                             TRIBUTE_AMOUNT, RANGE))
          or (s.lesson is not None and MARCH.search(s.text))]


@pytest.mark.rule("3.3")
@pytest.mark.rule("1.3")
@pytest.mark.rule("9.51")
@pytest.mark.parametrize("sentence", CLAIMS, ids=[f"{s.where}: {s.text[:50]}" for s in CLAIMS])
def test_rule_stated_in_prose_agrees_with_the_engine(sentence: Sentence):
    wrong = check(sentence)
    assert not wrong, f"{sentence.where}: {sentence.text!r} " + "; ".join(wrong)


def test_the_prose_states_each_kind_of_rule_somewhere():
    """The finder is not blind: today's notebooks and lessons state initiative, capacity and
    tribute rules, and a lesson's march (if this fails after rewording, widen a pattern)."""
    found = {name for s in CLAIMS for name, p in (("initiative", INITIATIVE),
                                                  ("capacity", CAPACITY_FACTOR),
                                                  ("city capacity", CAPACITY_CITY),
                                                  ("tribute", TRIBUTE_AMOUNT),
                                                  ("march", MARCH)) if p.search(s.text)}
    assert found == {"initiative", "capacity", "city capacity", "tribute", "march"}


@pytest.mark.rule("3.3")
@pytest.mark.rule("2.13")
@pytest.mark.parametrize(("text", "ok"), [
    ("In Spring the higher action value moves first (§3.3).", False),
    ("Whoever plays the card with fewer actions moves first (§3.3).", True),
    ("Sparta has the lower card, so it moves first.", True),
    ("If the cards are tied, Athens goes first.", False),
    ("On a tie Sparta goes first.", True),
    ("Events always go first.", True),
    ("A city holds three times its value in units.", False),
    ("Pylos is a small city: its capacity is four units.", False),
    ("Pylos is a small city: its capacity is two units.", True),
    ("Cavalry have a range of 3 areas.", True),
    ("Hoplites have a land range of three.", False),
    ("The Spartiates have a movement range of 2.", True),
    ("The Spartiates have a movement range of 4.", False),
])
def test_the_finder_catches_wrong_rules(text: str, ok: bool):
    s = Sentence("example", text)
    assert any(p.search(text) for p in (INITIATIVE, TIE, EVENT_FIRST, CAPACITY_FACTOR,
                                         CAPACITY_CITY, RANGE))
    assert (check(s) == []) is ok


def test_the_finder_checks_a_lessons_step_against_its_log():
    amphipolis = LESSONS / "amphipolis-424-422.yaml"
    step = next(s for s in SENTENCES if s.lesson == amphipolis and TRIBUTE_AMOUNT.search(s.text))
    assert check(step) == []
    wrong = Sentence(step.where, "At Year End Sparta collects 9 Prestige in tribute.",
                     step.lesson, step.step)
    assert check(wrong) and "9 Prestige" in check(wrong)[0]
    march = Sentence(step.where, "Both blocks march two areas.", amphipolis, 2)
    assert check(march) == []
    assert check(Sentence(step.where, "Both blocks march three areas.", amphipolis, 2))
