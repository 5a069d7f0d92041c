"""Shared upstream work and per-instance metrics: three instances in front of one stand-in TheMealDB download
each picture once between them; every instance reports its own requests on its --metrics-port."""

from __future__ import annotations

import re
import threading
import time

import pytest

from mikit import MultiClient, request_counters
from rckit import Client, get_status
from standin_upstream import MEAL_IDS, PNG, SEARCH_WORD, StandIn

PICTURE_DELAY = 0.5  # the stand-in is slow with pictures: all three instances want one while it downloads
CACHE_SRC_RE = re.compile(r'src="(/images/cache/[^"]+)"')


class SlowPictures(StandIn):
    def answer(self, path: str):
        if path.startswith("/images/"):
            time.sleep(PICTURE_DELAY)
        return super().answer(path)


@pytest.fixture
def standin():
    server = SlowPictures().start()
    yield server
    server.stop()


def picture_path(meal_id: str) -> str:
    return f"/images/media/meals/rc-{meal_id.removeprefix('mealdb-')}.png"


def test_one_upstream_picture_is_downloaded_once_for_three_instances(shops, standin):
    shop = shops(["--source", "themealdb", "--upstream-url", standin.base_url, "--upstream-timeout", "5s"])
    recipe = MEAL_IDS[0]
    start = threading.Barrier(len(shop.instances))
    answers: dict[int, list[int]] = {}

    def want(port: int) -> None:
        client = Client(port, timeout=30)
        start.wait()
        answers[port] = [client.get(f"/?q={SEARCH_WORD}").status, client.get(f"/recipes/{recipe}").status]

    threads = [threading.Thread(target=want, args=(server.port,)) for server in shop.instances]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert all(answers.get(server.port) == [200, 200] for server in shop.instances), answers

    # Each instance ends up showing and serving the stored picture (fetched in the background).
    sources = {}
    for server in shop.instances:
        client = Client(server.port)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            match = CACHE_SRC_RE.search(client.get(f"/recipes/{recipe}").text)
            if match:
                sources[server.port] = match.group(1)
                break
            time.sleep(0.2)
        assert server.port in sources, f"instance {server.port} never showed the stored picture of {recipe}"
        reply = client.get(sources[server.port])
        assert reply.status == 200, f"{sources[server.port]} on {server.port}: {reply.status}"
        assert reply.body == PNG, f"{sources[server.port]} on {server.port} is not the upstream picture"

    with standin.lock:
        calls = [path for _, path in standin.calls]
    picture_calls = {path: calls.count(path) for path in set(calls) if path.startswith("/images/")}
    assert picture_calls.get(picture_path(recipe)) == 1, (
        f"the picture of {recipe} was downloaded {picture_calls.get(picture_path(recipe), 0)} times: {picture_calls}")
    twice = {path: n for path, n in picture_calls.items() if n > 1}
    assert not twice, f"pictures downloaded more than once by the three instances: {twice}"
    print(f"\nstand-in calls: {len(calls)} in all; pictures: {picture_calls}")


def metrics(port: int) -> tuple[int, str, str]:
    client = Client(port)
    reply = client.get("/metrics")
    return reply.status, reply.header("Content-Type") or "", reply.text


def request_total(text: str) -> float:
    counters = request_counters(text)
    assert counters, f"no request counter in /metrics:\n{text[:1500]}"
    return sum(counters.values())


def test_each_instance_reports_its_own_requests_on_its_metrics_port(shop):
    first, second = shop.instances[0], shop.instances[1]
    before = {}
    for server, port in zip(shop.instances, shop.metrics_ports):
        status, content_type, text = metrics(port)
        assert status == 200, f"/metrics on {port}: {status}"
        assert content_type.startswith("text/plain"), f"/metrics on {port} is {content_type!r}"
        before[server.port] = request_total(text)
        # Shoppers cannot read it on the shop's own port.
        assert get_status(server.port, "/metrics") in (401, 403, 404)

    browser = MultiClient([first.port])
    for path in ("/", "/recipes/bundled-1", "/cart", "/recipes/bundled-2", "/?q=lemon") * 2:
        assert browser.on(first.port).get(path).status == 200
    token = browser.on(first.port).csrf()
    assert browser.on(first.port).step("bundled-1", "inc", token).status == 303

    after = {server.port: request_total(metrics(port)[2]) for server, port in zip(shop.instances, shop.metrics_ports)}
    assert after[first.port] >= before[first.port] + 11, (before, after)
    # The others counted none of those.
    assert after[second.port] - before[second.port] < 11, (before, after)
    status, _, text = metrics(shop.metrics_ports[0])
    assert re.search(r"^recipecart_cart_posts_total(\{[^}]*\})? [1-9]", text, re.M), "no cart post counted"
    # An order sent counts once, with its estimated value in minor units (the bundled recipe is priced on the demo
    # shelf).
    assert browser.on(first.port).get("/cart").status == 200
    sent = browser.on(first.port).post_form("/cart/order", {"_csrf": browser.on(first.port).csrf()})
    assert sent.status == 303, f"sending the order: {sent.status}"
    text = metrics(shop.metrics_ports[0])[2]
    assert re.search(r"^recipecart_orders_placed_total(\{[^}]*\})? 1$", text, re.M), "the order was not counted"
    value = re.search(r"^recipecart_orders_placed_value_minor_total(?:\{[^}]*\})? (\d+)$", text, re.M)
    assert value and int(value.group(1)) > 0, "the order's value was not counted"
