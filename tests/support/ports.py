"""Free ports for the servers the browser tests start (tests/ui/conftest.py)."""

from __future__ import annotations

import os
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


#: the plugin's servers, in the order of its default ports: solara, jupyter, voila
PLUGIN_PORTS = ("solara_port", "jupyter_port", "voila_port")
#: the ports set aside for one pytest-xdist worker (the plugin's three, and room to spare)
PORTS_PER_WORKER = 10


def worker_number(name: str | None = None) -> int:
    """0 without pytest-xdist (or for ``gw0``), ``n`` for worker ``gwn``."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "") if name is None else name
    return int(name[2:]) if name.startswith("gw") and name[2:].isdigit() else 0


def worker_ports(defaults: dict[str, int], worker: int) -> dict[str, int]:
    """The ports a worker asks for, given the plugin's defaults for worker 0: each worker has a
    block of ``PORTS_PER_WORKER`` of its own, so no port of one is a port of another.
    (pytest-ipywidgets moves each default by the worker's number only: worker 1's solara
    server would take worker 0's jupyter port.)"""
    return {name: port + PORTS_PER_WORKER * worker for name, port in defaults.items()}
