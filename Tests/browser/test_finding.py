"""Finding recipes in chromium, with JavaScript on and off: a mistyped search offers "Did you mean …?" with the
suggested search's recipes, and its link lands on that search, listed best match first; the main-ingredient filter
narrows the list; "What can I make with…" ranks by the fewest missing ingredients; each passes axe."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browserkit import click_and_wait, open_page, set_color_scheme
from test_accessibility import check


def test_a_mistyped_search_links_to_the_nearest_spelling(scripted_browser, base_url):
    driver, _ = scripted_browser
    open_page(driver, f"{base_url}/?q=chiken")
    suggestion = driver.find_element(By.CSS_SELECTOR, "[data-did-you-mean]")
    assert suggestion.get_attribute("data-did-you-mean") == "chicken"
    assert "Did you mean" in suggestion.text
    shown = [tile.get_attribute("data-recipe-id") for tile in driver.find_elements(By.CSS_SELECTOR, ".did-you-mean li.tile")]
    assert len(shown) >= 3, "the suggested search's first recipes should show under it"

    click_and_wait(driver, suggestion.find_element(By.TAG_NAME, "a"))
    assert driver.current_url.endswith("/?q=chicken")
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-did-you-mean]")
    titles = [element.text for element in driver.find_elements(By.CSS_SELECTOR, ".browse-section h2.section-title")]
    assert titles == ["Best matches"]
    found = [tile.get_attribute("data-recipe-id") for tile in driver.find_elements(By.CSS_SELECTOR, ".browse-section li.tile")]
    assert set(shown) <= set(found)
    assert not driver.find_elements(By.CSS_SELECTOR, ".chips--grouping"), "a search is ordered by relevance, not grouped"


def test_the_suggestion_passes_axe(browser, base_url):
    for scheme in ("light", "dark"):
        set_color_scheme(browser, scheme)
        open_page(browser, f"{base_url}/?q=chiken")
        check(browser, f"did you mean, {scheme}")


def test_the_main_ingredient_filter_narrows_the_recipes(scripted_browser, base_url):
    driver, _ = scripted_browser
    open_page(driver, f"{base_url}/")
    everything = len(driver.find_elements(By.CSS_SELECTOR, "[data-recipe-id]"))
    summary = driver.find_element(By.CSS_SELECTOR, "summary.filters-summary")
    if summary.is_displayed():
        summary.click()
    else:
        # Wide screens show the filters' content with the <details> closed, which WebDriver counts as hidden.
        driver.execute_script("document.querySelector('details.filters').open = true")
    Select(driver.find_element(By.ID, "ingredient")).select_by_value("chicken")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, ".filter-diet button[type=submit]"))
    assert "ingredient=chicken" in driver.current_url
    selected = Select(driver.find_element(By.ID, "ingredient")).first_selected_option
    assert selected.get_attribute("value") == "chicken"
    found = driver.find_elements(By.CSS_SELECTOR, "[data-recipe-id]")
    assert 0 < len(found) < everything
    assert "Chicken" in driver.find_element(By.CSS_SELECTOR, ".filters-active").get_attribute("textContent")


def test_what_can_i_make_ranks_by_the_fewest_missing(scripted_browser, base_url):
    driver, _ = scripted_browser
    open_page(driver, f"{base_url}/")
    summary = driver.find_element(By.CSS_SELECTOR, "summary.filters-summary")
    if summary.is_displayed():
        summary.click()
    else:
        driver.execute_script("document.querySelector('details.filters').open = true")
    field = driver.find_element(By.ID, "have")
    field.send_keys("eggs, flour, milk")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, ".filter-diet button[type=submit]"))
    assert "have=eggs%2C+flour%2C+milk" in driver.current_url
    assert driver.find_element(By.ID, "have").get_attribute("value") == "eggs, flour, milk"
    tiles = driver.find_elements(By.CSS_SELECTOR, "li.tile[data-missing-count]")
    counts = [int(tile.get_attribute("data-missing-count")) for tile in tiles]
    assert counts and counts == sorted(counts)
    first = tiles[0].find_element(By.CSS_SELECTOR, ".tile-missing").text
    assert first.startswith("Missing:") or first == "Nothing missing"
    assert "with eggs, flour, milk" in driver.find_element(By.CSS_SELECTOR, ".filters-active").get_attribute("textContent")


def test_what_can_i_make_passes_axe(browser, base_url):
    for scheme in ("light", "dark"):
        set_color_scheme(browser, scheme)
        open_page(browser, f"{base_url}/?have=eggs,flour,milk")
        check(browser, f"what can I make, {scheme}")
