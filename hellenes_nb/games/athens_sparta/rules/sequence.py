"""The sequence of play as decision frames (the rules' sequence of play, §4.6, §8, §10;
docs/athens-sparta.md, "What plays"):

- **olympiad** (automatic): the 25 cards shuffled with the game's dice, six dealt to each side
  (the dice used: undo stops here); then the mulligan when a hand is under 10 MPs
  (:mod:`.mulligan`).
- **cards** (both sides, in either order): each side picks one card of its hand face down; the
  second pick turns both over (a reveal: undo never passes it). Player 1 is decided by
  :func:`.cards.turn_order`; a Storm keeps every navy in port, an Earthquake leaves only siege
  attrition, Player 1 first (:func:`.cards.turn_effects`).
- the two player turns (:mod:`.operations`): moves, battles, siege attrition.
- **grain** after Athens' turn and **persia** at the end of a Game Turn (:mod:`.strategics`,
  §9.1, §9.3).
- **turn_end** (automatic): sudden death (§10.1); the next Game Turn, or after the sixth the
  **olympiad_end**: the victory check (§10.2) and, with no winner, the Replacement Phase (§8,
  both sides' decisions, :mod:`.replacement`), then the next Olympiad.
- **over** (terminal): the winner and how.
"""

from __future__ import annotations

from hellenes_nb.core.steps import Step, pop, push, replace_top
from hellenes_nb.games.athens_sparta.position import SIDES, TURNS, Position
from hellenes_nb.games.athens_sparta.rules import bidding, syracusepoints
from hellenes_nb.games.athens_sparta.rules.cards import deal, turn_effects, turn_order
from hellenes_nb.games.athens_sparta.rules.mulligan import mulligan_frame
from hellenes_nb.games.athens_sparta.rules.replacement import phase_frame
from hellenes_nb.games.athens_sparta.rules.replacement import play_plan as replacements
from hellenes_nb.games.athens_sparta.rules.strategics import persia_check
from hellenes_nb.games.athens_sparta.rules.victory import olympiad_winner, sudden_death

__all__ = ["STEPS", "other", "replacements", "turn_frames"]


def other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


class Olympiad(Step):
    kind = "olympiad"
    rules = ("4.6",)

    def run(self, st: Position, frame: dict) -> None:
        if bidding.on(st) and st.board.olympiad == 84 and not frame.get("bid"):
            replace_top(st, bid=True)  # tourney bidding first, before the first deal (§10.3)
            bidding.start(st)
            return
        dealt = deal(st.world, st.dice)
        st.hands, st.rest = dealt.hands, dealt.rest
        syracusepoints.trim(st)  # the cards set aside at Sicily stay out (§9.2 optional)
        st.board.turn = 1
        st.revolts = []  # one revolt a side per city per Olympiad (aid)
        st.event("deal", "4.6", f"Olympiad {st.board.olympiad}: the cards are shuffled and "
                 "six dealt to each side")
        pop(st, frame)
        push(st, {"kind": "olympiad_end"})
        push(st, {"kind": "cards", "chosen": {}})
        if syracusepoints.on(st) and not st.sicily:
            push(st, {"kind": "sicily_cards", "chosen": {}})
        asked = mulligan_frame(st)
        if asked is not None:
            push(st, asked)


class Cards(Step):
    """Both sides pick a card face down; the second pick reveals both."""

    kind = "cards"
    rules = ("4.6",)

    def deciders(self, st: Position, frame: dict) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(SIDES) if s not in frame["chosen"] and st.hands[s])

    def legal(self, st: Position, frame: dict, side: int) -> list[dict]:
        name = SIDES[side]
        mps = {c.id: c for c in st.world.cards}
        return [{"type": "card", "side": name, "card": c,
                 "label": f"play {c} ({mps[c].mp} MP{', ' + mps[c].event if mps[c].event else ''})"}
                for c in sorted(st.hands[name])]

    def reveals(self, st: Position, frame: dict, action: dict) -> bool:
        return len(frame["chosen"]) == 1  # the second pick turns both cards over

    def apply(self, st: Position, frame: dict, action: dict) -> None:
        side, card = action["side"], action["card"]
        st.hands[side] = [c for c in st.hands[side] if c != card]
        chosen = {**frame["chosen"], side: card}
        if len(chosen) < 2:
            replace_top(st, chosen=chosen)
            st.event("card_chosen", "4.6", f"{side} picks {card} face down", side,
                     private=side, public=f"{side} picks a card face down")
            return
        st.shown = chosen
        first, second = turn_order(st.world, chosen["athens"], chosen["sparta"])
        effects = turn_effects(st.world, *chosen.values())
        st.event("reveal", "4.6", f"cards shown: Athens {chosen['athens']}, Sparta "
                 f"{chosen['sparta']}; {first} is Player 1", first)
        pop(st, frame)
        for f in reversed(turn_frames(st, first, second, effects)):
            push(st, f)

    def text(self, st: Position, frame: dict) -> str:
        waiting = [s for s in SIDES if s not in frame["chosen"]]
        return (f"Olympiad {st.board.olympiad}, Game Turn {st.board.turn}: "
                f"{' and '.join(waiting)} pick a card face down")


def turn_frames(st: Position, first: str, second: str, effects: dict) -> list[dict]:
    """The frames of one Game Turn, in order: each player's moves, battles and attrition; an
    Earthquake leaves the attrition only (§4.6)."""
    mps = {c.id: c.mp for c in st.world.cards}
    frames: list[dict] = []
    for side in (first, second):
        if not effects["cancelled_but_attrition"]:
            frames.append({"kind": "ops", "side": side, "mps": mps[st.shown[side]],
                           "storm": effects["navies_stay"], "moved": [], "from": {},
                           "crossed": [], "attacks": []})
            frames.append({"kind": "battles", "side": side, "attacks": [], "from": {},
                           "crossed": []})
        frames.append({"kind": "attrition", "side": side})
        frames.append({"kind": "sicily", "side": side})  # attrition in Sicily, Corinth (§9.2)
        if side == "athens" and not effects["cancelled_but_attrition"]:
            frames.append({"kind": "grain", "side": side})  # the Hellespont (§9.1)
    frames.append({"kind": "turn_end"})
    return frames


class TurnEnd(Step):
    kind = "turn_end"
    rules = ("10.1",)

    def run(self, st: Position, frame: dict) -> None:
        winner = sudden_death(st.board, st.world)
        if winner is not None:
            st.stack[:] = [{"kind": "over", "winner": winner, "how": "sudden death",
                            "text": f"{winner} occupies the enemy's main city (§10.1)"}]
            st.event("victory", "10.1", st.stack[0]["text"], winner)
            return
        pop(st, frame)  # the cards shown stay in view until the next reveal
        if st.board.turn < TURNS and any(st.hands.values()):  # five with Syracuse points
            st.board.turn += 1
            push(st, {"kind": "cards", "chosen": {}})
        persia_check(st)  # §9.3


class OlympiadEnd(Step):
    kind = "olympiad_end"
    rules = ("10.2", "8.0")

    def run(self, st: Position, frame: dict) -> None:
        winner = olympiad_winner(st.board, st.world, persian_support=st.board.persia != "none",
                                 end_of_war=st.options.get("end_of_war", "aid"))
        if winner is not None:
            how = "city points" if st.board.olympiad < 89 else "end of the war"
            text = (f"{winner} wins by {how} at the end of Olympiad {st.board.olympiad} "
                    "(§10.2)")
            st.stack[:] = [{"kind": "over", "winner": winner, "how": how, "text": text}]
            st.event("victory", "10.2", text, winner)
            return
        pop(st, frame)  # the Replacement Phase (§8), then the next Olympiad
        push(st, phase_frame(st))


class Over(Step):
    kind = "over"
    terminal = True

    def text(self, st: Position, frame: dict) -> str:
        return frame["text"]


STEPS = (Olympiad(), Cards(), TurnEnd(), OlympiadEnd(), Over())
