"""An edit made by staff on one instance (title, description, steps and an uploaded picture) shows on the other
instances' detail page, browse page and search within 1 s, though each had those pages cached before."""

from __future__ import annotations

import html
import re
import secrets
import struct
import threading
import time
import zlib

from mikit import MultiClient, multipart, sign_in_staff
from rckit import Client

RECIPE = "bundled-1"
WINDOW = 1.0  # seconds from the 303 of the save


def png(width: int = 16, height: int = 16, seed: int = 0) -> bytes:
    """A small real PNG, different for every seed."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes((x * 13 + y * 7 + seed) % 256 for x in range(width * 3)) for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def form_value(page: str, name: str) -> str:
    match = re.search(rf'<input type="hidden" name="{name}" value="([^"]*)"', page)
    assert match, f"the edit form has no {name} field"
    return html.unescape(match.group(1))


def test_an_edit_with_a_picture_on_one_instance_shows_on_all_within_a_second(shop):
    word = "zephyr" + secrets.token_hex(3)  # a word no recipe has: search finds the edit or nothing
    title = f"Harbour Lemon Cake {word}"
    description = f"Edited on instance 1 for the multi-instance test ({word})."
    steps = ["Whisk the eggs with the sugar.", f"Fold in the lemon {word}.", "Bake for 40 minutes."]
    picture = png(seed=len(word))
    others = [server.port for server in shop.instances[1:]] + [shop.nginx.port]

    # Every instance has the pages cached (seen by a shopper) before the edit.
    for port in shop.ports:
        visitor = Client(port)
        for path in (f"/recipes/{RECIPE}", "/", f"/?q={word}"):
            assert visitor.get(path).status == 200
        assert title not in visitor.get(f"/recipes/{RECIPE}").text
        assert f'data-recipe-id="{RECIPE}"' not in visitor.get(f"/?q={word}").text

    staff = MultiClient(shop.ports)
    editor = staff.on(shop.instances[0].port)
    sign_in_staff(editor)
    form = editor.get(f"/recipes/{RECIPE}/edit")
    assert form.status == 200
    assert form_value(form.text, "copy") == "shop", "signed-in staff should edit the shop's copy"
    fields = [("_csrf", form_value(form.text, "_csrf")), ("version", form_value(form.text, "version")),
              ("copy", "shop"), ("title", title), ("description", description)]
    fields += [("step", step) for step in steps] + [("action-save", "")]
    body, content_type = multipart(fields, [("picture", "cake.png", "image/png", picture)])
    saved = editor.request("POST", f"/recipes/{RECIPE}/edit", body=body, headers={"Content-Type": content_type})
    acknowledged = time.monotonic()
    assert saved.status == 303, f"the edit answered {saved.status}: {saved.text[:400]!r}"

    def detail_ok(port: int) -> bool:
        page = Client(port).get(f"/recipes/{RECIPE}", cookies=False).text
        return (html.escape(title) in page and html.escape(description) in page
                and all(html.escape(step) in page for step in steps) and "/images/uploads/" in page)

    def browse_ok(port: int) -> bool:
        page = Client(port).get("/", cookies=False).text
        tile = re.search(rf'<li class="tile" data-recipe-id="{RECIPE}"[^>]*>(.*?)</li>', page, re.S)
        return bool(tile) and html.escape(title) in tile.group(1)

    def search_ok(port: int) -> bool:
        return f'data-recipe-id="{RECIPE}"' in Client(port).get(f"/?q={word}", cookies=False).text

    # One poller a (port, page), all at once, so a slow answer from one never delays looking at another.
    seen: dict[tuple[int, str], float] = {}

    def poll(port: int, check) -> None:
        while (asked := time.monotonic()) - acknowledged <= WINDOW:
            if check(port):  # counted from when the request went out
                seen[(port, check.__name__)] = asked - acknowledged
                return
            time.sleep(0.02)

    pollers = [threading.Thread(target=poll, args=(port, check))
               for port in others for check in (detail_ok, browse_ok, search_ok)]
    for thread in pollers:
        thread.start()
    for thread in pollers:
        thread.join(WINDOW + 30)
    late = sorted({(port, check.__name__) for port in others for check in (detail_ok, browse_ok, search_ok)} - set(seen))
    assert not late, f"{WINDOW} s after the 303 the edit was still not shown by (port, page): {late}"
    seen_after = max(seen.values())

    # The uploaded picture is served by every instance, byte for byte.
    page = Client(shop.instances[2].port).get(f"/recipes/{RECIPE}").text
    match = re.search(r'src="(/images/uploads/[^"]+)"', page)
    assert match, "the detail page has no uploaded picture"
    for port in shop.ports:
        reply = Client(port).get(match.group(1))
        assert reply.status == 200, f"{match.group(1)} on port {port}: {reply.status}"
        assert reply.body == picture, f"{match.group(1)} on port {port} is not the uploaded picture"
    print(f"\nthe edit showed on every other instance's detail, browse and search pages {seen_after:.2f} s after its 303")
