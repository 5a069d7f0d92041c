"""The request log: every request answered before a clean stop has its line in the log, and a log output nobody
reads (a full pipe) never stalls the answers: the lines that do not fit are dropped, counted and reported."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import threading

from rckit import ROOT, Client, scaled

REQUESTS = scaled("RC_LOG_REQUESTS", 2000)
# Well past a 64 KB pipe and the log's 4 MB buffer, so lines must be dropped while nobody reads.
BLOCKED_REQUESTS = scaled("RC_LOG_BLOCKED_REQUESTS", 40000)
RECIPE_LINE = re.compile(r" method=GET .*path=/recipes/bundled-1 status=200 .*Request$", re.M)
DROPPED = re.compile(r" warning RecipeCart: \[RecipeCart\] dropped (\d+) log lines while the log output was blocked$",
                     re.M)


def test_every_request_answered_before_sigterm_is_in_the_log(servers):
    server = servers()
    client = Client(server.port)
    for number in range(REQUESTS):
        assert client.get(f"/recipes/bundled-1?n={number}").status == 200
    # The last answer is read, then the stop comes at once: its line may still be in the buffer.
    server.signal(signal.SIGTERM)
    assert server.wait() == 0
    logged = len(RECIPE_LINE.findall(server.log_text()))
    assert logged == REQUESTS, f"{REQUESTS} requests answered, {logged} request lines in the log"
    assert "?n=" not in server.log_text(), "a query string reached the log"


def test_a_line_reads_the_same_whichever_part_answered(servers):
    """The router's lines and the event loop's are written as values to the log's thread, which makes their text:
    the same shape, in swift-log's stream format, each with its own request id."""
    server = servers()
    client = Client(server.port)
    stylesheet = re.search(r'href="(/static/app[^"]*\.css)"', client.get("/").text).group(1)
    for _ in range(3):
        assert client.get(stylesheet).status == 200
        assert client.post_form("/cart/items/bundled-1", {"op": "inc", "_csrf": "forged"}).status == 403
    server.signal(signal.SIGTERM)
    assert server.wait() == 0
    line = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} info RecipeCart: hb\.request\.id=([0-9a-f]+) "
                      r"method=(GET|POST) ms=\d+\.\d path=(\S+) status=(\d{3}) \[(RecipeCart|RecipeCartWire)\] Request$")
    seen = [match.groups() for match in map(line.match, server.log_text().splitlines()) if match]
    posts = [groups for groups in seen if groups[1:] == ("POST", "/cart/items/bundled-1", "403", "RecipeCart")]
    styles = [groups for groups in seen if groups[1:4] == ("GET", stylesheet, "200")]
    assert len(posts) == 3, f"the router's refusals have {len(posts)} lines of the expected shape"
    assert len(styles) == 3, f"the stylesheet's answers have {len(styles)} lines of the expected shape"
    ids = [groups[0] for groups in seen]
    assert len(set(ids)) == len(ids), "two lines share a request id"


def test_a_log_nobody_reads_never_stalls_the_answers(servers):
    server = servers(start=False)
    server.data_dir.mkdir(parents=True, exist_ok=True)
    # Standard output and error into a pipe that is not read until the end: it fills after 64 KB.
    proc = subprocess.Popen(server.command(), cwd=str(ROOT), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    pid_file = os.environ.get("RC_PID_FILE")
    if pid_file:
        with open(pid_file, "a") as f:
            f.write(f"{proc.pid}\n")
    try:
        client = Client(server.port, timeout=10)
        wait_until_answering(client, proc)
        for number in range(BLOCKED_REQUESTS):
            # A request that waited for the log would time out here (10 s) and fail the test.
            assert client.get(f"/recipes/bundled-1?n={number}").status == 200
        client.close()
        output = []
        reader = threading.Thread(target=lambda: output.append(proc.stdout.read()), daemon=True)
        reader.start()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
        reader.join(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    text = output[0].decode(errors="replace")
    dropped = [int(count) for count in DROPPED.findall(text)]
    assert dropped, "a blocked log dropped no line, or did not say so"
    logged = len(RECIPE_LINE.findall(text))
    assert logged + sum(dropped) == BLOCKED_REQUESTS + 1, \
        f"{BLOCKED_REQUESTS + 1} requests, {logged} lines written and {sum(dropped)} said dropped"


def wait_until_answering(client: Client, proc: subprocess.Popen) -> None:
    for _ in range(600):
        assert proc.poll() is None, "the server exited during start-up"
        try:
            if client.get("/recipes/bundled-1").status == 200:
                return
        except OSError:
            client.close()
        threading.Event().wait(0.1)
    raise AssertionError("the server did not answer within 60 s")
