"""The hand-off to a delivery partner with three instances on one database: every order's event reaches the stand-in
partner (which checks each signature with PyPI's `standardwebhooks` and logs webhook-ids), each sent by one instance
at a time, even with one instance killed while it was sending."""

from __future__ import annotations

import re

from mikit import wait_until
from rckit import Client
from standin_partner import StandInPartner

ORDERS = 60
# A claim holds a batch of at most this many events: all an instance killed mid-way can leave half-sent.
BATCH = 16


def place(port: int, recipe: str) -> str:
    client = Client(port)
    token = client.csrf()
    reply = client.step(recipe, "inc", token)
    assert reply.status == 303
    if reply.new_session:
        token = client.csrf()
    sent = client.post_form("/cart/order", {"_csrf": token, "note": ""})
    assert sent.status == 303, sent.text[:300]
    return re.fullmatch(r"/orders/([2-9A-HJKMNP-Z]{6})", sent.header("location") or "").group(1)


def test_each_event_reaches_the_partner_once_across_instances_with_one_killed_mid_way(shops):
    # Slow answers (5 s each) while the orders come in: each instance holds the events it claimed meanwhile, so the
    # one killed half-way dies with events half-sent.
    partner = StandInPartner(hang_seconds=5).start()
    partner.set_mode("hang")
    try:
        shop = shops(extra_args=partner.server_args())
        ports = [server.port for server in shop.instances]
        codes = [place(ports[n % len(ports)], f"bundled-{n % 10 + 1}") for n in range(ORDERS // 2)]
        assert wait_until(lambda: len(partner.tries) >= 10, 30), "the instances do not send"
        shop.instances[0].kill9()
        codes += [place(ports[1 + n % 2], f"bundled-{n % 10 + 1}") for n in range(ORDERS - len(codes))]
        # What the killed instance held comes free when its 30 s lease ends.
        events = partner.wait_for(ORDERS, timeout=120)
        taken = [msg_id for msg_id, _, _, _ in events]
        orders = {msg_id: order for msg_id, _, order, _ in events}
        assert sorted(orders.values()) == sorted(codes)
        assert {event_type for _, event_type, _, _ in events} == {"order.placed"}
        repeats = len(taken) - len(set(taken))
        print(f"{repeats} events arrived twice, after the lease of the killed instance ran out")
        assert repeats <= BATCH, f"{repeats} events arrived twice"
        assert partner.bad_signatures == 0
    finally:
        partner.away()
