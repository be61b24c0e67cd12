"""§3 cards: dealing, simultaneous card play, initiative, action counts and the event registry.

Events are dispatched through :data:`EVENTS`: a rule module makes an event playable by
registering an :class:`EventRule` for its key (cards.yaml ``event`` field). An event with no
registered rule cannot be played for its event, only for its action value (or as a New Year
Sacrifice, §10.3).
"""

from __future__ import annotations

from .state import State
from .steps import IllegalAction, Step, action_side, need, pop, register
from .world_index import ATHENS, SEASONS, SIDE_NAMES, SPARTA

OLYMPIANS = ("zeus", "hera", "apollo", "ares", "demeter", "poseidon", "hermes")
HAND_SIZE = 6


class EventRule:
    """How one event key is played: ``playable`` gives a reason it cannot be (or None),
    ``resolve`` carries it out (it may push decision frames)."""

    key = ""
    rules: tuple[str, ...] = ("3.1",)

    def playable(self, state: State, side: int, card: int, new_year: bool) -> str | None:
        return None

    def resolve(self, state: State, side: int, card: int) -> None:
        state.event("event", self.rules[0], f"{SIDE_NAMES[side].title()} plays {self.key}",
                    side)


EVENTS: dict[str, EventRule] = {}


def register_event(rule: EventRule) -> EventRule:
    """Make an event key playable (replacing any earlier rule for the key)."""
    EVENTS[rule.key] = rule
    return rule


def card_record(state: State, n: int):
    """The static Card record of card number ``n``."""
    return state.ix.world.cards[n]


def event_reason(state: State, side: int, n: int, new_year: bool) -> str | None:
    """Why card ``n`` cannot be played by ``side`` for its event now, or None if it can."""
    card = card_record(state, n)
    if card.side not in ("both", SIDE_NAMES[side]):
        return f"card {n} ({card.title}) is a {card.side} event (§3.1)"
    rule = EVENTS.get(card.event)
    if rule is None:
        return f"the event {card.event!r} of card {n} is not implemented yet: play it for actions"
    if new_year and not card.new_year_ok:
        return f"card {n} ({card.title}) cannot be played as a New Year event (§10.2)"
    return rule.playable(state, side, n, new_year)


def play_value(state: State, play: dict | None) -> int:
    """A committed card's value for initiative: its action value, or 0 for an event (§3.3)."""
    if play is None or play["use"] == "event":
        return 0
    return card_record(state, play["card"]).actions


def initiative(state: State) -> int:
    """The side with the first player turn: lower value first, Sparta on ties (§3.3).

    Leaders and continuing events do not count (§3.3).
    """
    a = play_value(state, state.played[ATHENS])
    s = play_value(state, state.played[SPARTA])
    return ATHENS if a < s else SPARTA


def leader_bonus(state: State, side: int) -> int:
    """The leader value of ``side``'s leader in play (§3.11)."""
    n = state.leaders[side]
    if n is None:
        return 0
    return card_record(state, n).leader_value or 0


def continuing_bonus(state: State, side: int) -> int:
    """Extra actions from continuing events in play: Athens Raises Taxes for Athens (§3.1),
    Persian Aid for Sparta (§13.1), one per card."""
    want = "athens_raises_taxes" if side == ATHENS else "persian_aid"
    return sum(1 for n, _ in state.in_play if card_record(state, n).event == want)


def action_count(state: State, side: int) -> int:
    """Actions for this player turn: card value + leader + continuing events, 0 on an event
    turn (§3.2, §3.11, §4.0)."""
    play = state.played[side]
    if play is None or play["use"] == "event":
        return 0
    return (card_record(state, play["card"]).actions + leader_bonus(state, side)
            + continuing_bonus(state, side))


def deal(state: State) -> None:
    """Deal six cards to each player from the deck, alternately (§10.1)."""
    for _ in range(HAND_SIZE):
        for side in (ATHENS, SPARTA):
            if not state.deck:
                state.deck, state.discard = state.discard, []
                state.dice.shuffle(state.deck)
            if state.deck:
                state.hands[side].append(state.deck.pop())
    state.barrier = True
    for side in (ATHENS, SPARTA):
        state.event("deal", "10.1", f"{SIDE_NAMES[side].title()} is dealt "
                    f"{len(state.hands[side])} cards: {sorted(state.hands[side])}", side,
                    private=side, public=f"{SIDE_NAMES[side].title()} is dealt "
                    f"{len(state.hands[side])} cards")


def _card_label(state: State, n: int) -> str:
    c = card_record(state, n)
    return f"card {n} {c.title} ({c.actions} action{'s' if c.actions > 1 else ''})"


class CardPlay(Step):
    """Both players commit one card face down, then both are revealed (§3.3, §10.1, §10.3).

    Frame: ``{"kind": "card_play", "new_year": 0|1}``.
    """

    kind = "card_play"
    rules = ("3.3", "10.3")

    def deciders(self, state, frame):
        return tuple(s for s in (ATHENS, SPARTA) if state.played[s] is None and state.hands[s])

    def legal(self, state, frame, side):
        if state.played[side] is not None:
            return []
        new_year = bool(frame["new_year"])
        name = SIDE_NAMES[side]
        out = []
        gods = [g for g in OLYMPIANS if g not in state.sacrifices[side]]
        for n in sorted(state.hands[side]):
            label = _card_label(state, n)
            if new_year:
                if gods:
                    for g in gods:
                        out.append({"type": "play_card", "side": name, "card": n,
                                    "use": "sacrifice", "god": g,
                                    "label": f"Sacrifice {label} to {g.title()}"})
                else:
                    out.append({"type": "play_card", "side": name, "card": n,
                                "use": "sacrifice", "god": None,
                                "label": f"Play {label}: every Olympian already has your "
                                         "sacrifice"})
            else:
                out.append({"type": "play_card", "side": name, "card": n, "use": "actions",
                            "label": f"Play {label} for actions"})
            if event_reason(state, side, n, new_year) is None:
                c = card_record(state, n)
                out.append({"type": "play_card", "side": name, "card": n, "use": "event",
                            "label": f"Play card {n} {c.title} for its event"})
        return out

    def why_illegal(self, state, frame, action):
        side = action_side(action)
        if action.get("type") != "play_card":
            return IllegalAction(f"both players must now commit a card ('play_card'), "
                                 f"not {action.get('type')!r}", "3.3")
        if state.played[side] is not None:
            return IllegalAction(f"{SIDE_NAMES[side].title()} has already committed a card "
                                 "this season", "3.3")
        n = need(action, "card", int)
        if n not in state.hands[side]:
            return IllegalAction(f"card {n} is not in {SIDE_NAMES[side].title()}'s hand "
                                 f"(the hand holds {sorted(state.hands[side])})", "3.0")
        use = action.get("use")
        new_year = bool(frame["new_year"])
        if use == "event":
            reason = event_reason(state, side, n, new_year)
            return IllegalAction(reason, "3.1") if reason else None
        if new_year:
            if use != "sacrifice":
                return IllegalAction("a card played at New Year for its action value is a "
                                     "Sacrifice: use 'sacrifice' with a 'god'", "10.3")
            god = action.get("god")
            left = [g for g in OLYMPIANS if g not in state.sacrifices[side]]
            if god is None and not left:
                return None
            if god not in OLYMPIANS:
                return IllegalAction(f"{god!r} is not an Olympian; choose one of "
                                     f"{', '.join(OLYMPIANS)}", "10.3")
            if god in state.sacrifices[side]:
                return IllegalAction(f"{SIDE_NAMES[side].title()} already has a sacrifice "
                                     f"to {god.title()}: at most one per Olympian", "10.3")
            return None
        if use != "actions":
            return IllegalAction(f"a card is played for 'actions' or 'event', not {use!r}",
                                 "3.0")
        return None

    def apply(self, state, frame, action):
        side = action_side(action)
        n = action["card"]
        state.hands[side].remove(n)
        play = {"card": n, "use": action["use"]}
        if frame["new_year"] and action["use"] == "sacrifice":
            play["god"] = action.get("god")
        state.played[side] = play
        state.event("commit", "3.3", f"{SIDE_NAMES[side].title()} commits {_card_label(state, n)}"
                    f" for {play['use']}", side, private=side,
                    public=f"{SIDE_NAMES[side].title()} commits a card face down")
        if all(p is not None for p in state.played):
            self._reveal(state, frame)

    def _reveal(self, state: State, frame: dict) -> None:
        state.barrier = True
        parts = []
        for side in (ATHENS, SPARTA):
            p = state.played[side]
            parts.append(f"{SIDE_NAMES[side].title()} {_card_label(state, p['card'])} for "
                         f"{p['use']}")
            if p["use"] == "sacrifice" and p.get("god"):
                state.sacrifices[side].append(p["god"])
        state.first = initiative(state)
        state.event("reveal", "3.3", "Cards revealed: " + "; ".join(parts) +
                    f". {SIDE_NAMES[state.first].title()} goes first.", state.first,
                    cards={SIDE_NAMES[s]: dict(state.played[s]) for s in (ATHENS, SPARTA)})
        pop(state, frame)

    def text(self, state, frame):
        when = "New Year" if frame["new_year"] else SEASONS[state.season]
        return (f"{when} {state.year} BC: each player commits one card face down"
                + (" (for an event, or as a Sacrifice to an Olympian)" if frame["new_year"]
                   else " (for its actions or its event)"))


register(CardPlay())


def resolve_event(state: State, side: int) -> None:
    """Carry out the event ``side`` played this season (§3.1)."""
    n = state.played[side]["card"]
    rule = EVENTS[card_record(state, n).event]
    rule.resolve(state, side, n)


def discard_played(state: State) -> None:
    """Put this season's played cards on the discard pile unless they stay in play (§3.1)."""
    in_play = {n for n, _ in state.in_play}
    for side in (ATHENS, SPARTA):
        p = state.played[side]
        if p is not None and p["card"] not in in_play and p["card"] not in state.leaders:
            state.discard.append(p["card"])
        state.played[side] = None
