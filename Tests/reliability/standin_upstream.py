"""A stand-in for TheMealDB on 127.0.0.1: a few meals of our own in TheMealDB's JSON shape (searches, lookups,
tiles by category, cuisine or ingredient, the cuisines' list), and a switch that makes every answer fail in one of
the ways a real API fails."""

from __future__ import annotations

import base64
import http.server
import json
import threading
import time
import urllib.parse

from rckit import HOST, free_port

# A 1×1 PNG: the picture of every meal.
PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")

MEALS = [
    ("70001", "Smoky Aubergine Stew", "Vegetarian", "Turkish",
     "Char the aubergines.\r\nSimmer with tomatoes and cumin for 20 minutes.\r\nFinish with parsley.",
     [("Aubergine", "2"), ("Chopped Tomatoes", "400g"), ("Cumin", "1 tsp"), ("Parsley", "1 handful")]),
    ("70002", "Aubergine Flatbreads", "Vegetarian", "Lebanese",
     "Bake the flatbreads.\r\nTop with roasted aubergine and yoghurt.",
     [("Flatbread", "4"), ("Aubergine", "1"), ("Greek Yogurt", "150g")]),
    ("70003", "Miso Aubergine Rice Bowl", "Vegetarian", "Japanese",
     "Roast the aubergine with miso.\r\nServe over rice with spring onions.",
     [("Aubergine", "2"), ("Miso", "2 tbs"), ("Rice", "200g"), ("Spring Onions", "2")]),
    ("70004", "Lemon Aubergine Pasta", "Pasta", "Italian",
     "Boil the pasta.\r\nToss with fried aubergine, lemon and basil.",
     [("Spaghetti", "300g"), ("Aubergine", "1"), ("Lemon", "1"), ("Basil", "1 bunch")]),
]
MEAL_IDS = [f"mealdb-{meal[0]}" for meal in MEALS]
SEARCH_WORD = "aubergine"
FAULTS = ("ok", "500", "hang", "close", "garbage")


def meal_json(meal, port: int) -> dict:
    meal_id, name, category, area, instructions, ingredients = meal
    record = {
        "idMeal": meal_id, "strMeal": name, "strDrinkAlternate": None, "strCategory": category, "strArea": area,
        "strInstructions": instructions, "strMealThumb": f"http://{HOST}:{port}/images/media/meals/rc-{meal_id}.png",
        "strTags": f"{category},Reliability", "strYoutube": "", "strSource": f"https://example.org/recipes/{meal_id}",
        "strImageSource": None, "strCreativeCommonsConfirmed": None, "dateModified": None,
    }
    for n in range(1, 21):
        name_, measure = ingredients[n - 1] if n <= len(ingredients) else ("", "")
        record[f"strIngredient{n}"] = name_
        record[f"strMeasure{n}"] = measure
    return record


class StandIn:
    """`mode` decides every answer: ok, 500, hang (longer than the app's timeout), close (headers promise a body,
    half of it comes, then the connection closes) or garbage (200 with HTML instead of JSON)."""

    def __init__(self, hang_seconds: float = 3.0):
        self.port = free_port()
        self.mode = "ok"
        self.hang_seconds = hang_seconds
        self.calls: list[tuple[str, str]] = []  # (mode, path)
        self.lock = threading.Lock()
        standin = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                with standin.lock:
                    mode = standin.mode
                    standin.calls.append((mode, self.path))
                status, content_type, body = standin.answer(self.path)
                if mode == "500":
                    status, content_type, body = 500, "text/html", b"<h1>Internal Server Error</h1>"
                elif mode == "garbage":
                    status, content_type, body = 200, "text/html", b"<html>Service temporarily unavailable</html>"
                elif mode == "hang":
                    time.sleep(standin.hang_seconds)  # bounded: past the app's 1 s timeout
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                if mode == "close":
                    self.send_header("Connection", "close")
                    self.end_headers()
                    self.wfile.write(body[: len(body) // 2])
                    self.wfile.flush()
                    self.close_connection = True
                    self.connection.shutdown(2)
                    return
                self.end_headers()
                self.wfile.write(body)

        self.server = http.server.ThreadingHTTPServer((HOST, self.port), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://{HOST}:{self.port}/api/json/v1/1/"

    def start(self) -> "StandIn":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def set_mode(self, mode: str) -> None:
        assert mode in FAULTS
        with self.lock:
            self.mode = mode

    def calls_in(self, mode: str) -> int:
        with self.lock:
            return sum(1 for m, _ in self.calls if m == mode)

    def answer(self, path: str) -> tuple[int, str, bytes]:
        url = urllib.parse.urlsplit(path)
        query = urllib.parse.parse_qs(url.query)
        if url.path.startswith("/images/"):
            return 200, "image/png", PNG
        endpoint = url.path.rsplit("/", 1)[-1]
        meals = None
        if endpoint == "search.php":
            text = (query.get("s") or query.get("f") or [""])[0].lower()
            found = [meal_json(m, self.port) for m in MEALS if text and (text in m[1].lower() or m[1].lower().startswith(text))]
            meals = found or None
        elif endpoint == "lookup.php":
            wanted = (query.get("i") or [""])[0]
            found = [meal_json(m, self.port) for m in MEALS if m[0] == wanted]
            meals = found or None
        elif endpoint == "filter.php":
            # One of c= (category), a= (cuisine) or i= (an ingredient's exact name, `_` for a space), any case;
            # tiles name none of them.
            if "a" in query:
                wanted = query["a"][0].lower()
                listed = [m for m in MEALS if m[3].lower() == wanted]
            elif "i" in query:
                wanted = query["i"][0].replace("_", " ").lower()
                listed = [m for m in MEALS if any(name.lower() == wanted for name, _ in m[5])]
            else:
                wanted = (query.get("c") or [""])[0].lower()
                listed = [m for m in MEALS if m[2].lower() == wanted]
            found = [{"idMeal": m[0], "strMeal": m[1], "strMealThumb": meal_json(m, self.port)["strMealThumb"]} for m in listed]
            meals = found or None
        elif endpoint == "list.php" and query.get("a") == ["list"]:
            # Every cuisine once, with TheMealDB's own "Unknown" among them.
            meals = [{"strArea": area} for area in sorted({m[3] for m in MEALS} | {"Unknown"})]
        elif endpoint == "categories.php":
            return 200, "application/json", json.dumps({"categories": [
                {"idCategory": "1", "strCategory": "Vegetarian", "strCategoryThumb": "", "strCategoryDescription": ""},
                {"idCategory": "2", "strCategory": "Pasta", "strCategoryThumb": "", "strCategoryDescription": ""}]}).encode()
        else:
            return 404, "text/html", b"<h1>Not Found</h1>"
        return 200, "application/json", json.dumps({"meals": meals}).encode()
