"""Free ports for the servers the browser tests start (tests/ui/conftest.py)."""

from __future__ import annotations

import socket


def port_is_free(port: int, host: str = "localhost") -> bool:
    """Can a server listen on ``port`` of ``host`` now?"""
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def free_port(wanted: int, host: str = "localhost") -> int:
    """``wanted`` if it is free, else a port the system has free now."""
    if port_is_free(wanted, host):
        return wanted
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]
