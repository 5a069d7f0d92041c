"""Changing an order before packing starts, in chromium with JavaScript on: a shopper sends a carbonara, opens the
order page, presses "Change this order", finds the order's line in the cart under "Changing order CODE", adds a
second batch with the stepper, presses "Send the changes", and lands on the same order's page listing two batches.
The cart is empty again and no longer says it changes an order."""

import re

from selenium.webdriver.common.by import By

from browserkit import add_to_cart_via_browser, cart_line, click_and_wait, open_page, press_stepper, status_message

CARBONARA = "bundled-33"
ORDER_URL = re.compile(r"/orders/([A-Z0-9]{6})$")


def order_line_text(driver, recipe_id):
    lines = driver.find_elements(By.CSS_SELECTOR, f'ul.order-lines li[data-recipe-id="{recipe_id}"]')
    assert len(lines) == 1, f"the order lists {recipe_id} {len(lines)} times"
    return lines[0].text


def test_a_shopper_changes_an_order_with_the_stepper_and_sends_it_under_the_same_code(browser, base_url):
    add_to_cart_via_browser(browser, base_url, CARBONARA)
    open_page(browser, f"{base_url}/cart")
    send = browser.find_element(By.CSS_SELECTOR, 'form.cart-send-form button[type="submit"]')
    assert send.text.strip() == "Send to the shop"
    click_and_wait(browser, send)
    match = ORDER_URL.search(browser.current_url.split("#")[0])
    assert match, f"the send did not open the order page: {browser.current_url}"
    code = match.group(1)
    assert "1 batch" in order_line_text(browser, CARBONARA)

    panel = browser.find_element(By.CSS_SELECTOR, ".order-change[data-order-changeable]")
    assert panel.get_attribute("data-order-changeable") == "true"
    change = panel.find_element(By.CSS_SELECTOR, 'form.order-change-form button[type="submit"]')
    assert change.text.strip() == "Change this order"
    click_and_wait(browser, change)

    assert browser.current_url.split("#")[0] == f"{base_url}/cart"
    banner = browser.find_element(By.CSS_SELECTOR, ".cart-changing[data-changing-order]")
    assert banner.get_attribute("data-changing-order") == code
    assert f"Changing order {code}" in banner.text
    assert f"Order {code} is in your cart" in status_message(browser).text
    line = cart_line(browser, CARBONARA)
    assert line is not None and line.get_attribute("data-quantity") == "1"

    press_stepper(browser, cart_line(browser, CARBONARA), "inc")
    assert cart_line(browser, CARBONARA).get_attribute("data-quantity") == "2"
    assert browser.find_element(By.CSS_SELECTOR, ".cart-changing").get_attribute("data-changing-order") == code
    assert browser.find_element(By.CSS_SELECTOR, "#cart-send-heading").text.strip() == "Send the changes"
    send = browser.find_element(By.CSS_SELECTOR, 'form.cart-send-form button[type="submit"]')
    assert send.text.strip() == "Send the changes"
    click_and_wait(browser, send)

    assert browser.current_url.split("#")[0] == f"{base_url}/orders/{code}", browser.current_url
    assert browser.find_element(By.CSS_SELECTOR, "section.order").get_attribute("data-order-code") == code
    assert "2 batches" in order_line_text(browser, CARBONARA)
    assert f"Changes sent. Order {code} is updated, under the same code." in status_message(browser).text
    assert browser.find_element(By.CSS_SELECTOR, ".order-change").get_attribute("data-order-changeable") == "true"

    open_page(browser, f"{base_url}/cart")
    assert cart_line(browser, CARBONARA) is None
    assert not browser.find_elements(By.CSS_SELECTOR, ".cart-changing")
    listed = browser.find_elements(By.CSS_SELECTOR, f'.cart-orders li[data-order-code="{code}"]')
    assert len(listed) == 1, "the order is listed once on the cart page"
