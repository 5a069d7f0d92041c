"""Raw HTTP/1.1 over sockets, for requests http.client would refuse to send and answers it would not
show as they came: malformed request lines, control bytes, huge headers, lying framing."""

from __future__ import annotations

import select
import socket
import time
from dataclasses import dataclass

from rckit import HOST


class Hang(Exception):
    """No complete answer and no close within the time limit."""


@dataclass
class RawReply:
    status: int | None  # None: the server closed the connection without answering
    head: bytes
    body: bytes
    elapsed: float

    def header(self, name: str) -> str | None:
        prefix = name.lower().encode() + b":"
        for line in self.head.split(b"\r\n")[1:]:
            if line.lower().startswith(prefix):
                return line[len(prefix):].strip().decode("latin-1")
        return None

    def headers(self) -> list[tuple[str, str]]:
        result = []
        for line in self.head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            result.append((name.decode("latin-1").strip(), value.decode("latin-1").strip()))
        return result

    @property
    def keep_alive(self) -> bool:
        return self.status is not None and (self.header("Connection") or "").lower() != "close"


class RawConnection:
    def __init__(self, port: int, timeout: float = 10):
        self.port = port
        self.timeout = timeout
        self.sock: socket.socket | None = None
        self.buffer = b""

    def close(self) -> None:
        if self.sock:
            try:
                self.sock.close()
            except OSError:
                pass
        self.sock = None
        self.buffer = b""

    def connect(self) -> None:
        self.close()
        self.sock = socket.create_connection((HOST, self.port), timeout=self.timeout)

    def exchange(self, data: bytes, *, head_request: bool = False, half_close: bool = False,
                 connect_request: bool = False) -> RawReply:
        """Sends `data` and reads one answer. A closed connection without an answer gives status None;
        no answer and no close within the timeout raises Hang."""
        start = time.monotonic()
        self.send(data, half_close=half_close)
        return self.receive(head_request=head_request, connect_request=connect_request, start=start)

    def send(self, data: bytes, *, half_close: bool = False) -> None:
        """Sends part of a request (a head now, its body later), connecting first when needed."""
        if self.sock is None:
            self.connect()
        try:
            self.sock.sendall(data)
            if half_close:
                self.sock.shutdown(socket.SHUT_WR)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server may already have answered and closed (e.g. a 413 before the whole body)

    def answered(self) -> bool:
        """Whether bytes of an answer (or the close) are waiting, without blocking."""
        if self.buffer:
            return True
        if self.sock is None:
            return False
        return bool(select.select([self.sock], [], [], 0)[0])

    def receive(self, *, head_request: bool = False, connect_request: bool = False,
                start: float | None = None) -> RawReply:
        """Reads one answer to what was sent; the timeout counts from `start` (now when not given)."""
        start = time.monotonic() if start is None else start
        deadline = start + self.timeout
        if self.sock is None:
            return RawReply(None, b"", b"", time.monotonic() - start)
        try:
            while True:
                head = self._read_until(b"\r\n\r\n", deadline)
                if head is None:
                    self.close()
                    return RawReply(None, b"", b"", time.monotonic() - start)
                status_line = head.split(b"\r\n", 1)[0]
                parts = status_line.split(b" ")
                status = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else -1
                if not (100 <= status < 200 and status != 101):
                    break  # an interim answer (100 Continue) is followed by the real one
            reply = RawReply(status, head, b"", 0)
            body = b""
            length = reply.header("Content-Length")
            chunked = "chunked" in (reply.header("Transfer-Encoding") or "").lower()
            if head_request or status in (204, 304) or 100 <= status < 200:
                pass
            elif connect_request and length is None and not chunked:
                # NIO answers CONNECT as if a tunnel followed: no framing headers, no body, connection left
                # open. The answer is all there; a body "until close" would never end.
                self.close()
            elif length is not None:
                body = self._read_exactly(int(length), deadline)
            elif chunked:
                body = self._read_chunked(deadline)
            else:
                body = self._read_to_close(deadline)
                self.close()
            reply.body = body
            reply.elapsed = time.monotonic() - start
            if not reply.keep_alive:
                self.close()
            return reply
        except (ConnectionResetError, BrokenPipeError):
            self.close()
            return RawReply(None, b"", b"", time.monotonic() - start)
        except socket.timeout as error:
            self.close()
            raise Hang(f"no answer within {self.timeout} s") from error

    def _recv(self, deadline: float) -> bytes:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise socket.timeout()
        self.sock.settimeout(remaining)
        return self.sock.recv(65536)

    def _read_until(self, marker: bytes, deadline: float) -> bytes | None:
        while marker not in self.buffer:
            chunk = self._recv(deadline)
            if not chunk:
                if self.buffer:
                    raise ConnectionResetError("closed in the middle of an answer")
                return None
            self.buffer += chunk
        head, _, self.buffer = self.buffer.partition(marker)
        return head

    def _read_exactly(self, count: int, deadline: float) -> bytes:
        while len(self.buffer) < count:
            chunk = self._recv(deadline)
            if not chunk:
                raise ConnectionResetError(f"closed after {len(self.buffer)} of {count} body bytes")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def _read_chunked(self, deadline: float) -> bytes:
        body = b""
        while True:
            line = self._read_until(b"\r\n", deadline)
            if line is None:
                raise ConnectionResetError("closed in a chunked body")
            size = int(line.split(b";")[0].strip() or b"0", 16)
            if size == 0:
                self._read_until(b"\r\n", deadline)
                return body
            body += self._read_exactly(size, deadline)
            self._read_exactly(2, deadline)

    def _read_to_close(self, deadline: float) -> bytes:
        data = self.buffer
        self.buffer = b""
        while True:
            chunk = self._recv(deadline)
            if not chunk:
                return data
            data += chunk


def one_shot(port: int, data: bytes, timeout: float = 10, **kw) -> RawReply:
    connection = RawConnection(port, timeout)
    try:
        return connection.exchange(data, **kw)
    finally:
        connection.close()


def get_raw(port: int, target: bytes, extra: bytes = b"", timeout: float = 10) -> RawReply:
    return one_shot(port, b"GET " + target + b" HTTP/1.1\r\nHost: " + f"{HOST}:{port}".encode()
                    + b"\r\n" + extra + b"Connection: close\r\n\r\n", timeout)
