"""Orders across instances: a cart filled through one instance is sent through another, the staff board on a third
shows it and moves it along, and the shopper sees its status through any of them. Two instances receiving the same
send at once make one order."""

from __future__ import annotations

import re
import threading

from mikit import MultiClient, sign_in_staff
from rckit import SESSION_COOKIES, Client


def order_status(page: str, code: str) -> str | None:
    found = re.search(r'data-order-code="%s" data-order-status="([a-z]+)"' % re.escape(code), page)
    return found.group(1) if found else None


def test_an_order_sent_through_one_instance_is_packed_from_the_board_on_another(shop):
    one, two, three = (server.port for server in shop.instances)
    shopper = MultiClient(shop.ports)
    token = shopper.on(one).csrf()
    reply = shopper.on(one).step("bundled-33", "inc", token)
    assert reply.status == 303
    if reply.new_session:
        token = shopper.on(one).csrf()
    assert shopper.on(two).step("bundled-1", "set", token, quantity=2).status == 303

    planted = {name: value for name, value in shopper.cookies.items() if name in SESSION_COOKIES}
    sent = shopper.on(two).post_form("/cart/order", {"_csrf": token, "note": "Across instances"})
    assert sent.status == 303, sent.text[:300]
    location = sent.header("location") or ""
    assert re.fullmatch(r"/orders/[2-9A-HJKMNP-Z]{6}", location), location
    code = location.rsplit("/", 1)[1]
    # The send renewed the session id: every instance shows the order to the new id, none to the old one, which
    # someone may have planted in the browser before (it holds no send claim).
    assert sent.new_session and sent.new_session not in planted.values(), "the send set no new session id"
    for port in shop.ports:
        assert shopper.on(port).cart() == {}, f"the cart is not empty on port {port}"
        assert order_status(shopper.on(port).get(location).text, code) == "new"
        old = Client(port)
        old.cookies = dict(planted)
        assert old.get(location).status == 404, f"the old id sees the order on port {port}"
        assert old.cart() == {} and code not in old.get("/cart").text, f"the old id sees the cart on port {port}"

    staff = MultiClient(shop.ports)
    sign_in_staff(staff.on(three))
    board = staff.on(one).get("/staff").text
    assert order_status(board, code) == "new"
    staff_token = re.search(r'name="_csrf" value="([^"]+)"', board).group(1)
    for port, (current, target) in zip((one, two, three), (("new", "picking"), ("picking", "ready"))):
        moved = staff.on(port).post_form(f"/staff/orders/{code}/status", {"_csrf": staff_token, "from": current, "to": target})
        assert moved.status == 303, f"{current} → {target} on port {port}: {moved.status}"
    # The same step pressed on another instance's stale board moves nothing.
    again = staff.on(three).post_form(f"/staff/orders/{code}/status", {"_csrf": staff_token, "from": "picking", "to": "ready"})
    assert again.status == 409
    for port in shop.ports:
        assert order_status(shopper.on(port).get(location).text, code) == "ready"


def test_the_same_send_reaching_every_instance_at_once_makes_one_order(shop):
    shopper = MultiClient(shop.ports)
    first = shop.ports[0]
    token = shopper.on(first).csrf()
    reply = shopper.on(first).step("bundled-2", "set", token, quantity=3)
    if reply.new_session:
        token = shopper.on(first).csrf()
    assert shopper.on(first).step("bundled-5", "inc", token).status == 303

    orders_before = int(shop.psql("SELECT count(*) FROM orders"))
    statuses: list[int] = []
    lock = threading.Lock()
    start = threading.Barrier(9)

    def send(port: int) -> None:
        client = MultiClient(shop.ports).on(port)
        client.cookies.update(shopper.cookies)
        start.wait()
        status = client.post_form("/cart/order", {"_csrf": token}).status
        with lock:
            statuses.append(status)

    threads = [threading.Thread(target=send, args=(shop.ports[index % len(shop.ports)],)) for index in range(9)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [303] + [409] * 8, statuses
    assert int(shop.psql("SELECT count(*) FROM orders")) == orders_before + 1
    content = shop.psql("SELECT content_json FROM orders ORDER BY placed_at DESC LIMIT 1")
    assert '"recipeID":"bundled-2"' in content and '"quantity":3' in content and '"recipeID":"bundled-5"' in content
    for port in shop.ports:
        assert shopper.on(port).cart() == {}
