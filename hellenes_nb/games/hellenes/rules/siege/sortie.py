"""§8.3 sorties: besieged units declared, at the start of an action turn's combat phase, to fight
the besiegers outside the walls as their own formation (frame ``{"kind": "sortie", "side",
"chosen"}``)."""

from __future__ import annotations

from hellenes_nb.core.steps import Step, pop, replace_top
from hellenes_nb.core.words import count
from hellenes_nb.games.hellenes.index import SIDE_ADJECTIVES, SIDE_NAMES, side_title
from hellenes_nb.games.hellenes.rules import cards
from hellenes_nb.games.hellenes.rules.control import outside_units
from hellenes_nb.games.hellenes.rules.siege.condition import inside_units
from hellenes_nb.games.hellenes.state import State


def sortie_candidates(state: State, side: int) -> list[int]:
    """``side``'s besieged units that may sortie now: inside a city whose enemy besiegers stand
    in the province (§8.3; garrisons never sortie, and they are not units). A sortie engages
    the besiegers, so none while the enemy's Augury bars ``side`` from engaging (§3.1)."""
    if cards.season_ban(state, side, "engage"):
        return []
    out = []
    for p in sorted(state.sieges):
        # a friendly relief force outside does not stop a sortie: the two fight as separate
        # formations, never as one battle (§8.3, §5.41 sidebar)
        if state.sieges[p]["besieger"] == 1 - side and outside_units(state, p, 1 - side):
            out.extend(u for u in inside_units(state, p, side) if not state.retreated[u])
    return out


class Sortie(Step):
    """At the start of an action turn's combat phase, besieged units may be declared sortiers;
    they then fight the besiegers outside the walls as their own formation (§8.3, §5.41)."""

    kind = "sortie"
    rules = ("8.3",)

    def _open(self, state: State, frame: dict) -> list[int]:
        return [u for u in sortie_candidates(state, frame["side"]) if u not in frame["chosen"]]

    def deciders(self, state, frame):
        return (frame["side"],)

    def legal(self, state, frame, side):
        if side != frame["side"]:
            return []
        ix = state.ix
        name = SIDE_NAMES[side]
        n = len(frame["chosen"])
        out = [{"type": "sortie_done", "side": name,
                "label": f"Done: {count(n, 'unit')} {'sorties' if n == 1 else 'sortie'}" if n
                else "No sorties this turn"}]
        for u in self._open(state, frame):
            out.append({"type": "sortie", "side": name, "unit": ix.unit_key[u],
                        "label": f"{ix.describe(u)} sorties out of "
                                 f"{ix.city_name[state.loc[u]]}"})
        return out

    def apply(self, state, frame, action):
        if action["type"] == "sortie":
            replace_top(state, chosen=(*frame["chosen"], state.ix.unit(action["unit"])))
            return
        pop(state, frame)
        side = frame["side"]
        by_place: dict[int, list[int]] = {}
        for u in frame["chosen"]:
            by_place.setdefault(state.loc[u], []).append(u)
        for p, units in sorted(by_place.items()):
            for u in units:
                state.inside[u] = 0
            state.engagements = [*state.engagements, {
                "area": p, "side": side, "from": p, "via": "sortie", "group": 0,
                "path": (p,), "units": tuple(units)}]
            n = len(units)
            state.event("sortie", "8.3", f"{count(n, SIDE_ADJECTIVES[side] + ' unit')} "
                        f"{'sorties' if n == 1 else 'sortie'} out of {state.ix.city_name[p]} "
                        "against the besiegers", side, place=p)

    def text(self, state, frame):
        return f"{side_title(frame['side'])}: declare sorties out of besieged cities (§8.3)"


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (Sortie(),)
