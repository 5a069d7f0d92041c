"""The three browser engines behind one small interface, for the walks that run in each of them.

- chromium: Debian's chromium through chromedriver (as the rest of the suite), console from its
  browser log;
- webkit: WebKitGTK through Debian's WebKitWebDriver (webkit2gtk-driver), which starts
  `webkit-browser` beside this file under the X server that `Tests/browser/run` provides (Xvfb);
  console errors from the recorder that browser puts into every page before the page's own scripts;
- firefox: Debian's firefox-esr, headless, driven over Marionette by PyPI's marionette-driver (Debian
  packages no geckodriver); console errors from the browser's own console service, read in the
  chrome context.

Each `Browser` has a fresh profile (a fresh session and cart). Everything talks to the loopback
server only."""

import json
import os
import shutil
import socket
import tempfile
import time
import uuid
from pathlib import Path

from browserkit import ARTIFACTS, CHROME_BINARY, CHROMEDRIVER, SAVED_SCREENSHOTS, make_driver, set_viewport_size

HERE = Path(__file__).resolve().parent
ENGINES = ("chromium", "webkit", "firefox")

WEBKIT_DRIVER = shutil.which("WebKitWebDriver") or "/usr/bin/WebKitWebDriver"
WEBKIT_BROWSER = str(HERE / "webkit-browser")
FIREFOX_BINARY = shutil.which("firefox-esr") or shutil.which("firefox") or "/usr/bin/firefox-esr"


HITTABLE = """
const element = arguments[0];
const box = element.getBoundingClientRect();
const at = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
return !!at && (at === element || element.contains(at));
"""


SLIDING = """
return document.getAnimations().some(a => a.effect && a.effect.pseudoElement
  && a.effect.pseudoElement.startsWith('::view-transition') && a.playState === 'running');
"""


class Browser:
    """One engine's browser window: navigate, find, click and wait, run a script, read the errors."""

    engine = "?"

    # --- what each engine does its own way --------------------------------------------------------

    def _get(self, url):
        raise NotImplementedError

    def find_all(self, css, scope=None):
        raise NotImplementedError

    def js(self, script, *args):
        """Run `script` (a function body: `return` answers) in the page, with `arguments`."""
        raise NotImplementedError

    def _resize(self, width, height, mobile):
        raise NotImplementedError

    def new_errors(self):
        """The console errors logged since the last call: a list of strings."""
        raise NotImplementedError

    def back(self):
        raise NotImplementedError

    def forward(self):
        raise NotImplementedError

    def screenshot(self, name):
        raise NotImplementedError

    def quit(self):
        raise NotImplementedError

    @property
    def url(self):
        raise NotImplementedError

    # --- the same everywhere -----------------------------------------------------------------------

    def find(self, css, scope=None):
        found = self.find_all(css, scope)
        assert found, f"{self.engine}: nothing matches {css!r} on {self.url}"
        return found[0]

    def _mark(self):
        token = uuid.uuid4().hex
        self.js("window.__recipecartPage = arguments[0];", token)
        return token

    def _wait_replaced(self, token, timeout=20):
        """Wait until the page that held `token` is gone and its successor has loaded."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                state = self.js(
                    "return [window.__recipecartPage === arguments[0], document.readyState];", token
                )
                if state and not state[0] and state[1] == "complete":
                    return
            except Exception:  # noqa: BLE001 - caught mid-navigation; ask again
                pass
            time.sleep(0.05)
        raise AssertionError(f"{self.engine}: no new page within {timeout} s (still {self.url})")

    def open(self, url):
        token = self._mark() if self.url.startswith("http") else None
        self._get(url)
        if token:
            self._wait_replaced(token)

    def click(self, element):
        """Press a link or button that leads to another page (or the same page again) and wait for it."""
        token = self._mark()
        # Centred, so a sticky header never takes the press.
        self.js("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'});", element)
        self.wait_hittable(element)
        element.click()
        self._wait_replaced(token)

    def wait_hittable(self, element, timeout=5):
        """Wait until a press at the element's centre would reach it: not while a slide (a view
        transition, during which the page takes no press) or anything else covers it. WebDriver's own
        click refuses an element it cannot reach; the tap test (test_engines.py) presses during a slide."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.js(HITTABLE, element):
                return True
            time.sleep(0.03)
        return False

    def settle(self, timeout=3):
        """Wait until no slide (view transition) runs and a frame has been drawn: before a screenshot, which
        WebKitGTK otherwise takes of a page it has not painted yet."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.js(SLIDING):
                break
            time.sleep(0.05)
        time.sleep(0.25 if self.engine == "webkit" else 0.05)

    def go_back(self):
        token = self._mark()
        self.back()
        self._wait_replaced(token)

    def go_forward(self):
        token = self._mark()
        self.forward()
        self._wait_replaced(token)

    expected_viewport = None

    def set_size(self, width, height, mobile):
        """Size the viewport; check_page then checks every page got it (a phone's needs the page's viewport meta)."""
        self.expected_viewport = (width, height)
        self._resize(width, height, mobile)

    def viewport(self):
        """The layout viewport: its width without a scrollbar's, and the window's inner height."""
        return tuple(self.js("return [document.documentElement.clientWidth || window.innerWidth, window.innerHeight];"))

    def type_into(self, element, text):
        element.clear()
        element.send_keys(text)


# --- Chromium and WebKitGTK, through WebDriver ---------------------------------------------------


class WebDriverBrowser(Browser):
    """What Chromium and WebKitGTK share: both are driven through Selenium's WebDriver."""

    def _get(self, url):
        self.driver.get(url)

    def find_all(self, css, scope=None):
        from selenium.webdriver.common.by import By

        return (scope or self.driver).find_elements(By.CSS_SELECTOR, css)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def back(self):
        self.driver.back()

    def forward(self):
        self.driver.forward()

    def screenshot(self, name):
        self.settle()
        return _save(name, lambda path: self.driver.save_screenshot(str(path)))

    def quit(self):
        self.driver.quit()

    @property
    def url(self):
        return self.driver.current_url


# --- Chromium ----------------------------------------------------------------------------------


class ChromiumBrowser(WebDriverBrowser):
    engine = "chromium"

    def __init__(self):
        self.driver = make_driver(javascript=True)

    def _resize(self, width, height, mobile):
        set_viewport_size(self.driver, width, height, mobile)

    def new_errors(self):
        return [
            entry["message"]
            for entry in self.driver.get_log("browser")
            if entry.get("level") in ("SEVERE", "ERROR")
        ]


# --- WebKitGTK ---------------------------------------------------------------------------------


class WebKitBrowser(WebDriverBrowser):
    engine = "webkit"

    def __init__(self):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        assert os.environ.get("DISPLAY"), "WebKitGTK needs an X server: run the suite through Tests/browser/run (Xvfb)"
        assert os.path.exists(WEBKIT_DRIVER), "WebKitWebDriver not found (apt-get install webkit2gtk-driver)"
        self._folder = tempfile.mkdtemp(prefix="recipecart-webkit-")
        self._errors = Path(self._folder) / "errors.jsonl"
        self._errors.touch()
        self._read = 0
        options = Options()
        options.binary_location = WEBKIT_BROWSER
        options.add_argument("--automation")
        env = dict(os.environ, RECIPECART_WEBKIT_ERRORS=str(self._errors))
        # A fresh cookie jar and cache: WebKit keeps them under XDG folders.
        for name in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"):
            env[name] = os.path.join(self._folder, name.lower())
        service = Service(executable_path=WEBKIT_DRIVER, env=env, log_output=os.path.join(self._folder, "driver.log"))
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_page_load_timeout(30)

    def _resize(self, width, height, mobile):
        # The window is the page: no toolbar around it.
        for _ in range(3):
            self.driver.set_window_rect(width=width, height=height)
            time.sleep(0.1)
            if self.viewport() == (width, height):
                return

    def new_errors(self):
        lines = self._errors.read_text(encoding="utf-8").splitlines()
        fresh, self._read = lines[self._read:], len(lines)
        errors = []
        for line in fresh:
            try:
                entry = json.loads(line)
                errors.append(f"{entry['kind']}: {entry['text']} ({entry['url']})")
            except (ValueError, KeyError):
                errors.append(line)
        return errors

    def quit(self):
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self._folder, ignore_errors=True)


# --- Firefox ESR over Marionette -----------------------------------------------------------------


def _free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


FIREFOX_PREFS = {
    # Scrollbars over the page, as on a phone and as chromium's --hide-scrollbars: the layout
    # viewport is the whole window.
    "ui.useOverlayScrollbars": 1,
    "widget.gtk.overlay-scrollbars.enabled": True,
    "browser.shell.checkDefaultBrowser": False,
    "app.update.disabledForTesting": True,
    "datareporting.policy.dataSubmissionEnabled": False,
    "intl.accept_languages": "en-US",
    # Nothing of the browser's own reaches for the network (there is none): no experiments, no settings sync.
    "app.normandy.enabled": False,
    "messaging-system.rsexperimentloader.enabled": False,
    "services.settings.poll_interval": 86400,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.enabled": False,
}

# Errors (not warnings) that pages logged: script errors and the browser's own reports (CSP, network), and
# console.error calls. Read and then cleared, so each call answers what is new.
FIREFOX_ERRORS = """
const errors = [];
for (const message of Services.console.getMessageArray() || []) {
  if (!(message instanceof Ci.nsIScriptError) || message.isFromChromeContext) continue;
  if (message.logLevel !== Ci.nsIConsoleMessage.error) continue;
  if (!/^https?:/.test(message.sourceName || "") && message.innerWindowID === 0 && !message.category.startsWith("content")) continue;
  errors.push(message.category + ": " + message.errorMessage + " (" + message.sourceName + ":" + message.lineNumber + ")");
}
Services.console.reset();
const storage = Cc["@mozilla.org/consoleAPI-storage;1"].getService(Ci.nsIConsoleAPIStorage);
for (const event of storage.getEvents()) {
  // The page's own calls only: the browser's services log theirs here too (resource://, chrome://).
  if (event.level === "error" && /^https?:/.test(event.filename || "")) errors.push("console.error: " + (event.arguments || []).map(String).join(" ") + " (" + event.filename + ")");
}
storage.clearEvents();
return errors;
"""


class FirefoxBrowser(Browser):
    engine = "firefox"

    def __init__(self):
        from marionette_driver.marionette import Marionette

        assert os.path.exists(FIREFOX_BINARY), "firefox-esr not found (apt-get install firefox-esr)"
        self._log = tempfile.NamedTemporaryFile(prefix="recipecart-gecko-", suffix=".log", delete=False).name
        self.client = Marionette(
            bin=FIREFOX_BINARY,
            port=_free_port(),
            headless=True,
            prefs=FIREFOX_PREFS,
            gecko_log=self._log,
            startup_timeout=60,
        )
        self.client.start_session()
        self.client.timeout.page_load = 30
        with self.client.using_context(self.client.CONTEXT_CHROME):
            # The browser window keeps itself at least 500 px wide for its toolbar; a phone is narrower.
            self.client.execute_script(
                "const style = document.createElement('style');"
                "style.textContent = '* { min-width: 0 !important; }';"
                "document.documentElement.appendChild(style);"
            )
        self.new_errors()

    def _get(self, url):
        self.client.navigate(url)

    def find_all(self, css, scope=None):
        from marionette_driver.by import By

        return (scope or self.client).find_elements(By.CSS_SELECTOR, css)

    def js(self, script, *args):
        # Without a sandbox: the page's own window, so what a script left there (window.__…) is seen.
        return self.client.execute_script(script, script_args=list(args), sandbox=None, new_sandbox=False)

    def _resize(self, width, height, mobile):
        # Marionette sizes the whole window; the toolbar takes some of its height.
        outer_width, outer_height = width, height
        for _ in range(3):
            self.client.set_window_rect(width=outer_width, height=outer_height)
            inner = self.viewport()
            if inner == (width, height):
                return
            outer_width += width - inner[0]
            outer_height += height - inner[1]

    def new_errors(self):
        with self.client.using_context(self.client.CONTEXT_CHROME):
            return self.client.execute_script(FIREFOX_ERRORS)

    def back(self):
        self.client.go_back()

    def forward(self):
        self.client.go_forward()

    def screenshot(self, name):
        import base64

        self.settle()
        return _save(name, lambda path: path.write_bytes(base64.b64decode(self.client.screenshot())))

    def quit(self):
        try:
            self.client.cleanup()
        finally:
            try:
                os.unlink(self._log)
            except OSError:
                pass

    @property
    def url(self):
        return self.client.get_url()


def _save(name, write):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    write(path)
    SAVED_SCREENSHOTS.append(path)
    return path


def launch(engine):
    if engine == "chromium":
        assert CHROME_BINARY and CHROMEDRIVER, "chromium and chromedriver are needed"
        return ChromiumBrowser()
    if engine == "webkit":
        return WebKitBrowser()
    if engine == "firefox":
        return FirefoxBrowser()
    raise ValueError(engine)
