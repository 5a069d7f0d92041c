"""Each instance opens its pool's PostgreSQL connections at start and keeps them through a quiet spell, so the first
shoppers after a start or a lull never wait while connections are opened and authenticated."""

from __future__ import annotations

import time

from rckit import get_status, wait_until

POOL_SIZE = 16  # PostgresURL.poolSize
IDLE_TIMEOUT = 10.0  # seconds a command's or a test's idle connection is kept (PostgresURL.clientConfiguration)


def test_every_instance_opens_its_connections_at_start_and_keeps_them_through_a_quiet_spell(shop):
    def open_connections() -> int:
        return int(shop.psql("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"))

    wanted = POOL_SIZE * len(shop.instances)
    assert wait_until(lambda: open_connections() >= wanted, timeout=10), \
        f"{open_connections()} connections open after the start, wanted at least {wanted}"

    time.sleep(IDLE_TIMEOUT + 2)  # nobody shops
    assert open_connections() >= wanted, "connections were closed during the quiet spell"
    for server in shop.instances:
        assert get_status(server.port, "/healthz") == 200  # a read on the pool
