"""Graceful shutdown: SIGTERM while requests are in flight lets them finish with complete responses,
then the server exits 0 with the database checkpointed and closed (SQLite: no WAL left behind; PostgreSQL: no
connection of the server left open)."""

from __future__ import annotations

import http.client
import re
import signal
import socket
import subprocess
import threading
import time
import urllib.parse

from rckit import (BUNDLED_IDS, HOST, POSTGRES, ROOT, Client, ShopperLog, get_status, join_all, record_stat, scaled,
                   start_shoppers, wait_until)

SEED = scaled("RC_SEED", 20261121)


def wait_for_log(server, needle: str, count: int, timeout: float = 20) -> None:
    """Waits until the server has logged `count` request lines like `needle` (Hummingbird logs each request as it
    arrives). A log that writes its request lines only once they are answered shows no arrivals: then a pause stands
    in, long for heads sent over loopback, and short enough that two of them stay well inside the 5 s busy timeout
    the posts wait on."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        log = server.log_text()
        if log.count(needle) >= count:
            return
        if "hb.request.method=" not in log and time.monotonic() > deadline - timeout + 1:
            print(f"\n(no arrival lines in the server log: waited 1 s instead of seeing {count} x {needle!r})")
            return
        time.sleep(0.05)
    raise AssertionError(f"the server log did not show {count} x {needle!r} within {timeout} s")


def refuses_connections(port: int) -> bool:
    try:
        socket.create_connection((HOST, port), timeout=1).close()
    except ConnectionRefusedError:
        return True
    return False


def read_response(sock: socket.socket) -> bytes:
    data = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return data
        data += chunk


def assert_closed_cleanly(server) -> None:
    if POSTGRES:
        # Every connection the server had is closed (psql's own one aside).
        query = ("SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() "
                 "AND pid <> pg_backend_pid()")
        deadline = time.monotonic() + 5
        while server.sql_value(query) != "0" and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.sql_value(query) == "0", "the server's database connections outlived it"
    else:
        wal = server.database_path.with_name(server.database_path.name + "-wal")
        assert not wal.exists() or wal.stat().st_size == 0, \
            f"the WAL was left with {wal.stat().st_size} bytes: the database was not checkpointed and closed"
    assert server.integrity() == "ok"


def test_sigterm_lets_slow_requests_finish_then_exits_0(servers):
    """Slow requests of three kinds are in flight when SIGTERM comes: stepper posts waiting on a database
    another process holds locked (the SQLite file, or PostgreSQL's cart tables), form posts whose body is still being uploaded, and page reads."""
    server = servers()
    posters = [Client(server.port, timeout=60) for _ in range(8)]
    tokens = [client.csrf() for client in posters]
    for index, client in enumerate(posters):  # every shopper has a session row already
        reply = client.step("bundled-1", "inc", tokens[index])
        assert reply.status == 303
        tokens[index] = client.token_after(reply, tokens[index])

    # Slow uploads: the head and half the body now, the rest after SIGTERM.
    uploaders = []
    for index in range(4):
        client = Client(server.port)
        token = client.start_session()
        body = urllib.parse.urlencode({"_csrf": token, "op": "set", "quantity": str(index + 2),
                                       "return_to": "/cart"}).encode()
        sock = socket.create_connection((HOST, server.port), timeout=30)
        sock.sendall(
            f"POST /cart/items/bundled-2 HTTP/1.1\r\nHost: {HOST}:{server.port}\r\n"
            f"Cookie: rc_session={client.cookies['rc_session']}\r\n"
            f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n"
            f"Connection: close\r\n\r\n".encode() + body[: len(body) // 2])
        uploaders.append((client, sock, body[len(body) // 2:], index + 2))

    holder = server.hold_write_lock()
    results: dict[int, object] = {}

    def post(index: int) -> None:
        try:
            results[index] = posters[index].step("bundled-3", "inc", tokens[index], return_to="/cart")
        except Exception as error:  # noqa: BLE001 - recorded and asserted below
            results[index] = error

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(posters))]
    for thread in threads:
        thread.start()
    # Every request has reached the server (its request line is logged) before the signal.
    wait_for_log(server, "hb.request.method=POST hb.request.path=/cart/items/bundled-3", len(posters))
    wait_for_log(server, "hb.request.method=POST hb.request.path=/cart/items/bundled-2", len(uploaders))

    server.signal(signal.SIGTERM)
    # The listener closes as soon as the server takes the signal; the requests in flight must still hold it open.
    assert wait_until(lambda: refuses_connections(server.port), 10), "the listener stayed open after SIGTERM"
    assert server.alive(), "the server exited while requests were still in flight"
    holder.release()
    for _, sock, rest, _ in uploaders:
        sock.sendall(rest)
    for thread in threads:
        thread.join(30)

    for index in range(len(posters)):
        reply = results.get(index)
        assert not isinstance(reply, Exception) and reply is not None, f"post {index} got no response: {reply!r}"
        assert reply.status == 303, f"post {index}: {reply.status}"
    for client, sock, _, _ in uploaders:
        raw = read_response(sock)
        sock.close()
        head, _, rest = raw.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 303"), head[:200]
        # The first cart line rotated the session id: the browser keeps the cookie this answer set.
        client.remember([line.split(b":", 1)[1].strip().decode("latin-1") for line in head.split(b"\r\n")[1:]
                         if line.lower().startswith(b"set-cookie:")])
        length = [line for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")]
        assert length and int(length[0].split(b":")[1]) == len(rest), "incomplete response body"

    assert server.wait(30) == 0, "exit code after SIGTERM"
    assert_closed_cleanly(server)

    # Everything acknowledged is there after a restart.
    server = servers(server.data_dir, port=server.port)
    for client in posters:
        client.close()
        assert client.cart() == {"bundled-1": 1, "bundled-3": 1}
    for client, sock, _, quantity in uploaders:
        client.close()
        assert client.cart() == {"bundled-2": quantity}
    record_stat("shutdown.slow_requests_finished", len(posters) + len(uploaders))


def test_sigterm_under_load_answers_completely_and_keeps_every_acknowledged_update(servers):
    """SIGTERM in the middle of the stepper load: every response that comes back is complete, the process
    exits 0, and after a restart every 303-acknowledged update is there."""
    server = servers()
    sessions = scaled("RC_SESSIONS", 16)
    logs = [ShopperLog(f"shopper-{i}") for i in range(sessions)]
    # Page readers too: a response cut short would raise IncompleteRead in http.client.
    reader_errors: list[str] = []
    reader_pages = [0]
    stop = threading.Event()

    def reader() -> None:
        client = Client(server.port)
        while not stop.is_set():
            try:
                reply = client.get(f"/recipes/{BUNDLED_IDS[reader_pages[0] % 52]}")
            except (ConnectionRefusedError, ConnectionResetError, http.client.RemoteDisconnected, BrokenPipeError):
                return  # the listener is closed: a new request is refused, never half-answered
            except http.client.IncompleteRead as error:
                reader_errors.append(f"incomplete page: {error!r}")
                return
            if reply.status != 200 or not reply.body.rstrip().endswith(b"</html>"):
                reader_errors.append(f"{reply.status} {len(reply.body)} bytes")
            reader_pages[0] += 1

    readers = [threading.Thread(target=reader, daemon=True) for _ in range(4)]
    threads = start_shoppers(logs, server.port, 10_000, SEED + 77, BUNDLED_IDS[:6], stop)
    for thread in readers:
        thread.start()
    # The signal comes with both kinds of load in full swing: pages being read and cart updates acknowledged.
    assert wait_until(lambda: reader_pages[0] >= 40 and sum(len(log.acked) for log in logs) >= 40, 30), \
        "the readers and shoppers never got going"
    server.signal(signal.SIGTERM)
    code = server.wait(30)
    stop.set()
    join_all(threads + readers, timeout=30)
    assert code == 0, f"exit code {code} after SIGTERM"
    assert not reader_errors, reader_errors[:5]
    for log in logs:
        assert not [f for f in log.failures if "HTTP" in f], log.failures[:3]
    assert_closed_cleanly(server)

    server = servers(server.data_dir, port=server.port)
    for log in logs:
        log.client.close()
        cart = log.client.cart()
        if log.in_flight is None:
            assert cart == log.model(), f"{log.name}: {cart} != {log.model()}"
        else:
            # A post sent as the listener closed was refused (not applied) or answered (applied).
            assert cart in (log.model(), log.model_with_in_flight()), f"{log.name}: {cart}"
    acked = sum(len(log.acked) for log in logs)
    print(f"\nSIGTERM after {acked} acknowledged posts and {reader_pages[0]} pages: exit 0, all updates kept")
    record_stat("shutdown.acknowledged_updates_checked", acked)


def test_a_port_already_taken_stops_the_start_with_one_clear_error(servers):
    """A second server on the port the first listens on (a second `swift run web`) stops at once with exit 1 and one
    message a grocer can act on, and logs no error on its way out (the session purge it had begun is cancelled, not
    failed); the first server goes on answering."""
    first = servers()
    second = servers(first.data_dir.parent / "second-data", port=first.port, start=False)
    second.data_dir.mkdir(parents=True)
    # Not `start`, which would take the first server's /healthz for the second's.
    result = subprocess.run(second.command(), cwd=str(ROOT), capture_output=True, text=True, timeout=60)
    log = result.stdout + result.stderr
    assert result.returncode == 1, log[-2000:]
    assert f"web: cannot start: 127.0.0.1:{first.port} is already in use" in log, log[-2000:]
    assert "--port" in log
    errors = [line for line in log.splitlines() if re.search(r"^\S+ (error|critical) ", line)]
    assert not errors, errors
    assert get_status(first.port, "/healthz") == 200
