"""The Browse grid in a real browser: square Popular tiles whose picture fills them, the title
inside the tile, 2 columns on a phone held upright, 3 held sideways, more on a desktop; the Other
list plain and left-aligned. Also saves a screenshot of every page at every size (and the phone
and desktop pages in dark mode) into artifacts/."""

import pytest
from selenium.webdriver.common.by import By

from browserkit import (
    VIEWPORTS,
    add_to_cart_via_browser,
    first_recipe_id,
    open_page,
    save_screenshot,
    set_color_scheme,
    set_viewport,
)

# Resolves once the pictures in view have decoded (lazy ones below the fold are left alone),
# or after 3 s whatever happens.
PICTURES_READY = """
return Promise.race([
  Promise.all([...document.images]
    .filter(i => i.getBoundingClientRect().top < innerHeight)
    .map(i => i.decode().catch(() => null))),
  new Promise(done => setTimeout(done, 3000)),
]);
"""

EXPECTED_COLUMNS = {"phone-portrait": 2, "phone-landscape": 3}


def tile_geometry(driver):
    """Rects of every Popular tile link, its picture and its title, measured by the browser."""
    return driver.execute_script(
        """
        return [...document.querySelectorAll('.tiles .tile')].map(tile => {
          const box = el => { if (!el) return null; const r = el.getBoundingClientRect();
            return {left: r.left, top: r.top, width: r.width, height: r.height, right: r.right, bottom: r.bottom}; };
          const link = tile.querySelector('a');
          return {id: tile.dataset.recipeId, link: box(link),
                  image: box(tile.querySelector('img, .tile-image')),
                  title: box(tile.querySelector('.tile-title'))};
        });
        """
    )


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_popular_tiles_are_square_and_in_columns(browser, base_url, viewport):
    set_viewport(browser, viewport)
    open_page(browser, base_url + "/")
    width, height, _ = VIEWPORTS[viewport]
    assert browser.execute_script("return window.innerWidth") == width
    assert browser.execute_script("return window.innerHeight") == height
    orientation = "portrait" if height >= width else "landscape"
    assert browser.execute_script(f"return matchMedia('(orientation: {orientation})').matches")

    tiles = tile_geometry(browser)
    assert len(tiles) >= 4, "the Popular section needs some tiles to check"
    for tile in tiles:
        link, image, title = tile["link"], tile["image"], tile["title"]
        assert abs(link["width"] - link["height"]) <= 1, f"tile {tile['id']} is not square: {link}"
        assert link["width"] >= 100, f"tile {tile['id']} is too small: {link}"
        # The picture fills the tile edge to edge.
        for side in ("left", "top", "right", "bottom"):
            assert abs(image[side] - link[side]) <= 1, f"picture of {tile['id']} does not fill the tile: {image} vs {link}"
        # The title sits inside the tile, in its lower right part.
        assert title["right"] <= link["right"] + 0.5 and title["bottom"] <= link["bottom"] + 0.5
        assert title["left"] >= link["left"] - 0.5
        assert title["bottom"] >= link["top"] + link["height"] * 0.6, f"title of {tile['id']} is not at the bottom"
    # Titles are right-aligned (the bottom-right corner) and may wrap.
    align = browser.execute_script("return getComputedStyle(document.querySelector('.tile-title')).textAlign")
    assert align in ("right", "end")

    first_row_top = tiles[0]["link"]["top"]
    columns = len([t for t in tiles if abs(t["link"]["top"] - first_row_top) < 1])
    if viewport in EXPECTED_COLUMNS:
        assert columns == EXPECTED_COLUMNS[viewport], f"{columns} columns at {viewport}"
    else:
        assert columns > 3, f"only {columns} columns on a desktop"
    # The grid never overflows the page sideways.
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width

    # Other: a plain list, text aligned left.
    other = browser.find_elements(By.CSS_SELECTOR, ".plain-list li a")
    if other:
        assert browser.execute_script(
            "return getComputedStyle(document.querySelector('.plain-list a')).textAlign"
        ) in ("left", "start")
        assert not browser.find_elements(By.CSS_SELECTOR, ".plain-list img")


def test_pictures_reserve_their_space(browser, base_url):
    """Every picture has width and height (or a sized box), so nothing shifts when it loads."""
    recipe_id = first_recipe_id(base_url)
    add_to_cart_via_browser(browser, base_url, recipe_id)
    for path in ("/", f"/recipes/{recipe_id}", "/cart"):
        open_page(browser, base_url + path)
        for image in browser.find_elements(By.CSS_SELECTOR, "main img"):
            assert image.get_attribute("width") and image.get_attribute("height"), (
                f"{path}: {image.get_attribute('outerHTML')} has no width/height"
            )
        shift = browser.execute_script(
            """
            return new Promise(done => {
              let total = 0;
              try {
                new PerformanceObserver(list => { for (const e of list.getEntries()) if (!e.hadRecentInput) total += e.value; })
                  .observe({type: 'layout-shift', buffered: true});
              } catch (e) { done(-1); return; }
              setTimeout(() => done(total), 300);
            });
            """
        )
        assert shift < 0.05, f"{path}: cumulative layout shift {shift}"


def test_detail_picture_is_a_circle_and_fonts(browser, base_url):
    recipe_id = first_recipe_id(base_url)
    open_page(browser, f"{base_url}/recipes/{recipe_id}")
    style = browser.execute_script(
        """
        const fig = document.querySelector('.recipe-picture');
        const r = fig.getBoundingClientRect();
        const cs = getComputedStyle(fig);
        return {w: r.width, h: r.height, radius: cs.borderTopLeftRadius, overflow: cs.overflow,
                title: getComputedStyle(document.querySelector('.recipe-title')).fontFamily,
                text: getComputedStyle(document.querySelector('.recipe-description')).fontFamily};
        """
    )
    assert abs(style["w"] - style["h"]) <= 1
    assert style["radius"] in ("50%",) or float(style["radius"].rstrip("px") or 0) >= style["w"] / 2 - 1
    assert style["overflow"] in ("hidden", "clip")
    assert "serif" in style["title"] and "sans-serif" not in style["title"].split(",")[-1]
    assert style["text"].strip().endswith("sans-serif")
    # System font stacks only: no web fonts, and nothing loaded from another origin.
    assert browser.execute_script("return document.fonts.size") == 0
    foreign = browser.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)"
        ".filter(n => !n.startsWith(location.origin))"
    )
    assert not foreign, f"resources from elsewhere: {foreign}"


def test_screenshots_of_every_page_at_every_size(browser, base_url, artifacts_dir):
    recipe_id = first_recipe_id(base_url)
    add_to_cart_via_browser(browser, base_url, recipe_id, times=2)
    pages = {
        "browse": "/",
        "browse-by-time": "/?group=time",
        "detail": f"/recipes/{recipe_id}",
        "cart": "/cart",
        "edit": f"/recipes/{recipe_id}/edit",
        "not-found": "/recipes/nope-1",
    }
    for scheme in ("light", "dark"):
        set_color_scheme(browser, scheme)
        for viewport in VIEWPORTS:
            if scheme == "dark" and viewport == "phone-landscape":
                continue
            set_viewport(browser, viewport)
            for name, path in pages.items():
                if scheme == "dark" and name in ("browse-by-time", "edit"):
                    continue
                open_page(browser, base_url + path)
                # Let lazy pictures decode before the shot.
                browser.execute_script(PICTURES_READY)
                suffix = "" if scheme == "light" else "-dark"
                path_saved = save_screenshot(browser, f"{name}-{viewport}{suffix}")
                assert path_saved.stat().st_size > 1000
