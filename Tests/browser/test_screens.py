"""A wall screen signs in without a keyboard, in chromium with JavaScript on and then off: one browser
(the TV) opens /staff/screen and shows a pairing code; a second browser, signed in as staff, types it
at /staff/screens with a name; the TV shows the board within 2 seconds. Revoking it there brings the
code back on the TV: within 2 seconds with JavaScript (the board's screen script asks every second),
at the board's own refresh without it.

Then the two new pages under axe-core and the Nu HTML checker, as test_orders.py checks its pages."""

import shutil
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browserkit import ARTIFACTS, click_and_wait, cookie_header, fetch_html, make_driver, set_color_scheme, staff_sign_in
from test_accessibility import check
from test_html_validity import assert_valid_html

STAFF_LOADED = "main .staff-title"
CODE = "[data-pairing-code]"
# The board refreshes itself every 10 s; a revoked screen without JavaScript goes back at that refresh.
BOARD_REFRESH = 10


def shown_code(driver, timeout=5):
    """The pairing code the screen shows, once it shows one."""
    WebDriverWait(driver, timeout, poll_frequency=0.1).until(lambda d: d.find_elements(By.CSS_SELECTOR, CODE))
    return driver.find_element(By.CSS_SELECTOR, CODE).get_attribute("data-pairing-code")


def on_board(driver):
    try:
        return driver.current_url.split("#")[0].rstrip("/").endswith("/staff") and bool(
            driver.find_elements(By.CSS_SELECTOR, STAFF_LOADED)
        )
    except Exception:
        return False  # caught mid-navigation: ask again


def pair(staff, base_url, code, name):
    """Type the code and the name on the screens page, as a phone would."""
    staff.get(base_url + "/staff/screens")
    WebDriverWait(staff, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, STAFF_LOADED))
    staff.find_element(By.ID, "code").send_keys(f"{code[:3].lower()}-{code[3:]}")
    staff.find_element(By.ID, "name").send_keys(name)
    click_and_wait(staff, staff.find_element(By.CSS_SELECTOR, "form.screen-pair-form button"), loaded=STAFF_LOADED)


def screen_row(staff, name):
    rows = [row for row in staff.find_elements(By.CSS_SELECTOR, "tr[data-screen-id]") if name in row.text]
    return rows[0] if rows else None


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_a_screen_pairs_by_code_and_falls_back_to_a_code_when_revoked(base_url, javascript):
    tv = make_driver(javascript=javascript)
    staff = make_driver(javascript=True)
    name = "Back room TV " + ("js" if javascript else "plain")
    try:
        tv.get(base_url + "/staff/screen")
        code = shown_code(tv)
        assert len(code) == 6
        assert "On your phone, open /staff/screens and type this code." in tv.find_element(By.TAG_NAME, "main").text
        # The same code after the page has asked a few times.
        time.sleep(2.5)
        assert shown_code(tv) == code

        staff_sign_in(staff, base_url)
        pair(staff, base_url, code, name)
        paired_at = time.monotonic()
        assert screen_row(staff, name) is not None, "the screens page does not list the new screen"
        assert "is paired" in staff.find_element(By.CSS_SELECTOR, ".screen-status").text

        # Within 2 s with the script; without it the page asks every 2 s, so allow for the request after that.
        WebDriverWait(tv, 2.0 if javascript else 3.0, poll_frequency=0.1).until(on_board)
        print(f"\nboard shown {time.monotonic() - paired_at:.2f} s after pairing ({'with' if javascript else 'without'} JavaScript)")
        assert not tv.find_elements(By.CSS_SELECTOR, 'a[href="/staff/screens"]')

        staff.refresh()
        WebDriverWait(staff, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, STAFF_LOADED))
        row = screen_row(staff, name)
        assert row.find_element(By.CSS_SELECTOR, "[data-last-seen]").text.strip() == "just now"
        click_and_wait(staff, row.find_element(By.CSS_SELECTOR, "button.screen-revoke"), loaded=STAFF_LOADED)
        revoked_at = time.monotonic()
        assert screen_row(staff, name) is None

        new_code = shown_code(tv, timeout=2.0 if javascript else BOARD_REFRESH + 2)
        print(f"pairing code back {time.monotonic() - revoked_at:.2f} s after revoking")
        assert new_code != code
    finally:
        tv.quit()
        staff.quit()


@pytest.fixture(scope="module")
def screen_pages(base_url):
    """A screen showing its code, and a staff browser whose screens page lists one paired screen."""
    tv = make_driver(javascript=True)
    paired = make_driver(javascript=True)
    staff = make_driver(javascript=True)
    try:
        staff_sign_in(staff, base_url)
        paired.get(base_url + "/staff/screen")
        pair(staff, base_url, shown_code(paired), "Front counter <tablet>")
        WebDriverWait(paired, 5, poll_frequency=0.1).until(on_board)
        tv.get(base_url + "/staff/screen")
        shown_code(tv)
        yield tv, staff
    finally:
        tv.quit()
        paired.quit()
        staff.quit()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("page", ["staff-screen", "staff-screens"])
def test_no_serious_axe_violations_on_screen_pages(screen_pages, base_url, page, scheme):
    tv, staff = screen_pages
    driver = tv if page == "staff-screen" else staff
    set_color_scheme(driver, scheme)
    driver.get(base_url + ("/staff/screen" if page == "staff-screen" else "/staff/screens"))
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "main h1"))
    if page == "staff-screens":
        assert driver.find_elements(By.CSS_SELECTOR, "tr[data-screen-id]")
    else:
        assert driver.find_elements(By.CSS_SELECTOR, CODE)
    check(driver, f"{page}, {scheme}")


def test_screen_pages_are_valid_html(screen_pages, base_url):
    tv, staff = screen_pages
    folder = ARTIFACTS / "html-screens"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    pages = {"staff-screen": ("/staff/screen", tv), "staff-screens": ("/staff/screens", staff)}
    files = []
    for name, (path, driver) in pages.items():
        status, html = fetch_html(base_url + path, cookie_header(driver))
        assert status == 200, f"{path} answered {status}"
        assert ("data-pairing-code" if name == "staff-screen" else "data-screen-id") in html
        target = folder / f"{name}.html"
        target.write_text(html, encoding="utf-8")
        files.append(str(target))
    assert_valid_html(files, pages)
