"""The priced shopping list as shoppers see it, in every engine — Chromium, WebKit and Firefox ESR — at a phone's
size and a desktop's, and in lynx: each bought row shows its packs, price and unit price on the row, the basket
total shows, nothing overflows (pagechecks.py), and the recipe page shows the cost a serving; Browse kept to "under
€3 a serving" and ordered cheapest first shows each recipe's cost in order. The server runs on the bundled catalog, so
the demo shelf prices the list."""

import re

import pytest

from engines import ENGINES
from pagechecks import check_page
from textbrowsers import Session, lynx_dump

SIZES = {"phone": (390, 844, True), "desktop": (1280, 800, False)}
CAKE = "bundled-1"

# Every bought row: whether its price and unit price are drawn inside the row's box and on screen.
PRICED_ROWS = """
return [...document.querySelectorAll('li.shopping-item[data-price-minor]')].map(row => {
  const box = row.getBoundingClientRect();
  const price = row.querySelector('.shopping-price'), unit = row.querySelector('.shopping-unit-price');
  const inside = element => {
    if (!element) return false;
    const b = element.getBoundingClientRect();
    return b.width > 0 && b.height > 0 && b.left >= box.left - 1 && b.right <= box.right + 1;
  };
  return {item: row.dataset.item, price: price && price.textContent, unit: unit && unit.textContent,
          priceShown: inside(price), unitShown: inside(unit)};
});
"""


# The room between "Start cooking" and "(50 min)" on every start button of the page, in pixels.
START_GAPS = """
return [...document.querySelectorAll('.cooking-start button')].filter(b => b.querySelector('.cooking-start-minutes'))
  .map(b => b.querySelector('.cooking-start-minutes').getBoundingClientRect().left
            - b.querySelector('.cooking-start-words').getBoundingClientRect().right);
"""


def assert_start_buttons_keep_their_space(shopper, where):
    for gap in shopper.js(START_GAPS):
        # Beside each other the words keep a space; wrapped onto two lines the minutes start a line of their own.
        assert gap >= 2 or gap < -20, f"{shopper.engine} {where}: 'Start cooking' and its minutes touch ({gap} px)"


def add_cake(shopper, base_url):
    shopper.open(base_url + f"/recipes/{CAKE}")
    check_page(shopper, "recipe page")
    cost = shopper.find("li.cost-per-serving")
    assert re.search(r"€\d+\.\d\d a serving", cost.text), cost.text
    assert cost.get_attribute("data-cost-per-serving-minor").isdigit()
    shopper.click(shopper.find('form.add-to-cart button[type="submit"]'))
    shopper.open(base_url + f"/recipes/{CAKE}")
    assert_start_buttons_keep_their_space(shopper, "recipe page")
    shopper.open(base_url + "/cart")
    check_page(shopper, "priced cart")
    assert_start_buttons_keep_their_space(shopper, "cart")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("engine", ENGINES)
def test_the_priced_list_reads_in_every_engine(launched, base_url, engine, size):
    width, height, mobile = SIZES[size]
    shopper = launched(engine)
    shopper.set_size(width, height, mobile)
    add_cake(shopper, base_url)
    rows = shopper.js(PRICED_ROWS)
    assert len(rows) >= 5, rows
    for row in rows:
        assert row["priceShown"] and row["unitShown"], f"{engine}-{size}: {row}"
        assert re.fullmatch(r"≈? ?€\d+\.\d\d", row["price"]), row
        assert re.fullmatch(r"\(€\d+\.\d\d per (kg|l|piece)\)", row["unit"]), row
    total = shopper.find("p.basket-total")
    assert total.get_attribute("data-basket-total-minor").isdigit()
    assert re.search(r"Basket total: ≈? ?€\d+\.\d\d", total.text), total.text
    line = shopper.find(f'li.cart-line[data-recipe-id="{CAKE}"] .cost-per-serving')
    assert "a serving" in line.text
    shopper.screenshot(f"priced-list-{engine}-{size}")


def test_lynx_reads_the_priced_list(base_url):
    shopper = Session(base_url)
    status, html, _ = shopper.get(f"/recipes/{CAKE}")
    assert status == 200
    status, _, _ = shopper.post(
        f"/cart/items/{CAKE}", {"_csrf": Session.csrf(html), "op": "inc", "return_to": f"/recipes/{CAKE}"})
    assert status == 200
    status, html, _ = shopper.get("/cart")
    assert status == 200
    text = " ".join(lynx_dump(html).split())
    assert re.search(r"Basket total: ≈? ?€\d+\.\d\d", text), text
    assert "1 × 1 kg Plain flour · 800 g left €0.99 (€0.99 per kg)" in text, text
    assert re.search(r"€\d+\.\d\d a serving", text), text


# Every recipe listed: its cost a serving, whether "at least", and whether the cost's words are drawn inside its box.
LISTED_COSTS = """
return [...document.querySelectorAll('.browse-results [data-recipe-id]')].map(item => {
  const cost = item.querySelector('.tile-cost'), box = item.getBoundingClientRect();
  const b = cost && cost.getBoundingClientRect();
  return {id: item.dataset.recipeId, minor: item.dataset.costPerServingMinor && Number(item.dataset.costPerServingMinor),
          text: cost ? cost.textContent : item.textContent,
          shown: !cost || (b.width > 0 && b.height > 0 && b.left >= box.left - 1 && b.right <= box.right + 1)};
});
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_browse_keeps_to_a_cost_and_orders_cheapest_first(launched, base_url, engine):
    shopper = launched(engine)
    shopper.set_size(390, 844, True)
    shopper.open(base_url + "/")
    everything = shopper.js(LISTED_COSTS)
    assert any(re.search(r"€\d+\.\d\d a serving", item["text"]) for item in everything), everything[:3]
    # The shopper's choices in the filters, applied with the filters' button.
    shopper.js("document.querySelector('details.filters').open = true;"
               "document.getElementById('max_cost').value = '3'; document.getElementById('sort').value = 'cost';")
    shopper.click(shopper.find(".filter-diet button[type=submit]"))
    assert "max_cost=3" in shopper.url and "sort=cost" in shopper.url, shopper.url
    check_page(shopper, "browse under €3, cheapest first")
    cheap = shopper.js(LISTED_COSTS)
    assert 0 < len(cheap) < len(everything)
    costs = [item["minor"] for item in cheap]
    assert all(cost is not None and cost <= 300 for cost in costs), cheap
    assert costs == sorted(costs)
    assert all(item["shown"] and "at least" not in item["text"] for item in cheap), cheap
    assert shopper.find(".browse-section h2.section-title").text == "Cheapest a serving first"
    shopper.screenshot(f"browse-by-cost-{engine}")


def test_lynx_reads_the_costs_on_browse(base_url):
    status, html, _ = Session(base_url).get("/?max_cost=3&sort=cost")
    assert status == 200
    text = " ".join(lynx_dump(html).split())
    assert "Cheapest a serving first" in text
    costs = [int(whole) * 100 + int(cents) for whole, cents in re.findall(r"€(\d+)\.(\d\d) a serving", text)]
    assert costs and costs == sorted(costs) and max(costs) <= 300, text
