"""The browser tests' server port (tests/ui/conftest.py): a port another program holds is
never used; a free one is."""

from __future__ import annotations

import socket

from support.ports import free_port, port_is_free, worker_number, worker_ports


def test_a_port_in_use_is_replaced_by_a_free_one():
    with socket.socket() as taken:
        taken.bind(("localhost", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        assert not port_is_free(busy)
        chosen = free_port(busy)
        assert chosen != busy and port_is_free(chosen)


def test_a_free_port_is_kept():
    with socket.socket() as s:
        s.bind(("localhost", 0))
        port = s.getsockname()[1]
    assert free_port(port) == port


def test_the_server_of_this_run_is_on_a_free_port(pytestconfig):
    """The plugin's option was set before any server started (pytest_configure)."""
    assert pytestconfig.getoption("--solara-port") > 0


def test_no_two_xdist_workers_ask_for_the_same_port():
    """pytest-ipywidgets' defaults for worker 0 (solara, jupyter, voila), spread to 8 workers."""
    defaults = {"solara_port": 18865, "jupyter_port": 18866, "voila_port": 18867}
    asked = [p for n in range(8) for p in worker_ports(defaults, n).values()]
    assert len(set(asked)) == len(asked)
    assert worker_ports(defaults, 0) == defaults


def test_the_worker_number_comes_from_xdists_name():
    assert worker_number("gw0") == 0 and worker_number("gw3") == 3
    assert worker_number("") == 0 and worker_number("master") == 0
