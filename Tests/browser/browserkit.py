"""Helpers shared by the RecipeCart browser tests: the browser, viewports, screenshots and the
page actions a shopper does. Everything here talks to the loopback server only."""

import html
import os
import re
import shutil
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

HERE = Path(__file__).resolve().parent
ARTIFACTS = HERE / "artifacts"

# name: (width, height, mobile)
VIEWPORTS = {
    "phone-portrait": (390, 844, True),
    "phone-landscape": (844, 390, True),
    "desktop": (1280, 800, False),
}

SAVED_SCREENSHOTS = []


def shown_shortfalls(page):
    """The send form's hidden rows the cart page shows out of stock or short, as a browser posts them back with it."""
    return [("shelf_short", html.unescape(value)) for value in re.findall(r'name="shelf_short" value="([^"]*)"', page)]


def _find(*candidates):
    for candidate in candidates:
        path = candidate if os.path.isabs(candidate) else shutil.which(candidate)
        if path and os.path.exists(path):
            return path
    return None


CHROME_BINARY = os.environ.get("CHROME_BINARY") or _find("/usr/bin/chromium", "chromium", "chromium-browser")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER") or _find("/usr/bin/chromedriver", "chromedriver")


def make_driver(javascript=True):
    """A headless chromium with a fresh temporary profile (so a fresh session and cart)."""
    assert CHROME_BINARY, "chromium not found (apt-get install chromium)"
    assert CHROMEDRIVER, "chromedriver not found (apt-get install chromium-driver)"
    options = webdriver.ChromeOptions()
    # Explicit binary and driver: Selenium Manager never has to look anything up.
    options.binary_location = CHROME_BINARY
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1280,800",
        "--hide-scrollbars",
        "--force-color-profile=srgb",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-extensions",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-features=Translate,OptimizationHints,MediaRouter",
        "--lang=en-US",
    ):
        options.add_argument(argument)
    # The console, for the walks that fail on a console error (engines.py).
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if not javascript:
        options.add_experimental_option(
            "prefs", {"profile.managed_default_content_settings.javascript": 2}
        )
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    return driver


def set_viewport(driver, name):
    """Make the layout viewport exactly the named size and orientation through CDP."""
    set_viewport_size(driver, *VIEWPORTS[name])


def set_viewport_size(driver, width, height, mobile):
    """Make the layout viewport exactly this size, its orientation following it, through CDP."""
    orientation = (
        {"type": "portraitPrimary", "angle": 0}
        if height >= width
        else {"type": "landscapePrimary", "angle": 90}
    )
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {
            "width": width,
            "height": height,
            "deviceScaleFactor": 1,
            "mobile": mobile,
            "screenWidth": width,
            "screenHeight": height,
            "screenOrientation": orientation,
        },
    )


def set_color_scheme(driver, scheme):
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": scheme}]},
    )


def save_screenshot(driver, name):
    """Save what the viewport shows now as artifacts/<name>.png and remember the path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    assert driver.save_screenshot(str(path)), f"could not save {path}"
    SAVED_SCREENSHOTS.append(path)
    return path


def save_full_page_screenshot(driver, name):
    """The whole page, not just the viewport (CDP captureBeyondViewport)."""
    import base64

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    data = driver.execute_cdp_cmd(
        "Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True}
    )["data"]
    path.write_bytes(base64.b64decode(data))
    SAVED_SCREENSHOTS.append(path)
    return path


def cookie_header(driver):
    return "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())


def fetch_html(url, cookie=""):
    """GET a page outside the browser with the browser's cookie; returns (status, text)."""
    request = urllib.request.Request(url, headers={"Cookie": cookie, "Accept": "text/html"})
    try:
        with urllib.request.urlopen(request, timeout=15) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


# --- page actions -----------------------------------------------------------------------------

def wait_for_new_page(driver, old_root, timeout=15, loaded="footer.site-footer"):
    """Wait until the document that held `old_root` has been replaced and the new one is loaded: it has
    `loaded` (the shop's footer; staff pages, which have none, pass their title).

    Works with JavaScript off as well: it only asks WebDriver about elements.
    """

    def replaced(d):
        try:
            old_root.tag_name
            return False
        except WebDriverException:
            # Stale, or "does not belong to the document": the old page is gone.
            pass
        try:
            return bool(d.find_elements(By.CSS_SELECTOR, loaded))
        except WebDriverException:
            return False  # caught mid-navigation; ask again

    WebDriverWait(driver, timeout).until(replaced)


def click_and_wait(driver, element, loaded="footer.site-footer"):
    root = driver.find_element(By.TAG_NAME, "html")
    # WebDriver only scrolls what is off screen; a control partly under the sticky header is "in
    # view" to it, yet the header would take the click.
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()
    wait_for_new_page(driver, root, loaded=loaded)


def open_page(driver, url):
    driver.get(url)
    WebDriverWait(driver, 15).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "footer.site-footer")
    )


def cart_badge(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-cart-count]")


def cart_count(driver):
    return int(cart_badge(driver).get_attribute("data-cart-count"))


def detail_quantity(driver):
    """The detail page's cart quantity: its stepper's number, or 0 where it offers "Add to cart"."""
    outputs = driver.find_elements(By.CSS_SELECTOR, ".recipe output[data-quantity]")
    if outputs:
        return int(outputs[0].get_attribute("data-quantity"))
    assert driver.find_elements(By.CSS_SELECTOR, ".recipe form.add-to-cart button"), (
        "the detail page shows neither a stepper nor an Add to cart button"
    )
    return 0


def cart_line(driver, recipe_id):
    lines = driver.find_elements(By.CSS_SELECTOR, f'li[data-recipe-id="{recipe_id}"][data-quantity]')
    return lines[0] if lines else None


def press_stepper(driver, scope, op):
    """Press + (op='inc') or − (op='dec') in the stepper inside `scope` and wait for the 303's page.

    At zero the detail page has an "Add to cart" button instead of a stepper: + presses that."""
    buttons = scope.find_elements(By.CSS_SELECTOR, f'.stepper form.stepper-{op}:has(input[name="op"][value="{op}"]) button[type="submit"]')
    if not buttons and op == "inc":
        buttons = scope.find_elements(By.CSS_SELECTOR, 'form.add-to-cart:has(input[name="op"][value="inc"]) button[type="submit"]')
    assert buttons, f"no {op} button in {scope.get_attribute('class')}"
    click_and_wait(driver, buttons[0])


def add_to_cart_via_browser(driver, base_url, recipe_id, times=1):
    open_page(driver, f"{base_url}/recipes/{recipe_id}")
    for _ in range(times):
        press_stepper(driver, driver.find_element(By.CSS_SELECTOR, ".recipe"), "inc")


def recipe_ids(base_url, count, path="/"):
    """The first `count` recipe ids Browse lists at `path`, in page order."""
    status, html = fetch_html(base_url + path)
    assert status == 200
    ids = []
    for match in re.finditer(r'data-recipe-id="([^"]+)"', html):
        if match.group(1) not in ids:
            ids.append(match.group(1))
    assert len(ids) >= count, f"{path} lists {len(ids)} recipes, {count} wanted"
    return ids[:count]


def first_recipe_id(base_url):
    return recipe_ids(base_url, 1)[0]


def fill_cart(driver, base_url, quantities):
    """Put each recipe in the cart with its quantity, in order, through the detail pages' buttons."""
    for recipe_id, quantity in quantities.items():
        add_to_cart_via_browser(driver, base_url, recipe_id, times=quantity)


def cart_lines(driver):
    """(recipe id, quantity) of every cart line, in page order."""
    return [
        (line.get_attribute("data-recipe-id"), int(line.get_attribute("data-quantity")))
        for line in driver.find_elements(By.CSS_SELECTOR, "li.cart-line[data-quantity]")
    ]


def status_message(driver):
    """The page's status message element (role=status), or None."""
    found = driver.find_elements(By.CSS_SELECTOR, "main [data-status-message]")
    return found[0] if found else None


def start_cooking(driver, recipe_id, minutes="25"):
    """Press Start cooking on the cart line of `recipe_id` (typing minutes where the recipe has no time)."""
    line = cart_line(driver, recipe_id)
    fields = line.find_elements(By.CSS_SELECTOR, '.cooking input[name="minutes"]')
    if fields:
        fields[0].send_keys(minutes)
    click_and_wait(driver, line.find_element(By.CSS_SELECTOR, '.cooking form.cooking-start:has(input[name="op"][value="start"]) button[type="submit"]'))


def staff_sign_in(driver, base_url):
    """Sign in to the staff board with the token `Tests/browser/run` gave the server."""
    token = os.environ.get("RECIPECART_TEST_STAFF_TOKEN")
    assert token, "RECIPECART_TEST_STAFF_TOKEN is not set: run the suite through Tests/browser/run"
    driver.get(base_url + "/staff/login")
    driver.find_element(By.ID, "token").send_keys(token)
    driver.find_element(By.CSS_SELECTOR, 'form[action="/staff/login"] button[type="submit"]').click()
    WebDriverWait(driver, 15).until(
        lambda d: d.current_url.rstrip("/").endswith("/staff") and d.find_elements(By.CSS_SELECTOR, ".staff-title")
    )


def shown(driver, element):
    """Rendered and not hidden by an ancestor (a closed <details>, display or visibility, content-visibility).

    Selenium's is_displayed() calls everything inside a closed <details> hidden, even where CSS
    shows it (::details-content), so the browser's own checkVisibility() decides here."""
    return driver.execute_script(
        "const e = arguments[0];"
        "return e.getClientRects().length > 0"
        " && e.checkVisibility({visibilityProperty: true, contentVisibilityAuto: true, opacityProperty: true});",
        element,
    )


def has_focus(driver, element, timeout=3.0):
    """Whether `element` has (or gets, within `timeout`) the focus: the optional script gives focus
    back a frame after the page's load event, a moment after WebDriver sees the page."""
    script = "return document.activeElement === arguments[0]"
    try:
        WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: d.execute_script(script, element))
        return True
    except TimeoutException:
        return False


def active_element_description(driver):
    return driver.execute_script(
        "const e = document.activeElement; return e ? e.outerHTML.slice(0, 200) : null"
    )


def scripts_are_off(driver):
    """Prove a profile blocks JavaScript: an inline script in a data: page must not run."""
    driver.get("data:text/html,<title>off</title><script>document.title='on'</script>")
    return driver.title == "off"
