"""§3.12 revolts (with §13.3, Persian Aid against them) and §3.1 Helot Uprising: a garrison
appears in a vacant city of the other side, which goes over with it.

A Revolt card names a subject region (§1.33): a regional revolt takes a vacant Athenian subject
city of that region, a spreading one a city of a region already rebellious, and each Athens
Raises Taxes card in play adds a Tax Revolt (§3.12); Persian Aid cards in play cancel them in
that order (§13.3).
"""

from __future__ import annotations

from hellenes_nb.core.steps import pop, replace_top
from hellenes_nb.games.hellenes.index import ATHENS, SPARTA, WorldIndex
from hellenes_nb.games.hellenes.rules import control, persia
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules.cards import ChoiceEvent, card_record, in_play_count
from hellenes_nb.games.hellenes.rules.control import vacant
from hellenes_nb.games.hellenes.state import State

__all__ = ["subject_region_of", "revolt_cities", "peace_reason", "Revolt", "HelotUprising"]


def subject_region_of(state: State, p: int) -> str | None:
    """The subject region (or the Aeolian Islands) of the city in ``p``, or None (§1.33)."""
    pid = state.ix.place_ids[p]
    for r in state.ix.world.subject_regions.values():
        if pid in r.cities and r.can_revolt:
            return r.id
    return None


def _regions(ix: WorldIndex) -> tuple[dict[str, tuple[int, ...]], tuple[str, ...]]:
    """The places of each subject region's cities (those on the map), and the ids of the
    regions that can revolt, sorted. Static facts of the world, made once per index
    (:meth:`WorldIndex.derived`)."""
    cities = {rid: tuple(ix.place_of[c] for c in r.cities if c in ix.place_of)
              for rid, r in ix.world.subject_regions.items()}
    return cities, tuple(sorted(rid for rid, r in ix.world.subject_regions.items()
                                if r.can_revolt))


def _region_cities(state: State, region: str) -> tuple[int, ...]:
    return state.ix.derived(_regions)[0].get(region, ())


def _rebellious(state: State) -> list[str]:
    """Regions already holding a Spartan-controlled subject city (§1.33, §3.12)."""
    cities, revolting = state.ix.derived(_regions)
    control = state.city_control
    return [rid for rid in revolting if any(control[p] == SPARTA for p in cities[rid])]


def _qualified(state: State, region: str) -> list[int]:
    """Vacant Athenian-held subject cities of ``region`` open to a revolt (§3.1, §3.12)."""
    return [p for p in _region_cities(state, region)
            if not state.neutral[p] and state.city_control[p] == ATHENS and vacant(state, p)]


def revolt_cities(state: State, card: int, kind: str) -> list[int]:
    """Cities where a revolt of ``kind`` ("regional", "spreading" or "tax") may put a Spartan
    garrison now for Revolt card ``card``, after the Persian Aid reductions (§3.12, §13.3).

    A Tax Revolt may go wherever the card's revolt could: its region or a rebellious region."""
    params = card_record(state, card).params
    aid = persia.aid_count(state)
    region = params.get("region")
    if kind == "regional":
        return _qualified(state, region) if aid < 2 else []
    if kind == "spreading":
        if aid >= 1 or not params.get("spreading"):
            return []
        return sorted({p for r in _rebellious(state) if r != region
                       for p in _qualified(state, r)})
    if kind == "tax":
        if aid >= 3 or not in_play_count(state, "athens_raises_taxes"):
            return []
        return sorted({p for r in (region, *_rebellious(state)) for p in _qualified(state, r)})
    raise ValueError(f"a revolt is regional, spreading or tax, not {kind!r}")


def peace_reason(state: State) -> str | None:
    """Why an event that the Peace of Nicias bans cannot be played now, or None (§12.0)."""
    if scenario_rules.peace(state):
        return "not while the Peace of Nicias holds (§12.0)"
    return None


class Revolt(ChoiceEvent):
    """A Spartan garrison appears in a vacant subject city, capturing it (§3.12)."""

    key = "revolt"
    rules = ("3.12", "13.3", "10.2", "12.0")
    start = "main"

    def options(self, state, side, card, stage):
        ix = state.ix
        if stage == "main":
            regional = revolt_cities(state, card, "regional")
            for p in regional:
                yield ix.place_ids[p], f"Revolt in {state.ix.city_name[p]} (regional revolt)"
            spreading = revolt_cities(state, card, "spreading")
            for p in spreading:
                yield (ix.place_ids[p], f"Revolt spreads to {ix.city_name[p]} in the rebellious "
                                        f"region {subject_region_of(state, p)}")
            # Tax Revolts come with a Regional or Spreading Revolt (§3.12), or alone once two
            # Persian Aid cards cancel both (§13.3)
            if (persia.aid_count(state) >= 2 and not (regional or spreading)
                    and revolt_cities(state, card, "tax")):
                yield ("done", "Persian Aid cancels the revolt itself: go on to the Tax "
                               "Revolts (§13.3)")
            return
        tax = revolt_cities(state, card, "tax")
        for p in tax:
            yield ix.place_ids[p], f"Tax Revolt in {state.ix.city_name[p]}"
        if tax:
            yield "done", "Place no more Tax Revolt garrisons"

    def playable(self, state, side, card, new_year):
        reason = peace_reason(state)
        if reason:
            return reason
        if persia.aid_count(state) >= 3:
            return "three Persian Aid cards in play cancel every revolt (§13.3)"
        return super().playable(state, side, card, new_year)

    def nothing_reason(self, state, side, card):
        params = card_record(state, card).params
        where = params.get("region", "")
        if params.get("spreading"):
            where += " or a rebellious region"
        return (f"no vacant Athenian subject city can revolt in {where}, after the Persian Aid "
                "reductions (§3.12, §13.3)")

    def choose(self, state, frame, choice):
        taxes = in_play_count(state, "athens_raises_taxes")
        if frame["stage"] == "main":
            if choice != "done":
                self._garrison(state, state.ix.place(choice), "revolt")
            replace_top(state, stage="tax", left=taxes if persia.aid_count(state) < 3 else 0)
            if not taxes:
                pop(state, state.stack[-1])
            return
        if choice == "done":
            pop(state, frame)
            return
        self._garrison(state, state.ix.place(choice), "Tax Revolt")
        top = replace_top(state, left=frame["left"] - 1)
        if top["left"] <= 0:
            pop(state, top)

    def _garrison(self, state: State, p: int, what: str) -> None:
        state.garrisons[p] = [SPARTA, 1]
        control.refresh(state)
        state.event("revolt", "3.12", f"{what}: {state.ix.city_name[p]} goes over to Sparta; a "
                    "Spartan garrison holds the city", SPARTA, place=p)


class HelotUprising(ChoiceEvent):
    """An Athenian garrison appears in vacant Sparta, Messenia or Pylos (§3.1)."""

    key = "helot_uprising"
    rules = ("3.1", "10.2", "12.0")

    def options(self, state, side, card, stage):
        ix = state.ix
        for a in card_record(state, card).params.get("cities", ()):
            p = ix.place_of.get(a, -1)
            if p >= 0 and ix.has_city[p] and not state.neutral[p] and vacant(state, p):
                yield a, f"The helots rise in {state.ix.city_name[p]}"

    def playable(self, state, side, card, new_year):
        return peace_reason(state) or super().playable(state, side, card, new_year)

    def nothing_reason(self, state, side, card):
        return "none of Sparta, Messenia and Pylos is vacant (§3.1)"

    def choose(self, state, frame, choice):
        p = state.ix.place(choice)
        state.garrisons[p] = [ATHENS, 1]
        control.refresh(state)
        state.event("helot_uprising", "3.1", f"The helots rise: an Athenian garrison holds "
                    f"{state.ix.city_name[p]}", ATHENS, place=p)
        pop(state, frame)
