"""The cart badge plays its CSS animation on the page a stepper post redirects to, and only there:
not on a reload, not on the next page."""

from selenium.webdriver.common.by import By

from browserkit import cart_badge, first_recipe_id, open_page, press_stepper, wait_for_new_page


def badge_state(driver):
    badge = cart_badge(driver)
    classes = (badge.get_attribute("class") or "").split()
    animation = driver.execute_script(
        "return getComputedStyle(document.querySelector('[data-cart-count]')).animationName"
    )
    return "badge--bump" in classes, animation


def test_badge_bumps_after_a_stepper_post_only(browser, base_url):
    recipe_id = first_recipe_id(base_url)
    open_page(browser, f"{base_url}/recipes/{recipe_id}")
    assert badge_state(browser) == (False, "none"), "no animation on a plain visit"

    press_stepper(browser, browser.find_element(By.CSS_SELECTOR, ".recipe"), "inc")
    bumped, animation = badge_state(browser)
    assert bumped, "the page after the 303 should carry badge--bump"
    assert animation not in ("", "none"), "badge--bump should run a CSS animation"
    assert cart_badge(browser).get_attribute("data-cart-count") == "1"

    root = browser.find_element(By.TAG_NAME, "html")
    browser.refresh()
    wait_for_new_page(browser, root)
    assert badge_state(browser) == (False, "none"), "a reload must not replay the animation"

    open_page(browser, f"{base_url}/cart")
    assert badge_state(browser)[0] is False, "the next page must not replay the animation"

    # A − post bumps it again.
    press_stepper(browser, browser.find_element(By.CSS_SELECTOR, f'li[data-recipe-id="{recipe_id}"]'), "dec")
    assert badge_state(browser)[0] is True
    assert cart_badge(browser).get_attribute("data-cart-count") == "0"


def test_badge_does_not_move_with_reduced_motion(browser, base_url):
    recipe_id = first_recipe_id(base_url)
    browser.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]},
    )
    open_page(browser, f"{base_url}/recipes/{recipe_id}")
    press_stepper(browser, browser.find_element(By.CSS_SELECTOR, ".recipe"), "inc")
    bumped, animation = badge_state(browser)
    assert bumped
    assert animation == "none", "prefers-reduced-motion: reduce must stop the bump"
