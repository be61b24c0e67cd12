"""A notebook saved in the project's Lab keeps no widget (issue 15, item 13): JupyterLab's
autosave wrote pointers to live widgets, and the notebook reopened with "Error displaying
widget: model not found". hellenes_nb/labsave.py turns each widget output into the "Run the
cells to start" note before the file is written and drops saved widget state (nothing a widget
held reaches the file); scripts/setup.sh enables it as a server extension of the environment."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
import sys
import textwrap

from support.paths import ROOT

from hellenes_nb.labsave import NOTE, WIDGET_STATE, WIDGET_VIEW, strip_widgets

CONFIG = ROOT / "scripts" / "jupyter-server-config.json"


def _output(data: dict, kind: str = "display_data") -> dict:
    out = {"output_type": kind, "metadata": {}, "data": data}
    if kind == "execute_result":
        out["execution_count"] = 1
    return out


def _notebook() -> dict:
    view = {WIDGET_VIEW: {"model_id": "a1b2", "version_major": 2, "version_minor": 0},
            "text/plain": "<Dashboard 431: Sparta's hand 12, 15, 27>"}
    table = _output({"text/html": "<table></table>", "text/plain": "a table"})
    stream = {"output_type": "stream", "name": "stdout", "text": "Athens wins\n"}
    return {
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3"},
                     "widgets": {WIDGET_STATE: {"state": {"a1b2": {"hand": [12, 15, 27]}}}}},
        "cells": [
            {"cell_type": "markdown", "id": "m", "metadata": {}, "source": "# Play"},
            {"cell_type": "code", "id": "c1", "metadata": {}, "execution_count": 1,
             "source": "dash", "outputs": [stream, _output(view, "execute_result"), table]},
            {"cell_type": "code", "id": "c2", "metadata": {}, "execution_count": 2,
             "source": "print(1)", "outputs": [stream]},
        ],
    }


def _widgets_in(nb: dict) -> list[str]:
    text = json.dumps(nb)
    return [m for m in (WIDGET_VIEW, WIDGET_STATE, "a1b2", "hand") if m in text]


def test_widget_outputs_become_the_note_and_widget_state_goes():
    model = {"type": "notebook", "content": _notebook()}
    strip_widgets(model=model, path="mine.ipynb", contents_manager=None)
    nb = model["content"]
    assert _widgets_in(nb) == [], "no widget view, state or what a widget held"
    outputs = nb["cells"][1]["outputs"]
    assert [o["output_type"] for o in outputs] == ["stream", "display_data", "display_data"]
    assert outputs[1]["data"] == {"text/markdown": f"*{NOTE}*", "text/plain": NOTE}
    assert NOTE.startswith("Run the cells to start")
    assert outputs[2] == _notebook()["cells"][1]["outputs"][2], "other outputs are kept"
    assert nb["cells"][2] == _notebook()["cells"][2] and nb["cells"][0] == _notebook()["cells"][0]
    assert nb["metadata"] == {"kernelspec": {"name": "python3"}}


def test_other_files_and_clean_notebooks_are_left_as_they_are():
    for model in ({"type": "file", "format": "text", "content": json.dumps(_notebook())},
                  {"type": "directory", "content": None},
                  {"type": "notebook", "content": None},
                  {"type": "notebook", "content": {"cells": [], "metadata": {}}}):
        before = copy.deepcopy(model)
        strip_widgets(model=model, path="x", contents_manager=None)
        assert model == before


_SAVE = textwrap.dedent("""
    import asyncio, inspect, json, sys
    from jupyter_server.serverapp import ServerApp
    config, root, notebook = sys.argv[1:]
    ServerApp.config_file_paths = property(lambda self: [config])  # this config only
    app = ServerApp()
    app.initialize(argv=[f"--ServerApp.root_dir={root}"], new_httpserver=False)
    done = app.contents_manager.save({"type": "notebook", "content": json.loads(notebook)},
                                     "mine.ipynb")
    if inspect.isawaitable(done):
        asyncio.run(done)
""")


def _save_through_a_server(tmp_path, config_dir) -> dict:
    """Save the notebook through a Jupyter server that reads only ``config_dir``, as Lab does
    (its server extensions from ``jupyter_server_config.d``); the file as written."""
    root = tmp_path / "root"
    root.mkdir()
    run = subprocess.run([sys.executable, "-c", _SAVE, str(config_dir), str(root),
                          json.dumps(_notebook())], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads((root / "mine.ipynb").read_text())


def test_the_environments_server_runs_it_on_every_save(tmp_path):
    config = tmp_path / "etc" / "jupyter"
    (config / "jupyter_server_config.d").mkdir(parents=True)
    shutil.copy(CONFIG, config / "jupyter_server_config.d" / "hellenes-nb.json")
    saved = _save_through_a_server(tmp_path, config)
    assert _widgets_in(saved) == []
    assert NOTE in json.dumps(saved)


def test_without_the_config_the_server_keeps_the_widgets(tmp_path):
    """The config is what wires it: the same save without it writes the widget."""
    empty = tmp_path / "etc" / "jupyter"
    empty.mkdir(parents=True)
    assert WIDGET_VIEW in _widgets_in(_save_through_a_server(tmp_path, empty))


def test_lab_itself_is_told_not_to_save_widget_state():
    """Lab's own setting (scripts/lab-overrides.json, installed by setup.sh) agrees."""
    overrides = json.loads((ROOT / "scripts" / "lab-overrides.json").read_text())
    assert overrides["@jupyter-widgets/jupyterlab-manager:plugin"] == {"saveState": False}
