"""Which synced traits the browser may change (docs/security.md, "Saves").

Jupyter widgets let the front end set any synced trait, and anyone with the browser's
developer tools can send such an update. A widget that mixes in :class:`BrowserWrites` takes
from the browser only the traits named in its ``browser_writable`` (what its own front end
sets: a selection, the zoom, a request); an update of any other trait is dropped, and the
Python value is sent back so the page shows the truth again. So, for example, the map's
``viewer`` is set in Python only: the front end cannot widen what it is sent.
"""

from __future__ import annotations

from typing import Any, ClassVar

__all__ = ["BrowserWrites"]


class BrowserWrites:
    """Mix in before the widget class: ``class MapWidget(BrowserWrites, AnyWidget)``."""

    #: the synced traits the browser may set; every other update from it is refused
    browser_writable: ClassVar[frozenset[str]] = frozenset()

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Called with a state update from the front end: apply only the writable traits."""
        allowed = {k: v for k, v in sync_data.items() if k in self.browser_writable}
        refused = [k for k in sync_data if k not in allowed and k in self.keys]
        if allowed:
            super().set_state(allowed)  # type: ignore[misc]
        if refused:
            self.send_state(refused)  # type: ignore[attr-defined]
