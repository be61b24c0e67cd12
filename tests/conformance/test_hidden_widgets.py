"""A player's board carries nothing of what the player may not see, in every game with hidden
facts (docs/security.md; docs/architecture.md, "Conformance suite").

The board a game opens for a player against the computer (``Dashboard(scenario, mode="bot",
human=role)``: the Hellenes dashboard, the Earth & Water board) is shown positions of seeded
random games at which that player decides; then the same position with what the player cannot
see dealt anew (:mod:`conformance.infosets`: the other hand, the draw pile, the dice to come).
Every synced trait of every widget on the board (:mod:`conformance.widgetstate`) must be the
same: a trait that carried a card of the other hand, or the next card of the pile, would
differ. (Hellenes' face-down blocks are not dealt anew; tests/hidden searches the Hellenes
screens for them.)"""

from __future__ import annotations

import random

import pytest
from conformance.conftest import NO_BOARD_YET
from conformance.infosets import sampler_for
from conformance.playing import played
from conformance.widgetstate import screen

from hellenes_nb.core.game import Game
from hellenes_nb.widgets.dashboard import Dashboard

#: positions a role looked at (one every STRIDE of its decisions), drawings of its unseen facts
POSITIONS, STRIDE, DRAWS, ACTIONS = 4, 6, 2, 150


def _deciding(ruleset, scenario: str, role: str) -> list[Game]:
    """Positions of a seeded random game at which ``role`` decides."""
    out, n = [], 0
    for game in played(ruleset, scenario, 5, ACTIONS):
        if role in {a["side"] for a in game.legal_actions()}:
            n += 1
            if n % STRIDE == 1:
                out.append(Game(ruleset, game.state.clone(), game.seed,
                                history=list(game.history)))
            if len(out) == POSITIONS:
                break
    return out


def test_the_players_board_is_the_same_whatever_the_player_cannot_see(ruleset, scenario):
    if getattr(ruleset, "perfect_information", False):
        pytest.skip(f"{ruleset.name} hides nothing from its players")
    if ruleset.name in NO_BOARD_YET:
        pytest.skip(f"{ruleset.name} is not on the dashboard yet: {NO_BOARD_YET[ruleset.name]}")
    rng = random.Random(21)
    looked = 0
    for role in ruleset.roles:
        board = Dashboard(scenario, 1, mode="bot", human=role)
        screens = set()
        for real in _deciding(ruleset, scenario, role):
            board.session.load(real)
            seen = screen(board)
            screens.add(seen)
            for _ in range(DRAWS):
                twin = Game(ruleset, sampler_for(real)(real, role, rng), real.seed,
                            history=list(real.history))
                board.session.load(twin)
                assert screen(board) == seen, (
                    f"{role}'s board ({type(board).__name__}) changed with what {role} "
                    f"cannot see, at {real!r}")
            looked += 1
        assert len(screens) > 1, f"{role}'s board did not follow the positions it was shown"
    assert looked >= len(ruleset.roles) * 2, "too few positions looked at"
