"""What the delivery partner says, as the shopper and the staff see it: the order page's partner state, tracking link
and rejection reason, and on the live board each ticket's hand-off — sent, or failing with "Try again now" that
works once the partner is back. The partner is the stand-in the reliability suite uses (Tests/reliability), which
checks every signature with PyPI's standardwebhooks."""

import sys
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from browserkit import make_driver, open_page, staff_sign_in
from test_live_board import HTTPShopper, press, ticket, wait_live, within

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reliability"))
from standin_partner import StandInPartner  # noqa: E402  (the path above must come first)


@pytest.fixture
def partner():
    stand_in = StandInPartner().start()
    yield stand_in
    stand_in.stop()


def as_shopper(driver, shop, shopper):
    """The browser takes the shopper's cookies, as the shopper's own phone holds them (a send that starts a new cart
    moves the session to a new id)."""
    driver.get(shop.url + "/healthz")
    driver.delete_all_cookies()
    for cookie in shopper.jar:
        driver.add_cookie({"name": cookie.name, "value": cookie.value, "path": "/"})


def order_page_state(driver, url):
    open_page(driver, url)
    found = driver.find_elements(By.CSS_SELECTOR, "[data-partner-status]")
    return found[0] if found else None


def test_the_shopper_sees_what_the_partner_says(own_server_with, partner):
    shop = own_server_with(*partner.server_args())
    shopper = HTTPShopper(shop.url)
    code = shopper.send_order("bundled-33", "Partner")
    partner.wait_for(1, timeout=15)
    driver = make_driver(javascript=True)
    try:
        as_shopper(driver, shop, shopper)
        url = f"{shop.url}/orders/{code}"
        state = order_page_state(driver, url)
        assert state is not None and state.get_attribute("data-partner-status") == "awaiting"

        assert partner.send_status(shop.port, "payment.succeeded", code)[0] == 200
        assert order_page_state(driver, url).get_attribute("data-partner-status") == "paid"
        tracking = "https://track.example/parcel/42"
        assert partner.send_status(shop.port, "delivery.dispatched", code, extra={"tracking_url": tracking})[0] == 200
        state = order_page_state(driver, url)
        assert state.get_attribute("data-partner-status") == "dispatched"
        assert state.find_element(By.CSS_SELECTOR, "a").get_attribute("href") == tracking
        # A late payment event changes nothing: states only move forward.
        assert partner.send_status(shop.port, "payment.failed", code)[0] == 200
        assert order_page_state(driver, url).get_attribute("data-partner-status") == "dispatched"

        rejected = shopper.send_order("bundled-1", "Rejected")
        assert partner.send_status(
            shop.port, "order.rejected", rejected, extra={"reason": "We do not deliver to that street"}
        )[0] == 200
        as_shopper(driver, shop, shopper)
        state = order_page_state(driver, f"{shop.url}/orders/{rejected}")
        assert state.get_attribute("data-partner-status") == "rejected"
        assert "We do not deliver to that street" in state.text
    finally:
        driver.quit()


def test_the_board_shows_a_failing_hand_off_and_try_again_now_sends_it(own_server_with, partner):
    shop = own_server_with(*partner.server_args())
    board = make_driver(javascript=True)
    try:
        staff_sign_in(board, shop.url)
        wait_live(board)
        partner.set_mode("fail")
        code = HTTPShopper(shop.url).send_order("bundled-33", "Failing")
        # Three failed tries (the first again within 2 s, then doubling): the live board says so on the ticket.
        within(
            board, 40,
            lambda d: ticket(d, code) is not None
            and ticket(d, code).find_elements(By.CSS_SELECTOR, '[data-handoff="failing"]'),
            f"order {code}'s ticket says its hand-off is failing",
        )
        handoff = lambda: ticket(board, code).find_element(By.CSS_SELECTOR, '[data-handoff="failing"]')
        assert "Hand-off failing" in handoff().text
        partner.set_mode("ok")
        press(lambda: handoff().find_element(By.XPATH, ".//button[normalize-space()='Try again now']"))
        # The live board swaps the ticket in again meanwhile: `within` looks again for one swapped out.
        within(
            board, 20,
            lambda d: ticket(d, code) is not None
            and ticket(d, code).find_elements(By.CSS_SELECTOR, '[data-handoff="sent"]'),
            f"order {code}'s ticket says it was handed over",
        )
        assert code in {event[2] for event in partner.taken_events()}
    finally:
        board.quit()
