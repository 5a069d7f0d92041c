"""Pickup slots in every engine (Chromium, WebKit, Firefox), on a shop of the test's own in Europe/Dublin (or, for
the tests that need an order on today's board, a zone where the day has hours left) with slots
every hour of every day, one order each:

- Choosing a slot: the shopper picks one from "When you collect", sends, and the order page says when to collect,
  with the slot's start in `data-slot-start` as it was offered.
- A full slot refused: a slot that fills while the shopper's page is open is refused on sending (409, "that slot just
  filled"), with the cart and the typed note kept; the page it answers shows the slot full and not choosable.
- The new pages under the Nu HTML checker and axe-core (Chromium): the cart with its slot choice and with a refused
  send, the order page, the shared cart and the board with slots, and /staff/slots, also refused.
- The board's script counts a ticket's age from its slot's start (`data-slot-start`): "due in" before it, counted in
  the day's "late" as the slot begins, amber and red at the limits after it, each within a second, with no request.

Run one engine with `Tests/browser/run test_pickup_slots.py -k webkit` (or chromium, firefox)."""

import re
import shutil
import time
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browserkit import ARTIFACTS, make_driver, staff_sign_in

from engines import ENGINES
from test_live_board import HTTPShopper, StaffClient
from test_accessibility import check
from test_html_validity import assert_valid_html
from test_wall_board import LATE_AFTER, ON_TIME, SLACK, WARN_AFTER, WATCH, board_requests, first_seen, sign_in, wait_for

ZONE = "Europe/Dublin"
# For the tests that need an order on today's board: a zone where the shop's day has hours left now, so the second
# slot offered is today's whatever the hour the suite runs at.
DAYTIME_ZONE = next(
    zone for zone in ("Europe/Dublin", "America/New_York", "Asia/Tokyo")
    if 2 <= datetime.now(ZoneInfo(zone)).hour <= 20)
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def open_slots(server):
    """Every day, all day, in hour-long slots of one order, without a cut-off, saved as staff save them."""
    staff = StaffClient(server.url)
    staff.request("/staff/slots")
    fields = {"action": "save", "slot_minutes": "60", "capacity": "1", "cutoff_minutes": "0", "closed_days": ""}
    for day in DAYS:
        fields.update({f"{day}_open": "1", f"{day}_opens": "00:00", f"{day}_closes": "24:00"})
    status, body, location = staff.request("/staff/slots", fields)
    assert status == 303 and location == "/staff/slots?saved=1", (status, body[:300])


def fill_cart(browser, server):
    browser.open(server.url + "/recipes/bundled-33")
    browser.click(browser.find('form:has(input[name="op"][value="inc"]) button[type="submit"]'))
    browser.open(server.url + "/cart")
    assert browser.find_all("li.cart-line"), f"{browser.engine}: nothing in the cart"


def open_choices(browser):
    """The slot starts offered and still choosable, in order."""
    return browser.js(
        "return [...document.querySelectorAll('#order-slot option[data-slot-start]')]"
        ".filter(o => !o.disabled).map(o => o.value);"
    )


def choose(browser, value):
    option = browser.find(f'#order-slot option[value="{value}"]')
    browser.js("arguments[0].scrollIntoView({block: 'center'});", browser.find("#order-slot"))
    option.click()
    chosen = browser.js("return document.getElementById('order-slot').value;")
    assert chosen == value, f"{browser.engine}: chose {chosen!r}, not {value!r}"


@pytest.mark.parametrize("engine", ENGINES)
def test_choosing_a_slot(launched, own_server_with, engine):
    server = own_server_with("--time-zone", ZONE)
    open_slots(server)
    shopper = launched(engine)
    fill_cart(shopper, server)
    assert shopper.js("return document.getElementById('order-slot').required;") is True
    choices = open_choices(shopper)
    assert len(choices) >= 24 * 6, f"{engine}: only {len(choices)} slots offered"
    # Written on the shop's clock: Dublin's offset, +00:00 or +01:00.
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:00:00\+0[01]:00", value) for value in choices), choices[:3]
    slot = choices[3]
    choose(shopper, slot)
    shopper.type_into(shopper.find('form.cart-send-form input[name="note"]'), "Slot walk")
    shopper.click(shopper.find('form.cart-send-form button[type="submit"]'))
    assert re.search(r"/orders/[A-Z0-9]{6}$", shopper.url.split("#")[0]), f"{engine}: {shopper.url}"
    collect = shopper.find("p.order-collect")
    assert collect.get_attribute("data-slot-start") == slot
    hour = slot[11:13]
    text = shopper.js("return arguments[0].textContent;", collect)
    assert re.fullmatch(rf"Collect [A-Z][a-z]+day {hour}:00–\d\d:00", text), text


@pytest.mark.parametrize("engine", ENGINES)
def test_a_full_slot_is_refused_with_the_cart_and_note_kept(launched, own_server_with, engine):
    server = own_server_with("--time-zone", ZONE)
    open_slots(server)
    shopper = launched(engine)
    fill_cart(shopper, server)
    slot = open_choices(shopper)[2]
    choose(shopper, slot)
    shopper.type_into(shopper.find('form.cart-send-form input[name="note"]'), "Ann & Bo")

    # Someone else takes the slot's one place while this page is open.
    rival = HTTPShopper(server.url)
    rival.request("/recipes/bundled-1")
    rival.request("/cart/items/bundled-1", {"op": "inc"})
    rival.request("/cart")
    status, _, _ = rival.request("/cart/order", {"slot": slot})
    assert status == 303, status

    shopper.click(shopper.find('form.cart-send-form button[type="submit"]'))
    problem = shopper.find("[data-send-problem]")
    assert "That slot just filled, choose another." in shopper.js("return arguments[0].textContent;", problem)
    assert not re.search(r"/orders/", shopper.url), f"{engine}: an order was placed: {shopper.url}"
    assert shopper.find_all("li.cart-line"), f"{engine}: the cart was emptied"
    note = shopper.find('form.cart-send-form input[name="note"]')
    assert shopper.js("return arguments[0].value;", note) == "Ann & Bo"
    full = shopper.find(f'#order-slot option[value="{slot}"]')
    assert full.get_attribute("data-slot-full") is not None
    assert shopper.js("return arguments[0].disabled;", full) is True
    assert slot not in open_choices(shopper)
    # The browser will not send the form without another choice.
    assert shopper.js("return document.getElementById('order-slot').value;") == ""
    assert shopper.js("return document.querySelector('form.cart-send-form').checkValidity();") is False


@pytest.mark.parametrize("engine", ENGINES)
def test_a_tickets_age_runs_from_its_slots_start(launched, own_server_with, engine):
    server = own_server_with(
        "--time-zone", DAYTIME_ZONE, "--order-warn-after", f"{WARN_AFTER}s", "--order-late-after", f"{LATE_AFTER}s")
    open_slots(server)
    shopper = HTTPShopper(server.url)
    shopper.request("/recipes/bundled-33")
    shopper.request("/cart/items/bundled-33", {"op": "inc"})
    _, page, _ = shopper.request("/cart")
    slot = re.findall(r'<option value="([^"]+)" data-slot-start="[^"]+">', page)[1]
    status, _, _ = shopper.request("/cart/order", {"slot": slot})
    assert status == 303, status

    board = launched(engine)
    board.set_size(1920, 1080, False)
    sign_in(board, server.url)
    ticket = board.find("article.staff-order[data-slot-start]")
    assert ticket.get_attribute("data-slot-start") == slot
    assert ticket.get_attribute("data-order-age") == "fresh"
    assert board.js("return arguments[0].querySelector('.staff-order-age').textContent;", ticket).startswith(
        "On time · due in ")
    # The slot an hour or more away begins two seconds from now, as far as the page knows: the script alone must
    # count the ticket on from there.
    time.sleep(1)
    requests_before = board_requests(server)
    board.js(WATCH)
    start = board.js(
        "const start = Math.ceil((performance.timeOrigin + performance.now()) / 1000) * 1000 + 2000;"
        "document.querySelector('article.staff-order').dataset.slotStart = new Date(start).toISOString();"
        "return start;")
    wait_for(board, LATE_AFTER + 4, lambda: board.js("return window.__seen.some(s => s.age === 'late')"), "late")
    seen = board.js("return window.__seen")
    due = first_seen(seen, lambda s: s["words"] == "On time · due in 1 min")
    begun = first_seen(seen, lambda s: s["words"] == "On time · 0 min")
    counted = first_seen(seen, lambda s: s["late"] == "1")
    warn = first_seen(seen, lambda s: s["age"] == "warn")
    late = first_seen(seen, lambda s: s["age"] == "late")
    assert due and begun and counted and warn and late, seen
    assert due["at"] < start, due
    for entry, limit in ((begun, 0), (counted, 0), (warn, WARN_AFTER), (late, LATE_AFTER)):
        after = (entry["at"] - start) / 1000 - limit
        assert -SLACK <= after <= ON_TIME, f"{engine}: {entry} {after:+.2f} s from its moment"
    assert warn["words"] == "Waiting · 0 min" and late["words"] == "Late · 0 min", (warn, late)
    assert counted["lateWords"] == "1 late", counted
    time.sleep(0.5)  # the request log is written in batches
    assert board_requests(server) == requests_before, "the board asked the shop for something while it was quiet"


def test_slot_pages_are_valid_html_without_serious_axe_violations(own_server_with):
    server = own_server_with("--time-zone", DAYTIME_ZONE)
    open_slots(server)
    pages = {}
    shopper = HTTPShopper(server.url)
    shopper.request("/recipes/bundled-33")
    shopper.request("/cart/items/bundled-33", {"op": "inc"})
    _, pages["cart-with-slots"], _ = shopper.request("/cart")
    slots = re.findall(r'<option value="([^"]+)" data-slot-start="[^"]+">', pages["cart-with-slots"])
    status, pages["cart-send-refused"], _ = shopper.request("/cart/order", {"note": "Ann", "slot": "1970-01-01T00:00:00Z"})
    assert status == 422, status
    status, _, location = shopper.request("/cart/order", {"note": "Ann", "slot": slots[1]})
    assert status == 303, status
    _, pages["order-with-slot"], _ = shopper.request(location)
    shopper.request("/recipes/bundled-1")  # the form's token, as a browser's next page gives it
    assert shopper.request("/cart/items/bundled-1", {"op": "inc"})[0] == 303
    shopper.request("/cart")
    assert shopper.request("/cart/share", {})[0] == 303
    _, cart, _ = shopper.request("/cart")
    share = re.search(r'href="([^"]*/shared/[^"]+)" data-share-link', cart).group(1)
    _, pages["shared-cart-with-slot"], _ = HTTPShopper(server.url).request(share[share.index("/shared/"):])
    staff = StaffClient(server.url)
    _, pages["staff-board-with-slots"], _ = staff.request("/staff")
    _, pages["staff-slots"], _ = staff.request("/staff/slots")
    status, pages["staff-slots-refused"], _ = staff.request(
        "/staff/slots", {"action": "save", "slot_minutes": "45", "capacity": "0", "cutoff_minutes": "-1"})
    assert status == 422, status
    assert "data-slot-start" in pages["staff-board-with-slots"] and "Collect " in pages["shared-cart-with-slot"]

    folder = ARTIFACTS / "html-pickup-slots"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    files = []
    for name, html in pages.items():
        target = folder / f"{name}.html"
        target.write_text(html, encoding="utf-8")
        files.append(str(target))
    assert_valid_html(files, list(pages))

    driver = make_driver(javascript=True)
    try:
        driver.get(server.url + "/recipes/bundled-2")
        driver.find_element(By.CSS_SELECTOR, 'form:has(input[name="op"][value="inc"]) button[type="submit"]').click()
        WebDriverWait(driver, 10).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "[data-cart-count]").get_attribute("data-cart-count") == "1")
        driver.get(server.url + "/cart")
        assert driver.find_elements(By.CSS_SELECTOR, "#order-slot option[data-slot-start]")
        check(driver, "cart with slots")
        staff_sign_in(driver, server.url)
        driver.get(server.url + "/staff/slots")
        assert driver.find_elements(By.CSS_SELECTOR, "form.staff-slots-form")
        check(driver, "staff slots")
    finally:
        driver.quit()
