"""A stand-in payment and delivery partner on 127.0.0.1, for development and the tests: it receives the shop's
order events and checks each signature with PyPI's `standardwebhooks` (the reference implementation, not ours),
keeps a log of what it took, can be told to fail, hang, redirect or be away, and sends signed status events back
to the shop's `POST /partner/events`.

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
from datetime import datetime, timezone

from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from rckit import HOST, free_port

MODES = ("ok", "fail", "hang", "redirect")


def new_secret() -> str:
    return "whsec_" + base64.b64encode(os.urandom(24)).decode()


class StandInPartner:
    """`mode` decides every answer: ok (204), fail (503), hang (hold the connection `hang_seconds`, then 204) or
    redirect (307 to /elsewhere, which takes the event: a sender must not follow it). `away()` closes the port; `back()` opens
    it again."""

    def __init__(self, secret: str | None = None, port: int | None = None, hang_seconds: float = 60):
        self.secret = secret or new_secret()
        self.port = port or free_port()
        self.webhook = Webhook(self.secret)
        self.mode = "ok"
        self.hang_seconds = hang_seconds
        self.lock = threading.Lock()
        # Every event taken (answered 2xx), in arrival order: (webhook-id, type, order code, parsed body).
        self.taken: list[tuple[str, str, str, dict]] = []
        # Every try, whatever the answer: (webhook-id, mode).
        self.tries: list[tuple[str, str]] = []
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
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                headers = {name: value for name, value in self.headers.items()}
                with partner.lock:
                    mode = partner.mode
                    partner.tries.append((headers.get("webhook-id", ""), mode))
                try:
                    event = partner.webhook.verify(body, headers)
                except WebhookVerificationError:
                    with partner.lock:
                        partner.bad_signatures += 1
                    return self.answer(401, b"bad signature")
                if mode == "fail":
                    return self.answer(503, b"partner down for maintenance")
                if mode == "redirect" and self.path != "/elsewhere":
                    self.send_response(307)
                    self.send_header("Location", f"http://{HOST}:{partner.port}/elsewhere")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                if mode == "hang":
                    time.sleep(partner.hang_seconds)
                with partner.lock:
                    partner.taken.append(
                        (headers.get("webhook-id", ""), event.get("type"), event.get("data", {}).get("order"), event))
                self.answer(204, b"")

            def answer(self, status: int, body: bytes):
                try:
                    self.send_response(status)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the sender gave up (its timeout) or died (kill -9): its loss, as with a real partner

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
        with self.lock:
            return [event[0] for event in self.taken]

    def taken_events(self) -> list[tuple[str, str, str, dict]]:
        with self.lock:
            return list(self.taken)

    def wait_for(self, count: int, timeout: float) -> list[tuple[str, str, str, dict]]:
        """Waits until `count` distinct events were taken; returns every event taken."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            events = self.taken_events()
            if len({event[0] for event in events}) >= count:
                return events
            time.sleep(0.1)
        raise AssertionError(f"the partner took {len(set(self.taken_ids()))} distinct events, not {count}, "
                             f"within {timeout} s")

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
    seen = 0
    while True:
        time.sleep(0.5)
        events = partner.taken_events()
        for msg_id, event_type, order, _ in events[seen:]:
            print(f"took {event_type} for {order} ({msg_id})", flush=True)
            if args.shop and event_type == "order.placed":
                port = int(args.shop.rsplit(":", 1)[1].strip("/"))
                print("  payment.succeeded →", partner.send_status(port, "payment.succeeded", order), flush=True)
        seen = len(events)


if __name__ == "__main__":
    main()
