"""No lost updates: many shoppers at once, each clicking the stepper as fast as a browser can,
and every cart ends up exactly as the acknowledged clicks say."""

from __future__ import annotations

import time

from rckit import BUNDLED_IDS, Client, ShopperLog, join_all, record_stat, scaled, start_shoppers

SESSIONS = scaled("RC_SESSIONS", 16)
POSTS = scaled("RC_POSTS", 100)
SEED = scaled("RC_SEED", 20261121)
# A few recipes shared by everyone: the same rows are fought over, and caps and removals happen often.
RECIPES = BUNDLED_IDS[:6]


def test_concurrent_sessions_lose_no_update(servers):
    server = servers()
    logs = [ShopperLog(f"shopper-{i}") for i in range(SESSIONS)]
    started = time.monotonic()
    threads = start_shoppers(logs, server.port, POSTS, SEED, RECIPES)
    join_all(threads, timeout=max(120, SESSIONS * POSTS / 20))
    elapsed = time.monotonic() - started

    failures = [(log.name, f) for log in logs for f in log.failures]
    assert not failures, f"{len(failures)} posts were not answered 303, e.g. {failures[:5]}"
    assert all(len(log.acked) == POSTS for log in logs)

    mismatches = []
    for log in logs:
        cart = log.client.cart()
        expected = log.model()
        if cart != expected:
            mismatches.append((log.name, expected, cart))
    assert not mismatches, f"carts differ from the acknowledged posts: {mismatches[:3]}"

    # A fresh visitor sees none of it: no cart leaks into another session.
    assert Client(server.port).cart() == {}

    # The database agrees (SQLite or PostgreSQL): as many lines as the models hold, each within 1…99.
    assert server.alive()
    assert server.stop() == 0
    assert server.integrity() == "ok"
    assert server.sql_value("SELECT COUNT(*) FROM cart_items WHERE quantity NOT BETWEEN 1 AND 99") == "0"
    lines = int(server.sql_value("SELECT COUNT(*) FROM cart_items"))
    assert lines == sum(len(log.model()) for log in logs)

    total = SESSIONS * POSTS
    print(f"\n{SESSIONS} sessions x {POSTS} posts = {total} acknowledged updates in {elapsed:.1f} s "
          f"({total / elapsed:.0f}/s), every cart equal to its model")
    record_stat("lost_updates.sessions", SESSIONS)
    record_stat("lost_updates.updates", total)
