"""§10 New Year: deal six cards, both players commit one card (an event or a Sacrifice), New
Year events are resolved in initiative order, Sacrifices are recorded (§10.1–§10.3).

Frame: ``{"kind": "new_year", "stage": n}``. Revolt and Helot Uprising cannot be New Year events
(§10.2): ``events.event_reason`` checks each card's ``new_year_ok``; the Peace of Nicias bans are
applied by ``peace.CardPlayRules``.
"""

from __future__ import annotations

from hellenes_nb.core.steps import Step, pop, push, replace_top
from hellenes_nb.games.hellenes.index import NEW_YEAR, side_title
from hellenes_nb.games.hellenes.rules import cards
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules.events import resolve_event


class NewYear(Step):
    kind = "new_year"
    rules = ("10.1", "10.2", "10.3")

    def run(self, state, frame):
        stage = frame["stage"]
        if stage == 0:
            state.season = NEW_YEAR
            state.active = -1
            state.event("new_year", "10.1", f"New Year {state.year} BC")
            scenario_rules.refresh_neutral(state)
            cards.deal(state)
            replace_top(state, stage=1)
            push(state, {"kind": "card_play", "new_year": 1})
        elif stage in (1, 2):
            replace_top(state, stage=stage + 1)
            side = state.first if stage == 1 else 1 - state.first
            play = state.played[side]
            if play is not None and play["use"] == "event":
                state.active = side
                resolve_event(state, side)
            elif play is not None and play.get("god"):
                state.event("sacrifice", "10.3", f"{side_title(side)} sacrifices "
                            f"to {play['god'].title()}", side, god=play["god"])
        else:
            cards.discard_played(state)
            state.active = -1
            pop(state, frame)


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (NewYear(),)
