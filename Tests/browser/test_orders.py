"""Orders, end to end in chromium, with JavaScript on and then off: a recipe goes into the cart for the
servings its detail page was opened at, the cart's shopping list is grouped by aisle and "I have this"
moves a row to the Already have group, the cart prints as a shopping sheet, "Send to the shop" turns it
into an order, a second browser signed in as staff moves the order to ready, and the shopper's order
page says so.

Then the new pages under axe-core and the Nu HTML checker, as test_accessibility.py and
test_html_validity.py check the others: a cart with its grouped list (a row marked had, a share link, a
sent order listed), the order page, the shared-cart page, the staff board with an order and
/staff/aisles."""

import re
import shutil

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browserkit import (
    ARTIFACTS,
    cart_count,
    cart_line,
    click_and_wait,
    cookie_header,
    fetch_html,
    make_driver,
    open_page,
    press_stepper,
    set_color_scheme,
    shown,
    staff_sign_in,
    status_message,
)
from test_accessibility import check
from test_html_validity import assert_valid_html
from test_print import PRINTED

# Classic Spaghetti Carbonara: written for 2 servings, with 200 g spaghetti; salt and black pepper
# start as had.
CARBONARA = "bundled-33"
STAPLES = ("salt", "black pepper")
# The row the shopper says they have.
HAD = "spaghetti"

ORDER_URL = re.compile(r"/orders/([A-Z0-9]+)$")

# What paper shows of the new parts of the cart page (emulated print media).
PRINTED_LIST = """
const visible = el => { const cs = getComputedStyle(el); const r = el.getBoundingClientRect();
  return cs.display !== 'none' && cs.visibility !== 'hidden' && r.width > 0 && r.height > 0; };
const groups = [...document.querySelectorAll('section.shopping-group')].map(group => ({
  aisle: group.dataset.aisle, visible: visible(group),
  items: [...group.querySelectorAll('li.shopping-item')].map(item => ({key: item.dataset.item, visible: visible(item)}))}));
const forms = [...document.querySelectorAll(
    'form.shopping-have, form.cart-line-servings, form.cart-send-form, .cart-share form, .cart-orders, .shopping-list-hint')]
  .filter(visible).map(el => el.outerHTML.slice(0, 80));
const meta = [...document.querySelectorAll('li.cart-line .cart-line-meta')].filter(visible).map(el => el.textContent.trim());
return {groups, forms, meta};
"""


def shopping_aisle(driver, item):
    """The data-aisle of the shopping list group that lists `item` (an ingredient key), or None."""
    rows = driver.find_elements(By.CSS_SELECTOR, f'section.shopping-group li.shopping-item[data-item="{item}"]')
    assert len(rows) <= 1, f"{item} is listed {len(rows)} times"
    if not rows:
        return None
    return rows[0].find_element(By.XPATH, "ancestor::section[@data-aisle][1]").get_attribute("data-aisle")


def shopping_row(driver, item):
    return driver.find_element(By.CSS_SELECTOR, f'section.shopping-group li.shopping-item[data-item="{item}"]')


def order_section(driver):
    return driver.find_element(By.CSS_SELECTOR, "section.order[data-order-code][data-order-status]")


def staff_order(driver, code):
    found = driver.find_elements(By.CSS_SELECTOR, f'article.staff-order[data-order-code="{code}"]')
    return found[0] if found else None


# Staff pages have no site footer: their title says the next page has loaded.
STAFF_LOADED = "main .staff-title"


def open_staff_page(driver, url):
    driver.get(url)
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, STAFF_LOADED))


def advance_order(staff, code, button_text, new_status):
    """Press the one-step button of order `code` on the staff board and check where it went."""
    order = staff_order(staff, code)
    assert order is not None, f"the staff board does not show order {code}"
    button = order.find_element(By.CSS_SELECTOR, "button.staff-advance")
    assert button.text.strip() == button_text, f"order {code} offers {button.text.strip()!r}, not {button_text!r}"
    click_and_wait(staff, button, loaded=STAFF_LOADED)
    assert staff.current_url.split("#")[0].rstrip("/").endswith("/staff")
    order = staff_order(staff, code)
    if new_status == "collected":
        assert order is None, "a collected order should leave the board"
    else:
        assert order is not None and order.get_attribute("data-order-status") == new_status


def add_at_servings(driver, base_url, recipe_id, servings):
    """Open the detail page at `servings` and press Add to cart (its form carries the servings)."""
    open_page(driver, f"{base_url}/recipes/{recipe_id}?servings={servings}")
    carried = driver.find_element(By.CSS_SELECTOR, '.recipe form.add-to-cart input[type="hidden"][name="servings"]')
    assert carried.get_attribute("value") == str(servings)
    press_stepper(driver, driver.find_element(By.CSS_SELECTOR, ".recipe"), "inc")


def send_order(driver, note):
    """Type the note and press Send to the shop on the cart page; answers the order's code."""
    form = driver.find_element(By.CSS_SELECTOR, "form.cart-send-form")
    field = form.find_element(By.CSS_SELECTOR, 'input[name="note"]')
    field.clear()
    field.send_keys(note)
    click_and_wait(driver, form.find_element(By.CSS_SELECTOR, 'button[type="submit"]'))
    match = ORDER_URL.search(driver.current_url.split("#")[0])
    assert match, f"the send did not lead to an order page: {driver.current_url}"
    return match.group(1)


def walk_order_path(driver, base_url, javascript):
    # The detail page at 2 servings; its Add to cart carries them.
    add_at_servings(driver, base_url, CARBONARA, 2)
    assert cart_count(driver) == 1

    # The cart line remembers the servings and can change them.
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "a.cart-link"))
    assert driver.current_url == f"{base_url}/cart"
    line = cart_line(driver, CARBONARA)
    assert line is not None, "the recipe is not in the cart"
    assert line.get_attribute("data-quantity") == "1"
    assert line.get_attribute("data-servings") == "2"
    servings_form = line.find_element(By.CSS_SELECTOR, "form.cart-line-servings")
    assert servings_form.find_element(By.CSS_SELECTOR, 'input[name="op"]').get_attribute("value") == "servings"
    assert servings_form.find_element(By.CSS_SELECTOR, 'input[name="servings"]').get_attribute("value") == "2"

    # The shopping list, grouped by aisle: the staples start as had, the spaghetti is in the pantry.
    aisles = [g.get_attribute("data-aisle") for g in driver.find_elements(By.CSS_SELECTOR, "section.shopping-group")]
    assert aisles and len(aisles) == len(set(aisles)), f"aisle groups: {aisles}"
    assert set(aisles) <= {"produce", "meat-fish", "dairy-eggs", "bakery", "pantry", "spices", "frozen", "other", "have"}
    assert aisles[-1] == "have", f"Already have should come last: {aisles}"
    for staple in STAPLES:
        assert shopping_aisle(driver, staple) == "have", f"{staple} should start in the have group"
    assert shopping_aisle(driver, HAD) == "pantry"
    row = shopping_row(driver, HAD)
    assert row.find_element(By.CSS_SELECTOR, ".shopping-amount").text.strip() == "200 g"

    # "I have this" on the spaghetti: it moves to Already have and offers "I need this".
    have = row.find_element(By.CSS_SELECTOR, "form.shopping-have button")
    assert have.text.strip().startswith("I have this")
    click_and_wait(driver, have)
    assert driver.current_url.split("#")[0] == f"{base_url}/cart"
    assert shopping_aisle(driver, HAD) == "have"
    assert not driver.find_elements(By.CSS_SELECTOR, 'section.shopping-group[data-aisle="pantry"]'), (
        "the pantry group should be gone with its only row"
    )
    row = shopping_row(driver, HAD)
    assert row.find_element(By.CSS_SELECTOR, 'form.shopping-have input[name="has"]').get_attribute("value") == "0"
    assert row.find_element(By.CSS_SELECTOR, "form.shopping-have button").text.strip().startswith("I need this")
    for staple in STAPLES:
        assert shopping_aisle(driver, staple) == "have"
    # The cart itself did not change.
    assert cart_line(driver, CARBONARA).get_attribute("data-quantity") == "1"

    # The same list as text, under the browser's own session.
    status, text = fetch_html(base_url + "/cart/list.txt", cookie_header(driver))
    assert status == 200
    have_part = text.split("Already have", 1)
    assert len(have_part) == 2, f"the text list has no Already have part:\n{text}"
    assert "200 g spaghetti" in have_part[1] and "200 g spaghetti" not in have_part[0], text
    assert "1 × Classic Spaghetti Carbonara (2 servings)" in text, text

    # Printed: the list with boxes to tick, every group and row on paper; no form, button or picture.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        printed = driver.execute_script(PRINTED)
        printed_list = driver.execute_script(PRINTED_LIST)
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert not printed["pictures"], f"pictures on paper: {printed['pictures']}"
    assert not printed["buttons"], f"buttons on paper: {printed['buttons']}"
    assert not printed_list["forms"], f"forms on paper: {printed_list['forms']}"
    assert [line["id"] for line in printed["lines"]] == [CARBONARA]
    assert printed["lines"][0]["controls"] == 0, printed["lines"][0]
    assert re.match(r"×\s*1\b", printed["lines"][0]["text"] or ""), f"no quantity on paper: {printed['lines']}"
    assert any("2 servings" in meta for meta in printed_list["meta"]), f"no servings on paper: {printed_list['meta']}"
    assert printed["boxes"] and all(printed["boxes"]), "every shopping list row needs a box to tick"
    groups = {group["aisle"]: group for group in printed_list["groups"]}
    assert groups and all(group["visible"] for group in groups.values()), f"groups missing on paper: {groups}"
    assert all(item["visible"] for group in groups.values() for item in group["items"]), groups
    assert HAD in [item["key"] for item in groups["have"]["items"]]

    # Send to the shop with a note: the cart becomes order CODE and empties.
    note = f"Ana order path {'with' if javascript else 'without'} JS"
    code = send_order(driver, note)
    message = status_message(driver)
    assert message is not None and code in message.text, "the order page should say the pickup code"
    order = order_section(driver)
    assert order.get_attribute("data-order-code") == code
    assert order.get_attribute("data-order-status") == "new"
    assert code in driver.find_element(By.CSS_SELECTOR, ".order-code").text
    assert note in driver.find_element(By.CSS_SELECTOR, ".order-meta").text
    # It follows the staff board: the script reloads it every 30 s, and without the script "Check again" does.
    assert order.get_attribute("data-order-refresh") == "30"
    assert not driver.find_elements(By.CSS_SELECTOR, 'meta[http-equiv="refresh"]'), "a timed refresh fails WCAG 2.2.1"
    assert driver.find_elements(By.CSS_SELECTOR, "a.order-check")
    lines = driver.find_elements(By.CSS_SELECTOR, ".order-lines li[data-recipe-id]")
    assert [line.get_attribute("data-recipe-id") for line in lines] == [CARBONARA]
    assert "2 servings" in lines[0].text
    # The order kept the shopper's marks.
    assert shopping_aisle(driver, HAD) == "have"
    assert cart_count(driver) == 0

    # Staff, in a browser of their own, move the order to ready.
    staff = make_driver(javascript=javascript)
    try:
        staff_sign_in(staff, base_url)
        board = staff_order(staff, code)
        assert board is not None, f"the staff board does not show order {code}"
        assert board.get_attribute("data-order-status") == "new"
        assert note in board.find_element(By.CSS_SELECTOR, ".staff-order-note").text
        assert board.find_elements(By.CSS_SELECTOR, "button.staff-cancel"), "an open order can be cancelled"
        # Orders come before the carts still being filled.
        assert staff.execute_script(
            "const o = document.querySelector('section.staff-orders'), c = document.querySelector('.staff-grid');"
            "return !!o && !!c && !!(o.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING);"
        ), "orders should come first on the board"
        # The pick list leaves out what the shopper has.
        picked = [el.text.strip() for el in board.find_elements(By.CSS_SELECTOR, ".staff-order-picklist .staff-item")]
        assert picked and HAD not in picked and not set(STAPLES) & set(picked), picked
        advance_order(staff, code, "Start packing", "picking")
        advance_order(staff, code, "Mark ready", "ready")

        # The shopper's order page, checked again (what the script's reload does), says ready.
        click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "a.order-check"))
        order = order_section(driver)
        assert order.get_attribute("data-order-code") == code
        assert order.get_attribute("data-order-status") == "ready"
        current = driver.find_element(By.CSS_SELECTOR, '.order-steps [aria-current="step"]')
        assert "ready" in current.text.lower()
        # Nothing left to wait for: a ready order's page stops following the board.
        assert order.get_attribute("data-order-refresh") is None
        assert not driver.find_elements(By.CSS_SELECTOR, "a.order-check")

        # The cart page lists the order with its status.
        click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "a.cart-link"))
        listed = driver.find_elements(By.CSS_SELECTOR, f'.cart-orders li[data-order-code="{code}"]')
        assert listed and listed[0].get_attribute("data-order-status") == "ready"
        assert driver.find_element(By.CSS_SELECTOR, ".cart .empty-state").is_displayed()

        # Collected: the order leaves the board.
        advance_order(staff, code, "Mark collected", "collected")
    finally:
        staff.quit()
    open_page(driver, f"{base_url}/orders/{code}")
    assert order_section(driver).get_attribute("data-order-status") == "collected"
    assert order_section(driver).get_attribute("data-order-refresh") is None


def test_order_path(scripted_browser, base_url):
    driver, javascript = scripted_browser
    walk_order_path(driver, base_url, javascript)


def test_an_order_shows_only_in_the_browser_that_sent_it(browser, base_url):
    add_at_servings(browser, base_url, CARBONARA, 2)
    open_page(browser, base_url + "/cart")
    code = send_order(browser, "")
    assert order_section(browser).get_attribute("data-order-status") == "new"
    assert fetch_html(f"{base_url}/orders/{code}", cookie_header(browser))[0] == 200
    assert fetch_html(f"{base_url}/orders/{code}")[0] == 404
    other = make_driver(javascript=False)
    try:
        add_at_servings(other, base_url, CARBONARA, 2)
        assert fetch_html(f"{base_url}/orders/{code}", cookie_header(other))[0] == 404
    finally:
        other.quit()


def test_cart_line_servings_scale_the_list(browser, base_url):
    add_at_servings(browser, base_url, CARBONARA, 2)
    open_page(browser, base_url + "/cart")
    assert shopping_row(browser, HAD).find_element(By.CSS_SELECTOR, ".shopping-amount").text.strip() == "200 g"
    form = cart_line(browser, CARBONARA).find_element(By.CSS_SELECTOR, "form.cart-line-servings")
    field = form.find_element(By.CSS_SELECTOR, 'input[name="servings"]')
    field.clear()
    field.send_keys("4")
    click_and_wait(browser, form.find_element(By.CSS_SELECTOR, 'button[type="submit"]'))
    line = cart_line(browser, CARBONARA)
    assert line.get_attribute("data-servings") == "4"
    assert line.get_attribute("data-quantity") == "1", "changing servings must not change the batches"
    assert shopping_row(browser, HAD).find_element(By.CSS_SELECTOR, ".shopping-amount").text.strip() == "400 g"
    status, text = fetch_html(base_url + "/cart/list.txt", cookie_header(browser))
    assert status == 200 and "400 g spaghetti" in text and "(4 servings)" in text, text


def test_share_link_is_read_only_and_stops_when_revoked(browser, base_url):
    add_at_servings(browser, base_url, CARBONARA, 2)
    open_page(browser, base_url + "/cart")
    assert not browser.find_elements(By.CSS_SELECTOR, "a[data-share-link]")
    make = browser.find_element(By.CSS_SELECTOR, 'section.cart-share form[action="/cart/share"] button')
    click_and_wait(browser, make)
    link = browser.find_element(By.CSS_SELECTOR, "a[data-share-link]")
    href = link.get_attribute("href")
    assert re.fullmatch(re.escape(base_url) + r"/shared/[A-Za-z0-9_-]{16,}", href), href
    assert shown(browser, link)

    # Anyone with the link sees the cart and its list, and no form.
    status, html = fetch_html(href)
    assert status == 200
    assert f'data-recipe-id="{CARBONARA}"' in html and 'class="shopping-group"' in html
    assert "<form" not in html.split('<main', 1)[1].split("</main>", 1)[0], "the shared cart must offer no form"

    click_and_wait(browser, browser.find_element(By.XPATH, "//section[contains(@class,'cart-share')]//button[normalize-space()='Stop sharing']"))
    assert not browser.find_elements(By.CSS_SELECTOR, "a[data-share-link]")
    assert fetch_html(href)[0] == 404


# --- axe and the Nu HTML checker on the new pages ----------------------------------------------


@pytest.fixture(scope="module")
def order_pages(base_url):
    """A shopper with a sent order (moved to picking by staff) and a new cart: carbonara at 2 servings and
    a second recipe, a row marked had, a share link. A staff browser signed in.

    Answers (shopper, staff, paths): the page names and their paths."""
    shopper = make_driver(javascript=True)
    staff = make_driver(javascript=True)
    try:
        add_at_servings(shopper, base_url, CARBONARA, 2)
        open_page(shopper, base_url + "/cart")
        code = send_order(shopper, "Pages check <&> “quoted”")
        add_at_servings(shopper, base_url, CARBONARA, 3)
        add_at_servings(shopper, base_url, "bundled-11", 6)
        open_page(shopper, base_url + "/cart")
        click_and_wait(shopper, shopping_row(shopper, HAD).find_element(By.CSS_SELECTOR, "form.shopping-have button"))
        click_and_wait(shopper, shopper.find_element(By.CSS_SELECTOR, 'section.cart-share form[action="/cart/share"] button'))
        shared = shopper.find_element(By.CSS_SELECTOR, "a[data-share-link]").get_attribute("href").replace(base_url, "")
        staff_sign_in(staff, base_url)
        advance_order(staff, code, "Start packing", "picking")
        paths = {
            "cart-with-list": "/cart",
            "order": f"/orders/{code}",
            "shared-cart": shared,
            "staff-board-with-order": "/staff",
            "staff-aisles": "/staff/aisles",
        }
        yield shopper, staff, code, paths
    finally:
        shopper.quit()
        staff.quit()


def assert_pages_state(driver, name, code):
    """The page shows what it is checked for."""
    if name == "cart-with-list":
        assert driver.find_elements(By.CSS_SELECTOR, 'section.shopping-group[data-aisle="have"] li.shopping-item')
        assert len(driver.find_elements(By.CSS_SELECTOR, "section.shopping-group")) >= 4
        assert driver.find_elements(By.CSS_SELECTOR, "a[data-share-link]")
        assert driver.find_elements(By.CSS_SELECTOR, f'.cart-orders li[data-order-code="{code}"]')
    elif name == "order":
        assert order_section(driver).get_attribute("data-order-status") == "picking"
    elif name == "shared-cart":
        assert driver.find_elements(By.CSS_SELECTOR, "section.shopping-group li.shopping-item")
    elif name == "staff-board-with-order":
        assert staff_order(driver, code) is not None
    elif name == "staff-aisles":
        assert len(driver.find_elements(By.CSS_SELECTOR, ".staff-aisles-list li[data-aisle]")) == 8


AXE_PAGES = [
    "cart-with-list",
    "order",
    "shared-cart",
    "staff-board-with-order",
    "staff-aisles",
]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("page", AXE_PAGES)
def test_no_serious_axe_violations_on_order_pages(order_pages, base_url, page, scheme):
    shopper, staff, code, paths = order_pages
    driver = staff if page.startswith("staff-") else shopper
    set_color_scheme(driver, scheme)
    if page.startswith("staff-"):
        open_staff_page(driver, base_url + paths[page])
    else:
        open_page(driver, base_url + paths[page])
    assert_pages_state(driver, page, code)
    check(driver, f"{page}, {scheme}")


def test_order_pages_are_valid_html(order_pages, base_url):
    shopper, staff, code, paths = order_pages
    cookies = {name: cookie_header(staff if name.startswith("staff-") else shopper) for name in paths}
    folder = ARTIFACTS / "html-orders"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    files = []
    for name, path in paths.items():
        status, html = fetch_html(base_url + path, cookies[name])
        assert status == 200, f"{path} answered {status}"
        if name == "cart-with-list":
            assert 'data-aisle="have"' in html and "data-share-link" in html and f'data-order-code="{code}"' in html
        if name == "staff-board-with-order":
            assert f'data-order-code="{code}"' in html
        target = folder / f"{name}.html"
        target.write_text(html, encoding="utf-8")
        files.append(str(target))
    # The shared cart is for anyone with the link: no cookie at all.
    status, html = fetch_html(base_url + paths["shared-cart"])
    assert status == 200 and 'class="shopping-item"' in html

    assert_valid_html(files, paths)
