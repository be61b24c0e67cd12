"""§3.1 card events, §3.11 leaders and the continuing events (with §13 Persian Aid); the
revolts of §3.12 are in :mod:`.revolts`.

Every event key of ``data/hellenes/events.yaml`` has an :class:`~.cards.EventRule` in
:data:`EVENTS`. ``playable`` gives the plain-words reason an event cannot be committed now (the
card's condition, §10.2 New Year, §12.0 Peace of Nicias, §13.3 Persian Aid, §15.1 Pericles);
``resolve`` carries it out in the action phase of the event turn, which has no actions (§3.1).
Events that need a choice push one frame:

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

from hellenes_nb.core.steps import Step, pop
from hellenes_nb.core.words import count
from hellenes_nb.games.hellenes.index import (
    ATHENS,
    NEW_YEAR,
    SIDE_NAMES,
    SPARTA,
    WINTER,
    side_title,
)
from hellenes_nb.games.hellenes.rules import persia, victory
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules.cards import (
    ChoiceEvent,
    EventRule,
    card_record,
    remove_from_play,
    season_ban,
    season_code,
)
from hellenes_nb.games.hellenes.rules.control import placed, units_in
from hellenes_nb.games.hellenes.rules.revolts import HelotUprising, Revolt, peace_reason
from hellenes_nb.games.hellenes.rules.siege.assault import treachery_assault
from hellenes_nb.games.hellenes.rules.siege.attrition import attrition_allowed
from hellenes_nb.games.hellenes.rules.siege.condition import besieged_cities, besieger_of
from hellenes_nb.games.hellenes.rules.siege.methods import siege_targets
from hellenes_nb.games.hellenes.state import State

__all__ = ["EVENTS", "event_reason", "resolve_event", "EventStep"]


def event_reason(state: State, side: int, n: int, new_year: bool) -> str | None:
    """Why card ``n`` cannot be played by ``side`` for its event now, or None if it can."""
    card = card_record(state, n)
    if state.season == WINTER:
        return "events are not playable in Winter (§3.1)"
    if card.side not in ("both", SIDE_NAMES[side]):
        return f"card {n} ({card.title}) is a {card.side} event (§3.1)"
    rule = EVENTS.get(card.event)
    if rule is None:
        return f"the event {card.event!r} of card {n} is not implemented yet: play it for actions"
    if new_year and not card.new_year_ok:
        return f"card {n} ({card.title}) cannot be played as a New Year event (§10.2)"
    return rule.playable(state, side, n, new_year)




def resolve_event(state: State, side: int) -> None:
    """Carry out the event ``side`` played this season (§3.1)."""
    n = state.played[side]["card"]
    rule = EVENTS[card_record(state, n).event]
    rule.resolve(state, side, n)


class EventStep(Step):
    """The player of an event makes its choices (§3.1); with nothing left to choose the event
    ends (wasted if it could no longer do anything)."""

    kind = "event"
    rules = ("3.1",)

    def _rule(self, frame: dict) -> ChoiceEvent:
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




# -- Plague (§3.1, §15.1) ------------------------------------------------------------------------
def _plague_victims(state: State, p: int, besieged: bool) -> list[int]:
    """Units in the city of ``p``: those inside if it is ``besieged``, otherwise all units
    there."""
    here = units_in(state, p)
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
        sieged = besieged_cities(state)
        ath, spa = placed(state)
        for p in sorted(ath.keys() | spa.keys()):  # a city without units has no victims
            if p >= ix.n_land or not ix.has_city[p]:
                continue
            besieged = p in sieged
            if self.needs_siege and not (besieged
                                         and any(state.inside[u] for u in units_in(state, p))):
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
        besieged = besieger_of(state, p) >= 0
        hit = [u for u in _plague_victims(state, p, besieged) if state.cv[u] > 1]
        for u in hit:
            state.cv[u] -= 1
        state.flags["plague_struck"] = 1
        state.event("plague", "3.1", f"Plague in {state.ix.city_name[p]}: "
                    f"{count(len(hit), 'unit')} above strength 1 "
                    f"{'loses' if len(hit) == 1 else 'lose'} a step", frame["side"], place=p,
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
                for p in siege_targets(state, side))

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
        treachery_assault(state, side, p)


class Hunger(ChoiceEvent):
    """This season attrition against one besieged city hits on 1–2; a port must also be
    blockaded (§3.1, §8.21)."""

    key = "hunger"
    rules = ("3.1", "8.2", "8.21")

    def options(self, state, side, card, stage):
        ix = state.ix
        return ((ix.place_ids[p], f"Hunger in {state.ix.city_name[p]}")
                for p in siege_targets(state, side) if attrition_allowed(state, p))

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
        sieged = besieged_cities(state)
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
        return peace_reason(state) if self.banned_in_peace else None

    def resolve(self, state, side, card):
        for n, _ in list(state.in_play):
            if self.cancels and card_record(state, n).event == self.cancels:
                remove_from_play(state, n, f"cancelled by {card_record(state, card).title}")
        state.in_play.append([card, side])
        state.event(self.key, self.rules[0], f"{side_title(side)} plays "
                    f"{card_record(state, card).title}: {self.effect}", side, card=card)
        if self.key == "persian_aid":
            persia.enter_play(state)


#: the rule of every event key (cards.yaml ``event`` field); a card whose event has none
#: here can be played for its action value only (or as a New Year Sacrifice, §10.3)
EVENTS: dict[str, EventRule] = {rule.key: rule for rule in (
    Revolt(), HelotUprising(), PlagueStrikes(), PlagueReturns(), Treachery(), Hunger(),
    LeaderOstracized(), Leader(), Atrocity(), CivilWar(),
    SeasonBan("earthquake", "move or pillage"),
    SeasonBan("augury", "engage the enemy or assault a city (siege attrition is allowed)"),
    Continuing("athens_raises_taxes", ("3.1", "12.0"), "+1 Athenian action each turn; each "
               "Revolt brings a Tax Revolt", banned_in_peace=True),
    Continuing("persian_aid", ("13.0", "13.1", "13.2", "12.0"), "+1 Spartan action each season, "
               "Sparta can recruit Persian units and its improved fleets, 1 Prestige at each "
               "Year End", banned_in_peace=True),
    Continuing("peace_faction_ascendant", ("14.22", "3.1"), "peace offers from 5 Prestige at a "
               "cost of 1", cancels="war_faction_ascendant"),
    Continuing("war_faction_ascendant", ("14.22", "3.1"), "peace offers need 10 Prestige and "
               "cost 2", cancels="peace_faction_ascendant"),
    Continuing("no_quarter", ("3.1",), "Athens can no longer recruit elite fleets; Sparta loses 1 "
               "Prestige at each Year End"),
)}


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (EventStep(),)
