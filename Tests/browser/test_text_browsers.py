"""Shopping without a graphical engine: lynx and w3m read every page of the walk (-dump), and lynx,
driven by keystrokes, does the walk itself — search, open the recipe, + twice, the cart, "I have
this", −, send the order — while staff move the order to ready, and lynx's "Check again" says so.

Also: a button reads as its label in a text browser (no hidden value beside it: "(inc) Add to
cart"); after a post, what lynx lands on says what changed (the status message); the staff board's
refresh is a link that says what it does; the wall screen's pairing page, the screens page and a board
being packed (its pick marks) read too; and lynx keeps its session. Debian's lynx knows no SameSite
cookie attribute: it takes "SameSite=Lax" for a cookie of its own and gives it the attributes that
follow, so a session cookie whose Path came after SameSite was kept for the setting page's folder
only. A post then went out without the session (refused, from a recipe page), or its new session
cookie stayed with /cart/items, so the next page, "Check again" included, showed the old cart and
the old order: what looked like lynx showing its cached copy."""

import os
import re

import pytest

from browserkit import shown_shortfalls
from textbrowsers import Lynx, Session, lynx_dump, w3m_dump

CARBONARA = "bundled-33"
CARBONARA_TITLE = "Classic Spaghetti Carbonara"
# A button's hidden value shown beside its label, as lynx did: "(inc) Add to cart", "(dec) −", "(save) Save changes".
HIDDEN_VALUE = re.compile(
    r"\((?:\[\d+\])?(inc|dec|set|start|stop|servings|save|add-step|(?:move-up|move-down|delete-step)-\d+)\)"
)


def staff_token():
    token = os.environ.get("RECIPECART_TEST_STAFF_TOKEN")
    assert token, "RECIPECART_TEST_STAFF_TOKEN is not set: run the suite through Tests/browser/run"
    return token


def add_to_cart(shopper, recipe_id, times=1):
    for _ in range(times):
        status, html, _ = shopper.get(f"/recipes/{recipe_id}")
        assert status == 200
        status, _, _ = shopper.post(
            f"/cart/items/{recipe_id}", {"_csrf": Session.csrf(html), "op": "inc", "return_to": f"/recipes/{recipe_id}"}
        )
        assert status == 200


def send_order(shopper, note=""):
    status, html, _ = shopper.get("/cart")
    status, html, _ = shopper.post("/cart/order", [("_csrf", Session.csrf(html)), ("note", note)] + shown_shortfalls(html))
    assert status == 200
    match = re.search(r'data-order-code="([A-Z0-9]+)"', html)
    assert match, "the send did not lead to an order page"
    return match.group(1)


@pytest.fixture
def shopper_pages(base_url):
    """The walk's pages as one shopper sees them: Browse, a search, the recipe and its edit page, the recipe in
    the cart, the cart with a row had and a timer offered, an order, the staff board with that order."""
    shopper = Session(base_url)
    pages = {}
    pages["browse"] = shopper.get("/")[1]
    pages["search"] = shopper.get("/?q=carbonara")[1]
    pages["recipe"] = shopper.get(f"/recipes/{CARBONARA}")[1]
    pages["edit"] = shopper.get(f"/recipes/{CARBONARA}/edit")[1]
    add_to_cart(shopper, CARBONARA, times=2)
    pages["recipe-in-cart"] = shopper.get(f"/recipes/{CARBONARA}")[1]
    pages["cart"] = shopper.get("/cart")[1]
    code = send_order(shopper, "text browsers")
    pages["order"] = shopper.get(f"/orders/{code}")[1]
    staff = Session(base_url)
    staff.staff_sign_in(staff_token())
    pages["staff-board"] = staff.get("/staff")[1]
    return pages, code


@pytest.mark.parametrize("reader", ["lynx", "w3m"])
def test_the_walk_reads_in_a_text_browser(shopper_pages, reader):
    pages, code = shopper_pages
    dump = lynx_dump if reader == "lynx" else w3m_dump
    text = {name: dump(html) for name, html in pages.items()}
    assert "Find a recipe" in text["browse"] and "Search" in text["browse"] and CARBONARA_TITLE in text["browse"]
    assert CARBONARA_TITLE in text["search"]
    assert "Add to cart" in text["recipe"] and "Ingredients" in text["recipe"] and "Method" in text["recipe"]
    assert "In your cart" in text["recipe-in-cart"] and "one more" in text["recipe-in-cart"]
    assert "Your cart" in text["cart"] and "Shopping list" in text["cart"] and "Send to the shop" in text["cart"]
    assert "I have this" in text["cart"] and "Start cooking" in text["cart"]
    assert code in text["order"] and "Received" in text["order"] and "Check again" in text["order"]
    assert code in text["staff-board"] and "Start packing" in text["staff-board"]


def test_buttons_read_as_their_labels_in_lynx(shopper_pages):
    """lynx shows a button's name/value beside its label ("(inc) Add to cart", "(dec) − 2 (inc) +"):
    each button is a plain form whose hidden fields say what it does, so only its label shows."""
    pages, _ = shopper_pages
    for name in ("recipe", "recipe-in-cart", "cart", "edit"):
        text = lynx_dump(pages[name])
        shown = HIDDEN_VALUE.findall(text)
        assert not shown, f"lynx shows hidden values beside the buttons of {name}: {shown}\n{text}"
    assert re.search(r"\(BUTTON\) Add to cart", lynx_dump(pages["recipe"]))
    in_cart = lynx_dump(pages["recipe-in-cart"])
    assert re.search(r"\(BUTTON\) − one less", in_cart) and re.search(r"2 \(BUTTON\) \+ one more", in_cart), in_cart
    assert re.search(r"\(BUTTON\) Start cooking \(20\s+min\)", lynx_dump(pages["cart"]))
    edit = lynx_dump(pages["edit"])
    assert re.search(r"\(BUTTON\) Save changes", edit) and re.search(r"\(BUTTON\) ↓ Down", edit), edit


def test_the_staff_board_says_how_to_refresh_it_in_lynx(shopper_pages):
    """lynx follows no timed refresh: it showed the board's only as a bare link. The board has a link that
    says what it does."""
    pages, _ = shopper_pages
    text = lynx_dump(pages["staff-board"])
    assert re.search(r"\[\d+\]Refresh now", text), text[:1500]


def test_staff_pages_read_in_lynx(base_url):
    """The wall screen's pairing page, the screens page, and a board whose order is being packed (its pick
    marks) read in lynx: what to do there, and each button by its label alone."""
    shopper = Session(base_url)
    add_to_cart(shopper, CARBONARA)
    code = send_order(shopper, "lynx marks")
    staff = Session(base_url)
    staff.staff_sign_in(staff_token())
    staff.advance_order(code, "Start packing")
    screen = lynx_dump(Session(base_url).get("/staff/screen")[1])
    screens = lynx_dump(staff.get("/staff/screens")[1])
    board = lynx_dump(staff.get("/staff")[1])
    assert re.search(r"[A-Z0-9]{3}.?[A-Z0-9]{3}", screen) and "open /staff/screens and type this code" in screen, screen
    assert "Code on the screen" in screens and re.search(r"\(BUTTON\) Pair screen", screens), screens
    assert code in board and "Mark ready" in board, board
    for label in ("Found", "Short or replaced", "Mark short", "Mark replaced"):
        assert label in board, f"the board in lynx has no {label!r}:\n{board}"
    hidden = re.compile(r"\((?:\[\d+\])?(found|short|replaced|none|new|picking|ready|cancelled)\)")
    for name, text in (("screen", screen), ("screens", screens), ("board", board)):
        assert not HIDDEN_VALUE.findall(text) and not hidden.findall(text), f"lynx shows hidden values on {name}:\n{text}"


def test_lynx_pairs_a_wall_screen(base_url):
    """Staff in lynx sign in, open Screens from the board, type the code a wall screen shows and press Pair
    screen: the screens page lists it, and the screen is paired."""
    tv = Session(base_url)
    status, html, _ = tv.get("/staff/screen")
    assert status == 200
    code = re.search(r'data-pairing-code="([A-Z0-9]+)"', html).group(1)
    browser = Lynx(f"{base_url}/staff/login")
    try:
        browser.wait_for(r"Staff token", what="the sign-in page")
        browser.settle()
        browser.fill("Staff token", staff_token())
        browser.press("Sign in")
        browser.wait_for(r"Refresh now", what="the board")
        browser.press("Screens")
        browser.wait_for(r"Code on the screen", what="the screens page")
        browser.fill("Code on the screen", code)
        browser.fill("Name of the screen", "Counter by lynx")
        browser.press("Pair screen")
        browser.wait_for(r"is paired", what="the screens page saying the screen is paired")
    finally:
        browser.quit()
    assert tv.get("/staff/screen/status")[1].strip() in ("paired", "live")


def test_cookies_keep_their_path_in_lynx(base_url):
    """lynx (Debian's 2.9.0dev.12) knows no SameSite: it reads "SameSite=Lax" as a cookie of its own and the
    attributes after it as that cookie's. With Path after SameSite, the session cookie keeps only the
    default path of the page that set it (/recipes for a recipe page), so a shopper who came in on a
    recipe posts + without a session and gets "That wasn't allowed". SameSite has to come last."""
    late = []
    for attempt in range(12):
        shopper = Session(base_url)
        status, _, headers = shopper.get(f"/recipes/{CARBONARA}")
        assert status == 200
        for cookie in headers.get_all("Set-Cookie") or []:
            attributes = [part.strip().split("=", 1)[0].lower() for part in cookie.split(";")[1:]]
            if "samesite" in attributes and attributes[-1] != "samesite":
                late.append(cookie.split("=", 1)[0] + ": " + "; ".join(attributes))
    assert not late, f"Set-Cookie attributes after SameSite, which lynx gives to a cookie named SameSite: {late[:3]}"


def test_lynx_can_shop_from_a_recipe_page(base_url):
    """A shopper who opens a recipe's address in lynx and presses Add to cart is not refused. Three
    shoppers: whether a cookie's Path came after SameSite changed from one answer to the next."""
    for shopper in range(3):
        browser = Lynx(f"{base_url}/recipes/{CARBONARA}")
        try:
            browser.wait_for(r"Add to cart", what="the recipe")
            browser.settle()
            browser.press("Add to cart")
            browser.wait_for(r"In your cart|allowed|Error", what="the page after Add to cart")
            screen = browser.settle(quiet=0.4)
            assert "allowed" not in screen and "Error 403" not in screen, f"shopper {shopper + 1}: lynx's post was refused:\n{screen}"
            assert "In your cart" in screen, f"shopper {shopper + 1}: the recipe is not in the cart:\n{screen}"
        finally:
            browser.quit()


def test_lynx_shows_the_status_message_where_a_post_lands(base_url):
    """lynx puts the line a post landed on (its #line-… fragment) at the top of its screen: the status message,
    at the top of the page, was above the screen. It says what changed where lynx lands, on the recipe page and
    on the cart."""
    browser = Lynx(f"{base_url}/recipes/{CARBONARA}")
    try:
        browser.wait_for(r"Add to cart", what="the recipe")
        browser.settle()
        landings = (
            ("Add to cart", rf"Added {CARBONARA_TITLE} · 1 in your cart"),
            ("+ one more", rf"Added {CARBONARA_TITLE} · 2 in your cart"),
            ("Cart 2", None),
            ("− one less", rf"Took one {CARBONARA_TITLE} out · 1 in your cart"),
        )
        for label, message in landings:
            browser.press(label)
            if message is None:
                browser.wait_for(r"Your cart", what="the cart")
                continue
            browser.wait_for(r"\b\d \(\[\d+\]BUTTON\) \+ one more", what=f"the line after {label}")
            screen = browser.settle(quiet=0.4)
            assert re.search(message, screen), f"after {label!r} lynx's screen does not say {message!r}:\n{screen}"
    finally:
        browser.quit()


@pytest.fixture
def lynx(base_url):
    browser = Lynx(base_url + "/")
    try:
        browser.wait_for(r"Find a recipe", what="the Browse page")
        browser.settle()
        yield browser
    finally:
        browser.quit()


def stepper_number(screen):
    """The number lynx shows between − and + (the cart quantity of the stepper on screen)."""
    match = re.search(r"(\d+) \(\[\d+\]BUTTON\) \+ one more", screen)
    return int(match.group(1)) if match else None


def test_lynx_does_the_walk_with_keystrokes(lynx, base_url):
    # Search, and open the recipe.
    lynx.fill("Search recipes", "carbonara")
    lynx.press("Search")
    lynx.wait_for(re.escape(CARBONARA_TITLE), what="the search result")
    lynx.press(CARBONARA_TITLE)
    lynx.wait_for(r"Add to cart", what="the recipe's Add to cart")

    # + twice: Add to cart, then the stepper's +.
    lynx.press("Add to cart")
    lynx.wait_for(r"In your cart", what="the recipe in the cart after Add to cart")
    lynx.press("+ one more")
    lynx.wait_for(r"\b2 \(\[\d+\]BUTTON\) \+ one more", what="2 in the cart after +")

    # The cart: "I have this" on the spaghetti, then −.
    # The header's cart link says its count.
    lynx.press("Cart 2")
    lynx.wait_for(r"Your cart", what="the cart")
    lynx.press("I have this: spaghetti")
    lynx.wait_for(r"I need this: spaghetti", what="spaghetti marked had")
    lynx.press("− one less")
    lynx.wait_for(r"\b1 \(\[\d+\]BUTTON\) \+ one more", what="1 in the cart after −")

    # Send the order.
    lynx.press("Send to the shop")
    match = lynx.wait_for(r"Order ([A-Z0-9]{6})", what="the order page")
    code = match.group(1)
    lynx.wait_for(r"Received", what="the order received")

    # Staff move it to ready; "Check again" shows it.
    staff = Session(base_url)
    staff.staff_sign_in(staff_token())
    staff.advance_order(code, "Start packing")
    staff.advance_order(code, "Mark ready")
    lynx.press("Check again")
    lynx.wait_for(r"Ready to collect", what="the order ready after Check again")
