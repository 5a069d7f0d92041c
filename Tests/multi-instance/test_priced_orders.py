"""Priced orders across instances: a product with 10 packs on the shelf, imported and matched by staff as a grocer
would, and 50 shoppers pressing "Send to the shop" at once through two instances on one PostgreSQL. Exactly 10
orders are placed and 10 packs sold; the 40 others are told the shelf is short (409), nothing of theirs placed and
their carts kept; nothing answers 500. A cancel on one instance's board puts the pack back, and a shopper on the
other instance can then have it."""

from __future__ import annotations

import html
import re
import threading

import pytest

from mikit import MultiClient, multipart, sign_in_staff
from rckit import Reply, parse_cart, wait_until

SKU = "RC-BUTTER-250"
NAME = "Shop butter 250 g"
PACKS = 10
SHOPPERS = 50
# Molten chocolate lava cakes: 100 g of butter a batch, so one 250 g pack.
RECIPE = "bundled-2"
SHORT = f"Not enough on the shelf: {NAME} has none left."
ORDER_RE = re.compile(r"^/orders/([2-9A-HJKMNP-Z]{6})$")
# The cart page's list row for butter, priced at the shop's product: one pack of it.
BUTTER_ROW_RE = re.compile(
    r'<li class="shopping-item" data-item="butter"(?=[^>]*\sdata-sku="%s")(?=[^>]*\sdata-packs="1")' % SKU)
# The order page's bill row for the butter.
BILL_ROW_RE = re.compile(r'<tr data-pick-row="butter" data-sku="%s" data-price-minor="249"><td>1 × 250 g %s</td>'
                         % (SKU, NAME))


def till_file(packs: int) -> bytes:
    return ("sku,name,price,pack_size,pack_unit,stock,aisle,gtin,sold_by_weight\n"
            f"{SKU},{NAME},2.49,250,g,{packs},dairy-eggs,,false\n").encode()


def shelf_stock(staff, port: int) -> str:
    """The product's stock as the staff products page shows it."""
    page = staff.on(port).get(f"/staff/products?q={SKU}")
    assert page.status == 200, f"/staff/products answered {page.status}"
    found = re.search(r'<tr data-sku="%s"[^>]*\sdata-stock="([^"]*)"' % SKU, page.text)
    assert found, f"the staff products page on {port} does not list {SKU}"
    return found.group(1)


def stock_the_shelf(shop, staff, port: int, packs: int = PACKS) -> None:
    """Staff upload the till's file and confirm that butter is sold as this product."""
    sign_in_staff(staff.on(port))
    token = staff.on(port).csrf("/staff/products")
    body, content_type = multipart([("_csrf", token), ("format", "plain")],
                                   [("file", "till.csv", "text/csv", till_file(packs))])
    uploaded = staff.on(port).request("POST", "/staff/products/import", body=body,
                                      headers={"Content-Type": content_type})
    assert uploaded.status == 303, f"the upload answered {uploaded.status}: {uploaded.text[:400]!r}"
    matched = staff.on(port).post_form("/staff/products/matches",
                                       {"_csrf": token, "ingredient": "butter", "sku": SKU})
    assert matched.status == 303, f"the match answered {matched.status}: {matched.text[:400]!r}"
    assert shelf_stock(staff, port) == str(packs)
    assert shop.psql(f"SELECT stock FROM products WHERE sku = '{SKU}'") == str(packs)


def shopper_with_cakes(ports: list[int], port: int) -> tuple[MultiClient, str]:
    """A shopper with one batch of lava cakes in the cart, its list taking one pack of the shop's butter."""
    shopper = MultiClient(ports)
    token = shopper.on(port).csrf()
    reply = shopper.on(port).step(RECIPE, "inc", token)
    assert reply.status == 303, f"adding {RECIPE} answered {reply.status}"
    return shopper, shopper.on(port).token_after(reply, token)


def butter_priced(shopper: MultiClient, port: int) -> bool:
    return bool(BUTTER_ROW_RE.search(shopper.on(port).get("/cart").text))


def send(shopper: MultiClient, port: int, token: str, note: str) -> Reply:
    return shopper.on(port).post_form("/cart/order", {"_csrf": token, "note": note})


def placed_code(reply: Reply) -> str:
    assert reply.status == 303, f"the send answered {reply.status}: {reply.text[:300]!r}"
    found = ORDER_RE.match(reply.header("location") or "")
    assert found, reply.header("location")
    return found.group(1)


def assert_refused_and_kept(reply: Reply, shopper: MultiClient, ports: list[int], note: str) -> None:
    assert reply.status == 409, f"the send answered {reply.status}: {reply.text[:300]!r}"
    assert SHORT in reply.text, f"the refusal does not say the shelf is short: {reply.text[:600]!r}"
    assert "Nothing was sent: your cart and note are kept." in reply.text
    assert f'value="{html.escape(note)}"' in reply.text, "the typed note was not kept"
    assert parse_cart(reply.text) == {RECIPE: 1}, "the refused page does not show the cart"
    for port in ports:
        assert shopper.on(port).cart() == {RECIPE: 1}, f"the refused shopper's cart is not kept on {port}"


def test_fifty_shoppers_through_two_instances_buy_the_ten_packs_and_a_cancel_gives_one_back(shops):
    shop = shops(instances=2)
    one, two = (server.port for server in shop.instances)
    staff = MultiClient(shop.ports)
    stock_the_shelf(shop, staff, one)

    ports = [one, two]
    shoppers = [shopper_with_cakes(shop.ports, ports[index % 2]) for index in range(SHOPPERS)]
    # Each cart page, on the instance the shopper sends through, prices the butter at the shop's product.
    for index, (shopper, _) in enumerate(shoppers):
        port = ports[index % 2]
        assert wait_until(lambda: butter_priced(shopper, port), timeout=5), \
            f"shopper {index}'s cart page on {port} does not price butter at {SKU}"

    replies: list[Reply | Exception | None] = [None] * SHOPPERS
    start = threading.Barrier(SHOPPERS)

    def press(index: int) -> None:
        shopper, token = shoppers[index]
        start.wait(timeout=60)
        try:
            replies[index] = send(shopper, ports[index % 2], token, f"Shopper {index} & co")
        except Exception as error:  # noqa: BLE001 (reported below with the others)
            replies[index] = error

    threads = [threading.Thread(target=press, args=(index,)) for index in range(SHOPPERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    failed = [(index, reply) for index, reply in enumerate(replies) if not isinstance(reply, Reply)]
    assert not failed, f"sends without an answer: {failed[:5]}"
    statuses = sorted(reply.status for reply in replies)
    assert statuses == [303] * PACKS + [409] * (SHOPPERS - PACKS), statuses

    winners = {index: placed_code(reply) for index, reply in enumerate(replies) if reply.status == 303}
    losers = [index for index, reply in enumerate(replies) if reply.status == 409]
    for index in losers:
        assert_refused_and_kept(replies[index], shoppers[index][0], ports, f"Shopper {index} & co")
    for index, code in winners.items():
        shopper = shoppers[index][0]
        for port in ports:
            assert shopper.on(port).cart() == {}, f"winner {index}'s cart is not empty on {port}"
        page = shopper.on(ports[(index + 1) % 2]).get(f"/orders/{code}").text
        assert BILL_ROW_RE.search(page), f"order {code}'s bill does not show the pack of butter"

    assert shop.psql("SELECT count(*) FROM orders") == str(PACKS)
    assert shop.psql(f"SELECT stock FROM products WHERE sku = '{SKU}'") == "0"
    for port in ports:
        assert shelf_stock(staff, port) == "0"
    for server in shop.instances:
        log = server.log_path.read_text(errors="replace")
        assert "status=500" not in log and "request failed" not in log, f"a 500 on {server.port}"

    # Staff on instance one cancel an order; a refused shopper on instance two can then have its pack.
    cancelled = next(iter(winners.values()))
    board_token = staff.on(one).csrf("/staff")
    moved = staff.on(one).post_form(f"/staff/orders/{cancelled}/status",
                                    {"_csrf": board_token, "from": "new", "to": "cancelled"})
    assert moved.status == 303, f"the cancel answered {moved.status}"
    assert shelf_stock(staff, two) == "1"
    assert shop.psql(f"SELECT stock FROM products WHERE sku = '{SKU}'") == "1"

    late = next(index for index in losers if ports[index % 2] == two)
    shopper, token = shoppers[late]
    assert wait_until(lambda: butter_priced(shopper, two), timeout=5), "instance two still prices no butter"
    code = placed_code(send(shopper, two, token, "After the cancel"))
    assert BILL_ROW_RE.search(shopper.on(one).get(f"/orders/{code}").text), f"order {code} has no pack of butter"
    assert shop.psql(f"SELECT stock FROM products WHERE sku = '{SKU}'") == "0"
    assert shop.psql("SELECT count(*) FROM orders WHERE status <> 'cancelled'") == str(PACKS)



def test_a_cart_page_that_priced_the_last_pack_is_refused_once_another_instance_sold_it(shops):
    """The shopper's cart page on instance two priced the butter at the last pack; another shopper takes it through
    instance one; the first shopper's send must be refused naming the butter, not placed without it. Today the send
    prices the cart again at the shelf, where the emptied product now has no offer at all, so the butter row drops out
    of the priced rows, no stock is asked of it, and the order is placed (303) with the butter on its list but neither
    priced nor taken from the shelf."""
    shop = shops(instances=2)
    one, two = (server.port for server in shop.instances)
    staff = MultiClient(shop.ports)
    stock_the_shelf(shop, staff, one, packs=1)
    late, late_token = shopper_with_cakes(shop.ports, two)
    assert wait_until(lambda: butter_priced(late, two), timeout=5), "instance two does not price butter"
    first, first_token = shopper_with_cakes(shop.ports, one)
    placed_code(send(first, one, first_token, "First"))
    assert shop.psql(f"SELECT stock FROM products WHERE sku = '{SKU}'") == "0"
    # Instance two has seen the shelf empty: a fresh cart page there no longer offers the butter.
    watcher, _ = shopper_with_cakes(shop.ports, two)
    assert wait_until(lambda: 'data-item="butter" data-currency="EUR" data-stock="out"'
                      in watcher.on(two).get("/cart").text, timeout=5), "instance two never saw the butter sold out"

    reply = send(late, two, late_token, "Late")
    if reply.status == 303:
        code = placed_code(reply)
        assert not BILL_ROW_RE.search(late.on(one).get(f"/orders/{code}").text)
        assert shop.psql(f"SELECT stock FROM products WHERE sku = '{SKU}'") == "0"
        pytest.xfail(f"known fault: the send was placed as order {code} without the butter its page had priced, "
                     "instead of refused with 409 naming it (see the docstring)")
    assert_refused_and_kept(reply, late, [one, two], "Late")
    assert shop.psql("SELECT count(*) FROM orders") == "1"
