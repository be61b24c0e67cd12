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

What the page sends is not trusted (docs/security.md, "Hostile actions and odds inputs"): a
request with a text longer than :data:`MAX_TEXT` characters (every id a page sends is a few
dozen) or more than :data:`MAX_KEYS` parts is refused before any method reads it, a refusal is
cut to :data:`~hellenes_nb.core.steps.MAX_MESSAGE` characters, and a message the page's widget
protocol does not know (no ``method``, an unknown one, a state that is not a dict) is refused
in words before ipywidgets sees it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from hellenes_nb.core.echo import ECHO, cut, shown
from hellenes_nb.core.steps import MAX_MESSAGE
from hellenes_nb.core.words import count

__all__ = ["MAX_KEYS", "MAX_TEXT", "BrowserRequests", "page_problem", "page_words"]

#: the longest text a message from the page may carry (the ids it sends are at most 27)
MAX_TEXT = ECHO
#: the most parts (``request`` included) a request from the page may have
MAX_KEYS = 8
#: the kinds of comm message a widget's page sends (ipywidgets' protocol)
_METHODS = frozenset({"update", "request_state", "custom"})


def page_problem(content: Mapping[Any, Any]) -> str:
    """Why a message from the page is refused before anything reads it ("" when it is not):
    more than :data:`MAX_KEYS` parts, or a name or text longer than :data:`MAX_TEXT`
    characters. The words show the length, never the text itself."""
    if len(content) > MAX_KEYS:
        return (f"the page sent a request of {count(len(content), 'part')}; a request has at "
                f"most {MAX_KEYS}")
    for key, value in content.items():
        if not isinstance(key, str) or len(key) > MAX_TEXT:
            return f"the page sent a request with the part name {shown(key, 40)}"
        if isinstance(value, str) and len(value) > MAX_TEXT:
            return (f"the page sent {len(value):,} characters as {key!r}; text from "
                    f"the page is at most {MAX_TEXT} characters")
    return ""


def page_words(error: object) -> str:
    """An error as the words a page shows: at most :data:`MAX_MESSAGE` characters."""
    return cut(str(error), MAX_MESSAGE)


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

    def _handle_msg(self, msg: Any) -> None:
        """Every comm message from the page comes here first (ipywidgets' entry point): one
        the widget protocol does not know is refused in words; the rest go on to ipywidgets."""
        data = msg.get("content") if isinstance(msg, dict) else None
        data = data.get("data") if isinstance(data, dict) else None
        method = data.get("method") if isinstance(data, dict) else None
        if not isinstance(method, str) or method not in _METHODS:
            self.refuse(f"the page sent a message this widget cannot read (of the kind "
                        f"{shown(method, 40)}); nothing was changed")
            return
        if method == "update" and not isinstance(data.get("state", {}), dict):
            self.refuse("the page sent an update that is not a set of named values; nothing "
                        "was changed")
            return
        super()._handle_msg(msg)  # type: ignore[misc]

    def handle_request(self, content: Any) -> None:
        """Answer one message from the page (as the browser sends it)."""
        name = content.get("request") if isinstance(content, dict) else None
        method = self.requests.get(name) if isinstance(name, str) else None
        if method is None:
            self.refuse(f"unknown request {shown(name)} from the page")
            return
        problem = page_problem(content)
        if problem:
            self.refuse(problem)
            return
        try:
            getattr(self, method)(content)
        except self.refusals as exc:
            self.refuse(page_words(exc))

    def refuse(self, message: str) -> None:
        """Show a refused request in plain words (each widget has its own place for it)."""
        raise NotImplementedError
