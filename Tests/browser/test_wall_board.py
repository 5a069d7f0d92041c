"""The staff board on a wall, in every engine (Chromium, WebKit, Firefox): it tells the time on its own, and it holds
eight orders on a TV.

- A quiet board: one order, nothing else happening, no request made. Its ticket turns amber and red within a second
  of `--order-warn-after` and `--order-late-after` (3 s and 6 s here), never before, the day's "late" number with it,
  and its minutes advance when the minute is up; a screen whose own clock is wrong shows the server's ages all the
  same. Without JavaScript the board's own 10 s refresh does the same.
- Eight orders at 1920×1080 and 3840×2160, four at 1366×768 (the viewport, as a TV in full screen has it): every
  ticket inside the screen without scrolling, codes at least 48 px (96 px at 4K, 32 px at 1366×768) by font size
  and by box, in every
  mix of the three columns. The mixes are walked as the shop makes them, by moving orders on, so one shop of its own
  walks one chain of them, from all just received onwards; a handful of shops walk them all.

Run one engine with `Tests/browser/run test_wall_board.py -k webkit` (or chromium, firefox)."""

import os
import re
import time

import pytest
from selenium.webdriver.common.by import By

from browserkit import make_driver, staff_sign_in
from engines import ENGINES
from test_live_board import HTTPShopper, StaffClient

WARN_AFTER = 3
LATE_AFTER = 6
ON_TIME = 1.0  # the promise: within a second of the limit
SLACK = 0.15  # what reading the clock in the page and in the server's log may differ by


def sign_in(browser, base_url):
    """Staff sign in on the wall screen's browser, and the board follows its stream."""
    browser.open(base_url + "/staff/login")
    browser.type_into(browser.find("#token"), os.environ["RECIPECART_TEST_STAFF_TOKEN"])
    browser.click(browser.find('form[action="/staff/login"] button[type="submit"]'))
    assert browser.url.split("#")[0].rstrip("/").endswith("/staff"), browser.url
    wait_for(browser, 10, lambda: browser.js("return document.getElementById('board').dataset.boardLive") == "true",
             "the board is live")


def wait_for(browser, seconds, condition, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if condition():
                return
        except Exception:  # noqa: BLE001 - a node swapped out by the live board while it was read
            pass
        time.sleep(0.05)
    raise AssertionError(f"{browser.engine}: not within {seconds} s: {what}")


def board_requests(server):
    """How many times the shop drew a board or answered its stream, by its own request log."""
    with open(os.path.join(server.data, "server.log"), encoding="utf-8") as log:
        return sum(1 for line in log if re.search(r"path=/staff(/events)? ", line))


# Records, in the page, the wall-clock moment each change of the ticket's age and words and of the day's "late"
# number happened: the test then compares them with when the order was placed, by the server's clock (the same
# machine's). The moment is read from the browser's time origin, which a page's own `Date` cannot change.
WATCH = """
const ticket = document.querySelector('article.staff-order');
const numbers = document.querySelector('.staff-numbers');
window.__seen = [];
const note = () => window.__seen.push({
  at: performance.timeOrigin + performance.now(),
  age: ticket.dataset.orderAge,
  words: ticket.querySelector('.staff-order-age').textContent,
  late: numbers.dataset.lateToday,
  lateWords: numbers.querySelector('.staff-late-count').textContent,
});
new MutationObserver(note).observe(ticket, {attributes: true, attributeFilter: ['data-order-age'], subtree: true,
  characterData: true, childList: true});
new MutationObserver(note).observe(numbers, {attributes: true, subtree: true, characterData: true, childList: true});
note();
"""


def first_seen(seen, condition):
    return next((entry for entry in seen if condition(entry)), None)


def assert_turned_on_time(seen, placed, engine):
    """Amber, then red and "1 late", each within a second of its limit (by the server's clock) and never before."""
    warn = first_seen(seen, lambda s: s["age"] == "warn")
    late = first_seen(seen, lambda s: s["age"] == "late")
    assert warn and late, seen
    for entry, limit, words in ((warn, WARN_AFTER, "Waiting · 0 min"), (late, LATE_AFTER, "Late · 0 min")):
        after = (entry["at"] - placed) / 1000 - limit
        assert -SLACK <= after <= ON_TIME, f"{engine}: {entry['age']} {after:+.2f} s from its limit"
        assert entry["words"] == words, entry
    counted = first_seen(seen, lambda s: s["late"] == "1")
    assert counted["lateWords"] == "1 late", counted
    assert abs(counted["at"] - late["at"]) <= 1000 * SLACK, (counted, late)
    assert first_seen(seen, lambda s: s["age"] == "fresh" and s["at"] > warn["at"]) is None, "the age went back"


@pytest.mark.parametrize("engine", ENGINES)
def test_a_quiet_board_tells_the_time(launched, own_server_with, engine):
    """One order on a board nobody touches: amber, red and "1 late", then "1 min", each on time, and no request."""
    server = own_server_with("--order-warn-after", f"{WARN_AFTER}s", "--order-late-after", f"{LATE_AFTER}s")
    board = launched(engine)
    board.set_size(1920, 1080, False)
    sign_in(board, server.url)
    code = HTTPShopper(server.url).send_order("bundled-33", "Quiet")
    wait_for(board, 3, lambda: board.find_all(f'article.staff-order[data-order-code="{code}"]'), f"order {code}")
    ticket = board.find(f'article.staff-order[data-order-code="{code}"]')
    placed_text = ticket.get_attribute("data-placed-at")
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", placed_text), placed_text
    placed = board.js("return Date.parse(arguments[0])", placed_text)
    assert ticket.get_attribute("data-order-age") == "fresh"
    board.js(WATCH)
    seen_at_start = board.js("return window.__seen[0]")
    assert seen_at_start["age"] == "fresh" and seen_at_start["words"] == "On time · 0 min", seen_at_start
    assert seen_at_start["late"] == "0" and seen_at_start["lateWords"] == "0 late", seen_at_start
    time.sleep(1)  # the order's own news has been read: from here the board is quiet
    requests_before = board_requests(server)

    wait_for(board, LATE_AFTER + 3, lambda: board.js("return window.__seen.some(s => s.late === '1')"), "late")
    assert_turned_on_time(board.js("return window.__seen"), placed, engine)

    # The minute is up: "1 min" within a second of it.
    wait_for(board, 60 - LATE_AFTER + 3, lambda: board.js("return window.__seen.some(s => s.words === 'Late · 1 min')"),
             "the minute advanced")
    minute = first_seen(board.js("return window.__seen"), lambda s: s["words"] == "Late · 1 min")
    after = (minute["at"] - placed) / 1000 - 60
    assert -SLACK <= after <= ON_TIME, f"{engine}: the minute {after:+.2f} s from when it was up"
    time.sleep(0.5)  # the request log is written in batches
    assert board_requests(server) == requests_before, "the board asked the shop for something while it was quiet"
    assert board.js("return document.getElementById('board').dataset.boardLive") == "true"


# A screen whose own clock is ten minutes fast: `Date.now()` and `new Date()` say so in every page it opens.
FAST_CLOCK = """
(() => {
  const RealDate = Date;
  const skew = 10 * 60 * 1000;
  class FastDate extends RealDate {
    constructor(...args) { if (args.length === 0) super(RealDate.now() + skew); else super(...args); }
    static now() { return RealDate.now() + skew; }
  }
  window.Date = FastDate;
})();
"""


def test_a_screen_with_a_wrong_clock_shows_the_servers_ages(own_server_with):
    """The board counts on from the server's time, not the screen's: ten minutes fast, it still turns amber and red
    on time (Chromium, whose DevTools protocol puts the wrong clock into the page before its scripts)."""
    server = own_server_with("--order-warn-after", f"{WARN_AFTER}s", "--order-late-after", f"{LATE_AFTER}s")
    driver = make_driver(javascript=True)
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAST_CLOCK})
        staff_sign_in(driver, server.url)
        code = HTTPShopper(server.url).send_order("bundled-33", "Fast clock")
        deadline = time.monotonic() + 3
        while not driver.find_elements(By.CSS_SELECTOR, f'article.staff-order[data-order-code="{code}"]'):
            assert time.monotonic() < deadline, f"order {code} is not on the board"
            time.sleep(0.05)
        placed = driver.execute_script(
            "return Date.parse(document.querySelector('article.staff-order').dataset.placedAt)")
        assert driver.execute_script("return Date.now()") - placed > 9 * 60 * 1000, "the screen's clock is not fast"
        driver.execute_script(WATCH)
        first = driver.execute_script("return window.__seen[0]")
        assert first["age"] == "fresh" and first["words"] == "On time · 0 min", first
        deadline = time.monotonic() + LATE_AFTER + 3
        while not driver.execute_script("return window.__seen.some(s => s.late === '1')"):
            assert time.monotonic() < deadline, driver.execute_script("return window.__seen")
            time.sleep(0.05)
        assert_turned_on_time(driver.execute_script("return window.__seen"), placed, "chromium")
    finally:
        driver.quit()


def test_without_javascript_the_refresh_tells_the_time(own_server_with):
    """The board's own refresh (every 10 s) draws the age again: past the late limit, the next refresh shows it."""
    server = own_server_with("--order-warn-after", f"{WARN_AFTER}s", "--order-late-after", f"{LATE_AFTER}s")
    code = HTTPShopper(server.url).send_order("bundled-33", "No script")
    driver = make_driver(javascript=False)
    try:
        staff_sign_in(driver, server.url)
        ticket = driver.find_element(By.CSS_SELECTOR, f'article.staff-order[data-order-code="{code}"]')
        placed = driver.execute_script("return Date.parse(arguments[0])", ticket.get_attribute("data-placed-at"))
        assert ticket.get_attribute("data-order-age") != "late"
        deadline = time.monotonic() + LATE_AFTER + 10 + 3
        while time.monotonic() < deadline:
            shown = driver.find_elements(By.CSS_SELECTOR, f'article.staff-order[data-order-code="{code}"][data-order-age="late"]')
            if shown:
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the refreshed board did not show the order late")
        assert shown[0].find_element(By.CSS_SELECTOR, ".staff-order-age").text == "Late · 0 min"
        assert driver.find_element(By.CSS_SELECTOR, ".staff-numbers").get_attribute("data-late-today") == "1"
        assert time.time() * 1000 - placed <= (LATE_AFTER + 10 + 1) * 1000
    finally:
        driver.quit()


# --- Eight orders on a wall. ---


def chains(count):
    """Chains of column mixes (new, picking, ready) that together hold every mix of `count` orders, each reachable
    from the one before by moving orders on (never back). Chain k starts with k orders ready and the rest just
    received, moves them to picking one by one until k are left new, then on to ready until k are left picking."""
    found = []
    for k in range(count // 2 + 1):
        top = count - k
        chain = [(x, top - x, k) for x in range(top, k - 1, -1)]
        chain += [(k, y - k, count - y) for y in range(top - 1, k - 1, -1)]
        found.append(chain)
    return found


def test_the_chains_hold_every_mix_once():
    for count in (4, 8):
        mixes = [mix for chain in chains(count) for mix in chain]
        every = {(a, b, count - a - b) for a in range(count + 1) for b in range(count + 1 - a)}
        assert sorted(mixes) == sorted(every), count
        for chain in chains(count):
            for before, after in zip(chain, chain[1:]):
                assert after[0] <= before[0] and after[2] >= before[2], (before, after)


# Every ticket inside the viewport at the top of the page, the code's font size and box, and the page's own size.
MEASURE = """
const tickets = Array.from(document.querySelectorAll('article.staff-order')).map(t => {
  const box = t.getBoundingClientRect();
  const code = t.querySelector('.staff-order-code');
  return {code: t.dataset.orderCode, status: t.dataset.orderStatus, top: box.top, left: box.left,
    bottom: box.bottom, right: box.right, font: parseFloat(getComputedStyle(code).fontSize),
    height: code.getBoundingClientRect().height};
});
return {tickets: tickets, width: window.innerWidth, height: window.innerHeight, scrollX: window.scrollX,
  scrollY: window.scrollY, pageWidth: document.documentElement.scrollWidth,
  pageHeight: document.documentElement.scrollHeight};
"""

WALLS = {
    "1920x1080": (1920, 1080, 8, 48),
    "3840x2160": (3840, 2160, 8, 96),
    "1366x768": (1366, 768, 4, 32),
}


@pytest.mark.parametrize("wall", list(WALLS))
@pytest.mark.parametrize("engine", ENGINES)
def test_a_wall_holds_its_orders_in_every_mix(launched, own_server_with, engine, wall):
    width, height, count, smallest_code = WALLS[wall]
    board = launched(engine)
    board.set_size(width, height, False)
    statuses = ("new", "picking", "ready")
    for chain in chains(count):
        server = own_server_with()
        shopper = HTTPShopper(server.url)
        codes = [shopper.send_order(recipe, f"Wall {index}") for index, recipe in
                 enumerate(["bundled-33", "bundled-2"] * (count // 2))]
        staff = StaffClient(server.url)
        at = {code: 0 for code in codes}
        sign_in(board, server.url)
        assert board.viewport() == (width, height), f"{engine}: the viewport is {board.viewport()}"
        for mix in chain:
            # The first `ready` orders are ready, the next `picking` picking: along a chain each only moves on.
            wanted = {code: 2 if index < mix[2] else 1 if index < mix[2] + mix[1] else 0
                      for index, code in enumerate(codes)}
            for code in codes:
                while at[code] < wanted[code]:
                    staff.move(code, statuses[at[code]], statuses[at[code] + 1])
                    at[code] += 1
            shown = {code: statuses[wanted[code]] for code in codes}
            wait_for(board, 5, lambda: {t["code"]: t["status"] for t in board.js(MEASURE)["tickets"]} == shown,
                     f"the board shows the mix {mix}")
            page = board.js(MEASURE)
            where = f"{engine} {wall}, mix {mix}"
            assert page["scrollX"] == 0 and page["scrollY"] == 0, f"{where}: the board scrolled"
            for ticket in page["tickets"]:
                inside = (ticket["top"] >= 0 and ticket["left"] >= 0 and ticket["bottom"] <= height
                          and ticket["right"] <= width)
                assert inside, f"{where}: order {ticket['code']} does not fit the screen: {ticket}"
                assert ticket["font"] >= smallest_code and ticket["height"] >= smallest_code, (
                    f"{where}: the code of {ticket['code']} is {ticket['font']} px ({ticket['height']} px high)")
            assert page["pageHeight"] <= height + 1 and page["pageWidth"] <= width + 1, f"{where}: {page}"
        board.screenshot(f"wall-{engine}-{wall}-{chain[-1][0]}-{chain[-1][1]}-{chain[-1][2]}")
