"""A save key whose place cannot be used (issue 26, item 3; docs/security.md, "Wrong and
unusable files").

Saves against the computer are sealed with the installation's key, kept in the user's config
folder (``hellenes_nb.core.sealed.key_path``). When that place is unusable, both boards' Save
and Load must say in words what is wrong and where, within seconds, change nothing, and let
play go on; hot-seat saves, which are open, need no key and keep working.

How each place is made unusable: a folder at the key's path, a file where its folder (or the
config folder) should be and a pipe at the key's path are real, made in a temporary config
folder. A read-only folder cannot be made real here: these tests may run as root, whom no mode
bits stop. It is simulated instead: ``os.mkdir`` and ``os.open`` answer as the system does for
a read-only home (EACCES, or EROFS for a read-only disk) for every path under the config
folder, and pass every other path through.
"""

from __future__ import annotations

import errno
import os
import re
import time
from pathlib import Path

import pytest
from support.widget_helpers import press_load

from hellenes_nb.widgets.dashboard import Dashboard

#: every refusal must come within this many seconds
PROMPT = 5.0


def _key_is_a_folder(cfg: Path, monkeypatch) -> str:
    (cfg / "hellenes-nb" / "save-key").mkdir(parents=True)
    return f"{cfg}/hellenes-nb/save-key is a folder where the key file should be"


def _its_folder_is_a_file(cfg: Path, monkeypatch) -> str:
    cfg.mkdir()
    (cfg / "hellenes-nb").write_text("notes")
    return f"{cfg}/hellenes-nb is a file where a folder should be"


def _config_folder_is_a_file(cfg: Path, monkeypatch) -> str:
    cfg.write_text("")
    return f"{cfg} is a file where a folder should be"


def _key_is_a_pipe(cfg: Path, monkeypatch) -> str:
    (cfg / "hellenes-nb").mkdir(parents=True)
    os.mkfifo(cfg / "hellenes-nb" / "save-key")  # reading it would wait forever
    return f"{cfg}/hellenes-nb/save-key is not a plain file"


def _refused_under(cfg: Path, code: int, monkeypatch) -> None:
    """``os.mkdir`` and ``os.open`` refuse every path under ``cfg`` with ``code``."""
    for name in ("mkdir", "open"):
        real = getattr(os, name)

        def guarded(path, *args, _real=real, **kwargs):
            if Path(os.fspath(path)).is_relative_to(cfg):
                raise OSError(code, os.strerror(code), os.fspath(path))
            return _real(path, *args, **kwargs)

        monkeypatch.setattr(os, name, guarded)


def _read_only_home(cfg: Path, monkeypatch) -> str:
    cfg.mkdir()
    _refused_under(cfg, errno.EACCES, monkeypatch)
    return f"{cfg} cannot be written (permission denied)"


def _read_only_disk(cfg: Path, monkeypatch) -> str:
    cfg.mkdir()
    _refused_under(cfg, errno.EROFS, monkeypatch)
    return f"{cfg} cannot be written (it is on a read-only disk)"


UNUSABLE = {"the key's path is a folder": _key_is_a_folder,
            "its folder is a file": _its_folder_is_a_file,
            "the config folder is a file": _config_folder_is_a_file,
            "the key's path is a pipe": _key_is_a_pipe,
            "a read-only home": _read_only_home,
            "a read-only disk": _read_only_disk}


@pytest.fixture(scope="module")
def saves(tmp_path_factory) -> dict[str, str]:
    """Saves of both games made while the key worked (its own config folder): sealed against
    the computer, and open from hot-seat."""
    before = os.environ.get("XDG_CONFIG_HOME")
    os.environ["XDG_CONFIG_HOME"] = str(tmp_path_factory.mktemp("working-config"))
    try:
        return {"hellenes sealed": _hellenes_vs_computer().save(),
                "hellenes open": Dashboard("431", seed=8, mode="hotseat").save(),
                "earth-water sealed": _earth_water_vs_computer().save(),
                "earth-water open": Dashboard("earth-water", seed=8, mode="hotseat").save()}
    finally:
        if before is None:
            os.environ.pop("XDG_CONFIG_HOME", None)
        else:
            os.environ["XDG_CONFIG_HOME"] = before


@pytest.fixture(params=sorted(UNUSABLE))
def unusable(request, tmp_path, monkeypatch) -> str:
    """The config folder made unusable one way; the words the message must hold."""
    cfg = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(cfg))
    return UNUSABLE[request.param](cfg, monkeypatch)


def _hellenes_vs_computer() -> Dashboard:
    dash = Dashboard("431", seed=31, bot="random")
    for _ in range(3):
        dash.choose(0)
    return dash


def _earth_water_vs_computer() -> Dashboard:
    board = Dashboard("earth-water", seed=31, human="greece", bot="random")
    for _ in range(3):
        board.choose(0)
    return board


def _said(dash: Dashboard) -> str:
    """The dashboard's message area as a person reads it."""
    return re.sub(r"<[^>]+>", "", dash.status.value).replace("&#x27;", "'")


def _timed(fn, *args):
    start = time.perf_counter()
    out = fn(*args)
    assert time.perf_counter() - start < PROMPT
    return out


def test_save_against_the_computer_says_it_cannot_seal_and_play_goes_on(unusable):
    dash = _hellenes_vs_computer()
    before, moves = dash.game.to_json(), len(dash.game.history)
    _timed(dash.save_button.click)
    said = _said(dash)
    assert said.startswith("⚠ cannot seal this save") and unusable in said, said
    assert "Traceback" not in said and "Error" not in said
    assert dash.download.value == "" and dash.game.to_json() == before
    dash.choose(0)  # play goes on, and the computer answers
    assert len(dash.game.history) > moves and dash.message == ""

    board = _earth_water_vs_computer()
    before, moves = board.game.to_json(), len(board.game.history)
    _timed(board.save_button.click)
    said = _said(board)
    assert said.startswith("⚠ cannot seal this save") and unusable in said, said
    assert board.download.value == "" and board.game.to_json() == before
    board.choose(0)
    assert len(board.game.history) > moves


def test_load_of_a_sealed_save_says_the_key_cannot_be_used_and_changes_nothing(saves, unusable):
    dash = _hellenes_vs_computer()
    before, moves = dash.game.to_json(), len(dash.game.history)
    _timed(press_load, dash, saves["hellenes sealed"])
    said = _said(dash)
    assert said.startswith("⚠ cannot open the sealed part of this save"), said
    assert unusable in said and dash.game.to_json() == before
    dash.choose(0)
    assert len(dash.game.history) > moves and dash.message == ""
    with pytest.raises(ValueError, match=re.escape(unusable)):
        _timed(Dashboard.load, saves["hellenes sealed"])
    with pytest.raises(ValueError, match=f"cannot open the sealed part.*{re.escape(unusable)}"):
        _timed(lambda: Dashboard.load(saves["earth-water sealed"], game="earth-water"))


def test_hot_seat_saves_need_no_key(saves, unusable):
    seat = Dashboard("431", seed=9, mode="hotseat")
    seat.save_button.click()
    assert "hn-download" in seat.download.value and seat.message == ""
    press_load(seat, saves["hellenes open"])
    assert _said(seat).startswith("Loaded the 431 game"), _said(seat)
    assert Dashboard.load(saves["hellenes open"], mode="hotseat").game.seed == 8

    board = Dashboard("earth-water", seed=9, mode="hotseat")
    board.save_button.click()
    assert "hn-download" in board.download.value and board.message == ""
    again = Dashboard.load(saves["earth-water open"], game="earth-water", mode="hotseat")
    assert again.game.seed == 8 and again.mode == "hotseat"
