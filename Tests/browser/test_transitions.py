"""Cross-document View Transitions, all in CSS: opening a recipe slides the new page in from the
right, going back to Browse slides right; under prefers-reduced-motion nothing moves.

A script added through CDP (it runs before the page's own, outside its CSP) records, on every new
document, whether the navigation came with a view transition and which animations ran on the
root's old and new snapshots."""

import time

from selenium.webdriver.common.by import By

from browserkit import click_and_wait, open_page, press_stepper

RECORDER = """
window.__transition = 'waiting';
addEventListener('pagereveal', event => {
  const vt = event.viewTransition;
  if (!vt) { window.__transition = null; return; }
  window.__transition = 'pending';
  vt.ready.then(() => {
    window.__transition = document.getAnimations()
      .filter(a => a.effect && a.effect.pseudoElement)
      .map(a => a.effect.pseudoElement + ' ' + a.animationName);
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
    # The header is a stable part: it does not slide.
    assert not any("slide" in name for name in animations_on(forward, "::view-transition-new(site-header)"))

    # A stepper post comes back to the same recipe: nothing slides, it cross-fades in place.
    press_stepper(browser, browser.find_element(By.CSS_SELECTOR, ".recipe"), "inc")
    same = recorded_transition(browser)
    if isinstance(same, list):
        assert not any("vt-slide" in entry for entry in same), f"a stepper post should not slide: {same}"

    # Back to Browse through the page's own "All recipes" link: the recipe slides out to the right.
    # (The browser's Back button may restore Browse from its back/forward cache, which runs no
    # transition at all, so it cannot be asserted on reliably.)
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "a.recipe-back"))
    assert browser.current_url.rstrip("/") == base_url
    back = recorded_transition(browser)
    assert isinstance(back, list), f"going back ran no view transition ({back!r})"
    assert "vt-slide-out-to-right" in animations_on(back, "::view-transition-old(page-recipe)"), back
    assert "vt-slide-in-from-left" in animations_on(back, "::view-transition-new(page-browse)"), back


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
