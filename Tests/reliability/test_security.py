"""Security suite against the real binary: static roots that never leak what is outside them, CSRF on every
POST route, cookie flags, forged and planted sessions, escaped XSS payloads wherever text reaches HTML,
no open redirect through `return_to`, a staff board shoppers cannot open, error pages that give nothing
away, and the security headers on every single response."""

from __future__ import annotations

import html
import os
import re
import secrets
import shutil
import sqlite3
import tempfile
import urllib.parse
from pathlib import Path

import pytest

from rawhttp import get_raw
from rckit import HOST, POSTGRES, ROOT, Client, Reply, Server, record_stat

STAFF_TOKEN = "reliability-staff-token-42"
EVIL = "evil.example"
LOCAL_ERRORS: list[str] = []
SEEN = {"responses": 0}


# ---------------------------------------------------------------- every response carries the headers


def check_security_headers(status: int, headers: list[tuple[str, str]], what: str) -> None:
    found = {name.lower(): value for name, value in headers}
    csp = found.get("content-security-policy", "")
    problems = []
    if "default-src 'self'" not in csp:
        problems.append(f"CSP without default-src 'self': {csp!r}")
    if "frame-ancestors 'none'" not in csp:
        problems.append("CSP without frame-ancestors 'none'")
    if "unsafe-inline" in csp or "unsafe-eval" in csp:
        problems.append(f"CSP allows inline script: {csp!r}")
    if found.get("x-content-type-options", "").lower() != "nosniff":
        problems.append("no X-Content-Type-Options: nosniff")
    if found.get("referrer-policy", "").lower() != "same-origin":
        problems.append(f"Referrer-Policy {found.get('referrer-policy')!r}")
    assert not problems, f"{what} -> {status}: " + "; ".join(problems)
    SEEN["responses"] += 1


class Browser(Client):
    """A client that checks the security headers of every answer it gets."""

    def request(self, method, path, body=None, headers=None, cookies=True) -> Reply:
        reply = super().request(method, path, body=body, headers=headers, cookies=cookies)
        check_security_headers(reply.status, reply.headers, f"{method} {path[:120]}")
        return reply


def raw_checked(port: int, target: bytes, extra: bytes = b""):
    reply = get_raw(port, target, extra)
    if reply.status is not None:
        check_security_headers(reply.status, reply.headers(), f"GET {target[:120]!r}")
    return reply


# ---------------------------------------------------------------- the server for this module


def serve(prefix: str):
    workdir = Path(tempfile.mkdtemp(prefix=prefix))
    server = Server(workdir / "data", log_path=workdir / "server.log", staff_token=STAFF_TOKEN)
    server.start()
    yield server
    code = server.stop()
    log = server.log_text()
    shutil.rmtree(workdir, ignore_errors=True)
    assert code == 0
    assert "request failed" not in log, "a request of the security suite ended in a 500"


@pytest.fixture(scope="module")
def shop():
    yield from serve("rc-security-")
    record_stat("security.responses_checked", SEEN["responses"])


@pytest.fixture(scope="module")
def edit_shop():
    """A server of its own: the wrong staff tokens other tests send lock this address out of signing in for a minute."""
    yield from serve("rc-security-edit-")


def multipart(fields: list[tuple[str, str | bytes]], files: list[tuple[str, str, bytes]] = ()) -> tuple[bytes, str]:
    boundary = "rc" + secrets.token_hex(12)
    chunks = []
    for name, value in fields:
        value = value.encode() if isinstance(value, str) else value
        chunks.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'.encode() + value + b"\r\n")
    for name, filename, data in files:
        chunks.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                      f"Content-Type: application/octet-stream\r\n\r\n".encode() + data + b"\r\n")
    chunks.append(f"--{boundary}--\r\n".encode())
    return b"".join(chunks), f"multipart/form-data; boundary={boundary}"


def edit_fields(browser: Browser, recipe: str) -> dict[str, str]:
    page = browser.get(f"/recipes/{recipe}/edit")
    assert page.status == 200
    version = re.search(r'name="version" value="([^"]*)"', page.text).group(1)
    token = re.search(r'name="_csrf" value="([^"]*)"', page.text).group(1)
    return {"_csrf": html.unescape(token), "version": html.unescape(version)}


def save_edit(browser: Browser, recipe: str, title: str, description: str, steps: list[str], token: str | None = None,
              headers: dict[str, str] | None = None) -> Reply:
    fields = edit_fields(browser, recipe)
    if token is not None:
        fields["_csrf"] = token
    form = [(k, v) for k, v in fields.items() if v is not None] + [("action-save", ""), ("title", title),
                                                                    ("description", description)]
    form += [("step", step) for step in steps]
    body, content_type = multipart(form)
    all_headers = {"Content-Type": content_type}
    all_headers.update(headers or {})
    return browser.request("POST", f"/recipes/{recipe}/edit", body=body, headers=all_headers)


def staff_browser(port: int) -> Browser:
    staff = Browser(port)
    token = staff.csrf("/staff/login")
    reply = staff.post_form("/staff/login", {"_csrf": token, "token": STAFF_TOKEN})
    assert reply.status == 303 and "rc_staff" in staff.cookies
    return staff


def title_of(browser: Browser, recipe: str) -> str:
    page = browser.get(f"/recipes/{recipe}")
    return html.unescape(re.search(r"<title>(.*?)</title>", page.text, re.S).group(1))


# ---------------------------------------------------------------- static roots


# One climb each; the test repeats it 1…12 times in front of a target.
CLIMBS = [
    "../", "..%2f", "%2e%2e/", "%2e%2e%2f", "..\\", "..%5c", "%252e%252e%252f", "%c0%ae%c0%ae%c0%af", "%c0%ae%c0%ae/",
    "....//", "....\\/", "..;/", "%00/../", "..%00/", "%2e%2e%5c", ".%2e/", "%2e./", "..%c0%af", "..%255c",
    "%u002e%u002e/", "..//", "./../", "x/../../", "%2e%2e%2f%2e%2e%2f", "..%252f", "%2e%2e%00/",
]
HOPS = (1, 2, 3, 5, 8, 12)


def outside_targets(shop: Server) -> dict[str, list[tuple[str, bytes]]]:
    """Files outside each root, by their path from some ancestor of it: what a traversal would try to read."""
    passwd = Path("/etc/passwd").read_bytes()
    # On PostgreSQL the server key lives in the database, not beside the uploads.
    key_file = shop.data_dir / "server.key"
    key = [("server.key", key_file.read_bytes())] if key_file.exists() or not POSTGRES else []
    return {
        "/static/": [("etc/passwd", passwd), ("Package.swift", (ROOT / "Package.swift").read_bytes()),
                     ("Templates/layout.mustache", (ROOT / "Templates/layout.mustache").read_bytes())],
        "/images/bundled/": [("etc/passwd", passwd), ("Package.swift", (ROOT / "Package.swift").read_bytes()),
                             ("recipes/bundled-1.json",
                              (ROOT / "Sources/RecipeCartServices/Resources/catalog/recipes/bundled-1.json").read_bytes())],
        "/images/uploads/": key + [("recipecart.sqlite", b"SQLite format 3"), ("etc/passwd", passwd)],
    }


def inside_files(root_url: str, shop: Server) -> set[bytes]:
    roots = {"/static/": ROOT / "Public", "/images/bundled/": ROOT / "Sources/RecipeCartServices/Resources/catalog/images",
             "/images/uploads/": shop.data_dir / "images" / "uploads"}
    files = {p.read_bytes() for p in roots[root_url].rglob("*") if p.is_file()}
    # Precompressed twins and the like are the same files in another coding.
    return files


def test_traversal_payloads_never_read_outside_the_static_roots(shop):
    tried = 0
    served = []
    for root, targets in outside_targets(shop).items():
        allowed = inside_files(root, shop)
        for target, content in targets:
            for climb in CLIMBS:
                for hops in HOPS:
                    path = (root + climb * hops + target).encode("latin-1", "replace")
                    reply = raw_checked(shop.port, path)
                    tried += 1
                    if reply.status == 200:
                        leaked = content[:64] in reply.body or b"root:x:0:0" in reply.body \
                            or b"swift-tools-version" in reply.body or b"SQLite format 3" in reply.body
                        if leaked or reply.body not in allowed:
                            served.append(f"{path!r} -> 200 {reply.body[:60]!r}")
    assert not served, "files from outside a static root were served:\n" + "\n".join(served[:10])
    print(f"\ntraversal: {tried} payloads on /static/, /images/bundled/ and /images/uploads/, none served a file "
          f"from outside")
    record_stat("security.traversal_payloads", tried)


def test_nul_and_encoded_separators_in_static_paths_do_not_reach_other_files(shop):
    for path in [b"/static/app.css%00.txt", b"/static/app.css%00/../../Package.swift", b"/static/%00",
                 b"/images/bundled/%00", b"/static/..%00/Package.swift", b"/static/app.css%2f..%2f..%2fPackage.swift"]:
        reply = raw_checked(shop.port, path)
        assert reply.status != 200 or reply.body in inside_files("/static/", shop) | inside_files("/images/bundled/", shop), \
            f"{path!r} served something outside"


def test_symlinks_out_of_a_static_root_are_not_followed(shop):
    """DESIGN: static files never leave their root, symlinks out included. (The image folders are the
    ones a mistake or another process could put a link in.)"""
    uploads = shop.data_dir / "images" / "uploads"
    link = uploads / "planted-link.png"
    link.unlink(missing_ok=True)
    os.symlink("/etc/passwd", link)
    try:
        reply = raw_checked(shop.port, b"/images/uploads/planted-link.png")
        assert reply.status != 200 or b"root:x:0:0" not in reply.body, "/etc/passwd served through a symlink"
    finally:
        link.unlink()


def test_static_directory_redirects_stay_on_site(shop):
    for path in [b"/static/.", b"/static/%2e", b"/static//.", b"/images/bundled/.", b"/images/bundled//.",
                 b"/images/uploads//.", b"/static/.//", b"/static//%2e"]:
        reply = raw_checked(shop.port, path)
        location = reply.header("Location")
        if location:
            assert not location.startswith("//") and not location.startswith("/\\") and "://" not in location, \
                f"{path!r} redirects to {location!r}"


# ---------------------------------------------------------------- CSRF on every POST route


def prepare_cart(browser: Browser) -> str:
    token = browser.csrf()
    first = browser.step("bundled-1", "inc", token)
    assert first.status == 303
    token = browser.token_after(first, token)
    assert browser.step("bundled-2", "set", token, quantity=3).status == 303
    return token


def cart_page(browser: Browser) -> tuple:
    """What a cart change could touch: the lines and quantities, the cooking timers, the badge count."""
    page = browser.get("/cart").text
    return (parse_cart_lines(page), page.count('class="cooking-status'), re.findall(r'data-cart-count="(\d+)"', page))


def bad_token_variants(port: int, good: str) -> dict[str, tuple[str | None, dict[str, str]]]:
    other = Browser(port)
    other_token = other.csrf()
    return {
        "missing": (None, {}),
        "empty": ("", {}),
        "wrong": ("not-a-token", {}),
        "token-shaped but wrong": (secrets.token_urlsafe(32)[:43], {}),
        "a token of another session": (other_token, {}),
        # A middle character: the last one of a base64url HMAC also carries unused bits.
        "flipped character": (flip(good), {}),
        "cross-site Origin": (good, {"Origin": f"http://{EVIL}"}),
        "Origin null": (good, {"Origin": "null"}),
        "cross-site Origin, same port": (good, {"Origin": f"http://{EVIL}:{port}"}),
        "Sec-Fetch-Site cross-site": (good, {"Sec-Fetch-Site": "cross-site"}),
    }


def flip(text: str) -> str:
    """The same text with one character in the middle changed."""
    i = len(text) // 2
    return text[:i] + ("A" if text[i] != "A" else "B") + text[i + 1:]


def form_with(token: str | None, fields: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return ([("_csrf", token)] if token is not None else []) + fields


def test_csrf_on_the_cart_routes(shop):
    browser = Browser(shop.port)
    good = prepare_cart(browser)
    routes = [
        ("/cart/items/bundled-1", [("op", "inc"), ("return_to", "/cart")]),
        ("/cart/items/bundled-3", [("op", "set"), ("quantity", "5")]),
        ("/cart/items/bundled-1/cooking", [("op", "start"), ("minutes", "20")]),
        ("/cart/clear", [("return_to", "/cart")]),
    ]
    checked = 0
    for route, fields in routes:
        for name, (token, headers) in bad_token_variants(shop.port, good).items():
            before = cart_page(browser)
            reply = browser.post_form(route, form_with(token, fields), headers=headers)
            assert reply.status == 403, f"{route} with {name}: {reply.status}"
            assert "Error 403" in reply.text
            assert cart_page(browser) == before, f"{route} with {name} changed the cart"
            checked += 1
    # The same posts with the right token and a same-origin Origin go through: the checks above are real.
    for route, fields in routes:
        reply = browser.post_form(route, form_with(good, fields), headers={"Origin": f"http://{HOST}:{shop.port}"})
        assert reply.status == 303, f"{route} with a good token: {reply.status}"
    assert browser.cart() == {}
    record_stat("security.csrf_cases", checked)


def test_csrf_on_edit_and_revert(shop):
    browser = Browser(shop.port)
    good = browser.csrf()
    original = title_of(browser, "bundled-4")
    for name, (token, headers) in bad_token_variants(shop.port, good).items():
        reply = save_edit(browser, "bundled-4", "Hijacked title", "x", ["one step"], token=token if token is not None else "",
                          headers=headers)
        assert reply.status == 403, f"edit with {name}: {reply.status}"
        assert title_of(browser, "bundled-4") == original
    # A real edit, then forged reverts leave it in place.
    saved = save_edit(browser, "bundled-4", "Edited for the revert test", "d", ["s"])
    assert saved.status == 303
    good = browser.token_after(saved, good)
    for name, (token, headers) in bad_token_variants(shop.port, good).items():
        reply = browser.post_form("/recipes/bundled-4/revert", form_with(token, []), headers=headers)
        assert reply.status == 403, f"revert with {name}: {reply.status}"
        assert title_of(browser, "bundled-4").startswith("Edited for the revert test")
    assert browser.post_form("/recipes/bundled-4/revert", {"_csrf": good}).status == 303
    assert title_of(browser, "bundled-4") == original
    record_stat("security.csrf_cases", 20)


def test_csrf_on_staff_login_and_logout(shop):
    browser = Browser(shop.port)
    good = browser.csrf("/staff/login")
    for name, (token, headers) in bad_token_variants(shop.port, good).items():
        reply = browser.post_form("/staff/login", form_with(token, [("token", STAFF_TOKEN)]), headers=headers)
        assert reply.status == 403, f"login with {name}: {reply.status}"
        assert "rc_staff" not in browser.cookies and not any("rc_staff" in c for c in reply.all_headers("Set-Cookie"))
        assert browser.get("/staff").status == 401
    staff = staff_browser(shop.port)
    staff_token = staff.csrf("/staff")
    for name, (token, headers) in bad_token_variants(shop.port, staff_token).items():
        reply = staff.post_form("/staff/logout", form_with(token, []), headers=headers)
        assert reply.status == 403, f"logout with {name}: {reply.status}"
        assert not reply.all_headers("Set-Cookie") or all("rc_staff" not in c for c in reply.all_headers("Set-Cookie"))
        assert staff.get("/staff").status == 200
    assert staff.post_form("/staff/logout", {"_csrf": staff_token}).status == 303
    assert staff.get("/staff").status == 401
    record_stat("security.csrf_cases", 20)


# ---------------------------------------------------------------- cookies and sessions


def set_cookie(reply: Reply, name: str) -> str | None:
    for value in reply.all_headers("Set-Cookie"):
        if value.split("=", 1)[0].strip() == name:
            return value
    return None


def first_post(browser: Browser) -> Reply:
    """A looker's first post, which starts their session."""
    return browser.post_form("/cart/clear", {"_csrf": browser.csrf()})


def test_session_cookie_flags_and_entropy(shop):
    # A page view starts no session: a looker gets the cookie their forms' token is checked against, with the same
    # flags, and their first post gets the session.
    looker = Browser(shop.port)
    page = looker.get("/recipes/bundled-1")
    assert set_cookie(page, "rc_session") is None, "a page view started a session"
    looker_cookie = set_cookie(page, "rc_looker")
    assert looker_cookie, "no looker cookie on a first visit"
    reply = first_post(looker)
    assert reply.status == 303
    cookie = set_cookie(reply, "rc_session")
    assert cookie, "no session cookie on a first post"
    for cookie in (looker_cookie, cookie):
        attributes = [part.strip().lower() for part in cookie.split(";")[1:]]
        assert "httponly" in attributes
        assert "samesite=lax" in attributes
        assert "path=/" in attributes
        assert "secure" not in attributes  # only with --secure-cookies (checked below)
        value = cookie.split(";", 1)[0].split("=", 1)[1]
        random_part, _, signature = value.partition(".")
        assert len(random_part) == 22 and len(urllib.parse.unquote(random_part)) == 22  # 16 bytes, base64url
    sessions, lookers = set(), set()
    for _ in range(50):
        browser = Browser(shop.port)
        assert set_cookie(browser.get("/healthz"), "rc_session") is None
        lookers.add(browser.cookies.get("rc_looker") or browser.csrf())
        value = set_cookie(first_post(browser), "rc_session").split(";", 1)[0]
        sessions.add(value.split("=", 1)[1].split(".", 1)[0])
    assert len(sessions) == 50, "session ids repeat"
    assert len(lookers) == 50, "looker tokens repeat"
    # The cart-changed cookie and the staff cookie.
    browser = Browser(shop.port)
    post = browser.step("bundled-1", "inc", browser.csrf())
    changed = set_cookie(post, "rc_cart_changed")
    assert changed and "httponly" in changed.lower() and "samesite=lax" in changed.lower()
    staff = Browser(shop.port)
    login = staff.post_form("/staff/login", {"_csrf": staff.csrf("/staff/login"), "token": STAFF_TOKEN})
    staff_cookie = set_cookie(login, "rc_staff").lower()
    # Path=/: signed-in staff edit the shop's recipes under /recipes/, so the cookie must reach those pages too;
    # SameSite=Strict still keeps it off every cross-site request.
    assert "httponly" in staff_cookie and "samesite=strict" in staff_cookie and "path=/;" in staff_cookie + ";"


def test_secure_flag_with_secure_cookies(tmp_path):
    server = Server(tmp_path / "data", args=["--secure-cookies"], log_path=tmp_path / "server.log",
                    staff_token=STAFF_TOKEN).start()
    try:
        browser = Browser(server.port)
        # Behind HTTPS the names carry the __Host- prefix, which browsers accept only with Secure.
        looker = set_cookie(browser.get("/recipes/bundled-1"), "__Host-rc_looker")
        assert looker, "no __Host-rc_looker cookie with --secure-cookies"
        assert "secure" in [part.strip().lower() for part in looker.split(";")[1:]]
        cookie = set_cookie(first_post(browser), "__Host-rc_session")
        assert cookie, "no __Host-rc_session cookie with --secure-cookies"
        assert "secure" in [part.strip().lower() for part in cookie.split(";")[1:]]
        login = browser.post_form("/staff/login", {"_csrf": browser.csrf("/staff/login"), "token": STAFF_TOKEN})
        staff_cookie = set_cookie(login, "__Host-rc_staff")
        assert staff_cookie, "no __Host-rc_staff cookie with --secure-cookies"
        assert "secure" in [part.strip().lower() for part in staff_cookie.split(";")[1:]]
    finally:
        assert server.stop() == 0


def test_forged_and_planted_session_cookies_get_a_fresh_session(shop):
    victim = Browser(shop.port)
    token = victim.csrf()
    assert victim.step("bundled-7", "set", token, quantity=4).status == 303
    real = victim.cookies["rc_session"]
    session_id, _, signature = real.partition(".")
    forgeries = {
        "random": secrets.token_urlsafe(16)[:22] + "." + secrets.token_urlsafe(32)[:43],
        "id only": session_id,
        "id with an empty signature": session_id + ".",
        "flipped signature": session_id + "." + flip(signature),
        "another id with this signature": secrets.token_urlsafe(16)[:22] + "." + signature,
        "id with trailing junk": real + "x",
        "two dots": real + ".x",
        "huge": "A" * 4000,
        "unicode": "ä" * 22 + "." + signature,
        "sql": "' OR 1=1 --",
    }
    for name, value in forgeries.items():
        stranger = Browser(shop.port)
        stranger.cookies["rc_session"] = urllib.parse.quote(value, safe="._-")
        reply = stranger.get("/cart")
        fresh = set_cookie(reply, "rc_session")
        assert fresh, f"{name}: the forged cookie was accepted (no fresh session)"
        assert fresh.split(";", 1)[0].split("=", 1)[1] != value
        assert parse_cart_lines(reply.text) == {}, f"{name}: the forged cookie shows a cart"
    # The victim's cart is untouched.
    assert victim.cart() == {"bundled-7": 4}
    # The database keeps only a hash of the id.
    if POSTGRES:
        for table, in shop.sql("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"):
            for row in shop.sql(f'SELECT t::text FROM "{table}" t'):
                assert not any(session_id in value for value in row), f"raw session id in {table}"
        return
    db = sqlite3.connect(f"file:{shop.database_path}?mode=ro", uri=True)
    try:
        for table, in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall():
            for row in db.execute(f'SELECT * FROM "{table}"'):
                assert not any(isinstance(v, str) and session_id in v for v in row), f"raw session id in {table}"
    finally:
        db.close()


def parse_cart_lines(page: str) -> dict[str, int]:
    from rckit import parse_cart
    return parse_cart(page)


# ---------------------------------------------------------------- XSS


XSS = [
    "<script>alert(1)</script>",
    "\"><img src=x onerror=alert(1)>",
    "'><svg onload=alert(1)>",
    "</textarea><script>alert(2)</script>",
    "</title><script>alert(3)</script>",
    "javascript:alert(4)",
    "{{chrome.csrfToken}}{{{title}}}",
    "&lt;b&gt;already escaped&lt;/b&gt;",
    "<a href=\"javascript:alert(5)\">x</a>",
    "<iframe srcdoc='<script>alert(6)</script>'>\u2028end",
]


def assert_escaped(page: str, payload: str, where: str, must_show: bool = True) -> None:
    dangerous = any(c in payload for c in "<>\"'&")
    if dangerous:
        assert payload not in page, f"{where}: the payload {payload!r} appears unescaped"
    for marker in ["<script>alert", "<img src=x", "<svg onload", "<iframe", "<a href=\"javascript", "href=\"javascript:",
                   "</textarea><script", "</title><script"]:
        assert marker not in page, f"{where}: {marker!r} appears as markup"
    if must_show:
        assert payload in html.unescape(page), f"{where}: the payload is not shown at all (escaped test is vacuous)"


def test_search_box_echo_is_escaped(shop):
    browser = Browser(shop.port)
    for payload in XSS:
        page = browser.get("/?" + urllib.parse.urlencode({"q": payload})).text
        assert_escaped(page, payload, f"search {payload!r}")
        # The category and other query fields are not echoed raw either.
        page = browser.get("/?" + urllib.parse.urlencode({"category": payload, "diet": payload, "group": payload})).text
        assert_escaped(page, payload, f"category {payload!r}", must_show=False)
    record_stat("security.xss_payloads", len(XSS) * 2)


# Signed-in staff edit the shop's copy, which every page shows; a shopper's edit is their own version, shown on
# their detail page, edit form and cart only. Both paths take every payload.
EDIT_PATHS = {
    "shop": {"recipe": "bundled-11", "shown": ("detail", "edit form", "browse", "cart", "staff board"), "hidden": ()},
    "personal": {"recipe": "bundled-13", "shown": ("detail", "edit form", "cart"),
                 "hidden": ("browse", "staff board", "another shopper")},
}


@pytest.mark.parametrize("path", EDIT_PATHS)
def test_edited_title_description_and_steps_are_escaped_everywhere(edit_shop, path):
    browser = Browser(edit_shop.port)
    staff = staff_browser(edit_shop.port)
    other = Browser(edit_shop.port)
    recipe, shown_on, hidden_on = (EDIT_PATHS[path][key] for key in ("recipe", "shown", "hidden"))
    editor = staff if path == "shop" else browser
    token = browser.csrf()
    added = browser.step(recipe, "inc", token)  # so it shows in the cart and on the staff board
    assert added.status == 303
    shown = 0
    for payload in XSS:
        title = ("T " + payload)[:120]
        reply = save_edit(editor, recipe, title, "D " + payload, ["S1 " + payload, "S2 " + payload])
        assert reply.status == 303, f"{path}: saving {payload!r}: {reply.status} {reply.text[:300]}"
        pages = {
            # The editor's first page after the save also carries the status message naming the title.
            "edit form": editor.get(f"/recipes/{recipe}/edit").text,
            "detail": browser.get(f"/recipes/{recipe}").text,
            "browse": browser.get("/?page=1").text + browser.get("/?group=time").text,
            "cart": browser.get("/cart").text,
            "staff board": staff.get("/staff").text,
            "another shopper": other.get(f"/recipes/{recipe}").text,
        }
        for where in shown_on:
            assert_escaped(pages[where], title, f"{path}: {where}, title {payload!r}", must_show=True)
            shown += 1
        for where in hidden_on:
            assert_escaped(pages[where], title, f"{path}: {where}, title {payload!r}", must_show=False)
            assert title not in html.unescape(pages[where]), f"{path}: a shopper's version reached the {where}"
        for where in ("detail", "edit form"):
            assert_escaped(pages[where], "D " + payload, f"{path}: {where}, description {payload!r}")
            assert_escaped(pages[where], "S1 " + payload, f"{path}: {where}, step {payload!r}")
        # An edit that fails validation re-renders what was typed: escaped too.
        reply = save_edit(editor, recipe, "", "D2 " + payload, ["S3 " + payload])
        assert reply.status == 422
        assert_escaped(reply.text, "D2 " + payload, f"{path}: 422 re-render {payload!r}")
        assert_escaped(reply.text, "S3 " + payload, f"{path}: 422 re-render {payload!r}")
    reverted = editor.post_form(f"/recipes/{recipe}/revert", {"_csrf": editor.csrf(f"/recipes/{recipe}")})
    assert reverted.status == 303
    # The revert's status message (title and Undo form) is escaped as well.
    assert_escaped(editor.get(f"/recipes/{recipe}").text, title, f"{path}: status after revert", must_show=True)
    record_stat("security.xss_payloads", shown)


# ---------------------------------------------------------------- open redirect


REDIRECTS = [
    f"http://{EVIL}/", f"https://{EVIL}", f"//{EVIL}", f"///{EVIL}", f"/\\{EVIL}", f"\\\\{EVIL}", f"\\/{EVIL}",
    f"/%2F{EVIL}", f"%2F%2F{EVIL}", f"/%5C{EVIL}", f"http:{EVIL}", f"https:/{EVIL}", f"javascript:alert(1)",
    f"data:text/html,<script>alert(1)</script>", f" //{EVIL}", f"\t//{EVIL}", f"/\t/{EVIL}", f"/\n/{EVIL}",
    "/cart\r\nSet-Cookie: injected=1", "/cart\nLocation: http://evil.example", "/cart%0d%0aSet-Cookie:%20injected=1",
    f"//{EVIL}@{HOST}", f"/.//{EVIL}", f"/./\\{EVIL}", f"〱{EVIL}", f"/\u3002{EVIL}", f"／／{EVIL}", "/" + "a" * 600,
    f"HTTP://{EVIL}", f"//{EVIL}%2F..",
]


def assert_on_site(reply: Reply, port: int, what: str) -> None:
    assert reply.status == 303, f"{what}: {reply.status}"
    location = reply.header("Location")
    assert location and "\r" not in location and "\n" not in location
    assert not any(value.startswith("injected=") for value in reply.all_headers("Set-Cookie")), f"{what}: header injection"
    base = f"http://{HOST}:{port}/cart"
    for candidate in (location, location.replace("\\", "/")):
        resolved = urllib.parse.urlsplit(urllib.parse.urljoin(base, candidate))
        assert resolved.scheme == "http" and resolved.netloc == f"{HOST}:{port}", f"{what}: Location {location!r} leaves the site"
    assert location.startswith("/") and not location.startswith("//") and not location.startswith("/\\"), \
        f"{what}: Location {location!r}"


def test_return_to_never_redirects_off_site(shop):
    browser = Browser(shop.port)
    token = browser.csrf()
    tried = 0
    for payload in REDIRECTS:
        # As a browser would send it (form-encoded), and raw in the body (already decoded once by the server).
        for raw in (False, True):
            body = f"_csrf={token}&op=inc&return_to={payload.replace('&', '%26').replace(' ', '+')}" if raw \
                else urllib.parse.urlencode({"_csrf": token, "op": "inc", "return_to": payload})
            reply = browser.request("POST", "/cart/items/bundled-1", body=body.encode("utf-8"),
                                    headers={"Content-Type": "application/x-www-form-urlencoded"})
            if reply.status == 400:
                continue  # a raw body that is not a valid form (e.g. a bare %) is refused outright
            assert_on_site(reply, shop.port, f"return_to {payload!r}")
            token = browser.token_after(reply, token)
            tried += 1
        reply = browser.post_form("/cart/clear", {"_csrf": token, "return_to": payload})
        assert_on_site(reply, shop.port, f"clear return_to {payload!r}")
        readd = browser.step("bundled-1", "inc", token)
        assert readd.status == 303
        token = browser.token_after(readd, token)
        reply = browser.post_form("/cart/items/bundled-1/cooking", {"_csrf": token, "op": "start", "minutes": "5",
                                                                   "return_to": payload})
        assert_on_site(reply, shop.port, f"cooking return_to {payload!r}")
        tried += 2
    print(f"\nopen redirect: {tried} posts, every Location stayed on {HOST}:{shop.port}")
    record_stat("security.redirect_payloads", tried)


# ---------------------------------------------------------------- staff pages


def test_staff_pages_refuse_shopper_cookies(shop):
    shopper = Browser(shop.port)
    assert shopper.step("bundled-12", "set", shopper.csrf(), quantity=7).status == 303
    staff = staff_browser(shop.port)
    board = staff.get("/staff").text
    labels = re.findall(r'data-cart-label="([^"]+)"', board)
    assert labels, "the staff board shows no cart to test with"
    forged_staff = ["", "x", shopper.cookies["rc_session"], staff.cookies["rc_staff"][:-2] + "xx",
                    staff.cookies["rc_staff"].split(".")[0], "0." + staff.cookies["rc_staff"].split(".", 1)[-1]]
    for path in ["/staff", f"/staff/carts/{labels[0]}", "/staff/carts/unknown"]:
        for method in ("GET", "HEAD"):
            reply = shopper.request(method, path)
            assert reply.status == 401, f"{method} {path} with a shopper cookie: {reply.status}"
            assert "data-cart-label" not in reply.text and "bundled-12" not in reply.text
        for value in forged_staff:
            intruder = Browser(shop.port)
            intruder.cookies = dict(shopper.cookies, rc_staff=value)
            reply = intruder.get(path)
            assert reply.status == 401, f"{path} with rc_staff={value!r}: {reply.status}"
            assert "data-cart-label" not in reply.text
    assert staff.get(f"/staff/carts/{labels[0]}").status == 200


# ---------------------------------------------------------------- error pages


LEAKS = [r"/work/", r"/tmp/", r"/root", r"/home/", r"/usr/", r"\.swift\b", r"Sources/", r"Fatal error", r"Optional\(",
         r"\bAppError\b", r"\bDatabaseError\b", r"\bHTTPError\b", r"\bNIO\w*", r"\bGRDB\b", r"SQLite", r"Hummingbird",
         r"\bSwift\b", r"Error Domain", r"\bat line \d+", r"\b[A-Z][a-zA-Z]+\.[a-z][a-zA-Z]+\(", r"Thread \d+",
         r"0x[0-9a-f]{8,}", r"\bstack\b", r"Traceback", r"\bRecipeID\b", r"\bCartChange\b", r"\bdecod(ing|e)Error"]


def test_error_pages_show_no_stack_traces_paths_or_type_names(shop):
    browser = Browser(shop.port)
    token = browser.csrf()
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    cases = [
        ("GET", "/no/such/page", None, {}, 404),
        ("GET", "/recipes/bundled-999", None, {}, 404),
        ("GET", "/recipes/%00%ff", None, {}, None),
        ("GET", "/recipes/bundled-1?servings=abc", None, {}, None),
        ("GET", "/recipes/bundled-1?servings=99999999999999999999999", None, {}, None),
        ("GET", "/static/nope.css", None, {}, 404),
        ("GET", "/static/../Package.swift", None, {}, None),
        ("PUT", "/cart", b"", {}, 405),
        ("DELETE", "/cart/items/bundled-1", None, {}, 405),
        ("POST", "/cart/items/bundled-1", f"_csrf={token}&op=set&quantity=abc".encode(), form, 400),
        ("POST", "/cart/items/bundled-1", f"_csrf={token}&op=set&quantity=100".encode(), form, 422),
        ("POST", "/cart/items/bundled-1", f"_csrf={token}&op=explode".encode(), form, 400),
        ("POST", "/cart/items/bundled-999", f"_csrf={token}&op=inc".encode(), form, 404),
        ("POST", "/cart/items/bundled-1", f"_csrf={token}&op=inc&x=%zz".encode(), form, 400),
        ("POST", "/cart/items/bundled-1", b'{"op":"inc"}', {"Content-Type": "application/json"}, 400),
        ("POST", "/cart/items/bundled-1", b"op=inc", form, 403),
        ("POST", "/cart/items/bundled-1", b"x" * 70_000, form, 413),
        ("POST", "/cart/items/bundled-1/cooking", f"_csrf={token}&op=start&minutes=-5".encode(), form, None),
        ("POST", "/recipes/bundled-1/edit", b"garbage", {"Content-Type": "multipart/form-data; boundary=zz"}, (400, 403)),
        ("POST", "/recipes/bundled-1/edit", b"garbage", {"Content-Type": "multipart/form-data"}, 400),
        ("GET", "/staff", None, {}, 401),
        ("GET", "/staff/carts/" + "x" * 300, None, {}, 401),
    ]
    for method, path, body, headers, expected in cases:
        reply = browser.request(method, path, body=body, headers=headers)
        assert reply.status < 500, f"{method} {path}: {reply.status}"
        if expected:
            assert reply.status in (expected if isinstance(expected, tuple) else (expected,)), \
                f"{method} {path}: {reply.status}, expected {expected}"
        if reply.status == 405:
            assert reply.header("Allow"), f"{method} {path}: 405 without Allow"
        for pattern in LEAKS:
            match = re.search(pattern, reply.text)
            assert not match, f"{method} {path} ({reply.status}) shows {match.group(0)!r}"
        if reply.status >= 400:
            assert "text/html" in (reply.header("Content-Type") or ""), f"{method} {path}: not an HTML error page"


# ---------------------------------------------------------------- headers everywhere


def test_security_headers_on_pages_errors_static_files_and_odd_answers(shop):
    browser = Browser(shop.port)
    token = browser.csrf()
    css = browser.get("/static/app.css")
    etag = css.header("ETag")
    requests = [
        ("GET", "/", {}), ("HEAD", "/", {}), ("GET", "/healthz", {}), ("GET", "/cart", {}), ("GET", "/static/app.css", {}),
        ("GET", "/static/app.js", {}), ("GET", "/static/icon.svg", {}), ("HEAD", "/static/app.css", {}),
        ("GET", "/static/app.css", {"If-None-Match": etag or "*"}), ("GET", "/static/app.css", {"Range": "bytes=0-9"}),
        ("GET", "/static/app.css", {"Range": "bytes=999999-"}), ("GET", "/static/app.css", {"Accept-Encoding": "gzip"}),
        ("GET", "/images/bundled/bundled-1.svg", {}), ("GET", "/images/bundled/none.svg", {}),
        ("GET", "/static/.", {}), ("OPTIONS", "/", {}), ("PATCH", "/cart", {}), ("GET", "/staff/login", {}),
        ("GET", "/staff", {}), ("GET", "/recipes/bundled-1/edit", {}), ("GET", "/nowhere", {}),
    ]
    statuses = set()
    for method, path, headers in requests:
        reply = browser.request(method, path, headers=headers)  # Browser checks the headers
        statuses.add(reply.status)
    statuses.add(browser.step("bundled-1", "inc", token).status)
    statuses.add(browser.step("bundled-1", "inc", "bad").status)
    statuses.add(browser.post_form("/cart/items/bundled-1", {"_csrf": token, "pad": "x" * 70_000}).status)
    for reply in [raw_checked(shop.port, b"/static/../x"), raw_checked(shop.port, b"/%zz")]:
        statuses.add(reply.status)
    print(f"\nsecurity headers present on answers with status {sorted(statuses)}")
    assert {200, 206, 303, 304, 403, 404, 405, 413} <= statuses, statuses
