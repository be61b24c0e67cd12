"""Positions on the real map for event tests: a scenario with the board cleared, a few blocks
placed by hand, and an event played by one side."""

from __future__ import annotations

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import Step
from hellenes_nb.games.hellenes.rules import control, events
from hellenes_nb.games.hellenes.rules.setup import initial_state
from hellenes_nb.games.hellenes.ruleset import Hellenes
from hellenes_nb.games.hellenes.state import POOL, State
from hellenes_nb.games.hellenes.steps import STEPS
from hellenes_nb.games.hellenes.world import load_world

WORLD = load_world()
SIDE = {"athens": 0, "sparta": 1}


class TestEnd(Step):
    """A terminal frame under the event being tested: play stops once the event is done."""

    kind = "test_end"
    terminal = True


#: the game's rules with the test's terminal step besides (play stops under the event)
RULES = Hellenes(STEPS.extended([TestEnd()], "hellenes with a test end"))


def card_with(event: str, scenario_cards: tuple[int, int] = (1, 55), **params) -> int:
    """The first card number whose event is ``event`` and whose params match."""
    lo, hi = scenario_cards
    for n in range(lo, hi + 1):
        c = WORLD.cards[n]
        if c.event == event and all(c.params.get(k) == v for k, v in params.items()):
            return n
    raise LookupError(f"no card {event} {params}")


def board(units: dict[str, tuple] | None = None, *, scenario: str = "431", season: int = 2,
          seed: int = 1) -> State:
    """``scenario`` with every block in its pool, no garrisons or sieges, then ``units``
    placed: ``{"A1": ("attica", 3), "S5": ("pallene", 2, "inside")}``."""
    s = initial_state(WORLD, scenario, seed)
    ix = s.ix
    for u in range(120):
        if s.loc[u] >= 0:
            s.loc[u], s.cv[u], s.inside[u] = POOL, 0, 0
    s.garrisons, s.sieges = {}, {}
    for key, spec in (units or {}).items():
        u = ix.unit(key)
        s.loc[u], s.cv[u] = ix.place(spec[0]), spec[1]
        s.inside[u] = 1 if "inside" in spec[2:] else 0
    s.season = season
    control.refresh(s)
    return s


def besiege(s: State, area: str, besieger: str, *, since_season: int = 1) -> None:
    """Record a siege of ``area`` established in an earlier season of this year."""
    p = s.ix.place(area)
    when = [s.year, since_season, 0]
    s.sieges[p] = {"besieger": SIDE[besieger], "since": when, "blockaded_since": when}
    control.refresh(s)


def play(s: State, side: str, card: int, *, new_year: bool = False) -> Game:
    """``side`` plays ``card`` for its event now; the game stops once the event is done."""
    me = SIDE[side]
    reason = events.event_reason(s, me, card, new_year)
    assert reason is None, reason
    s.active = s.first = me
    s.played[me] = {"card": card, "use": "event"}
    s.stack = [{"kind": "test_end"}]
    events.resolve_event(s, me)
    return Game(RULES, s, seed=1)


def choices(game: Game) -> list[str]:
    return [a["choice"] for a in game.legal_actions() if a["type"] == "event_choice"]


def choose(game: Game, side: str, choice: str) -> None:
    game.apply({"type": "event_choice", "side": side, "choice": choice})
