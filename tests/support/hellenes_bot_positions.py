"""Positions for bot tests on the real 431 map: play to a decision, then edit the board."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hellenes_nb.bots import RandomBot, deciding_sides
from hellenes_nb.core.game import Game, new_game
from hellenes_nb.core.steps import strip_label
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot
from hellenes_nb.games.hellenes.index import SIDE_NAMES
from hellenes_nb.games.hellenes.rules import control
from hellenes_nb.games.hellenes.rules.siege.records import refresh
from hellenes_nb.games.hellenes.state import POOL, UNIT_KEYS, UNIT_LIST_KEYS


def advance(game: Game, until: Callable[[Game], bool], limit: int = 2000) -> Game:
    """Play both sides with heuristic bots until ``until(game)`` holds."""
    bots = {s: HeuristicBot(7) for s in SIDE_NAMES}
    for _ in range(limit):
        if until(game):
            return game
        for side in deciding_sides(game):
            game.apply(bots[side].choose(game, side))
    raise AssertionError("the position was not reached")


def play_checking_legal(game: Game, bot, rounds: int) -> None:
    """Let ``bot`` play every deciding side of ``game`` for ``rounds`` rounds (fewer when the
    game ends), asserting that each action it returns is one of that side's legal actions."""
    for _ in range(rounds):
        if game.over:
            break
        for side in deciding_sides(game):
            action = bot.choose(game, side)
            assert strip_label(action) in [strip_label(a) for a in game.legal_actions(side)]
            game.apply(action)


def random_moves(game: Game, seed: int, steps: int) -> Game:
    """``game`` after ``steps`` uniformly random legal actions drawn with ``random.Random(seed)``
    (fewer when it ends first), for any game on the core."""
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def random_position(scenario: str, seed: int, steps: int) -> Game:
    """A game of ``scenario`` after ``steps`` rounds of random play (seeded by ``seed``)."""
    game = new_game(scenario, seed)
    rnd = RandomBot(seed)
    for _ in range(steps):
        if game.over:
            break
        for side in deciding_sides(game):
            game.apply(rnd.choose(game, side))
    return game


def play_choices(scenario: str, seed: int, bots: dict, decisions: int) -> list[dict]:
    """The actions (labels stripped) ``bots`` (by side) choose in ``decisions`` rounds of a new
    game of ``scenario`` with dice ``seed``."""
    game = new_game(scenario, seed)
    out = []
    for _ in range(decisions):
        if game.over:
            break
        for side in deciding_sides(game):
            a = bots[side].choose(game, side)
            out.append(strip_label(a))
            game.apply(a)
    return out


def assert_same_choices_twice(scenario: str, seed: int, bots: Callable[[], dict],
                              decisions: int) -> None:
    """Two games of ``scenario`` played by fresh ``bots()`` (by side) choose the same actions
    in ``decisions`` rounds: a bot is deterministic for its seed and iteration count."""
    assert play_choices(scenario, seed, bots(), decisions) == play_choices(
        scenario, seed, bots(), decisions)


def action_phase(side: str, seed: int = 5) -> Game:
    """A 431 game at the start of ``side``'s first action phase of a campaigning season."""
    game = new_game("431", seed)
    return advance(game, lambda g: g.prompt.kind == "actions" and g.prompt.side == side
                   and 1 <= g.state.season <= 4 and g.state.actions_left >= 2)


def put(game: Game, key: str, area: str | None, cv: int = 0, inside: bool = False) -> None:
    """Stand unit ``key`` in ``area`` at ``cv`` (``None``: back to the pool)."""
    st = game.state
    ix = st.ix
    u = ix.unit(key)
    if area is None:
        st.loc[u], st.cv[u], st.inside[u] = POOL, 0, 0
    else:
        st.loc[u], st.cv[u], st.inside[u] = ix.place(area), cv, int(inside)


def clear(game: Game, area: str, side: str) -> None:
    """Send every unit of ``side`` in ``area`` to its pool."""
    st = game.state
    p = st.ix.place(area)
    lo = SIDE_NAMES.index(side) * 60
    for u in range(lo, lo + 60):
        if st.loc[u] == p:
            put(game, st.ix.unit_key[u], None)


def settle_board(game: Game) -> None:
    """Re-evaluate control and sieges after edits (§1.4, §7.2)."""
    control.refresh(game.state)
    refresh(game.state)


def referenced_units(game: Game) -> set[int]:
    """Units named by frames and records (left alone by :func:`shuffle_hidden`)."""
    st = game.state
    out: set[int] = set()

    def collect(obj) -> None:  # names nested anywhere in a record (a frame's sub-records too)
        if isinstance(obj, dict):
            for k, v in obj.items():
                if k in UNIT_KEYS and isinstance(v, int) and not isinstance(v, bool) and v >= 0:
                    out.add(v)
                elif k in UNIT_LIST_KEYS and isinstance(v, list | tuple):
                    out.update(x for x in v if isinstance(x, int))
                else:
                    collect(v)
        elif isinstance(obj, list | tuple):
            for x in obj:
                collect(x)

    collect(list(st.stack) + list(st.engagements) + list(st.pending_rolls))
    for f, c in st.carry.items():
        out.update((f, c))
    return out


def shuffle_hidden(game: Game, viewer: str, rng: random.Random) -> Game:
    """A copy where the enemy blocks ``viewer`` cannot see are other units of the same kind
    (fleet or not, barbarian or not) at other strengths, and one enemy card is swapped with
    the deck: everything in ``viewer``'s view stays the same (§2.0, §3.0)."""
    g = game.clone()
    st = g.state
    ix = st.ix
    foe = 1 - SIDE_NAMES.index(viewer)
    sc = ix.world.scenarios[st.scenario]
    busy = referenced_units(g)
    groups: dict[tuple[bool, bool], list[int]] = {}
    for u in range(foe * 60, foe * 60 + 60):
        if not ix.exists[u] or not sc.uses_unit(ix.unit_number[u]) or u in busy:
            continue
        if st.loc[u] == POOL or (st.loc[u] >= 0 and not st.revealed[u]):
            groups.setdefault((ix.is_fleet[u], ix.is_barbarian[u]), []).append(u)
    for units in groups.values():
        slots = [(st.loc[u], st.inside[u]) for u in units]
        rng.shuffle(slots)
        for u, (loc, inside) in zip(units, slots, strict=True):
            st.loc[u], st.inside[u] = loc, inside
            st.cv[u] = rng.randint(1, ix.max_cv[u]) if loc >= 0 else 0
    hand = st.hands[foe]
    if hand and st.deck:
        i, j = rng.randrange(len(hand)), rng.randrange(len(st.deck))
        hand[i], st.deck[j] = st.deck[j], hand[i]
    return g


def slow_clock(monkeypatch, bot: Any, *modules: Any, per_rollout: float = 0.1) -> None:
    """A fake clock for ``bot``'s time limit: ``time.perf_counter`` of each of ``modules``
    reads it, and each of the bot's rollouts moves it on ``per_rollout`` seconds."""
    clock = [0.0]
    for module in modules:
        monkeypatch.setattr(module.time, "perf_counter", lambda: clock[0])
    rollout = bot._rollout

    def slow_rollout(*args: Any) -> Any:
        clock[0] += per_rollout
        return rollout(*args)

    monkeypatch.setattr(bot, "_rollout", slow_rollout)
