"""No lost updates across instances: many shoppers at once, each post sent through nginx or straight to one of
the three instances at random, and every cart, read back from any instance, equals its acknowledged posts."""

from __future__ import annotations

import random
import threading
import time

from mikit import MultiClient, Shopper, random_ops
from rckit import BUNDLED_IDS, Client, scaled

SESSIONS = scaled("RC_MI_SESSIONS", 32)
POSTS = scaled("RC_MI_POSTS", 200)
SEED = scaled("RC_SEED", 20261122)
# A few recipes shared by everyone: the same rows are fought over, caps and removals happen often.
RECIPES = BUNDLED_IDS[:6]


def test_concurrent_sessions_over_three_instances_lose_no_update(shop):
    ports = shop.ports
    shoppers = [Shopper(f"shopper-{i}", MultiClient(ports)) for i in range(SESSIONS)]

    def shop_around(index: int, shopper: Shopper) -> None:
        ops = random_ops(SEED * 1000 + index, RECIPES, POSTS)
        rng = random.Random(SEED * 1000 + index + 1)
        for op in ops:
            port = rng.choice(ports)  # nginx or one of the instances, straight
            if shopper.post(port, op, token_ports=[port]) != "acked":
                return

    started = time.monotonic()
    threads = [threading.Thread(target=shop_around, args=(i, s), daemon=True) for i, s in enumerate(shoppers)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + max(180, SESSIONS * POSTS / 10)
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    assert not any(t.is_alive() for t in threads), "shoppers still posting at the deadline (a hang)"
    elapsed = time.monotonic() - started

    failures = [(s.name, f) for s in shoppers for f in s.failures]
    assert not failures, f"{len(failures)} posts were not answered 303, e.g. {failures[:5]}"
    assert all(s.acked == POSTS for s in shoppers), [s.acked for s in shoppers]
    for shopper in shoppers:
        assert set(shopper.by_port) == set(ports), f"{shopper.name} reached only {shopper.by_port}"

    # nginx spread its share over every instance.
    used = shop.nginx.upstreams_used()
    for server in shop.instances:
        assert used.get(f"127.0.0.1:{server.port}", 0) > 0, f"nginx never used instance {server.port}: {used}"

    mismatches = []
    for shopper in shoppers:
        (expected,) = shopper.models()
        for port in ports:
            cart = shopper.browser.on(port).cart()
            if cart != expected:
                mismatches.append((shopper.name, port, expected, cart))
    assert not mismatches, f"carts differ from the acknowledged posts: {mismatches[:3]}"

    # A fresh visitor sees none of it, on any instance.
    for port in ports:
        assert Client(port).cart() == {}

    # The database agrees: as many lines as the models, all within 1…99.
    lines = int(shop.psql("SELECT COUNT(*) FROM cart_items"))
    assert lines == sum(len(s.models()[0]) for s in shoppers)
    assert shop.psql("SELECT COUNT(*) FROM cart_items WHERE quantity NOT BETWEEN 1 AND 99") == "0"
    for server in shop.instances:
        assert server.alive()
        assert not server.error_lines(), f"instance {server.port} logged errors: {server.error_lines()[:3]}"

    total = SESSIONS * POSTS
    print(f"\n{SESSIONS} sessions x {POSTS} posts = {total} acknowledged updates over nginx and 3 instances in "
          f"{elapsed:.1f} s ({total / elapsed:.0f}/s); nginx used {used}; every cart equal to its model on every instance")
