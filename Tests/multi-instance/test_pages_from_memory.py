"""Pages answered from what an instance remembers of a session (on the event loop, without reading PostgreSQL) still
show the shopper's own posts at once, whichever instance answered them: each post's answer carries the time of the
shopper's last write (the rc_wrote cookie), and an instance trusts only what it read of the session well after it."""

from __future__ import annotations

import html
import re

from mikit import MultiClient, multipart, sign_in_staff
from rckit import wait_until

BADGE_RE = re.compile(r'data-cart-count="(\d+)"')
STEPPER_RE = re.compile(r'class="stepper-quantity" data-quantity="(\d+)"')
# An instance trusts what it read of a session only once that read is well past the session's last write (by what it
# allows for two instances' clocks to differ, LastWrite.clockSkew, 1 s): longer than that, something is wrong.
TRUSTED_WITHIN = 10


def badge(text: str) -> int:
    match = BADGE_RE.search(text)
    assert match, "the page has no cart badge"
    return int(match.group(1))


def from_memory(server, path: str) -> int:
    """How many GETs of `path` the instance answered on the event loop: its log line comes from below the router."""
    lines = server.log_text().splitlines()
    return sum(1 for line in lines
               if f"path={path} " in line and "method=GET" in line and "status=200" in line
               and line.endswith("[RecipeCartWire] Request"))


def until_answered_from_memory(browser: MultiClient, server, path: str, shows) -> None:
    """Opens `path` on `server` until the instance answers it from memory; every answer on the way must pass `shows`."""
    logged = path.split("?")[0]

    def answered() -> bool:
        before = from_memory(server, logged)
        text = page(browser, server.port, path).text
        assert shows(text), f"{path} on port {server.port} shows the wrong thing"
        return wait_until(lambda: from_memory(server, logged) > before, 0.2, interval=0.02) is not None

    assert wait_until(answered, TRUSTED_WITHIN, interval=0.1), \
        f"{path} on port {server.port} was never answered from memory"


def page(browser: MultiClient, port: int, path: str):
    """A page as a browser opens it some time after its last post, its one-shot cookies long spent: all it carries
    is the session and the time of its last post."""
    for name in list(browser.cookies):
        if name.endswith(("rc_cart_changed", "rc_status")):
            del browser.cookies[name]
    reply = browser.on(port).get(path)
    assert reply.status == 200, f"{path} on port {port} answered {reply.status}"
    return reply


def shopper_with_a_cart(shops):
    """Two instances without a metrics port, so they answer kept pages on the event loop as in production, and a
    browser that put bundled-1 in its cart through the first: the shop, the instances, the browser and its token."""
    shop = shops(instances=2, metrics=False)
    one, two = shop.instances
    browser = MultiClient(shop.ports)
    token = browser.on(one.port).csrf()
    reply = browser.on(one.port).step("bundled-1", "inc", token)
    assert reply.status == 303
    return shop, one, two, browser, browser.on(one.port).token_after(reply, token)


def test_a_post_on_one_instance_shows_at_once_on_a_page_another_answers_from_memory(shops):
    shop, one, two, browser, token = shopper_with_a_cart(shops)
    assert any(name.endswith("rc_wrote") for name in browser.cookies), f"the post set no rc_wrote: {browser.cookies}"
    # A post refused with an error page is stamped too: a post may fail after it wrote.
    refused = browser.on(one.port).step("bundled-1", "inc", "not-a-real-token")
    assert refused.status == 403
    assert any(line.startswith("rc_wrote=") for line in refused.all_headers("Set-Cookie")), "a refused post set no rc_wrote"

    # Well after that post, instance 2 reads the session once, then answers from memory.
    for path in ("/?q=chicken", "/recipes/bundled-2"):
        until_answered_from_memory(browser, two, path, lambda text: badge(text) == 1)

    for round_number in range(1, 4):
        # A post on instance 1; instance 2's memory of the session is now older than it.
        assert browser.on(one.port).step("bundled-2", "inc", token).status == 303
        recipe = page(browser, two.port, "/recipes/bundled-2")
        assert badge(recipe.text) == 1 + round_number
        stepper = STEPPER_RE.search(recipe.text)
        assert stepper and int(stepper.group(1)) == round_number, "bundled-2's page does not show its new line"
        assert badge(page(browser, two.port, "/?q=chicken").text) == 1 + round_number

    # And the other way round: a post on instance 2 after instance 1 read the session.
    until_answered_from_memory(browser, one, "/?q=chicken", lambda text: badge(text) == 4)
    answered = from_memory(one, "/")
    assert browser.on(two.port).step("bundled-1", "dec", token).status == 303
    assert badge(page(browser, one.port, "/?q=chicken").text) == 3
    assert from_memory(one, "/") == answered, "a page from before the post was answered from memory"
    # Through nginx, whichever instance it picks.
    for _ in range(4):
        assert badge(page(browser, shop.nginx.port, "/?q=chicken").text) == 3


def test_a_shoppers_own_version_made_on_one_instance_shows_at_once_where_the_page_came_from_memory(shops):
    shop, one, two, browser, _ = shopper_with_a_cart(shops)
    title = "My own crumble, my way"
    until_answered_from_memory(browser, two, "/recipes/bundled-3", lambda text: title not in text)

    form = browser.on(one.port).get("/recipes/bundled-3/edit")
    assert form.status == 200
    fields = [(name, hidden(form.text, name)) for name in ("_csrf", "version", "copy")]
    assert dict(fields)["copy"] != "shop", "a shopper should edit their own copy"
    fields += [("title", title), ("description", "Mine."), ("step", "Bake it my way."), ("action-save", "")]
    body, content_type = multipart(fields)
    saved = browser.on(one.port).request("POST", "/recipes/bundled-3/edit", body=body, headers={"Content-Type": content_type})
    assert saved.status == 303, f"the edit answered {saved.status}: {saved.text[:400]!r}"
    answered = from_memory(two, "/recipes/bundled-3")
    assert title in page(browser, two.port, "/recipes/bundled-3").text
    assert from_memory(two, "/recipes/bundled-3") == answered
    # Another shopper still sees the shop's copy.
    assert title not in MultiClient(shop.ports).on(two.port).get("/recipes/bundled-3").text


def cart_line(recipe: str) -> str:
    return f'<li class="cart-line" data-recipe-id="{recipe}"'


def order_status(text: str, code: str) -> str | None:
    found = re.search(r'data-order-code="%s" data-order-status="([a-z]+)"' % re.escape(code), text)
    return found.group(1) if found else None


def test_a_cart_page_kept_on_one_instance_shows_posts_and_order_moves_made_on_another(shops):
    shop, one, two, browser, token = shopper_with_a_cart(shops)
    until_answered_from_memory(browser, two, "/cart", lambda text: cart_line("bundled-1") in text)

    # A post on instance 1: the page instance 2 kept is older than it.
    assert browser.on(one.port).step("bundled-2", "inc", token).status == 303
    answered = from_memory(two, "/cart")
    assert cart_line("bundled-2") in page(browser, two.port, "/cart").text
    assert from_memory(two, "/cart") == answered, "a cart page from before the post was answered from memory"

    sent = browser.on(one.port).post_form("/cart/order", {"_csrf": token, "note": "Kept pages"})
    assert sent.status == 303, sent.text[:300]
    code = (sent.header("location") or "").rsplit("/", 1)[-1]
    until_answered_from_memory(browser, two, "/cart", lambda text: order_status(text, code) == "new")
    # Staff move it on instance 1; the shopper posted nothing, and instance 2 shows the move within about a second.
    staff = MultiClient(shop.ports)
    sign_in_staff(staff.on(one.port))
    staff_token = re.search(r'name="_csrf" value="([^"]+)"', staff.on(one.port).get("/staff").text).group(1)
    moved = staff.on(one.port).post_form(
        f"/staff/orders/{code}/status", {"_csrf": staff_token, "from": "new", "to": "picking"})
    assert moved.status == 303
    assert wait_until(lambda: order_status(page(browser, two.port, "/cart").text, code) == "picking", timeout=1.5), \
        "instance 2 still shows the order as new"


def hidden(page_text: str, name: str) -> str:
    match = re.search(rf'<input type="hidden" name="{name}" value="([^"]*)"', page_text)
    assert match, f"the edit form has no {name} field"
    return html.unescape(match.group(1))
