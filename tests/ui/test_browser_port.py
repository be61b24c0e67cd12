"""The browser tests' server port (tests/ui/conftest.py): a port another program holds is
never used; a free one is."""

from __future__ import annotations

import socket

from support.ports import free_port, port_is_free, system_ports


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


def test_the_system_gives_different_free_ports():
    ports = system_ports(3)
    assert len(set(ports)) == 3 and all(port_is_free(p) for p in ports)


def test_the_servers_of_this_run_are_not_on_the_plugins_fixed_ports(pytestconfig):
    """Every run, and every xdist worker, once started from 18865: two of them met there."""
    from solara.test.pytest_plugin import TEST_PORT_START

    fixed = set(range(TEST_PORT_START, TEST_PORT_START + 3))
    ours = {pytestconfig.getoption(o) for o in ("--solara-port", "--jupyter-port",
                                                 "--voila-port")}
    assert len(ours) == 3 and not ours & fixed
