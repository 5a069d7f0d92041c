"""The hand-off to a payment and delivery partner over real HTTP, against the stand-in partner (which checks every
signature with PyPI's `standardwebhooks`): events of one order arrive in order; an event committed before kill -9
is delivered after the restart; a partner away, failing or redirecting gets every event once it is back, and the
board shows the failing hand-off meanwhile; a partner that never answers holds up no shopper; the partner's own
status events are taken once and never move an order backwards, and only as strict JSON with a plain decimal
webhook-timestamp and free texts without control or bidirectional formatting characters."""

from __future__ import annotations

import base64
import http.client
import json
import random
import re
import sqlite3
import subprocess
import time
import uuid
from datetime import datetime, timezone

import jsonschema
import pytest
from standardwebhooks.webhooks import hmac_data

from rckit import HOST, POSTGRES, ROOT, Client, free_port, record_stat, scaled, wait_until
from standin_partner import StandInPartner, payment_for
from test_orders import STAFF_TOKEN, fill_cart, move_order, order_code, send, staff_client

# The schema Docs/partner.md gives partners: every event either way must keep to it.
SCHEMA = json.loads((ROOT / "Docs" / "partner-events.schema.json").read_text())
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
    for _, _, _, body in events:
        jsonschema.validate(body, SCHEMA)
    jsonschema.validate({"type": "delivery.dispatched", "timestamp": "2026-11-27T10:00:00Z",
                         "data": {"order": code, "tracking_url": "https://track.example/1"}}, SCHEMA)
    assert partner.bad_signatures == 0
    assert wait_until(lambda: handoff(staff, code) == "sent", 10), "the board shows the hand-off as sent"


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


def metric(port: int, name: str) -> float | None:
    text = Client(port).get("/metrics").text
    found = re.search(rf"^{name}(?:{{[^}}]*}})? ([0-9.e+-]+)$", text, re.MULTILINE)
    return float(found.group(1)) if found else None


def test_the_metrics_count_events_sent_and_failed_and_show_the_waiting_ones(servers, partner):
    metrics_port = free_port()
    partner.set_mode("fail")
    server = servers(staff_token=STAFF_TOKEN, args=partner.server_args() + ["--metrics-port", str(metrics_port)])
    shopper = Client(server.port)
    code, token = place(shopper, shopper.csrf(), {"bundled-7": 1})
    assert wait_until(lambda: (metric(metrics_port, "recipecart_partner_events_failed_total") or 0) >= 2, 20), \
        "two failed tries counted"
    assert wait_until(lambda: metric(metrics_port, "recipecart_partner_events_waiting") == 1, 15), "one event waiting"
    assert wait_until(lambda: (metric(metrics_port, "recipecart_partner_oldest_waiting_seconds") or 0) > 0, 15), \
        "the oldest waiting event's age"
    partner.set_mode("ok")
    assert wait_until(lambda: metric(metrics_port, "recipecart_partner_events_sent_total") == 1, 30), "one event sent"
    assert wait_until(lambda: metric(metrics_port, "recipecart_partner_events_waiting") == 0, 15), "nothing waiting"


def test_a_partner_away_then_back_gets_everything_and_the_board_shows_the_failing_hand_off(servers, partner):
    partner.set_mode("fail")
    server = servers(staff_token=STAFF_TOKEN, args=partner.server_args())
    shopper = Client(server.port)
    code, token = place(shopper, shopper.csrf(), {"bundled-7": 1})
    staff = staff_client(server.port)
    # Three tries fail within about 1 + 2 + 4 s (each wait drawn from half to all of its step).
    assert wait_until(lambda: handoff(staff, code) == "failing", 30), "the board shows the hand-off failing"
    board = staff.get("/staff").text
    assert "HTTP 503: partner down for maintenance" in board and "Try again now" in board
    # Cancelling meanwhile queues behind the placing: the partner must see them in that order.
    assert move_order(staff, code, staff.csrf("/staff"), "new", "cancelled").status == 303
    partner.away()
    # A try finds nobody there (a refused connection) before the partner comes back.
    mark = len(server.log_text())
    assert wait_until(lambda: "partner event not delivered" in server.log_text()[mark:], 30), \
        "no try while the partner was away"
    partner.set_mode("ok")
    partner.back()
    other, _ = place(shopper, token, {"bundled-8": 1})
    retry = staff.post_form(f"/staff/orders/{code}/handoff", {"_csrf": staff.csrf("/staff")})
    assert retry.status in (303, 409), retry.status
    events = partner.wait_for(3, timeout=40)
    assert [t for _, t, order, _ in events if order == code] == ["order.placed", "order.cancelled"]
    assert [t for _, t, order, _ in events if order == other] == ["order.placed"]
    # Each try of one event carried one webhook-id.
    ids = [one.webhook_id for one in partner.tries_so_far() if one.mode == "fail"]
    assert len(set(ids)) == 1, ids


def test_a_redirecting_partner_is_not_followed(servers, partner):
    partner.set_mode("redirect")
    server = servers(staff_token=STAFF_TOKEN, args=partner.server_args())
    shopper = Client(server.port)
    place(shopper, shopper.csrf(), {"bundled-7": 1})
    assert wait_until(lambda: len(partner.tries) >= 2, 20), "two tries"
    assert partner.taken_events() == []
    assert "HTTP 307" in server.log_text()


def test_a_partner_that_never_answers_holds_up_no_shopper(servers, partner):
    partner.set_mode("hang")
    server = servers(staff_token=STAFF_TOKEN, args=partner.server_args())
    shopper = Client(server.port)
    code, token = place(shopper, shopper.csrf(), {"bundled-8": 1})
    assert wait_until(lambda: partner.tries, 10), "the sender holds a connection to the partner"
    slowest = 0.0
    # One batch a round: each send takes its packs from the demo shelf, which holds a few dozen of each product.
    for _ in range(10):
        started = time.monotonic()
        code, token = place(shopper, token, {"bundled-7": 1})
        slowest = max(slowest, time.monotonic() - started)
    assert slowest < 2.0, f"a send took {slowest:.2f} s while the partner hung"
    assert partner_status(shopper, code) == "awaiting"
    # The held try ends at the sender's 10 s limit and counts as failed; the partner took nothing.
    assert wait_until(lambda: "no answer within 10 s" in server.log_text(), 20), "the hung try timed out"
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


def test_the_partner_pays_what_it_was_asked_and_a_payment_that_differs_is_flagged(servers, partner):
    """The stand-in pays as a partner answering order.placed does (payment_for: the amount and currency it was asked to
    authorise); a payment of another amount is taken and flagged on the order page and the staff ticket."""
    server = servers(staff_token=STAFF_TOKEN, args=partner.server_args())
    shopper = Client(server.port)
    exact, token = place(shopper, shopper.csrf(), {"bundled-7": 1})
    short, _ = place(shopper, token, {"bundled-7": 1})
    placed = {event[2]: event[3]["data"] for event in partner.wait_for(2, timeout=20) if event[1] == "order.placed"}
    asked = payment_for(placed[exact])
    assert asked["currency"] == "EUR" and asked["amount"] > 0, placed[exact]
    assert partner.send_status(server.port, "payment.succeeded", exact, extra=asked)[0] == 200
    less = payment_for(placed[short]) | {"amount": payment_for(placed[short])["amount"] - 150}
    assert partner.send_status(server.port, "payment.succeeded", short, extra=less)[0] == 200

    page = shopper.get(f"/orders/{exact}").text
    assert 'data-partner-status="paid"' in page and "data-payment-mismatch" not in page
    page = shopper.get(f"/orders/{short}").text
    assert f'data-payment-mismatch data-paid-minor="{less["amount"]}" data-paid-currency="EUR"' in page, page
    assert re.search(r"Paid €[\d.,]+, order €[\d.,]+", page), page
    assert "data-payment-mismatch" in staff_client(server.port).get("/staff").text


def post_raw(port: int, partner: StandInPartner, body: str, *, msg_id: str | None = None,
             timestamp: str | None = None) -> tuple[int, str]:
    """Posts `body` as it is, signed with `standardwebhooks` (its key and HMAC) over the webhook-timestamp exactly as
    written, as a sender that wrote `+1764316800` would sign it: only the form of what is sent can be refused, never
    its signature. Returns (status, the answer's error or note)."""
    msg_id = msg_id or f"msg_{uuid.uuid4().hex}"
    timestamp = timestamp if timestamp is not None else str(int(time.time()))
    signature = "v1," + base64.b64encode(
        hmac_data(partner.webhook._whsecret, f"{msg_id}.{timestamp}.{body}".encode())).decode()
    if timestamp.isascii() and timestamp.isdigit() and len(timestamp) <= 12 and timestamp == str(int(timestamp)):
        # A plain timestamp is signed exactly as the library signs it.
        at = datetime.fromtimestamp(int(timestamp), tz=timezone.utc)
        assert signature == partner.webhook.sign(msg_id, at, body)
    connection = http.client.HTTPConnection(HOST, port, timeout=15)
    try:
        connection.request("POST", "/partner/events", body=body.encode(), headers={
            "Content-Type": "application/json", "webhook-id": msg_id, "webhook-timestamp": timestamp,
            "webhook-signature": signature})
        response = connection.getresponse()
        answer = json.loads(response.read().decode())
        assert response.getheader("Content-Type") == "application/json"
        return response.status, answer.get("error") or answer.get("note") or ""
    finally:
        connection.close()


def status_body(event_type: str, code: str, extra: str = "") -> str:
    return (f'{{"type":"{event_type}","timestamp":"2026-11-28T08:00:00Z",'
            f'"data":{{"order":"{code}"{extra}}}}}')


def expect_untouched(server, shopper: Client, code: str):
    """A refused event left nothing: the order's partner state, link and reason as placed, and no event kept."""
    assert partner_status(shopper, code) == "awaiting"
    page = shopper.get(f"/orders/{code}").text
    assert "partner-tracking" not in page and "Reason given" not in page
    assert server.sql(f"SELECT partner_status, partner_tracking_url, partner_rejection FROM orders "
                      f"WHERE code = '{code}'") == [["awaiting", "", ""]]
    assert server.sql(f"SELECT COUNT(*) FROM partner_inbox WHERE order_code = '{code}'") == [["0"]]


def test_a_status_event_that_is_not_strict_json_is_refused_with_400(servers, partner):
    server = servers(staff_token=STAFF_TOKEN, args=partner.server_args())
    shopper = Client(server.port)
    code, _ = place(shopper, shopper.csrf(), {"bundled-7": 1})
    paid = status_body("payment.succeeded", code)
    cases = [
        (paid[:-1] + ",}", "a trailing comma"),
        (status_body("payment.succeeded", code, ',"seen":[1,2,]'), "a trailing comma"),
        (status_body("payment.succeeded", code, ',"seen":[1,2 , ]'), "a trailing comma"),
        ("/* partner */" + paid, "a comment"),
        (paid.replace('"', "'"), "a single-quoted string"),
        (status_body("payment.succeeded", code, ',"amount":NaN'), "NaN or Infinity"),
        (status_body("payment.succeeded", code, ',"amount":-Infinity'), "NaN or Infinity"),
        (status_body("payment.succeeded", code, ',"amount":012'), "a number with a leading zero"),
        (status_body("payment.succeeded", code, ',"note":"a\x00b"'), "an unescaped control character in a string"),
        (status_body("payment.succeeded", code, ',"note":"a\nb"'), "an unescaped control character in a string"),
        (paid + " " + paid, "more after the one JSON value"),
        (status_body("payment.succeeded", code, ',"x":' + "[" * 20_000), "nesting deeper than 32"),
    ]
    for number, (body, problem) in enumerate(cases):
        status, error = post_raw(server.port, partner, body, msg_id=f"msg_json_{number}")
        assert status == 400, (body[:80], status, error)
        assert error.startswith(f"the body is not strict JSON (RFC 8259): {problem} at byte "), error
    expect_untouched(server, shopper, code)
    # Python's own reader takes the trailing-comma body no more than the shop does.
    with pytest.raises(json.JSONDecodeError):
        json.loads(cases[0][0])
    # Nothing refused was kept: a good body under a refused webhook-id is a first delivery.
    assert post_raw(server.port, partner, paid, msg_id="msg_json_0") == (200, "")
    assert partner_status(shopper, code) == "paid"


def test_a_webhook_timestamp_not_in_plain_decimal_seconds_is_refused_with_401(servers, partner):
    server = servers(staff_token=STAFF_TOKEN, args=partner.server_args())
    shopper = Client(server.port)
    code, _ = place(shopper, shopper.csrf(), {"bundled-7": 1})
    paid = status_body("payment.succeeded", code)
    now = str(int(time.time()))
    for timestamp in ("+" + now, "0" + now, "00" + now, "-" + now, now + ".0", now + "e0", "0x" + now,
                      "9" * 40):
        status, error = post_raw(server.port, partner, paid, msg_id="msg_ts", timestamp=timestamp)
        assert status == 401, (timestamp, status, error)
        assert error == "webhook-timestamp must be plain decimal seconds since 1970 within 5 minutes of now", error
    expect_untouched(server, shopper, code)
    # The same call with the plain form of the same second is believed.
    assert post_raw(server.port, partner, paid, msg_id="msg_ts", timestamp=now) == (200, "")
    assert partner_status(shopper, code) == "paid"


# Each as written inside the JSON string (an escape, or the character itself), and how the refusal names it.
HAZARDS = [
    ("\\u0000", "a control character (U+0000)"),
    ("\\n", "a control character (U+000A)"),
    ("\\r", "a control character (U+000D)"),
    ("\\t", "a control character (U+0009)"),
    ("\\u007f", "a control character (U+007F)"),
    ("\\u0085", "a control character (U+0085)"),
    ("\\u202e", "a bidirectional formatting character (U+202E)"),
    ("\u202e", "a bidirectional formatting character (U+202E)"),
    ("\\u200f", "a bidirectional formatting character (U+200F)"),
    ("\\u2066", "a bidirectional formatting character (U+2066)"),
]
HAZARD_RE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def test_control_and_bidirectional_characters_in_partner_texts_are_refused_with_422(servers, partner):
    server = servers(staff_token=STAFF_TOKEN, args=partner.server_args())
    shopper = Client(server.port)
    code, _ = place(shopper, shopper.csrf(), {"bundled-7": 1})
    port = server.port
    sent = 0
    for character, named in HAZARDS:
        for field, body in (
            ("tracking_url", status_body("delivery.dispatched", code,
                                         f',"tracking_url":"https://t.example/a{character}evil"')),
            ("tracking_url", status_body("delivery.dispatched", code,
                                         f',"tracking_url":"https://t.example/a{character}"')),
            ("reason", status_body("order.rejected", code, f',"reason":"No {character}couriers"')),
            ("reason", status_body("order.rejected", code, f',"reason":"No couriers{character}"')),
            ("type", status_body(f"payment.{character}refunded", code)),
        ):
            status, error = post_raw(port, partner, body, msg_id=f"msg_text_{sent}")
            sent += 1
            assert status == 422, (body, status, error)
            assert error == f"{field} holds {named}, which is refused", error
            assert not HAZARD_RE.search(error), error
            # The schema Docs/partner.md gives partners says the same.
            with pytest.raises(jsonschema.ValidationError):
                jsonschema.validate(json.loads(body), SCHEMA)
    # Sent by the stand-in partner as a client writes it (json.dumps escapes both).
    status, _ = partner.send_status(port, "delivery.dispatched", code,
                                    extra={"tracking_url": "https://t.example/a\x00evil"})
    assert status == 422
    status, _ = partner.send_status(port, "order.rejected", code, extra={"reason": "\u202eNo couriers"})
    assert status == 422
    expect_untouched(server, shopper, code)
    # Nothing refused was kept: a clean event under the first refused webhook-id is taken, and its link is shown whole.
    clean = status_body("delivery.dispatched", code, ',"tracking_url":"https://t.example/a?b=1"')
    assert post_raw(port, partner, clean, msg_id="msg_text_0") == (200, "")
    assert partner_status(shopper, code) == "dispatched"
    page = shopper.get(f"/orders/{code}").text
    assert 'href="https://t.example/a?b=1"' in page and "evil" not in page


BACKLOG = scaled("RC_PARTNER_BACKLOG", 10_000)
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"


def seed_backlog(server, code: str, count: int) -> list[str]:
    """Copies order `code` and its waiting event `count` times under fresh codes, a day's worth of orders placed
    while the partner was away, all due now. Returns the new codes in the order their events were written."""
    rng = random.Random(20261127)
    codes: list[str] = []
    seen = {code}
    while len(codes) < count:
        candidate = "".join(rng.choice(CODE_ALPHABET) for _ in range(6))
        if candidate not in seen:
            seen.add(candidate)
            codes.append(candidate)
    now = time.time()
    if POSTGRES:
        array = "ARRAY[" + ",".join(f"'{c}'" for c in codes) + "]"
        script = f"""
            INSERT INTO orders (code, session_hash, note, status, content_json, placed_at, updated_at, partner_status,
                                partner_updated_at)
            SELECT c, NULL, o.note, o.status, o.content_json, o.placed_at, o.updated_at, o.partner_status,
                   o.partner_updated_at
            FROM orders o, unnest({array}) WITH ORDINALITY AS n(c, i) WHERE o.code = '{code}';
            INSERT INTO partner_outbox (id, order_code, type, body, created_at, next_attempt_at)
            SELECT 'msg_backlog_' || lpad(n.i::text, 6, '0'), n.c, e.type, replace(e.body, '{code}', n.c),
                   {now - 86_400} + n.i * 8.64, {now}
            FROM partner_outbox e, unnest({array}) WITH ORDINALITY AS n(c, i) WHERE e.order_code = '{code}'
            ORDER BY n.i;
        """
        # Through stdin: the codes make the statement longer than one command-line argument may be.
        subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", server.database_url], input=script, text=True,
                       check=True, capture_output=True, timeout=300)
        return codes
    db = sqlite3.connect(server.database_path, timeout=30)
    try:
        with db:
            order = db.execute("SELECT note, status, content_json, placed_at, updated_at, partner_status, "
                               "partner_updated_at FROM orders WHERE code = ?", (code,)).fetchone()
            event_type, body = db.execute("SELECT type, body FROM partner_outbox WHERE order_code = ?",
                                          (code,)).fetchone()
            db.executemany("INSERT INTO orders (code, session_hash, note, status, content_json, placed_at, updated_at, "
                           "partner_status, partner_updated_at) VALUES (?, NULL, ?, ?, ?, ?, ?, ?, ?)",
                           [(c, *order) for c in codes])
            db.executemany("INSERT INTO partner_outbox (id, order_code, type, body, created_at, next_attempt_at) "
                           "VALUES (?, ?, ?, ?, ?, ?)",
                           [(f"msg_backlog_{i:06d}", c, event_type, body.replace(code, c), now - 86_400 + i * 8.64, now)
                            for i, c in enumerate(codes, start=1)])
    finally:
        db.close()
    return codes


def test_a_days_backlog_drains_in_order_at_a_steady_rate_while_shoppers_are_served(servers, partner):
    partner.away()
    server = servers(staff_token=STAFF_TOKEN, args=partner.server_args())
    shopper = Client(server.port)
    first, token = place(shopper, shopper.csrf(), {"bundled-7": 1})
    assert server.stop() == 0
    codes = seed_backlog(server, first, BACKLOG)
    partner.back()
    server = servers(server.data_dir, port=server.port, staff_token=STAFF_TOKEN, args=partner.server_args())
    shopper.close()
    token = shopper.csrf()

    # A shopper keeps stepping meanwhile: the shop's own posts must not wait behind the backlog.
    started = time.monotonic()
    progress: list[tuple[float, int]] = []
    slowest = 0.0
    steps = 0
    while len(set(partner.taken_ids())) < BACKLOG + 1 and time.monotonic() - started < 600:
        before = time.monotonic()
        reply = shopper.step("bundled-33", "inc", token)
        assert reply.status == 303
        token = shopper.token_after(reply, token)
        slowest = max(slowest, time.monotonic() - before)
        steps += 1
        progress.append((time.monotonic() - started, len(set(partner.taken_ids()))))
        time.sleep(0.05)
    taken = partner.taken_ids()
    assert len(set(taken)) == BACKLOG + 1, f"{len(set(taken))} of {BACKLOG + 1} within 600 s"
    elapsed = time.monotonic() - started
    # Oldest first: each event within a few batches of its place in the backlog.
    positions = {msg_id: n for n, msg_id in enumerate(dict.fromkeys(taken))}
    worst = max(abs(positions[f"msg_backlog_{i:06d}"] - i) for i in range(1, BACKLOG + 1))
    assert worst <= 64, f"an event arrived {worst} places from its turn"
    # Steady: once it started, never 5 s without an event taken.
    longest_stall, last_change, last_count = 0.0, None, None
    for at, count in progress:
        if count != last_count:
            if last_change is not None:
                longest_stall = max(longest_stall, at - last_change)
            last_change, last_count = at, count
    assert longest_stall < 5, f"nothing was taken for {longest_stall:.1f} s"
    assert slowest < 1.0, f"a cart post took {slowest:.2f} s while the backlog drained"
    record_stat("partner.backlog_events_per_second", int(BACKLOG / elapsed))
    print(f"{BACKLOG} events in {elapsed:.1f} s ({BACKLOG / elapsed:.0f}/s); {steps} posts, slowest {slowest:.3f} s")
