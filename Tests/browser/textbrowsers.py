"""Text browsers for the tests: lynx and w3m reading a page (-dump), and lynx driven by keystrokes.

An interactive lynx runs inside a tmux session of its own (its own tmux server socket, ended with
it), 100 columns by 40 lines; `screen()` is what a person would see. Links and form fields are
numbered ([12]), as lynx offers: a control is pressed by typing its number and Enter, as a person
using lynx that way does."""

import http.cookiejar
import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request
import uuid

LYNX = shutil.which("lynx") or "/usr/bin/lynx"
W3M = shutil.which("w3m") or "/usr/bin/w3m"
TMUX = shutil.which("tmux") or "/usr/bin/tmux"

LYNX_CONFIG = """\
INCLUDE:/etc/lynx/lynx.cfg
ACCEPT_ALL_COOKIES:TRUE
SET_COOKIES:TRUE
DEFAULT_KEYPAD_MODE:LINKS_AND_FIELDS_ARE_NUMBERED
CHARACTER_SET:utf-8
"""


def _text_env(home):
    env = dict(os.environ, HOME=home, LANG="C.UTF-8", LC_ALL="C.UTF-8", TERM="xterm")
    env.pop("DISPLAY", None)
    return env


def lynx_dump(html, width=80):
    """What lynx shows of a page (its HTML given), as plain text, with [n] before every link."""
    home = tempfile.mkdtemp(prefix="recipecart-lynx-")
    try:
        result = subprocess.run(
            [LYNX, "-dump", "-force_html", "-stdin", "-display_charset=utf-8", f"-width={width}"],
            input=html.encode("utf-8"),
            capture_output=True,
            env=_text_env(home),
            timeout=30,
            check=True,
        )
        return result.stdout.decode("utf-8")
    finally:
        shutil.rmtree(home, ignore_errors=True)


def w3m_dump(html, width=80):
    """What w3m shows of a page (its HTML given), as plain text."""
    home = tempfile.mkdtemp(prefix="recipecart-w3m-")
    try:
        result = subprocess.run(
            [W3M, "-dump", "-T", "text/html", "-cols", str(width), "-O", "UTF-8", "-I", "UTF-8"],
            input=html.encode("utf-8"),
            capture_output=True,
            env=_text_env(home),
            timeout=30,
            check=True,
        )
        return result.stdout.decode("utf-8")
    finally:
        shutil.rmtree(home, ignore_errors=True)


class Session:
    """A cookie-keeping HTTP client (the standard library's): for the staff side of a text-browser walk,
    and to read pages as a given shopper."""

    def __init__(self, base_url):
        self.base_url = base_url
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path):
        try:
            with self.opener.open(self.base_url + path, timeout=15) as response:
                return response.status, response.read().decode("utf-8"), response.headers
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8"), error.headers

    def post(self, path, fields):
        data = urllib.parse.urlencode(fields).encode()
        try:
            with self.opener.open(self.base_url + path, data=data, timeout=15) as response:
                return response.status, response.read().decode("utf-8"), response.headers
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8"), error.headers

    @staticmethod
    def csrf(html):
        match = re.search(r'name="_csrf" value="([^"]+)"', html)
        assert match, "no CSRF token on the page"
        return match.group(1)

    def staff_sign_in(self, token):
        status, html, _ = self.get("/staff/login")
        assert status == 200
        status, html, _ = self.post("/staff/login", {"_csrf": self.csrf(html), "token": token})
        assert status == 200 and "staff-title" in html, f"staff sign-in answered {status}"
        return html

    def advance_order(self, code, button_text):
        """Press the staff board's one-step button for order `code` (as the board's form posts it)."""
        status, html, _ = self.get("/staff")
        assert status == 200
        card = re.search(
            rf'<article class="staff-order"[^>]*data-order-code="{code}".*?</article>', html, re.S
        )
        assert card, f"the staff board does not show order {code}"
        form = re.search(
            # The form holding the button: no other form (a pick row's mark) in between.
            r'<form method="post" action="([^"]+)">((?:(?!<form).)*?)<button class="staff-advance" type="submit">([^<]+)</button>',
            card.group(0),
            re.S,
        )
        assert form and form.group(3).strip() == button_text, f"order {code} offers {form and form.group(3)!r}"
        fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form.group(2)))
        status, _, _ = self.post(form.group(1), fields)
        assert status == 200


class Lynx:
    """lynx in a terminal of 100 × 40, driven by keystrokes."""

    def __init__(self, url, columns=100, lines=40):
        self.home = tempfile.mkdtemp(prefix="recipecart-lynx-")
        config = os.path.join(self.home, "lynx.cfg")
        with open(config, "w", encoding="utf-8") as file:
            file.write(LYNX_CONFIG)
        self.socket = f"recipecart-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.name = "lynx"
        command = f"{LYNX} -cfg={config} -nopause -noreferer -accept_all_cookies {url}"
        subprocess.run(
            [TMUX, "-L", self.socket, "new-session", "-d", "-s", self.name, "-x", str(columns), "-y", str(lines), command],
            env=_text_env(self.home),
            check=True,
            timeout=10,
        )

    def tmux(self, *args):
        return subprocess.run(
            [TMUX, "-L", self.socket, *args], capture_output=True, text=True, check=True, timeout=10
        ).stdout

    def screen(self):
        return self.tmux("capture-pane", "-p", "-t", self.name)

    def keys(self, *keys):
        self.tmux("send-keys", "-t", self.name, *keys)

    def type_text(self, text):
        # After "--", so text that starts with a dash (a staff token can) is typed, not read as a flag.
        self.tmux("send-keys", "-t", self.name, "-l", "--", text)

    def wait_for(self, pattern, timeout=15, what=None):
        """Wait until the screen matches `pattern` (a regex); answers the match."""
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            match = re.search(pattern, screen)
            if match:
                return match
            time.sleep(0.1)
        raise AssertionError(f"lynx never showed {what or pattern!r}; the screen:\n{screen}")

    def settle(self, quiet=0.4, timeout=15):
        """Wait until the screen stops changing (a page has loaded and lynx waits for a key)."""
        deadline = time.monotonic() + timeout
        last, since = None, time.monotonic()
        while time.monotonic() < deadline:
            screen = self.screen()
            if screen != last:
                last, since = screen, time.monotonic()
            elif time.monotonic() - since >= quiet:
                return screen
            time.sleep(0.05)
        return last

    def status_line(self):
        """lynx's line about the current link ("(Form submit button) …", "(Textfield …)")."""
        lines = [line for line in self.screen().rstrip().splitlines() if line.strip()]
        return lines[-3] if len(lines) >= 3 else ""

    def leave_text_field(self):
        # In a text field, digits are typed into it: move off first (Down goes to the next link).
        for _ in range(4):
            if not re.search(r"Textfield|Text entry|Password", self.status_line()):
                return
            self.keys("Down")
            self.settle(quiet=0.2)

    def find(self, text):
        """lynx's whereis (/): the page scrolls to the next place that says `text`."""
        self.leave_text_field()
        self.keys("/")
        self.wait_for(r"whereis|[Ss]earch", what="the whereis prompt")
        self.type_text(text)
        self.keys("Enter")
        return self.settle()

    def number_of(self, label, screen=None):
        """The number lynx shows before the link or button whose label starts with `label`, on screen."""
        screen = screen if screen is not None else self.screen()
        pattern = re.compile(r"\[(\d+)\](?:[^\[\]\n]{0,12}?\))?\s*" + re.escape(label))
        match = pattern.search(screen)
        return int(match.group(1)) if match else None

    def go_to_number(self, number):
        self.leave_text_field()
        self.type_text(str(number))
        self.wait_for(r"number: *" + str(number), what=f"the prompt for link {number}")
        self.keys("Enter")
        return self.settle(quiet=0.2)

    def press(self, label):
        """Press the link or button labelled `label`: find it, type its number and Enter, and Enter again
        for a button (the number selects a form field; Enter on it submits)."""
        screen = self.find(label)
        number = self.number_of(label, screen)
        deadline = time.monotonic() + 3
        while number is None and time.monotonic() < deadline:
            # Caught mid-redraw: look again.
            time.sleep(0.2)
            screen = self.screen()
            number = self.number_of(label, screen)
        assert number is not None, f"lynx shows no control labelled {label!r}; the screen:\n{screen}"
        self.go_to_number(number)
        if "submit" in self.status_line().lower():
            self.keys("Enter")
        return number

    def fill(self, label, text):
        """Type `text` into the text field that follows the words `label`."""
        screen = self.find(label)
        after = screen[screen.index(label):] if label in screen else screen
        match = re.search(r"\[(\d+)\]_", after)
        assert match, f"no text field after {label!r}; the screen:\n{screen}"
        self.go_to_number(int(match.group(1)))
        self.type_text(text)
        # Down leaves the field without submitting its form.
        self.keys("Down")
        self.settle(quiet=0.2)

    def quit(self):
        try:
            self.tmux("kill-server")
        except (subprocess.SubprocessError, OSError):
            pass
        shutil.rmtree(self.home, ignore_errors=True)
