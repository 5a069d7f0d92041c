"""One shop, whichever instance answers: a session cookie and CSRF token made by one instance are good on the
others, and the staff board on any instance shows every cart made through any of them."""

from __future__ import annotations

from mikit import MultiClient, sign_in_staff, staff_carts
from rckit import BUNDLED_IDS, Client


def test_a_session_and_its_token_made_on_instance_1_are_valid_on_2_and_3(shop):
    one, two, three = (server.port for server in shop.instances)
    browser = MultiClient(shop.ports)
    token = browser.on(one).csrf()
    assert browser.cookies, "instance 1 set no session cookie"

    # The check is real: a made-up token is refused on the other instances.
    for port in (two, three):
        assert browser.on(port).step("bundled-1", "inc", "not-a-real-token").status == 403

    first = browser.on(two).step("bundled-1", "inc", token)
    assert first.status == 303, f"instance 2 refused instance 1's session and token: {first.status}"
    if first.new_session:
        # The first cart line rotates the session id (set by instance 2): the old token is void on every instance.
        old_token, token = token, browser.on(one).csrf()
        assert token != old_token
        assert browser.on(three).step("bundled-1", "inc", old_token).status == 403
    assert browser.on(three).step("bundled-2", "set", token, quantity=4).status == 303
    token_from_three = browser.on(three).csrf()
    assert browser.on(one).step("bundled-1", "inc", token_from_three).status == 303
    assert browser.on(shop.nginx.port).step("bundled-3", "inc", token).status == 303

    expected = {"bundled-1": 2, "bundled-2": 4, "bundled-3": 1}
    for port in shop.ports:
        assert browser.on(port).cart() == expected, f"the cart read on port {port}"
    # Nobody else's session sees it.
    for port in shop.ports:
        assert Client(port).cart() == {}


def test_the_staff_board_on_any_instance_shows_every_cart(shop):
    ports = shop.ports
    expected = []
    for index in range(9):
        port = ports[index % len(ports)]
        browser = MultiClient(ports)
        token = browser.on(port).csrf()
        reply = browser.on(port).step(BUNDLED_IDS[index], "set", token, quantity=index + 2)
        assert reply.status == 303
        if reply.new_session:
            token = browser.on(port).csrf()
        other = ports[(index + 1) % len(ports)]
        assert browser.on(other).step(BUNDLED_IDS[20 + index % 3], "inc", token).status == 303
        expected.append({BUNDLED_IDS[index]: index + 2, BUNDLED_IDS[20 + index % 3]: 1})

    # A shopper cannot open the board.
    assert Client(shop.instances[0].port).get("/staff").status in (401, 403)

    # Staff sign in on instance 3; the staff cookie works on every instance and through nginx.
    staff = MultiClient(ports)
    sign_in_staff(staff.on(shop.instances[2].port))
    want = sorted(sorted(cart.items()) for cart in expected)
    for port in ports:
        page = staff.on(port).get("/staff")
        assert page.status == 200, f"/staff on port {port} answered {page.status}"
        carts = staff_carts(page.text)
        assert len(carts) == len(expected), f"board on port {port} shows {len(carts)} carts, not {len(expected)}"
        assert sorted(sorted(cart.items()) for cart in carts.values()) == want, f"board on port {port}: {carts}"
