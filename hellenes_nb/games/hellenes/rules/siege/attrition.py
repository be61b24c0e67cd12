"""§8.2 siege attrition: when it is allowed, its rate (§8.22 grain blockade, §3.1 Hunger, Winter),
the roll with its appeal to Demeter (§11.0), and the hits, the owner choosing among equally
strong blocks (frame ``{"kind": "attrition_hits", "place", "side", "hits", "besieger"}``)."""

from __future__ import annotations

from hellenes_nb.core.steps import IllegalAction, Step, pop, push, replace_top
from hellenes_nb.core.words import count, listed
from hellenes_nb.games.hellenes.battle_words import hit_faces, strength
from hellenes_nb.games.hellenes.eventlog import a_block
from hellenes_nb.games.hellenes.index import (
    SIDE_ADJECTIVES,
    SIDE_NAMES,
    SPARTA,
    WINTER,
    side_of,
    side_title,
)
from hellenes_nb.games.hellenes.rules import cards, olympians, victory
from hellenes_nb.games.hellenes.rules.losses import eliminate
from hellenes_nb.games.hellenes.rules.siege.blockade import blockaded, grain_blockaded, grain_route
from hellenes_nb.games.hellenes.rules.siege.condition import (
    besieger_of,
    defenders,
    from_prior_season,
    garrison_side,
    inside_units,
)
from hellenes_nb.games.hellenes.rules.siege.records import capture
from hellenes_nb.games.hellenes.state import State


def attrition_allowed(state: State, p: int) -> bool:
    """Inland cities always; a port only when blockaded since a prior season (§8.21)."""
    if not state.ix.is_port[p]:
        return True
    rec = state.sieges.get(p) or {}
    return blockaded(state, p) and from_prior_season(state, rec.get("blockaded_since"))


def attrition_max(state: State, p: int) -> int:
    """Highest die face that scores an attrition hit: 1, or 3 in Winter and for Athens while
    grain-blockaded and besieged (§8.2, §8.22); at least 2 under a Hunger event (§3.1)."""
    rate = 1
    if state.season == WINTER:
        rate = 3
    elif p == grain_route(state.ix)[0] and besieger_of(state, p) == SPARTA \
            and grain_blockaded(state):
        rate = 3
    return max(rate, cards.hunger_max(state, p))


def attrition(state: State, p: int, hit_max: int | None = None) -> None:
    """Roll siege attrition against ``p``: one die per besieged block, garrison included; hits
    go to the strongest block, garrison last (§8.2). ``hit_max`` overrides the rate. Either
    player may then appeal to Demeter (§11.0)."""
    ix = state.ix
    b = besieger_of(state, p)
    if b < 0:
        raise IllegalAction(f"{ix.city_name[p]} is not besieged: no siege attrition", "8.2")
    d = 1 - b
    top = attrition_max(state, p) if hit_max is None else hit_max
    blocks = defenders(state, p, d)
    dice = state.dice.rolls(len(blocks))
    state.barrier = True
    hits = sum(1 for f in dice if f <= top)
    state.event("attrition", "8.2", f"{side_title(b)} wages siege attrition on {ix.city_name[p]} "
                f"with {count(len(dice), 'die', 'dice')} (hits on a {hit_faces(top)}): rolled "
                f"{listed(dice, 'and')}, so {count(hits, 'hit')}.", b, place=p, dice=dice,
                hits=hits)
    if hits:
        push(state, {"kind": "attrition_hits", "place": p, "side": d, "hits": hits,
                     "besieger": b})
    olympians.offer_demeter(state, p, hit_max)


def _attrition_targets(state: State, p: int, d: int) -> list[int]:
    """Strongest besieged units; the garrison (-1) only when no unit is left (§8.2)."""
    units = inside_units(state, p, d)
    if units:
        top = max(state.cv[u] for u in units)
        return [u for u in units if state.cv[u] == top]
    return [-1] if garrison_side(state, p) == d else []


def _hit_block(state: State, p: int, u: int, rule: str, why: str) -> None:
    """One step loss to unit ``u`` (or the garrison, -1) of the city of ``p``."""
    ix = state.ix
    if u < 0:
        side = state.garrisons.pop(p)[0]
        state.event("garrison_lost", rule, f"The {SIDE_ADJECTIVES[side]} garrison of "
                    f"{ix.city_name[p]} is eliminated: {why}", side, place=p)
        return
    state.cv[u] -= 1
    side = side_of(u)
    if state.cv[u] <= 0:
        eliminate(state, u, rule, why)
    else:
        state.event("step_loss", rule, f"{ix.describe(u)} drops to {strength(state.cv[u])} "
                    f"({why})", side, private=side, public=f"{a_block(side)} in "
                    f"{ix.city_name[p]} loses one step of strength ({why})")


class AttritionHits(Step):
    """Apply attrition hits one at a time; the owner picks among equally strong blocks."""

    kind = "attrition_hits"
    rules = ("8.2",)
    minor = True

    def deciders(self, state, frame):
        tied = _attrition_targets(state, frame["place"], frame["side"])
        return (frame["side"],) if frame["hits"] > 0 and len(tied) > 1 else ()

    def legal(self, state, frame, side):
        if side != frame["side"]:
            return []
        ix = state.ix
        return [{"type": "attrition_hit", "side": SIDE_NAMES[side], "unit": ix.unit_key[u],
                 "label": f"{ix.describe(u)} takes the attrition hit"}
                for u in sorted(_attrition_targets(state, frame["place"], side))]

    def apply(self, state, frame, action):
        self._one(state, frame, state.ix.unit(action["unit"]))

    def run(self, state, frame):
        targets = _attrition_targets(state, frame["place"], frame["side"])
        if frame["hits"] <= 0 or not targets:
            self._finish(state, frame)
            return
        self._one(state, frame, targets[0])

    def _one(self, state: State, frame: dict, u: int) -> None:
        _hit_block(state, frame["place"], u, "8.2", "siege attrition")
        replace_top(state, hits=frame["hits"] - 1)

    def _finish(self, state: State, frame: dict) -> None:
        p, b = frame["place"], frame["besieger"]
        pop(state, frame)
        if not defenders(state, p, frame["side"]):
            capture(state, p, b, "siege attrition")
            victory.gain(state, b, victory.ATTRITION_CAPTURE, "14.11",
                         f"{state.ix.city_name[p]} falls to siege attrition", place=p)

    def text(self, state, frame):
        return (f"{side_title(frame['side'])}: choose which of the equally strong blocks in "
                f"{state.ix.city_name[frame['place']]} takes the next attrition hit")


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (AttritionHits(),)
