"""Fixtures for the RecipeCart browser tests.

`Tests/browser/run` builds and starts the real `web` binary on a free loopback port with a fresh
data dir and passes its address in RECIPECART_BASE_URL.
"""

import os
import urllib.request

import pytest

from browserkit import ARTIFACTS, SAVED_SCREENSHOTS, make_driver, scripts_are_off


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


def pytest_terminal_summary(terminalreporter):
    if SAVED_SCREENSHOTS:
        terminalreporter.section("screenshots")
        for path in sorted(set(SAVED_SCREENSHOTS)):
            terminalreporter.write_line(str(path))
