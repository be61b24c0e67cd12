"""The one way a widget's page asks Python for something (docs/architecture.md, "The path of
one click").

A page sends a custom message ``{"request": name, ...}`` (``model.send`` in its ESM file); a
widget that mixes in :class:`BrowserRequests` names the requests it answers in ``requests``
(request name -> method name, each method taking the message). A refusal raised by the method
(one of the widget's ``refusals``) or an unknown request is handed to the widget's
:meth:`~BrowserRequests.refuse` in plain words, so nothing raises in the kernel. Tests and
notebooks send the same messages with :meth:`~BrowserRequests.handle_request`.

Requests never carry state: what the page may set itself (a selection, the camera) is a synced
trait listed in ``browser_writable`` (:mod:`.browser_writes`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from hellenes_nb.core.echo import shown

__all__ = ["BrowserRequests"]


class BrowserRequests:
    """Mix in before the widget class: ``class MapWidget(BrowserRequests, ..., AnyWidget)``."""

    #: request name -> the name of the method that answers it
    requests: ClassVar[Mapping[str, str]] = {}
    #: the exceptions a request's method raises to refuse it in plain words
    refusals: ClassVar[tuple[type[Exception], ...]] = (ValueError,)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.on_msg(self._on_browser_message)  # type: ignore[attr-defined]

    def _on_browser_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.handle_request(content)

    def handle_request(self, content: Any) -> None:
        """Answer one message from the page (as the browser sends it)."""
        name = content.get("request") if isinstance(content, dict) else None
        method = self.requests.get(name) if isinstance(name, str) else None
        if method is None:
            self.refuse(f"unknown request {shown(name)} from the page")
            return
        try:
            getattr(self, method)(content)
        except self.refusals as exc:
            self.refuse(str(exc))

    def refuse(self, message: str) -> None:
        """Show a refused request in plain words (each widget has its own place for it)."""
        raise NotImplementedError
