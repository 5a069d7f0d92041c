"""The shopper's walk and the staff walk in every engine — Chromium, WebKit (WebKitGTK) and Firefox
ESR — at a phone's size (390×844) and a desktop's (1280×800), with the optional script on:

search, open the recipe, + twice, Back and Forward between the list, the recipe and the cart, "I have
this", −, send the order; then staff, in a browser of their own, sign in and move the order to ready
(marking a row found, opening another's "Short or replaced" and unmarking the first while packing),
and the shopper's "Check again" says so. Last, a wall screen: one browser opens /staff/screen and shows
a pairing code, staff type it at /staff/screens, and the screen shows the live board.

Every page on the way must log no console error, be no wider than the viewport, show every control
whole and give each at least 24 × 24 px unless it is a link inside a sentence (pagechecks.py). And
on the way: the search box's hint fits it, a tile's time never leaves its unit alone on a line, the
filter selects are drawn by the page (no second, native box behind the pill), Start cooking keeps
its minutes on one line, the staff pages have an icon and their sign-in a username field.

Run one engine with `Tests/browser/run -k webkit` (or chromium, firefox)."""

import os
import re
import subprocess
import time

import pytest

from engines import ENGINES
from pagechecks import check_page

SIZES = {"phone": (390, 844, True), "desktop": (1280, 800, False)}

# Classic Spaghetti Carbonara: 20 min, 2 servings, spaghetti in the pantry aisle.
CARBONARA = "bundled-33"
HAD = "spaghetti"

# The search box's hint, measured in the box's own font against the room inside it.
PLACEHOLDER_ROOM = """
const input = document.querySelector('#q');
const style = getComputedStyle(input);
const context = document.createElement('canvas').getContext('2d');
context.font = [style.fontStyle, style.fontWeight, style.fontSize, style.fontFamily].join(' ');
const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
return {text: input.placeholder, needs: Math.ceil(context.measureText(input.placeholder).width), room: Math.floor(room)};
"""

# How many lines the text inside an element takes: its text's boxes, grouped where they overlap vertically.
LINES_FUNCTION = """
function lines(element) {
const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
const boxes = [];
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  if (!node.textContent.trim()) continue;
  const range = document.createRange();
  range.selectNodeContents(node);
  for (const box of range.getClientRects()) if (box.width > 0) boxes.push(box);
}
boxes.sort((a, b) => a.top - b.top);
let count = 0, bottom = -Infinity;
for (const box of boxes) {
  if (box.top >= bottom - 2) { count += 1; bottom = box.bottom; } else { bottom = Math.max(bottom, box.bottom); }
}
return count;
}
"""
LINES = LINES_FUNCTION + "return lines(arguments[0]);"

# Each tile's time ("1 h 20 min") on one line, and never a unit alone on a line of its own.
TILE_TIMES = LINES_FUNCTION + """
return Array.from(document.querySelectorAll('.tile-meta')).map(meta => {
  const time = meta.querySelector('.tile-time') || meta.lastElementChild;
  return {text: time.textContent.trim(), lines: lines(time)};
});
"""

SELECTS = """
return Array.from(document.querySelectorAll('select.search-diet')).filter(s => s.getClientRects().length).map(s => {
  const style = getComputedStyle(s);
  return {id: s.id, appearance: style.appearance || style.webkitAppearance || style.MozAppearance, radius: style.borderTopLeftRadius};
});
"""


def stepper_button(browser, scope, op):
    """The + (op='inc') or − (op='dec') of the stepper in `scope`, or Add to cart for + at zero."""
    found = browser.find_all(
        f'form:has(input[name="op"][value="{op}"]) button[type="submit"], button[name="op"][value="{op}"]', scope
    )
    assert found, f"{browser.engine}: no {op} button in {scope.get_attribute('class')}"
    return found[0]


def quantity(browser):
    return int(browser.find("[data-cart-count]").get_attribute("data-cart-count"))


def shopper_walk(shopper, base_url, size):
    tag = f"{shopper.engine}-{size}"
    phone = size == "phone"

    # Browse, then a search.
    shopper.open(base_url + "/")
    check_page(shopper, "Browse")
    room = shopper.js(PLACEHOLDER_ROOM)
    assert room["needs"] <= room["room"], f"{tag}: the search hint {room['text']!r} needs {room['needs']} px, the box has {room['room']}"
    for tile in shopper.js(TILE_TIMES):
        assert tile["lines"] == 1, f"{tag}: the tile time {tile['text']!r} breaks over {tile['lines']} lines"
    if not phone:
        # Folded behind "Filters" on a phone; shown beside the search on a desktop.
        selects = shopper.js(SELECTS)
        assert len(selects) == 5, f"{tag}: filter selects shown: {selects}"
        for select in selects:
            assert select["appearance"] == "none", f"{tag}: the {select['id']} select is drawn natively: {select}"
    shopper.type_into(shopper.find("#q"), "carbonara")
    shopper.click(shopper.find('form.search button[type="submit"]'))
    assert "q=carbonara" in shopper.url
    check_page(shopper, "search results")
    shopper.screenshot(f"engines-{tag}-search")

    # The recipe; Back to the list and Forward again: no page may log an error (WebKit logged a
    # rejected view transition on every Back).
    shopper.click(shopper.find(f'li.tile[data-recipe-id="{CARBONARA}"] a.tile-link'))
    assert shopper.url.split("#")[0].endswith(f"/recipes/{CARBONARA}")
    check_page(shopper, "recipe")
    shopper.go_back()
    assert "q=carbonara" in shopper.url, shopper.url
    check_page(shopper, "Back to the search results", settle=0.3)
    shopper.go_forward()
    assert shopper.url.split("#")[0].endswith(f"/recipes/{CARBONARA}")
    check_page(shopper, "Forward to the recipe", settle=0.3)

    # + twice.
    shopper.click(stepper_button(shopper, shopper.find(".recipe"), "inc"))
    check_page(shopper, "recipe after Add to cart")
    assert quantity(shopper) == 1
    shopper.click(stepper_button(shopper, shopper.find(".recipe"), "inc"))
    check_page(shopper, "recipe after +")
    assert quantity(shopper) == 2
    assert shopper.find(".recipe output[data-quantity]").get_attribute("data-quantity") == "2"

    # The cart; Back to the recipe and Forward again.
    shopper.click(shopper.find("a.cart-link"))
    assert shopper.url.split("#")[0] == base_url + "/cart"
    check_page(shopper, "cart")
    shopper.go_back()
    assert f"/recipes/{CARBONARA}" in shopper.url, shopper.url
    check_page(shopper, "Back to the recipe", settle=0.3)
    shopper.go_forward()
    assert shopper.url.split("#")[0] == base_url + "/cart"
    check_page(shopper, "Forward to the cart", settle=0.3)

    # Start cooking keeps its minutes together and takes at most two lines in its pill.
    start = shopper.find(f'li.cart-line[data-recipe-id="{CARBONARA}"] .cooking-start button[type="submit"]')
    assert "20" in start.text and "min" in start.text, start.text
    lines = shopper.js(LINES, start)
    assert lines <= (2 if phone else 1), f"{tag}: Start cooking takes {lines} lines"
    assert re.search(r"\(20\s+min\)", shopper.js("return arguments[0].innerText", start)), start.text

    # "I have this", then −.
    row = shopper.find(f'section.shopping-group li.shopping-item[data-item="{HAD}"]')
    shopper.click(shopper.find("form.shopping-have button", row))
    check_page(shopper, "cart after I have this")
    had = shopper.find(f'section.shopping-group[data-aisle="have"] li.shopping-item[data-item="{HAD}"]')
    assert had is not None
    line = shopper.find(f'li.cart-line[data-recipe-id="{CARBONARA}"]')
    shopper.click(stepper_button(shopper, line, "dec"))
    check_page(shopper, "cart after −")
    assert shopper.find(f'li.cart-line[data-recipe-id="{CARBONARA}"]').get_attribute("data-quantity") == "1"
    shopper.screenshot(f"engines-{tag}-cart")

    # Send the order.
    note = f"{tag} walk"
    shopper.type_into(shopper.find('form.cart-send-form input[name="note"]'), note)
    shopper.click(shopper.find('form.cart-send-form button[type="submit"]'))
    match = re.search(r"/orders/([A-Z0-9]+)$", shopper.url.split("#")[0])
    assert match, f"{tag}: the send did not lead to an order page: {shopper.url}"
    check_page(shopper, "order page")
    order = shopper.find("section.order")
    assert order.get_attribute("data-order-status") == "new"
    return match.group(1)


def staff_walk(staff, base_url, code, size):
    tag = f"{staff.engine}-{size}"
    token = os.environ.get("RECIPECART_TEST_STAFF_TOKEN")
    assert token, "RECIPECART_TEST_STAFF_TOKEN is not set: run the suite through Tests/browser/run"
    staff.open(base_url + "/staff/login")
    check_page(staff, "staff sign-in")
    # Staff pages name their icon (no request for /favicon.ico), and the sign-in form says whose password
    # it is to password managers: a username field, hidden.
    assert staff.find_all('head link[rel~="icon"][href]'), f"{tag}: the staff sign-in has no icon link"
    form = staff.find('form[action="/staff/login"]')
    assert staff.find_all('input[name="username"][autocomplete="username"]', form), f"{tag}: no username field"
    staff.type_into(staff.find("#token"), token)
    staff.click(staff.find('button[type="submit"]', form))
    assert staff.url.split("#")[0].rstrip("/").endswith("/staff"), staff.url
    assert staff.find_all('head link[rel~="icon"][href]'), f"{tag}: the staff board has no icon link"
    check_page(staff, "staff board")
    staff.screenshot(f"engines-{tag}-staff")
    for button_text, status in (("Start packing", "picking"), ("Mark ready", "ready")):
        card = staff.find(f'article.staff-order[data-order-code="{code}"]')
        button = staff.find("button.staff-advance", card)
        assert button.text.strip() == button_text, button.text
        staff.click(button)
        check_page(staff, f"staff board after {button_text}")
        card = staff.find(f'article.staff-order[data-order-code="{code}"]')
        assert card.get_attribute("data-order-status") == status
        if status == "picking":
            pick_marks(staff, code, tag)


def pick_marks(staff, code, tag):
    """While packing: mark a row found, open another's "Short or replaced" (a count to type, two buttons),
    and unmark the first."""
    card = staff.find(f'article.staff-order[data-order-code="{code}"]')
    rows = staff.find_all("li.staff-pick-row:not([data-pick-state])", card)
    assert len(rows) >= 2, f"{tag}: order {code} has {len(rows)} rows to mark"
    found, other = rows[0].get_attribute("data-pick-row"), rows[1].get_attribute("data-pick-row")
    staff.click(staff.find("button.staff-found", rows[0]))
    check_page(staff, "staff board after Found")
    row = staff.find(f'#order-{code} li.staff-pick-row[data-pick-row="{found}"]')
    assert row.get_attribute("data-pick-state") == "found", f"{tag}: {found} not marked found"
    summary = staff.find(f'#order-{code} li.staff-pick-row[data-pick-row="{other}"] details.staff-mark-more summary')
    staff.js("arguments[0].scrollIntoView({block: 'center'});", summary)
    summary.click()
    check_page(staff, "staff board with Short or replaced open", settle=0.2)
    staff.click(staff.find("button.staff-unmark", row))
    check_page(staff, "staff board after Unmark")
    row = staff.find(f'#order-{code} li.staff-pick-row[data-pick-row="{found}"]')
    assert row.get_attribute("data-pick-state") is None, f"{tag}: {found} still marked"


def screen_walk(tv, staff, base_url, size):
    """A wall screen shows its pairing code, staff type it on the screens page, the screen shows the board."""
    tag = f"{staff.engine}-{size}"
    tv.open(base_url + "/staff/screen")
    check_page(tv, "wall screen's pairing code")
    code = tv.find("[data-pairing-code]").get_attribute("data-pairing-code")
    staff.open(base_url + "/staff/screens")
    check_page(staff, "screens page")
    staff.type_into(staff.find("#code"), code)
    staff.type_into(staff.find("#name"), f"{tag} screen")
    waiting = tv._mark()
    staff.click(staff.find("form.screen-pair-form button[type=\"submit\"]"))
    check_page(staff, "screens page after pairing")
    assert any(f"{tag} screen" in row.text for row in staff.find_all("tr[data-screen-id]")), f"{tag}: not listed"
    tv._wait_replaced(waiting, timeout=10)
    assert tv.url.split("#")[0].rstrip("/").endswith("/staff"), f"{tag}: the screen did not show the board: {tv.url}"
    assert tv.find_all("main .staff-title"), f"{tag}: the paired screen shows no board"
    check_page(tv, "board on a paired screen", settle=0.3)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("engine", ENGINES)
def test_shopper_and_staff_walk(launched, base_url, engine, size):
    width, height, mobile = SIZES[size]
    shopper = launched(engine)
    shopper.set_size(width, height, mobile)
    code = shopper_walk(shopper, base_url, size)

    staff = launched(engine)
    staff.set_size(width, height, mobile)
    staff_walk(staff, base_url, code, size)

    # The shopper checks again: ready, and nothing left to wait for.
    shopper.click(shopper.find("a.order-check"))
    check_page(shopper, "order page checked again")
    assert shopper.find("section.order").get_attribute("data-order-status") == "ready"
    assert not shopper.find_all("a.order-check")

    # Late reports (an icon asked for after the page loaded) count too.
    check_page(staff, "staff board, a moment later", settle=1.0)
    check_page(shopper, "order page, a moment later", settle=0.2)

    # The shopper's browser stands in for a wall screen (a fresh browser of its own adds nothing here).
    screen_walk(shopper, staff, base_url, size)


# The new page, while it slides in: where its Add to cart button is, and whether a press there would
# land on the root (the slide takes every press while it runs).
SLIDE_PROBE = """
if (window.__recipecartPage === arguments[0] || document.readyState === 'loading') return null;
const button = document.querySelector('form.add-to-cart button[type="submit"]');
if (!button) return null;
const box = button.getBoundingClientRect();
const x = Math.round(box.left + box.width / 2), y = Math.round(box.top + box.height / 2);
if (y <= 0 || y >= innerHeight) return null;
const at = document.elementFromPoint(x, y);
const slide = document.getAnimations().some(a => a.effect && a.effect.pseudoElement && a.effect.pseudoElement.startsWith('::view-transition'));
return {x: x, y: y, sliding: slide && at === document.documentElement};
"""


def tap_at(browser, x, y):
    """A real press at viewport coordinates, delivered at once. WebDriver's own actions wait until a slide
    is over before they press, so: Chromium's input through CDP, and for WebKit the X server's (xdotool)."""
    if browser.engine == "chromium":
        for kind in ("mousePressed", "mouseReleased"):
            browser.driver.execute_cdp_cmd(
                "Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}
            )
        return
    window = browser.driver.get_window_rect()
    subprocess.run(
        ["xdotool", "mousemove", str(window["x"] + x), str(window["y"] + y), "click", "1"], check=True, timeout=10
    )


# Firefox ESR has no cross-document view transitions: nothing slides there, so nothing to tap through.
@pytest.mark.parametrize("engine", ["chromium", "webkit"])
def test_a_tap_during_the_slide_is_not_lost(launched, base_url, engine):
    """Open a recipe and press Add to cart while its page is still sliding in: the press ends the slide
    and goes on to the button (it was lost: during the slide the page takes no press)."""
    browser = launched(engine)
    browser.open(base_url + "/?q=carbonara")
    browser.set_size(*SIZES["phone"])
    for attempt in range(5):
        browser.open(base_url + "/?q=carbonara")
        tile = browser.find(f'li.tile[data-recipe-id="{CARBONARA}"] a.tile-link')
        browser.js("arguments[0].scrollIntoView({block: 'center'});", tile)
        token = browser._mark()
        # Leave without waiting for the new page: the press has to come while it slides in.
        browser.js("setTimeout(() => arguments[0].click(), 0);", tile)
        probe = None
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                probe = browser.js(SLIDE_PROBE, token)
            except Exception:  # noqa: BLE001 - mid-navigation
                probe = None
            if probe and probe["sliding"]:
                break
            if probe and not probe["sliding"] and browser.js("return document.getAnimations().length") == 0:
                break  # the slide was over before a press could be made: try again
            time.sleep(0.005)
        if probe and probe["sliding"]:
            break
    else:
        pytest.fail(f"{engine}: the recipe page never slid in (no view transition to press during)")
    # Slow the slide down (its own animations, 20 times slower), so the press surely comes while it runs.
    browser.js(
        "document.getAnimations().forEach(a => {"
        " if (a.effect && a.effect.pseudoElement && a.effect.pseudoElement.startsWith('::view-transition')) a.playbackRate = 0.05; });"
    )
    pressed = browser._mark()
    tap_at(browser, probe["x"], probe["y"])
    try:
        browser._wait_replaced(pressed, timeout=10)
    except AssertionError:
        pytest.fail(f"{engine}: the press on Add to cart during the slide was lost (no post followed)")
    assert quantity(browser) == 1, "the press should have put the recipe in the cart"
    assert "#line-" in browser.url
    check_page(browser, "recipe after a press during the slide")
