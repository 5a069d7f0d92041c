"""Connections from a client with no account that means harm: every descriptor taken, bodies sent a byte at a time,
answers taken a few bytes at a time, heads never finished, bodies refused. The server stays up, shoppers' pages and posts are answered, and each limit
arrives when Docs/rules-every-page-keeps.md says."""
from __future__ import annotations

import os
import socket
import statistics
import threading
import time

import pytest

from rckit import HOST, Client, get_status
from test_scanner_findings import CHECK_EVERY, CONNECTION_TIMEOUT, SILENCE_LIMIT, TEST_SIZED, read_until_closed

OPEN_FILES = 300


def open_idle_connections(port: int, count: int) -> list[socket.socket]:
    """Opens up to `count` connections without sending anything; those past the server's cap wait in its backlog."""
    held = []
    for _ in range(count):
        sock = socket.socket()
        sock.setblocking(False)
        try:
            sock.connect((HOST, port))
        except BlockingIOError:
            pass
        except OSError:
            sock.close()
            break
        held.append(sock)
    return held


def keep_busy(sock: socket.socket, port: int, stop: threading.Event) -> None:
    """Pipelines page requests and reads whatever comes back, until told to stop or the server closes."""
    request = f"GET /?q=chicken HTTP/1.1\r\nHost: {HOST}:{port}\r\n\r\n".encode() * 8
    sock.setblocking(True)
    sock.settimeout(1)
    while not stop.is_set():
        try:
            sock.sendall(request)
            while sock.recv(262144):
                pass
        except socket.timeout:
            continue
        except OSError:
            return


def answered_within(port: int, path: str, limit: float) -> int:
    """The status of `path` on a new connection, waiting up to `limit` seconds for a place among the connections."""
    deadline = time.monotonic() + limit
    while True:
        try:
            return get_status(port, path, timeout=max(1.0, deadline - time.monotonic()))
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


@pytest.mark.parametrize("attempt", range(4))
def test_every_descriptor_taken_with_load_on_earlier_connections_the_server_stays_up_and_answers(servers, attempt):
    """Under `ulimit -n 300`: far more connections than descriptors, forty of them pipelining pages. The crash this
    guards against was a race (about one try in four), so the attack runs four times, each on a fresh server."""
    server = servers(args=TEST_SIZED, open_files=OPEN_FILES)
    held = open_idle_connections(server.port, OPEN_FILES + 200)
    stop = threading.Event()
    busy = [threading.Thread(target=keep_busy, args=(sock, server.port, stop), daemon=True) for sock in held[:40]]
    try:
        for thread in busy:
            thread.start()
        time.sleep(3)
        assert server.alive(), f"the server died under the attack:\n{server.log_tail()}"
        fds = len(os.listdir(f"/proc/{server.proc.pid}/fd"))
        assert fds < OPEN_FILES - 32, f"the server holds {fds} of its {OPEN_FILES} descriptors"
        # Idle connections are let go sooner near the cap, so a shopper's connection gets its turn.
        assert answered_within(server.port, "/healthz", CONNECTION_TIMEOUT * 4) == 200
        assert answered_within(server.port, "/recipes/bundled-1", CONNECTION_TIMEOUT * 4) == 200
        assert server.alive()
    finally:
        stop.set()
        for sock in held:
            sock.close()
        for thread in busy:
            thread.join(5)
    assert get_status(server.port, "/healthz") == 200
    assert not server.error_lines(), server.error_lines()


def trickle_bodies(port: int, path: str, count: int, stop: threading.Event) -> list[socket.socket]:
    """`count` posts announcing 64 KB of body, each then sending one byte a second."""
    head = (f"POST {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            "Content-Length: 65536\r\n\r\n").encode()
    socks = []
    for _ in range(count):
        sock = socket.create_connection((HOST, port), timeout=5)
        sock.sendall(head)
        socks.append(sock)

    def trickle() -> None:
        while not stop.wait(1):
            for sock in socks:
                try:
                    sock.send(b"x")
                except OSError:
                    pass

    threading.Thread(target=trickle, daemon=True).start()
    return socks


def timed_posts(client: Client, token: str, count: int) -> list[float]:
    took = []
    for _ in range(count):
        start = time.monotonic()
        reply = client.step("bundled-1", "inc", token)
        took.append(time.monotonic() - start)
        assert reply.status == 303, f"a shopper's post answered {reply.status}"
        token = client.token_after(reply, token)
    return took


# A form's route: the body is read before the post takes a place. A picture's: the upload takes one of a few places
# of its own (before its CSRF check can read the body), so slow uploads keep only other uploads waiting.
@pytest.mark.parametrize("path", ["/cart/clear", "/recipes/bundled-1/edit"])
def test_three_hundred_slow_bodies_leave_shoppers_posts_answered_as_usual(servers, path):
    """More slow posts than the router has places for posts (128 a core): they never take a post's place, so every
    shopper's post is answered 303 as fast as before they came."""
    server = servers()
    shopper = Client(server.port)
    token = shopper.start_session()
    before = timed_posts(shopper, token, 20)
    token = shopper.csrf()
    stop = threading.Event()
    socks = trickle_bodies(server.port, path, 300, stop)
    try:
        time.sleep(2)
        during = timed_posts(shopper, token, 40)
    finally:
        stop.set()
        for sock in socks:
            sock.close()
    usual = statistics.median(before)
    assert max(during) < max(1.0, usual * 20), f"posts took up to {max(during):.3f} s (usually {usual:.3f} s)"
    assert statistics.median(during) < max(0.25, usual * 5), f"median {statistics.median(during):.3f} s"
    assert shopper.cart() == {"bundled-1": 60}
    assert not server.error_lines(), server.error_lines()


def slow_readers(port: int, path: str, count: int, stop: threading.Event) -> list[socket.socket]:
    """`count` connections that each ask for `path` and then take a little of the answer a second (slowhttptest's
    slow read): a receive buffer of a few KB, emptied once a second, so the client's window opens and what it
    acknowledges grows every second. Those past the server's cap wait in its backlog."""
    request = f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\n\r\n".encode()
    socks = []
    for _ in range(count):
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        sock.settimeout(5)
        sock.connect((HOST, port))
        sock.sendall(request)
        sock.setblocking(False)
        socks.append(sock)

    def take_a_little() -> None:
        while not stop.wait(1):
            for sock in socks:
                try:
                    sock.recv(4096)
                except OSError:
                    pass

    threading.Thread(target=take_a_little, daemon=True).start()
    return socks


def test_slow_readers_past_the_connection_cap_leave_shoppers_answered(servers):
    """More slow readers than the server has connections: each takes a couple of KB of a stylesheet a second, so each
    makes progress and none is stalled. Once the cap is nearly reached a client that takes less than 16 KB a check is
    reset, so a shopper's page is answered within a few checks rather than after the readers' thousand seconds."""
    server = servers(args=TEST_SIZED + ["--max-connections", "60"])
    stop = threading.Event()
    socks = slow_readers(server.port, "/static/app.css", 100, stop)
    try:
        time.sleep(CHECK_EVERY)
        started = time.monotonic()
        assert answered_within(server.port, "/recipes/bundled-1", CONNECTION_TIMEOUT * 2) == 200
        took = time.monotonic() - started
        assert took < CHECK_EVERY * 8, f"a shopper's page waited {took:.1f} s behind the slow readers"
        assert server.alive()
    finally:
        stop.set()
        for sock in socks:
            sock.close()
    assert get_status(server.port, "/healthz") == 200
    assert not server.error_lines(), server.error_lines()


def test_a_body_refused_for_its_size_closes_the_connection_without_reading_on(servers):
    server = servers()
    sock = socket.create_connection((HOST, server.port), timeout=5)
    try:
        sock.sendall(f"POST /cart/clear HTTP/1.1\r\nHost: {HOST}:{server.port}\r\n"
                     "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 50000000\r\n\r\n".encode())
        sock.sendall(b"x" * 65536)
        answer, took = read_until_closed(sock, 10)
    finally:
        sock.close()
    head = answer.partition(b"\r\n\r\n")[0]
    assert head.startswith(b"HTTP/1.1 413"), head[:80]
    assert b"\r\nconnection: close" in head.lower()
    assert took < 5, f"closed only after {took:.1f} s"


def test_a_head_left_half_sent_gets_its_408_at_the_silence_limit(servers):
    server = servers(args=TEST_SIZED)
    sock = socket.create_connection((HOST, server.port), timeout=5)
    try:
        sock.sendall(f"GET / HTTP/1.1\r\nHost: {HOST}:{server.port}\r\nX-Half: ".encode())
        answer, waited = read_until_closed(sock, CONNECTION_TIMEOUT * 4)
    finally:
        sock.close()
    assert answer.startswith(b"HTTP/1.1 408"), answer[:80]
    assert SILENCE_LIMIT - 0.2 <= waited < CONNECTION_TIMEOUT, f"answered after {waited:.1f} s"


def test_a_head_sent_a_byte_at_a_time_gets_its_408_at_the_request_deadline(servers):
    server = servers(args=TEST_SIZED)
    sock = socket.create_connection((HOST, server.port), timeout=5)
    head = f"GET / HTTP/1.1\r\nHost: {HOST}:{server.port}\r\nX-Slow: ".encode() + b"y" * 1000
    start = time.monotonic()
    answer = b""
    try:
        sock.settimeout(CHECK_EVERY / 2)
        for byte in head:
            sock.send(bytes([byte]))
            try:
                chunk = sock.recv(65536)
            except socket.timeout:
                continue
            answer += chunk
            break
        waited = time.monotonic() - start
        rest, _ = read_until_closed(sock, CONNECTION_TIMEOUT * 2)
        answer += rest
    finally:
        sock.close()
    assert answer.startswith(b"HTTP/1.1 408"), answer[:80]
    assert CONNECTION_TIMEOUT - 0.2 <= waited < CONNECTION_TIMEOUT + 3 * CHECK_EVERY, f"answered after {waited:.1f} s"
