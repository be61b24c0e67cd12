"""Short, safe words for a value a user handed in, for error messages (docs/security.md).

A message that repeats what the user sent shows at most :data:`ECHO` characters of it, so a
10 MB string, a dict nested a thousand deep or a whole number of a million digits never makes a
message huge, slow or a second error.
"""

from __future__ import annotations

import reprlib

#: the most characters of a user's value a message repeats
ECHO = 80

_REPR = reprlib.Repr()
_REPR.maxstring = ECHO
_REPR.maxother = ECHO
_REPR.maxlevel = 3
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 6


def shown(value: object, limit: int = ECHO) -> str:
    """``repr(value)`` cut to at most ``limit`` characters (an ellipsis marks the cut)."""
    try:
        text = _REPR.repr(value)
    except (ValueError, RecursionError):  # a whole number too long to write out, ...
        text = f"<{type(value).__name__} too long to show>"
    return cut(text, limit)


def cut(text: str, limit: int = 4 * ECHO) -> str:
    """``text`` cut to at most ``limit`` characters (an ellipsis marks the cut)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"
