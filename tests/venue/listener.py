"""A plain MQTT subscriber (paho-mqtt) that collects what a broker delivers, for the tests."""
from __future__ import annotations

import json
import ssl
import threading
import time
from typing import Any, Callable

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from tests.venue.broker import Broker


def client_for(broker: Broker, user: str, password: str | None = None, *, ca: bool = True,
               protocol: Any = mqtt.MQTTv311, client_id: str = "") -> mqtt.Client:
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id, protocol=protocol)
    client.username_pw_set(user, broker.passwords[user] if password is None else password)
    client.tls_set(ca_certs=str(broker.files.ca) if ca else None, cert_reqs=ssl.CERT_REQUIRED)
    return client


class Listener:
    """Subscribes to ``topic`` as ``user``; ``messages``: (topic, decoded JSON, retained)."""

    def __init__(self, broker: Broker, topic: str = "tc/club/#", user: str = "hub"):
        self.messages: list[tuple[str, Any, bool]] = []
        self._cond = threading.Condition()
        self.connected = threading.Event()
        self.client = client_for(broker, user)
        self.client.on_connect = lambda c, u, f, rc, p: (c.subscribe(topic, qos=1), self.connected.set())
        self.client.on_message = self._on_message
        self.client.connect("127.0.0.1", broker.port, 5)
        self.client.loop_start()
        assert self.connected.wait(10), "the listener could not connect"

    def _on_message(self, client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        try:
            body = json.loads(msg.payload.decode("utf-8")) if msg.payload else None
        except ValueError:
            body = msg.payload
        with self._cond:
            self.messages.append((msg.topic, body, bool(msg.retain)))
            self._cond.notify_all()

    def wait_for(self, predicate: Callable[[list[tuple[str, Any, bool]]], bool], timeout: float = 20.0) -> bool:
        end = time.monotonic() + timeout
        with self._cond:
            while not predicate(self.messages):
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def events(self, table: str = "t1") -> list[dict[str, Any]]:
        with self._cond:
            return [m for t, m, _ in self.messages if t == f"tc/club/table/{table}/event"]

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
