"""A stand-in payment and delivery partner on 127.0.0.1, for development and the tests: it receives the shop's
order events and checks each signature with PyPI's `standardwebhooks` (the reference implementation, not ours),
processes each webhook-id once as a Standard Webhooks receiver must (a repeat is answered 2xx and only logged), keeps
a log of every try, can be told to fail, hang, redirect or be away, and sends signed status events back to the
shop's `POST /partner/events`.

Run it by hand beside a server started with `--partner-url http://127.0.0.1:PORT/events --partner-secret SECRET`:

    python3 Tests/reliability/standin_partner.py --port 9900 --secret whsec_... --shop http://127.0.0.1:8080
"""

from __future__ import annotations

import argparse
import base64
import http.client
import http.server
import json
import os
import threading
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone

from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from rckit import HOST, free_port

MODES = ("ok", "fail", "hang", "redirect")


def new_secret() -> str:
    return "whsec_" + base64.b64encode(os.urandom(24)).decode()


@dataclass
class Try:
    """One POST to the partner, whatever came of it. Times are `time.time()`, the clock the shop's leases use."""

    webhook_id: str
    mode: str
    # The sender's port on 127.0.0.1: which sender it was, while its connection is open.
    peer: int
    # When its request line and headers had been read.
    arrived: float
    # "processed", "repeat" (its webhook-id was processed before), "bad signature", "failed" (503) or "redirected";
    # "" while it is held (hang mode).
    outcome: str = ""
    # When the answer was written, or None (not yet, or the sender had gone: its timeout or kill -9). Written is not
    # read: a sender killed a moment later never learns of it.
    answered: float | None = None


class StandInPartner:
    """`mode` decides every answer: ok (204), fail (503), hang (hold the connection `hang_seconds`, then 204) or
    redirect (307 to /elsewhere, which takes the event: a sender must not follow it). `away()` closes the port; `back()` opens
    it again.

    Like a receiver following Standard Webhooks it processes each webhook-id once: a signed event whose id it has
    processed before is answered 2xx as well (the sender did not learn of the first answer) but not processed again,
    only logged in `repeats`."""

    def __init__(self, secret: str | None = None, port: int | None = None, hang_seconds: float = 60):
        self.secret = secret or new_secret()
        self.port = port or free_port()
        self.webhook = Webhook(self.secret)
        self.mode = "ok"
        self.hang_seconds = hang_seconds
        self.lock = threading.Lock()
        # Every event processed, each webhook-id once, in the order processed: (webhook-id, type, order code, body).
        self.taken: list[tuple[str, str, str, dict]] = []
        self.processed_ids: set[str] = set()
        # Every arrival of an id processed before (answered 2xx, not processed): (webhook-id, arrival time).
        self.repeats: list[tuple[str, float]] = []
        # Every try, whatever the answer, in arrival order.
        self.tries: list[Try] = []
        self.bad_signatures = 0
        self.server: http.server.ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}/events"

    def server_args(self) -> list[str]:
        return ["--partner-url", self.url, "--partner-secret", self.secret]

    def _handler(self):
        partner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                arrived = time.time()
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                headers = {name: value for name, value in self.headers.items()}
                msg_id = headers.get("webhook-id", "")
                with partner.lock:
                    mode = partner.mode
                    this = Try(msg_id, mode, self.client_address[1], arrived)
                    partner.tries.append(this)
                try:
                    event = partner.webhook.verify(body, headers)
                except WebhookVerificationError:
                    with partner.lock:
                        partner.bad_signatures += 1
                    return self.answer(this, "bad signature", 401, b"bad signature")
                if mode == "fail":
                    return self.answer(this, "failed", 503, b"partner down for maintenance")
                if mode == "redirect" and self.path != "/elsewhere":
                    return self.answer(this, "redirected", 307, b"",
                                       location=f"http://{HOST}:{partner.port}/elsewhere")
                if mode == "hang":
                    time.sleep(partner.hang_seconds)
                # Processing and noting the id are one step, so two arrivals of one id at once process it once.
                with partner.lock:
                    if msg_id in partner.processed_ids:
                        partner.repeats.append((msg_id, arrived))
                        outcome = "repeat"
                    else:
                        partner.processed_ids.add(msg_id)
                        partner.taken.append((msg_id, event.get("type"), event.get("data", {}).get("order"), event))
                        outcome = "processed"
                self.answer(this, outcome, 204, b"")

            def answer(self, this: Try, outcome: str, status: int, body: bytes, location: str | None = None):
                with partner.lock:
                    this.outcome = outcome
                try:
                    self.send_response(status)
                    if location:
                        self.send_header("Location", location)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    return  # the sender gave up (its timeout) or died (kill -9): its loss, as with a real partner
                with partner.lock:
                    this.answered = time.time()

        return Handler

    def start(self) -> "StandInPartner":
        self.server = http.server.ThreadingHTTPServer((HOST, self.port), self._handler())
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def away(self) -> None:
        if self.server:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    def back(self) -> None:
        self.start()

    stop = away

    def set_mode(self, mode: str) -> None:
        assert mode in MODES
        with self.lock:
            self.mode = mode

    def taken_ids(self) -> list[str]:
        """The webhook-ids processed, each once, in the order processed."""
        with self.lock:
            return [event[0] for event in self.taken]

    def taken_events(self) -> list[tuple[str, str, str, dict]]:
        with self.lock:
            return list(self.taken)

    def tries_so_far(self) -> list[Try]:
        """A copy of every try, each as it stands now."""
        with self.lock:
            return [Try(**vars(one)) for one in self.tries]

    def repeats_so_far(self) -> list[tuple[str, float]]:
        with self.lock:
            return list(self.repeats)

    def wait_for(self, count: int, timeout: float) -> list[tuple[str, str, str, dict]]:
        """Waits until `count` events were processed; returns every event processed (each webhook-id once)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            events = self.taken_events()
            if len(events) >= count:
                return events
            time.sleep(0.1)
        raise AssertionError(f"the partner processed {len(self.taken_ids())} events, not {count}, within {timeout} s")

    def signed(self, body: str, msg_id: str | None = None, at: float | None = None) -> dict[str, str]:
        msg_id = msg_id or f"msg_{uuid.uuid4().hex}"
        when = datetime.fromtimestamp(at if at is not None else time.time(), tz=timezone.utc)
        return {
            "Content-Type": "application/json",
            "webhook-id": msg_id,
            "webhook-timestamp": str(int(when.timestamp())),
            "webhook-signature": self.webhook.sign(msg_id, when, body),
        }

    def send_status(self, shop_port: int, event_type: str, order: str, *, msg_id: str | None = None,
                    extra: dict | None = None, at: float | None = None) -> tuple[int, str]:
        """Posts a signed status event to the shop. Returns (status, body)."""
        body = json.dumps({
            "type": event_type, "timestamp": datetime.now(tz=timezone.utc).isoformat(),
            "data": {"order": order, **(extra or {})},
        })
        connection = http.client.HTTPConnection(HOST, shop_port, timeout=15)
        try:
            connection.request("POST", "/partner/events", body=body.encode(), headers=self.signed(body, msg_id, at))
            response = connection.getresponse()
            return response.status, response.read().decode()
        finally:
            connection.close()


def payment_for(placed: dict) -> dict:
    """What a partner's payment.succeeded says it took for an order.placed: the amount and currency it was asked to
    authorise, when the order names them."""
    return {key: placed[key] for key in ("amount", "currency") if key in placed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=9900)
    parser.add_argument("--secret", default=os.environ.get("RECIPECART_PARTNER_SECRET") or None)
    parser.add_argument("--mode", choices=MODES, default="ok")
    parser.add_argument("--shop", help="the shop's address, to answer each order.placed with payment.succeeded")
    args = parser.parse_args()
    partner = StandInPartner(secret=args.secret, port=args.port)
    partner.set_mode(args.mode)
    partner.start()
    print(f"stand-in partner at {partner.url}\n  --partner-url {partner.url} --partner-secret {partner.secret}",
          flush=True)
    seen, seen_repeats = 0, 0
    while True:
        time.sleep(0.5)
        events = partner.taken_events()
        for msg_id, event_type, order, event in events[seen:]:
            print(f"took {event_type} for {order} ({msg_id})", flush=True)
            if args.shop and event_type == "order.placed":
                port = int(args.shop.rsplit(":", 1)[1].strip("/"))
                print("  payment.succeeded →", partner.send_status(
                    port, "payment.succeeded", order, extra=payment_for(event.get("data", {}))), flush=True)
        seen = len(events)
        repeats = partner.repeats_so_far()
        for msg_id, _ in repeats[seen_repeats:]:
            print(f"again {msg_id}: taken before, answered 204 and not taken again", flush=True)
        seen_repeats = len(repeats)


if __name__ == "__main__":
    main()
