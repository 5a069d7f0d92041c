"""Fixtures for the reliability suite: every test starts its own real `web` server(s) on loopback
ports with fresh data dirs and stops them (by pid) when it ends."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from rckit import Server, web_binary


@pytest.fixture(scope="session", autouse=True)
def _binary_exists():
    binary = web_binary()
    if not binary.exists():
        pytest.exit(f"no web binary at {binary}", returncode=1)


@pytest.fixture
def workdir():
    """A fresh folder under /tmp that an unprivileged user can enter (pytest's tmp_path is 0700 root)."""
    path = Path(tempfile.mkdtemp(prefix="rc-reliability-"))
    os.chmod(path, 0o755)
    yield path
    shutil.rmtree(path, ignore_errors=True)


class ServerFactory:
    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.servers: list[Server] = []

    def __call__(self, data_dir: Path | None = None, *, start: bool = True, **kw) -> Server:
        server = Server(data_dir or self.workdir / "data", log_path=self.workdir / f"server-{len(self.servers)}.log", **kw)
        self.servers.append(server)
        if start:
            server.start()
        return server

    def stop_all(self) -> None:
        for server in self.servers:
            server.stop(timeout=15)


@pytest.fixture
def servers(workdir, request):
    """Makes servers; stops every one it made at the end and shows their log tails when the test failed."""
    factory = ServerFactory(workdir)
    yield factory
    factory.stop_all()
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        for server in factory.servers:
            print(f"\n---- {server.log_path.name} (last 25 lines)\n{server.log_tail(25)}")


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, "rep_" + report.when, report)
