"""/metrics counts every request, whichever way it was answered: on the event loop (kept pages, static files) or by
the router (a first visit, a post), so serving metrics no longer turns the event-loop answers off."""

from __future__ import annotations

import re
import urllib.request

from rckit import Client, free_port

# Label values hold braces themselves (http_route="/recipes/{id}").
SAMPLE = re.compile(r'^hb_requests\{((?:[^"}]|"(?:[^"\\]|\\.)*")*)\} (\S+)$', re.M)


def requests_by_route(metrics_port: int) -> dict[tuple[str, str, str], float]:
    with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=10) as response:
        text = response.read().decode()
    counts = {}
    for labels, value in SAMPLE.findall(text):
        found = dict(re.findall(r'([a-z_.]+)="((?:[^"\\]|\\.)*)"', labels))
        key = (found.get("http_route", ""), found.get("http_request_method", ""), found.get("http_response_status_code", ""))
        counts[key] = counts.get(key, 0) + float(value)
    return counts


def grown(before, after):
    return {key: after[key] - before.get(key, 0) for key in after if after[key] != before.get(key, 0)}


def test_every_request_is_counted_once_on_either_path(servers):
    metrics_port = free_port()
    server = servers(args=["--metrics-port", str(metrics_port)])
    shopper = Client(server.port)
    token = shopper.csrf("/recipes/bundled-1")  # a first visit: the router, which starts the session
    # The cart's first line moves the session to a fresh id, and its token with it.
    token = shopper.token_after(shopper.step("bundled-2", "inc", token), token)
    stylesheet = re.search(r'href="(/static/app\.[0-9a-f]+\.css)"', shopper.get("/").text).group(1)
    before = requests_by_route(metrics_port)

    for _ in range(20):
        assert shopper.get("/").status == 200
        assert shopper.get("/recipes/bundled-1").status == 200
        assert shopper.get(stylesheet).status == 200
    for _ in range(5):
        assert shopper.step("bundled-2", "inc", token).status == 303

    counted = grown(before, requests_by_route(metrics_port))
    assert counted == {
        ("/", "GET", "200"): 20,
        ("/recipes/{id}", "GET", "200"): 20,
        ("/static/{file}", "GET", "200"): 20,
        ("/cart/items/{id}", "POST", "303"): 5,
    }, counted
    # And the stylesheet was answered on the event loop, metrics and all (on either database; which pages are answered
    # from memory depends on the database): its log lines come from below the router, each with its request id.
    lines = server.log_text().splitlines()
    on_the_loop = [line for line in lines if f"path={stylesheet} " in line and line.endswith("[RecipeCartWire] Request")]
    assert all("hb.request.id=" in line for line in on_the_loop), "a line answered on the event loop has no request id"
    assert len(on_the_loop) >= 15, f"{len(on_the_loop)} of the stylesheet's answers came from the event loop"
