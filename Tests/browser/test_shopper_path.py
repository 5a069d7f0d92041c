"""A shopper's whole path through the shop, with JavaScript on and then off.

search → open a recipe → + + → the cart shows 2 (badge and line) → a reload keeps 2 → − →
Remove → the empty cart. Every step is a real click in chromium; every stepper press is a
form post answered by a 303.
"""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browserkit import (
    cart_count,
    cart_line,
    click_and_wait,
    detail_quantity,
    open_page,
    press_stepper,
    wait_for_new_page,
)

SEARCH = "lentil"


def walk_shopper_path(driver, base_url):
    # Browse, then search by typing in the box and pressing Enter (a GET form).
    open_page(driver, base_url + "/")
    assert cart_count(driver) == 0
    box = driver.find_element(By.ID, "q")
    box.clear()
    box.send_keys(SEARCH)
    root = driver.find_element(By.TAG_NAME, "html")
    box.send_keys(Keys.ENTER)
    wait_for_new_page(driver, root)
    assert f"q={SEARCH}" in driver.current_url
    assert driver.find_element(By.ID, "q").get_attribute("value") == SEARCH

    # Open the first result: a Popular tile or a row of the Other list.
    results = driver.find_elements(By.CSS_SELECTOR, "main [data-recipe-id] a[href^='/recipes/']")
    assert results, f"searching {SEARCH!r} found nothing"
    first = results[0]
    recipe_id = first.find_element(By.XPATH, "ancestor::*[@data-recipe-id][1]").get_attribute("data-recipe-id")
    click_and_wait(driver, first)
    assert driver.current_url == f"{base_url}/recipes/{recipe_id}"
    recipe = driver.find_element(By.CSS_SELECTOR, "article.recipe")
    assert recipe.get_attribute("data-recipe-id") == recipe_id
    assert detail_quantity(driver) == 0
    # At zero there is no bare − 0 +: one button says what it does.
    add = driver.find_element(By.CSS_SELECTOR, '.recipe form.add-to-cart:has(input[name="op"][value="inc"]) button[type="submit"]')
    assert add.text.strip() == "Add to cart" and add.is_displayed()
    assert not driver.find_elements(By.CSS_SELECTOR, ".recipe .stepper")

    # Add, then + : each press posts, the server answers 303 back to the recipe's cart block.
    press_stepper(driver, driver.find_element(By.CSS_SELECTOR, ".recipe"), "inc")
    assert driver.current_url == f"{base_url}/recipes/{recipe_id}#line-{recipe_id}", "the 303 leads back to the recipe"
    assert detail_quantity(driver) == 1
    assert cart_count(driver) == 1
    press_stepper(driver, driver.find_element(By.CSS_SELECTOR, ".recipe"), "inc")
    assert detail_quantity(driver) == 2
    assert cart_count(driver) == 2

    # The cart, reached through the navigation link.
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "a.cart-link"))
    assert driver.current_url == f"{base_url}/cart"
    line = cart_line(driver, recipe_id)
    assert line is not None, "the recipe is not in the cart"
    assert line.get_attribute("data-quantity") == "2"
    assert cart_count(driver) == 2

    # A reload is a plain GET: nothing is posted again.
    root = driver.find_element(By.TAG_NAME, "html")
    driver.refresh()
    wait_for_new_page(driver, root)
    assert cart_line(driver, recipe_id).get_attribute("data-quantity") == "2"
    assert cart_count(driver) == 2

    # − on the cart line.
    press_stepper(driver, cart_line(driver, recipe_id), "dec")
    assert driver.current_url == f"{base_url}/cart#line-{recipe_id}"
    assert cart_line(driver, recipe_id).get_attribute("data-quantity") == "1"
    assert cart_count(driver) == 1

    # Remove.
    remove = cart_line(driver, recipe_id).find_element(By.CSS_SELECTOR, "form.cart-line-remove button")
    click_and_wait(driver, remove)
    assert driver.current_url.split("#")[0] == f"{base_url}/cart"
    assert cart_line(driver, recipe_id) is None
    assert not driver.find_elements(By.CSS_SELECTOR, "li[data-quantity]")
    assert cart_count(driver) == 0
    empty = driver.find_element(By.CSS_SELECTOR, ".cart .empty-state")
    assert empty.is_displayed()
    assert "empty" in empty.text.lower()

    # And the recipe page agrees.
    open_page(driver, f"{base_url}/recipes/{recipe_id}")
    assert detail_quantity(driver) == 0


def test_shopper_path_with_javascript(browser, base_url):
    walk_shopper_path(browser, base_url)


def test_shopper_path_without_javascript(browser_without_js, base_url):
    driver = browser_without_js
    # Prove scripts really are off in this profile: an inline script must not run.
    driver.get("data:text/html,<title>off</title><script>document.title='on'</script>")
    assert driver.title == "off", "JavaScript is not disabled in this browser profile"
    walk_shopper_path(driver, base_url)
