"""Remove and "Empty the cart" are taken back with the Undo in their status message: a plain form
post that restores exactly what was there (lines, order, quantities, a running cooking timer),
with JavaScript on and off."""

import pytest
from selenium.webdriver.common.by import By

from browserkit import (
    cart_count,
    cart_line,
    cart_lines,
    click_and_wait,
    fill_cart,
    open_page,
    press_stepper,
    recipe_ids,
    set_viewport,
    status_message,
)


@pytest.fixture
def shopper(scripted_browser):
    return scripted_browser[0]


def running_timers(driver):
    return sorted(
        line.get_attribute("data-recipe-id")
        for line in driver.find_elements(By.CSS_SELECTOR, "li.cart-line")
        if line.find_elements(By.CSS_SELECTOR, '.cooking form.cooking-stop:has(input[name="op"][value="stop"]) button[type="submit"]')
    )


def start_cooking(driver, recipe_id):
    line = cart_line(driver, recipe_id)
    minutes = line.find_elements(By.CSS_SELECTOR, '.cooking input[name="minutes"]')
    if minutes:
        minutes[0].send_keys("30")
    click_and_wait(driver, line.find_element(By.CSS_SELECTOR, '.cooking form.cooking-start:has(input[name="op"][value="start"]) button[type="submit"]'))


def press_undo(driver):
    status = status_message(driver)
    assert status is not None, "no status message after the change"
    assert status.get_attribute("role") == "status"
    undo = status.find_element(By.CSS_SELECTOR, 'form.undo-form[method="post"] button.undo-button')
    assert undo.is_displayed() and undo.text.strip() == "Undo"
    click_and_wait(driver, undo)


@pytest.mark.parametrize("viewport", ["phone-portrait", "desktop"])
def test_remove_then_undo_restores_the_line(shopper, base_url, viewport):
    driver = shopper
    ids = recipe_ids(base_url, 3)
    fill_cart(driver, base_url, {ids[0]: 2, ids[1]: 3, ids[2]: 1})
    set_viewport(driver, viewport)
    open_page(driver, base_url + "/cart")
    start_cooking(driver, ids[1])
    before = cart_lines(driver)
    timers = running_timers(driver)
    assert before == [(ids[0], 2), (ids[1], 3), (ids[2], 1)], before
    assert timers == [ids[1]]

    click_and_wait(driver, cart_line(driver, ids[1]).find_element(By.CSS_SELECTOR, "form.cart-line-remove button"))
    assert cart_lines(driver) == [(ids[0], 2), (ids[2], 1)]
    assert cart_count(driver) == 3
    title_removed = status_message(driver).text
    assert "Undo" in title_removed

    press_undo(driver)
    assert driver.current_url.split("#")[0] == f"{base_url}/cart"
    assert cart_lines(driver) == before, "Undo should put the line back where it was, with its quantity"
    assert running_timers(driver) == timers, "Undo should bring the cooking timer back"
    assert cart_count(driver) == 6
    # The undo is used up: a second post of the same form changes nothing.
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-status-message] .undo-button")


@pytest.mark.parametrize("viewport", ["phone-portrait", "desktop"])
def test_empty_the_cart_then_undo_restores_everything(shopper, base_url, viewport):
    driver = shopper
    ids = recipe_ids(base_url, 4)
    fill_cart(driver, base_url, {ids[2]: 1, ids[0]: 4, ids[3]: 2, ids[1]: 1})
    set_viewport(driver, viewport)
    open_page(driver, base_url + "/cart")
    start_cooking(driver, ids[3])
    before = cart_lines(driver)
    timers = running_timers(driver)
    assert before == [(ids[2], 1), (ids[0], 4), (ids[3], 2), (ids[1], 1)], before

    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "form.cart-clear button"))
    assert cart_lines(driver) == []
    assert cart_count(driver) == 0

    press_undo(driver)
    assert cart_lines(driver) == before, "Undo should restore every line, in order, with its quantity"
    assert running_timers(driver) == timers
    assert cart_count(driver) == 8


def test_undo_is_still_offered_on_the_next_visit(browser, base_url):
    """The offer outlives the page it was shown on: coming back to the cart within the minute still
    shows it."""
    ids = recipe_ids(base_url, 2)
    fill_cart(browser, base_url, {ids[0]: 1, ids[1]: 2})
    open_page(browser, base_url + "/cart")
    click_and_wait(browser, cart_line(browser, ids[0]).find_element(By.CSS_SELECTOR, "form.cart-line-remove button"))
    open_page(browser, f"{base_url}/recipes/{ids[1]}")
    open_page(browser, base_url + "/cart")
    press_undo(browser)
    assert cart_lines(browser) == [(ids[0], 1), (ids[1], 2)]


def test_undo_is_no_longer_offered_once_the_shopper_changed_something_else(browser, base_url):
    """The offer is for the last change: once the shopper has changed the cart since (here + on
    another line), the cart says what that change did and stops offering to undo the removal, now and
    on the next visit."""
    ids = recipe_ids(base_url, 2)
    fill_cart(browser, base_url, {ids[0]: 1, ids[1]: 2})
    open_page(browser, base_url + "/cart")
    click_and_wait(browser, cart_line(browser, ids[0]).find_element(By.CSS_SELECTOR, "form.cart-line-remove button"))
    assert status_message(browser).find_elements(By.CSS_SELECTOR, ".undo-button"), "Remove should offer Undo"

    press_stepper(browser, cart_line(browser, ids[1]), "inc")
    assert cart_lines(browser) == [(ids[1], 3)]
    message = status_message(browser)
    assert message is not None and "3" in message.text, (
        f"the status should say what the + did, not {message.text if message else None!r}"
    )
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-status-message] .undo-button"), (
        "after another change the cart still offers to undo the removal"
    )
    open_page(browser, base_url + "/cart")
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-status-message] .undo-button"), (
        "the next visit still offers to undo a removal the shopper has moved on from"
    )
