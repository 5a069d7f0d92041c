"""The live staff board across instances: a board following its event stream through nginx, or straight from one
instance, hears an order sent through another instance within a second, with nothing buffered on the way; and a
sign-out or a revoke on one instance ends that session's streams on the others within a second; a quiet board on one
instance shows an order sent through another late once its limit has passed."""

from __future__ import annotations

import re
import socket
import time
from datetime import datetime

from mikit import HOST, MultiClient, sign_in_staff

LIVE_WITHIN = 1.0
ENDS_WITHIN = 1.0  # seconds from a sign-out or a revoke on one instance to the end of its streams on another


class EventStream:
    """A board's /staff/events read off a raw socket, as a browser's EventSource reads it."""

    def __init__(self, port: int, cookies: dict[str, str]):
        self.sock = socket.create_connection((HOST, port), timeout=15)
        cookie = "; ".join(f"{name}={value}" for name, value in cookies.items())
        self.sock.sendall(
            f"GET /staff/events HTTP/1.1\r\nHost: {HOST}:{port}\r\nAccept: text/event-stream\r\nCookie: {cookie}\r\n\r\n".encode()
        )
        self.buffer = b""
        head = self._until(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 200"), head[:200]
        assert b"text/event-stream" in head.lower()

    def _until(self, marker: bytes, deadline: float | None = None) -> bytes:
        while marker not in self.buffer:
            if deadline is not None:
                self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("the event stream ended")
            self.buffer += chunk
        end = self.buffer.index(marker) + len(marker)
        found, self.buffer = self.buffer[:end], self.buffer[end:]
        return found

    def next_event(self, within: float) -> str:
        """The next event's name (`board` or `beat`), read from chunked framing loosely: only `event:` lines count."""
        deadline = time.monotonic() + within
        while True:
            line = self._until(b"\n", deadline).decode(errors="replace").strip()
            if line.startswith("event: "):
                return line.removeprefix("event: ")

    def board_within(self, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        try:
            while time.monotonic() < deadline:
                if self.next_event(deadline - time.monotonic()) == "board":
                    return True
        except (socket.timeout, TimeoutError):
            return False
        return False

    def ends_within(self, seconds: float) -> bool:
        """Whether the stream's answer ends (its last, empty chunk, or the connection closed) within `seconds`."""
        deadline = time.monotonic() + seconds
        # What was read before ended with whole chunks or inside one: the last chunk, read alone, follows a chunk's end.
        self.buffer = b"\r\n" + self.buffer
        while not self.buffer.endswith(b"\r\n0\r\n\r\n"):
            if time.monotonic() >= deadline:
                return False
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                chunk = self.sock.recv(4096)
            except (socket.timeout, TimeoutError):
                return False
            except ConnectionResetError:
                return True
            if not chunk:
                return True
            self.buffer = (self.buffer + chunk)[-64:]
        return True

    def drain(self, seconds: float = 0.3) -> None:
        try:
            while True:
                self.next_event(seconds)
        except (socket.timeout, TimeoutError):
            pass

    def close(self) -> None:
        self.sock.close()


def test_a_board_on_one_instance_and_one_through_nginx_hear_an_order_sent_through_another(shop):
    gateway = shop.nginx.port
    one, two, _ = (server.port for server in shop.instances)
    staff = MultiClient(shop.ports)
    sign_in_staff(staff.on(gateway))
    direct = EventStream(two, staff.on(gateway).cookies)
    proxied = EventStream(gateway, staff.on(gateway).cookies)
    try:
        for stream in (direct, proxied):
            assert stream.board_within(5), "the first event tells a board to read everything"
            stream.drain()

        shopper = MultiClient(shop.ports)
        token = shopper.on(one).csrf()
        reply = shopper.on(one).step("bundled-33", "inc", token)
        token = shopper.on(one).token_after(reply, token)
        for stream in (direct, proxied):
            assert stream.board_within(LIVE_WITHIN + 0.5), "a cart change on another instance reaches the board"
            stream.drain()

        started = time.monotonic()
        sent = shopper.on(one).post_form("/cart/order", {"_csrf": token, "note": "Live", "substitution": "leave-out"})
        assert sent.status == 303
        code = (sent.header("location") or "").rsplit("/", 1)[-1]
        assert direct.board_within(LIVE_WITHIN), "the board on another instance did not hear the order within 1 s"
        assert proxied.board_within(LIVE_WITHIN), "the board through nginx did not hear the order within 1 s"
        assert time.monotonic() - started < LIVE_WITHIN * 2
        # What the board then reads shows it, through any instance.
        assert re.search(rf'data-order-code="{code}" data-order-status="new"', staff.on(two).get("/staff").text)
    finally:
        direct.close()
        proxied.close()


def test_a_quiet_stream_through_nginx_keeps_beating(shop):
    staff = MultiClient(shop.ports)
    sign_in_staff(staff.on(shop.nginx.port))
    stream = EventStream(shop.nginx.port, staff.on(shop.nginx.port).cookies)
    try:
        assert stream.next_event(5) == "board"
        # A heartbeat every 5 s, passed on by nginx at once rather than held in its buffer.
        assert stream.next_event(7) == "beat"
        assert stream.next_event(7) == "beat"
    finally:
        stream.close()


def test_signing_out_on_one_instance_ends_that_sessions_streams_on_the_others_within_a_second(shop):
    one, two, three = (server.port for server in shop.instances)
    staff = MultiClient(shop.ports)
    sign_in_staff(staff.on(one))
    colleague = MultiClient(shop.ports)
    sign_in_staff(colleague.on(one))
    streams = [EventStream(port, staff.on(one).cookies) for port in (two, three, shop.nginx.port)]
    colleagues = EventStream(two, colleague.on(one).cookies)
    try:
        for stream in [*streams, colleagues]:
            assert stream.board_within(5), "the first event tells a board to read everything"
        started = time.monotonic()
        assert staff.on(one).post_form("/staff/logout", {"_csrf": staff.on(one).csrf("/staff")}).status == 303
        for stream in streams:
            assert stream.ends_within(3), "a stream on another instance was still open 3 s after its session signed out"
        took = time.monotonic() - started
        assert took < ENDS_WITHIN, f"the last stream ended {took:.3f} s after the sign-out on another instance began"

        # A colleague's board, on the same instance as one that ended, goes on.
        colleagues.drain()
        shopper = MultiClient(shop.ports)
        token = shopper.on(one).csrf()
        assert shopper.on(one).step("bundled-33", "inc", token).status == 303
        assert colleagues.board_within(LIVE_WITHIN + 0.5)
    finally:
        for stream in [*streams, colleagues]:
            stream.close()


def test_revoking_a_screen_on_one_instance_ends_its_stream_on_another_within_a_second(shop):
    one, two, three = (server.port for server in shop.instances)
    staff = MultiClient(shop.ports)
    sign_in_staff(staff.on(one))
    screen = MultiClient(shop.ports)
    code = re.search(r'data-pairing-code="([^"]+)"', screen.on(two).get("/staff/screen").text).group(1)
    paired = staff.on(one).post_form("/staff/screens", {"_csrf": staff.on(one).csrf("/staff/screens"), "code": code,
                                                        "name": "Back room TV"})
    assert paired.status == 303, paired.status
    assert screen.on(two).get("/staff/screen").header("location") == "/staff"
    screen_id = re.search(r'data-screen-id="([^"]+)"', staff.on(one).get("/staff/screens").text).group(1)
    streams = [EventStream(port, screen.on(two).cookies) for port in (two, three)]
    staffs = EventStream(three, staff.on(one).cookies)
    try:
        for stream in [*streams, staffs]:
            assert stream.board_within(5), "the first event tells a board to read everything"
        started = time.monotonic()
        reply = staff.on(one).post_form(f"/staff/screens/{screen_id}/revoke",
                                        {"_csrf": staff.on(one).csrf("/staff/screens")})
        assert reply.status == 303
        for stream in streams:
            assert stream.ends_within(3), "the screen's stream on another instance was still open 3 s after the revoke"
        took = time.monotonic() - started
        assert took < ENDS_WITHIN, f"the last stream ended {took:.3f} s after the revoke on another instance began"
        # Reconnecting anywhere, the screen is sent back to the pairing page.
        for port in (two, three):
            again = screen.on(port).get("/staff/events")
            assert again.status == 303 and again.header("location") == "/staff/screen", again.status
        # Staff's own board on the same instance goes on.
        staffs.drain()
        shopper = MultiClient(shop.ports)
        token = shopper.on(one).csrf()
        assert shopper.on(one).step("bundled-33", "inc", token).status == 303
        assert staffs.board_within(LIVE_WITHIN + 0.5)
    finally:
        for stream in [*streams, staffs]:
            stream.close()


def test_a_quiet_board_on_one_instance_turns_an_order_sent_through_another_late(shops):
    """Nothing happens on any instance after the order: the board another instance draws (as the board's 10 s refresh
    reads it without JavaScript) shows it late once its limit has passed, and carries what the board's script turns
    it late with on the same moment: the order's sending, as every instance reads it, and this instance's clock."""
    shop = shops(["--order-warn-after", "2s", "--order-late-after", "4s"])
    one, two, three = (server.port for server in shop.instances)
    shopper = MultiClient(shop.ports)
    token = shopper.on(one).csrf()
    reply = shopper.on(one).step("bundled-33", "inc", token)
    token = shopper.on(one).token_after(reply, token)
    sent_at = time.time()
    sent = shopper.on(one).post_form("/cart/order", {"_csrf": token, "note": "Quiet", "substitution": "leave-out"})
    assert sent.status == 303
    code = (sent.header("location") or "").rsplit("/", 1)[-1]
    staff = MultiClient(shop.ports)
    sign_in_staff(staff.on(two))

    def ticket(port: int) -> tuple[str, float, float, str]:
        page = staff.on(port).get("/staff").text
        match = re.search(rf'data-order-code="{code}" data-order-status="new" data-order-age="(\w+)" '
                          r'data-placed-at="([^"]+)"', page)
        assert match, page[:2000]
        drawn = re.search(r'data-server-time="([^"]+)"', page)
        late = re.search(r'data-late-today="(\d+)"', page)
        assert drawn and late
        return match[1], parse_time(match[2]), parse_time(drawn[1]), late[1]

    age, placed_two, drawn, late_today = ticket(two)
    assert (age, late_today) == ("fresh", "0")
    assert abs(placed_two - sent_at) < 2 and abs(drawn - time.time()) < 2
    time.sleep(max(0.0, sent_at + 4.5 - time.time()))
    for port in (three, two):
        age, placed, drawn, late_today = ticket(port)
        assert (age, late_today) == ("late", "1"), f"instance on port {port}"
        assert placed == placed_two, "every instance reads the same moment of sending"
        assert drawn - placed >= 4, "the board's script, given these, shows it late too"


def parse_time(text: str) -> float:
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()
