"""Writing the small files a user owns without following anything planted beside them.

:func:`write_atomic` writes a whole file so that a reader sees either the old text or the new
one, never half of it: the text goes to a new temporary file made in the same folder with a
random name (``tempfile.mkstemp`` creates it exclusively, so a file or a symbolic link already
at some fixed name such as ``progress.json.tmp`` is never opened, followed or changed), is
flushed to disk, and then replaces the file in one step (``os.replace``, which replaces a
symbolic link at the destination rather than writing through it).

:func:`locked` holds an exclusive lock on a lock file beside a path (``fcntl.flock``) while
several notebooks read, merge and write the same file; it gives up with ``TimeoutError`` after
a few seconds instead of waiting for ever. The lock file is opened without following a
symbolic link and is never written to.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

try:  # POSIX; elsewhere the writes are still atomic, only not serialised between processes
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["LOCK_SECONDS", "locked", "write_atomic"]

#: how long :func:`locked` waits for another writer before it gives up
LOCK_SECONDS = 5.0


def write_atomic(path: Path | str, text: str, *, mode: int = 0o600) -> None:
    """Write ``text`` (UTF-8) to ``path`` in one step (module docstring); the folder must
    exist. OSError when it cannot be written; no temporary file is left behind then."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def locked(path: Path | str, seconds: float = LOCK_SECONDS) -> Iterator[None]:
    """Hold the lock of ``path`` (the file ``<name>.lock`` beside it) for the ``with`` block.
    OSError when the lock file cannot be opened; TimeoutError after ``seconds`` of waiting."""
    target = Path(path)
    lock = target.with_name(target.name + ".lock")
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(lock, flags, 0o600)
    try:
        if fcntl is not None:
            end = time.monotonic() + seconds
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() >= end:
                        raise TimeoutError(f"{target} is being written by another program "
                                           f"(waited {seconds:g} s)") from None
                    time.sleep(0.02)
        yield
    finally:
        os.close(fd)  # closing the file releases the lock
