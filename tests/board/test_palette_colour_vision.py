"""The land tints of the two sides stay apart in the three common colour-vision deficiencies
(issue 15, item 8: with deuteranopia Thessaly, Athens' ally, and the Peloponnese, Sparta's,
were the same khaki). Simulated with the matrices of Machado et al. (2009)."""

from __future__ import annotations

import itertools

import pytest
from support.colourvision import DEFICIENCIES, distance

from hellenes_nb.board.palette import land_tint
from hellenes_nb.games.hellenes.world import load_world

#: the least CIE76 difference between an Athens and a Sparta tint, in any vision: flat fills
#: told apart at a glance (2.3 is only just noticeable)
ACROSS = 10.0
#: the least difference between the full colours (city symbols: they tell a unit's home
#: cities, §2.11) of two allies of one side in normal vision, well above the just noticeable
#: 2.3; Aetolia and Persia, far apart on the map, are the closest pair
WITHIN = 8.0


def _sides(tint=land_tint) -> dict[str, list[tuple[str, str]]]:
    """Each side's nationalities with their land tints (or, with ``tint=str``, colours)."""
    out: dict[str, list[tuple[str, str]]] = {"athens": [], "sparta": []}
    for n in load_world().nationalities.values():
        if n.loyalty in out:
            out[n.loyalty].append((n.id, tint(n.colour)))
    return out


def test_the_simulation_is_sound():
    """The simulation keeps greys grey and makes the classic confusions: red and green close
    with deuteranopia, blue and green close with tritanopia."""
    for grey in ("#000000", "#777777", "#ffffff"):
        for d in DEFICIENCIES:
            assert distance(grey, grey, d) == pytest.approx(0, abs=1.5)
    assert distance("#d62728", "#2ca02c") > 60
    assert distance("#d62728", "#2ca02c", "deuteranopia") < distance("#d62728", "#2ca02c") / 3


@pytest.mark.rule("1.32")
@pytest.mark.parametrize("vision", (None, *DEFICIENCIES))
def test_athens_and_sparta_tints_stay_apart(vision):
    sides = _sides()
    close = [(a, s, round(distance(ca, cs, vision), 1))
             for (a, ca), (s, cs) in itertools.product(sides["athens"], sides["sparta"])
             if distance(ca, cs, vision) < ACROSS]
    assert close == [], f"{vision or 'normal vision'}: tints too alike: {close}"


def test_thessaly_and_the_peloponnese_in_deuteranopia():
    tint = dict(sum(_sides().values(), []))
    assert distance(tint["thessaly"], tint["lacedaemon"], "deuteranopia") > 20


@pytest.mark.rule("1.32")
def test_allies_of_one_side_are_told_apart():
    for side, colours in _sides(str).items():
        for (a, ca), (b, cb) in itertools.combinations(colours, 2):
            assert distance(ca, cb) >= WITHIN, (side, a, b)
