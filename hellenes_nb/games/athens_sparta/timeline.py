"""*Athens & Sparta* on the timeline of the lessons (``widgets/timeline.py``): its scenario, the
whole Peloponnesian War from the first Game Turn of Olympiad 84 to the end of Olympiad 89,
which the game's calendar sidebar (§2) puts in 431 and 404 BC. A scenario the ruleset does
not set up yet (the Syracuse-points variant) is not shown. The game has no lesson yet, so none
is shown."""

from __future__ import annotations

from hellenes_nb.core.catalog import TimelineKit
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA

__all__ = ["TIMELINE", "scenarios"]

#: the scenarios it may have: (id, title, first year BC, last year BC)
WAR = (("athens-sparta", "The Peloponnesian War, Olympiads 84–89", 431, 404),
       ("athens-sparta-syracuse", "The Peloponnesian War, Syracuse points bid", 431, 404))


def scenarios() -> list[tuple[str, str, int, int]]:
    """Each scenario the game sets up, as (id, title, first year BC, last year BC)."""
    return [s for s in WAR if s[0] in ATHENS_SPARTA.scenarios]


TIMELINE = TimelineKit(scenarios=scenarios, name="Athens & Sparta")
