"""§3 cards: dealing, simultaneous card play, initiative, action counts and the event registry.

Events are dispatched through :data:`EVENTS`: a rule module makes an event playable by
registering an :class:`EventRule` for its key (cards.yaml ``event`` field). An event with no
registered rule cannot be played for its event, only for its action value (or as a New Year
Sacrifice, §10.3). ``rules/events.py`` registers all seventeen keys.

This module also answers what the cards in play mean for other rule modules (engine II):

- :func:`season_ban`: moves, pillage, engagements or assaults forbidden this season by an
  Earthquake or Augury (§3.1);
- :func:`hunger_max`, :func:`double_defense`, :func:`treachery_city`: Hunger, Civil War and
  Treachery as seen by siege combat (§3.1);
- :func:`peace_offer_terms`: the Peace and War Faction cards (§14.22);
- :func:`year_end_cleanup` and :func:`year_end_prestige`: Civil War leaves play, Athens may
  drop Athens Raises Taxes, Persian Aid and No Quarter cost Sparta prestige (§3.1, §13.1).
"""

from __future__ import annotations

from collections.abc import Iterator

from hellenes_nb.core.steps import Step, pop, push
from hellenes_nb.core.words import count
from hellenes_nb.games.hellenes.index import (
    ATHENS,
    SIDE_NAMES,
    SPARTA,
    side_of,
    side_title,
)
from hellenes_nb.games.hellenes.rules import victory
from hellenes_nb.games.hellenes.state import State

HAND_SIZE = 6


class EventRule:
    """How one event key is played: ``playable`` gives a reason it cannot be (or None),
    ``resolve`` carries it out (it may push decision frames)."""

    key = ""
    rules: tuple[str, ...] = ("3.1",)

    def playable(self, state: State, side: int, card: int, new_year: bool) -> str | None:
        return None

    def resolve(self, state: State, side: int, card: int) -> None:
        state.event("event", self.rules[0], f"{side_title(side)} plays {self.key}",
                    side)


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


def card_record(state: State, n: int):
    """The static Card record of card number ``n``."""
    return state.ix.world.cards[n]


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
        state.event("deal", "10.1", f"{side_title(side)} is dealt "
                    f"{len(state.hands[side])} cards: {sorted(state.hands[side])}", side,
                    private=side, public=f"{side_title(side)} is dealt "
                    f"{len(state.hands[side])} cards")


def discard_played(state: State) -> None:
    """Put this season's played cards on the discard pile (§3.1) unless they stay in play (a
    continuing event or a leader) or an event already put them somewhere else: on the discard
    pile (the Peace and War Faction cards) or back into the deck (an ostracized leader played
    this season, §3.11). A card is never in two piles."""
    placed = {n for n, _ in state.in_play}.union(state.discard, state.deck, *state.hands)
    for side in (ATHENS, SPARTA):
        p = state.played[side]
        if p is not None and p["card"] not in placed and p["card"] not in state.leaders:
            state.discard.append(p["card"])
        state.played[side] = None


# -- cards in play and this season's event effects (engine II) --------------------------------
def season_code(state: State) -> int:
    """A number naming the current season of the current year (years run down, §15)."""
    return state.year * 10 + state.season


def in_play_count(state: State, key: str) -> int:
    """How many cards with event ``key`` are face up in play (§3.1)."""
    return sum(1 for n, _ in state.in_play if card_record(state, n).event == key)


def remove_from_play(state: State, n: int, why: str) -> None:
    """Take continuing card ``n`` out of play onto the discard pile (§3.1)."""
    state.in_play = [x for x in state.in_play if x[0] != n]
    state.discard.append(n)
    state.event("card_removed", "3.1", f"{card_record(state, n).title} (card {n}) leaves play: "
                f"{why}", card=n)


#: what each season-long event forbids its victim (§3.1)
BANS = {"earthquake": ("move", "pillage"), "augury": ("engage", "assault")}
_BAN_WORDS = {"move": "move", "pillage": "pillage", "engage": "engage the enemy",
              "assault": "assault a city"}
#: for each thing banned, the events that ban it with their flag names (Athens', Sparta's)
_BAN_FLAGS = {what: tuple((key, tuple(f"{key}:{name}" for name in SIDE_NAMES))
                          for key, banned in BANS.items() if what in banned)
              for what in _BAN_WORDS}


def season_ban(state: State, side: int, what: str) -> str:
    """Why ``side`` may not ``what`` ("move", "pillage", "engage", "assault") this season, or
    "" (§3.1 Earthquake: no moves or pillage, barbarian recruits' free move included; Augury:
    no engaging or assaults, siege attrition still allowed)."""
    bans = _BAN_FLAGS.get(what)
    if bans is None:
        raise ValueError(f"season_ban asks about move, pillage, engage or assault, not {what!r}")
    now = season_code(state)
    for key, flags in bans:
        if state.flags.get(flags[side]) == now:
            return (f"the enemy's {key.title()} this season: {side_title(side)} "
                    f"may not {_BAN_WORDS[what]} (§3.1)")
    return ""


def hunger_max(state: State, p: int) -> int:
    """The highest attrition die face that hits the city of ``p`` this season because of a
    Hunger event (2), or 0 when no Hunger applies (§3.1). Siege attrition uses the larger of
    this and its ordinary rate."""
    return 2 if state.flags.get(f"hunger:{state.ix.place_ids[p]}") == season_code(state) else 0


def double_defense(state: State, p: int) -> bool:
    """Do the defenders of the city of ``p`` keep their double defense (§8.11)? Not while a
    Civil War marker lies on the city this year (§3.1)."""
    return p not in state.civil_war


def treachery_city(state: State, side: int) -> int:
    """The city ``side`` made its Treachery Assault on this player turn, or -1 (§3.1): it may not
    also be attritioned that turn ("others can be Siege Attritioned")."""
    got = state.flags.get(f"treachery:{SIDE_NAMES[side]}", -1)
    if got < 0 or got // 1000 != season_code(state):
        return -1
    return got % 1000


def no_quarter_bars(state: State, u: int) -> str:
    """Why unit ``u`` may not be recruited because of No Quarter, or "" (§3.1): Athens cannot
    recruit its elite E2 fleets while the card is in play."""
    if side_of(u) == SPARTA or not in_play_count(state, "no_quarter"):
        return ""
    rec = state.ix.world.units.get(("athens", state.ix.unit_number[u]))
    rating = rec.sea_rating if rec is not None else None
    if rating is not None and f"{rating.agility}{rating.power}" == "E2":
        return "No Quarter is in play: Athens cannot recruit E2 fleets (§3.1)"
    return ""


def peace_offer_terms(state: State) -> tuple[int, int]:
    """(prestige needed, prestige it costs) for a Peace Offer (§14.22): 10 and 2, or 5 and 1
    while a Peace Faction Ascendant card is in play (§3.1)."""
    if in_play_count(state, "peace_faction_ascendant"):
        return 5, 1
    return 10, 2


def year_end_prestige(state: State) -> int:
    """Apply the Year End prestige of continuing events: Sparta loses 1 for each Persian Aid
    (tribute, §13.1) and 1 for each No Quarter card in play (§3.1). Returns the total."""
    total = 0
    for key, rule, why in (("persian_aid", "13.1", "Persian Aid tribute"),
                           ("no_quarter", "3.1", "No Quarter")):
        n = in_play_count(state, key)
        if n:
            victory.gain(state, ATHENS, n, rule,
                         f"Sparta pays for {why} ({count(n, 'card')} in play)")
            total += n
    return total


def year_end_cleanup(state: State) -> None:
    """Year End for the cards in play (§3.1): Civil War cards leave play and their markers go;
    if Athens Raises Taxes is in play, Athens decides whether to take it out of play (a
    ``taxes_removal`` frame is pushed, so call this from a step's ``run``)."""
    for n, _ in list(state.in_play):
        if card_record(state, n).event == "civil_war":
            remove_from_play(state, n, "Civil War ends at Year End")
    if state.civil_war:
        names = ", ".join(state.ix.place_name[p] for p in sorted(state.civil_war))
        state.event("civil_war_over", "3.1", f"Civil War markers removed: {names}")
        state.civil_war = frozenset()
    if in_play_count(state, "athens_raises_taxes"):
        push(state, {"kind": "taxes_removal", "side": ATHENS})


class TaxesRemoval(Step):
    """At Year End Athens may take Athens Raises Taxes cards out of play, one at a time (§3.1).

    Frame: ``{"kind": "taxes_removal", "side": 0}``.
    """

    kind = "taxes_removal"
    rules = ("3.1",)

    def _cards(self, state: State) -> list[int]:
        return sorted(n for n, _ in state.in_play
                      if card_record(state, n).event == "athens_raises_taxes")

    def deciders(self, state, frame):
        return (ATHENS,) if self._cards(state) else ()

    def legal(self, state, frame, side):
        if side != ATHENS:
            return []
        out = [{"type": "keep_taxes", "side": "athens",
                "label": "Keep Athens Raises Taxes in play"}]
        for n in self._cards(state):
            out.append({"type": "remove_taxes", "side": "athens", "card": n,
                        "label": f"Take card {n} Athens Raises Taxes out of play"})
        return out

    def apply(self, state, frame, action):
        if action["type"] == "keep_taxes":
            pop(state, frame)
            return
        remove_from_play(state, action["card"], "Athens stops the war tax at Year End")

    def text(self, state, frame):
        return "Year End: Athens may take Athens Raises Taxes out of play (§3.1)"

#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (TaxesRemoval(),)
