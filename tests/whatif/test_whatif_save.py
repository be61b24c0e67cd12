"""The What-if lab from a saved game (issue 32): the alternatives are the legal actions of the
side to decide (at most six, the normal level's own pick always among them)."""

from __future__ import annotations

import pytest

from hellenes_nb.bots.levels import make_level
from hellenes_nb.core.game import new_game
from hellenes_nb.whatif import WhatIf, WhatIfError


def save_at_a_decision(tmp_path):
    """A saved Sicily game at its first position where one side decides: (game, path)."""
    game = new_game("sicily", 4)
    while game.prompt.side not in game.ruleset.roles:
        side = [s for s in game.ruleset.roles if game.legal_actions(s)][0]
        game.apply(make_level("normal", 1, game.ruleset).choose(game, side))
    path = tmp_path / "g.json"
    path.write_text(game.to_json(), encoding="utf-8")
    return game, path


def test_a_save_s_alternatives_are_the_legal_actions(tmp_path):
    game, path = save_at_a_decision(tmp_path)
    lab = WhatIf(save=path, games=1, seed=1, workers=1, cache_dir=tmp_path)
    legal = game.legal_actions(game.prompt.side)
    alts = lab.start.alternatives
    assert 1 <= len(alts) <= min(6, len(legal)) and sum(a.historical for a in alts) == 1
    res = lab.run()
    assert res.frame.height == len(alts) and res.complete


def test_an_unreadable_save_is_refused_in_words(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(WhatIfError, match="the save cannot be read"):
        WhatIf(save=path, cache_dir=tmp_path)
