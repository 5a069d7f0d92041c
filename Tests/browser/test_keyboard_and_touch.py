"""Keyboard and touch: a skip link that shows when focused and lands on the content, a visible
focus ring on everything focusable, +/− buttons named for screen readers, and touch targets of at
least 44 × 44 CSS pixels on a phone."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browserkit import add_to_cart_via_browser, first_recipe_id, open_page, set_viewport

FOCUS_STYLE = """
const el = document.activeElement, cs = getComputedStyle(el), r = el.getBoundingClientRect();
return {tag: el.tagName, cls: el.className, outline: cs.outlineStyle, width: parseFloat(cs.outlineWidth),
        shadow: cs.boxShadow, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
        text: (el.textContent || el.value || '').trim().slice(0, 40)};
"""


def press(driver, key):
    ActionChains(driver).send_keys(key).perform()


def test_skip_link_and_visible_focus(browser, base_url):
    recipe_id = first_recipe_id(base_url)
    open_page(browser, f"{base_url}/recipes/{recipe_id}")
    press(browser, Keys.TAB)
    focused = browser.execute_script(FOCUS_STYLE)
    assert "skip-link" in focused["cls"], f"the first Tab should reach the skip link, got {focused}"
    assert focused["top"] >= 0 and focused["left"] >= 0, f"the focused skip link is off screen: {focused}"
    assert focused["outline"] != "none" and focused["width"] >= 2, focused
    press(browser, Keys.ENTER)
    assert browser.current_url.endswith("#main")
    assert browser.execute_script("return document.activeElement.id") == "main"

    # Every stop of the Tab order from there shows a focus ring.
    seen = []
    for _ in range(12):
        press(browser, Keys.TAB)
        focused = browser.execute_script(FOCUS_STYLE)
        if focused["tag"] == "BODY":
            break  # past the last focusable element
        seen.append(focused)
        visible_ring = (focused["outline"] != "none" and focused["width"] >= 2) or focused["shadow"] not in ("", "none")
        assert visible_ring, f"no visible focus on {focused}"
    assert len(seen) >= 4, f"too few focus stops after the skip link: {seen}"
    assert any(f["tag"] == "BUTTON" for f in seen), "the Tab order should reach the stepper"


def test_stepper_buttons_have_accessible_names(browser, base_url):
    recipe_id = first_recipe_id(base_url)
    add_to_cart_via_browser(browser, base_url, recipe_id)
    for path in (f"/recipes/{recipe_id}", "/cart"):
        open_page(browser, base_url + path)
        buttons = browser.find_elements(By.CSS_SELECTOR, ".stepper button")
        assert buttons, f"{path}: no stepper"
        for button in buttons:
            label = button.get_attribute("aria-label") or ""
            assert label and label.strip() not in ("+", "−", "-"), f"{path}: a stepper button without a name"
        for control in browser.find_elements(By.CSS_SELECTOR, "main input:not([type=hidden]), main select, main textarea"):
            cid = control.get_attribute("id")
            labelled = control.get_attribute("aria-label") or (
                cid and browser.find_elements(By.CSS_SELECTOR, f'label[for="{cid}"]')
            ) or control.find_elements(By.XPATH, "ancestor::label")
            assert labelled, f"{path}: {control.get_attribute('outerHTML')} has no label"


TARGETS = """
const small = [];
for (const el of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')) {
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
  if (el.classList.contains('skip-link')) continue;
  // WCAG's inline exception: a link inside a sentence.
  const cs = getComputedStyle(el);
  if (el.tagName === 'A' && cs.display === 'inline') {
    const parentText = (el.parentElement.textContent || '').trim();
    if (parentText.length > (el.textContent || '').trim().length + 3) continue;
  }
  // A checkbox or radio inside a label: the label is the target.
  if (el.type === 'checkbox' || el.type === 'radio') {
    const label = el.closest('label');
    if (label) { const lr = label.getBoundingClientRect(); if (lr.height >= 43.5 && lr.width >= 43.5) continue; }
  }
  if (r.width < 43.5 || r.height < 43.5)
    small.push(el.tagName + '.' + el.className + ' "' + (el.textContent || el.value || '').trim().slice(0, 30) + '" ' + Math.round(r.width) + 'x' + Math.round(r.height));
}
return small;
"""


@pytest.mark.parametrize("viewport", ["phone-portrait", "desktop"])
def test_touch_targets_are_at_least_44px(browser, base_url, viewport):
    recipe_id = first_recipe_id(base_url)
    add_to_cart_via_browser(browser, base_url, recipe_id)
    set_viewport(browser, viewport)
    problems = {}
    for path in ("/", "/?group=time", f"/recipes/{recipe_id}", "/cart", f"/recipes/{recipe_id}/edit", "/recipes/nope-1"):
        open_page(browser, base_url + path)
        small = browser.execute_script(TARGETS)
        if small:
            problems[path] = small
    assert not problems, f"touch targets under 44 px at {viewport}: {problems}"
