"""Cooking ready times in the shopper's clock. The browser runs in Tokyo (UTC+9, no daylight saving)
while the server speaks UTC: with the optional script the page shows Tokyo's time; without it, the
server's time says its zone and how many minutes are left. "Start cooking" is a quiet, secondary
button that does not make a cart line on a phone much taller."""

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from selenium.webdriver.common.by import By

from browserkit import (
    cart_line,
    click_and_wait,
    fill_cart,
    open_page,
    recipe_ids,
    set_viewport,
)

ZONE = "Asia/Tokyo"


@pytest.fixture
def shopper(scripted_browser):
    driver, _ = scripted_browser
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ZONE})
    return scripted_browser


def start_cooking(driver, recipe_id):
    line = cart_line(driver, recipe_id)
    minutes = line.find_elements(By.CSS_SELECTOR, '.cooking input[name="minutes"]')
    if minutes:
        minutes[0].send_keys("25")
    click_and_wait(driver, line.find_element(By.CSS_SELECTOR, '.cooking form.cooking-start:has(input[name="op"][value="start"]) button[type="submit"]'))


def test_ready_time_is_in_the_shoppers_clock(shopper, base_url):
    driver, javascript = shopper
    recipe_id = recipe_ids(base_url, 1)[0]
    fill_cart(driver, base_url, {recipe_id: 1})
    open_page(driver, base_url + "/cart")
    start_cooking(driver, recipe_id)

    for path in ("/cart", f"/recipes/{recipe_id}"):
        open_page(driver, base_url + path)
        scope = cart_line(driver, recipe_id) if path == "/cart" else driver.find_element(By.CSS_SELECTOR, ".recipe")
        time_element = scope.find_element(By.CSS_SELECTOR, "time.cooking-ready-time")
        ready_at = datetime.fromisoformat(time_element.get_attribute("datetime").replace("Z", "+00:00"))
        shown = time_element.text.strip()
        status = scope.find_element(By.CSS_SELECTOR, ".cooking-status").text
        if javascript:
            expected = ready_at.astimezone(ZoneInfo(ZONE)).strftime("%H:%M")
            assert shown == expected, f"{path}: shows {shown!r}, the browser's clock says {expected}"
            assert "UTC" not in shown
        else:
            expected = ready_at.astimezone(ZoneInfo("UTC")).strftime("%H:%M")
            assert shown == f"{expected} UTC", f"{path}: without the script the time needs its zone, got {shown!r}"
            assert re.search(r"\bin \d+ min\b|\b\d+ min left\b|Ready now", status), f"{path}: no minutes left in {status!r}"


def test_start_cooking_is_a_quiet_button_that_keeps_lines_short(browser, base_url):
    ids = recipe_ids(base_url, 3)
    fill_cart(browser, base_url, {recipe_id: 1 for recipe_id in ids})
    set_viewport(browser, "phone-portrait")
    open_page(browser, base_url + "/cart")
    for recipe_id in ids:
        line = cart_line(browser, recipe_id)
        start = line.find_element(By.CSS_SELECTOR, '.cooking form.cooking-start:has(input[name="op"][value="start"]) button[type="submit"]')
        assert "button--quiet" in start.get_attribute("class").split()
        assert "button--primary" not in start.get_attribute("class").split()
        background = browser.execute_script("return getComputedStyle(arguments[0]).backgroundColor", start)
        assert background in ("rgba(0, 0, 0, 0)", "transparent"), f"Start cooking is filled: {background}"
        heights = browser.execute_script(
            """
            const line = arguments[0], cooking = line.querySelector('.cooking');
            const full = line.getBoundingClientRect().height;
            cooking.style.display = 'none';
            const without = line.getBoundingClientRect().height;
            cooking.style.display = '';
            return {full, without};
            """,
            line,
        )
        assert heights["full"] <= heights["without"] * 1.35, (
            f"the cooking controls make the line {heights['full'] / heights['without']:.2f}× as tall: {heights}"
        )
