"""The hand-off to a payment and delivery partner over real HTTP, against the stand-in partner (which checks every
signature with PyPI's `standardwebhooks`): events of one order arrive in order; an event committed before kill -9
is delivered after the restart; a partner away, failing or redirecting gets every event once it is back, and the
board shows the failing hand-off meanwhile; a partner that never answers holds up no shopper; the partner's own
status events are taken once and never move an order backwards."""

from __future__ import annotations

import re
import time

import pytest

from rckit import Client
from standin_partner import StandInPartner
from test_orders import STAFF_TOKEN, fill_cart, move_order, order_code, send, staff_client

PARTNER_STATUS_RE = re.compile(r'data-partner-status="([^"]+)"')
HANDOFF_RE = re.compile(r'id="order-([A-Z0-9]+)"[\s\S]*?data-handoff="([^"]+)"')


@pytest.fixture
def partner():
    stand_in = StandInPartner(hang_seconds=40).start()
    yield stand_in
    stand_in.away()


def place(client: Client, token: str, cart: dict[str, int], note: str = "") -> tuple[str, str]:
    """Fills the cart and sends it. Returns (order code, CSRF token to go on with)."""
    token = fill_cart(client, token, cart)
    return order_code(send(client, token, note=note)), client.csrf()


def partner_status(client: Client, code: str) -> str:
    reply = client.get(f"/orders/{code}")
    assert reply.status == 200
    match = PARTNER_STATUS_RE.search(reply.text)
    assert match, "the order page shows no partner status"
    return match.group(1)


def handoff(staff: Client, code: str) -> str | None:
    for found, state in HANDOFF_RE.findall(staff.get("/staff").text):
        if found == code:
            return state
    return None


def wait_until(condition, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"not within {timeout} s: {what}")


def test_an_orders_events_reach_the_partner_signed_and_in_order(servers, partner):
    server = servers(staff_token=STAFF_TOKEN, args=partner.server_args())
    shopper = Client(server.port)
    code, _ = place(shopper, shopper.csrf(), {"bundled-7": 2, "bundled-33": 1}, note="Ann")
    staff = staff_client(server.port)
    token = staff.csrf("/staff")
    for old, new in (("new", "picking"), ("picking", "ready")):
        assert move_order(staff, code, token, old, new).status == 303
    events = partner.wait_for(2, timeout=20)
    assert [(event_type, order) for _, event_type, order, _ in events] == [("order.placed", code), ("order.ready", code)]
    placed = events[0][3]["data"]
    assert placed["note"] == "Ann"
    assert {line["recipe_id"]: line["batches"] for line in placed["lines"]} == {"bundled-7": 2, "bundled-33": 1}
    assert placed["shopping_list"] and all(aisle["items"] for aisle in placed["shopping_list"])
    assert partner.bad_signatures == 0
    wait_until(lambda: handoff(staff, code) == "sent", 10, "the board shows the hand-off as sent")


def test_an_event_committed_before_kill_9_is_delivered_after_the_restart(servers, partner):
    partner.away()
    server = servers(staff_token=STAFF_TOKEN, args=partner.server_args())
    shopper = Client(server.port)
    token = shopper.csrf()
    codes = []
    for recipe in ("bundled-7", "bundled-8", "bundled-9"):
        code, token = place(shopper, token, {recipe: 1})
        codes.append(code)
    server.kill9()
    partner.back()
    server = servers(server.data_dir, port=server.port, staff_token=STAFF_TOKEN, args=partner.server_args())
    events = partner.wait_for(3, timeout=40)
    assert sorted(order for _, _, order, _ in events) == sorted(codes)
    assert {event_type for _, event_type, _, _ in events} == {"order.placed"}


def test_a_partner_away_then_back_gets_everything_and_the_board_shows_the_failing_hand_off(servers, partner):
    partner.set_mode("fail")
    server = servers(staff_token=STAFF_TOKEN, args=partner.server_args())
    shopper = Client(server.port)
    code, token = place(shopper, shopper.csrf(), {"bundled-7": 1})
    staff = staff_client(server.port)
    # Three tries fail within about 1 + 2 + 4 s (each wait drawn from half to all of its step).
    wait_until(lambda: handoff(staff, code) == "failing", 30, "the board shows the hand-off failing")
    board = staff.get("/staff").text
    assert "HTTP 503: partner down for maintenance" in board and "Try again now" in board
    # Cancelling meanwhile queues behind the placing: the partner must see them in that order.
    assert move_order(staff, code, staff.csrf("/staff"), "new", "cancelled").status == 303
    partner.away()
    time.sleep(2)
    partner.set_mode("ok")
    partner.back()
    other, _ = place(shopper, token, {"bundled-8": 1})
    retry = staff.post_form(f"/staff/orders/{code}/handoff", {"_csrf": staff.csrf("/staff")})
    assert retry.status in (303, 409), retry.status
    events = partner.wait_for(3, timeout=40)
    assert [t for _, t, order, _ in events if order == code] == ["order.placed", "order.cancelled"]
    assert [t for _, t, order, _ in events if order == other] == ["order.placed"]
    # Each try of one event carried one webhook-id.
    ids = [msg_id for msg_id, mode in partner.tries if mode == "fail"]
    assert len(set(ids)) == 1, ids


def test_a_redirecting_partner_is_not_followed(servers, partner):
    partner.set_mode("redirect")
    server = servers(staff_token=STAFF_TOKEN, args=partner.server_args())
    shopper = Client(server.port)
    place(shopper, shopper.csrf(), {"bundled-7": 1})
    wait_until(lambda: len(partner.tries) >= 2, 20, "two tries")
    assert partner.taken_events() == []
    assert "HTTP 307" in server.log_text()


def test_a_partner_that_never_answers_holds_up_no_shopper(servers, partner):
    partner.set_mode("hang")
    server = servers(staff_token=STAFF_TOKEN, args=partner.server_args())
    shopper = Client(server.port)
    code, token = place(shopper, shopper.csrf(), {"bundled-8": 1})
    wait_until(lambda: partner.tries, 10, "the sender holds a connection to the partner")
    slowest = 0.0
    for round_ in range(10):
        started = time.monotonic()
        code, token = place(shopper, token, {"bundled-7": 1 + round_})
        slowest = max(slowest, time.monotonic() - started)
    assert slowest < 2.0, f"a send took {slowest:.2f} s while the partner hung"
    assert partner_status(shopper, code) == "awaiting"
    # The held try ends at the sender's 10 s limit and counts as failed; the partner took nothing.
    wait_until(lambda: "no answer within 10 s" in server.log_text(), 20, "the hung try timed out")
    assert partner.taken_events() == []


def test_status_events_are_taken_once_and_never_move_an_order_back(servers, partner):
    server = servers(staff_token=STAFF_TOKEN, args=partner.server_args())
    shopper = Client(server.port)
    code, _ = place(shopper, shopper.csrf(), {"bundled-7": 1})
    port = server.port
    assert partner.send_status(port, "payment.succeeded", code, msg_id="msg_paid")[0] == 200
    # The same event again, as a partner retrying a lost answer sends it.
    assert partner.send_status(port, "payment.failed", code, msg_id="msg_paid")[0] == 200
    assert partner_status(shopper, code) == "paid"
    assert partner.send_status(port, "delivery.delivered", code)[0] == 200
    # Out of order: dispatched arrives after delivered.
    status, _ = partner.send_status(port, "delivery.dispatched", code, extra={"tracking_url": "https://t.example/1"})
    assert status == 200
    assert partner_status(shopper, code) == "delivered"
    # Bad calls: 4xx and nothing changes.
    assert partner.send_status(port, "delivery.delivered", code, at=time.time() - 600)[0] == 401
    assert partner.send_status(port, "payment.refunded", code)[0] == 422
    assert partner.send_status(port, "payment.succeeded", "ZZZZZZ")[0] == 404
    kept = server.sql(f"SELECT webhook_id FROM partner_inbox WHERE order_code = '{code}'")
    assert len(kept) == 3 and ["msg_paid"] in kept
