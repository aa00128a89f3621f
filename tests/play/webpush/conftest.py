"""A push service on this machine, and devices subscribed to it as a browser subscribes: each
with its own P-256 key pair and authentication secret, so that a test reads what the site
sent as only that browser could (RFC 8291)."""

import base64
import json
import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from play.webpush import devices, keys


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass
class Received:
    path: str
    headers: dict
    body: bytes


@dataclass
class PushService:
    """Answers each device's endpoint with the status a test gives it (201 unless told)."""

    url: str
    received: list[Received] = field(default_factory=list)
    answers: dict[str, int] = field(default_factory=dict)


@dataclass
class Browser:
    """A browser's side of a subscription: its keys, and what reached it, decrypted."""

    service: PushService
    name: str
    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    secret: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def endpoint(self) -> str:
        return f"{self.service.url}/push/{self.name}"

    def subscription(self) -> dict:
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64(point), "auth": b64(self.secret)}}

    def subscribe(self, user):
        return devices.subscribe(
            user, self.subscription(), "Mozilla/5.0 (Android 14) Firefox/140.0"
        )

    def answer(self, status: int) -> None:
        self.service.answers[f"/push/{self.name}"] = status

    def pushes(self) -> list[dict]:
        """What reached this browser, decrypted with its keys, as its service worker reads it."""
        mine = [r for r in self.service.received if r.path == f"/push/{self.name}"]
        return [
            json.loads(http_ece.decrypt(r.body, private_key=self.key, auth_secret=self.secret,
                                        version="aes128gcm"))
            for r in mine
        ]  # fmt: skip

    def headers(self) -> list[dict]:
        return [r.headers for r in self.service.received if r.path == f"/push/{self.name}"]


@pytest.fixture
def push_service():
    service = PushService("")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers["Content-Length"]))
            headers = {name.lower(): value for name, value in self.headers.items()}
            service.received.append(Received(self.path, headers, body))
            self.send_response(service.answers.get(self.path, 201))
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    service.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield service
    server.shutdown()
    server.server_close()


@pytest.fixture
def vapid(settings, tmp_path):
    """The site's keys made as `make install` makes them, in a var/ of the test's own."""
    settings.VAR_DIR = tmp_path
    settings.WEBPUSH_HTTP_LOOPBACK = True
    keys.forget()
    keys.make()
    yield keys
    keys.forget()


@pytest.fixture
def browser(push_service, vapid):
    made = {}

    def make(name: str) -> Browser:
        made[name] = Browser(push_service, name)
        return made[name]

    return make
