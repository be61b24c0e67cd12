"""The Supply Phase (§8): Persia first, then Greece. Each side settles its hand (§8.1: Greece
keeps up to four cards, Persia at most one, for a smaller budget), feeds its armies from the
amphorae of the cities it controls (§8.2: Persia's Major cities feed any number and do not
count), then loses the armies with no line of communication to one of its Major cities and no
fleet of its own in their port (§8.2)."""

from __future__ import annotations

from hellenes_nb.core.steps import pop, replace_top
from hellenes_nb.games.earth_water.index import AMPHORAE, MAJORS, WORLD, N
from hellenes_nb.games.earth_water.rules.board import controls, sea_supply, supplied
from hellenes_nb.games.earth_water.rules.common import (
    EWStep,
    action,
    card_name,
    city_id,
    city_of,
    name,
    plural,
    word,
)
from hellenes_nb.games.earth_water.state import State

__all__ = ["STEPS", "excess", "fed"]

KEEP = (WORLD.setup.keep.greece, WORLD.setup.keep.persia)
LAST = WORLD.setup.campaigns.count


def fed(st: State, side: int) -> tuple[int, int]:
    """(armies to feed, amphorae to feed them) for ``side`` (§8.2). Persian armies in Persia's
    Major cities need no food, and those cities' amphorae do not count."""
    skip = MAJORS[1] if side == 1 else ()
    armies = sum(st.u[side * N + c] for c in range(N) if c not in skip)
    food = sum(AMPHORAE[c] for c in range(N) if c not in skip and controls(st, side, c))
    return armies, food


def excess(st: State, side: int) -> int:
    armies, food = fed(st, side)
    return max(0, armies - food)


def _starving(st: State, side: int) -> list[int]:
    """Cities whose armies may be chosen to starve."""
    skip = MAJORS[1] if side == 1 else ()
    return [c for c in range(N) if c not in skip and st.u[side * N + c]]


class Supply(EWStep):
    """One side's supply: ``stage`` cards, attrition, remove (choosing), lines."""

    kind = "supply"
    rules = ("8.0",)

    def reveals(self, st: State, frame: dict, action: dict) -> bool:
        """A card discarded from a hidden hand goes face up (§8.1): undo stops there."""
        kind = action["type"]
        if kind == "discard":
            return True
        if kind in ("keep_card", "keep_none"):
            return len(st.hands[1]) > (kind == "keep_card")
        return False

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        stage, side = frame["stage"], frame["side"]
        if stage == "remove" or (stage == "cards" and st.hands[side] and st.campaign < LAST):
            return (side,)
        return ()

    def options(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != frame["side"]:
            return []
        if frame["stage"] == "remove":
            return [action("choose_city", side, f"An army in {name(c)} starves (§8.2)",
                           city=city_id(c)) for c in _starving(st, side)]
        hand = st.hands[side]
        if side == 1:
            return [action("keep_card", 1, f"Keep {card_name(c, 1)} for the next campaign "
                           "(10 talents then, §8.1)", card=c) for c in hand] + [
                action("keep_none", 1, "Discard the whole hand (§8.1)")]
        out = [action("discard", 0, f"Discard {card_name(c, 0)} (§8.1)", card=c) for c in hand]
        if len(hand) <= KEEP[0]:
            out.append(action("done", 0, f"Keep these {plural(len(hand), 'card')} (§8.1)"))
        return out

    def act(self, st: State, frame: dict, act: dict) -> None:
        side, kind = frame["side"], act["type"]
        if kind == "choose_city":
            city = city_of(act)
            st.u[side * N + city] -= 1
            st.reserve[side] += 1
            st.event("starve", "8.2", f"{word(side)} cannot feed an army in {name(city)}: it "
                     "is removed.", side, city=city_id(city))
            left = frame["remove"] - 1
            replace_top(st, stage="remove" if left else "lines", remove=left)
        elif kind == "keep_card" or kind == "keep_none":
            card = act.get("card")
            gone = [c for c in st.hands[1] if c != card]
            st.hands[1] = [card] if card else []
            st.discard.extend(gone)
            kept = "keeps one card" if card else "keeps no card"
            st.event("hand", "8.1", f"Persia {kept} and discards "
                     f"{', '.join(card_name(c, 1) for c in gone) or 'nothing'}.", 1,
                     discarded=gone)
            replace_top(st, stage="attrition")
        elif kind == "discard":
            card = act["card"]
            st.hands[0].remove(card)
            st.discard.append(card)
            st.event("hand", "8.1", f"Greece discards {card_name(card, 0)}.", 0, card=card)
        else:  # done
            st.event("hand", "8.1", f"Greece keeps {plural(len(st.hands[0]), 'card')}.", 0)
            replace_top(st, stage="attrition")

    def step(self, st: State, frame: dict) -> None:
        side, stage = frame["side"], frame["stage"]
        if stage == "cards":
            replace_top(st, stage="attrition")
        elif stage == "attrition":
            armies, food = fed(st, side)
            over = max(0, armies - food)
            st.event("supply", "8.2", f"{word(side)} has {plural(armies, 'army', 'armies')} to "
                     f"feed and {plural(food, 'amphora', 'amphorae')}" + (
                         f": {over} must go." if over else "."), side)
            replace_top(st, stage="remove" if over else "lines", remove=over)
        else:
            self.lines(st, side)
            pop(st, frame)

    @staticmethod
    def lines(st: State, side: int) -> None:
        """Armies with no line of communication and no friendly fleet in their port (while a
        Major city's port is free of enemy fleets) are removed (§8.2)."""
        linked = supplied(st, side)
        by_sea = sea_supply(st, side)
        for c in range(N):
            n = st.u[side * N + c]
            if not n or c in linked or (by_sea and st.u[(2 + side) * N + c]):
                continue
            st.u[side * N + c] = 0
            st.reserve[side] += n
            st.event("cut_off", "8.2", f"{word(side)} loses {plural(n, 'army', 'armies')} in "
                     f"{name(c)}: no line of communication and no fleet of its own in the "
                     "port.", side,
                     city=city_id(c))

    def text(self, st: State, frame: dict) -> str:
        side, stage = frame["side"], frame["stage"]
        if stage == "remove":
            return f"Supply: {word(side)} removes {plural(frame['remove'], 'army', 'armies')} " \
                   "it cannot feed"
        if side == 1:
            return "Supply: Persia may keep one card for the next campaign"
        return "Supply: Greece keeps up to four cards"


STEPS = (Supply(),)
