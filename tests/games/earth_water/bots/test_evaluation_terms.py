"""The Earth & Water search scores positions by the game's victory terms read as data and by
weights fitted on self-play (docs/bots.md, "Scenario terms" and "300: Earth & Water")."""

from __future__ import annotations

import shutil

import pytest

from hellenes_nb import new_game
from hellenes_nb.games.earth_water.bots import evaluation as ev
from hellenes_nb.games.earth_water.index import MAJORS, WORLD
from hellenes_nb.games.earth_water.world import data_dir


def _terms_with(tmp_path, old: str, new: str) -> ev.EWTerms:
    folder = tmp_path / "ew"
    folder.mkdir()
    shutil.copy(data_dir() / ev.TERMS_FILE, folder)
    path = folder / ev.TERMS_FILE
    path.write_text(path.read_text().replace(old, new, 1))
    return ev.terms_for("earth-water", folder)


def test_terms_agree_with_the_game_data_and_name_their_sections():
    t = ev.terms_for("earth-water")
    assert t.score_track == WORLD.setup.track.max
    assert t.campaigns == WORLD.setup.campaigns.count
    assert set(t.sections) == {"score_track", "campaigns", "majors_fall", "sudden_death"}


@pytest.mark.rule("10")
def test_the_track_counts_again_only_in_the_last_campaign():
    st = new_game("earth-water", seed=2).state
    st.score = 3
    f = ev.features(st)
    assert f["score"] == 3.0 and f["score_late"] == 0.0 and f["score_progress"] == 0.0
    st.campaign = ev.terms_for("earth-water").campaigns
    f = ev.features(st)
    assert f["score_late"] == 3.0 and f["score_progress"] == 3.0
    w = {"score_late": 1.0}
    assert ev.value(st, 0, w) > 0.9 and ev.value(st, 1, w) < 0.1


@pytest.mark.rule("9")
def test_a_fallen_major_city_counts_only_where_the_terms_say_so(tmp_path, monkeypatch):
    st = new_game("earth-water", seed=2).state
    athens = MAJORS[0][0]
    before = ev.features(st)["majors_lost"]
    real = ev.controls
    monkeypatch.setattr(ev, "controls", lambda s, side, city: (side, city) != (0, athens)
                        and real(s, side, city))
    assert ev.features(st)["majors_lost"] == before + 1
    off = _terms_with(tmp_path, "majors_fall: true", "majors_fall: false")
    assert ev.features(st, off)["majors_lost"] == 0.0


@pytest.mark.rule("5.3")
def test_the_great_kings_death_is_a_fact_only_with_sudden_death(tmp_path):
    st = new_game("earth-water", seed=2).state
    st.mark("darius")
    assert ev.features(st)["kings_dead"] == 1.0
    off = _terms_with(tmp_path, "sudden_death: true", "sudden_death: false")
    assert ev.features(st, off)["kings_dead"] == 0.0


def test_bad_terms_and_weights_are_refused_in_words(tmp_path):
    with pytest.raises(ev.TermsError, match="no victory terms for scenario 'x'"):
        ev.terms_for("x")
    with pytest.raises(ev.TermsError, match="victory_terms.yaml.*campaigns"):
        _terms_with(tmp_path, "campaigns: 5", "campaigns: five")
    folder = tmp_path / "w"
    folder.mkdir()
    (folder / ev.WEIGHTS_FILE).write_text('{"families": {"earth-water": {"weights": {"a": "b"}}}}')
    with pytest.raises(ev.TermsError, match="evaluation.json cannot be used"):
        ev.fitted("earth-water", folder)
