"""Durable acknowledgements: no 303 to a stepper post goes out before a sync of the database that
started after the post arrived and finished before the 303 was written.

The real `web` binary runs under strace, a burst of concurrent shoppers posts to the stepper, and the trace
is read afterwards: for every connection, when the request `POST /cart/items/…` had been read and when
`HTTP/1.1 303` was written back; for every fsync/fdatasync of the database's files, when it began and when it
returned. A sync can make a post durable only if it began after the post was read (the post's change cannot
have been written to the file earlier) and returned before its 303 was written.

strace's timestamps keep cause before effect across threads: a traced thread stays stopped at each entry and
exit until strace has written its line, so a thread woken by a returned fdatasync can only enter its writev
after strace has stamped that return.

SQLite only: on PostgreSQL the syncs happen in the database server's own processes.
"""

from __future__ import annotations

import bisect
import os
import re
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from rckit import BUNDLED_IDS, POSTGRES, Server, ShopperLog, join_all, record_stat, scaled, start_shoppers, web_binary

SESSIONS = scaled("RC_DURABILITY_SESSIONS", 16)
POSTS = scaled("RC_DURABILITY_POSTS", 25)
SEED = scaled("RC_SEED", 20261122)
RECIPES = BUNDLED_IDS[:6]

TRACED = "read,readv,recvfrom,write,writev,sendto,sendmsg,fsync,fdatasync"
READS = {"read", "readv", "recvfrom"}
WRITES = {"write", "writev", "sendto", "sendmsg"}
SYNCS = {"fsync", "fdatasync"}


# ---------------------------------------------------------------- reading an strace -f -tt -T [-yy] trace


@dataclass
class Call:
    """One system call, its unfinished and resumed halves joined."""

    line_no: int
    pid: int
    name: str
    start: float  # seconds since midnight of the trace's first day, when strace saw it enter
    end: float  # when strace saw it return
    fd: str  # the fd as traced, with its -y/-yy decoration when there is one: "19<TCP:[…]>" or "7"
    path: str | None  # the decoration alone ("/data/recipecart.sqlite-wal"), None without -y
    first_string: str  # the first quoted buffer in the arguments (the first iovec for readv/writev), unescaped
    result: int | None
    text: str  # the trace line(s), for messages


@dataclass
class Post:
    """One stepper post as the server saw it on one connection."""

    connection: str
    arrived: float  # return of the last read on the connection before the 303: the whole request is in
    acked: float  # entry of the write that began with "HTTP/1.1 303"
    read_line: Call
    ack_line: Call
    covered_by: Call | None = None


@dataclass
class Trace:
    calls: list[Call] = field(default_factory=list)
    posts: list[Post] = field(default_factory=list)
    syncs: list[Call] = field(default_factory=list)  # syncs of database files (every sync when fds are undecorated)
    other_syncs: list[Call] = field(default_factory=list)  # syncs of other files: directories, the server key
    unmatched_303s: list[Call] = field(default_factory=list)  # a 303 on a connection with no stepper post read


LINE_RE = re.compile(r"^(?P<pid>\d+)\s+(?P<time>\d{2}:\d{2}:\d{2}\.\d+)\s+(?P<rest>.*)$")
CALL_RE = re.compile(r"^(?P<name>\w+)\((?P<args>.*)$")
RESUMED_RE = re.compile(r"^<\.\.\. (?P<name>\w+) resumed>(?P<args>.*)$")
UNFINISHED = " <unfinished ...>"
RESULT_RE = re.compile(r"\)\s+=\s+(?P<result>-?\d+|\?)(?:\s+\S.*?)?\s+<(?P<duration>\d+\.\d+)>$")
# The fd and its decoration: the decoration ends at the first ">" followed by "," or ")" (TCP:[a->b] has one inside).
FD_RE = re.compile(r"^\s*(?P<fd>\d+)(?:<(?P<path>.*?)>)?(?=[,)\s])")
STRING_RE = re.compile(r'"((?:[^"\\]|\\.)*)"')


def _seconds(stamp: str) -> float:
    hours, minutes, seconds = stamp.split(":")
    return int(hours) * 3600 + int(minutes) * 60 + float(seconds)


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"r": "\r", "n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def parse_calls(lines: list[str]) -> list[Call]:
    """Every completed call of the trace, in the order strace saw them enter. Signals, exits and calls that never
    returned (`= ?`) are left out."""
    calls: list[Call] = []
    pending: dict[int, tuple[int, str, float, str, str]] = {}  # pid -> (line_no, name, start, args so far, text)
    day = 0.0
    last = None
    for line_no, raw in enumerate(lines, 1):
        line = raw.rstrip("\n")
        match = LINE_RE.match(line)
        if not match:
            continue
        pid = int(match.group("pid"))
        stamp = _seconds(match.group("time"))
        if last is not None and stamp + day < last - 43200:  # past midnight
            day += 86400
        stamp += day
        last = stamp
        rest = match.group("rest")
        if rest.endswith(UNFINISHED):
            call = CALL_RE.match(rest)
            if call:
                pending[pid] = (line_no, call.group("name"), stamp, call.group("args")[: -len(UNFINISHED)], line)
            continue
        resumed = RESUMED_RE.match(rest)
        if resumed:
            if pid not in pending or pending[pid][1] != resumed.group("name"):
                continue  # the trace began (or was cut) in the middle of this call
            first_line, name, start, args, first_text = pending.pop(pid)
            args += resumed.group("args")
            text = f"{first_text}\n{line}"
            resumed_at = stamp
        else:
            call = CALL_RE.match(rest)
            if not call:
                continue
            first_line, name, start, args, text, resumed_at = line_no, call.group("name"), stamp, call.group("args"), line, stamp
        result = RESULT_RE.search(args)
        if not result or result.group("result") == "?":
            continue
        fd = FD_RE.match(args)
        string = STRING_RE.search(args)
        # A call returns when strace saw it return: entry + duration, and never before the resumed line was stamped.
        end = max(start + float(result.group("duration")), resumed_at)
        calls.append(Call(
            line_no=first_line, pid=pid, name=name, start=start, end=end,
            fd=(fd.group("fd") + (f"<{fd.group('path')}>" if fd.group("path") is not None else "")) if fd else "",
            path=fd.group("path") if fd else None,
            first_string=_unescape(string.group(1)) if string else "",
            result=int(result.group("result")),
            text=text))
    calls.sort(key=lambda c: (c.start, c.line_no))
    return calls


def is_database_file(path: str | None, database: str | None) -> bool:
    """A sync that can make a commit durable: of the database file or its WAL/journal. Undecorated fds (no -y) and
    no database given: every sync counts."""
    if path is None or database is None:
        return True
    return path == database or path.startswith(database + "-")


def parse_trace(lines: list[str], database: str | None = None) -> Trace:
    """Pairs every `HTTP/1.1 303` written on a connection with the stepper post read before it on that connection
    (connections are keyed by fd and its decoration, so a reused fd number is another connection under -yy)."""
    trace = Trace(calls=parse_calls(lines))
    # Per connection: the stepper post being answered, and the last read that brought bytes of it.
    open_posts: dict[str, tuple[Call, Call]] = {}
    for call in trace.calls:
        if call.name in SYNCS:
            (trace.syncs if is_database_file(call.path, database) else trace.other_syncs).append(call)
        elif call.name in READS and (call.result or 0) > 0:
            if call.first_string.startswith("POST /cart/items/"):
                open_posts[call.fd] = (call, call)
            elif call.fd in open_posts:
                open_posts[call.fd] = (open_posts[call.fd][0], call)  # the rest of the request's bytes
        elif call.name in WRITES and call.first_string.startswith("HTTP/1.1 303 "):
            if call.fd not in open_posts:
                trace.unmatched_303s.append(call)
                continue
            first_read, last_read = open_posts.pop(call.fd)
            trace.posts.append(Post(connection=call.fd, arrived=last_read.end, acked=call.start,
                                    read_line=first_read, ack_line=call))
    return trace


def acknowledged_too_early(trace: Trace) -> list[Post]:
    """The posts whose 303 went out with no database sync that began after the post had been read and returned
    before the 303 was written. Every other post gets `covered_by`: the first such sync to return."""
    syncs = sorted(trace.syncs, key=lambda s: s.start)
    starts = [s.start for s in syncs]
    # earliest_return[i]: the sync that returns first among those entered at or after syncs[i].start
    earliest_return: list[Call | None] = [None] * (len(syncs) + 1)
    for i in range(len(syncs) - 1, -1, -1):
        later = earliest_return[i + 1]
        earliest_return[i] = syncs[i] if later is None or syncs[i].end <= later.end else later
    early = []
    for post in trace.posts:
        candidate = earliest_return[bisect.bisect_left(starts, post.arrived)]
        if candidate is not None and candidate.end <= post.acked:
            post.covered_by = candidate
        else:
            post.covered_by = None
            early.append(post)
    return early


def describe(post: Post, trace: Trace) -> str:
    """The trace lines that show one early 303: the request, the 303, and the database syncs around them."""
    before = [s for s in trace.syncs if s.end <= post.acked][-1:]
    after = [s for s in trace.syncs if s.end > post.acked][:1]
    out = [f"  request read  (line {post.read_line.line_no}): {post.read_line.text}",
           f"  303 written   (line {post.ack_line.line_no}): {post.ack_line.text}"]
    for s in before:
        out.append(f"  last sync returned before the 303 (line {s.line_no}"
                   f"{', entered before the post was read' if s.start < post.arrived else ''}): {s.text}")
    for s in after:
        out.append(f"  next sync (line {s.line_no}): {s.text}")
    if not before and not after:
        out.append("  no sync of the database anywhere in the trace")
    return "\n".join(out)


# ---------------------------------------------------------------- the parser and the checker on known snippets

GOOD = """\
101 10:00:00.000100 read(19<TCP:[127.0.0.1:8080->127.0.0.1:40001]>, "POST /cart/items/bundled-1 HTTP/1.1\\r\\nHost: 127.0.0.1:8080\\r\\n"..., 2048) = 300 <0.000020>
101 10:00:00.000200 read(20<TCP:[127.0.0.1:8080->127.0.0.1:40002]>,  <unfinished ...>
102 10:00:00.000300 fdatasync(7</d/recipecart.sqlite-wal>) = 0 <0.000500>
101 10:00:00.000350 <... read resumed>"POST /cart/items/bundled-2 HTTP/1.1\\r\\nHost: 127.0.0.1:8080\\r\\n"..., 2048) = 300 <0.000150>
102 10:00:00.001000 fdatasync(7</d/recipecart.sqlite-wal>) = 0 <0.000800>
103 10:00:00.002000 fsync(9</d/server.key>) = 0 <0.000100>
101 10:00:00.003000 writev(19<TCP:[127.0.0.1:8080->127.0.0.1:40001]>, [{iov_base="HTTP/1.1 303 See Other\\r\\nLocation: /cart\\r\\n"..., iov_len=865}, {iov_base="", iov_len=0}], 2 <unfinished ...>
104 10:00:00.003100 writev(20<TCP:[127.0.0.1:8080->127.0.0.1:40002]>, [{iov_base="HTTP/1.1 303 See Other\\r\\nLocation: /cart\\r\\n"..., iov_len=865}], 1) = 865 <0.000030>
101 10:00:00.003200 <... writev resumed>) = 865 <0.000200>
101 10:00:00.003300 +++ exited with 0 +++
"""

# The 303 is written before the sync of its batch returns.
EARLY = """\
101 10:00:00.000100 read(19<TCP:[127.0.0.1:8080->127.0.0.1:40001]>, "POST /cart/items/bundled-1 HTTP/1.1\\r\\nHost: 127.0.0.1:8080\\r\\n"..., 2048) = 300 <0.000020>
101 10:00:00.000900 writev(19<TCP:[127.0.0.1:8080->127.0.0.1:40001]>, [{iov_base="HTTP/1.1 303 See Other\\r\\nLocation: /cart\\r\\n"..., iov_len=865}], 1) = 865 <0.000030>
102 10:00:00.000500 fdatasync(7</d/recipecart.sqlite-wal>) = 0 <0.000800>
"""

# The only sync before the 303 was already under way when the post was read: it cannot hold the post's change.
IN_FLIGHT = """\
102 10:00:00.000050 fdatasync(7</d/recipecart.sqlite-wal> <unfinished ...>
101 10:00:00.000100 read(19<TCP:[127.0.0.1:8080->127.0.0.1:40001]>, "POST /cart/items/bundled-1 HTTP/1.1\\r\\nHost: 127.0.0.1:8080\\r\\n"..., 2048) = 300 <0.000020>
102 10:00:00.000600 <... fdatasync resumed>) = 0 <0.000550>
101 10:00:00.000900 write(19<TCP:[127.0.0.1:8080->127.0.0.1:40001]>, "HTTP/1.1 303 See Other\\r\\nLocation: /cart\\r\\n"..., 865) = 865 <0.000030>
"""

# Only a sync of another file (the server key) comes between: not a sync of the database.
OTHER_FILE = """\
101 10:00:00.000100 read(19<TCP:[127.0.0.1:8080->127.0.0.1:40001]>, "POST /cart/items/bundled-1 HTTP/1.1\\r\\nHost: 127.0.0.1:8080\\r\\n"..., 2048) = 300 <0.000020>
103 10:00:00.000300 fsync(9</d/server.key>) = 0 <0.000100>
101 10:00:00.000900 writev(19<TCP:[127.0.0.1:8080->127.0.0.1:40001]>, [{iov_base="HTTP/1.1 303 See Other\\r\\nLocation: /cart\\r\\n"..., iov_len=865}], 1) = 865 <0.000030>
"""


def test_checker_accepts_a_303_after_its_sync_and_pairs_resumed_calls():
    trace = parse_trace(GOOD.splitlines(), database="/d/recipecart.sqlite")
    assert len(trace.posts) == 2 and not trace.unmatched_303s
    assert [s.line_no for s in trace.syncs] == [3, 5] and [s.line_no for s in trace.other_syncs] == [6]
    assert acknowledged_too_early(trace) == []
    # The second post was read (resumed read returned at .000350) after the first sync began: only the second
    # sync can cover it.
    assert {p.connection.split("<")[0]: p.covered_by.line_no for p in trace.posts} == {"19": 3, "20": 5}
    # The resumed read: entry at .000200, returned at .000350.
    second = next(p for p in trace.posts if p.connection.startswith("20<"))
    assert abs(second.arrived - _seconds("10:00:00.000350")) < 1e-9


@pytest.mark.parametrize("snippet", [EARLY, IN_FLIGHT, OTHER_FILE], ids=["303-before-sync", "sync-already-in-flight", "sync-of-another-file"])
def test_checker_flags_a_303_sent_before_its_sync(snippet):
    trace = parse_trace(snippet.splitlines(), database="/d/recipecart.sqlite")
    assert len(trace.posts) == 1
    early = acknowledged_too_early(trace)
    assert early == trace.posts
    assert "303 written" in describe(early[0], trace)


def test_checker_without_fd_paths():
    """Plain `strace -f -tt -T` (no -y): fds are numbers, every sync counts."""
    plain = re.sub(r"<(?:/|TCP).*?>(?=[,)])", "", EARLY)
    trace = parse_trace(plain.splitlines())
    assert [p.connection for p in trace.posts] == ["19"]
    assert acknowledged_too_early(trace) == trace.posts


# ---------------------------------------------------------------- the real server under strace


def strace_command() -> list[str]:
    """The strace prefix, or pytest.skip when strace is missing or may not trace here."""
    strace = shutil.which("strace")
    if not strace:
        pytest.skip("strace is not installed (Debian: apt-get install strace)")
    probe = subprocess.run([strace, "-f", "-o", "/dev/null", "-e", "trace=fsync", "true"], capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"strace cannot trace here (ptrace not permitted?): {probe.stderr.strip()[:300]}")
    command = [strace, "-f", "-tt", "-T", "-yy", "-e", f"trace={TRACED}", "-s", "80"]
    # Stops only at the traced calls, not at every futex: less disturbance. Same output.
    bpf = subprocess.run([strace, "-f", "--seccomp-bpf", "-o", "/dev/null", "-e", "trace=fsync", "true"],
                         capture_output=True, text=True)
    if bpf.returncode == 0:
        command.insert(2, "--seccomp-bpf")
    return command


class TracedServer(Server):
    """`web serve` with strace in front: `proc` is strace, `web_pid` the server it started. Stopping signals the
    server itself (strace would only detach on SIGTERM) and waits for strace to write out the trace and exit."""

    def __init__(self, *args, strace: list[str], trace_path: Path, **kw):
        super().__init__(*args, **kw)
        self.strace = strace
        self.trace_path = trace_path
        self.web_pid: int | None = None

    def command(self) -> list[str]:
        return self.strace + ["-o", str(self.trace_path)] + super().command()

    def start(self, timeout: float = 60) -> "TracedServer":
        super().start(timeout)
        children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text().split()
        assert len(children) == 1, f"strace should have one child, the server: {children}"
        self.web_pid = int(children[0])
        assert self._is_web(self.web_pid)
        pid_file = os.environ.get("RC_PID_FILE")
        if pid_file:  # `run` stops the server too when the suite is interrupted
            with open(pid_file, "a") as f:
                f.write(f"{self.web_pid}\n")
        return self

    @staticmethod
    def _is_web(pid: int) -> bool:
        try:
            return os.readlink(f"/proc/{pid}/exe") == os.path.realpath(web_binary())
        except OSError:
            return False

    def stop(self, timeout: float = 30) -> int | None:
        if self.proc is None:
            return None
        if self.alive() and self.web_pid and self._is_web(self.web_pid):
            os.kill(self.web_pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                if self._is_web(self.web_pid):
                    os.kill(self.web_pid, signal.SIGKILL)
        if self.alive():
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.signal(signal.SIGKILL)
                self.proc.wait(timeout=30)
        self._close_log()
        return self.proc.returncode


@pytest.mark.skipif(POSTGRES, reason="PostgreSQL syncs in its own server processes: the web process never fsyncs there")
def test_no_303_before_the_sync_of_its_batch(servers, workdir):
    strace = strace_command()
    trace_path = workdir / "web.strace"
    server = TracedServer(workdir / "data", log_path=workdir / "server-traced.log", strace=strace, trace_path=trace_path)
    servers.servers.append(server)  # the fixture stops it and shows its log when the test fails
    server.start(timeout=120)

    logs = [ShopperLog(f"shopper-{i}") for i in range(SESSIONS)]
    started = time.monotonic()
    threads = start_shoppers(logs, server.port, POSTS, SEED, RECIPES)
    join_all(threads, timeout=max(180, SESSIONS * POSTS / 5))
    elapsed = time.monotonic() - started
    failures = [(log.name, f) for log in logs for f in log.failures]
    assert not failures, f"{len(failures)} posts were not answered 303, e.g. {failures[:5]}"
    acked = sum(len(log.acked) for log in logs)
    assert acked == SESSIONS * POSTS
    for log in logs:
        log.client.close()

    assert server.stop() == 0, f"the server (under strace) did not stop cleanly:\n{server.log_tail()}"
    lines = trace_path.read_text(errors="replace").splitlines()
    database = os.path.realpath(server.database_path)
    trace = parse_trace(lines, database=database)

    # No vacuous pass: the trace shows every 303 the shoppers got, each after a stepper post on its connection.
    assert not trace.unmatched_303s, \
        "303s in the trace with no stepper post read on their connection before them (the parser is wrong?):\n" + \
        "\n".join(c.text for c in trace.unmatched_303s[:5])
    assert len(trace.posts) >= acked, \
        f"the trace shows {len(trace.posts)} answered stepper posts, the shoppers got {acked} 303s: the parser " \
        f"missed some ({len(lines)} trace lines, {len(trace.syncs)} database syncs)"

    early = acknowledged_too_early(trace)
    first_post = min(p.arrived for p in trace.posts)
    last_ack = max(p.acked for p in trace.posts)
    burst_syncs = [s for s in trace.syncs if first_post <= s.start and s.end <= last_ack]
    batches = {id(p.covered_by) for p in trace.posts if p.covered_by is not None}
    ratio = len(burst_syncs) / len(trace.posts)
    summary = (f"{len(trace.posts)} stepper posts answered 303 in {elapsed:.1f} s under strace; "
               f"{len(burst_syncs)} syncs of the database during the burst ({ratio:.3f} a post), "
               f"{len(batches)} of them the first to cover some post (about {len(trace.posts) / max(1, len(batches)):.1f} "
               f"posts a batch); {len(early)} posts answered before a sync of their own")
    print("\n" + summary)
    record_stat("durability.posts", len(trace.posts))
    record_stat("durability.syncs", len(burst_syncs))

    assert len(early) == 0, (
        f"{len(early)} of {len(trace.posts)} stepper posts were answered 303 before any sync of the database that "
        f"began after the post was read had returned: those acknowledgements were not on disk.\n{summary}\n"
        f"database syncs anywhere in the trace: {len(trace.syncs)} "
        f"({', '.join(sorted({s.path or s.fd for s in trace.syncs})) or 'none'})\n"
        + "\n".join(describe(p, trace) for p in early[:3]))
    # At least one sync a batch, and batches: never more syncs than posts during the burst.
    assert 1 <= len(burst_syncs) <= len(trace.posts), summary
