"""The campaign and the end of the game: setting up (§3), the four phases of a campaign in
order (§4.1), the sudden death of the Great King (§5.3), scoring and automatic victory (§9) and
the result after the fifth campaign (§10)."""

from __future__ import annotations

from hellenes_nb.core.steps import Step, pop, push, replace_top
from hellenes_nb.games.earth_water.index import CITY, MAJOR, MAJORS, SIDE_NAMES, WORLD, slot
from hellenes_nb.games.earth_water.rules.board import ATHENAI, controller, controls
from hellenes_nb.games.earth_water.rules.common import EWStep, plural, word
from hellenes_nb.games.earth_water.rules.leaders import pay
from hellenes_nb.games.earth_water.state import State

__all__ = ["STEPS", "initial_state", "result", "sudden_death"]

SETUP = WORLD.setup
LAST = SETUP.campaigns.count
TRACK = SETUP.track.max


def initial_state(scenario: str, seed: int) -> State:
    """The position at the start (§3): the pieces of §3.1–3.2, everything else in reserve, the
    markers on their first spaces (§3.3), the sixteen cards shuffled (§3.4)."""
    st = State(scenario, seed)
    pieces = (SETUP.pieces.greece, SETUP.pieces.persia)
    start = (SETUP.start.greece, SETUP.start.persia)
    for side in (0, 1):
        for city, n in start[side].armies.items():
            st.u[slot(0, side, CITY[city])] += n
        for city, n in start[side].fleets.items():
            st.u[slot(2, side, CITY[city])] += n
        st.reserve[side] = pieces[side].armies - sum(start[side].armies.values())
        st.reserve[2 + side] = pieces[side].fleets - sum(start[side].fleets.values())
    st.deck = sorted(WORLD.cards)
    st.dice.shuffle(st.deck)
    st.stack = [{"kind": "campaign", "phase": "start"}]
    st.event("setup", "3.0", "The armies and fleets stand at their starting cities; the "
             "sixteen cards are shuffled into the draw pile.")
    return st


def add_score(st: State, points: int) -> None:
    """Move the Total Score Track (above 0: Greece leads), never past 6 either way (§4.5)."""
    st.score = max(-TRACK, min(TRACK, st.score + points))


def leader_text(score: int) -> str:
    if score == 0:
        return "level"
    return f"{'Greece' if score > 0 else 'Persia'} leads by {abs(score)}"


def sudden_death(st: State, *, in_operations: bool) -> None:
    """The Great King dies (§5.3): Darius the first time, Xerxes the second. Persia discards its
    hand, the draw and discard piles are shuffled together, and the campaign ends without
    scoring; through Pacification of Babylon or Egypt (card 16) operations end instead and the
    campaign goes on to supply and scoring. The caller has taken its own frame off."""
    flag = "xerxes" if st.has("darius") else "darius"
    king = "Darius dies of illness" if flag == "darius" else "Xerxes is assassinated"
    lost = st.hands[1]
    st.hands[1] = []
    st.deck = st.deck + st.discard + lost
    st.discard = []
    st.dice.shuffle(st.deck)
    if in_operations:
        for i in range(len(st.stack) - 1, -1, -1):
            if st.stack[i]["kind"] == "operations":
                st.stack[i] = {**st.stack[i], "ended": True}
                break
        then = "operations end; supply and scoring follow"
    else:
        for i in range(len(st.stack) - 1, -1, -1):
            if st.stack[i]["kind"] == "campaign":
                st.stack[i] = {**st.stack[i], "phase": "end", "skipped": True}
                break
        then = "the campaign ends at once, with no scoring"
    st.event("sudden_death", "5.3", f"Sudden Death of the Great King: {king}. Persia discards "
             f"its hand ({plural(len(lost), 'card')}), all cards but the Greek hand are "
             f"shuffled into a new draw pile, and {then}.", 1, cards=lost)
    pay(st, flag)


def king_alive(st: State) -> bool:
    """Whether Sudden Death can still strike (§5.3: twice a game at most)."""
    return not st.has("xerxes")


def points(st: State) -> list[int]:
    """Each side's points for the cities it controls: 1 a city, 2 a Major city (§9); Athenai
    scores for nobody after Acropolis on Fire (card 15)."""
    out = [0, 0]
    skip = ATHENAI if st.has("acropolis") else -1
    for c in range(len(MAJOR)):
        if c == skip:
            continue
        side = controller(st, c)
        if side >= 0:
            out[side] += 2 if MAJOR[c] >= 0 else 1
    return out


def fallen(st: State, side: int) -> bool:
    """Whether the enemy controls both of ``side``'s Major cities (§9, automatic victory)."""
    return all(controls(st, 1 - side, m) for m in MAJORS[side])


def _game_over(st: State, frame: dict, winner: int, how: str, text: str) -> None:
    pop(st, frame)
    push(st, {"kind": "over", "winner": winner, "how": how, "text": text})
    st.event("game_over", "10.0" if how != "majors" else "9.0", text,
             winner if winner >= 0 else -1)


class Campaign(EWStep):
    """Automatic: the phases of a campaign in order (§4.1), then the next campaign or the end
    (§4.1, §10)."""

    kind = "campaign"
    rules = ("4.1",)

    def step(self, st: State, frame: dict) -> None:
        phase = frame["phase"]
        if phase == "start":
            budget = SETUP.budget.persia_keeping if st.hands[1] else SETUP.budget.persia
            st.event("campaign", "4.1", f"Campaign {st.campaign} of {LAST} begins "
                     f"(score: {leader_text(st.score)}).")
            replace_top(st, phase="greek_prep")
            push(st, {"kind": "prepare", "side": 1, "talents": budget, "stage": "buy",
                      "fleets": 0, "extra": False})
        elif phase == "greek_prep":
            budget = SETUP.budget.greece - st.has("acropolis_next")
            st.mark("acropolis_next", False)
            replace_top(st, phase="operations")
            push(st, {"kind": "prepare", "side": 0, "talents": budget, "stage": "buy",
                      "fleets": 0, "extra": False})
        elif phase == "operations":
            replace_top(st, phase="supply")
            st.event("operations", "6.1", "The Operations Phase begins: Persia plays first.")
            push(st, {"kind": "operations", "turn": 1, "passes": 0})
        elif phase == "supply":
            replace_top(st, phase="scoring")
            push(st, {"kind": "supply", "side": 0, "stage": "cards"})
            push(st, {"kind": "supply", "side": 1, "stage": "cards"})
        elif phase == "scoring":
            self.score(st, frame)
        else:
            self.end(st, frame)

    def score(self, st: State, frame: dict) -> None:
        lost = [fallen(st, 0), fallen(st, 1)]
        if lost[0] != lost[1]:
            winner = 1 if lost[0] else 0
            _game_over(st, frame, winner, "majors",
                       f"{word(winner)} wins at once: {word(1 - winner)} has lost control of "
                       "both of its Major cities.")
            return
        pts = points(st)
        diff = pts[0] - pts[1]
        add_score(st, diff)
        who = ("Nobody gains" if diff == 0 else
               f"{word(0 if diff > 0 else 1)} gains {plural(abs(diff), 'point')}")
        note = " (Athenai scores for nobody: Acropolis on Fire)" if st.has("acropolis") else ""
        st.event("score", "9.0", f"Scoring: Greece {pts[0]}, Persia {pts[1]}{note}. {who}; "
                 f"the track shows {leader_text(st.score)}.", points=pts, score=st.score)
        replace_top(st, phase="end")

    def end(self, st: State, frame: dict) -> None:
        st.mark("carneia", False)
        st.mark("acropolis", False)
        if frame.get("skipped"):
            st.event("campaign_end", "5.3", f"Campaign {st.campaign} ends without scoring.")
        if st.campaign >= LAST:
            s = st.score
            if s == 0:
                _game_over(st, frame, -1, "tie", "After the fifth campaign the score is level: "
                           "the game is a tie.")
            else:
                winner = 0 if s > 0 else 1
                _game_over(st, frame, winner, "points", f"After the fifth campaign "
                           f"{word(winner)} wins by {plural(abs(s), 'point')}.")
            return
        st.campaign += 1
        replace_top(st, phase="start", skipped=False)


class Over(Step):
    """The game has ended (§9, §10)."""

    kind = "over"
    rules = ("10.0",)
    terminal = True

    def text(self, st: State, frame: dict) -> str:
        return frame["text"]


def result(st: State) -> dict | None:
    """The result once the game is over: winner (a side or None for a tie), how, text."""
    top = st.stack[-1] if st.stack else None
    if top is None or top["kind"] != "over":
        return None
    w = top["winner"]
    return {"winner": SIDE_NAMES[w] if w >= 0 else None, "how": top["how"],
            "text": top["text"], "score": st.score, "campaign": st.campaign}


STEPS = (Campaign(), Over())
