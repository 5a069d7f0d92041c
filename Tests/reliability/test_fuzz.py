"""Hostile input: a seeded generator sends at least 10,000 requests with random bytes in the path, the
query, form and multipart bodies, cookies, headers and the request line itself. No answer may be a 5xx,
the process must stay alive and no request may hang. Then the documented limits, one by one."""

from __future__ import annotations

import collections
import random
import threading
import time
import urllib.parse

import pytest

from rawhttp import Hang, RawConnection, one_shot
from rckit import BUNDLED_IDS, HOST, Client, record_stat, scaled

REQUESTS = scaled("RC_FUZZ_REQUESTS", 10_000)
SEED = scaled("RC_FUZZ_SEED", 9)
WORKERS = 8
TIMEOUT = 10.0

ROUTES = ["/", "/recipes/{id}", "/recipes/{id}/edit", "/recipes/{id}/revert", "/cart", "/cart/items/{id}",
          "/cart/items/{id}/cooking", "/cart/clear", "/staff", "/staff/carts/{label}", "/staff/login",
          "/staff/logout", "/healthz", "/static/app.css", "/static/{x}", "/images/bundled/{x}", "/images/uploads/{x}",
          "/images/{x}"]
POST_ROUTES = ["/cart/items/{id}", "/cart/items/{id}/cooking", "/cart/clear", "/recipes/{id}/revert",
               "/staff/login", "/staff/logout", "/recipes/{id}/edit"]
METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT", "PROPFIND", "get",
           "G\x00T", "BREW", "X" * 300]
NASTY = ["", "0", "-1", "99", "100", "1e3", "0x10", "+5", " 7 ", "٣", "９", "NaN", "1.5", "99999999999999999999",
         "-0", "\u202e", "%", "%%", "%zz", "%00", "\x00", "../../etc/passwd", "<script>alert(1)</script>",
         "' OR 1=1 --", "\"", "*", "NEAR(a b)", "a AND b", "-x", "^x", "{{chrome.csrfToken}}", "inc", "dec", "set",
         "start", "stop", "🍰" * 10, "a" * 5000, "\r\n", "\u0000\uffff", "//evil.example", "/\\evil.example",
         "javascript:alert(1)", "\\\\evil", "/cart\r\nSet-Cookie: x=1"]


class Generator:
    """One request's bytes from a seeded RNG, and whether it is well-formed enough to keep the connection."""

    def __init__(self, rng: random.Random, port: int, sessions: list[tuple[str, str]]):
        self.rng = rng
        self.port = port
        self.sessions = sessions  # (cookie value, csrf token) pairs the server issued

    # -- pieces

    def random_bytes(self, low: int = 0, high: int = 40, alphabet: bytes | None = None) -> bytes:
        n = self.rng.randint(low, high)
        if alphabet:
            return bytes(self.rng.choice(alphabet) for _ in range(n))
        return bytes(self.rng.randrange(256) for _ in range(n))

    def text(self) -> str:
        roll = self.rng.random()
        if roll < 0.35:
            return self.rng.choice(NASTY)
        if roll < 0.6:
            return self.random_bytes(0, 30).decode("latin-1")
        if roll < 0.8:
            return "".join(chr(self.rng.choice([self.rng.randrange(32, 127), self.rng.randrange(0x80, 0x3000),
                                                 self.rng.randrange(0x1F300, 0x1F650)])) for _ in range(self.rng.randint(0, 30)))
        return self.rng.choice(BUNDLED_IDS)

    def encoded(self, value: str) -> str:
        mode = self.rng.random()
        if mode < 0.7:
            return urllib.parse.quote_plus(value.encode("utf-8", "surrogatepass"), safe="")
        if mode < 0.85:  # broken escapes
            return urllib.parse.quote(value, safe="") + self.rng.choice(["%", "%4", "%g1", "%%", "%C0%AE", "%FF%FE"])
        # raw, only bytes a request target may hold
        return "".join(c for c in value if 0x21 <= ord(c) < 0x7F and c not in "#&=%") or "x"

    def path(self) -> str:
        template = self.rng.choice(ROUTES)
        segment = self.rng.choice(BUNDLED_IDS + ["bundled-0", "bundled-999", "mealdb-1", "", ".", "..", "%2e%2e"]
                                  + [self.encoded(self.text()) for _ in range(3)])
        path = template.replace("{id}", segment).replace("{label}", self.encoded(self.text())) \
                       .replace("{x}", self.encoded(self.text()))
        if self.rng.random() < 0.15:
            path += "/" + "/".join(self.encoded(self.text()) for _ in range(self.rng.randint(1, 4)))
        if self.rng.random() < 0.05:
            path = path.replace("/", self.rng.choice(["//", "/./", "/%2f", "\\"]), 1)
        return path or "/"

    def query(self) -> str:
        names = ["q", "category", "diet", "group", "page", "servings", "token", "return_to", "a[b][c]", "q[]"]
        pairs = []
        for _ in range(self.rng.randint(0, 6)):
            name = self.rng.choice(names) if self.rng.random() < 0.8 else self.text()
            pairs.append(f"{self.encoded(name)}={self.encoded(self.text())}")
        if self.rng.random() < 0.05:
            pairs.append("&" * self.rng.randint(1, 50))
        return "&".join(pairs)

    def cookie_header(self) -> str:
        roll = self.rng.random()
        if roll < 0.4 and self.sessions:
            value = self.pair[0]
            if self.rng.random() < 0.3:  # tamper with one character
                i = self.rng.randrange(len(value))
                value = value[:i] + self.rng.choice("AbZ09-_.") + value[i + 1:]
            return f"rc_session={value}"
        if roll < 0.7:
            junk = self.random_bytes(0, 120, alphabet=bytes(range(0x21, 0x7F)) + b" \t\x80\xff").decode("latin-1")
            return f"rc_session={junk}"
        if roll < 0.85:
            return "; ".join(f"{self.encoded(self.text())}={self.encoded(self.text())}" for _ in range(self.rng.randint(0, 30)))
        return self.random_bytes(0, 200, alphabet=bytes(range(0x20, 0x7F))).decode("latin-1")

    def extra_headers(self) -> list[tuple[str, str]]:
        headers = []
        choices = [
            ("Origin", lambda: self.rng.choice(["null", "http://evil.example", f"http://{HOST}:{self.port}",
                                                 "http://" + self.text(), self.text()])),
            ("Sec-Fetch-Site", lambda: self.rng.choice(["cross-site", "same-origin", "none", self.text()])),
            ("Accept-Encoding", lambda: self.rng.choice(["gzip", "br, gzip;q=0", "*", self.text()])),
            ("Range", lambda: self.rng.choice(["bytes=0-10", "bytes=-5", "bytes=99999-", "bytes=5-1,0-0,1-2",
                                                "bytes=" + self.text(), "lines=1-2"])),
            ("If-None-Match", lambda: self.rng.choice(['W/"x"', "*", self.text()])),
            ("If-Modified-Since", lambda: self.rng.choice(["Sat, 29 Oct 1994 19:43:31 GMT", "yesterday", self.text()])),
            ("Accept", lambda: self.text()),
            ("Accept-Language", lambda: self.text()),
            ("X-Forwarded-For", lambda: self.text()),
            ("Referer", lambda: self.text()),
            ("Expect", lambda: self.rng.choice(["100-continue", "200-ok"])),
            (None, None),  # a random header name
        ]
        for _ in range(self.rng.randint(0, 5)):
            name, make = self.rng.choice(choices)
            if name is None:
                name = self.random_bytes(1, 20, alphabet=b"abcdefghijklmnopqrstuvwxyz-ABC0123456789!#$%&'*+.^_`|~").decode()
                value = self.random_bytes(0, 80, alphabet=bytes(range(0x20, 0x7F)) + b"\t\x80\xfe").decode("latin-1")
            else:
                value = make()
            value = "".join(c for c in value if c not in "\r\n\x00")
            headers.append((name, value))
        return headers

    def form_body(self, route: str) -> bytes:
        fields = []
        if self.sessions and self.rng.random() < 0.6:
            fields.append(("_csrf", self.pair[1] if self.rng.random() < 0.8 else self.rng.choice(self.sessions)[1]))
        elif self.rng.random() < 0.5:
            fields.append(("_csrf", self.text()))
        for name in ("op", "quantity", "return_to", "minutes", "token"):
            if self.rng.random() < 0.6:
                value = self.rng.choice(["inc", "dec", "set", "start", "stop"]) if name == "op" and self.rng.random() < 0.6 \
                    else self.text()
                fields.append((name, value))
        for _ in range(self.rng.randint(0, 5)):
            fields.append((self.text(), self.text()))
        body = "&".join(f"{self.encoded(k)}={self.encoded(v)}" for k, v in fields)
        if self.rng.random() < 0.1:
            body = self.random_bytes(0, 300).decode("latin-1")
        return body.encode("latin-1", "replace")

    def multipart_body(self) -> tuple[bytes, str]:
        boundary = self.rng.choice(["b0undary", "x" * 70, "a b", "", "--", self.encoded(self.text())[:60] or "q"])
        parts = []
        names = ["_csrf", "version", "action", "title", "description", "step", "picture", "remove_picture"]
        for _ in range(self.rng.randint(0, 8)):
            name = self.rng.choice(names) if self.rng.random() < 0.8 else self.text()
            if name == "_csrf" and self.sessions and self.rng.random() < 0.7:
                value = self.pair[1].encode()
            elif name == "action":
                # The edit form's buttons are named for what they do and carry no value; the old named value too.
                name = "action-" + self.rng.choice(["save", "add-step", "delete-step-0", "move-up-1", "move-down-99",
                                                    "move-up--1", "delete-step-99999999999999999999", ""])
                value = self.rng.choice([b"", b"save"])
            elif name == "version":
                value = self.rng.choice([b"0", b"1", b"-1", b"x", b"99999999999999999999"])
            elif name == "picture":
                value = self.rng.choice([b"\x89PNG\r\n\x1a\n" + self.random_bytes(0, 200), b"GIF89a", self.random_bytes(0, 300)])
            else:
                value = self.text().encode("utf-8", "replace")
            disposition = f'form-data; name="{name}"'
            if name == "picture" or self.rng.random() < 0.05:
                disposition += f'; filename="{self.text()}"'
            parts.append(f"--{boundary}\r\nContent-Disposition: {disposition}\r\n\r\n".encode("utf-8", "replace") + value + b"\r\n")
        body = b"".join(parts) + (f"--{boundary}--\r\n".encode() if self.rng.random() < 0.9 else b"")
        if self.rng.random() < 0.1:
            body = body[: self.rng.randint(0, len(body))]
        return body, boundary

    # -- requests

    def request(self) -> tuple[str, bytes, bool, bool]:
        """(kind, bytes, is HEAD, well-formed: may reuse the connection and must be answered)."""
        # The session this request speaks for, when it carries a real cookie or token.
        self.pair = self.rng.choice(self.sessions) if self.sessions else ("", "")
        kind = self.rng.choices(["path", "query", "form", "multipart", "cookie", "headers", "method", "malformed"],
                                weights=[15, 15, 22, 8, 10, 12, 8, 10])[0]
        if kind == "malformed":
            return kind, self.malformed(), False, False
        method = "GET"
        target = self.path()
        body = b""
        content_type = None
        if kind == "query" or self.rng.random() < 0.2:
            target += "?" + self.query()
        if kind == "form" or (kind in ("cookie", "headers") and self.rng.random() < 0.4):
            method = "POST"
            target = self.rng.choice(POST_ROUTES).replace("{id}", self.rng.choice(BUNDLED_IDS[:5] + ["bundled-404"]))
            body = self.form_body(target)
            content_type = self.rng.choices(["application/x-www-form-urlencoded", "application/x-www-form-urlencoded; charset=utf-8",
                                             "text/plain", "application/json", "multipart/form-data", self.text()],
                                            weights=[70, 10, 5, 5, 5, 5])[0]
            if self.rng.random() < 0.3:
                target += "?" + self.query()
        elif kind == "multipart":
            method = "POST"
            target = f"/recipes/{self.rng.choice(BUNDLED_IDS[:5] + ['bundled-404'])}/edit"
            body, boundary = self.multipart_body()
            content_type = self.rng.choice([f"multipart/form-data; boundary={boundary}",
                                            f'multipart/form-data; boundary="{boundary}"', "multipart/form-data",
                                            f"multipart/mixed; boundary={boundary}"])
        elif kind == "method":
            method = self.rng.choice(METHODS)
            if self.rng.random() < 0.5:
                body = self.random_bytes(0, 100)
        headers = [("Host", f"{HOST}:{self.port}")]
        if kind == "cookie" or self.rng.random() < 0.3:
            headers.append(("Cookie", self.cookie_header()))
        elif self.sessions and self.rng.random() < 0.6:
            headers.append(("Cookie", f"rc_session={self.pair[0]}"))
        if kind == "headers":
            headers += self.extra_headers()
        if content_type is not None:
            headers.append(("Content-Type", "".join(c for c in content_type if c not in "\r\n\x00")))
        if body or method in ("POST", "PUT", "PATCH"):
            headers.append(("Content-Length", str(len(body))))
        head = f"{method} {target} HTTP/1.1\r\n".encode("latin-1", "replace") + b"".join(
            f"{name}: {value}\r\n".encode("latin-1", "replace") for name, value in headers) + b"\r\n"
        well_formed = all(0x21 <= b < 0x7F for b in method.encode("latin-1", "replace")) and \
            all(0x21 <= b < 0x7F for b in target.encode("latin-1", "replace"))
        return kind, head + body, method.upper() == "HEAD", well_formed

    def malformed(self) -> bytes:
        host = f"Host: {HOST}:{self.port}\r\n".encode()
        options = [
            lambda: self.random_bytes(1, 400),
            lambda: self.random_bytes(1, 100) + b"\r\n\r\n",
            lambda: b"GET / HTTP/1.1\r\n" + host + self.random_bytes(1, 200) + b"\r\n\r\n",
            lambda: b"GET " + self.random_bytes(1, 60) + b" HTTP/1.1\r\n" + host + b"\r\n",
            lambda: b"GET / HTTP/" + self.rng.choice([b"0.9", b"1.2", b"2.0", b"9.9", b"x", b""]) + b"\r\n" + host + b"\r\n",
            lambda: b"GET /\r\n\r\n",
            lambda: b"GET / HTTP/1.1\n" + host.replace(b"\r\n", b"\n") + b"\n",
            lambda: b"GET http://evil.example/ HTTP/1.1\r\n" + host + b"\r\n",
            lambda: b"CONNECT evil.example:443 HTTP/1.1\r\n" + host + b"\r\n",
            lambda: b"GET * HTTP/1.1\r\n" + host + b"\r\n",
            lambda: b"OPTIONS * HTTP/1.1\r\n" + host + b"\r\n",
            lambda: b"GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
            lambda: b"GET / HTTP/1.1\r\n\r\n",  # no Host
            lambda: b"GET / HTTP/1.1\r\n" + host + b"X-\x00: a\r\n\r\n",
            lambda: b"GET / HTTP/1.1\r\n" + host + b"X: a\rb\r\n\r\n",
            lambda: b"GET / HTTP/1.1\r\n" + host + b" folded: header\r\n\tcontinued\r\n\r\n",
            lambda: b"GET /\x00 HTTP/1.1\r\n" + host + b"\r\n",
            lambda: b"GET /a b c HTTP/1.1\r\n" + host + b"\r\n",
            lambda: b"POST /cart/clear HTTP/1.1\r\n" + host + b"Content-Length: 5\r\nContent-Length: 7\r\n\r\n12345",
            lambda: b"POST /cart/clear HTTP/1.1\r\n" + host + b"Content-Length: -1\r\n\r\n",
            lambda: b"POST /cart/clear HTTP/1.1\r\n" + host + b"Content-Length: 99999999999999999999999\r\n\r\n",
            lambda: b"POST /cart/clear HTTP/1.1\r\n" + host + b"Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n",
            lambda: b"POST /cart/clear HTTP/1.1\r\n" + host + b"Transfer-Encoding: chunked\r\n\r\n" + self.random_bytes(0, 50),
            lambda: b"POST /cart/clear HTTP/1.1\r\n" + host + b"Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
            lambda: b"POST /cart/clear HTTP/1.1\r\n" + host + b"Transfer-Encoding: xchunked\r\n\r\n",
            lambda: b"GET / HTTP/1.1\r\n" + host + b"Content-Length: 10\r\n\r\n0123456789GET /healthz HTTP/1.1\r\n\r\n",
            lambda: b"\r\n\r\n\r\nGET / HTTP/1.1\r\n" + host + b"\r\n",
            lambda: b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
            lambda: b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + self.random_bytes(10, 60),  # a TLS hello
            lambda: b"GET / HTTP/1.1\r\n" + host + b"Upgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
            lambda: b"GET /" + b"%" * self.rng.randint(1, 2000) + b" HTTP/1.1\r\n" + host + b"\r\n",
        ]
        return self.rng.choice(options)()


@pytest.fixture
def fuzz_server(servers):
    return servers(staff_token="fuzz-staff-token-0123")


def test_seeded_fuzz_never_5xx_never_hangs_never_crashes(fuzz_server):
    server = fuzz_server
    # A few real sessions, so fuzzed forms can carry a valid cookie and token and reach the handlers.
    sessions = []
    for _ in range(4):
        client = Client(server.port)
        token = client.start_session()
        sessions.append((client.cookies["rc_session"], token))

    statuses: collections.Counter = collections.Counter()
    kinds: collections.Counter = collections.Counter()
    problems: list[str] = []
    lock = threading.Lock()
    counter = iter(range(REQUESTS))
    started = time.monotonic()
    time_limit = max(240.0, REQUESTS / 20)

    def worker(index: int) -> None:
        rng = random.Random(SEED * 7919 + index)
        generator = Generator(rng, server.port, sessions)
        keep = RawConnection(server.port, TIMEOUT)
        previous = b""  # the last request sent on `keep`, for the report when the next one fails
        while time.monotonic() - started < time_limit:
            with lock:
                number = next(counter, None)
            if number is None:
                break
            kind, data, is_head, well_formed = generator.request()
            connection = keep if well_formed else RawConnection(server.port, TIMEOUT)
            reused = connection is keep and keep.sock is not None
            try:
                reply = connection.exchange(data, head_request=is_head, half_close=not well_formed,
                                            connect_request=data[:8].upper() == b"CONNECT ")
            except Hang as error:
                with lock:
                    problems.append(f"HANG #{number} {kind}: {error}: {data[:300]!r}"
                                    + (f" (after {previous[:300]!r} on the same connection)" if reused else ""))
                continue
            except OSError as error:
                if not server.alive():
                    with lock:
                        problems.append(f"server gone at #{number}: {error!r}")
                    return
                reply = None
                with lock:
                    statuses["refused" if isinstance(error, ConnectionRefusedError) else "socket error"] += 1
            finally:
                if connection is not keep:
                    connection.close()
            with lock:
                kinds[kind] += 1
                if reply is None:
                    continue
                statuses[reply.status if reply.status is not None else "closed"] += 1
                if reply.status is not None and reply.status >= 500:
                    problems.append(f"{reply.status} #{number} {kind}: {data[:300]!r} -> {reply.body[:200]!r}")
                if reply.status is None and well_formed:
                    problems.append(f"no answer to a well-formed request #{number} {kind} "
                                    f"({'after ' + repr(previous[:300]) if reused else 'fresh connection'}): {data[:300]!r}")
            if connection is keep:
                previous = data

    threads = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(WORKERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(time_limit + 30)
    elapsed = time.monotonic() - started
    sent = sum(kinds.values())

    assert not problems, f"{len(problems)} problems, e.g.:\n" + "\n".join(problems[:10])
    assert sent >= REQUESTS, f"only {sent} of {REQUESTS} requests went out in {elapsed:.0f} s"
    assert server.alive(), "the server died"
    assert Client(server.port).get("/healthz").status == 200
    # The shop still works for an ordinary shopper.
    shopper = Client(server.port)
    assert shopper.step("bundled-9", "inc", shopper.csrf()).status == 303
    assert shopper.cart().get("bundled-9") == 1
    log = server.log_text()
    assert "request failed" not in log, "a request ended in a 500 (see the server log)"
    assert "Program crashed" not in log and "Fatal error" not in log
    assert server.stop() == 0

    print(f"\nfuzz: {sent} requests in {elapsed:.1f} s, seed {SEED}; kinds {dict(kinds)}; "
          f"statuses {dict(sorted(statuses.items(), key=str))}")
    record_stat("fuzz.payloads", sent)


# ---------------------------------------------------------------- limits


def test_huge_request_line_and_headers_are_refused(fuzz_server):
    port = fuzz_server.port
    outcomes = {}
    cases = {
        "request line 100 KB": b"GET /?q=" + b"a" * 100_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
        "request line 1 MB": b"GET /" + b"a" * 1_000_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
        "one header 100 KB": b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 100_000 + b"\r\n\r\n",
        "cookie 1 MB": b"GET / HTTP/1.1\r\nHost: x\r\nCookie: rc_session=" + b"c" * 1_000_000 + b"\r\n\r\n",
        "5,000 headers": b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(5000)) + b"\r\n",
    }
    for name, data in cases.items():
        reply = one_shot(port, data, timeout=TIMEOUT)
        outcomes[name] = reply.status if reply.status is not None else "connection closed"
        assert reply.status in (None, 400, 414, 431), f"{name}: {reply.status}"
    print(f"\nlimits: {outcomes}")
    assert fuzz_server.alive() and Client(port).get("/healthz").status == 200


def test_body_over_64_kb_on_a_form_route_is_413(fuzz_server):
    client = Client(fuzz_server.port)
    token = client.start_session()
    before = client.cart()
    padding = "x" * (70 * 1024)
    for route in ["/cart/items/bundled-1", "/cart/clear", "/cart/items/bundled-1/cooking", "/staff/login",
                  "/recipes/bundled-1/revert"]:
        reply = client.post_form(route, {"_csrf": token, "op": "inc", "pad": padding})
        assert reply.status == 413, f"{route}: {reply.status}"
        assert "Error 413" in reply.text
    # Without Content-Length (chunked), the limit still holds while reading.
    chunk = b"_csrf=" + token.encode() + b"&op=inc&pad=" + b"y" * (70 * 1024)
    raw = (f"POST /cart/items/bundled-1 HTTP/1.1\r\nHost: {HOST}:{fuzz_server.port}\r\n"
           f"Cookie: rc_session={client.cookies['rc_session']}\r\nContent-Type: application/x-www-form-urlencoded\r\n"
           f"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n").encode() + \
        f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n0\r\n\r\n"
    assert one_shot(fuzz_server.port, raw).status == 413
    # The edit form takes 6 MB (a picture); 7 MB is refused too.
    big = b"--b\r\nContent-Disposition: form-data; name=\"picture\"; filename=\"a.png\"\r\n\r\n" + b"\0" * (7 << 20) + b"\r\n--b--\r\n"
    reply = client.request("POST", "/recipes/bundled-1/edit", body=big,
                           headers={"Content-Type": "multipart/form-data; boundary=b"})
    assert reply.status == 413
    assert client.cart() == before


def test_ten_thousand_form_fields_are_400(fuzz_server):
    client = Client(fuzz_server.port)
    token = client.csrf()
    body = f"_csrf={token}&op=inc&" + "&".join("f" for _ in range(10_001))
    assert len(body) < 64 * 1024
    reply = client.request("POST", "/cart/items/bundled-1", body=body,
                           headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert reply.status == 400, reply.status
    assert client.cart() == {}
    # Multipart has its own cap (200 parts).
    parts = b"".join(b"--b\r\nContent-Disposition: form-data; name=\"step\"\r\n\r\nx\r\n" for _ in range(1000))
    reply = client.request("POST", "/recipes/bundled-1/edit", body=parts + b"--b--\r\n",
                           headers={"Content-Type": "multipart/form-data; boundary=b"})
    assert reply.status == 400, reply.status


def test_deeply_nested_keys_are_refused_or_ignored(fuzz_server):
    client = Client(fuzz_server.port)
    token = client.csrf()
    nested = "a" + "[b]" * 5000
    outcomes = []
    reply = client.post_form("/cart/items/bundled-1", [("_csrf", token), ("op", "inc"), (nested, "1")])
    outcomes.append(reply.status)
    assert reply.status < 500
    # The next post must be judged on its fields, not refused for a token the first cart line's rotation voided.
    token = client.token_after(reply, token)
    reply = client.post_form("/cart/items/bundled-1", [("_csrf", token), (nested, "1"), ("op" + "[x]" * 2000, "inc")])
    outcomes.append(reply.status)
    assert 400 <= reply.status < 500, "a nested key must not stand in for op"
    reply = client.get("/?" + urllib.parse.quote(nested, safe="[]") + "=1&q" + "[x]" * 1000 + "=cake")
    outcomes.append(reply.status)
    assert reply.status < 500
    print(f"\nnested keys: {outcomes} (the first post counts, the nested field is ignored)")
    assert client.cart() == {"bundled-1": 1}
