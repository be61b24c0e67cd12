"""Tourney bidding (§10.3) as the option ``bidding: on`` (docs/athens-sparta.md, "Tourney
bidding"; docs/rules-decisions.md says how the product plays it).

Before the first deal a **bidding** frame holds an auction between the two players, who sit at
the engine's two seats (named ``athens`` and ``sparta``, as every action's ``side``):

- the seeded die is the coin: odd, the player at Athens' seat bids first; even, the player at
  Sparta's seat;
- ``bid`` {side, play, steps}: the player names the side it wants to play (``play``) and how
  many steps of that side's starting blocks it will give up (``steps``, 0 allowed as the first
  bid, each later bid at least one more than the last, whatever side it names);
- ``pass_bid`` {side}: once a bid stands, the other player passes and the last bid wins.

The winner plays the side it named. When that is not the side of its seat the two players
change seats (a public event with ``swap``; ``view["seats_swapped"]``): in hot-seat they change
chairs, against the computer the dashboard gives the player the other side. Then a
**bid_steps** frame asks the side played by the winner to remove one step from as many of its
starting blocks as it bid (``bid_step`` {side, block}): a block on the map with two steps or
more, one step at most from any block (§10.3). Which blocks lost a step is that side's secret.

A bid is at most :data:`MOST` and at most the number of blocks of the named side that could
pay it, so every bid can be paid and the list of choices stays short.
"""

from __future__ import annotations

from hellenes_nb.core.echo import shown
from hellenes_nb.core.steps import IllegalAction, Step, pop, push, replace_top
from hellenes_nb.games.athens_sparta.position import SIDES, Position

__all__ = ["ACTIONS", "MOST", "STEPS", "on", "payable", "seats_swapped", "start"]

#: the highest bid the engine takes: more steps than any side would sensibly give up
MOST = 12
ACTIONS = ("bid", "pass_bid", "bid_step")


def on(st: Position) -> bool:
    """Whether the game is played with tourney bidding (the option ``bidding: on``)."""
    return st.options.get("bidding") == "on"


def start(st: Position) -> None:
    """The coin flip (the seeded die) and the auction's frame, before the first deal."""
    face = st.dice.roll()
    first = "athens" if face % 2 else "sparta"
    st.event("bid", "10.3", f"the coin is flipped (die {face}): the player at {first}'s seat "
             "bids first", first)
    push(st, {"kind": "bidding", "turn": first, "last": None})


def payable(st: Position, side: str, taken: tuple[str, ...] = ()) -> list[str]:
    """The starting blocks of ``side`` that may give up a step: on the map, two steps or more,
    not already reduced by the bid."""
    b = st.board
    return [k for k, v in sorted(b.blocks.items()) if v.side == side and v.steps >= 2
            and v.where in st.world.hexes and k not in taken]


def seats_swapped(st: Position) -> bool:
    """Whether the auction ended with the players changing seats."""
    return any(ev.get("kind") == "bid" and ev.get("swap") for ev in st.log)


def _other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


def _bid_words(bid: dict) -> str:
    return f"{bid['play'].title()} {bid['steps']}"


def _least(frame: dict) -> int:
    return 0 if frame["last"] is None else frame["last"]["steps"] + 1


class Bidding(Step):
    """The auction for sides (module docstring)."""

    kind = "bidding"
    rules = ("10.3",)

    def deciders(self, st: Position, frame: dict) -> tuple[int, ...]:
        return (SIDES.index(frame["turn"]),)

    def legal(self, st: Position, frame: dict, side: int) -> list[dict]:
        name = SIDES[side]
        if name != frame["turn"]:
            return []
        out = []
        for play in SIDES:
            for n in range(_least(frame), min(MOST, len(payable(st, play))) + 1):
                out.append({"type": "bid", "side": name, "play": play, "steps": n,
                            "label": f"bid {play.title()} {n}: I play {play.title()} and give "
                                     f"up {n} step{'s' if n != 1 else ''} of its starting "
                                     "blocks"})
        last = frame["last"]
        if last is not None:
            winner = "me" if last["side"] == name else "the other player"
            out.append({"type": "pass_bid", "side": name,
                        "label": f"pass: the bid {_bid_words(last)} wins ({winner} plays "
                                 f"{last['play'].title()})"})
        return out

    def why_illegal(self, st: Position, frame: dict, action: dict) -> IllegalAction | None:
        kind, side = action.get("type"), action.get("side")
        if kind not in ("bid", "pass_bid"):
            return IllegalAction(f"{shown(kind)} is not a choice now: the players bid for "
                                 "sides (bid or pass_bid)", "10.3")
        if side != frame["turn"]:
            return IllegalAction(f"it is the turn of the player at {frame['turn']}'s seat to "
                                 "bid", "10.3")
        last = frame["last"]
        if kind == "pass_bid":
            if last is None:
                return IllegalAction("the first player must bid (0 is a bid) before anyone "
                                     "may pass", "10.3")
            return None
        play, n = action["play"], action["steps"]
        if play not in SIDES:
            return IllegalAction(f"a bid names the side to play, athens or sparta, not "
                                 f"{shown(play)}", "10.3")
        if n < _least(frame):
            if last is None:
                return IllegalAction(f"a bid is a number of steps, 0 or more, not {n}", "10.3")
            return IllegalAction(f"a bid must be higher than the last one ({_bid_words(last)}):"
                                 f" bid {last['steps'] + 1} or more, or pass", "10.3")
        most = min(MOST, len(payable(st, play)))
        if n > most:
            return IllegalAction(f"a bid for {play.title()} is at most {most} steps: one step "
                                 f"a starting block of two steps or more (and at most {MOST})",
                                 "10.3")
        return None

    def apply(self, st: Position, frame: dict, action: dict) -> None:
        side = action["side"]
        if action["type"] == "bid":
            bid = {"side": side, "play": action["play"], "steps": action["steps"]}
            st.event("bid", "10.3", f"the player at {side}'s seat bids {_bid_words(bid)}", side)
            replace_top(st, turn=_other(side), last=bid)
            return
        last = frame["last"]
        st.event("bid", "10.3", f"the player at {side}'s seat passes", side)
        swap = last["play"] != last["side"]
        words = (f"; the players change seats: the one who sat at {last['side']} plays "
                 f"{last['play']}, the other {last['side']}" if swap else "")
        st.event("bid", "10.3", f"the bid {_bid_words(last)} wins: {last['play']} gives up "
                 f"{last['steps']} step{'s' if last['steps'] != 1 else ''} of its starting "
                 f"blocks{words}", last["play"], swap=swap)
        pop(st, frame)
        if last["steps"]:
            push(st, {"kind": "bid_steps", "side": last["play"], "left": last["steps"],
                      "taken": []})

    def text(self, st: Position, frame: dict) -> str:
        last = frame["last"]
        now = "no bid yet" if last is None else f"the bid stands at {_bid_words(last)}"
        return (f"Tourney bidding: the player at {frame['turn']}'s seat bids for a side or "
                f"passes ({now}), §10.3")


class BidSteps(Step):
    """The side played by the auction's winner gives up its bid in steps (module docstring)."""

    kind = "bid_steps"
    rules = ("10.3",)

    def deciders(self, st: Position, frame: dict) -> tuple[int, ...]:
        return (SIDES.index(frame["side"]),)

    def legal(self, st: Position, frame: dict, side: int) -> list[dict]:
        name = SIDES[side]
        if name != frame["side"]:
            return []
        kinds = {x.id: x for x in st.world.blocks}
        return [{"type": "bid_step", "side": name, "block": k,
                 "label": f"take a step from {kinds[k].name} ({kinds[k].type}, "
                          f"{st.board.blocks[k].steps} steps) for the bid"}
                for k in payable(st, name, tuple(frame["taken"]))]

    def why_illegal(self, st: Position, frame: dict, action: dict) -> IllegalAction | None:
        kind, side, block = action.get("type"), action.get("side"), action.get("block")
        if kind != "bid_step":
            return IllegalAction(f"{shown(kind)} is not a choice now: {frame['side']} removes "
                                 f"the steps of its bid (bid_step), {frame['left']} to go",
                                 "10.3")
        if side != frame["side"]:
            return IllegalAction(f"{frame['side']} won the bid and removes its steps, not "
                                 f"{shown(side)}", "10.3")
        v = st.board.blocks.get(block)
        if v is None or v.side != side:
            return IllegalAction(f"{shown(block)} is not a block of {side}", "10.3")
        name = next(x.name for x in st.world.blocks if x.id == block)
        if block in frame["taken"]:
            return IllegalAction(f"{name} has already given up a step for the bid: one step "
                                 "at most from any block", "10.3")
        if v.where not in st.world.hexes:
            return IllegalAction(f"{name} is not a starting block on the map", "10.3")
        if v.steps < 2:
            return IllegalAction(f"{name} has a single step: the bid's steps come from blocks "
                                 "of two steps or more (docs/rules-decisions.md)", "10.3")
        return None

    def apply(self, st: Position, frame: dict, action: dict) -> None:
        side, block = action["side"], action["block"]
        v = st.board.blocks[block]
        v.steps -= 1
        name = next(x.name for x in st.world.blocks if x.id == block)
        st.event("bid", "10.3", f"{side} takes a step from {name} for its bid ({v.steps} "
                 "left)", side, private=side, public=f"{side} gives up a step for its bid")
        if frame["left"] > 1:
            replace_top(st, left=frame["left"] - 1, taken=[*frame["taken"], block])
        else:
            pop(st, frame)

    def text(self, st: Position, frame: dict) -> str:
        return (f"{frame['side']} won the bid: it takes one step from each of {frame['left']} "
                "more starting blocks, one at most a block (§10.3)")


STEPS = (Bidding(), BidSteps())
