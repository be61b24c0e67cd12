"""Notebooks saved in the project's JupyterLab open clean (issue 15, item 13).

A widget shown in a notebook lives in the kernel. When JupyterLab saves (or autosaves) the
notebook, it writes a pointer to that live widget into the cell's output; opened again without
the kernel, the pointer leads nowhere and Lab shows "Error displaying widget: model not found".

:func:`strip_widgets` is a Jupyter server ``pre_save_hook``: before a notebook is written, every
widget output becomes the one-line note the shipped notebooks use ("Run the cells to start"),
and any saved widget state is dropped, so nothing a widget held (a dashboard's hidden hand, a
game in progress) reaches the file. Other outputs (text, tables, pictures) and other files are
left as they are.

This module is also a Jupyter server extension that registers the hook (added to any other
pre-save hook, never replacing one). ``scripts/setup.sh`` enables it in the environment
(``scripts/jupyter-server-config.json`` into ``.venv/etc/jupyter/jupyter_server_config.d``), so
every Lab started from it, by ``scripts/run.sh`` or by hand, runs the hook.
"""

from __future__ import annotations

from typing import Any

__all__ = ["NOTE", "WIDGET_STATE", "WIDGET_VIEW", "strip_widgets"]

#: this module's name, as the Jupyter server enables it
EXTENSION = "hellenes_nb.labsave"

#: the output of a widget shown in a cell, and a widget's saved state
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
#: what a saved widget output becomes
NOTE = "Run the cells to start: the widget appears here."


def _note() -> dict[str, Any]:
    return {"output_type": "display_data", "metadata": {},
            "data": {"text/markdown": f"*{NOTE}*", "text/plain": NOTE}}


def _is_widget(output: Any) -> bool:
    data = output.get("data") if isinstance(output, dict) else None
    return isinstance(data, dict) and (WIDGET_VIEW in data or WIDGET_STATE in data)


def strip_widgets(model: dict[str, Any], **_: Any) -> None:
    """Jupyter server pre-save hook (called with ``model``, ``path`` and ``contents_manager``):
    in a notebook model, replace each widget output by the note and drop the notebook's saved
    widget state; any other model is left untouched."""
    content = model.get("content")
    if model.get("type") != "notebook" or not isinstance(content, dict):
        return
    metadata = content.get("metadata")
    if isinstance(metadata, dict):
        metadata.pop("widgets", None)
    for cell in content.get("cells") or ():
        outputs = cell.get("outputs") if isinstance(cell, dict) else None
        if isinstance(outputs, list) and any(_is_widget(o) for o in outputs):
            cell["outputs"] = [_note() if _is_widget(o) else o for o in outputs]


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """The Jupyter server extension this module is (found by its name)."""
    return [{"module": EXTENSION}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Run :func:`strip_widgets` before every save of the server's contents manager."""
    serverapp.contents_manager.register_pre_save_hook(strip_widgets)
