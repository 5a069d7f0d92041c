"""axe-core (shipped by axe-selenium-python) on every kind of page, in light and in dark mode:
no serious or critical violation. Every violation found is printed, whatever its impact.

The shopper's pages are checked in the states a walk through the shop leaves them in: a cart
with a running cooking timer and an Undo on offer after a Remove, a recipe at zero ("Add to
cart"), a recipe without a picture, folded filters, the 404 page with its search box; and the
staff pages: sign-in, the board and one cart."""

import json

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By

from browserkit import (
    cart_line,
    click_and_wait,
    fill_cart,
    make_driver,
    open_page,
    recipe_ids,
    set_color_scheme,
    set_viewport,
    staff_sign_in,
    start_cooking,
)

FAILING_IMPACTS = ("serious", "critical")


@pytest.fixture(scope="module")
def shopper(base_url):
    """One browser whose cart holds two recipes (one cooking) and whose Remove of a third can be undone."""
    driver = make_driver(javascript=True)
    try:
        ids = recipe_ids(base_url, 4)
        fill_cart(driver, base_url, {ids[0]: 1, ids[1]: 2, ids[2]: 1})
        open_page(driver, base_url + "/cart")
        start_cooking(driver, ids[2])
        click_and_wait(driver, cart_line(driver, ids[1]).find_element(By.CSS_SELECTOR, "form.cart-line-remove button"))
        yield driver, ids
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def staff(base_url, shopper):
    driver = make_driver(javascript=True)
    try:
        staff_sign_in(driver, base_url)
        yield driver
    finally:
        driver.quit()


PAGES = {
    "browse": lambda ids: "/",
    "browse-by-time": lambda ids: "/?group=time",
    "browse-filtered": lambda ids: "/?category=Dessert&diet=vegetarian",
    "detail": lambda ids: f"/recipes/{ids[0]}",
    "detail-cooking": lambda ids: f"/recipes/{ids[2]}",
    "detail-at-zero": lambda ids: f"/recipes/{ids[3]}",
    "detail-without-picture": lambda ids: "/recipes/bundled-4",
    "cart": lambda ids: "/cart",
    "edit": lambda ids: f"/recipes/{ids[0]}/edit",
    "not-found": lambda ids: "/recipes/nope-1",
}


def check(driver, name, skip_rules=()):
    axe = Axe(driver)
    axe.inject()
    # The options go into the script as text, so as JSON.
    options = json.dumps({"rules": {rule: {"enabled": False} for rule in skip_rules}}) if skip_rules else None
    results = axe.run(options=options)
    violations = results["violations"]
    if violations:
        print(f"\n[{name}] " + axe.report(violations))
    else:
        print(f"\n[{name}] axe: no violations ({len(results['passes'])} rules passed)")
    serious = [v for v in violations if v.get("impact") in FAILING_IMPACTS]
    assert not serious, f"{name}: " + "; ".join(
        f"{v['id']} ({v['impact']}) on {len(v['nodes'])} element(s): "
        + ", ".join(str(n["target"]) for n in v["nodes"][:5])
        for v in serious
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("page", list(PAGES))
def test_no_serious_axe_violations(shopper, base_url, page, scheme):
    driver, ids = shopper
    set_color_scheme(driver, scheme)
    open_page(driver, base_url + PAGES[page](ids))
    if page == "cart":
        assert driver.find_elements(By.CSS_SELECTOR, "li[data-quantity]"), "the cart should hold an item"
        assert driver.find_elements(By.CSS_SELECTOR, "[data-status-message] .undo-button"), "Undo should be on offer"
        assert driver.find_elements(By.CSS_SELECTOR, '.cooking form.cooking-stop:has(input[name="op"][value="stop"]) button[type="submit"]'), "a timer should be running"
    if page == "detail-at-zero":
        assert driver.find_elements(By.CSS_SELECTOR, "form.add-to-cart")
    check(driver, f"{page}, {scheme}")


@pytest.mark.parametrize("viewport", ["phone-portrait", "phone-landscape"])
@pytest.mark.parametrize("page", ["browse", "detail", "cart", "not-found"])
def test_no_serious_axe_violations_on_a_phone(shopper, base_url, page, viewport):
    """Phone layouts: folded filters, the side column held sideways, stacked cart lines."""
    driver, ids = shopper
    set_color_scheme(driver, "light")
    set_viewport(driver, viewport)
    try:
        open_page(driver, base_url + PAGES[page](ids))
        check(driver, f"{page}, {viewport}")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_axe_violations_after_a_post(shopper, base_url, scheme):
    """The page a post lands on: status message, :target line, focus given back."""
    driver, ids = shopper
    set_color_scheme(driver, scheme)
    open_page(driver, base_url + "/cart")
    click_and_wait(driver, cart_line(driver, ids[0]).find_element(By.CSS_SELECTOR, '.stepper form.stepper-inc:has(input[name="op"][value="inc"]) button[type="submit"]'))
    assert driver.find_elements(By.CSS_SELECTOR, "[data-status-message]")
    assert driver.execute_script("return !!document.querySelector('.cart-line:target')")
    check(driver, f"cart after +, {scheme}")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_axe_violations_on_staff_pages(staff, base_url, scheme):
    set_color_scheme(staff, scheme)
    open_page_staff = lambda path: (staff.get(base_url + path), staff.find_element(By.CSS_SELECTOR, "main"))
    open_page_staff("/staff")
    links = staff.find_elements(By.CSS_SELECTOR, ".staff-cart h2 a")
    assert links, "the staff board should list the shopper's cart"
    # With JavaScript the board follows its event stream and never reloads on a timer (its timed refresh is
    # only for browsers without scripts, inside <noscript>), so axe checks every rule, WCAG 2.2.1's included.
    assert not staff.find_elements(By.CSS_SELECTOR, 'meta[http-equiv="refresh"]')
    check(staff, f"staff board, {scheme}")
    open_page_staff(links[0].get_attribute("href").replace(base_url, ""))
    check(staff, f"staff cart, {scheme}")

    signed_out = make_driver(javascript=True)
    try:
        set_color_scheme(signed_out, scheme)
        signed_out.get(base_url + "/staff/login")
        assert signed_out.find_elements(By.ID, "token")
        check(signed_out, f"staff sign-in, {scheme}")
    finally:
        signed_out.quit()
