"""Changing an order across instances: a shopper opens their order back into the cart through instance one, changes
it, and sends the changes from two tabs at once, one through each instance. One send replaces the order under the
same code, the other is told there is nothing left to send; the shelf gives back the old packs and takes the new ones
once; the staff board following instance two hears the change within a second and shows the ticket's new amount; the
stand-in partner gets `order.updated` with the new amount exactly once."""

from __future__ import annotations

import re
import threading

from mikit import MultiClient, sign_in_staff
from rckit import Reply, wait_until
from standin_partner import StandInPartner
from test_live_board import LIVE_WITHIN, EventStream
from test_priced_orders import RECIPE, SKU, placed_code, shopper_with_cakes, stock_the_shelf

# Lava cakes take 100 g of butter a batch, in 250 g packs: one batch takes one pack, three batches two.


def ticket_estimate(page: str, code: str) -> str | None:
    found = re.search(r'id="order-%s".*?data-order-estimate-minor="(\d+)"' % code, page, re.S)
    return found.group(1) if found else None


def test_a_change_sent_from_two_instances_at_once_replaces_the_order_once_live_on_the_other_board(shops):
    partner = StandInPartner().start()
    try:
        shop = shops(instances=2, extra_args=partner.server_args())
        one, two = (server.port for server in shop.instances)
        staff = MultiClient(shop.ports)
        stock_the_shelf(shop, staff, one)
        sign_in_staff(staff.on(two))

        shopper, token = shopper_with_cakes(shop.ports, one)
        sent = shopper.on(one).post_form("/cart/order", [("_csrf", token), ("note", "Ann")]
                                         + shopper.on(one).shown_shortfalls())
        code = placed_code(sent)
        # The send renewed the session id: the forms carry the new id's token.
        token = shopper.on(one).token_after(sent, token)
        assert shop.psql(f"SELECT stock FROM products WHERE sku = '{SKU}'") == "9"
        assert 'data-order-changeable="true"' in shopper.on(two).get(f"/orders/{code}").text
        estimate = shop.psql(f"SELECT estimate_minor FROM orders WHERE code = '{code}'")
        assert ticket_estimate(staff.on(two).get("/staff").text, code) == estimate

        board = EventStream(two, staff.on(two).cookies)
        try:
            assert board.board_within(5), "the first event tells a board to read everything"
            board.drain()

            opened = shopper.on(one).post_form(f"/orders/{code}/change", {"_csrf": token})
            assert opened.status == 303 and opened.header("location") == "/cart", opened.text[:300]
            assert f'data-changing-order="{code}"' in shopper.on(two).get("/cart").text
            assert shopper.on(two).step(RECIPE, "set", token, quantity=3).status == 303
            assert shopper.on(one).cart() == {RECIPE: 3}
            board.drain()

            fields = [("_csrf", token), ("note", "Ann, three")] + shopper.on(one).shown_shortfalls()
            replies: list[Reply | Exception | None] = [None, None]
            start = threading.Barrier(2)

            def press(index: int, port: int) -> None:
                start.wait(timeout=30)
                try:
                    replies[index] = shopper.on(port).post_form("/cart/order", fields)
                except Exception as error:  # noqa: BLE001 (reported below)
                    replies[index] = error

            threads = [threading.Thread(target=press, args=(index, port)) for index, port in enumerate((one, two))]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=60)
            assert all(isinstance(reply, Reply) for reply in replies), replies
            statuses = sorted(reply.status for reply in replies)
            assert statuses == [303, 409], statuses
            winner = next(reply for reply in replies if reply.status == 303)
            assert placed_code(winner) == code, "the change was placed under another code"

            assert board.board_within(LIVE_WITHIN + 0.5), "the board on instance two did not hear the change"
        finally:
            board.close()
        changed = shop.psql(f"SELECT estimate_minor FROM orders WHERE code = '{code}'")
        assert int(changed) > int(estimate), f"three batches cost {changed}, one {estimate}"
        assert ticket_estimate(staff.on(two).get("/staff").text, code) == changed
        assert shop.psql("SELECT count(*) FROM orders") == "1"
        # One pack given back, two taken: 10 - 2.
        assert shop.psql(f"SELECT stock FROM products WHERE sku = '{SKU}'") == "8"
        for port in (one, two):
            assert shopper.on(port).cart() == {}, f"the cart is not empty on {port}"
            assert "Ann, three" in shopper.on(port).get(f"/orders/{code}").text

        events = partner.wait_for(2, timeout=30)
        assert wait_until(lambda: shop.psql("SELECT count(*) FROM partner_outbox WHERE delivered_at IS NULL") == "0",
                          30), "the outbox was not drained"
        events = partner.taken_events()
        assert [(event_type, order) for _, event_type, order, _ in events] == [
            ("order.placed", code), ("order.updated", code)], events
        updated = events[1][3]["data"]
        assert updated["amount"] == int(changed) and updated["charge"] == "authorise", updated
        assert events[0][3]["data"]["amount"] == int(estimate)
        assert updated["lines"][0]["batches"] == 3
        assert partner.repeats_so_far() == [] and partner.bad_signatures == 0
        for server in shop.instances:
            log = server.log_path.read_text(errors="replace")
            assert "status=500" not in log and "request failed" not in log, f"a 500 on {server.port}"
    finally:
        partner.away()
