"""Priced orders under kill -9: an order takes its packs from the shelf in the transaction that places it, so after
the server is killed while many shoppers are sending, every order there is has its packs taken and no pack is taken
without an order, to the pack, for every counted product; and every shopper whose send got no answer still has the
cart, or else the order it became, never neither and never both."""

from __future__ import annotations

import http.client
import json
import random
import re
import subprocess
import threading

from rckit import POSTGRES, Client, Reply, join_all, parse_cart, record_stat, scaled, wait_until, web_binary

STAFF_TOKEN = "reliability-priced-orders-staff-token"
SENDERS = scaled("RC_PRICED_SENDERS", 60)
KILL_ROUNDS = scaled("RC_PRICED_KILL_ROUNDS", 2)
SEED = scaled("RC_SEED", 20261128)

# Molten chocolate lava cakes: a batch takes 100 g of butter (250 g packs) and 100 g of dark chocolate (100 g bars).
RECIPE = "bundled-2"
BUTTER, CHOCOLATE = "RC-BUTTER-250", "RC-CHOC-100"
# Enough for every round's sends: the shelf is never short, so every send that gets an answer is placed.
STOCK = {BUTTER: 1000, CHOCOLATE: 2000}
TILL_FILE = ("sku,name,price,pack_size,pack_unit,stock,aisle,gtin,sold_by_weight\n"
             f"{BUTTER},Shop butter 250 g,2.49,250,g,{STOCK[BUTTER]},dairy-eggs,,false\n"
             f"{CHOCOLATE},Shop dark chocolate 100 g,1.49,100,g,{STOCK[CHOCOLATE]},pantry,,false\n")
MATCHES = {"butter": BUTTER, "dark chocolate": CHOCOLATE}

ORDER_LOCATION_RE = re.compile(r"^/orders/([A-Z0-9]+)$")
CART_ORDER_RE = re.compile(r'<li data-order-code="([^"]+)" data-order-status="([^"]+)">')
STAFF_STOCK_RE = re.compile(r'<tr data-sku="([^"]+)"[^>]*\sdata-stock="([^"]*)"')


def packs_for(batches: int) -> dict[str, int]:
    """What `batches` of lava cakes take from the shelf: whole packs of butter, a bar of chocolate a batch."""
    return {BUTTER: (100 * batches + 249) // 250, CHOCOLATE: batches}


def import_till_file(server, workdir) -> None:
    """`web products import`, as the shop's owner runs it before opening: the shop's own shelf, no demo products."""
    path = workdir / "till.csv"
    path.write_text(TILL_FILE)
    server.data_dir.mkdir(parents=True, exist_ok=True)
    command = [str(web_binary()), "products", "import", "--data-dir", str(server.data_dir), "--file", str(path)]
    if POSTGRES:
        command += ["--database-url", server.database_url]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, f"web products import failed: {result.stdout}{result.stderr}"


def staff_client(port: int) -> Client:
    staff = Client(port)
    reply = staff.post_form("/staff/login", {"_csrf": staff.csrf("/staff/login"), "token": STAFF_TOKEN})
    assert reply.status == 303 and "rc_staff" in staff.cookies, f"staff sign-in answered {reply.status}"
    return staff


def match_ingredients(staff: Client) -> None:
    token = staff.csrf("/staff/products")
    for ingredient, sku in MATCHES.items():
        reply = staff.post_form("/staff/products/matches", {"_csrf": token, "ingredient": ingredient, "sku": sku})
        assert reply.status == 303, f"matching {ingredient} answered {reply.status}: {reply.text[:300]!r}"


def shelf(staff: Client) -> dict[str, int]:
    """Each counted product's stock, as the staff products page shows it."""
    reply = staff.get("/staff/products")
    assert reply.status == 200, f"/staff/products answered {reply.status}"
    return {sku: int(stock) for sku, stock in STAFF_STOCK_RE.findall(reply.text) if stock.isdigit()}


def stored_orders(server) -> dict[str, tuple[str, dict[str, int], dict[str, int]]]:
    """Every order in the database: {code: (status, {recipe: batches}, {sku: packs taken from stock})}."""
    found = {}
    for code, status, content in server.sql("SELECT code, status, content_json FROM orders"):
        content = json.loads(content)
        taken: dict[str, int] = {}
        for line in (content.get("pricing") or {}).get("lines", []):
            taken[line["sku"]] = taken.get(line["sku"], 0) + line["stockTaken"]
        found[code] = (status, {line["recipeID"]: line["quantity"] for line in content["lines"]}, taken)
    return found


class Sender:
    """One shopper with lava cakes in the cart who presses "Send to the shop" once."""

    def __init__(self, port: int, batches: int):
        self.client = Client(port)
        self.batches = batches
        self.token = ""
        self.outcome = ""  # placed, unsent (the connection was refused), lost (no answer), or "HTTP n: …"
        self.code = ""

    def fill(self) -> None:
        token = self.client.csrf()
        reply = self.client.step(RECIPE, "set", token, quantity=self.batches, return_to="/cart")
        assert reply.status == 303, f"set {RECIPE} {self.batches}: {reply.status}"
        self.token = self.client.token_after(reply, token)
        page = self.client.get("/cart").text
        assert parse_cart(page) == {RECIPE: self.batches}
        for sku in (BUTTER, CHOCOLATE):
            assert f'data-sku="{sku}"' in page, f"the cart page does not price its list at {sku}"

    def send(self) -> None:
        try:
            reply: Reply = self.client.post_form("/cart/order", {"_csrf": self.token, "note": "kill -9 round"})
        except ConnectionRefusedError:
            self.outcome = "unsent"
            return
        except (OSError, http.client.HTTPException):
            self.outcome = "lost"
            return
        match = ORDER_LOCATION_RE.match(reply.header("Location") or "")
        if reply.status == 303 and match:
            self.outcome, self.code = "placed", match.group(1)
        else:
            self.outcome = f"HTTP {reply.status}: {reply.text[:200]!r}"


def send_and_kill(server, senders: list[Sender]) -> None:
    """Every sender presses at once; the server is killed once a quarter of them have their answer."""
    barrier = threading.Barrier(len(senders))

    def press(sender: Sender) -> None:
        barrier.wait(timeout=30)
        sender.send()

    threads = [threading.Thread(target=press, args=(sender,), daemon=True) for sender in senders]
    for thread in threads:
        thread.start()
    answered = wait_until(lambda: sum(1 for sender in senders if sender.outcome) >= len(senders) // 4, timeout=60,
                          interval=0.005)
    assert answered, "a quarter of the sends got no answer within 60 s"
    server.kill9()
    join_all(threads, timeout=60)


def test_kill_9_while_orders_are_placed_loses_and_doubles_no_pack(servers, workdir):
    rng = random.Random(SEED)
    server = servers(start=False, staff_token=STAFF_TOKEN)
    import_till_file(server, workdir)
    server.start()
    port = server.port
    staff = staff_client(port)
    match_ingredients(staff)
    assert shelf(staff) == STOCK

    everyone: list[Sender] = []
    for round_number in range(KILL_ROUNDS):
        senders = [Sender(port, rng.randint(1, 3)) for _ in range(SENDERS)]
        for sender in senders:
            sender.fill()
        orders_before = set(stored_orders(server))
        send_and_kill(server, senders)
        everyone += senders
        odd = [sender.outcome for sender in senders if sender.outcome not in ("placed", "lost", "unsent")]
        assert not odd, f"round {round_number}: sends answered otherwise than placed: {odd[:5]}"
        unanswered = [sender for sender in senders if sender.outcome != "placed"]
        assert unanswered, f"round {round_number}: every send was answered before the kill; nothing was tested"

        server = servers(server.data_dir, port=port, staff_token=STAFF_TOKEN)
        staff.close()
        orders = stored_orders(server)

        # Every order holds its packs, and the shelf lost exactly those packs: none without an order, none twice.
        for code, (status, lines, taken) in orders.items():
            assert status == "new", f"order {code} is {status}"
            assert taken == packs_for(lines[RECIPE]), f"order {code} of {lines} took {taken}"
        sold = {sku: sum(taken.get(sku, 0) for _, _, taken in orders.values()) for sku in STOCK}
        expected = {sku: STOCK[sku] - sold[sku] for sku in STOCK}
        assert shelf(staff) == expected, f"round {round_number}: the shelf does not match the orders placed"
        for sku, stock in expected.items():
            assert server.sql_value(f"SELECT stock FROM products WHERE sku = '{sku}'") == str(stock)

        # Each shopper has the cart or the order it became, never neither, never both.
        new_orders = set(orders) - orders_before
        owned: set[str] = set()
        for sender in senders:
            sender.client.close()
            page = sender.client.get("/cart").text
            cart, listed = parse_cart(page), dict(CART_ORDER_RE.findall(page))
            if sender.outcome == "placed":
                assert cart == {} and listed == {sender.code: "new"}, f"placed {sender.code}: {cart} {listed}"
            else:
                assert (cart, listed) == ({RECIPE: sender.batches}, {}) or (cart == {} and len(listed) == 1), \
                    f"a send without an answer left the cart {cart} and the orders {listed}"
            for code in listed:
                assert code in new_orders, f"the cart page lists {code}, which is not in the database"
                assert orders[code][1] == {RECIPE: sender.batches}, f"order {code} is not the cart that was sent"
            owned |= set(listed)
        assert owned == new_orders, f"orders no shopper has: {new_orders - owned}"
        record_stat("priced_orders.kill9_rounds", 1)
        record_stat("priced_orders.unanswered_sends", len(unanswered))

    # A shopper whose cart was kept sends it now, and its packs leave the shelf.
    kept = next((sender for sender in everyone if sender.client.cart() == {RECIPE: sender.batches}), None)
    if kept is not None:
        before = shelf(staff)
        kept.token = kept.client.csrf()
        kept.send()
        assert kept.outcome == "placed", kept.outcome
        assert shelf(staff) == {sku: before[sku] - packs for sku, packs in packs_for(kept.batches).items()}
    log = server.log_text()
    assert "request failed" not in log and not server.error_lines(), server.log_tail(40)
    assert server.stop() == 0
    assert server.integrity() == "ok"
