"""§9.5 Year End and §14.2 winning the game: tribute, the victory check and peace offers, markers
and continuing events, the next year or the end of the campaign (exhaustion, §14.23–§14.24).

Frames:

- ``{"kind": "year_end", "stage": "tribute"|"victory"|"markers"|"advance"}``;
- ``{"kind": "peace_offer", "side": s}``: the leading side may offer peace (§14.22);
- ``{"kind": "game_over", "side": winner or -1, "how", "prestige", "text"}``: the end (terminal).

The cards in play are handled by ``cards.py``: their Year End prestige (Persian Aid, No
Quarter: ``cards.year_end_prestige``), Civil War leaving play and Athens' choice to drop Athens
Raises Taxes (``cards.year_end_cleanup``), and the Peace and War Faction terms of a peace offer
(``cards.peace_offer_terms``).
"""

from __future__ import annotations

from hellenes_nb.core.steps import IllegalAction, Step, pop, push, replace_top
from hellenes_nb.games.hellenes.index import ATHENS, SIDE_NAMES, SPARTA, action_side, side_title
from hellenes_nb.games.hellenes.rules import cards, victory
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.state import State

DECISIVE = 15
MAJOR, MINOR = 10, 5
HOW_WORDS = {"decisive": "Decisive Victory (enemy surrender, §14.21)",
             "negotiated": "Negotiated Peace (§14.22)",
             "major": "Major Victory by exhaustion (§14.24)",
             "minor": "Minor Victory by exhaustion (§14.24)",
             "draw": "Draw by exhaustion (§14.24)"}


# -- tribute (§9.51, §12.11, §13.1, §15.2 rule 4) ------------------------------------------------
def tribute(state: State) -> dict[str, dict[str, int]]:
    """Each side's tribute this Year End, as ``{"athens": {...}, "sparta": {...}}`` with the
    cities' total ``cities``, the ``collected`` amount after halving, the ``penalty`` it pays
    (Persian Aid, No Quarter, the Sicily tribute gap) and the ``net`` gain."""
    ix = state.ix
    greece_by_rule = scenario_rules.has(state, "athens_tribute_penalty")
    halve = scenario_rules.has(state, "reduced_tribute") and scenario_rules.war_resumed(state)
    out: dict[str, dict[str, int]] = {}
    for side in (ATHENS, SPARTA):
        total = sum(ix.city_value[p] for p in range(ix.n_land)
                    if ix.has_city[p] and ix.city_loyalty[p] == 1 - side
                    and state.city_control[p] == side
                    and not (greece_by_rule and ix.region[p] == "greece"))
        collected = total // 2 if halve else total
        penalty = 0
        if side == SPARTA:
            penalty += (cards.in_play_count(state, "persian_aid")
                        + cards.in_play_count(state, "no_quarter"))
        elif greece_by_rule:
            penalty += 1
        out[SIDE_NAMES[side]] = {"cities": total, "collected": collected, "penalty": penalty,
                                 "net": collected - penalty}
    return out


def collect_tribute(state: State) -> None:
    """Move the prestige track by both sides' tribute and penalties, each logged (§9.51)."""
    t = tribute(state)
    halved = " (halved after War Resumes, §12.11)" if scenario_rules.has(
        state, "reduced_tribute") and scenario_rules.war_resumed(state) else ""
    for side in (ATHENS, SPARTA):
        rec = t[SIDE_NAMES[side]]
        victory.gain(state, side, rec["collected"], "9.51",
                     f"tribute from {rec['cities']} city value of opposing cities{halved}")
    if t["athens"]["penalty"]:
        victory.gain(state, SPARTA, t["athens"]["penalty"], "15.2",
                     "the tribute gap in Greece costs Athens 1 (Sicily rule 4)")
    cards.year_end_prestige(state)


# -- victory (§14.21–§14.24) -------------------------------------------------------------------

def end_game(state: State, side: int, how: str) -> None:
    """Stop play with the result (a terminal ``game_over`` frame)."""
    who = side_title(side) if side >= 0 else "Nobody"
    text = (f"{who} wins: {HOW_WORDS[how]}" if side >= 0 else HOW_WORDS[how]) + \
        f"; Prestige {state.prestige:+d} in {state.year} BC"
    push(state, {"kind": "game_over", "side": side, "how": how, "prestige": state.prestige,
                 "text": text})
    state.event("game_over", "14.2", text, side, how=how)


def exhaustion(prestige: int) -> tuple[int, str]:
    """(winner or -1, level) at the end of a campaign (§14.23–§14.24)."""
    lead = abs(prestige)
    side = ATHENS if prestige > 0 else SPARTA
    if lead >= MAJOR:
        return side, "major"
    if lead >= MINOR:
        return side, "minor"
    return -1, "draw"


def result(state: State) -> dict | None:
    """The game's result once it is over: ``{"winner", "how", "prestige", "text"}``."""
    top = state.stack[-1] if state.stack else None
    if top is None or top.get("kind") != "game_over":
        return None
    return {"winner": SIDE_NAMES[top["side"]] if top["side"] >= 0 else None,
            "how": top["how"], "prestige": top["prestige"], "text": top["text"]}


def last_year(state: State) -> int:
    """The final year (BC) of the scenario (§15)."""
    return state.ix.world.scenarios[state.scenario].years[1]


class YearEnd(Step):
    kind = "year_end"
    rules = ("9.5", "9.51", "9.52", "9.53", "9.54", "14.2")

    def run(self, state, frame):
        stage = frame["stage"]
        if stage == "tribute":
            state.event("year_end", "9.5", f"Year End {state.year} BC")
            collect_tribute(state)
            replace_top(state, stage="victory")
        elif stage == "victory":
            replace_top(state, stage="markers")
            lead = abs(state.prestige)
            side = ATHENS if state.prestige > 0 else SPARTA
            if lead >= DECISIVE:
                end_game(state, side, "decisive")
            elif lead >= cards.peace_offer_terms(state)[0]:
                push(state, {"kind": "peace_offer", "side": side})
        elif stage == "markers":
            replace_top(state, stage="advance")
            state.pillaged = frozenset()
            for key in [k for k in state.flags if k.startswith("pillaged_now:")]:
                del state.flags[key]
            cards.year_end_cleanup(state)
        else:
            pop(state, frame)
            if state.year <= last_year(state):
                side, how = exhaustion(state.prestige)
                end_game(state, side, how)
                return
            state.year -= 1
            reshuffle(state)


def reshuffle(state: State) -> None:
    """Collect every card not in play (deck, discards, hands, played) and shuffle (§9.54)."""
    keep = {n for n, _ in state.in_play} | {n for n in state.leaders if n is not None}
    pile = state.deck + state.discard + state.hands[0] + state.hands[1]
    pile += [p["card"] for p in state.played if p is not None]
    state.deck = sorted(n for n in set(pile) if n not in keep)
    state.discard, state.hands, state.played = [], [[], []], [None, None]
    state.dice.shuffle(state.deck)
    state.event("reshuffle", "9.54", f"The {len(state.deck)} cards not in play are shuffled "
                f"for {state.year} BC")


class PeaceOffer(Step):
    """The leading side may offer peace: pay the cost, then each player rolls one die; a total
    below the resulting prestige wins (§14.22)."""

    kind = "peace_offer"
    rules = ("14.22",)

    def deciders(self, state, frame):
        return (frame["side"],)

    def legal(self, state, frame, side):
        if side != frame["side"]:
            return []
        _need, cost = cards.peace_offer_terms(state)
        name = SIDE_NAMES[side]
        lead = abs(state.prestige)
        return [{"type": "peace_offer", "side": name, "offer": False,
                 "label": "Make no peace offer: play on"},
                {"type": "peace_offer", "side": name, "offer": True,
                 "label": f"Offer peace: pay {cost} Prestige, then win if two dice total less "
                          f"than {lead - cost}"}]

    def why_illegal(self, state, frame, action):
        if action.get("type") != "peace_offer" or not isinstance(action.get("offer"), bool):
            return IllegalAction("answer with 'peace_offer' and 'offer': true or false", "14.22")
        if action_side(action) != frame["side"]:
            return IllegalAction(f"only {side_title(frame['side'])}, who leads on Prestige, may "
                                 "offer peace", "14.22")
        return None

    def apply(self, state, frame, action):
        side = frame["side"]
        pop(state, frame)
        if not action["offer"]:
            state.event("no_offer", "14.22", f"{side_title(side)} makes no peace offer", side)
            return
        _need, cost = cards.peace_offer_terms(state)
        victory.gain(state, 1 - side, cost, "14.22", f"{side_title(side)} pays for a peace offer")
        dice = state.dice.rolls(2)
        state.barrier = True
        level = state.prestige if side == ATHENS else -state.prestige
        won = sum(dice) < level
        state.event("peace_roll", "14.22", f"{side_title(side)} offers peace: dice {dice[0]} + "
                    f"{dice[1]} = {sum(dice)} against Prestige {level}: "
                    f"{'accepted' if won else 'refused'}", side, dice=dice)
        if won:
            end_game(state, side, "negotiated")

    def text(self, state, frame):
        return (f"{side_title(frame['side'])} may offer peace with {abs(state.prestige)} Prestige "
                "(§14.22)")


class GameOver(Step):
    kind = "game_over"
    rules = ("14.2",)
    terminal = True

    def text(self, state, frame):
        return frame["text"]


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (YearEnd(), PeaceOffer(), GameOver())
