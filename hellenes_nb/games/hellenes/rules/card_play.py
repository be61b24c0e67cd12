"""§3.3 and §10.3 committing cards: both players commit one card face down (for its actions,
its event, or at New Year as a Sacrifice to an Olympian), then both are revealed and the side
with the lower value goes first. At New Year a player holding a Sacrifice to Zeus may first
have the hand dealt again (§11.0).
"""

from __future__ import annotations

from hellenes_nb.core.echo import shown
from hellenes_nb.core.steps import IllegalAction, Step, need, pop
from hellenes_nb.games.hellenes.index import (
    ATHENS,
    SEASONS,
    SIDE_NAMES,
    SPARTA,
    action_side,
    side_title,
)
from hellenes_nb.games.hellenes.rules import olympians
from hellenes_nb.games.hellenes.rules.cards import card_record, initiative
from hellenes_nb.games.hellenes.rules.events import event_reason
from hellenes_nb.games.hellenes.rules.olympians import GODS
from hellenes_nb.games.hellenes.state import State


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
        gods = [g for g in GODS if g not in state.sacrifices[side]]
        if new_year and olympians.zeus_allowed(state, side):
            out.append({"type": "appeal_zeus", "side": name,
                        "label": "Appeal to Zeus: discard these six cards and draw six new "
                                 "ones (spends the Sacrifice, §11.0)"})
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
        if action.get("type") == "appeal_zeus":
            if frame["new_year"] and olympians.zeus_allowed(state, side):
                return None
            return IllegalAction(f"{side_title(side)} cannot appeal to Zeus now: it "
                                 "takes a Sacrifice to Zeus, before committing the New Year "
                                 "card, and one appeal to Zeus a turn", "11.0")
        if action.get("type") != "play_card":
            return IllegalAction(f"both players must now commit a card ('play_card'), "
                                 f"not {shown(action.get('type'))}", "3.3")
        if state.played[side] is not None:
            return IllegalAction(f"{side_title(side)} has already committed a card "
                                 "this season", "3.3")
        n = need(action, "card", int)
        if n not in state.hands[side]:
            return IllegalAction(f"card {n} is not in {side_title(side)}'s hand "
                                 f"(the hand holds {sorted(state.hands[side])})", "3.0")
        use = action.get("use")
        new_year = bool(frame["new_year"])
        sacrifice = new_year and use == "sacrifice"
        if ("god" in action) != sacrifice:  # the listed plays: a god with a Sacrifice only
            return IllegalAction("a New Year Sacrifice names its 'god' (None once every "
                                 "Olympian has one); no other play names a god", "10.3")
        if use == "event":
            reason = event_reason(state, side, n, new_year)
            return IllegalAction(reason, "3.1") if reason else None
        if new_year:
            if use != "sacrifice":
                return IllegalAction("a card played at New Year for its action value is a "
                                     "Sacrifice: use 'sacrifice' with a 'god'", "10.3")
            god = action.get("god")
            left = [g for g in GODS if g not in state.sacrifices[side]]
            if god is None and not left:
                return None
            if god not in GODS:
                return IllegalAction(f"{shown(god)} is not an Olympian; choose one of "
                                     f"{', '.join(GODS)}", "10.3")
            if god in state.sacrifices[side]:
                return IllegalAction(f"{side_title(side)} already has a sacrifice "
                                     f"to {god.title()}: at most one per Olympian", "10.3")
            return None
        if use != "actions":
            return IllegalAction(f"a card is played for 'actions' or 'event', not {shown(use)}",
                                 "3.0")
        return None

    def apply(self, state, frame, action):
        side = action_side(action)
        if action["type"] == "appeal_zeus":
            olympians.appeal_zeus(state, side)
            return
        n = action["card"]
        state.hands[side].remove(n)
        play = {"card": n, "use": action["use"]}
        if frame["new_year"] and action["use"] == "sacrifice":
            play["god"] = action.get("god")
        state.played[side] = play
        state.event("commit", "3.3", f"{side_title(side)} commits {_card_label(state, n)}"
                    f" for {play['use']}", side, private=side,
                    public=f"{side_title(side)} commits a card face down")
        if all(p is not None for p in state.played):
            self._reveal(state, frame)

    def _reveal(self, state: State, frame: dict) -> None:
        state.barrier = True
        parts = []
        for side in (ATHENS, SPARTA):
            p = state.played[side]
            parts.append(f"{side_title(side)} {_card_label(state, p['card'])} for "
                         f"{p['use']}")
            if p["use"] == "sacrifice" and p.get("god"):
                state.sacrifices[side].append(p["god"])
        state.first = initiative(state)
        state.event("reveal", "3.3", "Cards revealed: " + "; ".join(parts) +
                    f". {side_title(state.first)} goes first.", state.first,
                    cards={SIDE_NAMES[s]: dict(state.played[s]) for s in (ATHENS, SPARTA)})
        pop(state, frame)

    def text(self, state, frame):
        when = "New Year" if frame["new_year"] else SEASONS[state.season]
        return (f"{when} {state.year} BC: each player commits one card face down"
                + (" (for an event, or as a Sacrifice to an Olympian)" if frame["new_year"]
                   else " (for its actions or its event)"))


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (CardPlay(),)
