"""Finding recipes in chromium, with JavaScript on and off: a mistyped search offers "Did you mean …?" with the
suggested search's recipes, and its link lands on that search, listed best match first; the suggestion passes axe."""

from selenium.webdriver.common.by import By

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
