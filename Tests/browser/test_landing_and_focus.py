"""Where a post lands, and focus that is never hidden.

After a stepper, Remove or cooking post the shopper lands on the line they changed (the 303 goes
to `#line-{id}`), with a status message read out by screen readers; with the optional script,
focus is back on the control they used. A control scrolled into view by focus (Tab, Shift+Tab,
focus()) is never covered by the sticky header (WCAG 2.2, 2.4.11)."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browserkit import (
    active_element_description,
    cart_line,
    click_and_wait,
    fill_cart,
    has_focus,
    open_page,
    press_stepper,
    recipe_ids,
    set_viewport,
    status_message,
)

IN_VIEW = """
const el = arguments[0], r = el.getBoundingClientRect();
const header = document.querySelector('.site-header');
const h = header.getBoundingClientRect();
const sticky = getComputedStyle(header).position === 'sticky' && h.bottom > 0;
return {top: r.top, bottom: r.bottom, height: r.height, headerBottom: sticky ? h.bottom : 0,
        innerHeight: innerHeight, scrollY: scrollY};
"""


OVERLAP = """
const a = arguments[0].getBoundingClientRect(), b = arguments[1].getBoundingClientRect();
return a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;
"""


def assert_message_in_sight(driver, status, line):
    """The status message is on the screen the post landed on, and does not hide the line."""
    assert_fully_in_view(driver, status, "the status message")
    assert not driver.execute_script(OVERLAP, status, line), "the status message covers the changed line"


def assert_fully_in_view(driver, element, what):
    box = driver.execute_script(IN_VIEW, element)
    assert box["top"] >= box["headerBottom"] - 0.5, f"{what} starts under the header or above the screen: {box}"
    assert box["bottom"] <= box["innerHeight"] + 0.5, f"{what} ends below the screen: {box}"
    return box


@pytest.fixture
def shopper(scripted_browser):
    return scripted_browser


def test_plus_on_the_fourth_cart_line_lands_on_it(shopper, base_url):
    driver, javascript = shopper
    ids = recipe_ids(base_url, 5)
    fill_cart(driver, base_url, {recipe_id: 1 for recipe_id in ids})
    set_viewport(driver, "phone-portrait")
    open_page(driver, base_url + "/cart")
    fourth = ids[3]
    line = cart_line(driver, fourth)
    # Far enough down that a reload to the top of the page would not show it whole.
    assert driver.execute_script("return arguments[0].getBoundingClientRect().bottom + scrollY", line) > 844, (
        "the fourth line should end below the first screen on a phone"
    )
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", line)
    title = line.find_element(By.CSS_SELECTOR, ".cart-line-title").text

    press_stepper(driver, line, "inc")

    assert driver.current_url == f"{base_url}/cart#line-{fourth}"
    line = cart_line(driver, fourth)
    assert line.get_attribute("data-quantity") == "2"
    assert line.get_attribute("id") == f"line-{fourth}"
    assert driver.execute_script("return document.querySelector(':target') === arguments[0]", line)
    assert driver.execute_script("return scrollY") > 0, "the page came back scrolled to the top"
    assert_fully_in_view(driver, line, "the changed line")

    status = status_message(driver)
    assert status is not None, "no status message after the post"
    assert status.get_attribute("role") == "status"
    assert title in status.text and "2" in status.text, status.text
    assert_message_in_sight(driver, status, line)

    plus = line.find_element(By.CSS_SELECTOR, '.stepper form.stepper-inc:has(input[name="op"][value="inc"]) button[type="submit"]')
    focused_plus = has_focus(driver, plus, timeout=3.0 if javascript else 0.5)
    if javascript:
        assert focused_plus, f"focus should be back on +, it is on {active_element_description(driver)}"
        # The focus ring shows (focus-visible), not only the focus.
        outline = driver.execute_script("return getComputedStyle(arguments[0]).outlineStyle", plus)
        assert outline != "none"
    else:
        assert not focused_plus


def test_detail_page_lands_on_its_cart_block(shopper, base_url):
    driver, javascript = shopper
    recipe_id = recipe_ids(base_url, 1)[0]
    set_viewport(driver, "phone-portrait")
    open_page(driver, f"{base_url}/recipes/{recipe_id}")
    press_stepper(driver, driver.find_element(By.CSS_SELECTOR, ".recipe"), "inc")
    press_stepper(driver, driver.find_element(By.CSS_SELECTOR, ".recipe"), "inc")
    assert driver.current_url == f"{base_url}/recipes/{recipe_id}#line-{recipe_id}"
    block = driver.find_element(By.CSS_SELECTOR, ".recipe-cart")
    assert block.get_attribute("id") == f"line-{recipe_id}"
    assert_fully_in_view(driver, block, "the recipe's cart block")
    status = status_message(driver)
    assert status is not None and status.get_attribute("role") == "status"
    assert "2" in status.text, status.text
    assert_message_in_sight(driver, status, block)
    plus = block.find_element(By.CSS_SELECTOR, '.stepper form.stepper-inc:has(input[name="op"][value="inc"]) button[type="submit"]')
    if javascript:
        assert has_focus(driver, plus), (
            f"focus should be back on +, it is on {active_element_description(driver)}"
        )
        # Back to zero: the − that was used is gone, focus moves to "Add to cart" in its place.
        press_stepper(driver, driver.find_element(By.CSS_SELECTOR, ".recipe"), "dec")
        press_stepper(driver, driver.find_element(By.CSS_SELECTOR, ".recipe"), "dec")
        add = driver.find_element(By.CSS_SELECTOR, ".recipe form.add-to-cart button")
        assert has_focus(driver, add), (
            active_element_description(driver)
        )


def test_focus_is_not_moved_on_a_plain_visit(browser, base_url):
    """The script only gives focus back right after a post from the same page."""
    recipe_id = recipe_ids(base_url, 1)[0]
    open_page(browser, f"{base_url}/recipes/{recipe_id}")
    press_stepper(browser, browser.find_element(By.CSS_SELECTOR, ".recipe"), "inc")
    plus = browser.find_element(By.CSS_SELECTOR, '.recipe-cart .stepper form.stepper-inc:has(input[name="op"][value="inc"]) button[type="submit"]')
    assert has_focus(browser, plus), "the post itself should give focus back"
    for path in ("/cart", f"/recipes/{recipe_id}"):
        open_page(browser, base_url + path)
        body = browser.find_element(By.TAG_NAME, "body")
        assert not has_focus(browser, browser.find_element(By.CSS_SELECTOR, ".stepper form.stepper-inc:has(input[name='op'][value='inc']) button[type='submit']"), 0.5)
        assert has_focus(browser, body, 0.1), f"{path}: {active_element_description(browser)}"


def test_remove_and_cooking_posts_land_on_their_line(browser, base_url):
    ids = recipe_ids(base_url, 4)
    fill_cart(browser, base_url, {recipe_id: 1 for recipe_id in ids})
    set_viewport(browser, "phone-portrait")
    open_page(browser, base_url + "/cart")

    line = cart_line(browser, ids[3])
    start = line.find_elements(By.CSS_SELECTOR, '.cooking form.cooking-start:has(input[name="op"][value="start"]) button[type="submit"]')
    assert start, "the fourth line has no Start cooking button"
    minutes = line.find_elements(By.CSS_SELECTOR, '.cooking input[name="minutes"]')
    if minutes:
        minutes[0].send_keys("20")
    click_and_wait(browser, start[0])
    assert browser.current_url == f"{base_url}/cart#line-{ids[3]}"
    line = cart_line(browser, ids[3])
    assert_fully_in_view(browser, line, "the line whose timer started")
    stop = line.find_element(By.CSS_SELECTOR, '.cooking form.cooking-stop:has(input[name="op"][value="stop"]) button[type="submit"]')
    assert has_focus(browser, stop), (
        f"focus should move to Stop, the control that replaced Start: {active_element_description(browser)}"
    )

    # Remove: the line is gone, so focus goes to the Undo of the status message.
    remove = cart_line(browser, ids[2]).find_element(By.CSS_SELECTOR, "form.cart-line-remove button")
    click_and_wait(browser, remove)
    assert cart_line(browser, ids[2]) is None
    status = status_message(browser)
    assert status is not None
    undo = status.find_element(By.CSS_SELECTOR, "button.undo-button")
    assert has_focus(browser, undo), (
        active_element_description(browser)
    )


# --- focus not obscured ----------------------------------------------------------------------

TABBABLE = """
return [...document.querySelectorAll('a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), select, textarea, summary, [tabindex]:not([tabindex="-1"])')]
  .filter(el => el.getClientRects().length && el.checkVisibility({visibilityProperty: true, contentVisibilityAuto: true}));
"""

COVERED = """
const el = arguments[0], r = el.getBoundingClientRect();
const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1), y = r.top + r.height / 2;
const hit = y >= 0 && y < innerHeight ? document.elementFromPoint(x, y) : null;
const header = document.querySelector('.site-header').getBoundingClientRect();
return {top: r.top, bottom: r.bottom, headerBottom: header.bottom, innerHeight: innerHeight,
        hitsElement: !!hit && (hit === el || el.contains(hit)), hit: hit ? hit.outerHTML.slice(0, 80) : null,
        overlapsHeader: r.top < header.bottom - 0.5 && r.bottom > header.top + 0.5,
        focused: document.activeElement === el};
"""


def assert_not_obscured(driver, element, what):
    state = driver.execute_script(COVERED, element)
    assert state["focused"], f"{what} did not get focus"
    assert state["hitsElement"], f"{what} is covered at its centre by {state['hit']}: {state}"
    assert not state["overlapsHeader"], f"{what} is partly under the header: {state}"
    assert state["bottom"] <= state["innerHeight"] + 0.5, f"{what} is below the screen: {state}"


def shift_tab_onto(driver, element):
    """Scroll the page so `element` is above the screen, focus the next stop, then Shift+Tab back."""
    tabbable = driver.execute_script(TABBABLE)
    index = next(i for i, candidate in enumerate(tabbable) if candidate == element)
    following = tabbable[index + 1]
    driver.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "scrollTo(0, scrollY + r.bottom + 40);"
        "arguments[1].focus({preventScroll: true});",
        element,
        following,
    )
    assert driver.execute_script("return document.activeElement === arguments[0]", following)
    assert driver.execute_script("return arguments[0].getBoundingClientRect().bottom", element) < 0, (
        "the element should start above the screen"
    )
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()


def focus_from_the_bottom(driver, element):
    driver.execute_script(
        "document.activeElement.blur();"
        "scrollTo(0, document.documentElement.scrollHeight);"
        "arguments[0].focus();",
        element,
    )


# Room below the content, so that even on a tall desktop screen every control can be scrolled
# above the top edge (CSSOM, which the page's CSP allows, unlike a style attribute).
ROOM_BELOW = "document.querySelector('.site-footer').style.paddingBottom = '150vh';"


@pytest.mark.parametrize("viewport", ["phone-portrait", "phone-landscape", "desktop"])
def test_focused_controls_are_never_under_the_header(browser, base_url, viewport):
    ids = recipe_ids(base_url, 5)
    fill_cart(browser, base_url, {recipe_id: 1 for recipe_id in ids})
    set_viewport(browser, viewport)

    open_page(browser, f"{base_url}/recipes/{ids[0]}")
    browser.execute_script(ROOM_BELOW)
    controls = {
        "the Scale button": ".servings-form button",
        "the servings box": "#servings",
        "the detail + button": '.recipe-cart .stepper form.stepper-inc:has(input[name="op"][value="inc"]) button[type="submit"]',
    }
    for what, selector in controls.items():
        for move in (shift_tab_onto, focus_from_the_bottom):
            element = browser.find_element(By.CSS_SELECTOR, selector)
            move(browser, element)
            assert_not_obscured(browser, element, f"{what} ({move.__name__}, {viewport})")

    open_page(browser, base_url + "/cart")
    browser.execute_script(ROOM_BELOW)
    for line_index in (1, 3):
        line = cart_line(browser, ids[line_index])
        controls = {
            "−": line.find_element(By.CSS_SELECTOR, '.stepper form.stepper-dec:has(input[name="op"][value="dec"]) button[type="submit"]'),
            "+": line.find_element(By.CSS_SELECTOR, '.stepper form.stepper-inc:has(input[name="op"][value="inc"]) button[type="submit"]'),
            "Remove": line.find_element(By.CSS_SELECTOR, "form.cart-line-remove button"),
        }
        for what, element in controls.items():
            for move in (shift_tab_onto, focus_from_the_bottom):
                move(browser, element)
                assert_not_obscured(browser, element, f"cart line {line_index + 1} {what} ({move.__name__}, {viewport})")


@pytest.mark.parametrize("viewport", ["phone-portrait", "desktop"])
def test_shift_tab_never_hides_focus_on_any_page(browser, base_url, viewport):
    """Every page: a sample of the controls in the main area, reached with Shift+Tab from below."""
    ids = recipe_ids(base_url, 2)
    fill_cart(browser, base_url, {recipe_id: 1 for recipe_id in ids})
    set_viewport(browser, viewport)
    checked = 0
    for path in ("/", "/?group=time", f"/recipes/{ids[0]}", "/cart", f"/recipes/{ids[0]}/edit", "/recipes/nope-1"):
        open_page(browser, base_url + path)
        browser.execute_script(ROOM_BELOW)
        in_main = [
            element for element in browser.execute_script(TABBABLE)
            if browser.execute_script("return !!arguments[0].closest('main')", element)
        ]
        # Every fourth control (and the last but one), not each: the walk stays quick.
        sample = in_main[:-1][::4] + in_main[-2:-1]
        for element in sample:
            shift_tab_onto(browser, element)
            description = browser.execute_script("return arguments[0].outerHTML.slice(0, 80)", element)
            assert_not_obscured(browser, element, f"{path} {description} ({viewport})")
            checked += 1
    assert checked >= 20, f"only {checked} controls checked"
