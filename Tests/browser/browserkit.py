"""Helpers shared by the RecipeCart browser tests: the browser, viewports, screenshots and the
page actions a shopper does. Everything here talks to the loopback server only."""

import os
import shutil
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
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
    if not javascript:
        options.add_experimental_option(
            "prefs", {"profile.managed_default_content_settings.javascript": 2}
        )
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    return driver


def set_viewport(driver, name):
    """Make the layout viewport exactly the named size and orientation through CDP."""
    width, height, mobile = VIEWPORTS[name]
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

def wait_for_new_page(driver, old_root, timeout=15):
    """Wait until the document that held `old_root` has been replaced and the new one is loaded.

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
            return bool(d.find_elements(By.CSS_SELECTOR, "footer.site-footer"))
        except WebDriverException:
            return False  # caught mid-navigation; ask again

    WebDriverWait(driver, timeout).until(replaced)


def click_and_wait(driver, element):
    root = driver.find_element(By.TAG_NAME, "html")
    element.click()
    wait_for_new_page(driver, root)


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
    return int(
        driver.find_element(By.CSS_SELECTOR, ".recipe output[data-quantity]").get_attribute("data-quantity")
    )


def cart_line(driver, recipe_id):
    lines = driver.find_elements(By.CSS_SELECTOR, f'li[data-recipe-id="{recipe_id}"][data-quantity]')
    return lines[0] if lines else None


def press_stepper(driver, scope, op):
    """Press + (op='inc') or − (op='dec') in the stepper inside `scope` and wait for the 303's page."""
    button = scope.find_element(By.CSS_SELECTOR, f'form.stepper button[name="op"][value="{op}"]')
    click_and_wait(driver, button)


def add_to_cart_via_browser(driver, base_url, recipe_id, times=1):
    open_page(driver, f"{base_url}/recipes/{recipe_id}")
    for _ in range(times):
        press_stepper(driver, driver.find_element(By.CSS_SELECTOR, ".recipe"), "inc")


def first_recipe_id(base_url):
    status, html = fetch_html(base_url + "/")
    assert status == 200
    import re

    match = re.search(r'data-recipe-id="([^"]+)"', html)
    assert match, "the browse page lists no recipe"
    return match.group(1)
