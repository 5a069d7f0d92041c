"""Fixtures for the RecipeCart browser tests.

`Tests/browser/run` builds and starts the real `web` binary on a free loopback port with a fresh
data dir and passes its address in RECIPECART_BASE_URL.
"""

import os
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from browserkit import ARTIFACTS, SAVED_SCREENSHOTS, make_driver, scripts_are_off
from engines import launch


@pytest.fixture(scope="session")
def base_url():
    url = os.environ.get("RECIPECART_BASE_URL", "").rstrip("/")
    if not url:
        pytest.fail("RECIPECART_BASE_URL is not set: run the suite through Tests/browser/run")
    assert url.startswith("http://127.0.0.1:"), "browser tests only talk to the loopback server"
    with urllib.request.urlopen(url + "/healthz", timeout=10) as response:
        assert response.status == 200
    return url


@pytest.fixture(scope="session")
def artifacts_dir():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def launched():
    """Start browsers of an engine; every one is closed at the end."""
    started = []

    def start(engine):
        browser = launch(engine)
        started.append(browser)
        return browser

    yield start
    for browser in started:
        try:
            browser.quit()
        except Exception:  # noqa: BLE001 - a browser that died already
            pass


@pytest.fixture
def browser():
    """A fresh headless chromium with JavaScript on: fresh profile, fresh session, empty cart."""
    driver = make_driver(javascript=True)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def browser_without_js():
    """A fresh headless chromium whose profile blocks JavaScript."""
    driver = make_driver(javascript=False)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(params=["javascript", "no-javascript"])
def scripted_browser(request):
    """A fresh browser with the optional script on, then one with it off (checked to be off): (driver, javascript)."""
    javascript = request.param == "javascript"
    driver = make_driver(javascript=javascript)
    try:
        if not javascript:
            assert scripts_are_off(driver), "JavaScript is not disabled in this browser profile"
        yield driver, javascript
    finally:
        driver.quit()


ROOT = str(Path(__file__).resolve().parents[2])


def _free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class OwnServer:
    """A shop of the test's own, beside the suite's: the test can stop, freeze and start it, or give it flags."""

    def __init__(self, args):
        self.binary = os.environ.get("RECIPECART_TEST_WEB_BINARY")
        if not self.binary:
            pytest.fail("RECIPECART_TEST_WEB_BINARY is not set: run the suite through Tests/browser/run")
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.data = tempfile.mkdtemp(prefix="recipecart-own-server-")
        self.args = list(args)
        self.log = open(os.path.join(self.data, "server.log"), "w")
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            [self.binary, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--data-dir", self.data,
             "--resources-dir", ROOT, *self.args],
            env={**os.environ, "RECIPECART_STAFF_TOKEN": os.environ["RECIPECART_TEST_STAFF_TOKEN"]},
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        for _ in range(120):
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1) as response:
                    if response.status == 200:
                        return self
            except OSError:
                time.sleep(0.25)
        raise AssertionError("the test's own server did not start")

    def close(self):
        if self.process:
            self.process.send_signal(signal.SIGCONT)
            self.process.kill()
            self.process.wait()
        self.log.close()


@pytest.fixture
def own_server_with():
    """Starts shops of the test's own with the flags given; stops them all at the end."""
    servers = []

    def start(*args):
        server = OwnServer(args).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()


@pytest.fixture
def own_server(own_server_with):
    return own_server_with()


def pytest_terminal_summary(terminalreporter):
    if SAVED_SCREENSHOTS:
        terminalreporter.section("screenshots")
        for path in sorted(set(SAVED_SCREENSHOTS)):
            terminalreporter.write_line(str(path))
