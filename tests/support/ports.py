"""Free ports for the servers the browser tests start (tests/ui/conftest.py)."""

from __future__ import annotations

import socket
from contextlib import ExitStack


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


def system_ports(count: int, host: str = "localhost") -> list[int]:
    """``count`` different ports the system has free now, each held until all are chosen.

    The browser tests take these rather than pytest-ipywidgets' fixed defaults (18865 and on):
    a port that is free when a run starts may be taken minutes later, before the first browser
    test starts its server, by any other run that starts from the same default (another
    pytest-xdist worker, another person's suite on the machine). Ports the system hands out
    are spread over its whole range, so two runs do not meet on one."""
    with ExitStack() as held:
        sockets = [held.enter_context(socket.socket()) for _ in range(count)]
        for s in sockets:
            s.bind((host, 0))
        return [s.getsockname()[1] for s in sockets]
