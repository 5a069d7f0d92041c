"""What the outside scanners found (issue 12, items 10–16), each checked over real HTTP against the real binary:
the staff sign-in throttle under a burst whose bodies arrive together, each client's share of the upstream budget,
truncated bodies, sign-out that ends the session on the server, no secret in pages or logs, a new session id when
a cart gets its first line, and the protocol edges (Host, HTTP/1.0, odd methods, the trusted proxy, __Host- cookies).

Clients are told apart by their address. Every test runs on 127.0.0.1, so two clients are simulated the way a
reverse proxy presents them: the peer is the proxy (127.0.0.1, named by --trusted-proxy) and X-Forwarded-For
names the client."""

from __future__ import annotations

import html
import os
import re
import secrets
import socket
import threading
import time
import urllib.parse

import pytest

from rawhttp import RawConnection, RawReply, one_shot
from rckit import HOST, ROOT, Client, Reply, wait_until
from standin_upstream import MEAL_IDS, SEARCH_WORD, StandIn

STAFF_TOKEN = "scanner-findings-staff-token-7"
MAX_FAILURES = 5  # staff sign-in: wrong tokens a client may try a minute
CLIENT_CALLS = 10  # upstream calls one client may cause an hour
SAVED_NOTICE = "Showing saved recipes"
UNAVAILABLE_NOTICE = "the recipe service is unavailable"
ID_RE = re.compile(r'data-recipe-id="(mealdb-\d+)"')
TRUTHY = ("1", "true", "yes", "on")


class ProxiedClient(Client):
    """A browser behind the reverse proxy: each request carries the X-Forwarded-For the proxy adds for it."""

    def __init__(self, port: int, forwarded_for: str):
        super().__init__(port)
        self.forwarded_for = forwarded_for

    def request(self, method, path, body=None, headers=None, cookies=True) -> Reply:
        all_headers = {"X-Forwarded-For": self.forwarded_for}
        all_headers.update(headers or {})
        return super().request(method, path, body=body, headers=all_headers, cookies=cookies)



def cookie_header(client: Client) -> str:
    return "; ".join(f"{name}={value}" for name, value in client.cookies.items())


def attributes(set_cookie_line: str) -> dict[str, str]:
    """The attributes of a Set-Cookie line, names lower-cased: {"secure": "", "path": "/", …}."""
    result = {}
    for part in set_cookie_line.split(";")[1:]:
        name, _, value = part.strip().partition("=")
        result[name.lower()] = value
    return result


def staff_cookie_set(reply: Reply | RawReply) -> bool:
    lines = reply.all_headers("Set-Cookie") if isinstance(reply, Reply) else \
        [value for name, value in reply.headers() if name.lower() == "set-cookie"]
    return any(re.match(r"\s*(__Host-)?rc_staff=[^;\s]", line) for line in lines)


def sign_in(client: Client, csrf: str, token: str, headers: dict[str, str] | None = None) -> Reply:
    return client.post_form("/staff/login", {"_csrf": csrf, "token": token}, headers=headers)


def assert_throttled(reply: Reply | RawReply, what: str) -> None:
    assert reply.status == 429, f"{what}: {reply.status}, expected 429"
    wait = reply.header("Retry-After")
    assert wait and wait.isdigit() and 1 <= int(wait) <= 60, f"{what}: Retry-After {wait!r}"
    assert not staff_cookie_set(reply), f"{what}: a throttled try got a staff cookie"


def is_board(page: str) -> bool:
    return 'action="/staff/logout"' in page or "data-cart-label" in page


def lock_out(client: Client, csrf: str, what: str) -> None:
    for attempt in range(MAX_FAILURES):
        reply = sign_in(client, csrf, f"wrong-token-{attempt}")
        assert reply.status == 401, f"{what}, wrong token {attempt + 1}: {reply.status}"
    assert_throttled(sign_in(client, csrf, "wrong-token-last"), f"{what}, wrong token {MAX_FAILURES + 1}")


# ---------------------------------------------------------------- 10: the sign-in throttle under a race


RACE_WRONG = 100
RACE_RIGHT = 3


def login_head(port: int, cookies: str, length: int) -> bytes:
    return (f"POST /staff/login HTTP/1.1\r\nHost: {HOST}:{port}\r\nCookie: {cookies}\r\n"
            f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {length}\r\n\r\n").encode()


def open_tries(port: int, cookies: str, bodies: list[bytes]) -> list[tuple[RawConnection, bytes]]:
    """One connection a try, its head sent, its body held back."""
    tries = []
    for body in bodies:
        connection = RawConnection(port, timeout=15)
        connection.send(login_head(port, cookies, len(body)))
        tries.append((connection, body))
    return tries


def wait_for_early_answers(tries: list[tuple[RawConnection, bytes]], expected: int) -> None:
    """A throttle that decides on the head answers the tries past the limit at once; wait for those answers. A server
    that waits for the bodies answers nothing yet: the time limit is far more than these heads take over loopback."""
    wait_until(lambda: sum(connection.answered() for connection, _ in tries) >= expected, timeout=2, interval=0.01)


def test_sign_in_throttle_holds_when_a_burst_of_bodies_arrives_together(servers):
    server = servers(staff_token=STAFF_TOKEN)
    browser = Client(server.port)
    csrf = browser.csrf("/staff/login")
    cookies = cookie_header(browser)
    mark = len(server.log_text())

    def body(token: str) -> bytes:
        return urllib.parse.urlencode({"_csrf": csrf, "token": token}).encode()

    wrong = open_tries(server.port, cookies, [body(f"wrong-guess-{n:03d}") for n in range(RACE_WRONG)])
    wait_for_early_answers(wrong, RACE_WRONG - MAX_FAILURES)
    # The right token comes last, as the one lucky guess of a burst: it must not be judged either.
    right = open_tries(server.port, cookies, [body(STAFF_TOKEN) for _ in range(RACE_RIGHT)])
    wait_for_early_answers(right, RACE_RIGHT)

    replies: dict[int, RawReply] = {}
    tries = wrong + right
    waiting = []
    for index, (connection, _) in enumerate(tries):
        if connection.answered():
            replies[index] = connection.receive()
        else:
            waiting.append(index)
    early = len(replies)
    for index in waiting:  # every body still wanted, at once
        connection, data = tries[index]
        connection.send(data)
    for index in waiting:
        replies[index] = tries[index][0].receive()
    for connection, _ in tries:
        connection.close()

    statuses = [replies[index].status for index in range(len(tries))]
    summary = {status: statuses.count(status) for status in set(statuses)}
    print(f"\nthrottle race: {len(tries)} tries, {early} answered on their head, statuses {summary}")
    assert None not in statuses, f"tries left without an answer: {summary}"
    assert 303 not in statuses, f"a try of the burst signed in: {summary}"
    assert not any(staff_cookie_set(reply) for reply in replies.values()), "a try of the burst got a staff cookie"
    judged = statuses.count(401)
    assert 1 <= judged <= MAX_FAILURES, f"{judged} tries were judged (401), at most {MAX_FAILURES} may be: {summary}"
    assert judged + statuses.count(429) == len(tries), f"answers other than 401 and 429: {summary}"
    for index, reply in replies.items():
        if reply.status == 429:
            assert_throttled(reply, f"try {index}")
    for index in range(RACE_WRONG, len(tries)):
        assert statuses[index] == 429, f"the right token of the burst, try {index}: {statuses[index]}"

    # The burst used up the minute: the right token is refused now too, and nobody is signed in.
    assert_throttled(sign_in(browser, csrf, STAFF_TOKEN), "the right token after the burst")
    assert browser.get("/staff").status == 401
    assert server.error_lines(mark) == []


def test_a_right_token_from_another_client_neither_fails_nor_resets_the_first_clients_count(servers):
    server = servers(staff_token=STAFF_TOKEN, args=["--trusted-proxy", HOST])
    guesser = ProxiedClient(server.port, "198.51.100.10")
    guesser_csrf = guesser.csrf("/staff/login")
    for attempt in range(MAX_FAILURES - 1):
        assert sign_in(guesser, guesser_csrf, f"wrong-{attempt}").status == 401

    staff = ProxiedClient(server.port, "198.51.100.20")
    reply = sign_in(staff, staff.csrf("/staff/login"), STAFF_TOKEN)
    assert reply.status == 303 and staff_cookie_set(reply), f"the other client's right token: {reply.status}"
    assert is_board(staff.get("/staff").text)

    # The guesser's count went on from 4: one more wrong token is judged, the next try is refused, right or wrong.
    assert sign_in(guesser, guesser_csrf, "wrong-4").status == 401
    assert_throttled(sign_in(guesser, guesser_csrf, "wrong-5"), "the guesser's 6th try")
    assert_throttled(sign_in(guesser, guesser_csrf, STAFF_TOKEN), "the guesser's right token while locked out")
    assert guesser.get("/staff").status == 401


# ---------------------------------------------------------------- 11: one client's share of the upstream budget


@pytest.fixture
def standin():
    server = StandIn().start()
    yield server
    server.stop()


def upstream_args(standin: StandIn, *extra: str) -> list[str]:
    return ["--source", "themealdb", "--upstream-url", standin.base_url, "--daily-call-limit", "40", *extra]


def search_calls(standin: StandIn) -> int:
    with standin.lock:
        return sum(1 for _, path in standin.calls if "search.php" in path)


def word(prefix: str, n: int) -> str:
    """A search word of letters only, new to the stand-in (it finds nothing), different for every n."""
    return prefix + chr(ord("a") + n // 26) + chr(ord("a") + n % 26)


def test_one_client_spends_at_most_its_share_and_others_still_reach_upstream(standin, servers):
    server = servers(args=upstream_args(standin, "--trusted-proxy", HOST))
    greedy = ProxiedClient(server.port, "198.51.100.30")
    first = greedy.get("/?q=" + word("greedy", 0))
    assert first.status == 200
    assert search_calls(standin) == 1, "the first search of a client did not reach upstream"
    for n in range(1, 45):
        page = greedy.get("/?q=" + word("greedy", n))
        assert page.status == 200, f"search {n + 1}: {page.status}"
    spent = search_calls(standin)
    print(f"\n45 searches from one client: {spent} upstream calls")
    assert spent <= CLIENT_CALLS, f"one client caused {spent} upstream calls, at most {CLIENT_CALLS} allowed"

    other = ProxiedClient(server.port, "198.51.100.31")
    page = other.get(f"/?q={SEARCH_WORD}")
    assert page.status == 200
    assert search_calls(standin) == spent + 1, "another client's new search did not reach upstream"
    assert SAVED_NOTICE not in page.text and UNAVAILABLE_NOTICE not in page.text, \
        "another client's page says the recipe service is unavailable"
    assert set(ID_RE.findall(page.text)) == set(MEAL_IDS), "another client's search did not show upstream's answer"


def test_forwarded_for_from_an_untrusted_peer_buys_no_more_upstream_calls(standin, servers):
    server = servers(args=upstream_args(standin))
    client = Client(server.port)
    for n in range(45):
        page = client.get("/?q=" + word("spoof", n), headers={"X-Forwarded-For": f"203.0.113.{n + 1}"})
        assert page.status == 200, f"search {n + 1}: {page.status}"
    spent = search_calls(standin)
    print(f"\n45 searches with 45 made-up X-Forwarded-For values, no trusted proxy: {spent} upstream calls")
    assert 1 <= spent <= CLIENT_CALLS, f"one client caused {spent} upstream calls, at most {CLIENT_CALLS} allowed"


def test_made_up_hops_in_front_of_the_proxys_own_entry_buy_no_more_upstream_calls(standin, servers):
    server = servers(args=upstream_args(standin, "--trusted-proxy", HOST))
    client = Client(server.port)
    for n in range(45):
        # The proxy appends the address it saw; whatever the client wrote before it is the client's own invention.
        forwarded = f"203.0.113.{n + 1}, 198.51.100.40"
        page = client.get("/?q=" + word("hops", n), headers={"X-Forwarded-For": forwarded})
        assert page.status == 200, f"search {n + 1}: {page.status}"
    spent = search_calls(standin)
    assert 1 <= spent <= CLIENT_CALLS, f"one client caused {spent} upstream calls, at most {CLIENT_CALLS} allowed"


# ---------------------------------------------------------------- 12: a truncated body


def multipart_start(csrf: str) -> tuple[bytes, str]:
    boundary = "rc" + secrets.token_hex(8)
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n{csrf}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"action\"\r\n\r\nsave\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nTruncated title").encode()
    return body, f"multipart/form-data; boundary={boundary}"


def test_a_truncated_body_is_a_400_and_not_an_error_in_the_log(servers):
    server = servers(staff_token=STAFF_TOKEN)
    shopper = Client(server.port)
    csrf = shopper.csrf()
    quoted = urllib.parse.quote(csrf, safe="")
    form = "application/x-www-form-urlencoded"
    edit_body, edit_type = multipart_start(csrf)
    # Each sent part is a whole, valid form on its own: a server that took it as complete would act on it.
    cases = [
        ("/cart/items/bundled-1", form, f"_csrf={quoted}&op=inc&return_to=%2Fcart&pad=".encode()),
        ("/cart/clear", form, f"_csrf={quoted}&return_to=%2Fcart&pad=".encode()),
        ("/staff/login", form, f"_csrf={quoted}&token={STAFF_TOKEN}&pad=".encode()),
        ("/recipes/bundled-1/edit", edit_type, edit_body),
    ]
    mark = len(server.log_text())
    answers = {}
    for how in ("close", "half-close"):
        for path, content_type, sent in cases:
            head = (f"POST {path} HTTP/1.1\r\nHost: {HOST}:{server.port}\r\nCookie: {cookie_header(shopper)}\r\n"
                    f"Content-Type: {content_type}\r\nContent-Length: {len(sent) + 500}\r\n\r\n").encode()
            connection = RawConnection(server.port, timeout=10)
            if how == "close":
                connection.send(head + sent)
                connection.close()
                continue
            reply = connection.exchange(head + sent, half_close=True)
            connection.close()
            answers[path] = reply.status
            assert reply.status in (None, 400), f"{path}, body cut short: {reply.status} {reply.body[:200]!r}"
            if reply.status == 400:
                assert "text/html" in (reply.header("Content-Type") or ""), f"{path}: the 400 is not an error page"
    print(f"\ntruncated bodies, half-closed: {answers}")
    # The closed ones may still be on their way through the server: wait for a log line naming each path.
    wait_until(lambda: all(server.log_text()[mark:].count(path) >= 2 for path, _, _ in cases), timeout=3, interval=0.01)
    log = server.log_text()[mark:]
    assert server.error_lines(mark) == [], "error-level log lines for truncated bodies:\n" + \
        "\n".join(server.error_lines(mark)[:5])
    assert "request failed" not in log
    assert server.alive()
    assert shopper.cart() == {}, "a truncated stepper post changed the cart"
    assert shopper.get("/staff").status == 401, "a truncated sign-in signed in"
    assert "Truncated title" not in shopper.get("/recipes/bundled-1").text, "a truncated edit was saved"


# ---------------------------------------------------------------- 13: sign-out ends the session on the server


def test_a_staff_cookie_copied_before_sign_out_is_refused_after_it(servers):
    server = servers(staff_token=STAFF_TOKEN)
    shopper = Client(server.port)
    assert shopper.step("bundled-12", "set", shopper.csrf(), quantity=2).status == 303
    staff = Client(server.port)
    assert sign_in(staff, staff.csrf("/staff/login"), STAFF_TOKEN).status == 303
    board = staff.get("/staff")
    labels = re.findall(r'data-cart-label="([^"]+)"', board.text)
    assert board.status == 200 and labels, "the staff board shows no cart"

    thief = Client(server.port)
    thief.cookies = dict(staff.cookies)
    assert thief.get("/staff").status == 200, "the copied cookie does not work even before the sign-out"
    copied = dict(thief.cookies)

    assert staff.post_form("/staff/logout", {"_csrf": staff.csrf("/staff")}).status == 303
    assert staff.get("/staff").status == 401
    for path in ("/staff", f"/staff/carts/{labels[0]}"):
        for method in ("GET", "HEAD"):
            thief.cookies = dict(copied)
            reply = thief.request(method, path)
            assert reply.status == 401, f"{method} {path} with the copied cookie after sign-out: {reply.status}"
            assert not is_board(reply.text) and "data-cart-label" not in reply.text
            if method == "GET":
                assert 'action="/staff/login"' in reply.text, f"{path}: not the sign-in page"

    # Signing in again starts a new session; the copied cookie stays dead.
    again = Client(server.port)
    assert sign_in(again, again.csrf("/staff/login"), STAFF_TOKEN).status == 303
    assert is_board(again.get("/staff").text)
    thief.cookies = dict(copied)
    assert thief.get("/staff").status == 401, "a new sign-in brought the copied cookie back to life"


# ---------------------------------------------------------------- 14: no token in pages, no query string in logs


def token_input(page: str) -> str:
    match = re.search(r'<input[^>]*\bname="token"[^>]*>', page)
    assert match, "the sign-in page has no token field"
    return match.group(0)


def test_the_sign_in_page_does_not_take_the_token_from_the_address(servers):
    server = servers(staff_token=STAFF_TOKEN)
    browser = Client(server.port)
    for secret in (STAFF_TOKEN, "scan-secret-" + secrets.token_hex(8)):
        page = browser.get("/staff/login?token=" + urllib.parse.quote(secret, safe=""))
        assert page.status == 200
        assert secret not in page.text and html.escape(secret) not in page.text, "the address's token is on the page"
        assert not re.search(r'\bvalue="[^"]', token_input(page.text)), f"the token field is filled: {token_input(page.text)}"
        assert not staff_cookie_set(page)
    assert browser.get("/staff").status == 401
    # Nor does a post with the token only in the address sign in.
    reply = browser.post_form("/staff/login?token=" + urllib.parse.quote(STAFF_TOKEN, safe=""),
                              {"_csrf": browser.csrf("/staff/login")})
    assert reply.status == 401 and not staff_cookie_set(reply), f"a token in the address of a post: {reply.status}"
    assert browser.get("/staff").status == 401


def test_the_log_never_records_a_query_string(servers):
    server = servers(staff_token=STAFF_TOKEN)
    marker = "qsmark" + secrets.token_hex(6)
    secret = "qssecret" + secrets.token_hex(6)
    browser = Client(server.port)
    csrf = browser.csrf()
    gets = [f"/?q={marker}a", f"/?q={marker}b&category=Dessert", f"/recipes/bundled-1?servings=4&note={marker}c",
            f"/staff/login?token={secret}", f"/nowhere?x={marker}d", f"/recipes/bundled-1?servings=abc&m={marker}e",
            f"/static/app.css?v={marker}f", f"/cart?{marker}g", f"/healthz?{secret}"]
    for path in gets:
        assert browser.get(path).status < 500, path
    assert browser.request("HEAD", f"/?q={marker}h").status == 200
    assert browser.step("bundled-2", "inc", csrf, return_to="/cart").status == 303
    reply = browser.post_form(f"/cart/clear?from={marker}i", {"_csrf": browser.csrf()})
    assert reply.status == 303
    assert get_status_raw(server.port, f"/?q=%zz{marker}j") < 500
    assert server.stop() == 0  # everything written out
    log = server.log_text()
    assert "/staff/login" in log and "/recipes/bundled-1" in log, "requests are not logged at all: the check is vacuous"
    leaks = [line for line in log.splitlines() if marker in line or secret in line]
    assert not leaks, "query strings in the log:\n" + "\n".join(leaks[:5])


def get_status_raw(port: int, target: str) -> int:
    reply = one_shot(port, f"GET {target} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n\r\n".encode())
    return reply.status if reply.status is not None else 0


def test_the_start_up_notice_points_to_no_token_address(servers):
    """Without --staff-token a random token is made and told to the operator; not as a URL the sign-in page ignores
    (and that would carry it into browser history)."""
    server = servers()
    log = server.log_text()
    assert "/staff/login" in log, "the start-up log does not say where staff sign in"
    assert "?token=" not in log


# ---------------------------------------------------------------- 15: a planted session cookie is left behind


def test_a_planted_session_cookie_is_left_behind_at_the_first_cart_line(servers):
    server = servers()
    attacker = Client(server.port)
    # A session cookie comes with a first post.
    assert attacker.post_form("/cart/clear", {"_csrf": attacker.csrf()}).status == 303
    planted = attacker.cookies["rc_session"]
    victim = Client(server.port)
    victim.cookies["rc_session"] = planted
    token = victim.csrf()
    assert victim.cookies["rc_session"] == planted, "the planted cookie was not even accepted"

    first = victim.step("bundled-5", "set", token, quantity=2, return_to="/cart")
    assert first.status == 303
    rotated = first.new_session
    assert rotated and rotated != planted, "the first cart line kept the planted session id"
    flags = attributes(first.set_cookie("rc_session"))
    assert "httponly" in flags and flags.get("samesite", "").lower() == "lax" and flags.get("path") == "/"
    assert victim.cookies["rc_session"] == rotated
    assert victim.cart() == {"bundled-5": 2}, "the cart did not move to the new session"
    assert attacker.cart() == {}, "the planted cookie sees the victim's cart"

    # The old token went with the old id; a fresh one works, and later lines keep the id.
    assert victim.step("bundled-6", "inc", token).status == 403
    token = victim.csrf()
    second = victim.step("bundled-6", "inc", token)
    assert second.status == 303 and second.new_session is None, "the second cart line rotated the session again"
    assert victim.cart() == {"bundled-5": 2, "bundled-6": 1}
    assert attacker.cart() == {}


def test_a_planted_cookie_whose_cart_was_emptied_is_left_behind_too(servers):
    """The attacker's own session had a line once and is empty again when planted: the victim's first line still
    gets a session id the attacker does not have."""
    server = servers()
    attacker = Client(server.port)
    token = attacker.csrf()
    reply = attacker.step("bundled-9", "inc", token)
    assert reply.status == 303
    token = attacker.token_after(reply, token)
    assert attacker.step("bundled-9", "dec", token).status == 303
    assert attacker.cart() == {}
    planted = attacker.cookies["rc_session"]

    victim = Client(server.port)
    victim.cookies["rc_session"] = planted
    first = victim.step("bundled-5", "inc", victim.csrf())
    assert first.status == 303
    assert first.new_session not in (None, planted), "the victim's first line went into the planted session"
    assert victim.cart() == {"bundled-5": 1}
    assert attacker.cart() == {}, "the planted cookie sees the victim's cart"


def test_a_planted_cookie_does_not_follow_the_victim_through_the_attackers_own_rotation(servers):
    """The attacker posts with the planted cookie moments before the victim's first line, a "set 0" that leaves
    nothing the victim could see, and is handed a new id for it. The victim's line must not land in that session."""
    server = servers()
    attacker = Client(server.port)
    token = attacker.start_session()
    planted = attacker.cookies["rc_session"]
    victim = Client(server.port)
    victim.cookies["rc_session"] = planted
    victim_token = victim.csrf()
    assert victim_token == token

    own = attacker.step("bundled-9", "set", token, quantity=0)
    assert own.status == 303
    handed = own.new_session or planted
    first = victim.step("bundled-5", "inc", victim_token)
    assert first.status == 303
    assert victim.cookies["rc_session"] not in (planted, handed), "the victim was put in a session the attacker holds"
    assert attacker.cart() == {}, "the attacker's session sees the victim's line"
    assert victim.cart() == {"bundled-5": 1}


# ---------------------------------------------------------------- 16: protocol edges


def test_http11_without_host_or_with_two_hosts_is_400(servers):
    server = servers()
    host = f"Host: {HOST}:{server.port}\r\n".encode()
    cases = {
        "no Host": b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n",
        "no Host, a post": b"POST /cart/clear HTTP/1.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
        "two Host headers": b"GET / HTTP/1.1\r\n" + host + b"Host: evil.example\r\nConnection: close\r\n\r\n",
        "the same Host twice": b"GET / HTTP/1.1\r\n" + host + host + b"Connection: close\r\n\r\n",
    }
    for name, data in cases.items():
        reply = one_shot(server.port, data, timeout=5)
        assert reply.status == 400, f"{name}: {reply.status}"
    assert one_shot(server.port, b"GET / HTTP/1.1\r\n" + host + b"Connection: close\r\n\r\n").status == 200


def test_http10_without_keep_alive_is_closed_after_the_answer(servers):
    server = servers()
    for path, expected in (("/healthz", 200), ("/", 200), ("/nowhere", 404)):
        sock = socket.create_connection((HOST, server.port), timeout=5)
        try:
            start = time.monotonic()
            sock.sendall(f"GET {path} HTTP/1.0\r\n\r\n".encode())  # HTTP/1.0 needs no Host
            data = b""
            try:
                while chunk := sock.recv(65536):
                    data += chunk
            except socket.timeout:
                pytest.fail(f"HTTP/1.0 {path}: still open {time.monotonic() - start:.1f} s after the request "
                            f"({len(data)} bytes of answer)")
            elapsed = time.monotonic() - start
        finally:
            sock.close()
        head, _, body = data.partition(b"\r\n\r\n")
        status = head.split(b" ", 2)[1] if head.count(b" ") >= 2 else b""
        assert status == str(expected).encode(), f"HTTP/1.0 {path}: {head[:100]!r}"
        length = re.search(rb"(?im)^content-length:\s*(\d+)", head)
        assert length is None or int(length.group(1)) == len(body), f"HTTP/1.0 {path}: the body is cut short"
        assert elapsed < 2, f"HTTP/1.0 {path}: closed only after {elapsed:.1f} s"


# PURGE and MKCOL stand for the methods the shop has no use for (the HTTP parser refuses made-up ones outright).
@pytest.mark.parametrize("method,target", [
    ("TRACE", "/"), ("TRACE", "/cart"), ("PROPFIND", "/"), ("PROPFIND", "/static/app.css"), ("PURGE", "/"),
    ("MKCOL", "/cart"), ("CONNECT", None),
])
def test_trace_propfind_connect_and_unknown_methods_are_405_with_allow(servers, method, target):
    server = servers()
    target = target or f"{HOST}:{server.port}"
    # No "Connection: close": CONNECT used to hold the connection open for the idle timeout.
    data = (f"{method} {target} HTTP/1.1\r\nHost: {HOST}:{server.port}\r\n"
            f"Cookie: rc_session=trace-canary\r\nX-Canary: trace-canary\r\n\r\n").encode()
    connection = RawConnection(server.port, timeout=5)
    try:
        reply = connection.exchange(data, connect_request=method == "CONNECT")
    finally:
        connection.close()
    assert reply.status == 405, f"{method} {target}: {reply.status}"
    allow = reply.header("Allow")
    assert allow, f"{method} {target}: 405 without Allow"
    assert method not in [part.strip() for part in allow.split(",")], f"{method} {target}: Allow: {allow}"
    assert b"trace-canary" not in reply.body, f"{method} {target} echoes the request"
    assert reply.elapsed < 2, f"{method} {target}: answered after {reply.elapsed:.1f} s"


@pytest.mark.parametrize("setting", ["flag", "environment"])
def test_staff_behind_a_trusted_proxy_are_throttled_one_by_one(servers, setting):
    if setting == "flag":
        server = servers(staff_token=STAFF_TOKEN, args=["--trusted-proxy", f"10.9.8.7,{HOST}"])
    else:
        server = servers(staff_token=STAFF_TOKEN, env={"RECIPECART_TRUSTED_PROXY": f"{HOST}, 10.9.8.7"})
    first = ProxiedClient(server.port, "198.51.100.10")
    csrf = first.csrf("/staff/login")
    lock_out(first, csrf, "the first staff member")
    # Made-up hops before the proxy's entry, and trusted hops after it, leave the same client.
    for forwarded in ("203.0.113.99, 198.51.100.10", "198.51.100.10, 127.0.0.1", "203.0.113.7, 198.51.100.10, 10.9.8.7"):
        assert_throttled(sign_in(first, csrf, "wrong", headers={"X-Forwarded-For": forwarded}), f"as {forwarded!r}")

    second = ProxiedClient(server.port, "198.51.100.20")
    second_csrf = second.csrf("/staff/login")
    assert sign_in(second, second_csrf, "wrong-once").status == 401, "the second staff member is locked out too"
    reply = sign_in(second, second_csrf, STAFF_TOKEN)
    assert reply.status == 303 and staff_cookie_set(reply)
    assert is_board(second.get("/staff").text)
    assert_throttled(sign_in(first, csrf, STAFF_TOKEN), "the first staff member after the second signed in")


def test_forwarded_for_from_an_untrusted_peer_does_not_escape_the_throttle(servers):
    server = servers(staff_token=STAFF_TOKEN)
    client = Client(server.port)
    csrf = client.csrf("/staff/login")
    for attempt in range(MAX_FAILURES):
        reply = sign_in(client, csrf, f"wrong-{attempt}", headers={"X-Forwarded-For": f"198.51.100.{attempt + 1}"})
        assert reply.status == 401, f"wrong token {attempt + 1}: {reply.status}"
    for forwarded in ("198.51.100.77", "203.0.113.5, 198.51.100.78"):
        assert_throttled(sign_in(client, csrf, STAFF_TOKEN, headers={"X-Forwarded-For": forwarded}),
                         f"X-Forwarded-For {forwarded!r} from an untrusted peer")
    assert_throttled(sign_in(client, csrf, STAFF_TOKEN), "without X-Forwarded-For")


def test_secure_cookies_carry_the_host_prefix_and_its_rules(servers):
    server = servers(staff_token=STAFF_TOKEN, args=["--secure-cookies"])

    def check(reply: Reply, what: str) -> None:
        lines = reply.all_headers("Set-Cookie")
        for line in lines:
            name = line.split("=", 1)[0].strip()
            flags = attributes(line)
            assert name.startswith("__Host-"), f"{what}: cookie {name} without the __Host- prefix"
            assert "secure" in flags and flags.get("path") == "/" and "domain" not in flags, f"{what}: {line}"
            assert "httponly" in flags, f"{what}: {line}"

    browser = Client(server.port)
    first = browser.get("/recipes/bundled-1")
    # A page view starts no session: a looker gets the cookie their forms' token is checked against.
    assert first.set_cookie("__Host-rc_looker"), f"no __Host-rc_looker: {first.all_headers('Set-Cookie')}"
    assert not first.set_cookie("__Host-rc_session"), "a page view started a session"
    check(first, "first visit")
    assert attributes(first.set_cookie("__Host-rc_looker")).get("samesite", "").lower() == "lax"
    post = browser.step("bundled-1", "inc", browser.csrf())
    assert post.status == 303
    check(post, "first cart line")
    assert post.new_session, "the first cart line started no session"
    assert attributes(post.set_cookie("__Host-rc_session")).get("samesite", "").lower() == "lax"
    assert browser.cart() == {"bundled-1": 1}

    staff = Client(server.port)
    login = sign_in(staff, staff.csrf("/staff/login"), STAFF_TOKEN)
    assert login.status == 303
    check(login, "staff sign-in")
    staff_line = login.set_cookie("__Host-rc_staff")
    assert staff_line and attributes(staff_line).get("samesite", "").lower() == "strict"
    assert is_board(staff.get("/staff").text)

    # Only the prefixed names count: a plain-named cookie (which any subdomain or plain-HTTP page could set) is ignored.
    tossed = Client(server.port)
    tossed.cookies = {"rc_session": browser.cookies["__Host-rc_session"], "rc_staff": staff.cookies["__Host-rc_staff"]}
    assert tossed.cart() == {}, "a plain rc_session cookie was read as the session"
    assert tossed.get("/staff").status == 401, "a plain rc_staff cookie was read as a staff sign-in"


def test_the_docker_image_sets_secure_cookies():
    text = (ROOT / "Dockerfile").read_text()
    runtime = re.split(r"(?im)^FROM\s", text)[-1].replace("\\\n", " ")  # the last stage is the image that runs
    value = re.search(r"(?im)^ENV\s.*\bRECIPECART_SECURE_COOKIES[=\s]+\"?(\w+)", runtime)
    commands = " ".join(re.findall(r"(?im)^(?:CMD|ENTRYPOINT)\s+(.*)$", runtime))
    assert (value and value.group(1).lower() in TRUTHY) or "--secure-cookies" in commands, \
        "the runtime image sets neither RECIPECART_SECURE_COOKIES nor --secure-cookies"
    assert "--no-secure-cookies" not in commands


# ---------------------------------------------------------------- slow clients and unreadable input (second scan)


def security_headers_present(head: bytes) -> bool:
    lowered = head.lower()
    return b"content-security-policy:" in lowered and b"x-content-type-options: nosniff" in lowered


def socket_fds(pid: int) -> list[str]:
    """The sockets a process holds open, from /proc."""
    fd_dir = f"/proc/{pid}/fd"
    held = []
    for name in os.listdir(fd_dir):
        try:
            if os.readlink(f"{fd_dir}/{name}").startswith("socket:"):
                held.append(name)
        except FileNotFoundError:
            continue
    return held


def read_until_closed(sock: socket.socket, limit: float) -> tuple[bytes, float]:
    """Everything the server sends until it closes, and how long that took; fails past `limit` seconds."""
    start = time.monotonic()
    sock.settimeout(1)
    data = b""
    while time.monotonic() - start < limit:
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            continue
        if not chunk:
            return data, time.monotonic() - start
        data += chunk
    pytest.fail(f"still open after {limit:.0f} s ({len(data)} bytes received)")


def test_input_the_parser_cannot_read_gets_a_400_with_the_security_headers(servers):
    server = servers()
    host = f"Host: {HOST}:{server.port}\r\n".encode()
    for name, data in {
        "a request line of nonsense": b"GARBAGE\r\n\r\n",
        "chunked and a length": b"GET / HTTP/1.1\r\n" + host + b"Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n",
        "a control byte in a header": b"GET / HTTP/1.1\r\n" + host + b"X-Odd: a\x01b\r\n\r\n",
    }.items():
        sock = socket.create_connection((HOST, server.port), timeout=5)
        try:
            sock.sendall(data)
            answer, _ = read_until_closed(sock, 10)
        finally:
            sock.close()
        head = answer.partition(b"\r\n\r\n")[0]
        assert head.startswith(b"HTTP/1.1 400"), f"{name}: {head[:80]!r}"
        assert security_headers_present(head), f"{name}: no security headers in {head!r}"
    assert not server.error_lines(), server.error_lines()


# The request guard's limits, in proportion to the connection timeout (`--connection-timeout`, 30 s in production,
# where these are 20 s of silence, 30 s for a request plus 1 s a 16 KB, 30 s idle, 30 s stalled, a check every 5 s).
# The tests below start the server with a test-sized one and assert the same behaviour in seconds: each limit is
# waited for in full (a busy machine only makes an answer later), and what must come first is told by order, not by
# a window of the wall clock.
CONNECTION_TIMEOUT = 6
SILENCE_LIMIT = CONNECTION_TIMEOUT * 2 / 3
CHECK_EVERY = CONNECTION_TIMEOUT / 6
TEST_SIZED = ["--connection-timeout", f"{CONNECTION_TIMEOUT}s"]


def request_deadline(announced: int) -> float:
    return CONNECTION_TIMEOUT + CONNECTION_TIMEOUT / 30 * (announced // (16 * 1024))


def trickle_until_answered(sock: socket.socket, every: float, limit: float) -> tuple[bytes, float]:
    """Sends a byte of body every `every` seconds until the server answers, then reads the rest until it closes:
    everything it sent, and how long after the first byte its answer began. Fails past `limit` seconds."""
    start = time.monotonic()
    sock.settimeout(every)
    data, answered_after = b"", None
    while time.monotonic() - start < limit:
        if answered_after is None:
            sock.sendall(b"x")
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            continue
        except ConnectionResetError:
            # What was trickled after the answer was never read, so the close may come as a reset.
            chunk = b""
        if not chunk:
            assert answered_after is not None, f"closed without an answer after {time.monotonic() - start:.1f} s"
            return data, answered_after
        if answered_after is None:
            answered_after = time.monotonic() - start
        data += chunk
    pytest.fail(f"still open after {limit:.0f} s ({len(data)} bytes received)")


def test_a_request_that_falls_silent_gets_a_408_before_the_idle_timeout_closes_it(servers):
    """A body announced near the form limit earns more than the connection timeout; silence for two thirds of that
    inside it is answered with a 408, not dropped, and sooner than the deadline a trickling body meets."""
    server = servers(args=TEST_SIZED)
    announced = 60000
    head = (f"POST /cart/clear HTTP/1.1\r\nHost: {HOST}:{server.port}\r\n"
            f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {announced}\r\n\r\n_").encode()
    silent = socket.create_connection((HOST, server.port), timeout=5)
    trickling = socket.create_connection((HOST, server.port), timeout=5)
    outcome: dict[str, tuple[bytes, float, float]] = {}

    def trickle() -> None:
        data, waited = trickle_until_answered(trickling, CHECK_EVERY / 2, request_deadline(announced) * 4)
        outcome["trickling"] = (data, waited, time.monotonic())

    try:
        trickling.sendall(head)
        silent.sendall(head)
        thread = threading.Thread(target=trickle)
        thread.start()
        answer, waited = read_until_closed(silent, SILENCE_LIMIT * 6)
        silent_closed_at = time.monotonic()
        thread.join(request_deadline(announced) * 5)
    finally:
        silent.close()
        trickling.close()
    assert answer.startswith(b"HTTP/1.1 408"), answer[:80]
    assert security_headers_present(answer.partition(b"\r\n\r\n")[0])
    assert waited >= SILENCE_LIMIT - 0.2, f"answered after {waited:.1f} s of silence, before the limit"
    # The same request kept busy is not answered for silence: it meets its deadline, after the silent one was closed.
    assert "trickling" in outcome, "the trickling request was neither answered nor closed"
    trickled_answer, trickled_for, trickled_closed_at = outcome["trickling"]
    assert trickled_answer.startswith(b"HTTP/1.1 408"), trickled_answer[:80]
    assert trickled_for >= request_deadline(announced) - 0.2, f"the trickling body got its 408 after {trickled_for:.1f} s"
    assert silent_closed_at < trickled_closed_at, "the silent request was answered no sooner than its deadline"
    assert not server.error_lines(), server.error_lines()


def test_a_connection_kept_busy_before_the_decoder_stays_open_and_an_idle_one_closes(servers):
    """Static files are answered from the bytes read, before Hummingbird's handlers and their idle timer; the request
    guard keeps the idle timeout (the connection timeout, checked every sixth of it) and counts those answers, so a
    busy connection is not cut and an idle one still is, after the timeout and not before."""
    server = servers(args=TEST_SIZED)
    request = f"GET /static/app.css HTTP/1.1\r\nHost: {HOST}:{server.port}\r\n\r\n".encode()
    busy = RawConnection(server.port)
    idle = RawConnection(server.port)
    watched_for = CONNECTION_TIMEOUT * 4
    try:
        assert busy.exchange(request).status == 200
        assert idle.exchange(request).status == 200
        start = time.monotonic()
        idle_closed_after = None
        while time.monotonic() - start < watched_for:
            time.sleep(CONNECTION_TIMEOUT / 10)
            assert busy.exchange(request).status == 200, f"closed after {time.monotonic() - start:.1f} s of answers"
            # Its answer was read whole, so anything more to read on it is the close.
            if idle_closed_after is None and idle.answered():
                idle_closed_after = time.monotonic() - start
        assert idle_closed_after is not None, f"the idle connection is still open after {watched_for} s"
        assert idle_closed_after >= CONNECTION_TIMEOUT * 0.9, f"the idle connection closed after {idle_closed_after:.1f} s"
    finally:
        busy.close()
        idle.close()
    assert not server.error_lines(), server.error_lines()


def test_a_body_sent_a_byte_at_a_time_and_an_answer_never_read_do_not_hold_connections(servers):
    """The request deadline (the connection timeout plus a thirtieth of it a 16 KB announced) against a body that
    never falls silent, and the stalled-write limit (the connection timeout), at once."""
    server = servers(args=TEST_SIZED)
    baseline = len(socket_fds(server.proc.pid))
    slow_body = socket.create_connection((HOST, server.port), timeout=5)
    slow_body.sendall(f"POST /cart/clear HTTP/1.1\r\nHost: {HOST}:{server.port}\r\n"
                      "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 6000\r\n\r\n_".encode())
    slow_reader = socket.socket()
    slow_reader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    slow_reader.connect((HOST, server.port))
    pipelined = f"GET / HTTP/1.1\r\nHost: {HOST}:{server.port}\r\n\r\n".encode() * 400
    slow_reader.sendall(pipelined)
    try:
        # A trickle that never finishes the body, and never leaves it silent.
        answer, waited = trickle_until_answered(slow_body, CHECK_EVERY / 2, request_deadline(6000) * 4)
        assert answer.startswith(b"HTTP/1.1 408"), answer[:80]
        assert security_headers_present(answer.partition(b"\r\n\r\n")[0])
        assert waited >= request_deadline(6000) - 0.2, f"answered after {waited:.1f} s, before the deadline"
        # Reading 16 bytes now and then is reading nothing: the server lets go of the connection instead of
        # holding it for days. What counts is the server's side: its socket is gone.
        def held() -> int:
            return len(socket_fds(server.proc.pid))
        slow_reader.settimeout(0.2)
        limit = CONNECTION_TIMEOUT * 10
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline and held() > baseline:
            try:
                slow_reader.recv(16)
            except (socket.timeout, ConnectionResetError):
                pass
            time.sleep(0.5)
        assert held() <= baseline, f"the server still holds {held() - baseline} more connections after {limit} s"
    finally:
        slow_body.close()
        slow_reader.close()
    assert get_status_raw(server.port, "/healthz") == 200


def resident_mb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) // 1024 for line in status if line.startswith("VmRSS:"))


# A slow-read probe: pages and files answered on the event loop had been written however much was already waiting for
# a client that does not read, and four such connections grew the server by a gigabyte in eight seconds.
@pytest.mark.parametrize("path", ["/?q=chicken", "/recipes/bundled-2", "/static/app.css"])
def test_clients_that_never_read_their_answers_cannot_grow_the_servers_memory(servers, path):
    server = servers()
    shopper = Client(server.port)
    for _ in range(3):  # the cookie, then the cart's count remembered, then the page answered from memory
        assert shopper.get(path).status == 200
    request = f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nCookie: {cookie_header(shopper)}\r\n\r\n".encode() * 50
    before = resident_mb(server.proc.pid)
    readers = []
    for _ in range(4):
        sock = socket.create_connection((HOST, server.port))
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.setblocking(False)
        readers.append(sock)
    sent = 0
    try:
        deadline = time.monotonic() + 4
        while time.monotonic() < deadline:
            for sock in readers:
                try:
                    sock.send(request)
                    sent += 50
                except (BlockingIOError, ConnectionError):
                    pass
            time.sleep(0.001)
        grown = resident_mb(server.proc.pid) - before
        assert grown < 100, f"{sent} requests sent and no answer read: the server grew by {grown} MB"
        assert Client(server.port).get(path).status == 200, "another client is still served"
    finally:
        for sock in readers:
            sock.close()
