"""The staff board's event streams under abuse: boards that come and go by the hundred leave no connection, task or
memory behind; a stopping server is not held open by the boards watching it; a restarted server is found again; on
PostgreSQL, a board hears another instance's changes again once the database comes back from an outage. A stream
lasts only as long as its session: signing out, revoking a screen or a new staff token ends it."""

from __future__ import annotations

import os
import re
import signal
import socket
import time

import pytest

from rckit import HOST, POSTGRES, Client, Server, postgres_cluster, share_database, wait_until

STAFF_TOKEN = "reliability-live-board-token"
ENDS_WITHIN = 1.0  # seconds from a sign-out or a revoke to the end of that session's streams
BOARD_CHANNEL = "board_changes"  # PostgresBoardRelay.channel
CONNECTION_TIMEOUT = 6  # --connection-timeout for the tests that wait for the request guard's limits



def settled_sockets(server: Server) -> int:
    """The server's socket count once it has stopped changing (a connection just closed by a client is let go a
    moment later)."""
    last = -1
    while (count := open_files(server)) != last:
        last = count
        time.sleep(0.3)
    return count


def signed_in_cookie(port: int) -> str:
    staff = Client(port)
    token = staff.csrf("/staff/login")
    reply = staff.post_form("/staff/login", {"_csrf": token, "token": STAFF_TOKEN})
    assert reply.status == 303, reply.status
    staff.close()
    return "; ".join(f"{name}={value}" for name, value in staff.cookies.items())


def open_stream(port: int, cookie: str) -> socket.socket:
    """A board's stream, read up to its first event: connected and subscribed."""
    sock = socket.create_connection((HOST, port), timeout=15)
    sock.sendall(f"GET /staff/events HTTP/1.1\r\nHost: {HOST}\r\nCookie: {cookie}\r\n\r\n".encode())
    seen = b""
    while b"event: board" not in seen:
        chunk = sock.recv(4096)
        assert chunk, f"the stream ended before its first event: {seen[:300]!r}"
        seen += chunk
    assert seen.startswith(b"HTTP/1.1 200")
    return sock


def open_files(server: Server) -> int:
    """The server's open sockets (its database files come and go with writes, and are not what is counted here)."""
    folder = f"/proc/{server.proc.pid}/fd"
    count = 0
    for name in os.listdir(folder):
        try:
            count += os.readlink(f"{folder}/{name}").startswith("socket:")
        except OSError:
            pass
    return count


def resident_kb(server: Server) -> int:
    with open(f"/proc/{server.proc.pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def test_two_hundred_streams_opened_and_dropped_leave_nothing_behind(servers):
    server = servers(staff_token=STAFF_TOKEN)
    cookie = signed_in_cookie(server.port)
    files_before = open_files(server)
    # Warm up once, so what a first stream allocates for good is not counted as a leak.
    open_stream(server.port, cookie).close()
    assert wait_until(lambda: open_files(server) <= files_before, timeout=20)
    memory_before = resident_kb(server)

    for _ in range(2):
        streams = [open_stream(server.port, cookie) for _ in range(100)]
        assert open_files(server) >= files_before + 100
        for sock in streams:
            # Dropped as a closed laptop drops it: a reset, no goodbye.
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            sock.close()

    # Each stream notices its client is gone at its next heartbeat, at the latest, and lets go of the socket.
    assert wait_until(lambda: open_files(server) <= files_before + 2, timeout=20), (
        f"{open_files(server)} files open, {files_before} before the streams"
    )
    assert resident_kb(server) - memory_before < 16 * 1024, "memory grew by more than 16 MB after 200 streams"
    # And the board still works for the next one.
    open_stream(server.port, cookie).close()


def test_open_streams_do_not_hold_a_stopping_server(servers):
    server = servers(staff_token=STAFF_TOKEN)
    cookie = signed_in_cookie(server.port)
    streams = [open_stream(server.port, cookie) for _ in range(20)]
    try:
        started = time.monotonic()
        server.signal(signal.SIGTERM)
        assert server.wait(timeout=30) == 0
        # Ended by the server, not by a timeout: well inside the 30 s a stop may take.
        assert time.monotonic() - started < 15
        for sock in streams:
            sock.settimeout(5)
            rest = b""
            while chunk := sock.recv(4096):
                rest += chunk
            assert rest.endswith(b"0\r\n\r\n"), f"the stream did not end cleanly: {rest[-60:]!r}"
    finally:
        for sock in streams:
            sock.close()


def test_a_board_finds_a_restarted_server_and_hears_what_happened_while_it_was_away(servers):
    server = servers(staff_token=STAFF_TOKEN)
    cookie = signed_in_cookie(server.port)
    stream = open_stream(server.port, cookie)
    server.stop()
    stream.settimeout(5)
    while stream.recv(4096):
        pass
    stream.close()
    server.start()
    # The staff session is in the database: the same cookie opens the stream again after the restart.
    again = open_stream(server.port, cookie)
    again.close()


def test_a_board_that_stops_reading_its_stream_is_let_go(servers):
    """Boards whose browsers stop reading (a tab frozen, a TV asleep with its socket open): once their sockets take no
    more, the server resets them rather than holding their events, and the shop goes on answering meanwhile."""
    # The stalled-write limit is the connection timeout: test-sized here, so it is waited for in seconds.
    server = servers(staff_token=STAFF_TOKEN, args=["--connection-timeout", f"{CONNECTION_TIMEOUT}s"])
    cookie = signed_in_cookie(server.port)
    files_before = settled_sockets(server)
    stuck = []
    for _ in range(20):
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        sock.connect((HOST, server.port))
        sock.sendall(f"GET /staff/events HTTP/1.1\r\nHost: {HOST}\r\nCookie: {cookie}\r\n\r\n".encode())
        stuck.append(sock)
    try:
        assert wait_until(lambda: open_files(server) >= files_before + 20, timeout=10)
        # Enough changes to fill what the kernels hold for each stream: every cart post is an event, though a stream
        # that falls behind hears several as one.
        shopper = Client(server.port)
        token = shopper.csrf()
        for index in range(4000):
            reply = shopper.step("bundled-1", "inc" if index % 2 == 0 else "dec", token)
            token = shopper.token_after(reply, token)
            assert reply.status == 303
        started = time.monotonic()
        assert shopper.get("/").status == 200
        assert time.monotonic() - started < 2, "the shop slowed down while boards stopped reading"
        shopper.close()
        # Reset once nothing was acknowledged for the connection timeout, checked every sixth of it.
        assert wait_until(lambda: open_files(server) <= files_before, timeout=CONNECTION_TIMEOUT * 10), (
            f"{open_files(server)} files open, {files_before} before the streams"
        )
    finally:
        for sock in stuck:
            sock.close()


class BoardStream:
    """An open board's stream, read as events arrive: how many `board` events it has heard, and whether it ended."""

    def __init__(self, port: int, cookie: str):
        self.port, self.cookie = port, cookie
        self.sock = open_stream(port, cookie)
        self.boards = 0
        self.ended = False

    def hears_board(self, within: float) -> bool:
        """Whether a `board` event arrives within `within` seconds (one already waiting counts)."""
        deadline = time.monotonic() + within
        heard = b""
        while not self.ended and time.monotonic() < deadline:
            self.sock.settimeout(max(0.05, deadline - time.monotonic()))
            try:
                chunk = self.sock.recv(4096)
            except socket.timeout:
                break
            except ConnectionResetError:
                chunk = b""
            if not chunk:
                self.ended = True
                break
            heard += chunk
            if heard.count(b"event: board") > 0:
                self.boards += heard.count(b"event: board")
                return True
        return False

    def reopen(self, within: float) -> None:
        """As the board's script does when its stream drops, trying again while the server cannot yet read the staff
        session; the new stream's first event is a `board`."""
        self.sock.close()
        deadline = time.monotonic() + within
        while True:
            try:
                self.sock = open_stream(self.port, self.cookie)
                self.ended = False
                return
            except (AssertionError, OSError) as error:
                assert time.monotonic() < deadline, f"the board's stream did not open again: {error}"
                time.sleep(0.5)

    def close(self) -> None:
        self.sock.close()


def post_until_answered(shopper: Client, token: str, within: float) -> str:
    """A cart post, sent again while the database is still coming back (a 503 changes nothing); the token for the
    next post."""
    deadline = time.monotonic() + within
    while True:
        try:
            reply = shopper.step("bundled-1", "inc", token)
        except OSError:
            reply = None
        if reply is not None and reply.status == 303:
            return shopper.token_after(reply, token)
        assert time.monotonic() < deadline, f"no post answered 303 within {within} s: {reply and reply.status}"
        time.sleep(0.25)


@pytest.mark.skipif(not POSTGRES, reason="instances tell each other's boards through PostgreSQL's LISTEN/NOTIFY")
def test_a_board_hears_another_instances_change_after_postgres_returns(servers, workdir):
    first = servers(workdir / "a", staff_token=STAFF_TOKEN)
    second = servers(workdir / "b", staff_token=STAFF_TOKEN, start=False)
    share_database(second.data_dir, first.data_dir)
    second.start()
    board = BoardStream(second.port, signed_in_cookie(second.port))
    shopper = Client(first.port)
    token = shopper.csrf()
    try:
        token = post_until_answered(shopper, token, within=5)
        assert board.hears_board(within=3), "before the outage, a change on one instance reached the other's board"

        log_mark = len(second.log_text())
        postgres_cluster("stop")
        try:
            time.sleep(2)
        finally:
            postgres_cluster("start")
        # The relay notices the lost connection and listens again; listening again, it tells its boards to read
        # everything, since changes may have gone by unheard. A stream that dropped meanwhile is opened again.
        if not board.hears_board(within=15):
            assert board.ended, "the board's stream stayed open and heard nothing after PostgreSQL returned"
            board.reopen(within=30)
        assert wait_until(lambda: "board change notifications interrupted; listening again"
                          in second.log_text()[log_mark:], timeout=15), "the relay never noticed the outage"
        # Both instances' relays listen again, each on a connection of its own.
        listeners = ("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                     f"AND query ILIKE 'LISTEN%{BOARD_CHANNEL}%'")
        assert wait_until(lambda: int(first.sql_value(listeners)) == 2, timeout=15), (
            f"{first.sql_value(listeners)} connections listen for board changes after PostgreSQL returned")
        time.sleep(1)
        board.hears_board(within=0.1)  # whatever the return itself brought

        post_until_answered(shopper, token, within=15)
        assert board.hears_board(within=3), "a change on one instance did not reach the other's board after the outage"
        assert not board.ended
    finally:
        board.close()
        shopper.close()


def cookie_header(cookies: dict[str, str]) -> str:
    return "; ".join(f"{name}={value}" for name, value in cookies.items())


def signed_in_staff(port: int) -> Client:
    """A staff member's browser, signed in, with the form token of its session for the board's posts."""
    staff = Client(port)
    token = staff.csrf("/staff/login")
    assert staff.post_form("/staff/login", {"_csrf": token, "token": STAFF_TOKEN}).status == 303
    return staff


def paired_screen(port: int, staff: Client, name: str) -> tuple[Client, str]:
    """A wall screen paired through `staff`'s phone, holding its session; and the screen's id for revoking it."""
    screen = Client(port)
    code = re.search(r'data-pairing-code="([^"]+)"', screen.get("/staff/screen").text).group(1)
    reply = staff.post_form("/staff/screens", {"_csrf": staff.csrf("/staff/screens"), "code": code, "name": name})
    assert reply.status == 303, reply.status
    landed = screen.get("/staff/screen")
    assert landed.status == 303 and landed.header("location") == "/staff", landed.status
    listing = staff.get("/staff/screens").text
    screen_id = re.search(rf'data-screen-id="([^"]+)">\s*<th scope="row">{re.escape(name)}</th>', listing).group(1)
    return screen, screen_id


def seconds_until_end(sock: socket.socket, within: float) -> float | None:
    """How long until the stream's answer ends (its last, empty chunk, or the connection closed); None when it is
    still open after `within` seconds."""
    started = time.monotonic()
    deadline = started + within
    # What was read before ended with whole chunks or inside one: the last chunk, read alone, follows a chunk's end.
    seen = b"\r\n"
    while time.monotonic() < deadline:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            chunk = sock.recv(4096)
        except socket.timeout:
            break
        except ConnectionResetError:
            chunk = b""
        if not chunk or (seen + chunk).endswith(b"\r\n0\r\n\r\n"):
            return time.monotonic() - started
        seen = (seen + chunk)[-64:]
    return None


def test_signing_out_ends_that_sessions_streams_within_a_second(servers):
    server = servers(staff_token=STAFF_TOKEN)
    staff = signed_in_staff(server.port)
    colleague = signed_in_staff(server.port)
    old_cookie = cookie_header(staff.cookies)
    # The same session's board on two screens, and a colleague's.
    streams = [open_stream(server.port, old_cookie) for _ in range(2)]
    colleagues = BoardStream(server.port, cookie_header(colleague.cookies))
    shopper = Client(server.port)
    try:
        started = time.monotonic()
        assert staff.post_form("/staff/logout", {"_csrf": staff.csrf("/staff")}).status == 303
        for sock in streams:
            ended = seconds_until_end(sock, within=3)
            assert ended is not None, "a stream was still open 3 s after its session signed out"
        took = time.monotonic() - started
        assert took < ENDS_WITHIN, f"the streams ended {took:.3f} s after the sign-out began"
        # The board's script reconnects with the cookie it had: the sign-in page, as for any page.
        refused = Client(server.port)
        assert refused.get("/staff/events", headers={"Cookie": old_cookie}, cookies=False).status == 401
        # A colleague's board goes on.
        token = shopper.csrf()
        assert shopper.step("bundled-1", "inc", token).status == 303
        assert colleagues.hears_board(within=3) and not colleagues.ended
    finally:
        for sock in streams:
            sock.close()
        colleagues.close()
        shopper.close()


def test_revoking_a_screen_ends_its_stream_within_a_second(servers):
    server = servers(staff_token=STAFF_TOKEN)
    staff = signed_in_staff(server.port)
    screen, screen_id = paired_screen(server.port, staff, "Back room TV")
    other, _ = paired_screen(server.port, staff, "Front till")
    stream = open_stream(server.port, cookie_header(screen.cookies))
    others = BoardStream(server.port, cookie_header(other.cookies))
    staffs = BoardStream(server.port, cookie_header(staff.cookies))
    shopper = Client(server.port)
    try:
        started = time.monotonic()
        reply = staff.post_form(f"/staff/screens/{screen_id}/revoke", {"_csrf": staff.csrf("/staff/screens")})
        assert reply.status == 303
        ended = seconds_until_end(stream, within=3)
        assert ended is not None, "the screen's stream was still open 3 s after it was revoked"
        took = time.monotonic() - started
        assert took < ENDS_WITHIN, f"the stream ended {took:.3f} s after the revoke began"
        # Reconnecting, the screen is sent back to the pairing page, which shows it a new code.
        again = screen.get("/staff/events")
        assert again.status == 303 and again.header("location") == "/staff/screen", again.status
        # The other screen and staff's own board go on.
        token = shopper.csrf()
        assert shopper.step("bundled-1", "inc", token).status == 303
        for board in (others, staffs):
            assert board.hears_board(within=3) and not board.ended
    finally:
        stream.close()
        others.close()
        staffs.close()
        shopper.close()


def test_a_new_staff_token_ends_the_old_sessions_streams(servers):
    """The staff token is read at start: a new one comes with a restart, which ends every stream, and the sessions made
    under the old token open none again."""
    server = servers(staff_token=STAFF_TOKEN)
    cookie = signed_in_cookie(server.port)
    stream = open_stream(server.port, cookie)
    try:
        server.stop()
        assert seconds_until_end(stream, within=5) is not None
        server.staff_token = STAFF_TOKEN + "-new"
        server.start()
        refused = Client(server.port)
        assert refused.get("/staff/events", headers={"Cookie": cookie}, cookies=False).status == 401
    finally:
        stream.close()
