"""The hub's MQTT subscriber: every table of the venue into the store.

A persistent session (a fixed client id, ``clean_session=False``) and QoS 1: events published
while the hub is down wait in the broker and arrive when it is back; the store counts each
(table, game, sequence) once.  A message that is not the venue's is dropped and logged once
per table."""
from __future__ import annotations

import logging
import ssl
import threading
import time
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from companion.venue.messages import decode, encode, round_message
from companion.venue.names import check_name, round_topic, venue_prefix
from venue.hub.store import HubStore

log = logging.getLogger("venue.hub")


class HubListener:
    def __init__(self, store: HubStore, venue: str, host: str, port: int, username: str, password: str,
                 ca_file: str | None = None, tls: bool = True, keepalive: int = 15):
        self.store = store
        self.venue = check_name(venue, "venue name")
        self.prefix = venue_prefix(venue)
        self.host, self.port = host, port
        self.connected = threading.Event()
        self.refused = ""
        self._said_bad: set[str] = set()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"tc-hub-{self.venue}", clean_session=False)
        self.client.username_pw_set(username, password)
        if tls:
            self.client.tls_set(ca_certs=ca_file, cert_reqs=ssl.CERT_REQUIRED)
        self.client.reconnect_delay_set(1, 15)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self.keepalive = keepalive

    def start(self) -> None:
        self.client.connect_async(self.host, self.port, self.keepalive)
        self.client.loop_start()

    def close(self) -> None:
        self.connected.clear()      # a stop of our own is no loss of the broker
        self.client.disconnect()
        self.client.loop_stop()

    def assign_round(self, round_number: int, seating: dict[str, list[str]], game: str = "",
                     timeout: float = 10.0) -> None:
        """Publish a tournament round's seating (table id → players, in seat order), retained, so
        each table finds it when it connects; a table left out of ``seating`` is cleared."""
        infos = [self.client.publish(round_topic(self.venue, table), encode(round_message(table, round_number,
                                                                                          players, game)),
                                     qos=1, retain=True) for table, players in seating.items()]
        for info in infos:
            info.wait_for_publish(timeout)
        log.info("round %d assigned to %d tables", round_number, len(seating))

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason_code: Any, properties: Any) -> None:
        if reason_code.is_failure:
            if self.refused != str(reason_code):
                log.error("the broker %s:%d refused the hub: %s (check the hub's user name and password)",
                          self.host, self.port, reason_code)
            self.refused = str(reason_code)
            return
        self.refused = ""
        client.subscribe(f"{self.prefix}/table/+/+", qos=1)
        self.connected.set()
        log.info("hub connected to %s:%d, venue %s", self.host, self.port, self.venue)

    def _on_disconnect(self, client: mqtt.Client, userdata: Any, flags: Any, reason_code: Any,
                       properties: Any) -> None:
        if self.connected.is_set():
            log.warning("hub lost the broker %s:%d (%s); reconnecting", self.host, self.port, reason_code)
        self.connected.clear()

    def _on_message(self, client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        parts = msg.topic.split("/")
        if len(parts) != 5 or "/".join(parts[:3]) != f"{self.prefix}/table":
            return
        table, kind = parts[3], parts[4]
        try:
            if not msg.payload:
                return       # a retained message cleared
            message = decode(msg.payload)
            if message["table"] != table:
                raise ValueError(f"says it is table {message['table']!r}")
            now = time.time()
            if kind == "event":
                self.store.add_event(table, message, now)
            elif kind == "state":
                self.store.set_state(table, message, now)
            elif kind == "availability":
                self.store.set_availability(table, str(message.get("status")), now)
        except (ValueError, KeyError, TypeError) as exc:
            if table not in self._said_bad:
                self._said_bad.add(table)
                log.warning("table %s sent a message the hub cannot read on %s: %s", table, msg.topic, exc)
