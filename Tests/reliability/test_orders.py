"""Orders under races and restarts: "Send to the shop" pressed many times at once from one browser places
exactly one order holding the whole cart; a send raced with a change to the cart never loses or doubles a
line; staff status changes need the staff cookie and a CSRF token, and two presses at once move an order
one step; orders are still there, with their status, after a restart and after kill -9."""

from __future__ import annotations

import json
import random
import re
import threading
import time
from collections import Counter

from rckit import BUNDLED_IDS, SESSION_COOKIES, Client, Reply, join_all, record_stat, scaled

STAFF_TOKEN = "reliability-orders-staff-token"
SENDERS = scaled("RC_ORDER_SENDERS", 20)
SEND_ROUNDS = scaled("RC_ORDER_SEND_ROUNDS", 5)
RACE_ROUNDS = scaled("RC_ORDER_RACE_ROUNDS", 40)
STAFF_PRESSES = scaled("RC_ORDER_STAFF_PRESSES", 10)
SEED = scaled("RC_SEED", 20261121)

ORDER_LOCATION_RE = re.compile(r"^/orders/([A-Z0-9]+)$")
# The order page: its section carries code and status; each line says its batches ("1 batch", "3 batches").
ORDER_SECTION_RE = re.compile(r'<section class="order"[^>]*\sdata-order-code="([^"]+)"[^>]*\sdata-order-status="([^"]+)"')
ORDER_LINE_RE = re.compile(r'<li data-recipe-id="([^"]+)"><a [^>]*>[^<]*</a> · (\d+) batch(?:es)?(?: for (\d+) servings?)?</li>')
# The orders listed on the cart page, and the ones on the staff board.
CART_ORDER_RE = re.compile(r'<li data-order-code="([^"]+)" data-order-status="([^"]+)">')
STAFF_ORDER_RE = re.compile(r'<article class="staff-order"[^>]*\sdata-order-code="([^"]+)"[^>]*\sdata-order-status="([^"]+)"')
# A cart line's servings, beside parse_cart's quantities.
CART_SERVINGS_RE = re.compile(r'<li class="cart-line"(?=[^>]*\sdata-recipe-id="([^"]+)")(?=[^>]*\sdata-servings="(\d+)")')


# ---------------------------------------------------------------- helpers


def staff_client(port: int) -> Client:
    staff = Client(port)
    reply = staff.post_form("/staff/login", {"_csrf": staff.csrf("/staff/login"), "token": STAFF_TOKEN})
    assert reply.status == 303 and "rc_staff" in staff.cookies, f"staff sign-in answered {reply.status}"
    return staff


def fill_cart(client: Client, token: str, cart: dict[str, int], servings: dict[str, int] | None = None) -> str:
    """Sets each line's quantity (then servings) with the stepper's posts; answers the CSRF token to go on with."""
    for recipe, quantity in cart.items():
        reply = client.step(recipe, "set", token, quantity=quantity, return_to="/cart")
        assert reply.status == 303, f"set {recipe} {quantity}: {reply.status}"
        token = client.token_after(reply, token)
    for recipe, count in (servings or {}).items():
        reply = client.post_form(f"/cart/items/{recipe}",
                                 [("_csrf", token), ("op", "servings"), ("servings", str(count)), ("return_to", "/cart")])
        assert reply.status == 303, f"servings {recipe} {count}: {reply.status}"
        token = client.token_after(reply, token)
    return token


def cart_servings(client: Client) -> dict[str, int]:
    reply = client.get("/cart")
    assert reply.status == 200
    return {recipe: int(count) for recipe, count in CART_SERVINGS_RE.findall(reply.text)}


def send(client: Client, token: str, note: str = "", shown: list[tuple[str, str]] | None = None) -> Reply:
    """Presses "Send to the shop"; `shown` are the form's rows the cart page showed short (`Client.shown_shortfalls`)."""
    return client.post_form("/cart/order", [("_csrf", token), ("note", note)] + (shown or []))


def order_code(reply: Reply) -> str:
    """The code of the order a send's 303 leads to."""
    assert reply.status == 303, f"send answered {reply.status}: {reply.text[:200]}"
    match = ORDER_LOCATION_RE.match(reply.header("Location") or "")
    assert match, f"the send's 303 leads to {reply.header('Location')!r}"
    return match.group(1)


def order_page(client: Client, code: str) -> tuple[str, dict[str, int], dict[str, int]]:
    """The shopper's order page: (status, {recipe: batches}, {recipe: servings})."""
    reply = client.get(f"/orders/{code}")
    assert reply.status == 200, f"/orders/{code} answered {reply.status}"
    section = ORDER_SECTION_RE.search(reply.text)
    assert section and section.group(1) == code, f"no order section for {code}"
    lines = ORDER_LINE_RE.findall(reply.text)
    assert lines, f"the page of order {code} lists no recipe"
    quantities = {recipe: int(quantity) for recipe, quantity, _ in lines}
    assert len(quantities) == len(lines), f"order {code} lists a recipe twice: {lines}"
    return section.group(2), quantities, {recipe: int(servings) for recipe, _, servings in lines if servings}


def cart_orders(client: Client) -> dict[str, str]:
    """The orders the cart page lists for this browser: {code: status}."""
    reply = client.get("/cart")
    assert reply.status == 200
    return dict(CART_ORDER_RE.findall(reply.text))


def board_orders(staff: Client) -> dict[str, str]:
    reply = staff.get("/staff")
    assert reply.status == 200, f"/staff answered {reply.status}"
    return dict(STAFF_ORDER_RE.findall(reply.text))


def move_order(client: Client, code: str, token: str | None, old: str, new: str) -> Reply:
    fields = ([("_csrf", token)] if token is not None else []) + [("from", old), ("to", new)]
    return client.post_form(f"/staff/orders/{code}/status", fields)


def stored_orders(server) -> dict[str, tuple[str, str, dict[str, int], dict[str, int]]]:
    """Every order in the database (SQLite or PostgreSQL): {code: (status, note, {recipe: batches}, {recipe: servings})}."""
    found = {}
    for code, status, note, content in server.sql("SELECT code, status, note, content_json FROM orders"):
        lines = json.loads(content)["lines"]
        found[code] = (status, note, {line["recipeID"]: line["quantity"] for line in lines},
                       {line["recipeID"]: line["servings"] for line in lines if line.get("servings")})
    return found


def at_once(count: int, action) -> list:
    """Runs action(index) in `count` threads released together by a barrier; answers the results in index order
    (an exception raised in a thread is its result)."""
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def run(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            results[index] = action(index)
        except Exception as error:  # noqa: BLE001 - reported by the caller with the others
            results[index] = error

    threads = [threading.Thread(target=run, args=(i,), name=f"racer-{i}", daemon=True) for i in range(count)]
    for thread in threads:
        thread.start()
    join_all(threads, timeout=60)
    return results


def planted(shopper: Client) -> Client:
    """A browser holding only `shopper`'s session cookie, as someone who planted it would: not the send claim the
    shop gives the shopper's browser with every post's answer."""
    planter = Client(shopper.port)
    planter.cookies = {name: value for name, value in shopper.cookies.items() if name in SESSION_COOKIES}
    return planter


def session_id(client: Client) -> str | None:
    return next((client.cookies[name] for name in SESSION_COOKIES if name in client.cookies), None)


def same_browser(shopper: Client, count: int) -> list[Client]:
    """`count` connections of one browser: the shopper's cookies, each on its own open keep-alive connection."""
    clients = []
    for _ in range(count):
        client = Client(shopper.port)
        client.cookies = dict(shopper.cookies)
        assert client.get("/healthz", cookies=False).status == 200  # connect now, not in the race
        clients.append(client)
    return clients


def no_failed_requests(server) -> None:
    log = server.log_text()
    assert "request failed" not in log, "a request ended in a 500:\n" + server.log_tail(40)
    assert not server.error_lines(), server.error_lines()[:5]


# ---------------------------------------------------------------- concurrent sends


def test_concurrent_sends_from_one_browser_place_exactly_one_order(servers):
    server = servers(staff_token=STAFF_TOKEN)
    shopper = Client(server.port)
    token = shopper.csrf()
    placed: dict[str, tuple[dict[str, int], dict[str, int]]] = {}
    for round_number in range(SEND_ROUNDS):
        cart = {BUNDLED_IDS[round_number]: 3, "bundled-33": 1 + round_number % 4, BUNDLED_IDS[20 + round_number]: 99}
        servings = {"bundled-33": 2 + round_number}
        token = fill_cart(shopper, token, cart, servings)
        assert shopper.cart() == cart
        assert cart_servings(shopper)["bundled-33"] == servings["bundled-33"]

        # 99 batches of a recipe take more than the demo shelf holds of something: the page says so, and sends so.
        shown = shopper.shown_shortfalls()
        senders = same_browser(shopper, SENDERS)
        replies = at_once(
            SENDERS, lambda i: send(senders[i], token, note=f"round {round_number} sender {i}", shown=shown))
        errors = [r for r in replies if not isinstance(r, Reply)]
        assert not errors, f"round {round_number}: sends without an answer: {errors[:3]}"
        statuses = Counter(reply.status for reply in replies)
        assert statuses[303] == 1 and statuses[409] == SENDERS - 1, (
            f"round {round_number}: {SENDERS} sends at once answered {dict(statuses)}, "
            f"wanted one 303 and {SENDERS - 1} × 409")
        winner = next(i for i, reply in enumerate(replies) if reply.status == 303)
        code = order_code(replies[winner])
        for reply in replies:
            if reply.status == 409:
                assert "Error 409" in reply.text and ("nothing to send" in reply.text or "nothing was sent" in reply.text), \
                    reply.text[:300]
                assert not reply.new_session, f"round {round_number}: a refused send set a session id"
        for client in senders:
            client.close()
        # The send renewed the session id; the browser's one jar takes what the answers set, as a browser's would.
        assert replies[winner].new_session, f"round {round_number}: the send set no new session id"
        old = planted(shopper)
        for reply in replies:
            shopper.remember(reply.all_headers("Set-Cookie"))
        assert session_id(shopper) == replies[winner].new_session != session_id(old)
        token = shopper.token_after(replies[winner], token)
        # A cookie planted before the send follows neither the order nor its cart.
        assert old.get(f"/orders/{code}").status == 404
        assert cart_orders(old) == {} and old.cart() == {}

        # The order holds every line with its quantity and servings; the cart is empty; one more order is listed.
        status, quantities, order_servings = order_page(shopper, code)
        assert status == "new"
        assert quantities == cart, f"round {round_number}: order {code} holds {quantities}, the cart held {cart}"
        assert order_servings.get("bundled-33") == servings["bundled-33"], order_servings
        assert shopper.cart() == {}
        listed = cart_orders(shopper)
        assert listed.get(code) == "new"
        placed[code] = (cart, servings)
        assert set(listed) == set(placed), f"the cart page lists {sorted(listed)}, placed {sorted(placed)}"

        # A send from the emptied cart places nothing.
        assert send(shopper, token).status == 409
        assert set(cart_orders(shopper)) == set(placed)

    # The board shows each order once; the database holds exactly the orders placed, each as its page showed.
    assert board_orders(staff_client(server.port)) == {code: "new" for code in placed}
    no_failed_requests(server)
    assert server.stop() == 0
    stored = stored_orders(server)
    assert set(stored) == set(placed), f"{len(stored)} orders stored, {len(placed)} placed"
    for code, (cart, servings) in placed.items():
        status, note, quantities, order_servings = stored[code]
        assert status == "new" and quantities == cart and order_servings["bundled-33"] == servings["bundled-33"]
        assert re.fullmatch(r"round \d+ sender \d+", note), note
    assert server.sql_value("SELECT COUNT(*) FROM cart_items") == "0"
    print(f"\n{SEND_ROUNDS} rounds x {SENDERS} sends at once from one browser: one order each round, "
          f"{SEND_ROUNDS * (SENDERS - 1)} refused with 409")
    record_stat("orders.concurrent_sends", SEND_ROUNDS * SENDERS)


# ---------------------------------------------------------------- a send raced with a cart change


BASE_CART = {"bundled-1": 2, "bundled-2": 1}
# The change another tab makes while the send is on its way: (recipe, op, quantity).
CHANGES = [
    ("bundled-1", "inc", None),   # one more of a line that is being sent
    ("bundled-3", "inc", None),   # a new line
    ("bundled-2", "set", 5),      # a line set to another quantity
    ("bundled-2", "set", 0),      # a line removed
]


def applied(cart: dict[str, int], recipe: str, op: str, quantity: int | None) -> dict[str, int]:
    after = dict(cart)
    if op == "inc":
        after[recipe] = after.get(recipe, 0) + 1
    elif quantity:
        after[recipe] = quantity
    else:
        after.pop(recipe, None)
    return after


def test_a_send_raced_with_a_cart_change_loses_and_doubles_nothing(servers):
    server = servers()
    shopper = Client(server.port)
    token = shopper.csrf()
    rng = random.Random(SEED)
    outcomes: Counter = Counter()
    codes: set[str] = set()
    for round_number in range(RACE_ROUNDS):
        recipe, op, quantity = CHANGES[round_number % len(CHANGES)]
        # Released together, then one side held back a few milliseconds (which side, and how long, varies), so
        # the change lands before the send reads the cart, inside the send, or after it.
        stagger = rng.uniform(-0.012, 0.012)
        token = fill_cart(shopper, token, BASE_CART)
        assert shopper.cart() == BASE_CART
        before_orders = set(cart_orders(shopper))

        sender, changer = same_browser(shopper, 2)

        def race(i: int) -> Reply:
            if (i == 0) == (stagger > 0):
                time.sleep(abs(stagger))
            if i == 0:
                return send(sender, token, note=f"race {round_number}")
            return changer.step(recipe, op, token, quantity=quantity, return_to="/cart")

        replies = at_once(2, race)
        sent, changed = replies
        for client in (sender, changer):
            client.close()
        assert isinstance(sent, Reply) and isinstance(changed, Reply), f"round {round_number}: {replies}"
        # The change is never refused: it goes into the order or into the (new) cart.
        assert changed.status == 303, f"round {round_number}: the change answered {changed.status}"
        assert sent.status in (303, 409), f"round {round_number}: the send answered {sent.status}: {sent.text[:200]}"
        # One cookie jar, as in a browser: whatever either answer set, the change's kept if both set one. A send that
        # placed an order renews the session id (the order and everything the session kept move to it); a refused
        # one sets none. A change that finds the cart empty because the send came first follows the send onto
        # exactly that id, never to a third: whichever answer's cookie the jar keeps, the order and the cart are
        # under one id. A change that came first (the cart had lines) keeps the id.
        if sent.status == 303:
            assert sent.new_session, f"round {round_number}: the send placed an order and set no new session id"
        else:
            assert not sent.new_session, f"round {round_number}: a refused send set a session id"
        if changed.new_session:
            assert changed.new_session == sent.new_session, (
                f"round {round_number}: the change moved the cart to {changed.new_session}, "
                f"the send the order to {sent.new_session}")
        old_session = planted(shopper)
        old_id = session_id(shopper)
        shopper.remember(sent.all_headers("Set-Cookie"))
        shopper.remember(changed.all_headers("Set-Cookie"))
        assert session_id(shopper) == (sent.new_session or old_id), f"round {round_number}: the jar lost the send's id"
        if session_id(shopper) != old_id:
            token = shopper.csrf()

        cart = shopper.cart()
        with_change = applied(BASE_CART, recipe, op, quantity)
        orders = cart_orders(shopper)
        if sent.status == 303:
            code = order_code(sent)
            _, quantities, _ = order_page(shopper, code)
            assert set(orders) == before_orders | {code}
            if quantities == with_change:
                # The change came first and went with the order; the cart is empty.
                assert cart == {}, f"round {round_number}: order {quantities} has the change, the cart still {cart}"
                outcomes["change went with the order"] += 1
            else:
                # The send came first: the order holds the lines as they were, the cart only the change.
                assert quantities == BASE_CART, (
                    f"round {round_number} ({recipe} {op} {quantity}): order {code} holds {quantities}, "
                    f"neither {BASE_CART} nor {with_change}")
                assert cart == applied({}, recipe, op, quantity), (
                    f"round {round_number} ({recipe} {op} {quantity}): the order has the old lines, so the cart "
                    f"should hold just the change, not {cart}")
                outcomes["order, then the change in a new cart"] += 1
            # The old id, as someone who planted it holds it, sees neither the order nor the cart.
            assert old_session.get(f"/orders/{code}").status == 404
            assert cart_orders(old_session) == {} and old_session.cart() == {}
            codes.add(code)
        else:
            # The cart changed under the send: nothing was sent and the cart holds everything.
            assert set(orders) == before_orders, f"round {round_number}: a refused send left an order"
            assert cart == with_change, f"round {round_number}: refused send, cart {cart}, expected {with_change}"
            outcomes["send refused, cart kept"] += 1
        # Empty the cart for the next round (a change after the send can leave a line).
        if cart:
            reply = shopper.post_form("/cart/clear", {"_csrf": token, "return_to": "/cart"})
            assert reply.status == 303
        assert shopper.cart() == {}

    no_failed_requests(server)
    assert server.stop() == 0
    stored = stored_orders(server)
    assert set(stored) == codes, f"{len(stored)} orders stored, {len(codes)} acknowledged"
    print(f"\n{RACE_ROUNDS} sends raced with a cart change: " + ", ".join(f"{n} × {what}" for what, n in outcomes.items()))
    record_stat("orders.raced_sends", RACE_ROUNDS)


# ---------------------------------------------------------------- staff status changes


def test_staff_status_changes_need_the_staff_cookie_and_a_csrf_token(servers):
    server = servers(staff_token=STAFF_TOKEN)
    shopper = Client(server.port)
    token = fill_cart(shopper, shopper.csrf(), {"bundled-5": 2})
    code = order_code(send(shopper, token, note="status checks"))
    staff = staff_client(server.port)
    staff_token = staff.csrf("/staff")

    def unchanged() -> None:
        assert order_page(shopper, code)[0] == "new"
        assert board_orders(staff)[code] == "new"

    # The shopper's own cookie and CSRF token are no staff sign-in, whatever the staff cookie is forged as.
    reply = move_order(shopper, code, token, "new", "picking")
    assert reply.status == 401, f"a shopper cookie moved an order: {reply.status}"
    unchanged()
    for forged in ("", "x", shopper.cookies["rc_session"], staff.cookies["rc_staff"][:-2] + "xx"):
        intruder = Client(server.port)
        intruder.cookies = dict(shopper.cookies, rc_staff=forged)
        reply = move_order(intruder, code, token, "new", "picking")
        assert reply.status == 401, f"rc_staff={forged!r} moved an order: {reply.status}"
        unchanged()
    assert move_order(Client(server.port), code, None, "new", "picking").status == 401
    unchanged()

    # Staff without a CSRF token, or with another session's, or with one from another origin.
    assert move_order(staff, code, None, "new", "picking").status == 403
    unchanged()
    assert move_order(staff, code, token, "new", "picking").status == 403
    unchanged()
    reply = staff.post_form(f"/staff/orders/{code}/status", {"_csrf": staff_token, "from": "new", "to": "picking"},
                            headers={"Origin": "http://evil.example"})
    assert reply.status == 403, f"a cross-origin post moved an order: {reply.status}"
    unchanged()
    # A step the board never offers.
    assert move_order(staff, code, staff_token, "new", "ready").status == 422
    unchanged()

    # The same post with the staff cookie and token goes through: the refusals above are real.
    reply = move_order(staff, code, staff_token, "new", "picking")
    assert reply.status == 303 and reply.header("Location") == f"/staff#order-{code}"
    assert order_page(shopper, code)[0] == "picking"

    # Several staff pressing "Mark ready" at once move it one step: one 303, the others 409.
    presses = same_browser(staff, STAFF_PRESSES)
    replies = at_once(STAFF_PRESSES, lambda i: move_order(presses[i], code, staff_token, "picking", "ready"))
    assert all(isinstance(r, Reply) for r in replies), replies
    statuses = Counter(reply.status for reply in replies)
    assert statuses == Counter({303: 1, 409: STAFF_PRESSES - 1}), dict(statuses)
    assert order_page(shopper, code)[0] == "ready"
    assert board_orders(staff)[code] == "ready"
    no_failed_requests(server)
    assert server.stop() == 0
    assert stored_orders(server)[code][0] == "ready"


# ---------------------------------------------------------------- restarts


def test_orders_survive_a_restart_and_kill_9(servers):
    server = servers(staff_token=STAFF_TOKEN)
    port = server.port
    shopper = Client(port)
    token = shopper.csrf()
    expected: dict[str, tuple[str, dict[str, int]]] = {}

    def place(cart: dict[str, int], note: str) -> str:
        nonlocal token
        token = fill_cart(shopper, token, cart)
        sent = send(shopper, token, note=note)
        code = order_code(sent)
        token = shopper.token_after(sent, token)
        expected[code] = ("new", cart)
        return code

    first = place({"bundled-7": 2, "bundled-33": 1}, "before the restart")
    second = place({"bundled-8": 4}, "to be ready")
    staff = staff_client(port)
    staff_token = staff.csrf("/staff")
    for old, new in (("new", "picking"), ("picking", "ready")):
        assert move_order(staff, second, staff_token, old, new).status == 303
    expected[second] = ("ready", expected[second][1])
    # Something in the cart that was not sent stays a cart, not an order.
    token = fill_cart(shopper, token, {"bundled-9": 1})

    def check_all(where: str) -> None:
        for code, (status, cart) in expected.items():
            found_status, quantities, _ = order_page(shopper, code)
            assert (found_status, quantities) == (status, cart), f"{where}: order {code} is {found_status} {quantities}"
        assert cart_orders(shopper) == {code: status for code, (status, _) in expected.items()}, where
        assert board_orders(staff) == {code: status for code, (status, _) in expected.items()}, where
        assert shopper.cart() == {"bundled-9": 1}, where

    check_all("before the restart")
    assert server.stop() == 0
    server = servers(server.data_dir, port=port, staff_token=STAFF_TOKEN)
    for client in (shopper, staff):
        client.close()
    check_all("after a restart")

    # An order acknowledged just before kill -9 is there too, and the cart it came from is empty.
    token = shopper.csrf()
    cart_before = shopper.cart()
    last = order_code(send(shopper, token, note="right before kill -9"))
    expected[last] = ("new", cart_before)
    server.kill9()
    server = servers(server.data_dir, port=port, staff_token=STAFF_TOKEN)
    for client in (shopper, staff):
        client.close()
    for code, (status, cart) in expected.items():
        assert order_page(shopper, code)[:2] == (status, cart), f"after kill -9: order {code}"
    assert shopper.cart() == {}
    assert board_orders(staff) == {code: status for code, (status, _) in expected.items()}
    # The staff sign-in and the order's next step still work.
    assert move_order(staff, first, staff.csrf("/staff"), "new", "picking").status == 303
    assert order_page(shopper, first)[0] == "picking"
    assert server.stop() == 0
    assert server.integrity() == "ok"
    stored = stored_orders(server)
    assert set(stored) == set(expected)
    assert stored[first][0] == "picking" and stored[second][0] == "ready" and stored[last][0] == "new"
    assert stored[first][1] == "before the restart"
    record_stat("orders.restarts_survived", 2)
