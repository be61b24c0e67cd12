"""A broken passages file is reported in plain words by ``hellenes lesson``, never as a traceback:
teachers are told to add their own passages to it (docs/writing-lessons.md, "Sources")."""

from __future__ import annotations

import pytest

from hellenes_nb.cli import main
from hellenes_nb.games.hellenes import lessonsources as sources

from .conftest import PYLOS


@pytest.fixture
def broken_passages(tmp_path, monkeypatch):
    path = tmp_path / "passages.yaml"
    path.write_text("- author: thucydides\n  ref: \"4.2\"\n  paraphrase: a: b\n", encoding="utf-8")
    monkeypatch.setattr(sources, "_passages_path", lambda: path)
    sources.load_passages.cache_clear()
    yield path
    sources.load_passages.cache_clear()


@pytest.mark.parametrize("command", [["lesson", "check", str(PYLOS)],
                                     ["lesson", "show", "pylos-425"]])
def test_a_broken_passages_file_is_one_plain_problem(broken_passages, command, capsys):
    assert main(command) == 1
    err = capsys.readouterr().err
    assert "passages.yaml: line 3: not valid YAML" in err
    assert "Traceback" not in err
