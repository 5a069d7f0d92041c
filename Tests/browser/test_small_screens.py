"""Small things a shopper on a phone sees first.

- A recipe without a picture shows a drawn placeholder (a plate and cutlery), not a blank disc.
- Held sideways, the first screen of Browse shows at least one whole recipe tile, title included.
- Held upright, the search and filter controls take well under half of the first screen: the
  category, diet and grouping filters fold behind a "Filters" summary (a plain <details>, so it
  works without JavaScript), the search box stays in sight; on a desktop they are all shown.
- Opened on any screen, each filter's label stays with its control: just before it on its line, or
  right above it, never at the end of one line with its control wrapped to the next.
- The 404 page offers the search box.
"""

import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from browserkit import (
    VIEWPORTS,
    add_to_cart_via_browser,
    click_and_wait,
    open_page,
    save_screenshot,
    shown,
    set_color_scheme,
    set_viewport,
    set_viewport_size,
    wait_for_new_page,
)

# Bundled recipes that ship without a picture.
WITHOUT_PICTURE = "bundled-4"


@pytest.fixture
def shopper(scripted_browser):
    return scripted_browser[0]


PLACEHOLDERS = """
return [...document.querySelectorAll('.tile-image--placeholder, .recipe-picture-placeholder')].map(el => {
  const cs = getComputedStyle(el), r = el.getBoundingClientRect();
  return {cls: el.className, image: cs.backgroundImage, w: r.width, h: r.height};
});
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_recipes_without_a_picture_get_a_drawn_placeholder(browser, base_url, scheme):
    add_to_cart_via_browser(browser, base_url, WITHOUT_PICTURE)
    set_color_scheme(browser, scheme)
    for path in (f"/recipes/{WITHOUT_PICTURE}", "/cart", "/?group=time"):
        open_page(browser, base_url + path)
        placeholders = browser.execute_script(PLACEHOLDERS)
        assert placeholders, f"{path}: no placeholder for {WITHOUT_PICTURE}"
        for placeholder in placeholders:
            assert placeholder["w"] >= 40 and placeholder["h"] >= 40, placeholder
            assert "placeholder.svg" in placeholder["image"], f"{path}: a blank placeholder: {placeholder}"
        drawn = browser.execute_script(
            "return new Promise(done => { const i = new Image();"
            " i.onload = () => done([i.naturalWidth, i.naturalHeight]); i.onerror = () => done(null);"
            " i.src = arguments[0]; });",
            placeholders[0]["image"].split('"')[1],
        )
        assert drawn and drawn[0] > 0, f"{path}: the placeholder drawing does not load"
    open_page(browser, f"{base_url}/recipes/{WITHOUT_PICTURE}")
    save_screenshot(browser, f"placeholder-detail-{scheme}")


def test_placeholder_drawing_is_served(base_url):
    with urllib.request.urlopen(base_url + "/static/placeholder.svg", timeout=10) as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("image/svg+xml")
        assert b"<svg" in response.read()


FIRST_SCREEN = """
const tiles = [...document.querySelectorAll('.tiles .tile-link')].map(link => {
  const r = link.getBoundingClientRect(), t = link.querySelector('.tile-title').getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, titleBottom: t.bottom};
});
const controls = document.querySelector('.browse-controls').getBoundingClientRect();
const q = document.querySelector('#q').getBoundingClientRect();
return {tiles, controlsTop: controls.top, controlsBottom: controls.bottom, controlsHeight: controls.height,
        searchTop: q.top, searchBottom: q.bottom, innerHeight, innerWidth,
        filtersOpen: document.querySelector('details.filters').open};
"""


def test_sideways_phone_shows_a_whole_recipe_on_the_first_screen(shopper, base_url):
    driver = shopper
    set_viewport(driver, "phone-landscape")
    open_page(driver, base_url + "/")
    screen = driver.execute_script(FIRST_SCREEN)
    whole = [
        tile for tile in screen["tiles"]
        if tile["top"] >= 0 and tile["bottom"] <= screen["innerHeight"] and tile["right"] <= screen["innerWidth"]
    ]
    assert whole, f"no whole recipe tile on the first sideways screen: first tile {screen['tiles'][:1]}, {screen}"
    assert screen["searchBottom"] <= screen["innerHeight"], "the search box should be on the first screen"
    save_screenshot(driver, "browse-first-screen-phone-landscape")


def test_upright_phone_folds_the_filters(shopper, base_url):
    driver = shopper
    set_viewport(driver, "phone-portrait")
    open_page(driver, base_url + "/")
    screen = driver.execute_script(FIRST_SCREEN)
    assert not screen["filtersOpen"], "the filters should start folded on a phone"
    share = screen["controlsHeight"] / screen["innerHeight"]
    assert share <= 0.40, f"search and filters take {share:.0%} of the first screen"
    assert screen["tiles"][0]["top"] < screen["innerHeight"] * 0.55, screen["tiles"][0]
    search = driver.find_element(By.ID, "q")
    assert shown(driver, search)
    assert not shown(driver, driver.find_element(By.ID, "diet"))
    assert not shown(driver, driver.find_element(By.CSS_SELECTOR, ".filters .chips a"))
    save_screenshot(driver, "browse-first-screen-phone-portrait")

    # Open them (a <details>: no script needed), choose a category, then a diet.
    summary = driver.find_element(By.CSS_SELECTOR, "details.filters > summary")
    assert summary.is_displayed() and "Filters" in summary.text
    size = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.width, r.height]", summary)
    assert size[0] >= 44 and size[1] >= 44, size
    summary.click()
    chips = driver.find_elements(By.CSS_SELECTOR, ".filters nav.chips:not(.chips--grouping) a.chip")
    assert len(chips) > 2 and shown(driver, chips[1])
    category = chips[1].text.strip()
    click_and_wait(driver, chips[1])
    assert "category=" in driver.current_url
    summary = driver.find_element(By.CSS_SELECTOR, "details.filters > summary")
    assert category in summary.text, f"the folded filters should say which is chosen: {summary.text!r}"

    summary.click()
    diet = driver.find_element(By.ID, "diet")
    assert shown(driver, diet)
    Select(diet).select_by_index(1)
    chosen = driver.execute_script("return arguments[0].selectedOptions[0].textContent", diet)
    value = driver.execute_script("return arguments[0].value", diet)
    assert value, "the diet select should have moved off 'Any diet'"
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, '.filter-diet button[type="submit"]'))
    assert f"diet={value}" in driver.current_url and "category=" in driver.current_url, driver.current_url
    summary = driver.find_element(By.CSS_SELECTOR, "details.filters > summary")
    assert chosen in summary.text, summary.text


def test_desktop_shows_the_filters_without_a_fold(browser, base_url):
    set_viewport(browser, "desktop")
    open_page(browser, base_url + "/")
    assert not shown(browser, browser.find_element(By.CSS_SELECTOR, "details.filters > summary"))
    assert shown(browser, browser.find_element(By.ID, "diet"))
    chips = browser.find_elements(By.CSS_SELECTOR, ".filters .chips a.chip")
    assert chips and all(shown(browser, chip) for chip in chips)
    screen = browser.execute_script(FIRST_SCREEN)
    assert screen["controlsHeight"] / screen["innerHeight"] <= 0.45, screen


LABELS_AND_CONTROLS = """
return [...document.querySelectorAll('.filter-diet label[for]')].map(label => {
  const l = label.getBoundingClientRect(), c = document.getElementById(label.htmlFor).getBoundingClientRect();
  return {label: label.textContent.trim(), label_box: [l.left, l.top, l.right, l.bottom], control_box: [c.left, c.top, c.right, c.bottom]};
});
"""


# A phone held sideways (740×360, 844×390) or upright, a tablet's width and a desktop.
@pytest.mark.parametrize("width,height,mobile", [
    (740, 360, True), (844, 390, True), (360, 740, True), (390, 844, True), (768, 1024, True), (1280, 800, False),
])
def test_each_filter_label_stays_with_its_control(shopper, base_url, width, height, mobile):
    driver = shopper
    set_viewport_size(driver, width, height, mobile)
    open_page(driver, base_url + "/?area=Italian&ingredient=rice")
    summary = driver.find_element(By.CSS_SELECTOR, "details.filters > summary")
    if shown(driver, summary):
        summary.click()
    assert shown(driver, driver.find_element(By.ID, "area"))
    pairs = driver.execute_script(LABELS_AND_CONTROLS)
    assert [pair["label"] for pair in pairs] == ["Diet", "Main ingredient", "Cuisine", "Cost a serving", "Order", "I have"]
    for pair in pairs:
        (label_left, label_top, label_right, label_bottom) = pair["label_box"]
        (control_left, control_top, control_right, control_bottom) = pair["control_box"]
        beside = control_top < label_bottom and label_top < control_bottom and 0 <= control_left - label_right <= 24
        above = 0 <= control_top - label_bottom <= 16 and abs(control_left - label_left) <= 2
        assert beside or above, f"{width}×{height}: the {pair['label']!r} label is apart from its control: {pair}"
        assert control_right <= width, f"{width}×{height}: the {pair['label']!r} control runs off the screen: {pair}"
    save_screenshot(driver, f"browse-filters-open-{width}x{height}")


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_not_found_page_offers_search(shopper, base_url, viewport):
    driver = shopper
    set_viewport(driver, viewport)
    open_page(driver, base_url + "/recipes/nope-1")
    assert "Error 404" in driver.find_element(By.CSS_SELECTOR, ".error-status").text
    box = driver.find_element(By.CSS_SELECTOR, 'main form[role="search"][action="/"] input[type="search"][name="q"]')
    assert box.is_displayed()
    box.send_keys("lentil")
    root = driver.find_element(By.TAG_NAME, "html")
    box.send_keys(Keys.ENTER)
    wait_for_new_page(driver, root)
    assert driver.current_url.startswith(base_url + "/?q=lentil")
    assert driver.find_elements(By.CSS_SELECTOR, "main [data-recipe-id]"), "the search from the 404 page found nothing"
