"""``gmconsole serve NAME`` before it serves: what it refuses, what it warns about, what it runs.

No browser here (tests/web has the one test that needs it): the refusals run in-process, the server
itself is replaced by a recorder, and one test starts the real server to stop it with Ctrl+C.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import pytest

import gmconsole.cli.web_server as table_server
from gmconsole.campaign.service import CampaignService
from gmconsole.cli.serve_command import SERVED_SUBCOMMAND

NAME = "yze-demo"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def served(monkeypatch):
    """Stand in for the web server: the calls ``serve`` would have served, recorded."""
    calls = []
    monkeypatch.setattr(table_server, "serve",
                        lambda argv, host, port, title, name, max_views: calls.append((argv, host, port, max_views)))
    return calls


def _one_error_line(result) -> str:
    assert result.returncode == 2, result
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("gmconsole: error: "), result.stderr
    return result.stderr


def test_a_campaign_that_does_not_exist_is_one_line_exit_2(demo_gm, served):
    err = _one_error_line(demo_gm("serve", "no-such-campaign"))
    assert "no campaign named 'no-such-campaign'" in err
    assert served == []


def test_a_port_in_use_is_one_line_naming_it_and_the_way_out(demo_gm, served):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        err = _one_error_line(demo_gm("serve", NAME, "--port", str(port)))
    assert err == f"gmconsole: error: port {port} on 127.0.0.1 is in use: pick another with --port\n"
    assert served == []


@pytest.mark.parametrize("port", ["0", "65536", "http", "-1"])
def test_a_port_that_is_not_one_is_refused(demo_gm, served, port):
    assert "is not a port" in _one_error_line(demo_gm("serve", NAME, f"--port={port}"))
    assert served == []


def test_a_damaged_history_is_refused_with_its_way_out_and_left_as_it_was(run_cli, tmp_path, copy_demos, served):
    root = copy_demos(tmp_path / "data")
    with CampaignService.open(root, NAME) as service:
        service.rolls.roll("Ripley Hale", "melee")
    chunk = next((root / NAME / "history").rglob("entries-*.json"))
    chunk.write_bytes(chunk.read_bytes()[:40])
    damaged = chunk.read_bytes()
    err = _one_error_line(run_cli("--data-dir", str(root), "serve", NAME))
    assert chunk.name in err and f"gmconsole repair {NAME} --set-aside" in err
    assert chunk.read_bytes() == damaged
    assert served == []


def test_a_damaged_campaign_file_is_one_line_exit_2(run_cli, tmp_path, copy_demos, served):
    root = copy_demos(tmp_path / "data")
    (root / NAME / "campaign.json").write_text("{ not json", encoding="utf-8")
    err = _one_error_line(run_cli("--data-dir", str(root), "serve", NAME))
    assert "campaign.json" in err
    assert served == []


def test_loopback_serves_the_read_only_view_quietly_its_command_started_without_a_shell(run_cli, tmp_path, copy_demos,
                                                                                   served):
    root = copy_demos(tmp_path / "a folder; $(touch x)")
    port = _free_port()
    result = run_cli("--data-dir", str(root), "serve", NAME, "--port", str(port))
    assert result.returncode == 0 and result.stderr == "", result
    [(argv, host, served_port, max_views)] = served
    assert (host, served_port, max_views) == ("127.0.0.1", port, 16)
    assert argv == [sys.executable, "-m", "gmconsole", "--data-dir", str(root.resolve()), *SERVED_SUBCOMMAND, NAME]


def test_max_views_is_handed_to_the_server_and_must_be_a_count(demo_gm, served):
    port = _free_port()
    assert demo_gm("serve", NAME, "--port", str(port), "--max-views", "3").returncode == 0
    assert served[0][3] == 3
    for wrong in ("0", "-2", "many"):
        assert "is not a number of views" in _one_error_line(demo_gm("serve", NAME, f"--max-views={wrong}"))
    assert len(served) == 1


def test_serving_beyond_this_machine_warns_that_anyone_on_the_network_can_watch(demo_gm, served):
    port = _free_port()
    result = demo_gm("serve", NAME, "--host", "0.0.0.0", "--port", str(port))
    assert result.returncode == 0, result
    assert result.stderr.startswith("gmconsole: warning: serving on 0.0.0.0: anyone")
    assert "watch the table view" in result.stderr and len(result.stderr.splitlines()) == 1
    # not only http://0.0.0.0:PORT, which no phone can open
    assert f"on the phones open http://<this machine's address>:{port}" in result.stderr
    assert served and served[0][1] == "0.0.0.0"


def test_a_host_that_does_not_resolve_is_one_line(demo_gm, served):
    assert "cannot serve on host" in _one_error_line(demo_gm("serve", NAME, "--host", "no-such-host.invalid"))


def _websocket_status(port: int, origin: str) -> int:
    """The HTTP status of a websocket handshake sent to the server as a page from ``origin`` would."""
    with socket.create_connection(("127.0.0.1", port), timeout=2) as conn:
        conn.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                      "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                      f"Sec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n").encode())
        return int(conn.recv(64).split()[1])


def test_the_real_server_refuses_other_sites_pages_and_stops_cleanly_on_ctrl_c(tmp_path, copy_demos):
    """The one real server here: a websocket from another site's page is refused (no table view is
    started for it), and SIGINT (Ctrl+C) ends the server with status 0 and no traceback."""
    root = copy_demos(tmp_path / "data")
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "GMCONSOLE_DEBUG"}
    server = subprocess.Popen([sys.executable, "-m", "gmconsole", "--data-dir", str(root), "serve", NAME,
                               "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=env)
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert server.poll() is None, server.communicate()
                time.sleep(0.05)
        else:
            pytest.fail("the server did not listen within 20 s")
        assert _websocket_status(port, "http://evil.example") == 403
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=4)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert server.returncode == 0, err
    assert f"serving the table view on http://127.0.0.1:{port} (read-only)" in out
    assert "Traceback" not in err
