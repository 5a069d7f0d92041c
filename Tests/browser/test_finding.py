"""Finding recipes in chromium, with JavaScript on and off: a mistyped search offers "Did you mean …?" with the
suggested search's recipes, and its link lands on that search, listed best match first; the suggestion passes axe.
The main-ingredient and cuisine selects narrow the recipes, and combine with the diet and the category chips;
"What can I make with…" ranks by the fewest missing ingredients and passes axe."""

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


def open_filters(driver):
    summary = driver.find_element(By.CSS_SELECTOR, "summary.filters-summary")
    if summary.is_displayed():
        summary.click()
    else:
        # Wide screens show the filters' content with the <details> closed, which WebDriver counts as hidden.
        driver.execute_script("document.querySelector('details.filters').open = true")


def apply_filter(driver, select_id, value):
    """Chooses `value` in a filter select and applies it; the select then shows it chosen. Returns the recipes listed."""
    open_filters(driver)
    Select(driver.find_element(By.ID, select_id)).select_by_value(value)
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, ".filter-diet button[type=submit]"))
    assert f"{select_id}={value}" in driver.current_url
    assert Select(driver.find_element(By.ID, select_id)).first_selected_option.get_attribute("value") == value
    return listed(driver)


def listed(driver):
    return {tile.get_attribute("data-recipe-id") for tile in driver.find_elements(By.CSS_SELECTOR, "[data-recipe-id]")}


def test_the_main_ingredient_filter_narrows_the_recipes(scripted_browser, base_url):
    driver, _ = scripted_browser
    open_page(driver, f"{base_url}/")
    everything = listed(driver)
    found = apply_filter(driver, "ingredient", "chicken")
    assert found and found < everything
    assert "Chicken" in driver.find_element(By.CSS_SELECTOR, ".filters-active").get_attribute("textContent")


def test_the_cuisine_filter_narrows_the_recipes_and_combines_with_the_others(scripted_browser, base_url):
    driver, _ = scripted_browser
    open_page(driver, f"{base_url}/")
    everything = listed(driver)
    italian = apply_filter(driver, "area", "Italian")
    assert italian and italian < everything
    assert "Italian" in driver.find_element(By.CSS_SELECTOR, ".filters-active").get_attribute("textContent")

    # With the vegan diet too: fewer still, each one of the Italian recipes.
    vegan = apply_filter(driver, "diet", "vegan")
    assert "area=Italian" in driver.current_url
    assert vegan and vegan < italian

    # A category chip keeps the cuisine; "Vegan" is a diet, not a category.
    open_filters(driver)
    chips = [chip.text for chip in driver.find_elements(By.CSS_SELECTOR, "nav.chips[aria-label=Categories] a")]
    assert "Vegan" not in chips
    click_and_wait(driver, driver.find_element(By.LINK_TEXT, "Pasta"))
    assert "area=Italian" in driver.current_url and "category=Pasta" in driver.current_url
    pasta = listed(driver)
    assert pasta and pasta <= vegan


def test_what_can_i_make_ranks_by_the_fewest_missing(scripted_browser, base_url):
    driver, _ = scripted_browser
    open_page(driver, f"{base_url}/")
    open_filters(driver)
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
