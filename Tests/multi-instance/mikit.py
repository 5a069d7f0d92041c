"""Helpers for the multi-instance suite: a throwaway PostgreSQL cluster (Tests/support/postgres-cluster),
a fresh database per test, several real `web` instances on it, and nginx in front as a round-robin
load balancer. The HTTP client, the server wrapper and the cart model come from the reliability suite's
rckit, imported from ../reliability."""

from __future__ import annotations

import http.client
import itertools
import os
import random
import re
import secrets
import shutil
import signal
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import sys

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "reliability"))

from rckit import (  # noqa: E402  (the path above must come first)
    HOST, ROOT, Client, Reply, Server, apply_op, free_port, get_status, random_op, web_binary,
)

CLUSTER_SCRIPT = ROOT / "Tests" / "support" / "postgres-cluster"
TEMPLATE = HERE / "nginx.conf.template"
STAFF_TOKEN = "multi-instance-staff-token-31"
ERROR_503 = '<p class="error-status">Error 503</p>'
# nginx's own error page (a 502 when the instance it sent the request to died): the request may or may not have
# been applied, exactly like a connection cut off.
NGINX_PAGE_RE = re.compile(rb"<center>nginx[^<]*</center>")


def remember_pid(name: str, pid: int) -> None:
    """`run` stops whatever is still listed here when the suite itself is interrupted."""
    path = os.environ.get(name)
    if path:
        with open(path, "a") as f:
            f.write(f"{pid}\n")


def local_ports_to(pid: int, remote_port: int) -> set[int]:
    """The local ports of process `pid`'s IPv4 TCP connections to `remote_port` (Linux /proc): the peer ports a
    server on `remote_port` sees that process's requests come from. Empty once the process is gone."""
    try:
        inodes = set()
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                target = os.readlink(fd)
            except OSError:
                continue  # closed meanwhile
            if target.startswith("socket:["):
                inodes.add(target[len("socket:["):-1])
        table = Path(f"/proc/{pid}/net/tcp").read_text().splitlines()[1:]
    except (FileNotFoundError, ProcessLookupError):
        return set()
    ports = set()
    for line in table:
        fields = line.split()
        local, remote, inode = fields[1], fields[2], fields[9]
        if inode in inodes and int(remote.split(":")[1], 16) == remote_port:
            ports.add(int(local.split(":")[1], 16))
    return ports


def tail(path: Path, lines: int = 30) -> str:
    """The last `lines` lines, a run of lines that differ only in their timestamp told once with its count."""
    try:
        text = path.read_text(errors="replace").splitlines()
    except FileNotFoundError:
        return f"({path} does not exist)"
    folded: list[list] = []  # [line, key, repeats]
    for line in text:
        key = re.sub(r"^\S+ ", "", line)  # the timestamp (swift-log's and postgres' first field)
        if folded and folded[-1][1] == key:
            folded[-1][2] += 1
        else:
            folded.append([line, key, 0])
    return "\n".join(line + (f"   (and {repeats} more like it)" if repeats else "")
                     for line, _, repeats in folded[-lines:])


# ---------------------------------------------------------------- PostgreSQL


class Cluster:
    """The suite's one PostgreSQL cluster; every test gets a fresh database in it."""

    def __init__(self, directory: Path):
        self.directory = Path(directory)
        self.url = ""

    def _script(self, *args: str, timeout: float = 120) -> str:
        result = subprocess.run([str(CLUSTER_SCRIPT), *args], capture_output=True, text=True, timeout=timeout)
        if result.returncode != 0:
            raise RuntimeError(f"postgres-cluster {' '.join(args)} failed ({result.returncode}):\n{result.stderr}")
        return result.stdout.strip()

    def start(self) -> str:
        self.url = self._script("start", str(self.directory))
        assert self.url.startswith("postgres://"), f"postgres-cluster printed {self.url!r}"
        return self.url

    def stop(self) -> None:
        self._script("stop", str(self.directory))

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1].split("/", 1)[0])

    @property
    def log_path(self) -> Path:
        return self.directory / "postgres.log"

    def database_url(self, name: str) -> str:
        return self.url.rsplit("/", 1)[0] + "/" + name

    def psql(self, sql: str, database: str = "recipecart", timeout: float = 60) -> str:
        result = subprocess.run(["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", self.database_url(database),
                                 "-c", sql], capture_output=True, text=True, timeout=timeout)
        if result.returncode != 0:
            raise RuntimeError(f"psql {sql!r} on {database} failed:\n{result.stderr}")
        return result.stdout.strip()

    def create_database(self) -> tuple[str, str]:
        name = "t_" + secrets.token_hex(6)
        self.psql(f"CREATE DATABASE {name} OWNER recipecart")
        return name, self.database_url(name)

    def drop_database(self, name: str) -> None:
        try:
            self.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        except (RuntimeError, subprocess.TimeoutExpired):
            pass


# ---------------------------------------------------------------- nginx


def render_nginx_config(listen: str, backends: list[int]) -> str:
    servers = "\n        ".join(f"server {HOST}:{port} max_fails=1 fail_timeout=2s;" for port in backends)
    lines = []
    for line in TEMPLATE.read_text().splitlines(keepends=True):
        if not line.lstrip().startswith("#"):  # the header comment names the placeholders too
            line = line.replace("@LISTEN@", listen).replace("@SERVERS@", servers)
        lines.append(line)
    text = "".join(lines)
    assert f"listen {listen};" in text and servers in text, "the nginx template lost its placeholders"
    return text


class Nginx:
    """Debian's nginx with its own prefix, config and logs in `prefix`, in the foreground."""

    def __init__(self, prefix: Path, backends: list[int], port: int | None = None):
        self.prefix = Path(prefix)
        self.backends = list(backends)
        self.port = port or free_port()
        self.proc: subprocess.Popen | None = None
        self._out = None

    @property
    def config_path(self) -> Path:
        return self.prefix / "nginx.conf"

    @property
    def error_log(self) -> Path:
        return self.prefix / "error.log"

    @property
    def access_log(self) -> Path:
        return self.prefix / "access.log"

    def start(self, timeout: float = 15) -> "Nginx":
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.prefix.mkdir(parents=True, exist_ok=True)
        os.chmod(self.prefix, 0o755)
        for sub in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
            path = self.prefix / "tmp" / sub
            path.mkdir(parents=True, exist_ok=True)
        self.config_path.write_text(render_nginx_config(f"{HOST}:{self.port}", self.backends))
        directives = "daemon off;"
        if os.geteuid() == 0:
            # As root the workers drop to nobody (Debian has no group "nobody"); they write the temp folders.
            directives += " user nobody nogroup;"
            for path in [self.prefix / "tmp", *(self.prefix / "tmp").iterdir()]:
                shutil.chown(path, "nobody", "nogroup")
        test = subprocess.run([binary, "-t", "-p", str(self.prefix), "-c", str(self.config_path), "-g", directives],
                              capture_output=True, text=True, timeout=30)
        if test.returncode != 0:
            raise RuntimeError(f"nginx -t refused the config:\n{test.stderr}")
        self._out = open(self.prefix / "nginx.out", "ab")
        self.proc = subprocess.Popen([binary, "-p", str(self.prefix), "-c", str(self.config_path), "-g", directives],
                                     stdout=self._out, stderr=subprocess.STDOUT, start_new_session=True)
        remember_pid("RC_NGINX_PID_FILE", self.proc.pid)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"nginx exited with {self.proc.returncode}:\n{tail(self.prefix / 'nginx.out')}\n"
                                   f"{tail(self.error_log)}")
            try:
                get_status(self.port, "/healthz", timeout=2)
                return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"nginx did not answer on {self.port} within {timeout} s")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)  # graceful: finish the requests in flight
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        if self._out:
            self._out.close()
            self._out = None

    def upstreams_used(self) -> dict[str, int]:
        """How many requests the access log says each instance answered."""
        counts: dict[str, int] = {}
        for line in self.access_log.read_text(errors="replace").splitlines():
            match = re.search(r" upstream=(.*?) upstream_status=", line)
            if match:
                for address in re.split(r"[,:]\s+", match.group(1)):  # "a, b" tried in turn; "a : b" internal
                    if address.strip() and address.strip() != "-":
                        counts[address.strip()] = counts.get(address.strip(), 0) + 1
        return counts


# ---------------------------------------------------------------- the shop: instances + nginx


@dataclass
class Shop:
    workdir: Path
    cluster: Cluster
    database: str
    database_url: str
    instances: list[Server]
    metrics_ports: list[int | None]
    nginx: Nginx

    @property
    def ports(self) -> list[int]:
        """Every way in: nginx first, then each instance directly."""
        return [self.nginx.port] + [server.port for server in self.instances]

    def psql(self, sql: str) -> str:
        return self.cluster.psql(sql, database=self.database)

    def diagnostics(self) -> str:
        parts = [f"workdir {self.workdir}"]
        for index, server in enumerate(self.instances, 1):
            parts.append(f"---- instance {index} (port {server.port}) {server.log_path} (last 30 lines)\n{tail(server.log_path, 30)}")
        parts.append(f"---- nginx error.log (last 20 lines)\n{tail(self.nginx.error_log, 20)}")
        parts.append(f"---- nginx access.log (last 20 lines)\n{tail(self.nginx.access_log, 20)}")
        parts.append(f"---- postgres.log (last 20 lines)\n{tail(self.cluster.log_path, 20)}")
        return "\n".join(parts)


def instance_args(database_url: str, metrics_port: int | None, extra: list[str] | None = None) -> list[str]:
    """Every instance answers kept pages on the event loop, as in production; with a metrics port it counts them too."""
    metrics = ["--metrics-port", str(metrics_port)] if metrics_port is not None else []
    return ["--database-url", database_url, "--trusted-proxy", HOST, *metrics, *(extra or [])]


def start_instances(servers: list[Server], timeout: float = 90) -> None:
    """Starts them all at once, as a deploy would: their migrations meet on one fresh database."""
    errors: list[str] = []

    def start(server: Server) -> None:
        try:
            server.start(timeout=timeout)
        except Exception as error:  # noqa: BLE001 (reported below)
            errors.append(f"instance on port {server.port}: {error}")

    threads = [threading.Thread(target=start, args=(server,)) for server in servers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise RuntimeError("\n".join(errors))


# ---------------------------------------------------------------- browsers over several ports


class MultiClient:
    """One browser (one cookie jar) that sends each request to the port it is told: nginx or an instance."""

    def __init__(self, ports: list[int], timeout: float = 15):
        self.cookies: dict[str, str] = {}
        self.clients = {port: Client(port, timeout=timeout) for port in ports}
        for client in self.clients.values():
            client.cookies = self.cookies  # one jar, like a browser's for one site

    def on(self, port: int) -> Client:
        return self.clients[port]

    def close(self) -> None:
        for client in self.clients.values():
            client.close()


def is_gateway_error(reply: Reply) -> bool:
    """A 502/504 made by nginx itself: the instance it sent the request to did not answer it."""
    return reply.status in (502, 504) and bool(NGINX_PAGE_RE.search(reply.body))


@dataclass
class Shopper:
    """A shopper whose posts go to several ports. Every 303 is acknowledged; a post cut off (connection lost,
    nginx's 502 from a dead instance) is ambiguous: applied or not, each is tried both ways by the model."""

    name: str
    browser: MultiClient
    token: str = ""
    history: list[tuple[str, tuple[str, str, int | None]]] = field(default_factory=list)  # ("acked"|"ambiguous", op)
    failures: list[str] = field(default_factory=list)
    by_port: dict[int, int] = field(default_factory=dict)
    sent: int = 0

    @property
    def acked(self) -> int:
        return sum(1 for kind, _ in self.history if kind == "acked")

    @property
    def ambiguous(self) -> list[tuple[str, str, int | None]]:
        return [op for kind, op in self.history if kind == "ambiguous"]

    def models(self) -> list[dict[str, int]]:
        """Every cart the acknowledged posts allow, one per choice of which ambiguous posts took effect."""
        positions = [i for i, (kind, _) in enumerate(self.history) if kind == "ambiguous"]
        results = []
        for choice in itertools.product((False, True), repeat=len(positions)):
            applied = {p for p, on in zip(positions, choice) if on}
            cart: dict[str, int] = {}
            for index, (kind, op) in enumerate(self.history):
                if kind == "acked" or index in applied:
                    apply_op(cart, *op)
            if cart not in results:
                results.append(cart)
        return results

    def fetch_token(self, port: int) -> None:
        self.token = self.browser.on(port).csrf()

    def post(self, port: int, op: tuple[str, str, int | None], token_ports: list[int] | None = None) -> str:
        """One stepper post to `port`: 'acked', 'ambiguous' (cut off: applied or not), 'refused' (the connection was
        refused: not sent, not applied) or 'failed' (any other answer)."""
        recipe, action, quantity = op
        if not self.token:
            for token_port in (token_ports or [port]):
                try:
                    self.fetch_token(token_port)
                    break
                except (OSError, http.client.HTTPException) as error:
                    self.browser.on(token_port).close()
                    self.failures.append(f"connection {token_port} (token page): {type(error).__name__} {error}")
                except AssertionError as error:
                    self.failures.append(f"HTTP {token_port} (token page): {error}")
            if not self.token:
                return "failed"
        self.sent += 1
        try:
            reply = self.browser.on(port).step(recipe, action, self.token, quantity=quantity, return_to="/cart")
        except ConnectionRefusedError as error:
            # Nothing was sent: certainly not applied.
            self.browser.on(port).close()
            self.failures.append(f"connection {port} refused: {recipe} {action} {quantity}: {error}")
            return "refused"
        except (OSError, http.client.HTTPException) as error:
            self.browser.on(port).close()
            self.history.append(("ambiguous", op))
            self.failures.append(f"connection {port}: {recipe} {action} {quantity}: {type(error).__name__} {error}")
            return "ambiguous"
        if reply.status == 303:
            self.history.append(("acked", op))
            self.by_port[port] = self.by_port.get(port, 0) + 1
            if reply.new_session:
                self.token = ""
            return "acked"
        if is_gateway_error(reply):
            self.history.append(("ambiguous", op))
            self.failures.append(f"gateway {port}: {recipe} {action} {quantity}: HTTP {reply.status}")
            return "ambiguous"
        self.failures.append(f"HTTP {port}: {recipe} {action} {quantity}: HTTP {reply.status} {reply.text[:200]!r}")
        return "failed"


def random_ops(seed: int, recipes: list[str], count: int) -> list[tuple[str, str, int | None]]:
    rng = random.Random(seed)
    return [random_op(rng, recipes) for _ in range(count)]


# ---------------------------------------------------------------- staff and edits


def sign_in_staff(client: Client, token: str = STAFF_TOKEN) -> Reply:
    csrf = client.csrf("/staff/login")
    reply = client.post_form("/staff/login", {"_csrf": csrf, "token": token})
    assert reply.status == 303, f"staff sign-in answered {reply.status}: {reply.text[:300]!r}"
    assert any(name.endswith("rc_staff") for name in client.cookies), f"no staff cookie after sign-in: {client.cookies}"
    return reply


STAFF_CART_RE = re.compile(r'<article class="staff-cart" data-cart-label="([^"]+)">(.*?)</article>', re.S)
STAFF_LINE_RE = re.compile(r'<li data-recipe-id="([^"]+)"><span class="staff-qty">(\d+)×</span>')


def staff_carts(page: str) -> dict[str, dict[str, int]]:
    """The staff board's carts: label -> {recipe: quantity}."""
    return {label: {recipe: int(qty) for recipe, qty in STAFF_LINE_RE.findall(body)}
            for label, body in STAFF_CART_RE.findall(page)}


def multipart(fields: list[tuple[str, str]], files: list[tuple[str, str, str, bytes]] = ()) -> tuple[bytes, str]:
    """A multipart/form-data body: text fields, then (name, filename, content type, bytes) files."""
    boundary = "rcmi" + secrets.token_hex(12)
    chunks = []
    for name, value in fields:
        chunks.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'.encode()
                      + value.encode() + b"\r\n")
    for name, filename, content_type, data in files:
        chunks.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                      f"Content-Type: {content_type}\r\n\r\n".encode() + data + b"\r\n")
    chunks.append(f"--{boundary}--\r\n".encode())
    return b"".join(chunks), f"multipart/form-data; boundary={boundary}"


# ---------------------------------------------------------------- metrics


METRIC_TYPE_RE = re.compile(r"^# TYPE (\S+) (\S+)", re.M)
# Label values may hold braces themselves (http_route="/recipes/{id}").
SAMPLE_RE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[^"}]|"(?:[^"\\]|\\.)*")*\})?\s+(\S+)', re.M)


def request_counters(text: str) -> dict[str, float]:
    """Sum of every counter whose name speaks of requests, by name."""
    counters = {name for name, kind in METRIC_TYPE_RE.findall(text) if kind == "counter" and "request" in name and "error" not in name}
    sums: dict[str, float] = {}
    for name, _labels, value in SAMPLE_RE.findall(text):
        base = name[:-6] if name.endswith("_total") and name not in counters else name
        if name in counters or base in counters:
            sums[name] = sums.get(name, 0.0) + float(value)
    return sums
