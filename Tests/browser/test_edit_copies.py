"""A shopper's edit is their own version: a second browser (its own profile, cookies and session)
keeps seeing the shop's recipe, on its detail page and in Browse. The shopper sees "Your version",
can go back to the shop's version and undo that. JavaScript on and off."""

import pytest
from selenium.webdriver.common.by import By

from browserkit import (
    click_and_wait,
    make_driver,
    open_page,
    recipe_ids,
    status_message,
)


@pytest.fixture
def shopper(scripted_browser):
    return scripted_browser[0]


@pytest.fixture
def other_shopper():
    driver = make_driver(javascript=True)
    try:
        yield driver
    finally:
        driver.quit()


def title_on(driver):
    return driver.find_element(By.CSS_SELECTOR, ".recipe-title").text.strip()


def test_a_shoppers_edit_is_not_seen_by_another_browser(shopper, other_shopper, base_url):
    recipe_id = recipe_ids(base_url, 3)[2]
    open_page(other_shopper, f"{base_url}/recipes/{recipe_id}")
    original = title_on(other_shopper)

    open_page(shopper, f"{base_url}/recipes/{recipe_id}")
    assert title_on(shopper) == original
    edit = shopper.find_element(By.CSS_SELECTOR, f'.recipe-footer a[href="/recipes/{recipe_id}/edit"]')
    assert edit.text.strip() == "Make your own version"
    click_and_wait(shopper, edit)
    mine = f"{original} my way"
    field = shopper.find_element(By.ID, "title")
    field.clear()
    field.send_keys(mine)
    click_and_wait(shopper, shopper.find_element(By.CSS_SELECTOR, 'form.edit-form button[name="action-save"]'))

    assert shopper.current_url.split("#")[0] == f"{base_url}/recipes/{recipe_id}"
    assert title_on(shopper) == mine
    assert shopper.find_elements(By.CSS_SELECTOR, "article.recipe[data-personal-copy]")
    assert shopper.find_element(By.CSS_SELECTOR, ".edited-mark--personal").get_attribute("textContent").strip() == "Your version"
    status = status_message(shopper)
    assert status is not None and "Saved your version" in status.text

    # The other browser: the shop's recipe, on its detail page and in Browse.
    open_page(other_shopper, f"{base_url}/recipes/{recipe_id}")
    assert title_on(other_shopper) == original
    assert not other_shopper.find_elements(By.CSS_SELECTOR, "article.recipe[data-personal-copy]")
    assert not other_shopper.find_elements(By.CSS_SELECTOR, ".edited-mark")
    open_page(other_shopper, base_url + "/")
    titles = [link.text for link in other_shopper.find_elements(By.CSS_SELECTOR, "main [data-recipe-id] a")]
    assert original in titles and mine not in titles, titles

    # Back to the shop's version, then Undo brings the shopper's version back.
    revert = shopper.find_element(By.CSS_SELECTOR, ".recipe-footer form.revert-form button")
    assert revert.text.strip().replace("\u2019", "'") == "Back to the shop's version"
    click_and_wait(shopper, revert)
    assert title_on(shopper) == original
    undo = status_message(shopper).find_element(By.CSS_SELECTOR, "form.undo-form button.undo-button")
    click_and_wait(shopper, undo)
    assert title_on(shopper) == mine
    open_page(other_shopper, f"{base_url}/recipes/{recipe_id}")
    assert title_on(other_shopper) == original
