"""How the bots bid for sides (§10.3, the option ``bidding: on``): a small fixed table.

The bots value playing Athens above playing Sparta by :data:`ATHENS_EDGE` steps: with the
default rules Athens wins when time runs out unless Sparta has won (the aid's reading), and
the heuristic against itself on the same seeds won 18 of 20 games as Athens and 3 of 20 as
Sparta (docs/bots.md). So a bot:

- bids for Athens, one step above the last bid (0 when it bids first), while that is at most
  the edge;
- passes when the last bid names Sparta (it then plays Athens at full strength), or when
  outbidding would cost more than the edge;
- gives up the steps of its bid from its strongest blocks outside its main city first (a step
  of a four-step block is a quarter of it, of a two-step block half), then by name.

It reads only its side's view and its legal choices.
"""

from __future__ import annotations

from hellenes_nb.games.athens_sparta.world import load_world

__all__ = ["ATHENS_EDGE", "choose_bid"]

#: how many steps of its starting blocks a bot gives up to play Athens rather than Sparta
ATHENS_EDGE = 3


def choose_bid(view: dict, side: str, legal: list[dict]) -> dict:
    """The bot's choice at a ``bidding`` or ``bid_steps`` decision (module docstring)."""
    steps = [a for a in legal if a["type"] == "bid_step"]
    if steps:
        mine = {b["id"]: b for b in view["blocks"] if b.get("id")}
        main = load_world().cities[side].hex

        def order(a: dict) -> tuple:
            b = mine.get(a["block"], {})
            return (b.get("where") == main, -b.get("steps", 0), a["block"])

        return min(steps, key=order)
    bids = sorted((a for a in legal if a["type"] == "bid" and a["play"] == "athens"),
                  key=lambda a: a["steps"])
    passing = next((a for a in legal if a["type"] == "pass_bid"), None)
    last = view["prompt"].get("bid")
    if passing is not None and last and last["play"] == "sparta":
        return passing
    if bids and bids[0]["steps"] <= ATHENS_EDGE:
        return bids[0]
    return passing if passing is not None else min(
        (a for a in legal if a["type"] == "bid"), key=lambda a: a["steps"])
