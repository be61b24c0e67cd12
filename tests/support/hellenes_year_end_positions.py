"""Positions on the real map for the Winter, Year End and scenario tests, and a driver that
answers the decisions a test does not care about."""

from __future__ import annotations

from hellenes_nb.core.game import Game
from hellenes_nb.games.hellenes.index import index_for
from hellenes_nb.games.hellenes.rules import control
from hellenes_nb.games.hellenes.rules.setup import initial_state
from hellenes_nb.games.hellenes.ruleset import HELLENES
from hellenes_nb.games.hellenes.state import POOL, State
from hellenes_nb.games.hellenes.world import load_world

WORLD = load_world()
IX = index_for(WORLD)
#: cards worth 1, 2 and 3 actions for Athens and for Sparta (any such card will do)
CARD_FOR = ({1: 14, 2: 16, 3: 17}, {1: 20, 2: 18, 3: 21})


def P(place: str) -> int:
    return IX.place(place)


def U(key: str) -> int:
    return IX.unit(key)


def board(units: dict[str, tuple], *, scenario: str = "431", year: int | None = None,
          garrisons: dict[str, int] | None = None, seed: int = 1,
          leaders: bool = False) -> State:
    """A scenario state with only ``units`` on the map (``{"A12": ("samos", 3)}``, add
    ``"inside"`` to fortify), the given garrisons (area → side), and no leaders unless asked."""
    s = initial_state(WORLD, scenario, seed)
    if year is not None:
        s.year = year
    for u in range(120):
        if s.loc[u] >= 0:
            s.loc[u], s.cv[u], s.inside[u] = POOL, 0, 0
    s.garrisons = {P(a): [side, 1] for a, side in (garrisons or {}).items()}
    s.sieges = {}
    if not leaders:
        s.in_play = [x for x in s.in_play if x[0] not in s.leaders]
        s.leaders = [None, None]
    for key, spec in units.items():
        u = U(key)
        s.loc[u], s.cv[u] = P(spec[0]), spec[1]
        s.inside[u] = 1 if "inside" in spec[2:] else 0
    control.refresh(s)
    return s


def besiege(s: State, area: str, besieger: int, since: tuple = (431, 4, 0)) -> None:
    """Record an established siege of ``area`` (from a prior season by default)."""
    s.sieges[P(area)] = {"besieger": besieger, "since": list(since), "blockaded_since": None}
    control.refresh(s)


def winter(s: State, first: int, actions: tuple[int, int] = (1, 1)) -> Game:
    """A game at the start of ``first``'s winter actions; both players' action cards are
    played with ``actions`` (Athens, Sparta) actions."""
    s.season = 5
    s.first = s.active = first
    s.hands = [[], []]
    s.played = [{"card": CARD_FOR[side][actions[side]], "use": "actions"} for side in (0, 1)]
    s.stack = [{"kind": "year", "stage": 6}, {"kind": "winter", "stage": 2},
               {"kind": "winter_actions", "side": first, "stage": "start"}]
    return Game(HELLENES, s, seed=1)


def action_game(s: State, side: str, actions: int, *, season: int = 1) -> Game:
    """A game whose next decision is ``side``'s action phase with ``actions`` actions."""
    me = 0 if side == "athens" else 1
    s.season, s.active, s.first = season, me, me
    s.played = [{"card": CARD_FOR[k][actions], "use": "actions"} for k in (0, 1)]
    s.actions_left = actions
    s.stack = [{"kind": "year", "stage": 5}, {"kind": "season", "season": season, "stage": 3},
               {"kind": "turn", "side": me, "stage": 1, "begun": 1},
               {"kind": "actions", "side": me}]
    return Game(HELLENES, s, seed=1)


def act(game: Game, kind: str, **match) -> list[dict]:
    """Apply the first legal action of ``kind`` whose keys equal ``match``."""
    for a in game.legal_actions():
        if a["type"] == kind and all(a.get(k) == v for k, v in match.items()):
            return game.apply(a)
    raise AssertionError(f"no legal {kind} {match}; choices: "
                         + "; ".join(a.get("label", a["type"]) for a in game.legal_actions()))


def default(game: Game, until: str) -> None:
    """Take the first (cautious) choice until the prompt is of kind ``until`` or play stops."""
    for _ in range(500):
        if game.over or game.prompt.kind == until:
            return
        game.apply(game.legal_actions()[0])
    raise AssertionError(f"never reached {until}")


def at(game: Game, key: str) -> str | None:
    p = game.state.loc[U(key)]
    return IX.place_ids[p] if p >= 0 else None
