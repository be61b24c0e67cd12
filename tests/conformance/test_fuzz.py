"""Seeded random games of every game on the core keep the game's invariants after every action
(docs/architecture.md, "Conformance suite"): whatever the game's services check (Hellenes and
Earth & Water: every piece in one place, every card in one pile, the views redacted, ...),
and for every game that play never stops short (a game not over offers a choice), that the
choices offered are all taken, and that every role's view stays JSON.

Each scenario plays :data:`GAMES` games to their end or :data:`CAP` actions; the random player
ends a phase more often than chance (as ``hellenes selfplay --policy brisk``) to get further."""

from __future__ import annotations

import json
import random

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction

GAMES, CAP = 8, 400
#: how often the random player takes a phase's end when it may
BRISK = 0.5


def _pick(rng: random.Random, legal: list[dict], ends: frozenset[str]) -> dict:
    ending = [a for a in legal if a["type"] in ends]
    return rng.choice(ending if ending and rng.random() < BRISK else legal)


def test_random_games_keep_the_invariants(ruleset, scenario, invariants, phase_ends):
    actions = finished = 0
    for seed in range(1, GAMES + 1):
        game = Game(ruleset, ruleset.setup(scenario, seed), seed)
        rng = random.Random(seed * 7919)
        if invariants:
            invariants(game, 0)
        for n in range(CAP):
            legal = game.legal_actions()
            if game.over:
                finished += 1
                assert game.result is not None or not legal
                break
            where = f"{ruleset.name} {scenario} seed {seed}, action {n + 1}"
            assert legal, f"{where}: play stopped with nothing to choose: {game.prompt.text}"
            action = _pick(rng, legal, phase_ends)
            since = len(game.log)
            try:
                game.apply(action)
            except IllegalAction as exc:
                raise AssertionError(f"{where}: the offered {action} was refused: {exc}") \
                    from exc
            actions += 1
            if invariants:
                invariants(game, since)
            if n % 25 == 0:
                for role in (*ruleset.roles, "all"):
                    json.dumps(game.view(role))
    assert actions >= GAMES * 2, "the games hardly started: the fuzz saw little"
