"""§12 the Peace of Nicias and War Resumes.

- Public Works (§12.0 rule 3): :func:`actions_for_turn`;
- War Resumes (§12.1): the ``declare_war`` frame at the start of a player turn in 415,
  :func:`resume_war` (prestige cost, Spartan #41–46 to the pool, §12.11–§12.13 switched on).

Movement, capacity and sea travel under the Peace are in ``scenarios.py``; the events
banned by the Peace (§12.0 rule 1) are refused by their own rules in ``events.py``.
"""

from __future__ import annotations

from hellenes_nb.core.steps import IllegalAction, Step, pop
from hellenes_nb.games.hellenes.index import (
    ATHENS,
    SIDE_NAMES,
    SPARTA,
    action_side,
    side_title,
    side_units,
)
from hellenes_nb.games.hellenes.rules import cards, victory
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.state import ASIDE, POOL, State

#: prestige each side pays to break the Peace, by year BC; 0 from 410 on (§12.1)
WAR_COST = {SPARTA: {415: 5, 414: 4, 413: 3, 412: 2, 411: 1},
            ATHENS: {415: 10, 414: 8, 413: 6, 412: 4, 411: 2}}
EXPEDITIONARIES_NEEDED = 6


# -- Public Works (§12.0 rule 3) ---------------------------------------------------------------
def expeditionaries_in_sicily(state: State) -> int:
    """Non-Sicilian pro-Athenian units now in SICILY (§12.0 rule 3)."""
    ix = state.ix
    return sum(1 for u in side_units(ATHENS) if state.loc[u] >= 0
               and ix.region[state.loc[u]] == "sicily" and scenario_rules.expeditionary(ix, u))


def public_works(state: State, side: int) -> bool:
    """Athens loses an action this turn: the Peace holds and fewer than six expeditionaries
    stand in SICILY as the turn begins (§12.0 rule 3)."""
    return (side == ATHENS and scenario_rules.has(state, "public_works")
            and scenario_rules.peace(state)
            and expeditionaries_in_sicily(state) < EXPEDITIONARIES_NEEDED)


def actions_for_turn(state: State, side: int) -> int:
    """Actions for ``side``'s turn now: the card's count (§3.2) less Public Works (§12.0)."""
    n = cards.action_count(state, side)
    if n and public_works(state, side):
        state.event("public_works", "12.0", "Public Works: Athens has one action fewer (fewer "
                    f"than {EXPEDITIONARIES_NEEDED} expeditionaries in Sicily)", side)
        return n - 1
    return n


# -- War Resumes (§12.1) -----------------------------------------------------------------------
def war_cost(state: State, side: int) -> int:
    """Prestige ``side`` pays to break the Peace this year (§12.1)."""
    return WAR_COST[side].get(state.year, 0)


def can_declare(state: State) -> bool:
    """The Peace holds and this scenario lets a player break it (§12.1, §15.2 rule 1)."""
    return scenario_rules.has(state, "war_can_resume") and scenario_rules.peace(state)


def resume_war(state: State, side: int) -> None:
    """``side`` breaks the Peace: it pays the year's prestige, the Peace rules end, tribute is
    halved and Decelea applies, and Spartan #41–46 join the recruit pool (§12.1, §12.11–§12.13)."""
    cost = war_cost(state, side)
    state.event("war_resumes", "12.1", f"{side_title(side)} breaks the Peace of Nicias: War "
                f"Resumes (cost {cost} Prestige)", side, cost=cost)
    victory.gain(state, 1 - side, cost, "12.1", f"{side_title(side)} broke the Peace")
    state.flags["war_resumed"] = 1
    state.flags.pop("no_rebels", None)
    if scenario_rules.has(state, "spartan_recruits_41_46"):
        sc = state.ix.world.scenarios[state.scenario]
        ids = {int(x) for x in sc.extra.get("set_aside", ())}
        freed = [u for u in side_units(SPARTA) if state.loc[u] == ASIDE
                 and state.ix.unit_number[u] in ids]
        for u in freed:
            state.loc[u] = POOL
        if freed:
            state.event("recruits_freed", "12.13", f"Spartan units #{min(ids)}–{max(ids)} join "
                        "the Spartan recruit pool", SPARTA)
    scenario_rules.refresh_neutral(state)


class DeclareWar(Step):
    """At the start of his player turn a player may break the Peace (§12.1).

    Frame: ``{"kind": "declare_war", "side": s}``."""

    kind = "declare_war"
    rules = ("12.1",)

    def deciders(self, state, frame):
        return (frame["side"],)

    def legal(self, state, frame, side):
        if side != frame["side"]:
            return []
        name = SIDE_NAMES[side]
        return [{"type": "declare_war", "side": name, "declare": False,
                 "label": "Keep the Peace of Nicias"},
                {"type": "declare_war", "side": name, "declare": True,
                 "label": f"Break the Peace: War Resumes (costs {war_cost(state, side)} "
                          "Prestige)"}]

    def why_illegal(self, state, frame, action):
        if action.get("type") != "declare_war" or not isinstance(action.get("declare"), bool):
            return IllegalAction("answer with 'declare_war' and 'declare': true or false",
                                 "12.1")
        if action_side(action) != frame["side"]:
            return IllegalAction(f"only {side_title(frame['side'])} may break the Peace now "
                                 "(at the start of his player turn)", "12.1")
        return None

    def apply(self, state, frame, action):
        pop(state, frame)
        if action["declare"]:
            resume_war(state, frame["side"])

    def text(self, state, frame):
        return (f"{side_title(frame['side'])}: break the Peace of Nicias at the start of this "
                f"turn? (costs {war_cost(state, frame['side'])} Prestige, §12.1)")


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (DeclareWar(),)
