"""Pickup slots in every engine (Chromium, WebKit, Firefox), on a shop of the test's own in Europe/Dublin with slots
every hour of every day, one order each:

- Choosing a slot: the shopper picks one from "When you collect", sends, and the order page says when to collect,
  with the slot's start in `data-slot-start` as it was offered.
- A full slot refused: a slot that fills while the shopper's page is open is refused on sending (409, "that slot just
  filled"), with the cart and the typed note kept; the page it answers shows the slot full and not choosable.

Run one engine with `Tests/browser/run test_pickup_slots.py -k webkit` (or chromium, firefox)."""

import re

import pytest

from engines import ENGINES
from test_live_board import HTTPShopper, StaffClient

ZONE = "Europe/Dublin"
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
