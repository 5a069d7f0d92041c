#!/usr/bin/env python3
"""Shoppers ready to send an order, as shoppers are: COUNT of them each put one recipe in a cart and open the cart page
(its form's token, and with slots its choices). With --staff-token the shop's pickup slots are set first (every day
08:00–20:00, 30-minute slots, 500 orders each) and each shopper is given one of the open slots, spread over the next
seven days.

Writes a Lua file for Benchmarks/send-orders.lua: `shoppers = { {cookie=..., token=..., slot=...}, ... }`. wrk then
presses "Send to the shop" for each once, so the client's pace is C's, not Python's."""

from __future__ import annotations

import argparse
import http.client
import re
import threading
import urllib.parse

TOKEN_RE = re.compile(r'name="_csrf" value="([^"]+)"')
OPEN_SLOT_RE = re.compile(r'<option value="([^"]+)" data-slot-start="[^"]+">')
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


class Browser:
    """One shopper's cookies, sent over a keep-alive connection the caller gives (one a thread: 2,000 shoppers each
    holding a connection of their own would be closed as idle before their turn)."""

    def __init__(self, connection: http.client.HTTPConnection) -> None:
        self.connection = connection
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, form: dict[str, str] | None = None) -> tuple[int, str]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        text = response.read().decode()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        return response.status, text

    def token(self, path: str) -> tuple[str, str]:
        status, page = self.request("GET", path)
        assert status == 200, f"GET {path}: {status}"
        found = TOKEN_RE.search(page)
        assert found, f"no form on {path}"
        return found.group(1), page


def connect(port: int) -> http.client.HTTPConnection:
    return http.client.HTTPConnection("127.0.0.1", port, timeout=30)


def set_slots(port: int, staff_token: str) -> None:
    staff = Browser(connect(port))
    token, _ = staff.token("/staff/login")
    status, _ = staff.request("POST", "/staff/login", {"_csrf": token, "token": staff_token})
    assert status == 303, f"staff sign-in: {status}"
    token, _ = staff.token("/staff/slots")
    form = {"_csrf": token, "action": "save", "slot_minutes": "30", "capacity": "500", "cutoff_minutes": "0",
            "closed_days": ""}
    for day in DAYS:
        form |= {f"{day}_open": "1", f"{day}_opens": "08:00", f"{day}_closes": "20:00"}
    status, page = staff.request("POST", "/staff/slots", form)
    assert status == 303, f"saving the slots: {status} {page[:300]}"


def shopper_with_a_cart(connection: http.client.HTTPConnection) -> tuple[Browser, str, list[str]]:
    shopper = Browser(connection)
    token, _ = shopper.token("/recipes/bundled-1")
    status, _ = shopper.request("POST", "/cart/items/bundled-1", {"_csrf": token, "op": "inc"})
    assert status == 303, f"cart post: {status}"
    token, cart = shopper.token("/cart")
    return shopper, token, OPEN_SLOT_RE.findall(cart)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--staff-token")
    parser.add_argument("--out", required=True)
    arguments = parser.parse_args()
    if arguments.staff_token:
        set_slots(arguments.port, arguments.staff_token)
    shoppers: list[tuple[Browser, str, list[str]]] = []
    lock = threading.Lock()

    def prepare(count: int) -> None:
        connection = connect(arguments.port)
        made = [shopper_with_a_cart(connection) for _ in range(count)]
        connection.close()
        with lock:
            shoppers.extend(made)

    share, extra = divmod(arguments.count, arguments.threads)
    threads = [threading.Thread(target=prepare, args=(share + (i < extra),)) for i in range(arguments.threads)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(shoppers) == arguments.count, "a shopper could not be made ready"
    with open(arguments.out, "w") as out:
        out.write("shoppers = {\n")
        for index, (shopper, token, slots) in enumerate(shoppers):
            if arguments.staff_token:
                assert slots, "a cart page offered no slot"
            slot = urllib.parse.quote(slots[index % len(slots)], safe="") if slots else ""
            cookie = "; ".join(f"{k}={v}" for k, v in shopper.cookies.items())
            out.write(f'  {{ cookie = "{cookie}", token = "{urllib.parse.quote(token, safe="")}", slot = "{slot}" }},\n')
        out.write("}\n")


if __name__ == "__main__":
    main()
