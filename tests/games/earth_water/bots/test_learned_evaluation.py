"""The Earth & Water search scores with the weights learned from self-play, shipped as data
with what produced them (docs/bots.md, "300: Earth & Water")."""

from __future__ import annotations

import json

from hellenes_nb import new_game
from hellenes_nb.games.earth_water.bots import evaluation as ev
from hellenes_nb.games.earth_water.bots.searching import EarthWaterSearch
from hellenes_nb.games.earth_water.world import data_dir


def test_the_search_scores_with_the_shipped_fitted_weights():
    shipped = json.loads((data_dir() / ev.WEIGHTS_FILE).read_text())
    assert shipped["script"] == "scripts/fit_evaluation_ew.py"
    w = ev.fitted("earth-water")
    assert set(w) == {"intercept", *ev.FEATURES}
    st = new_game("earth-water", seed=5).state
    model = EarthWaterSearch(1)
    centred = {k: v for k, v in w.items() if k != "intercept"}
    for role in (0, 1):
        assert model.value(None, st, role) == ev.value(st, role, centred)
