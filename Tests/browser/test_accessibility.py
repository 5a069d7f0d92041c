"""axe-core (shipped by axe-selenium-python) on every kind of page, in light and in dark mode:
no serious or critical violation. Every violation found is printed, whatever its impact."""

import pytest
from axe_selenium_python import Axe

from browserkit import add_to_cart_via_browser, first_recipe_id, make_driver, open_page, set_color_scheme

FAILING_IMPACTS = ("serious", "critical")


@pytest.fixture(scope="module")
def shopper(base_url):
    """One browser whose cart holds one recipe, shared by the page checks below."""
    driver = make_driver(javascript=True)
    try:
        recipe_id = first_recipe_id(base_url)
        add_to_cart_via_browser(driver, base_url, recipe_id)
        yield driver, recipe_id
    finally:
        driver.quit()


PAGES = {
    "browse": lambda rid: "/",
    "browse-by-time": lambda rid: "/?group=time",
    "detail": lambda rid: f"/recipes/{rid}",
    "cart": lambda rid: "/cart",
    "edit": lambda rid: f"/recipes/{rid}/edit",
    "not-found": lambda rid: "/recipes/nope-1",
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("page", list(PAGES))
def test_no_serious_axe_violations(shopper, base_url, page, scheme):
    driver, recipe_id = shopper
    set_color_scheme(driver, scheme)
    open_page(driver, base_url + PAGES[page](recipe_id))
    if page == "cart":
        assert driver.find_elements("css selector", "li[data-quantity]"), "the cart should hold an item"
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    violations = results["violations"]
    if violations:
        print(f"\n[{page}, {scheme}] " + axe.report(violations))
    else:
        print(f"\n[{page}, {scheme}] axe: no violations ({len(results['passes'])} rules passed)")
    serious = [v for v in violations if v.get("impact") in FAILING_IMPACTS]
    assert not serious, f"{page} ({scheme}): " + "; ".join(
        f"{v['id']} ({v['impact']}) on {len(v['nodes'])} element(s): "
        + ", ".join(str(n["target"]) for n in v["nodes"][:5])
        for v in serious
    )
