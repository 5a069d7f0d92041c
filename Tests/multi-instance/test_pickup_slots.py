"""Pickup slots across instances: the settings staff save through one instance are what every instance offers, and
two shoppers racing for a slot's last place through two instances at once get one order and one clear refusal, the
refused shopper's cart and note kept."""

from __future__ import annotations

import html
import re
import threading
import time

from mikit import MultiClient, sign_in_staff

OPTION_RE = re.compile(r'<option value="([^"]+)" data-slot-start="[^"]+"( data-slot-full disabled| data-slot-closed disabled)?')


def save_slots(client, token: str, capacity: int) -> None:
    """Every day, all day, in hour-long slots of `capacity` orders, without a cut-off."""
    fields: list[tuple[str, str]] = [("_csrf", token), ("action", "save")]
    for day in ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"):
        fields += [(f"{day}_open", "1"), (f"{day}_opens", "00:00"), (f"{day}_closes", "24:00")]
    fields += [("slot_minutes", "60"), ("capacity", str(capacity)), ("cutoff_minutes", "0"), ("closed_days", "")]
    reply = client.post_form("/staff/slots", fields)
    assert reply.status == 303, f"saving slots answered {reply.status}: {reply.text[:300]!r}"


def shopper_with_cart(ports: list[int], port: int, recipe: str) -> tuple[MultiClient, str]:
    shopper = MultiClient(ports)
    token = shopper.on(port).csrf()
    reply = shopper.on(port).step(recipe, "inc", token)
    assert reply.status == 303
    return shopper, shopper.on(port).token_after(reply, token)


def test_slots_saved_on_one_instance_are_offered_by_every_instance(shop):
    one, two, three = (server.port for server in shop.instances)
    staff = MultiClient(shop.ports)
    sign_in_staff(staff.on(one))
    save_slots(staff.on(one), staff.on(one).csrf("/staff/slots"), capacity=3)
    shopper, _ = shopper_with_cart(shop.ports, two, "bundled-1")
    for port in (one, two, three):
        page = shopper.on(port).get("/cart").text
        assert '<select id="order-slot" name="slot" required>' in page, f"no slot choice on port {port}"
        assert len(OPTION_RE.findall(page)) >= 24 * 6, f"too few slots offered on port {port}"
    assert shop.psql("SELECT capacity FROM pickup_settings").strip() == "3"


def test_settings_saved_on_one_instance_are_used_by_another_for_its_next_send_within_a_second(shop):
    """Each instance keeps the settings in memory: another's save must reach it, not wait for a restart."""
    one, two, _ = (server.port for server in shop.instances)
    staff = MultiClient(shop.ports)
    sign_in_staff(staff.on(one))
    shopper, token = shopper_with_cart(shop.ports, two, "bundled-1")
    # Instance two has read the settings already, and keeps "as soon as possible".
    assert 'name="slot"' not in shopper.on(two).get("/cart").text
    save_slots(staff.on(one), staff.on(one).csrf("/staff/slots"), capacity=2)
    saved = time.monotonic()
    while True:
        page = shopper.on(two).get("/cart").text
        if '<select id="order-slot" name="slot" required>' in page:
            break
        assert time.monotonic() - saved < 1.0, "instance two still offers no slots a second after the save"
        time.sleep(0.02)
    refused = shopper.on(two).post_form("/cart/order", {"_csrf": token, "note": ""})
    assert refused.status == 422 and "Choose when you will collect." in refused.text, refused.status
    slot = [value for value, taken in OPTION_RE.findall(page) if not taken][1]
    sent = shopper.on(two).post_form("/cart/order", {"_csrf": token, "note": "", "slot": slot})
    assert sent.status == 303, f"the send for a slot answered {sent.status}: {sent.text[:300]!r}"
    assert shop.psql("SELECT count(*) FROM orders WHERE slot_start IS NOT NULL").strip() == "1"

    # Slots turned off on one: two takes orders as soon as possible again for its next send.
    staff.on(one).post_form("/staff/slots", {"_csrf": staff.on(one).csrf("/staff/slots"), "action": "off"})
    time.sleep(1.0)
    shopper2, token2 = shopper_with_cart(shop.ports, two, "bundled-2")
    asap = shopper2.on(two).post_form("/cart/order", {"_csrf": token2, "note": ""})
    assert asap.status == 303, f"the send without a slot answered {asap.status}: {asap.text[:300]!r}"
    assert shop.psql("SELECT count(*) FROM orders WHERE slot_start IS NULL").strip() == "1"


def test_two_shoppers_racing_for_the_last_place_through_two_instances_get_one_order(shop):
    one, two, _ = (server.port for server in shop.instances)
    staff = MultiClient(shop.ports)
    sign_in_staff(staff.on(one))
    save_slots(staff.on(one), staff.on(one).csrf("/staff/slots"), capacity=1)

    racers = [shopper_with_cart(shop.ports, port, recipe) for port, recipe in ((one, "bundled-1"), (two, "bundled-2"))]
    # A slot at least two hours ahead, open on both instances' pages.
    page = racers[0][0].on(one).get("/cart").text
    slot = [value for value, taken in OPTION_RE.findall(page) if not taken][2]
    assert slot in racers[1][0].on(two).get("/cart").text

    replies: dict[int, object] = {}
    lock = threading.Lock()
    start = threading.Barrier(2)

    def send(index: int, port: int) -> None:
        shopper, token = racers[index]
        start.wait()
        reply = shopper.on(port).post_form(
            "/cart/order", {"_csrf": token, "note": f"Racer {index} & co", "slot": slot})
        with lock:
            replies[index] = reply

    threads = [threading.Thread(target=send, args=(index, port)) for index, port in ((0, one), (1, two))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    statuses = sorted(reply.status for reply in replies.values())
    assert statuses == [303, 409], statuses
    loser = next(index for index, reply in replies.items() if reply.status == 409)
    refused = replies[loser].text
    assert "That slot just filled, choose another." in refused
    assert f'value="{html.escape(f"Racer {loser} & co")}"' in refused, "the typed note was not kept"
    assert racers[loser][0].on(one).cart() != {}, "the refused shopper's cart was emptied"
    assert shop.psql("SELECT count(*) FROM orders WHERE slot_start IS NOT NULL").strip() == "1"
    assert shop.psql("SELECT taken FROM pickup_slot_room").strip() == "1"
    # Every instance now shows the slot full.
    for port in (server.port for server in shop.instances):
        page = racers[loser][0].on(port).get("/cart").text
        assert f'<option value="{slot}" data-slot-start="{slot}" data-slot-full disabled>' in page, port
