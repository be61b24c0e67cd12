"""Card play for the heuristic bot: which card, for actions or for its event (§3.0–§3.3, §10).

Every card is played in the year it is dealt (one at New Year, one per season, §3.0), so the
question each time is which card to spend now. The bot values a card played for actions at its
action value (§3.2) and an event only when it clearly pays: prestige now (Atrocity, §3.1), a city
that pays tribute every Year End (Revolt §3.12, Helot Uprising, §9.51), or an extra action on
every later turn (a +1 leader of its own side §3.11, Athens Raises Taxes §3.1). At New Year the
card's actions are lost anyway (a Sacrifice, §10.3), so the cheapest card goes unless an event
is worth more.
"""

from __future__ import annotations

from hellenes_nb.games.hellenes.bots.picture import Picture
from hellenes_nb.games.hellenes.index import SIDE_NAMES

#: what a good event is worth, in actions (see module docstring)
EVENT_WORTH = {
    "atrocity": 3.2,
    "revolt": 3.5,
    "helot_uprising": 3.5,
    "athens_raises_taxes": 4.0,
}
LEADER_WORTH = 4.0


def event_worth(pic: Picture, card: int) -> float:
    """Worth of playing ``card`` for its event now (0 when it does not clearly pay)."""
    rec = pic.ix.world.cards[card]
    if rec.event == "leader":
        mine = rec.params.get("side") == SIDE_NAMES[pic.me]
        years_left = max(1, pic.year - pic.ix.world.scenarios[pic.scenario].years[1] + 1)
        return LEADER_WORTH * min(1.0, years_left / 3) if mine and rec.leader_value else 0.0
    return EVENT_WORTH.get(rec.event, 0.0)


def rank_cards(pic: Picture, legal: list[dict]) -> list[dict]:
    """The card plays worth making (§3.3, §10.3), best first: by worth, then the lower card
    number; events that do not clearly pay are left out."""
    cards = pic.ix.world.cards
    new_year = any(a.get("use") == "sacrifice" for a in legal)
    keyed = []
    for a in legal:
        if a["type"] != "play_card":
            continue
        n = a["card"]
        actions = cards[n].actions
        if a["use"] == "event":
            worth = event_worth(pic, n)
            if worth <= 0.0:
                continue
            score = worth - actions if new_year else worth
        elif a["use"] == "sacrifice":
            score = -actions
        else:
            score = actions
        keyed.append(((score, -n, a.get("god") or ""), a))
    keyed.sort(key=lambda k: k[0], reverse=True)
    return [a for _key, a in keyed]


def choose_card(pic: Picture, legal: list[dict]) -> dict:
    """The card to commit (§3.3, §10.3): highest worth, lower card number on ties."""
    ranked = rank_cards(pic, legal)
    if not ranked:
        return next(a for a in legal if a["type"] == "play_card")
    return ranked[0]
