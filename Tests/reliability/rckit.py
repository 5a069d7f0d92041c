"""Shared helpers for the RecipeCart reliability suite: start the real `web` binary, talk to it over
real HTTP on 127.0.0.1 like a browser would, and model what the cart must hold.

Python standard library only.
"""

from __future__ import annotations

import html
import http.client
import json
import os
import random
import re
import secrets
import signal
import socket
import sqlite3
import subprocess
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
BUNDLED_IDS = [f"bundled-{n}" for n in range(1, 53)]
MAX_QUANTITY = 99

CSRF_RE = re.compile(r'<input type="hidden" name="_csrf" value="([^"]*)"')
SHELF_SHORT_RE = re.compile(r'<input type="hidden" name="shelf_short" value="([^"]*)">')
# The two attributes in either order, wherever they sit in the line's tag.
CART_LINE_RE = re.compile(r'<li class="cart-line"(?=[^>]*\sdata-recipe-id="([^"]+)")(?=[^>]*\sdata-quantity="(\d+)")')
# With --secure-cookies the session cookie carries the __Host- prefix.
SESSION_COOKIES = ("rc_session", "__Host-rc_session")


# The database backend every server of the suite runs on: SQLite under its data dir (the default), or PostgreSQL
# (`run --backend postgres`: one throwaway cluster for the run, RC_POSTGRES_URL names it).
BACKEND = os.environ.get("RC_BACKEND", "sqlite")
if BACKEND not in ("sqlite", "postgres"):
    raise RuntimeError(f"RC_BACKEND must be sqlite or postgres, not {BACKEND!r}")
POSTGRES = BACKEND == "postgres"


def web_binary() -> Path:
    """The binary `run` built; RECIPECART_WEB_BINARY names it."""
    path = os.environ.get("RECIPECART_WEB_BINARY")
    if not path:
        raise RuntimeError("RECIPECART_WEB_BINARY is not set: run the suite through Tests/reliability/run")
    return Path(path)


_ports_given: set[int] = set()


def wait_until(condition, timeout: float, interval: float = 0.05):
    """The condition's first truthy value, or None once `timeout` seconds have passed without one: the one way every
    suite waits for the thing itself rather than a fixed time."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            return None
        time.sleep(interval)


def free_port() -> int:
    """A port free now and not handed out before in this run: the kernel may offer a closed port again, and several
    are picked before any server binds (a shop's instances, their metrics ports, nginx)."""
    while True:
        with socket.socket() as sock:
            sock.bind((HOST, 0))
            port = sock.getsockname()[1]
        if port not in _ports_given:
            _ports_given.add(port)
            return port


def scaled(name: str, ci: int) -> int:
    """A size from the environment (the soak script sets the full ones), the CI size otherwise."""
    return int(os.environ.get(name, ci))


# ---------------------------------------------------------------- stats for the soak script


_stats_lock = threading.Lock()


def record_stat(name: str, amount: int) -> None:
    """Adds to a counter in RC_STATS_FILE (JSON), read by the soak script for the figures in Docs/reliability.md."""
    path = os.environ.get("RC_STATS_FILE")
    if not path:
        return
    with _stats_lock:
        data = {}
        if os.path.exists(path):
            with open(path) as f:
                data = json.load(f)
        data[name] = data.get(name, 0) + amount
        with open(path, "w") as f:
            json.dump(data, f, indent=2, sort_keys=True)


# ---------------------------------------------------------------- PostgreSQL


_databases: dict[str, str] = {}
_databases_lock = threading.Lock()


def psql(url: str, sql: str, timeout: float = 60) -> list[list[str]]:
    """Runs SQL with psql; the rows as lists of strings (NULL as '')."""
    result = subprocess.run(["psql", "-X", "-q", "-A", "-t", "-F", "\x1f", "-v", "ON_ERROR_STOP=1", url, "-c", sql],
                            capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0:
        raise RuntimeError(f"psql {sql[:200]!r} failed ({result.returncode}): {result.stderr.strip()}")
    return [line.split("\x1f") for line in result.stdout.splitlines() if line]


def database_url_for(data_dir: Path) -> str:
    """On PostgreSQL, the database that belongs with a data dir, as the SQLite file would: made fresh the first time
    a server starts on that data dir, the same one when a test restarts a server on it."""
    base = os.environ.get("RC_POSTGRES_URL")
    if not base:
        raise RuntimeError("RC_BACKEND=postgres needs RC_POSTGRES_URL: run the suite as Tests/reliability/run --backend postgres")
    key = str(Path(data_dir).resolve())
    with _databases_lock:
        if key not in _databases:
            name = "rc_" + secrets.token_hex(6)
            psql(base, f"CREATE DATABASE {name}")
            _databases[key] = base.rsplit("/", 1)[0] + "/" + name
        return _databases[key]


def share_database(data_dir: Path, with_data_dir: Path) -> None:
    """On PostgreSQL, a server on `data_dir` uses the database of the one on `with_data_dir`: two instances of one
    shop, each with its own disk copies of pictures."""
    url = database_url_for(with_data_dir)
    with _databases_lock:
        _databases[str(Path(data_dir).resolve())] = url


def postgres_cluster(command: str) -> None:
    """Stops or starts the run's PostgreSQL cluster (`run --backend postgres` names it in RC_POSTGRES_DIR); started
    again, it listens on the port it had."""
    folder = os.environ.get("RC_POSTGRES_DIR")
    if not folder:
        raise RuntimeError("RC_POSTGRES_DIR is not set: run the suite as Tests/reliability/run --backend postgres")
    subprocess.run([str(ROOT / "Tests/support/postgres-cluster"), command, folder], check=True, capture_output=True,
                   timeout=120)


# ---------------------------------------------------------------- the server


class Server:
    """One `web serve` process on a loopback port with its own data dir and log file."""

    def __init__(self, data_dir: Path, *, port: int | None = None, args: list[str] | None = None,
                 user: str | None = None, log_path: Path | None = None, staff_token: str | None = None,
                 env: dict[str, str] | None = None, open_files: int | None = None):
        self.data_dir = Path(data_dir)
        # Soft and hard open-file limit of the process, as `ulimit -n` in the shell that starts it.
        self.open_files = open_files
        self.port = port or free_port()
        self.args = list(args or [])
        self.user = user
        self.staff_token = staff_token
        self.env = dict(env or {})
        self.log_path = Path(log_path) if log_path else self.data_dir.parent / f"server-{self.port}.log"
        self.proc: subprocess.Popen | None = None
        self._log = None

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    def command(self) -> list[str]:
        cmd = [str(web_binary()), "serve", "--host", HOST, "--port", str(self.port),
               "--data-dir", str(self.data_dir), "--resources-dir", str(ROOT), "--log-level", "info"]
        if self.staff_token:
            cmd += ["--staff-token", self.staff_token]
        if POSTGRES:
            cmd += ["--database-url", self.database_url]
        cmd += self.args
        if self.user:
            cmd = ["setpriv", f"--reuid={self.user}", "--regid=nogroup", "--clear-groups", "--"] + cmd
        if self.open_files:
            cmd = ["prlimit", f"--nofile={self.open_files}:{self.open_files}", "--"] + cmd
        return cmd

    def start(self, timeout: float = 60) -> "Server":
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(self.command(), cwd=str(ROOT), stdout=self._log, stderr=subprocess.STDOUT,
                                     start_new_session=True, env={**os.environ, **self.env})
        # `run` stops whatever is still listed here when the suite itself is interrupted.
        pid_file = os.environ.get("RC_PID_FILE")
        if pid_file:
            with open(pid_file, "a") as f:
                f.write(f"{self.proc.pid}\n")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode} during start-up:\n{self.log_tail()}")
            try:
                if get_status(self.port, "/healthz", timeout=2) == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server did not answer /healthz within {timeout} s:\n{self.log_tail()}")

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def signal(self, sig: int) -> None:
        if self.alive():
            os.kill(self.proc.pid, sig)

    def wait(self, timeout: float = 30) -> int:
        return self.proc.wait(timeout=timeout)

    def kill9(self) -> None:
        """`kill -9` the server and wait until it is gone."""
        self.signal(signal.SIGKILL)
        self.proc.wait(timeout=30)
        self._close_log()

    def stop(self, timeout: float = 30) -> int | None:
        """SIGTERM and wait; SIGKILL when it does not stop in time. Returns the exit code."""
        if self.proc is None:
            return None
        if self.alive():
            self.signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.signal(signal.SIGKILL)
                self.proc.wait(timeout=30)
        self._close_log()
        return self.proc.returncode

    def _close_log(self) -> None:
        if self._log:
            self._log.close()
            self._log = None
            # Every request that reached the router is logged once: the soak's request count.
            record_stat("requests", sum(1 for line in self.log_text().splitlines() if REQUEST_LINE_RE.search(line)))

    def log_text(self) -> str:
        """The log so far. A running server writes its lines from a thread of its own, in batches at most 10 ms
        apart, so what a request just logged is waited for: the file is read once it has not grown for 50 ms (at
        most 2 s)."""
        if self.alive():
            size, deadline = -1, time.monotonic() + 2
            while time.monotonic() < deadline:
                current = self.log_path.stat().st_size if self.log_path.exists() else 0
                if current == size:
                    break
                size = current
                time.sleep(0.05)
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def log_tail(self, lines: int = 30) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])

    def error_lines(self, since: int = 0) -> list[str]:
        """Lines logged at error or critical level after offset `since` of the log."""
        return [line for line in self.log_text()[since:].splitlines() if LOG_ERROR_RE.match(line)]

    @property
    def database_path(self) -> Path:
        """The SQLite file (on the SQLite backend)."""
        return self.data_dir / "recipecart.sqlite"

    @property
    def database_url(self) -> str:
        """The PostgreSQL database (on the PostgreSQL backend)."""
        return database_url_for(self.data_dir)

    def sql(self, query: str) -> list[list[str]]:
        """A read-only query on this server's database, whichever the backend; every value as a string."""
        if POSTGRES:
            return psql(self.database_url, query)
        db = sqlite3.connect(f"file:{self.database_path}?mode=ro", uri=True, timeout=5)
        try:
            return [["" if v is None else str(v) for v in row] for row in db.execute(query).fetchall()]
        finally:
            db.close()

    def sql_value(self, query: str) -> str:
        rows = self.sql(query)
        assert rows and rows[0], f"{query!r} returned no row"
        return rows[0][0]

    def integrity(self) -> str:
        """SQLite's `PRAGMA integrity_check` ("ok"); on PostgreSQL, "ok" when the database answers a query on the
        cart table (a crashed client cannot corrupt a PostgreSQL database; the server keeps its own WAL)."""
        if POSTGRES:
            self.sql_value("SELECT COUNT(*) FROM cart_items")
            return "ok"
        return "; ".join(row[0] for row in self.sql("PRAGMA integrity_check"))

    def hold_write_lock(self) -> "WriteLock":
        """Another process holding the database so that every cart write waits (until `release()`)."""
        return WriteLock(self)


class WriteLock:
    """SQLite: `BEGIN EXCLUSIVE` on the file. PostgreSQL: a psql session holding `LOCK TABLE … ACCESS EXCLUSIVE` on
    the session and cart tables, which every stepper post writes."""

    def __init__(self, server: Server):
        self.server = server
        self.holder = None
        if POSTGRES:
            self.holder = subprocess.Popen(["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", server.database_url],
                                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                           text=True)
            self.holder.stdin.write("BEGIN;\nLOCK TABLE sessions, cart_items IN ACCESS EXCLUSIVE MODE;\n"
                                    "SELECT 'locked';\n")
            self.holder.stdin.flush()
            line = self.holder.stdout.readline()
            if line.strip() != "locked":
                raise RuntimeError(f"psql could not lock the cart tables: {line}{self.holder.stdout.read()}")
        else:
            self.holder = sqlite3.connect(str(server.database_path), timeout=5, isolation_level=None)
            self.holder.execute("BEGIN EXCLUSIVE")

    def release(self) -> None:
        if POSTGRES:
            self.holder.stdin.write("ROLLBACK;\n")
            self.holder.stdin.close()
            self.holder.wait(timeout=30)
        else:
            self.holder.execute("ROLLBACK")
            self.holder.close()


# swift-log's stream handler: "<timestamp> <level> <label> : <metadata> [<source>] <message>"
LOG_ERROR_RE = re.compile(r"^\S+ (error|critical) ")
# One line a request, whether Hummingbird's own (hb.request.method=…) or RecipeCart's (method=… path=… status=…).
REQUEST_LINE_RE = re.compile(r"\bmethod=\S+.* Request$")


def get_status(port: int, path: str, timeout: float = 5) -> int:
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


# ---------------------------------------------------------------- a browser-like client


@dataclass
class Reply:
    status: int
    headers: list[tuple[str, str]]
    body: bytes
    elapsed: float = 0.0

    def header(self, name: str) -> str | None:
        name = name.lower()
        for key, value in self.headers:
            if key.lower() == name:
                return value
        return None

    def all_headers(self, name: str) -> list[str]:
        name = name.lower()
        return [value for key, value in self.headers if key.lower() == name]

    def set_cookie(self, name: str) -> str | None:
        """The whole Set-Cookie line for cookie `name`, attributes included."""
        for value in self.all_headers("Set-Cookie"):
            if value.split("=", 1)[0].strip() == name:
                return value
        return None

    @property
    def new_session(self) -> str | None:
        """The session cookie value this answer sets, if any: a first visit, or a session id the server rotated
        (it issues a new one when a session first gets a cart line, and the old id's CSRF token is void then)."""
        for name in SESSION_COOKIES:
            line = self.set_cookie(name)
            if line and "max-age=0" not in line.lower():
                return line.split(";", 1)[0].split("=", 1)[1]
        return None

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")


class Client:
    """One browser: its own cookie jar and one keep-alive connection, requests one after another."""

    def __init__(self, port: int, timeout: float = 15):
        self.port = port
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self.conn: http.client.HTTPConnection | None = None

    def close(self) -> None:
        if self.conn:
            self.conn.close()
            self.conn = None

    def request(self, method: str, path: str, body: bytes | str | None = None,
                headers: dict[str, str] | None = None, cookies: bool = True) -> Reply:
        if isinstance(body, str):
            body = body.encode()
        all_headers = {"Host": f"{HOST}:{self.port}", "User-Agent": "recipecart-reliability"}
        if cookies and self.cookies:
            all_headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        all_headers.update(headers or {})
        if body is not None:
            all_headers.setdefault("Content-Length", str(len(body)))
        start = time.monotonic()
        for attempt in (0, 1):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
            try:
                self.conn.request(method, path, body=body, headers=all_headers)
                response = self.conn.getresponse()
                data = response.read()
                reply = Reply(response.status, response.getheaders(), data, time.monotonic() - start)
                if response.will_close:
                    self.close()
                break
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as error:
                # A keep-alive connection the server closed while idle: retry once on a fresh one, but only
                # when nothing can have been processed (the server closed before reading our request).
                self.close()
                if attempt == 1 or not isinstance(error, (http.client.RemoteDisconnected, BrokenPipeError)) \
                        or method == "POST":
                    raise
        if cookies:
            self.remember(reply.all_headers("Set-Cookie"))
        return reply

    def remember(self, set_cookie_lines: list[str]) -> None:
        """Updates the jar from Set-Cookie lines, as a browser would (also for answers read off a raw socket)."""
        for value in set_cookie_lines:
            name, _, rest = value.partition("=")
            cookie_value = rest.split(";", 1)[0]
            if "max-age=0" in value.lower():
                self.cookies.pop(name.strip(), None)
            else:
                self.cookies[name.strip()] = cookie_value

    def get(self, path: str, **kw) -> Reply:
        return self.request("GET", path, **kw)

    def post_form(self, path: str, fields: dict[str, str] | list[tuple[str, str]], headers: dict[str, str] | None = None,
                  **kw) -> Reply:
        body = urllib.parse.urlencode(fields)
        all_headers = {"Content-Type": "application/x-www-form-urlencoded"}
        all_headers.update(headers or {})
        return self.request("POST", path, body=body, headers=all_headers, **kw)

    # -- RecipeCart specifics

    def csrf(self, path: str = "/recipes/bundled-1") -> str:
        """Opens a page (getting the session cookie) and answers the form's CSRF token."""
        reply = self.get(path)
        match = CSRF_RE.search(reply.text)
        assert match, f"no _csrf input on {path} (status {reply.status})"
        return html.unescape(match.group(1))

    def start_session(self) -> str:
        """Starts a session as a browser's first post does (a page view starts none: it gets a looker token) and
        answers the session's CSRF token."""
        token = self.csrf()
        reply = self.post_form("/cart/clear", {"_csrf": token})
        assert reply.status == 303 and reply.new_session, f"a first post started no session ({reply.status})"
        return self.csrf()

    def token_after(self, reply: Reply, token: str, path: str = "/recipes/bundled-1") -> str:
        """The CSRF token for the next post: `token`, or a fresh one when `reply` rotated the session id."""
        return self.csrf(path) if reply.new_session else token

    def shown_shortfalls(self) -> list[tuple[str, str]]:
        """The send form's hidden rows the cart page shows out of stock or short, as a browser posts them back with
        "Send to the shop"."""
        reply = self.get("/cart")
        assert reply.status == 200, f"/cart answered {reply.status}"
        return [("shelf_short", html.unescape(value)) for value in SHELF_SHORT_RE.findall(reply.text)]

    def cart(self) -> dict[str, int]:
        reply = self.get("/cart")
        assert reply.status == 200, f"/cart answered {reply.status}"
        return parse_cart(reply.text)

    def step(self, recipe: str, op: str, token: str, quantity: int | None = None, return_to: str | None = None,
             headers: dict[str, str] | None = None) -> Reply:
        fields = [("_csrf", token), ("op", op)]
        if quantity is not None:
            fields.append(("quantity", str(quantity)))
        if return_to is not None:
            fields.append(("return_to", return_to))
        return self.post_form(f"/cart/items/{recipe}", fields, headers=headers)


def parse_cart(page: str) -> dict[str, int]:
    return {recipe: int(quantity) for recipe, quantity in CART_LINE_RE.findall(page)}


# ---------------------------------------------------------------- the cart model


def apply_op(cart: dict[str, int], recipe: str, op: str, quantity: int | None = None) -> None:
    """What one acknowledged stepper post does: inc caps at 99, dec at 1 removes the line, set 0 removes."""
    current = cart.get(recipe, 0)
    if op == "inc":
        new = min(current + 1, MAX_QUANTITY)
    elif op == "dec":
        new = max(current - 1, 0)
    elif op == "set":
        new = quantity
    else:
        raise ValueError(op)
    if new <= 0:
        cart.pop(recipe, None)
    else:
        cart[recipe] = new


def random_op(rng: random.Random, recipes: list[str]) -> tuple[str, str, int | None]:
    recipe = rng.choice(recipes)
    roll = rng.random()
    if roll < 0.5:
        return recipe, "inc", None
    if roll < 0.8:
        return recipe, "dec", None
    # Mostly small quantities, sometimes the edges: 0 removes, 99 is the cap.
    quantity = rng.choice([0, 1, 2, 3, 5, 8, 13, 50, 98, 99])
    return recipe, "set", quantity


@dataclass
class ShopperLog:
    """What one shopper sent and what the server acknowledged."""

    name: str
    token: str = ""
    client: Client | None = None
    acked: list[tuple[str, str, int | None]] = field(default_factory=list)
    in_flight: tuple[str, str, int | None] | None = None
    failures: list[str] = field(default_factory=list)
    sent: int = 0

    def current_token(self) -> str:
        """The CSRF token of the session the client holds now; fetched again after the server rotated it."""
        if not self.token:
            self.token = self.client.csrf()
        return self.token

    def model(self) -> dict[str, int]:
        cart: dict[str, int] = {}
        for recipe, op, quantity in self.acked:
            apply_op(cart, recipe, op, quantity)
        return cart

    def model_with_in_flight(self) -> dict[str, int]:
        cart = self.model()
        if self.in_flight:
            apply_op(cart, *self.in_flight)
        return cart


def run_shopper(log: ShopperLog, port: int, posts: int, seed: int, recipes: list[str],
                stop: threading.Event | None = None, pause: float = 0.0) -> None:
    """A browser: session cookie and token first, then `posts` stepper posts one after another.

    Every 303 is recorded as acknowledged. A post that got no answer (the server was killed) stays
    `in_flight`; the shopper stops there. A 303 that rotated the session id voids the token: the next
    post fetches the new one first, as a browser would get it with the page it is sent back to.
    """
    rng = random.Random(seed)
    client = log.client or Client(port)
    log.client = client
    for _ in range(posts):
        if stop is not None and stop.is_set():
            return
        try:
            log.current_token()
        except (OSError, http.client.HTTPException) as error:
            log.failures.append(f"token page: {type(error).__name__} {error}")
            return
        except AssertionError as error:
            log.failures.append(f"token page: HTTP answer without a form: {error}")
            return
        recipe, op, quantity = random_op(rng, recipes)
        log.in_flight = (recipe, op, quantity)
        log.sent += 1
        try:
            reply = client.step(recipe, op, log.token, quantity=quantity, return_to="/cart")
        except (OSError, http.client.HTTPException) as error:
            log.failures.append(f"{recipe} {op} {quantity}: {type(error).__name__} {error}")
            return  # left in flight: the server may or may not have applied it
        if reply.status == 303:
            log.acked.append((recipe, op, quantity))
            log.in_flight = None
            if reply.new_session:
                log.token = ""
        else:
            log.in_flight = None
            log.failures.append(f"{recipe} {op} {quantity}: HTTP {reply.status}")
        if pause:
            time.sleep(pause)


def start_shoppers(logs: list[ShopperLog], port: int, posts: int | list[int], seed: int, recipes: list[str],
                   stop: threading.Event | None = None) -> list[threading.Thread]:
    """One thread a shopper: sessions run concurrently, each one's posts one after another.
    `posts` is one count for all, or one count a shopper."""
    threads = []
    counts = posts if isinstance(posts, list) else [posts] * len(logs)
    for index, log in enumerate(logs):
        thread = threading.Thread(target=run_shopper, name=f"shopper-{index}",
                                  args=(log, port, counts[index], seed * 1000 + index, recipes, stop), daemon=True)
        thread.start()
        threads.append(thread)
    return threads


def join_all(threads: list[threading.Thread], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    stuck = [t.name for t in threads if t.is_alive()]
    assert not stuck, f"shoppers still running after {timeout} s (a hang): {stuck[:5]}"
