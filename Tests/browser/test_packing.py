"""Packing makes the final bill, in every engine (Chromium, WebKit, Firefox ESR), on a shop of the test's own with the
demo shelf: a shopper who takes a close match sends a carbonara; staff, on the board at a desktop's size, type the
weight the parmesan was packed at into its row, replace the guanciale with cubed pancetta typed into its "Replaced
with" field, and see the ticket's running total move beside the estimate; once ready, the shopper's order page says
each difference in words and the amount charged is the ticket's. Every page passes pagechecks.py (nothing overflows,
nothing is cut off).

Run one engine with `Tests/browser/run test_packing.py -k webkit` (or chromium, firefox)."""

import os
import re

import pytest

from engines import ENGINES
from pagechecks import check_page

CARBONARA = "bundled-33"


def send_carbonara(shopper, server):
    shopper.open(server.url + f"/recipes/{CARBONARA}")
    shopper.click(shopper.find('form:has(input[name="op"][value="inc"]) button[type="submit"]'))
    shopper.open(server.url + "/cart")
    choice = shopper.find('form.cart-send-form input[name="substitution"][value="close-match"]')
    shopper.js("arguments[0].scrollIntoView({block: 'center'});", choice)
    choice.click()
    shopper.click(shopper.find('form.cart-send-form button[type="submit"]'))
    match = re.search(r"/orders/([A-Z0-9]{6})$", shopper.url.split("#")[0])
    assert match, f"{shopper.engine}: the send did not open the order page: {shopper.url}"
    return match.group(1)


def sign_in(staff, server):
    staff.open(server.url + "/staff/login")
    staff.type_into(staff.find("#token"), os.environ["RECIPECART_TEST_STAFF_TOKEN"])
    staff.click(staff.find('form[action="/staff/login"] button[type="submit"]'))
    assert staff.url.split("#")[0].rstrip("/").endswith("/staff"), staff.url


def ticket_bill(staff, code):
    bill = staff.find(f"#order-{code} p.staff-order-bill")
    return (
        int(bill.get_attribute("data-order-estimate-minor")),
        int(bill.get_attribute("data-order-packed-minor")),
        bill.get_attribute("data-order-final-minor"),
        staff.js("return arguments[0].textContent;", bill),
    )


def row(staff, code, key):
    return staff.find(f'#order-{code} li.staff-pick-row[data-pick-row="{key}"]')


@pytest.mark.parametrize("engine", ENGINES)
def test_packing_a_weighed_row_and_a_replacement_makes_the_final_bill(launched, own_server, engine):
    shopper = launched(engine)
    code = send_carbonara(shopper, own_server)
    staff = launched(engine)
    staff.set_size(1280, 900, False)
    sign_in(staff, own_server)
    estimate, packed, final, _ = ticket_bill(staff, code)
    assert packed == estimate and final is None, (estimate, packed, final)
    staff.click(staff.find(f"#order-{code} button.staff-advance"))
    check_page(staff, "board while packing")

    # 25 g of parmesan instead of about 20 g: €22.90 a kilogram makes €0.57 instead of €0.46.
    weigh = staff.find("form.staff-weigh", row(staff, code, "parmesan"))
    field = staff.find('input[name="packed"]', weigh)
    assert field.get_attribute("placeholder") == "20", field.get_attribute("placeholder")
    staff.js("arguments[0].scrollIntoView({block: 'center'});", field)
    staff.type_into(field, "25 g")
    staff.click(staff.find('button[type="submit"]', weigh))
    check_page(staff, "board after weighing")
    parmesan = row(staff, code, "parmesan")
    assert parmesan.get_attribute("data-pick-state") == "found"
    assert "Weighed at 25 g" in parmesan.text, parmesan.text
    assert ticket_bill(staff, code)[1] == estimate + 11

    # The guanciale replaced with cubed pancetta, €2.49 instead of €4.49: a close match may be cheaper.
    more = staff.find("details.staff-mark-more summary", row(staff, code, "guanciale"))
    staff.js("arguments[0].scrollIntoView({block: 'center'});", more)
    more.click()
    form = staff.find('form:has(input[name="state"][value="replaced"])', row(staff, code, "guanciale"))
    staff.type_into(staff.find('input[name="replacement"]', form), "Cubed pancetta")
    staff.click(staff.find('button[type="submit"]', form))
    check_page(staff, "board after replacing")
    guanciale = row(staff, code, "guanciale")
    assert guanciale.get_attribute("data-pick-state") == "replaced"
    assert "Packed: 1 × 150 g Cubed pancetta · €2.49" in guanciale.text, guanciale.text
    _, packed, _, text = ticket_bill(staff, code)
    assert packed == estimate + 11 - 200, (estimate, packed)
    assert re.fullmatch(r"Estimate €\d+\.\d\d · As packed €\d+\.\d\d", text.strip()), text

    staff.click(staff.find(f"#order-{code} button.staff-advance"))
    check_page(staff, "board after ready")
    _, _, final, text = ticket_bill(staff, code)
    assert final == str(packed), (final, packed)
    assert "Final €" in text, text

    shopper.open(own_server.url + f"/orders/{code}")
    check_page(shopper, "order page after packing")
    changes = {
        item.get_attribute("data-pick-row"): (item.get_attribute("data-difference-minor"), item.text)
        for item in shopper.find_all("section.order-changes li[data-pick-row]")
    }
    assert changes["parmesan"] == (
        "11", "Parmigiano Reggiano from the counter: 25 g instead of about 20 g, +€0.11"), changes
    assert changes["guanciale"] == (
        "-200", "Guanciale: replaced with 1 × 150 g Cubed pancetta, −€2.00"), changes
    bill = shopper.find("section.order-bill")
    assert bill.get_attribute("data-order-final-minor") == str(packed)
