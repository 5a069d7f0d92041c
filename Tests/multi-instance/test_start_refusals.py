"""A database URL that cannot be used stops the start with a clear message, never a silent fallback to SQLite:
a wrong password, a port where no PostgreSQL listens, a database that does not exist."""

from __future__ import annotations

import re
import subprocess
import time

import pytest

from rckit import HOST, ROOT, free_port, web_binary

START_LIMIT = 30  # seconds until the refused start has exited


def start(url: str, data_dir) -> tuple[int, str, float]:
    started = time.monotonic()
    result = subprocess.run([str(web_binary()), "serve", "--host", HOST, "--port", str(free_port()),
                             "--data-dir", str(data_dir), "--resources-dir", str(ROOT), "--database-url", url],
                            capture_output=True, text=True, timeout=START_LIMIT + 30)
    return result.returncode, result.stdout + result.stderr, time.monotonic() - started


@pytest.mark.parametrize("case", ["wrong password", "nothing listening", "no such database"])
def test_an_unusable_database_url_stops_the_start_with_a_clear_message(cluster, workdir, case):
    if case == "wrong password":
        url = cluster.url.replace("recipecart:recipecart@", "recipecart:not-the-password-7@")
        reason = r"password|authenticat"
    elif case == "nothing listening":
        url = f"postgres://recipecart:not-the-password-7@{HOST}:{free_port()}/recipecart"
        reason = r"refused|could not connect|cannot connect|unreachable|not reachable"
    else:
        url = cluster.database_url("no_such_database_here")  # the right role and password
        reason = r"does not exist|no such database|not found"
    data_dir = workdir / "data"
    code, output, took = start(url, data_dir)
    assert code != 0, f"{case}: the server started (exit {code}):\n{output[-800:]}"
    assert took < START_LIMIT, f"{case}: the refused start took {took:.1f} s"
    message = "\n".join(line for line in output.splitlines() if "cannot start" in line)
    assert message, f"{case}: no start-up error message:\n{output[-800:]}"
    assert "not-the-password-7" not in output, f"{case}: the output repeats the password"
    # The operator reads the last line, not the connection pool's log lines above it: it must say why.
    assert re.search(reason, message, re.I), f"{case}: the message does not say why ({reason!r}): {message}"
    assert not (data_dir / "recipecart.sqlite").exists(), f"{case}: a SQLite database was made instead"
