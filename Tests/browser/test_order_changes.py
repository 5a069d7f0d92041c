"""Changing an order before packing starts, in every engine (Chromium, WebKit, Firefox ESR), on a shop of the test's
own: a shopper sends a carbonara, opens the order page, presses "Change this order", finds the order's line in the
cart under "Changing order CODE", adds a second batch with the stepper, presses "Send the changes", and lands on the
same order's page listing two batches. The cart is empty again and no longer says it changes an order. Every page
passes pagechecks.py.

Run one engine with `Tests/browser/run test_order_changes.py -k webkit` (or chromium, firefox)."""

import re

import pytest

from engines import ENGINES
from pagechecks import check_page
from test_engines import stepper_button

CARBONARA = "bundled-33"
ORDER_URL = re.compile(r"/orders/([A-Z0-9]{6})$")


def order_line_text(browser, recipe_id):
    lines = browser.find_all(f'ul.order-lines li[data-recipe-id="{recipe_id}"]')
    assert len(lines) == 1, f"{browser.engine}: the order lists {recipe_id} {len(lines)} times"
    return browser.js("return arguments[0].textContent;", lines[0])


def status_text(browser):
    return browser.js("return arguments[0].textContent;", browser.find("main [data-status-message]"))


def cart_line(browser, recipe_id):
    found = browser.find_all(f'li.cart-line[data-recipe-id="{recipe_id}"]')
    return found[0] if found else None


@pytest.mark.parametrize("engine", ENGINES)
def test_a_shopper_changes_an_order_with_the_stepper_and_sends_it_under_the_same_code(launched, own_server, engine):
    base_url = own_server.url
    browser = launched(engine)
    browser.open(f"{base_url}/recipes/{CARBONARA}")
    browser.click(stepper_button(browser, browser.find(".recipe"), "inc"))
    browser.open(f"{base_url}/cart")
    send = browser.find('form.cart-send-form button[type="submit"]')
    assert send.text.strip() == "Send to the shop"
    browser.click(send)
    match = ORDER_URL.search(browser.url.split("#")[0])
    assert match, f"{engine}: the send did not open the order page: {browser.url}"
    code = match.group(1)
    check_page(browser, "order page with Change this order")
    assert "1 batch" in order_line_text(browser, CARBONARA)

    panel = browser.find(".order-change[data-order-changeable]")
    assert panel.get_attribute("data-order-changeable") == "true"
    change = browser.find('form.order-change-form button[type="submit"]', panel)
    assert change.text.strip() == "Change this order"
    browser.click(change)

    assert browser.url.split("#")[0] == f"{base_url}/cart", browser.url
    check_page(browser, "cart changing an order")
    banner = browser.find(".cart-changing[data-changing-order]")
    assert banner.get_attribute("data-changing-order") == code
    assert f"Changing order {code}" in browser.js("return arguments[0].textContent;", banner)
    assert f"Order {code} is in your cart" in status_text(browser)
    line = cart_line(browser, CARBONARA)
    assert line is not None and line.get_attribute("data-quantity") == "1"

    browser.click(stepper_button(browser, cart_line(browser, CARBONARA), "inc"))
    browser.open(f"{base_url}/cart")
    assert cart_line(browser, CARBONARA).get_attribute("data-quantity") == "2"
    assert browser.find(".cart-changing").get_attribute("data-changing-order") == code
    assert browser.find("#cart-send-heading").text.strip() == "Send the changes"
    send = browser.find('form.cart-send-form button[type="submit"]')
    assert send.text.strip() == "Send the changes"
    browser.click(send)

    assert browser.url.split("#")[0] == f"{base_url}/orders/{code}", browser.url
    assert browser.find("section.order").get_attribute("data-order-code") == code
    assert "2 batches" in order_line_text(browser, CARBONARA)
    assert f"Changes sent. Order {code} is updated, under the same code." in status_text(browser)
    assert browser.find(".order-change").get_attribute("data-order-changeable") == "true"

    browser.open(f"{base_url}/cart")
    assert cart_line(browser, CARBONARA) is None
    assert not browser.find_all(".cart-changing")
    listed = browser.find_all(f'.cart-orders li[data-order-code="{code}"]')
    assert len(listed) == 1, f"{engine}: the order is listed once on the cart page"
