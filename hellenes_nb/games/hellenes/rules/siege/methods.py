"""§8.0 siege combat: the cities the acting player has besieged since a prior season, what he may
do against each (attrition, assault or nothing), and the step where he chooses, city by city
(frame ``{"kind": "siege_combat", "side", "done", "action_turn"}``)."""

from __future__ import annotations

from hellenes_nb.core.steps import IllegalAction, Step, need, replace_top
from hellenes_nb.games.hellenes.index import SIDE_NAMES, action_side, side_title
from hellenes_nb.games.hellenes.rules import cards
from hellenes_nb.games.hellenes.rules.siege.assault import start_assault
from hellenes_nb.games.hellenes.rules.siege.attrition import attrition, attrition_allowed
from hellenes_nb.games.hellenes.rules.siege.condition import (
    besieger_of,
    from_prior_season,
    siege_condition,
)
from hellenes_nb.games.hellenes.state import State


def siege_targets(state: State, side: int) -> list[int]:
    """Cities ``side`` besieges since a prior season, with defenders still inside (§8.0)."""
    return [p for p, rec in sorted(state.sieges.items())
            if rec["besieger"] == side and from_prior_season(state, rec["since"])
            and siege_condition(state, p) == side]


def siege_methods(state: State, p: int, action_turn: bool) -> list[str]:
    """What the besieger may do against ``p`` now, default first (§8.0, §8.1, §8.2); an
    enemy Augury this season rules out the assault, not the attrition (§3.1)."""
    out = []
    if attrition_allowed(state, p):
        out.append("attrition")
    if action_turn and not cards.season_ban(state, besieger_of(state, p), "assault"):
        out.append("assault")
    out.append("none")
    return out


class SiegeCombat(Step):
    """The acting player's siege combat, city by city in the order he picks (§6.0, §8.0)."""

    kind = "siege_combat"
    rules = ("8.0", "8.1", "8.2")

    def _left(self, state: State, frame: dict) -> list[int]:
        """Cities still to deal with; the Treachery target of this turn is not attritioned
        as well (§3.1)."""
        betrayed = cards.treachery_city(state, frame["side"])
        return [p for p in siege_targets(state, frame["side"])
                if p not in frame["done"] and p != betrayed]

    def deciders(self, state, frame):
        return (frame["side"],) if self._left(state, frame) else ()

    def legal(self, state, frame, side):
        if side != frame["side"]:
            return []
        ix = state.ix
        words = {"attrition": "wage siege attrition on", "assault": "assault",
                 "none": "leave in peace this turn"}
        out = []
        for p in self._left(state, frame):
            for m in siege_methods(state, p, bool(frame["action_turn"])):
                out.append({"type": "siege", "side": SIDE_NAMES[side], "place": ix.place_ids[p],
                            "method": m, "label": f"{words[m].capitalize()} {ix.city_name[p]}"})
        return out

    def why_illegal(self, state, frame, action):
        ix = state.ix
        if action.get("type") != "siege":
            return IllegalAction("siege combat choices are of type 'siege'", "8.0")
        if action_side(action) != frame["side"]:
            return IllegalAction(f"it is {side_title(frame['side'])}'s siege combat", "8.0")
        try:
            p = ix.place(need(action, "place", str))
        except KeyError as exc:
            return IllegalAction(str(exc.args[0]), "8.0")
        if p not in self._left(state, frame):
            return IllegalAction(f"{ix.city_name[p]} is not a city that "
                                 f"{side_title(frame['side'])} has besieged since a prior "
                                 "season and not yet dealt with this turn", "8.0")
        method = action.get("method")
        allowed = siege_methods(state, p, bool(frame["action_turn"]))
        if method not in allowed:
            if method == "assault":
                ban = cards.season_ban(state, frame["side"], "assault")
                if ban and frame["action_turn"]:
                    return IllegalAction(ban, "3.1")
                return IllegalAction("siege assaults happen only in action turns, not in "
                                     "event turns", "8.1")
            if method == "attrition":
                return IllegalAction(f"{ix.city_name[p]} is a port: attrition needs it blockaded "
                                     "as well as besieged since a prior season", "8.21")
            return IllegalAction(f"'method' must be one of {allowed}", "8.0")
        return None

    def apply(self, state, frame, action):
        p = state.ix.place(action["place"])
        replace_top(state, done=(*frame["done"], p))
        method = action["method"]
        if method == "attrition":
            attrition(state, p)
        elif method == "assault":
            start_assault(state, p, frame["side"])
        else:
            state.event("siege_wait", "8.0", f"{side_title(frame['side'])} makes no siege combat "
                        f"against {state.ix.city_name[p]}", frame["side"], place=p)

    def text(self, state, frame):
        return f"{side_title(frame['side'])}: choose siege combat for each besieged city"


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (SiegeCombat(),)
