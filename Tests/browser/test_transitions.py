"""Cross-document View Transitions: opening a recipe slides the new page in from the right, going
back to Browse slides right, each in at most 200 ms; a post that comes back to the same page runs
no transition at all, and between two pages of the same kind nothing moves; under
prefers-reduced-motion nothing moves.

A script added through CDP (it runs before the page's own, outside its CSP) records, on every new
document, whether the navigation came with a view transition and which animations ran on the
root's old and new snapshots."""

import time

from selenium.webdriver.common.by import By

from browserkit import (
    cart_line,
    click_and_wait,
    fill_cart,
    open_page,
    press_stepper,
    recipe_ids,
    wait_for_new_page,
)

RECORDER = """
window.__transition = 'waiting';
window.__durations = [];
addEventListener('pagereveal', event => {
  const vt = event.viewTransition;
  if (!vt) { window.__transition = null; return; }
  window.__transition = 'pending';
  vt.ready.then(() => {
    const animations = document.getAnimations().filter(a => a.effect && a.effect.pseudoElement);
    window.__durations = animations.map(a => {
      const timing = a.effect.getComputedTiming();
      return timing.delay + timing.activeDuration;
    });
    window.__transition = animations.map(a => a.effect.pseudoElement + ' ' + a.animationName);
  }, () => { window.__transition = 'skipped'; });
});
"""


def recorded_transition(driver, timeout=10):
    """What the recorder saw: a list of animations, None (no transition), or a waiting state."""
    deadline = time.monotonic() + timeout
    while True:
        value = driver.execute_script("return window.__transition")
        # 'waiting': pagereveal has not fired yet (first render pending); 'pending': not ready yet.
        if value not in ("waiting", "pending") or time.monotonic() > deadline:
            return value
        time.sleep(0.05)


def assert_short(driver, what):
    durations = driver.execute_script("return window.__durations")
    assert durations, f"{what}: no animation was measured"
    assert max(durations) <= 200, f"{what}: animations of {durations} ms, at most 200 wanted"


def animations_on(recorded, pseudo):
    return [entry.split(" ", 1)[1] for entry in recorded if entry.startswith(pseudo + " ")]


def test_opening_a_recipe_slides_in_and_going_back_slides_right(browser, base_url):
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
    open_page(browser, base_url + "/")

    # Browse -> recipe: the recipe slides in from the right, Browse moves off to the left.
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, ".tiles .tile a"))
    assert "/recipes/" in browser.current_url
    forward = recorded_transition(browser)
    assert isinstance(forward, list), f"opening a recipe ran no view transition ({forward!r})"
    assert "vt-slide-in-from-right" in animations_on(forward, "::view-transition-new(page-recipe)"), forward
    assert "vt-slide-out-to-left" in animations_on(forward, "::view-transition-old(page-browse)"), forward
    assert_short(browser, "opening a recipe")
    # The header is a stable part: it does not move.
    assert not animations_on(forward, "::view-transition-new(site-header)"), forward
    assert not animations_on(forward, "::view-transition-group(site-header)"), forward

    # A stepper post comes back to the same recipe: no transition at all, the page just repaints.
    press_stepper(browser, browser.find_element(By.CSS_SELECTOR, ".recipe"), "inc")
    same = recorded_transition(browser)
    assert same in (None, "skipped"), f"a post back to the same page ran a transition: {same!r}"
    press_stepper(browser, browser.find_element(By.CSS_SELECTOR, ".recipe"), "inc")
    assert recorded_transition(browser) in (None, "skipped")

    # Back to Browse through the page's own "All recipes" link: the recipe slides out to the right.
    # (The browser's Back button may restore Browse from its back/forward cache, which runs no
    # transition at all, so it cannot be asserted on reliably.)
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "a.recipe-back"))
    assert browser.current_url.rstrip("/") == base_url
    back = recorded_transition(browser)
    assert isinstance(back, list), f"going back ran no view transition ({back!r})"
    assert "vt-slide-out-to-right" in animations_on(back, "::view-transition-old(page-recipe)"), back
    assert "vt-slide-in-from-left" in animations_on(back, "::view-transition-new(page-browse)"), back
    assert_short(browser, "going back to Browse")


def test_cart_posts_run_no_transition(browser, base_url):
    """Every cart post (+, −, Remove, cooking) comes back to /cart: none animates."""
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
    ids = recipe_ids(base_url, 2)
    fill_cart(browser, base_url, {recipe_id: 2 for recipe_id in ids})
    open_page(browser, base_url + "/")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "a.cart-link"))
    opened = recorded_transition(browser)
    assert isinstance(opened, list) and "vt-slide-in-from-right" in animations_on(
        opened, "::view-transition-new(page-cart)"
    ), opened
    assert_short(browser, "opening the cart")
    for op in ("inc", "dec"):
        press_stepper(browser, cart_line(browser, ids[0]), op)
        assert recorded_transition(browser) in (None, "skipped"), f"{op} on the cart ran a transition"
    click_and_wait(browser, cart_line(browser, ids[1]).find_element(By.CSS_SELECTOR, "form.cart-line-remove button"))
    assert recorded_transition(browser) in (None, "skipped"), "Remove ran a transition"


def test_pages_of_the_same_kind_swap_without_moving(browser, base_url):
    """Without the script's help (a different path, same kind of page) nothing moves either: the CSS
    alone leaves every part that is on both pages in place."""
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
    first, second = recipe_ids(base_url, 2)
    open_page(browser, f"{base_url}/recipes/{first}")
    root = browser.find_element(By.TAG_NAME, "html")
    browser.execute_script("location.href = arguments[0]", f"/recipes/{second}")
    wait_for_new_page(browser, root)
    recorded = recorded_transition(browser)
    assert recorded is None or recorded == [], f"recipe → recipe should not animate: {recorded}"


def test_no_transition_under_reduced_motion(browser, base_url):
    browser.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]},
    )
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
    open_page(browser, base_url + "/")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, ".tiles .tile a"))
    recorded = recorded_transition(browser)
    assert recorded is None or recorded == [], (
        f"nothing should move under prefers-reduced-motion: {recorded}"
    )


def test_without_the_script_nothing_moves_on_a_post(browser, base_url):
    """The CSS on its own (app.js blocked, as for a shopper without JavaScript): slides stay under
    200 ms, and a post back to the same page runs a transition in which nothing moves."""
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/static/app*.js"]})
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
    open_page(browser, base_url + "/")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, ".tiles .tile a"))
    forward = recorded_transition(browser)
    assert isinstance(forward, list) and "vt-slide-in-from-right" in animations_on(
        forward, "::view-transition-new(page-recipe)"
    ), forward
    assert_short(browser, "opening a recipe without the script")
    for _ in range(2):
        press_stepper(browser, browser.find_element(By.CSS_SELECTOR, ".recipe"), "inc")
        # A transition (the script that would skip it is blocked) in which nothing moves.
        same = recorded_transition(browser)
        assert same == [], f"a post back to the same page moved something: {same!r}"
