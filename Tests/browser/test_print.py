"""The printed cart: how many of each recipe, boxes to tick on the shopping list, no pictures, and
four recipes on one page. Chrome's own print-to-PDF counts the pages; emulated print media shows
what is on them."""

import base64
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.print_page_options import PrintOptions

from browserkit import ARTIFACTS, fill_cart, open_page

PAPER = {"a4": (21.0, 29.7), "letter": (21.59, 27.94)}

PRINTED = """
const visible = el => { const cs = getComputedStyle(el); const r = el.getBoundingClientRect();
  return cs.display !== 'none' && cs.visibility !== 'hidden' && r.width > 0 && r.height > 0; };
const pictures = [...document.querySelectorAll('img, .cart-line-image, .tile-image--placeholder, .recipe-picture')]
  .filter(visible).map(el => el.outerHTML.slice(0, 80));
const lines = [...document.querySelectorAll('li.cart-line')].map(line => {
  const q = line.querySelector('.cart-line-quantity');
  return {id: line.dataset.recipeId, quantity: line.dataset.quantity,
          text: q && visible(q) ? q.textContent.trim() : null,
          controls: [...line.querySelectorAll('button, input:not([type=hidden])')].filter(visible).length};
});
const boxes = [...document.querySelectorAll('.shopping-item')].map(item => {
  const box = getComputedStyle(item, '::before');
  return box.content !== 'none' && box.borderTopStyle === 'solid' && parseFloat(box.borderTopWidth) > 0
    && parseFloat(box.width) >= 8 && parseFloat(box.height) >= 8;
});
const buttons = [...document.querySelectorAll('button')].filter(visible).map(b => b.textContent.trim());
return {pictures, lines, boxes, buttons};
"""


def pdf_page_count(pdf):
    # Each page object is "/Type /Page"; the page tree is "/Type /Pages".
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


# The bundled recipes with the longest ingredient lists (15 or 16 each): the hardest four to fit.
LONGEST = ("bundled-51", "bundled-11", "bundled-35", "bundled-32")


@pytest.fixture
def four_recipe_cart(browser, base_url):
    quantities = dict(zip(LONGEST, (3, 1, 2, 5)))
    fill_cart(browser, base_url, quantities)
    open_page(browser, base_url + "/cart")
    return quantities


def test_printed_cart_shows_quantities_and_tick_boxes_without_pictures(browser, four_recipe_cart):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        printed = browser.execute_script(PRINTED)
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert not printed["pictures"], f"pictures on paper: {printed['pictures']}"
    assert not printed["buttons"], f"buttons on paper: {printed['buttons']}"
    assert [line["id"] for line in printed["lines"]] == list(four_recipe_cart)
    for line in printed["lines"]:
        quantity = four_recipe_cart[line["id"]]
        assert line["text"] and re.match(rf"×\s*{quantity}\b", line["text"]), f"no quantity on paper: {line}"
        assert line["controls"] == 0, line
    assert printed["boxes"] and all(printed["boxes"]), "every shopping list item needs a box to tick"

    # On screen the stepper says it: the printed quantity is not shown twice.
    on_screen = browser.execute_script(PRINTED)
    assert all(line["text"] is None for line in on_screen["lines"])


@pytest.mark.parametrize("paper", list(PAPER))
def test_four_recipes_print_on_one_page(browser, four_recipe_cart, paper):
    width, height = PAPER[paper]
    options = PrintOptions()
    options.page_width = width
    options.page_height = height
    pdf = base64.b64decode(browser.print_page(options))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"cart-print-{paper}.pdf").write_bytes(pdf)
    items = len(browser.find_elements(By.CSS_SELECTOR, ".shopping-item"))
    assert items >= 40, f"the four recipes should make a long shopping list, got {items} items"
    pages = pdf_page_count(pdf)
    assert pages == 1, f"four recipes ({items} list items) printed on {pages} {paper} pages"
