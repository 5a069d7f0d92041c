"""The hand-off to a delivery partner with three instances on one database, one of them killed with kill -9 while
the partner holds (unanswered) every event of the batch it is sending. The stand-in partner checks every signature
with PyPI's `standardwebhooks` and, as a receiver following Standard Webhooks does, processes each webhook-id once:
an id it processed before is answered 2xx, not processed again, and logged as a repeat arrival.

Proven here, from the stand-in's log of every try (webhook-id, sender's port, arrival, answer) and the outbox:
- exactly-once processing by webhook-id: every order placed has its `order.placed` processed exactly once, under a
  webhook-id of its own (ids and orders one-to-one), every body signed right;
- at-least-once arrival: every event the killed instance had in flight arrives again, under the same webhook-id, once
  its lease (30 s from its claim) has run out, and is taken as a repeat, not processed twice;
- repeats only of events in flight at the kill: every repeat is of an event whose first try came from the killed
  instance before the kill and whose answer was written after it, so no live sender read it; no event a live instance
  sent arrives twice.
Exactly-once arrival is impossible across kill -9 (an instance killed after the partner got an event, before its
"sent" was committed, cannot know the partner got it), as every webhook sender documents. All events here are
`order.placed`, one per order, so there is no order of events within an order to check."""

from __future__ import annotations

import re
import time

from mikit import Shop, local_ports_to
from rckit import Client, wait_until
from standin_partner import StandInPartner

ORDERS = 60
# Orders placed at most while waiting for the moment to kill.
MAX_ORDERS = 200
# PartnerSender: a claim holds at most `batchSize` events, each until `claimed_until`, its claim's clock reading + lease.
BATCH = 16
LEASE = 30
# The stand-in holds each answer this long (below the sender's 10 s timeout: a live sender's every try succeeds).
HANG = 5
# The kill lands while the victim's batch arrived less than this ago: every answer is still HANG - FRESH s away.
FRESH = 2.5


def place(port: int, recipe: str) -> str:
    client = Client(port)
    token = client.csrf()
    reply = client.step(recipe, "inc", token)
    assert reply.status == 303
    if reply.new_session:
        token = client.csrf()
    sent = client.post_form("/cart/order", [("_csrf", token), ("note", "")] + client.shown_shortfalls())
    assert sent.status == 303, sent.text[:300]
    return re.fullmatch(r"/orders/([2-9A-HJKMNP-Z]{6})", sent.header("location") or "").group(1)


def held_batch(shop: Shop, partner: StandInPartner, pid: int) -> tuple[str, set[str], set[int]] | None:
    """The batch process `pid` is sending, when the partner has received all of it, the first less than FRESH s
    ago, and answered none: (its claim, its webhook-ids, the process's ports to the partner)."""
    ports = local_ports_to(pid, partner.port)
    held = [one for one in partner.tries_so_far() if one.peer in ports and not one.outcome]
    if not held:
        return None
    claim = shop.psql(f"SELECT claimed_by FROM partner_outbox WHERE id = '{held[0].webhook_id}' "
                      "AND delivered_at IS NULL AND claimed_by IS NOT NULL")
    if not claim:
        return None
    batch = set(shop.psql(f"SELECT id FROM partner_outbox WHERE claimed_by = '{claim}' AND delivered_at IS NULL")
                .split())
    held = [one for one in partner.tries_so_far() if one.peer in ports and not one.outcome]
    arrived = {one.webhook_id: one.arrived for one in held}
    if not batch or not batch <= arrived.keys() or min(arrived.values()) < time.time() - FRESH:
        return None
    return claim, batch, ports


def test_each_event_is_processed_once_across_instances_with_one_killed_while_the_partner_holds_its_batch(shops):
    partner = StandInPartner(hang_seconds=HANG).start()
    partner.set_mode("hang")
    try:
        shop = shops(extra_args=partner.server_args())
        ports = [server.port for server in shop.instances]
        victim = shop.instances[0]
        codes: list[str] = []
        found = None
        # Orders come in on all three until the partner holds a whole fresh batch of the first instance's.
        while found is None:
            assert len(codes) < MAX_ORDERS, f"instance 1 held no batch at the partner over {len(codes)} orders"
            codes.append(place(ports[len(codes) % len(ports)], f"bundled-{len(codes) % 10 + 1}"))
            found = held_batch(shop, partner, victim.proc.pid)
        claim, in_flight, victim_ports = found
        kill_at = time.time()
        victim.kill9()
        killed_at = time.time()
        # What the dead instance held, and until when: nobody else may claim it before then.
        leases = {msg_id: float(until) for msg_id, until in (
            row.split("|") for row in shop.psql(
                f"SELECT id, claimed_until FROM partner_outbox WHERE claimed_by = '{claim}' AND delivered_at IS NULL"
            ).splitlines())}
        assert leases.keys() == in_flight and len(in_flight) <= BATCH, "the killed instance's claim changed under it"
        codes += [place(ports[1 + n % 2], f"bundled-{n % 10 + 1}") for n in range(ORDERS - len(codes))]
        assert wait_until(lambda: shop.psql("SELECT count(*) FROM partner_outbox WHERE delivered_at IS NULL") == "0",
                          180, interval=0.5), "the outbox was not drained within 180 s"
        assert wait_until(lambda: all(one.outcome for one in partner.tries_so_far()), 30), "a try is still held"

        events = partner.taken_events()
        tries = partner.tries_so_far()
        repeats = partner.repeats_so_far()
        in_flight_anywhere = [one for one in tries
                              if one.arrived < kill_at and (one.answered is None or one.answered > kill_at)]
        after_kill = [arrived - killed_at for _, arrived in repeats]
        print(f"{len(events)} events processed, each once; {len(repeats)} repeat arrivals; {len(in_flight)} in flight "
              f"from the killed instance at the kill ({len(in_flight_anywhere)} from all three); repeats came "
              f"{min(after_kill, default=0):.1f}-{max(after_kill, default=0):.1f} s after the kill")

        # Exactly-once processing by webhook-id: one processed entry per id, ids and orders one-to-one, every order.
        ids = [msg_id for msg_id, _, _, _ in events]
        orders = [order for _, _, order, _ in events]
        assert len(set(ids)) == len(ids), "a webhook-id was processed twice"
        assert sorted(orders) == sorted(codes), "the orders processed are not the orders placed, each once"
        assert len(set(orders)) == len(codes) == len(ids)
        assert {event_type for _, event_type, _, _ in events} == {"order.placed"}
        assert partner.bad_signatures == 0
        assert {one.outcome for one in tries} <= {"processed", "repeat"}, "a try was refused"
        assert len(tries) == len(events) + len(repeats)

        # At-least-once arrival, and repeats only of what the killed instance held at the kill.
        first = {}
        for one in tries:
            first.setdefault(one.webhook_id, one)
        for msg_id, arrived in repeats:
            origin = first[msg_id]
            assert origin.peer in victim_ports and origin.arrived < kill_at, \
                f"{msg_id} arrived again but was first sent by a live instance or after the kill"
            assert origin.answered is None or origin.answered > kill_at, \
                f"{msg_id} arrived again though its first answer was written before the kill"
            # The repeat's claim saw claimed_until <= its clock reading, made before the try; 10 ms for rounding.
            assert arrived >= leases[msg_id] - 0.01, \
                f"{msg_id} arrived again {leases[msg_id] - arrived:.2f} s before the killed instance's lease ran out"
            assert arrived > killed_at
        assert {msg_id for msg_id, _ in repeats} == in_flight, "not every event in flight at the kill came again"
        assert len(repeats) == len(in_flight), "an event in flight at the kill came more than twice"
    finally:
        partner.away()
