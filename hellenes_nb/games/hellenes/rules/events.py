"""§3.1 card events, §3.11 leaders, §3.12 revolts and the continuing events (with §13 Persian Aid).

Every event key of ``data/hellenes/events.yaml`` has an :class:`~.cards.EventRule` here,
registered in :data:`~.cards.EVENTS`. ``playable`` gives the plain-words reason an event cannot
be committed now (the card's condition, §10.2 New Year, §12.0 Peace of Nicias, §13.3 Persian
Aid, §15.1 Pericles); ``resolve`` carries it out in the action phase of the event turn, which
has no actions (§3.1). Events that need a choice push one frame:

``{"kind": "event", "side": s, "card": n, "key": event key, "stage": str, "left": int}``

Its choices are ``{"type": "event_choice", "side", "choice", "label"}`` where ``choice`` is an
area id, a leader card number as text, or ``"done"`` (stop placing Tax Revolts). A choice that
has become impossible when the event is resolved (the other player's turn changed the map)
leaves the event without effect, which the log says.

Season-long effects are flags read through :mod:`.cards` (``season_ban``, ``hunger_max``,
``double_defense``, ``treachery_city``), so the movement and siege modules ask one place.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

from hellenes_nb.core.steps import Step, pop, push, replace_top
from hellenes_nb.games.hellenes.index import (
    ATHENS,
    NEW_YEAR,
    SIDE_NAMES,
    SPARTA,
    WorldIndex,
    side_title,
)
from hellenes_nb.games.hellenes.rules import control, persia, victory
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules.cards import (
    EventRule,
    card_record,
    in_play_count,
    register_event,
    remove_from_play,
    season_ban,
    season_code,
)
from hellenes_nb.games.hellenes.state import State

__all__ = ["resolve_new_year_event", "revolt_cities", "subject_region_of", "EventStep"]




def _siege() -> ModuleType:
    """``rules/siege.py``, imported on first use: this module is loaded from ``cards.py``,
    which ``siege.py`` itself needs while it loads."""
    from hellenes_nb.games.hellenes.rules import siege

    return siege


def _units_in(state: State, p: int) -> list[int]:
    """Units of both sides in ``p``, Athens first, each in index order."""
    ath, spa = control.placed(state)
    return [*ath.get(p, ()), *spa.get(p, ())]


def _vacant(state: State, p: int) -> bool:
    """No block of either side in the area and no garrison in its city (§3.1 "vacant")."""
    return not _units_in(state, p) and p not in state.garrisons


def resolve_new_year_event(state: State, side: int) -> None:
    """Carry out the event ``side`` played at New Year (§10.2): the same resolution as in a
    season; events whose effect lasts "this season" have nothing to act on at New Year."""
    n = state.played[side]["card"]
    from hellenes_nb.games.hellenes.rules.cards import EVENTS

    EVENTS[card_record(state, n).event].resolve(state, side, n)


class ChoiceEvent(EventRule):
    """An event whose player picks among ``options`` (area ids or card numbers as text)."""

    #: first stage of the frame
    start = "pick"

    def options(self, state: State, side: int, card: int, stage: str) -> Iterator[tuple[str, str]]:
        """``(choice, label)`` pairs open now, lazily: asking whether there is any (playable,
        deciders) labels only the first."""
        return iter(())

    def choose(self, state: State, frame: dict, choice: str) -> None:
        """Carry out ``choice``; the default ends the event."""
        pop(state, frame)

    def playable(self, state, side, card, new_year):
        if next(self.options(state, side, card, self.start), None) is None:
            return self.nothing_reason(state, side, card)
        return None

    def nothing_reason(self, state: State, side: int, card: int) -> str:
        return f"{card_record(state, card).title} has no target now"

    def resolve(self, state, side, card):
        state.event("event", self.rules[0], f"{side_title(side)} plays "
                    f"{card_record(state, card).title} (card {card})", side, card=card)
        push(state, {"kind": "event", "side": side, "card": card, "key": self.key,
                     "stage": self.start, "left": 0})


class EventStep(Step):
    """The player of an event makes its choices (§3.1); with nothing left to choose the event
    ends (wasted if it could no longer do anything)."""

    kind = "event"
    rules = ("3.1",)

    def _rule(self, frame: dict) -> ChoiceEvent:
        from hellenes_nb.games.hellenes.rules.cards import EVENTS

        return EVENTS[frame["key"]]  # type: ignore[return-value]

    def _options(self, state: State, frame: dict) -> Iterator[tuple[str, str]]:
        return self._rule(frame).options(state, frame["side"], frame["card"], frame["stage"])

    def deciders(self, state, frame):
        return (frame["side"],) if next(self._options(state, frame), None) is not None else ()

    def legal(self, state, frame, side):
        if side != frame["side"]:
            return []
        return [{"type": "event_choice", "side": SIDE_NAMES[side], "choice": c, "label": label}
                for c, label in self._options(state, frame)]

    def apply(self, state, frame, action):
        self._rule(frame).choose(state, frame, action["choice"])

    def run(self, state, frame):
        rule = self._rule(frame)
        if frame["stage"] == rule.start:
            state.event("event_wasted", rule.rules[0], f"{card_record(state, frame['card']).title}"
                        " has nothing left to act on: no effect", frame["side"])
        pop(state, frame)

    def text(self, state, frame):
        title = card_record(state, frame["card"]).title
        if frame["key"] == "revolt" and frame["stage"] == "tax":
            return (f"{title}: place a Tax Revolt garrison ({frame['left']} left) or stop "
                    "(§3.12)")
        return f"{side_title(frame['side'])} resolves {title}: choose its target (§3.1)"




# -- Revolts (§3.12, §13.3) and Helot Uprising (§3.1) ---------------------------------------------
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
            if not state.neutral[p] and state.city_control[p] == ATHENS and _vacant(state, p)]


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


def _peace_reason(state: State) -> str | None:
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
        reason = _peace_reason(state)
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
            if p >= 0 and ix.has_city[p] and not state.neutral[p] and _vacant(state, p):
                yield a, f"The helots rise in {state.ix.city_name[p]}"

    def playable(self, state, side, card, new_year):
        return _peace_reason(state) or super().playable(state, side, card, new_year)

    def nothing_reason(self, state, side, card):
        return "none of Sparta, Messenia and Pylos is vacant (§3.1)"

    def choose(self, state, frame, choice):
        p = state.ix.place(choice)
        state.garrisons[p] = [ATHENS, 1]
        control.refresh(state)
        state.event("helot_uprising", "3.1", f"The helots rise: an Athenian garrison holds "
                    f"{state.ix.city_name[p]}", ATHENS, place=p)
        pop(state, frame)


# -- Plague (§3.1, §15.1) ------------------------------------------------------------------------
def _plague_victims(state: State, p: int, besieged: bool) -> list[int]:
    """Units in the city of ``p``: those inside if it is ``besieged``, otherwise all units
    there."""
    here = _units_in(state, p)
    return [u for u in here if state.inside[u]] if besieged else here


class PlagueStrikes(ChoiceEvent):
    """Every unit above cadre strength in a chosen besieged city loses 1 cv (§3.1)."""

    key = "plague_strikes"
    rules = ("3.1", "15.1")
    needs_siege = True

    def options(self, state, side, card, stage):
        if scenario_rules.plague_barred(state):
            return
        ix = state.ix
        sieged = _siege().besieged_cities(state)
        ath, spa = control.placed(state)
        for p in sorted(ath.keys() | spa.keys()):  # a city without units has no victims
            if p >= ix.n_land or not ix.has_city[p]:
                continue
            besieged = p in sieged
            if self.needs_siege and not (besieged
                                         and any(state.inside[u] for u in _units_in(state, p))):
                continue
            if not _plague_victims(state, p, besieged):
                continue
            yield ix.place_ids[p], f"Plague in {state.ix.city_name[p]}"

    def nothing_reason(self, state, side, card):
        return scenario_rules.plague_barred(state) or (
            "no besieged city holds units (§3.1)" if self.needs_siege
            else "no city holds units (§3.1)")

    def choose(self, state, frame, choice):
        ix = state.ix
        p = ix.place(choice)
        besieged = _siege().besieger_of(state, p) >= 0
        hit = [u for u in _plague_victims(state, p, besieged) if state.cv[u] > 1]
        for u in hit:
            state.cv[u] -= 1
        state.flags["plague_struck"] = 1
        state.event("plague", "3.1", f"Plague in {state.ix.city_name[p]}: {len(hit)} unit(s) above "
                    "cadre strength lose 1 cv", frame["side"], place=p,
                    units=[ix.unit_key[u] for u in hit])
        if ix.place_ids[p] == "attica":
            scenario_rules.note_plague_in_athens(state)
        pop(state, frame)


class PlagueReturns(PlagueStrikes):
    """As Plague Strikes, in any city, once a Plague Strikes has occurred (§3.1)."""

    key = "plague_returns"
    needs_siege = False

    def playable(self, state, side, card, new_year):
        if not state.flags.get("plague_struck"):
            return "Plague Returns needs a Plague Strikes earlier in the game (§3.1)"
        return super().playable(state, side, card, new_year)


# -- Treachery and Hunger (§3.1) -----------------------------------------------------------------
class Treachery(ChoiceEvent):
    """One Treachery Assault on a city the player besieges since a prior season (§3.1)."""

    key = "treachery"
    rules = ("3.1", "8.1", "8.13")

    def options(self, state, side, card, stage):
        ix = state.ix
        return ((ix.place_ids[p], f"Treachery Assault on {state.ix.city_name[p]}")
                for p in _siege().siege_targets(state, side))

    def nothing_reason(self, state, side, card):
        return f"{side_title(side)} besieges no city since a prior season (§3.1, §8.0)"

    def resolve(self, state, side, card):
        """As any choice event, unless no assault can be made now: the card is then wasted.
        There is no combat at New Year (§10.2), and the enemy's Augury forbids assaults for
        the rest of the season (§3.1)."""
        why = ("there is no combat at New Year (§10.2)" if state.season == NEW_YEAR
               else season_ban(state, side, "assault"))
        if not why:
            super().resolve(state, side, card)
            return
        state.event("event", "3.1", f"{side_title(side)} plays Treachery (card {card})", side,
                    card=card)
        state.event("event_wasted", "10.2" if state.season == NEW_YEAR else "3.1",
                    f"Treachery is wasted: {why}", side, card=card)

    def choose(self, state, frame, choice):
        p = state.ix.place(choice)
        side = frame["side"]
        pop(state, frame)
        state.flags[f"treachery:{SIDE_NAMES[side]}"] = season_code(state) * 1000 + p
        _siege().treachery_assault(state, side, p)


class Hunger(ChoiceEvent):
    """This season attrition against one besieged city hits on 1–2; a port must also be
    blockaded (§3.1, §8.21)."""

    key = "hunger"
    rules = ("3.1", "8.2", "8.21")

    def options(self, state, side, card, stage):
        ix, siege = state.ix, _siege()
        return ((ix.place_ids[p], f"Hunger in {state.ix.city_name[p]}")
                for p in siege.siege_targets(state, side) if siege.attrition_allowed(state, p))

    def nothing_reason(self, state, side, card):
        return (f"{side_title(side)} has no siege since a prior season where attrition is possible "
                "(a port must also be blockaded) (§3.1, §8.21)")

    def choose(self, state, frame, choice):
        p = state.ix.place(choice)
        state.flags[f"hunger:{choice}"] = season_code(state)
        state.event("hunger", "3.1", f"Hunger in {state.ix.city_name[p]}: this season its siege "
                    "attrition hits on rolls of 1–2", frame["side"], place=p)
        pop(state, frame)


# -- Leaders (§3.11, §15.1) ----------------------------------------------------------------------
class LeaderOstracized(ChoiceEvent):
    """Depose a leader in play, friendly or enemy; its card goes back into the deck (§3.11)."""

    key = "leader_ostracized"
    rules = ("3.11", "15.1")

    def options(self, state, side, card, stage):
        for s in (ATHENS, SPARTA):
            n = state.leaders[s]
            if n is not None and not scenario_rules.ostracism_barred(state, n):
                yield str(n), f"Ostracize {card_record(state, n).title}, leader of {side_title(s)}"

    def nothing_reason(self, state, side, card):
        barred = [scenario_rules.ostracism_barred(state, n) for n in state.leaders
                  if n is not None]
        return next((b for b in barred if b), "no leader is in play (§3.11)")

    def choose(self, state, frame, choice):
        n = int(choice)
        s = state.leaders.index(n)
        state.leaders[s] = None
        state.in_play = [x for x in state.in_play if x[0] != n]
        state.deck.insert(state.dice.randbelow(len(state.deck) + 1), n)
        state.barrier = True
        state.event("ostracized", "3.11", f"{card_record(state, n).title} is ostracized: "
                    f"{side_title(s)} has no leader, and the card goes back into the deck",
                    frame["side"], card=n)
        pop(state, frame)


class Leader(EventRule):
    """Put the card's leader into play for its side, which must have none (§3.11). Of two
    leader events for one side in a season, the second finds the place taken and is wasted."""

    key = "leader"
    rules = ("3.11",)

    def playable(self, state, side, card, new_year):
        s = SIDE_NAMES.index(card_record(state, card).params["side"])
        if state.leaders[s] is not None:
            return (f"{side_title(s)} already has a leader in play "
                    f"({card_record(state, state.leaders[s]).title}); a Leader Ostracized "
                    "event must remove it first (§3.11)")
        return None

    def resolve(self, state, side, card):
        c = card_record(state, card)
        s = SIDE_NAMES.index(c.params["side"])
        if state.leaders[s] is not None:
            state.event("event_wasted", "3.11", f"{c.title} is wasted: {side_title(s)} already "
                        f"has a leader ({card_record(state, state.leaders[s]).title})", side,
                        card=card)
            return
        state.leaders[s] = card
        state.in_play.append([card, s])
        bonus = f"+{c.leader_value}" if c.leader_value else "no bonus"
        state.event("leader", "3.11", f"{side_title(side)} plays {c.title}: {c.title} leads "
                    f"{side_title(s)} ({bonus})", side, card=card)


class Atrocity(EventRule):
    """An enemy with a +1 leader in play loses 2 prestige (§3.1)."""

    key = "atrocity"
    rules = ("3.1", "14.1")

    def playable(self, state, side, card, new_year):
        n = state.leaders[1 - side]
        if n is None or not card_record(state, n).leader_value:
            return f"{side_title(1 - side)} has no +1 leader in play (§3.1)"
        return None

    def resolve(self, state, side, card):
        state.event("event", "3.1", f"{side_title(side)} plays Atrocity", side, card=card)
        gone = self.playable(state, side, card, False)  # an event resolved before may have
        if gone:                                        # removed the leader (§3.11)
            state.event("event_wasted", "3.1", f"Atrocity is wasted: {gone}", side, card=card)
            return
        victory.gain(state, side, 2, "3.1", f"Atrocity: {side_title(1 - side)} loses 2 Prestige")


class SeasonBan(EventRule):
    """Earthquake (no enemy moves or pillage) or Augury (no enemy engaging or assaults) for
    the rest of this season (§3.1); read through ``cards.season_ban``."""

    def __init__(self, key: str, what: str):
        self.key = key
        self.what = what

    def resolve(self, state, side, card):
        state.flags[f"{self.key}:{SIDE_NAMES[1 - side]}"] = season_code(state)
        state.event(self.key, "3.1", f"{side_title(side)} plays {card_record(state, card).title}: "
                    f"{side_title(1 - side)} may not {self.what} this season", side, card=card)


# -- continuing events (§3.1, §13) ---------------------------------------------------------------
class CivilWar(ChoiceEvent):
    """An unbesieged city loses double defense for the rest of the year; the card stays in play
    until Year End (§3.1, §15.1 rule 2)."""

    key = "civil_war"
    rules = ("3.1", "15.1")

    def _cities(self, state: State) -> Iterator[int]:
        """The cities open to a Civil War now, in index order (lazily, see :meth:`options`)."""
        ix = state.ix
        sieged = _siege().besieged_cities(state)
        for p in range(ix.n_land):
            if (not ix.has_city[p] or state.neutral[p] or p in state.civil_war
                    or p in sieged):
                continue
            if ix.place_ids[p] == "attica" and scenario_rules.civil_war_barred(state, ATHENS):
                continue
            yield p

    def options(self, state, side, card, stage):
        ix = state.ix
        return ((ix.place_ids[p], f"Civil War in {ix.city_name[p]}") for p in self._cities(state))

    def nothing_reason(self, state, side, card):
        return "every city is besieged or already in civil war (§3.1)"

    def choose(self, state, frame, choice):
        p = state.ix.place(choice)
        state.civil_war = state.civil_war | {p}
        state.in_play.append([frame["card"], frame["side"]])
        state.event("civil_war", "3.1", f"Civil War in {state.ix.city_name[p]}: its defenders "
                    "have no double defense for the rest of the year", frame["side"], place=p)
        pop(state, frame)


class Continuing(EventRule):
    """A continuing event that simply goes face up into play (§3.1)."""

    def __init__(self, key: str, rules: tuple[str, ...], effect: str, banned_in_peace=False,
                 cancels: str = ""):
        self.key, self.rules, self.effect = key, rules, effect
        self.banned_in_peace, self.cancels = banned_in_peace, cancels

    def playable(self, state, side, card, new_year):
        return _peace_reason(state) if self.banned_in_peace else None

    def resolve(self, state, side, card):
        for n, _ in list(state.in_play):
            if self.cancels and card_record(state, n).event == self.cancels:
                remove_from_play(state, n, f"cancelled by {card_record(state, card).title}")
        state.in_play.append([card, side])
        state.event(self.key, self.rules[0], f"{side_title(side)} plays "
                    f"{card_record(state, card).title}: {self.effect}", side, card=card)
        if self.key == "persian_aid":
            persia.enter_play(state)


for _rule in (
    Revolt(), HelotUprising(), PlagueStrikes(), PlagueReturns(), Treachery(), Hunger(),
    LeaderOstracized(), Leader(), Atrocity(), CivilWar(),
    SeasonBan("earthquake", "move or pillage"),
    SeasonBan("augury", "engage the enemy or assault a city (siege attrition is allowed)"),
    Continuing("athens_raises_taxes", ("3.1", "12.0"), "+1 Athenian action each turn; each "
               "Revolt brings a Tax Revolt", banned_in_peace=True),
    Continuing("persian_aid", ("13.0", "13.1", "13.2", "12.0"), "+1 Spartan action each season, "
               "Persian units and E1 fleets can be recruited, 1 Prestige at each Year End",
               banned_in_peace=True),
    Continuing("peace_faction_ascendant", ("14.22", "3.1"), "peace offers from 5 Prestige at a "
               "cost of 1", cancels="war_faction_ascendant"),
    Continuing("war_faction_ascendant", ("14.22", "3.1"), "peace offers need 10 Prestige and "
               "cost 2", cancels="peace_faction_ascendant"),
    Continuing("no_quarter", ("3.1",), "Athens can no longer recruit E2 fleets; Sparta loses 1 "
               "Prestige at each Year End"),
):
    register_event(_rule)


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (EventStep(),)
