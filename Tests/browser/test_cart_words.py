"""What the cart controls say. At zero the detail page offers one "Add to cart" button (no bare
− 0 +); once in the cart the stepper is captioned and its number, the badge and the cart summary
say they count batches of recipes. Phone and desktop, JavaScript on and off."""

import re

import pytest
from selenium.webdriver.common.by import By

from browserkit import (
    cart_badge,
    detail_quantity,
    fill_cart,
    open_page,
    press_stepper,
    recipe_ids,
    set_viewport,
)


@pytest.fixture
def shopper(scripted_browser):
    return scripted_browser[0]


BOX = "const r = arguments[0].getBoundingClientRect(); return {w: r.width, h: r.height};"


@pytest.mark.parametrize("viewport", ["phone-portrait", "desktop"])
def test_add_to_cart_at_zero_then_a_captioned_stepper(shopper, base_url, viewport):
    driver = shopper
    recipe_id = recipe_ids(base_url, 1)[0]
    set_viewport(driver, viewport)
    open_page(driver, f"{base_url}/recipes/{recipe_id}")

    block = driver.find_element(By.CSS_SELECTOR, ".recipe-cart")
    assert not block.find_elements(By.CSS_SELECTOR, ".stepper"), "a bare stepper at zero"
    add = block.find_element(By.CSS_SELECTOR, 'form.add-to-cart[method="post"]:has(input[name="op"][value="inc"]) button[type="submit"]')
    assert add.is_displayed() and add.text.strip() == "Add to cart"
    size = driver.execute_script(BOX, add)
    assert size["h"] >= 44 and size["w"] >= 44, size
    style = driver.execute_script(
        "const cs = getComputedStyle(arguments[0]); return [cs.backgroundColor, cs.color]", add
    )
    assert style[0] not in ("rgba(0, 0, 0, 0)", "transparent"), "Add to cart should be the filled, primary button"
    assert cart_badge(driver).get_attribute("aria-label"), "the badge needs words, not only a number"

    press_stepper(driver, driver.find_element(By.CSS_SELECTOR, ".recipe"), "inc")
    assert detail_quantity(driver) == 1
    block = driver.find_element(By.CSS_SELECTOR, ".recipe-cart")
    caption = block.find_element(By.CSS_SELECTOR, ".recipe-cart-label")
    assert caption.is_displayed() and caption.text.strip() == "In your cart"
    number = block.find_element(By.CSS_SELECTOR, ".stepper output")
    assert number.get_attribute("aria-label") == "1 batch in your cart"
    assert not block.find_elements(By.CSS_SELECTOR, "form.add-to-cart")
    badge = cart_badge(driver)
    assert badge.text.strip() == "1"
    assert re.fullmatch(r"1 batch\b.*in your cart", badge.get_attribute("aria-label")), badge.get_attribute("aria-label")

    press_stepper(driver, driver.find_element(By.CSS_SELECTOR, ".recipe"), "inc")
    number = driver.find_element(By.CSS_SELECTOR, ".recipe-cart .stepper output")
    assert number.get_attribute("aria-label") == "2 batches in your cart"
    assert re.fullmatch(r"2 batches\b.*in your cart", cart_badge(driver).get_attribute("aria-label"))


def test_cart_summary_counts_recipes_and_batches(browser, base_url):
    ids = recipe_ids(base_url, 2)
    fill_cart(browser, base_url, {ids[0]: 1})
    open_page(browser, base_url + "/cart")
    assert browser.find_element(By.CSS_SELECTOR, ".cart .result-summary").text.strip() == "1 recipe · 1 batch"
    fill_cart(browser, base_url, {ids[1]: 3})
    open_page(browser, base_url + "/cart")
    assert browser.find_element(By.CSS_SELECTOR, ".cart .result-summary").text.strip() == "2 recipes · 4 batches"
    for output in browser.find_elements(By.CSS_SELECTOR, "li.cart-line .stepper output"):
        assert re.fullmatch(r"\d+ batch(es)? in your cart", output.get_attribute("aria-label"))
