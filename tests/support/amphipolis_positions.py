"""*Amphipolis* positions for its rule tests: a game of scenario 10.2 (seeded, or with the
first dice forced), and a way to play on with plain choices until a given decision comes up."""

from __future__ import annotations

from hellenes_nb import new_game
from hellenes_nb.core.game import Game
from hellenes_nb.games.amphipolis.ruleset import AMPHIPOLIS

SCENARIO = "amphipolis-10.2"
#: the choices taken on the way to a decision (the first found is taken)
PLAIN = ("keep_advantage", "accept_roll", "pass", "done", "hold", "keep")


def until(game: Game, kind: str, limit: int = 200) -> Game:
    """Play plain choices until the top frame is of ``kind`` (AssertionError if it never is)."""
    for _ in range(limit):
        if game.state.stack[-1]["kind"] == kind:
            return game
        legal = game.legal_actions()
        assert legal, f"no choice at {game.prompt.text}"
        plain = [a for a in legal if a["type"] in PLAIN]
        game.apply(plain[0] if plain else legal[0])
    raise AssertionError(f"no {kind} frame within {limit} choices")


def start(seed: int = 7) -> Game:
    return new_game(SCENARIO, seed)


def forced(*faces: int, seed: int = 3) -> Game:
    """Scenario 10.2 with the first dice rolled forced (the draws of Phase A take none)."""
    st = AMPHIPOLIS.setup(SCENARIO, seed)
    st.dice.force(faces)
    return Game(AMPHIPOLIS, st, seed)


def athens_to_move(scenario: str = SCENARIO, seed: int = 7) -> Game:
    """A game of ``scenario`` at Athens' first move: Sparta's first moves pass."""
    game = until(new_game(scenario, seed), "move")
    while game.state.stack[-1]["side"] != 0:
        game.apply({"type": "done", "side": "sparta"})
        until(game, "move")
    return game


def cleon_lands() -> Game:
    """Scenario 10.3, turn 7, Athens' first Phase B.2 move: Cleon's army has arrived at
    Thasos (the other choices on the way plain)."""
    game = new_game("amphipolis-10.3", 1)
    for _ in range(50):
        until(game, "move")
        frame = game.state.stack[-1]
        if frame["side"] == 0 and frame["phase"] == "B2":
            return game
        game.apply({"type": "done", "side": ("athens", "sparta")[frame["side"]]})
    raise AssertionError("no Phase B.2 move for Athens")
