"""Upstream faults under load: with the app in front of a stand-in TheMealDB (`--source themealdb
--upstream-url … --upstream-timeout 1`), warm the cache with one search (or a cuisine and a main ingredient,
listed through filter.php?a= and ?i=), then make the stand-in answer 500s, hang past the timeout, close the
connection in the middle of the body, or send HTML instead of JSON. The cached pages keep answering 200,
concurrently, with a notice that they are saved copies; nothing is a 5xx except the one page the app documents as
a 503 (a recipe never saved that cannot be fetched now)."""

from __future__ import annotations

import re
import subprocess
import threading
import time

import pytest

from rckit import Client, record_stat, scaled, web_binary
from standin_upstream import MEAL_IDS, SEARCH_WORD, StandIn

TIMEOUT = 1.0
CACHE_TTL = 1.0
THREADS = scaled("RC_UPSTREAM_THREADS", 12)
ROUNDS = scaled("RC_UPSTREAM_ROUNDS", 6)
NOTICE = "Showing saved recipes"
ID_RE = re.compile(r'data-recipe-id="(mealdb-\d+)"')


@pytest.fixture(scope="module")
def upstream_ready():
    help_text = subprocess.run([str(web_binary()), "serve", "--help"], capture_output=True, text=True, timeout=30).stdout
    if "--source" not in help_text or "--upstream-url" not in help_text:
        pytest.fail("`web serve --help` has no --source/--upstream-url: the upstream part of the app is not there")


@pytest.fixture
def standin():
    server = StandIn(hang_seconds=3.0).start()
    yield server
    server.stop()


def app_args(standin: StandIn) -> list[str]:
    return ["--source", "themealdb", "--upstream-url", standin.base_url, "--upstream-timeout", f"{TIMEOUT:g}s",
            "--cache-ttl", f"{CACHE_TTL:g}s"]


def warm(client: Client) -> list[str]:
    """One search fills the cache; each recipe page is opened once; the pictures are downloaded."""
    page = client.get(f"/?q={SEARCH_WORD}")
    assert page.status == 200
    found = sorted(set(ID_RE.findall(page.text)))
    assert found == sorted(MEAL_IDS), f"the warm-up search found {found}"
    assert NOTICE not in page.text
    images = set()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        images = set()
        for recipe in MEAL_IDS:
            detail = client.get(f"/recipes/{recipe}")
            assert detail.status == 200
            images |= set(re.findall(r'src="(/images/cache/[^"]+)"', detail.text))
        if len(images) == len(MEAL_IDS):
            break
        time.sleep(0.3)  # pictures are fetched in the background
    return sorted(images)


def hammer(port: int, paths_for, expected: dict[str, set[str]]) -> tuple[list[str], dict[str, int], float]:
    """THREADS shoppers at once, each opening `paths_for(shopper, round)` ROUNDS times; a Browse page named in
    `expected` must list exactly those upstream recipes."""
    problems: list[str] = []
    counts = {"pages": 0, "with notice": 0}
    slowest = [0.0]
    lock = threading.Lock()

    def shopper(index: int) -> None:
        client = Client(port, timeout=15)
        for round_number in range(ROUNDS):
            for path in paths_for(index, round_number):
                try:
                    reply = client.get(path)
                except Exception as error:  # noqa: BLE001 - any failure is reported below
                    with lock:
                        problems.append(f"{path}: {error!r}")
                    continue
                with lock:
                    counts["pages"] += 1
                    slowest[0] = max(slowest[0], reply.elapsed)
                    if reply.status != 200:
                        problems.append(f"{path}: {reply.status}")
                    elif path in expected:
                        found = set(ID_RE.findall(reply.text))
                        if found != expected[path]:
                            problems.append(f"{path}: found {sorted(found)}")
                    if NOTICE in reply.text:
                        counts["with notice"] += 1

    threads = [threading.Thread(target=shopper, args=(i,), daemon=True) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not any(t.is_alive() for t in threads), "shoppers hung"
    return problems, counts, slowest[0]


def hammer_through(fault: str, standin: StandIn, port: int, paths_for, expected: dict[str, set[str]]) -> tuple[dict[str, int], float]:
    """`hammer` while the stand-in answers with `fault`: every page answered in time, the fault met, the notice shown."""
    problems, counts, slowest = hammer(port, paths_for, expected)
    assert not problems, f"{fault}: {len(problems)} failures, e.g. {problems[:5]}"
    assert standin.calls_in(fault) >= 1, f"{fault}: the app never asked upstream, so the fault was not exercised"
    assert counts["with notice"] >= 1, f"{fault}: no page said it shows saved recipes"
    assert slowest < TIMEOUT + 4, f"{fault}: a page took {slowest:.1f} s"
    return counts, slowest


@pytest.mark.parametrize("fault", ["500", "hang", "close", "garbage"])
def test_cached_pages_keep_answering_200_while_upstream_fails(upstream_ready, standin, servers, workdir, fault):
    data = workdir / "data"
    app = servers(data, args=app_args(standin))
    client = Client(app.port)
    images = warm(client)
    assert standin.calls_in("ok") >= 1
    # Restart on the same data dir: the cache is in SQLite, and the app's in-memory backoff starts afresh, so this
    # fault is the first one it meets.
    assert app.stop() == 0
    app = servers(data, args=app_args(standin), port=app.port)

    standin.set_mode(fault)
    time.sleep(CACHE_TTL + 0.2)  # everything cached is now stale: every page wants to ask upstream first

    def paths_for(index: int, round_number: int) -> list[str]:
        paths = [f"/?q={SEARCH_WORD}", f"/recipes/{MEAL_IDS[(index + round_number) % len(MEAL_IDS)]}"]
        return paths + ([images[(index + round_number) % len(images)]] if images else [])

    counts, slowest = hammer_through(fault, standin, app.port, paths_for, {f"/?q={SEARCH_WORD}": set(MEAL_IDS)})

    # A search never made before still gets a page; a recipe never saved is the documented 503 page.
    fresh = Client(app.port)
    page = fresh.get("/?q=lentil")
    assert page.status == 200 and NOTICE in page.text
    unsaved = fresh.get("/recipes/mealdb-79999")
    assert unsaved.status == 503 and "Back in a moment" in unsaved.text
    # The cart keeps working while upstream is down.
    assert fresh.step(MEAL_IDS[0], "inc", fresh.csrf()).status == 303
    assert fresh.cart() == {MEAL_IDS[0]: 1}
    assert "request failed" not in app.log_text(), "a 500 was logged"

    # Upstream back: after the backoff the app would call again; a restart shows it at once.
    standin.set_mode("ok")
    assert app.stop() == 0
    app = servers(data, args=app_args(standin), port=app.port)
    page = Client(app.port).get(f"/?q={SEARCH_WORD}")
    assert page.status == 200 and NOTICE not in page.text
    print(f"\n{fault}: {counts['pages']} concurrent page loads, all 200 ({counts['with notice']} with the notice), "
          f"slowest {slowest:.2f} s, {standin.calls_in(fault)} upstream calls failed")
    record_stat("upstream.page_loads_during_faults", counts["pages"])
    record_stat("upstream.faults", 1)


# A cuisine and a main ingredient, and the stand-in's meals each lists: tiles without ingredients, so the rice bowl is
# found under rice only through the listing the app kept.
FILTERS = {"/?area=Turkish": {"mealdb-70001"}, "/?ingredient=rice": {"mealdb-70003"}}


@pytest.mark.parametrize("fault", ["500", "hang", "close", "garbage"])
def test_cuisine_and_ingredient_filters_keep_answering_while_upstream_fails(upstream_ready, standin, servers, workdir, fault):
    data = workdir / "data"
    app = servers(data, args=app_args(standin))
    client = Client(app.port)
    for path, expected in FILTERS.items():
        page = client.get(path)
        assert page.status == 200 and NOTICE not in page.text, path
        assert set(ID_RE.findall(page.text)) == expected, f"{path}: {sorted(set(ID_RE.findall(page.text)))}"
    # Turkish is saved nowhere here, so TheMealDB's list of cuisines is asked first.
    asked = [path for _, path in standin.calls if path.startswith("/api/")]
    assert asked == [
        "/api/json/v1/1/list.php?a=list", "/api/json/v1/1/filter.php?a=Turkish", "/api/json/v1/1/filter.php?i=rice",
    ], asked
    assert app.stop() == 0
    app = servers(data, args=app_args(standin), port=app.port)

    standin.set_mode(fault)
    time.sleep(CACHE_TTL + 0.2)  # both listings are stale: every page wants to ask upstream first
    counts, slowest = hammer_through(fault, standin, app.port, lambda index, round_number: list(FILTERS), FILTERS)

    # A cuisine nothing here has, which upstream cannot name now, is ignored: the whole catalog, not an error.
    fresh = Client(app.port)
    page = fresh.get("/?area=Peruvian")
    assert page.status == 200 and 'data-recipe-id="bundled-1"' in page.text
    assert "request failed" not in app.log_text(), "a 500 was logged"

    # Upstream back: a restart asks again at once, and the listings answer without the notice.
    standin.set_mode("ok")
    assert app.stop() == 0
    app = servers(data, args=app_args(standin), port=app.port)
    for path, expected in FILTERS.items():
        page = Client(app.port).get(path)
        assert page.status == 200 and NOTICE not in page.text and set(ID_RE.findall(page.text)) == expected, path
    print(f"\n{fault}: {counts['pages']} concurrent cuisine and ingredient pages, all 200 "
          f"({counts['with notice']} with the notice), slowest {slowest:.2f} s")
    record_stat("upstream.page_loads_during_faults", counts["pages"])
