"""§5.5 pillaging (§4.3, §14.12): the pillage action of a besieger of an opposing CityState, and
the withdrawal of the besiegers to adjacent areas free of enemy units (frame ``{"kind":
"pillage_withdraw", "side", "place", "units"}``)."""

from __future__ import annotations

from hellenes_nb.core.steps import IllegalAction, Step, need, pop, push
from hellenes_nb.games.hellenes.eventlog import a_block
from hellenes_nb.games.hellenes.index import SIDE_NAMES, side_of, side_title
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules import victory
from hellenes_nb.games.hellenes.rules.actions.types import ActionType
from hellenes_nb.games.hellenes.rules.control import outside_units, units_at
from hellenes_nb.games.hellenes.rules.movement.check import moves_from
from hellenes_nb.games.hellenes.rules.movement.occupancy import note_pillaged
from hellenes_nb.games.hellenes.rules.siege.condition import from_prior_season, siege_condition
from hellenes_nb.games.hellenes.rules.siege.records import refresh
from hellenes_nb.games.hellenes.state import State


def _pillage_group(state: State, p: int, side: int) -> list[int]:
    """Besiegers that were in the province at the start of the turn (have not moved)."""
    return [u for u in outside_units(state, p, side) if not state.moved[u]]


def _withdraw_targets(state: State, u: int, p: int) -> list[int]:
    """Adjacent places with no enemy units that ``u`` could move into (§5.5)."""
    enemy = 1 - side_of(u)
    return [q for q in moves_from(state, u, p) if not units_at(state, q, enemy)]


def _pillage_reason(state: State, side: int, p: int) -> str | None:
    ix = state.ix
    city = ix.city_name[p]
    rec = state.sieges.get(p)
    if rec is None or rec["besieger"] != side or siege_condition(state, p) != side:
        return f"{side_title(side)} has no siege of {city} to pillage from"
    if ix.city_loyalty[p] != 1 - side:
        return (f"{city} is not loyal to {side_title(1 - side)}: only opposing CityStates can be "
                "pillaged (§4.3)")
    if not from_prior_season(state, rec["since"]):
        return f"the siege of {city} was established this season; it must date from a prior one"
    if p in state.pillaged:
        return f"{city} has already been pillaged this year"
    group = _pillage_group(state, p, side)
    if not group:
        return f"no {side_title(side)} besiegers of {city} were there at the start of the turn"
    stuck = [u for u in group if not _withdraw_targets(state, u, p)]
    if stuck:
        return (f"{ix.describe(stuck[0])} has no adjacent area free of enemy units to "
                "withdraw into")
    return None


def pillage_legal(state: State, side: int) -> list[dict]:
    """Pillage actions open to ``side`` now (§5.5)."""
    ix = state.ix
    out = []
    for p in sorted(state.sieges):
        if _pillage_reason(state, side, p) is None:
            gain = pillage_gain(state, p)
            out.append({"type": "pillage", "side": SIDE_NAMES[side], "place": ix.place_ids[p],
                        "label": f"Pillage {ix.city_name[p]} and withdraw the besiegers "
                                 f"(+{gain} Prestige, 1 action)"})
    return out


def pillage_gain(state: State, p: int) -> int:
    """Prestige for pillaging ``p`` (§14.12), none in neutral SICILY (§15.2 rule 2)."""
    return scenario_rules.pillage_prestige(state, p, victory.pillage_award(state.ix.city_name[p]))


def pillage_apply(state: State, side: int, action: dict) -> None:
    """Pillage: mark the city, then withdraw the besieging group unit by unit (§5.5)."""
    p = state.ix.place(action["place"])
    reason = _pillage_reason(state, side, p)
    if reason:
        raise IllegalAction(reason, "5.5")
    state.pillaged = state.pillaged | {p}
    note_pillaged(state, p, side)
    state.event("pillage", "5.5", f"{side_title(side)} pillages the lands of "
                f"{state.ix.city_name[p]}", side, place=p)
    push(state, {"kind": "pillage_withdraw", "side": side, "place": p,
                 "units": tuple(_pillage_group(state, p, side))})


class PillageAction(ActionType):
    """The pillage action of the action phase (§4.3, §5.5, §14.12)."""

    type = "pillage"
    rules = ("5.5", "4.3", "14.12")

    def legal(self, state, side):
        return pillage_legal(state, side)

    def why_illegal(self, state, side, action):
        try:
            p = state.ix.place(need(action, "place", str))
        except KeyError as exc:
            return IllegalAction(str(exc.args[0]), "5.5")
        reason = _pillage_reason(state, side, p)
        return IllegalAction(reason, "5.5") if reason else None

    def apply(self, state, side, action):
        pillage_apply(state, side, action)


class PillageWithdraw(Step):
    """Each unit of the pillaging group withdraws to an adjacent area free of enemy units;
    then the Prestige is recorded (§5.5, §14.12)."""

    kind = "pillage_withdraw"
    rules = ("5.5", "14.12")

    def _left(self, state: State, frame: dict) -> list[int]:
        return [u for u in frame["units"] if state.loc[u] == frame["place"]]

    def deciders(self, state, frame):
        return (frame["side"],) if self._left(state, frame) else ()

    def legal(self, state, frame, side):
        if side != frame["side"]:
            return []
        ix = state.ix
        out = []
        for u in self._left(state, frame):
            for q in _withdraw_targets(state, u, frame["place"]):
                out.append({"type": "withdraw", "side": SIDE_NAMES[side],
                            "unit": ix.unit_key[u], "to": ix.place_ids[q],
                            "label": f"{ix.describe(u)} withdraws to {ix.place_name[q]}"})
        return out

    def apply(self, state, frame, action):
        ix = state.ix
        u, q = ix.unit(action["unit"]), ix.place(action["to"])
        state.loc[u] = q
        state.moved[u] = 1
        state.event("withdraw", "5.5", f"{ix.describe(u)} withdraws to {ix.place_name[q]}",
                    frame["side"], private=frame["side"],
                    public=f"{a_block(frame['side'])} withdraws to {ix.place_name[q]}")

    def run(self, state, frame):
        p, side = frame["place"], frame["side"]
        pop(state, frame)
        city = state.ix.city_name[p]
        victory.gain(state, side, pillage_gain(state, p), "14.12", f"pillaging {city}",
                     place=p)
        refresh(state)

    def text(self, state, frame):
        return (f"{side_title(frame['side'])}: withdraw the besiegers of "
                f"{state.ix.city_name[frame['place']]} to adjacent areas free of enemy units")



#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (PillageWithdraw(),)
