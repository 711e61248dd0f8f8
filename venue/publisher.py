"""A table's link to its venue's broker: one thread that sends the journal's unsent rows.

:class:`VenueLink` runs paho-mqtt's network loop (``loop_start``) and a sender thread of
its own.  The sender reads the journal's outbox (:class:`companion.venue.outbox.Outbox`),
publishes each row with QoS 1 and marks it only once the broker acknowledged it
(``wait_for_publish``); when the link drops, the rest stays in the journal and is sent,
as history, when it returns.  The table's state is published retained (the latest only),
its availability ``online`` on connecting and ``offline`` as the client's last will.

Nothing here blocks the caller: :meth:`VenueLink.update_state` and :meth:`VenueLink.wake`
only hand over and return.  What the link is doing is :attr:`VenueLink.status`; a change
is logged once (never the password) and passed to ``on_status`` (on the sender's thread:
a UI moves it onto its own).
"""
from __future__ import annotations

import logging
import ssl
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion, MQTTErrorCode

from companion.messages import Text
from companion.settings import Settings
from companion.venue.credentials import Credentials
from companion.venue.messages import OFFLINE, ONLINE, availability_message, encode
from companion.venue.messages import decode
from companion.venue.names import (availability_topic, check_broker, check_name, event_topic, round_topic,
                                   state_topic)
from companion.venue.outbox import Outbox, OutboxError

log = logging.getLogger("venue.link")

#: how many rows are in flight at once before their acknowledgements are waited for
BATCH = 50
#: how long one acknowledgement is waited for (s) before the link is taken for down
ACK_TIMEOUT = 10.0
#: how often the sender looks again when nothing woke it (s): the backlog's count, a retry
IDLE = 1.0

CONNECTING, CONNECTED, SENDING, OFFLINE_STATE, REFUSED = "connecting", "connected", "sending", "offline", "refused"


@dataclass(frozen=True)
class LinkStatus:
    """``state``: connecting, connected, sending (the backlog), offline or refused (the broker
    said no: a wrong password, a table id it does not know); ``backlog``: rows not yet
    acknowledged; ``reason``: why offline or refused, for the screen."""

    state: str
    backlog: int = 0
    reason: Text | None = None

    @property
    def text(self) -> Text:
        """The status as the table's screen says it."""
        if self.state == CONNECTED:
            return Text("Venue: connected")
        if self.state == SENDING:
            return Text("Venue: sending {count} saved move", "Venue: sending {count} saved moves",
                        count=self.backlog)
        if self.state == REFUSED:
            return Text("Venue: refused ({reason})", reason=self.reason or "")
        if self.state == OFFLINE_STATE:
            if self.reason is not None:
                return Text("Venue: offline ({reason}); the moves are kept and sent later", reason=self.reason)
            return Text("Venue: offline, the moves are kept and sent later")
        return Text("Venue: connecting")

    @property
    def short(self) -> Text:
        """The status in the fewest words, for the indicator beside the message strip."""
        if self.state == CONNECTED:
            return Text("Venue: live")
        if self.state == SENDING:
            return Text("Venue: {count} to send", "Venue: {count} to send", count=self.backlog)
        if self.state == REFUSED:
            return Text("Venue: refused")
        if self.state == OFFLINE_STATE:
            return Text("Venue: offline")
        return Text("Venue: connecting")


def refusal_reason(reason_code: Any) -> Text:
    """The broker's CONNACK refusal in the players' words, with what to do."""
    name = str(reason_code).lower()
    if "password" in name or "not authorized" in name or "authoris" in name or "authoriz" in name:
        return Text("the venue's server does not accept this table's user name or password: "
                    "enter them again in Settings")
    if "identifier" in name:
        return Text("the venue's server does not accept this table's id: check it in Settings")
    return Text("the venue's server said: {reason}", reason=str(reason_code))


class VenueLink:
    """The link of one table (its journal file) to its venue.  ``start()`` then ``close()``
    (safe twice); a context manager."""

    def __init__(self, journal_path: str | Path, settings: Settings, credentials: Credentials, *,
                 on_status: Callable[[LinkStatus], None] | None = None, keepalive: int = 15,
                 ack_timeout: float = ACK_TIMEOUT):
        self.journal_path = Path(journal_path)
        self.venue = check_name(settings.venue, "venue name")
        self.table_id = check_name(settings.table_id)
        self.host, self.port = check_broker(settings.venue_broker)
        self.tls = settings.venue_tls
        self.credentials = credentials
        self.on_status = on_status
        self.keepalive = keepalive
        self.ack_timeout = ack_timeout
        self.status = LinkStatus(CONNECTING)
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._connected = threading.Event()
        self._lock = threading.Lock()
        self._state: dict[str, Any] | None = None
        self._state_sent: dict[str, Any] | None = None
        self._live_since: float | None = None
        self._thread: threading.Thread | None = None
        self._closed = False
        #: the seating the hub assigned this table for the current tournament round (None: none)
        self.assignment: dict[str, Any] | None = None
        #: the sender's passes over the outbox (a count made after a wake comes from a later pass)
        self._passes = 0
        self.on_assignment: Callable[[dict[str, Any] | None], None] | None = None
        self.client = self._client()

    def _client(self) -> mqtt.Client:
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"tc-{self.venue}-{self.table_id}",
                             clean_session=True)
        client.username_pw_set(self.credentials.username, self.credentials.password)
        if self.tls:
            ca = str(self.credentials.ca_file) if self.credentials.ca_file else None
            client.tls_set(ca_certs=ca, cert_reqs=ssl.CERT_REQUIRED)
        client.will_set(availability_topic(self.venue, self.table_id),
                        encode(availability_message(self.table_id, OFFLINE)), qos=1, retain=True)
        client.reconnect_delay_set(1, 30)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        # a connect that fails (the port closed, the name unknown, the certificate not
        # checked) is reported only here, not as a disconnect
        client.on_connect_fail = self._on_connect_fail
        client.message_callback_add(round_topic(self.venue, self.table_id), self._on_round)
        client.enable_logger(logging.getLogger("venue.mqtt"))
        return client

    # -- the caller's side ----------------------------------------------------
    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name=f"venue-link-{self.table_id}", daemon=True)
        self._thread.start()

    def update_state(self, message: dict[str, Any]) -> None:
        """The table's state changed (the latest is sent, retained; earlier ones are dropped)."""
        with self._lock:
            self._state = message
        self._wake.set()

    def wake(self) -> None:
        """Rows were written to the journal: send them."""
        self._wake.set()

    def wait_until(self, predicate: Callable[[LinkStatus], bool], timeout: float) -> bool:
        """Wait for a status (tests, the benchmark)."""
        end = time.monotonic() + timeout
        while not predicate(self.status):
            if time.monotonic() > end:
                return False
            time.sleep(0.02)
        return True

    def wait_sent(self, timeout: float) -> bool:
        """Wait until the broker has acknowledged every row written before this call (the
        backlog counted by a pass of the sender that began after it is 0)."""
        target = self._passes + 2
        self._wake.set()
        return self.wait_until(lambda s: self._passes >= target and s.state == CONNECTED and s.backlog == 0
                               and self._connected.is_set(), timeout)

    def close(self, timeout: float = 5.0) -> None:
        """Say offline (a clean stop), stop the threads; safe twice."""
        if self._closed:
            return
        self._closed = True
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
        if self._connected.is_set():
            info = self.client.publish(availability_topic(self.venue, self.table_id),
                                       encode(availability_message(self.table_id, OFFLINE, time.time())),
                                       qos=1, retain=True)
            try:
                info.wait_for_publish(min(timeout, 2.0))
            except (RuntimeError, ValueError):
                pass   # the will says it when the broker notices
        self.client.disconnect()
        self.client.loop_stop()

    def let_go(self, timeout: float = 15.0) -> bool:
        """Close, and wait until the sender has closed its connection to the journal file (an
        acknowledgement it waits for may outlast :meth:`close`'s wait); True when it has."""
        self.close(1.0)
        if self._thread is not None:
            self._thread.join(timeout)
            return not self._thread.is_alive()
        return True

    def __enter__(self) -> "VenueLink":
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- paho's network thread --------------------------------------------------
    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason_code: Any,
                    properties: Any) -> None:
        if reason_code.is_failure:
            self._connected.clear()
            self._set_status(LinkStatus(REFUSED, self.status.backlog, refusal_reason(reason_code)))
            return
        self._live_since = time.time()
        client.publish(availability_topic(self.venue, self.table_id),
                       encode(availability_message(self.table_id, ONLINE, self._live_since)), qos=1, retain=True)
        with self._lock:
            self._state_sent = None      # the broker may have lost the retained state: send it again
        client.subscribe(round_topic(self.venue, self.table_id), qos=1)
        self._connected.set()
        self._set_status(LinkStatus(CONNECTED, self.status.backlog))
        self._wake.set()

    def _on_round(self, client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        """The hub's seating for this table (an empty retained message: the round is over)."""
        try:
            assignment = decode(msg.payload) if msg.payload else None
            if assignment is not None and (assignment["table"] != self.table_id
                                           or not isinstance(assignment.get("players"), list)):
                raise ValueError("not this table's seating")
        except (ValueError, KeyError) as exc:
            log.warning("table %s: the hub's round assignment cannot be read (%s)", self.table_id, exc)
            return
        self.assignment = assignment
        if self.on_assignment is not None:
            try:
                self.on_assignment(assignment)
            except Exception:   # a listener's failure never stops the link
                log.exception("round assignment listener failed")

    def _on_disconnect(self, client: mqtt.Client, userdata: Any, flags: Any, reason_code: Any,
                       properties: Any) -> None:
        self._connected.clear()
        if self.status.state != REFUSED and not self._stop.is_set():
            self._set_status(LinkStatus(OFFLINE_STATE, self.status.backlog, self._unreachable()))

    def _on_connect_fail(self, client: mqtt.Client, userdata: Any) -> None:
        self._connected.clear()
        if self.status.state != REFUSED and not self._stop.is_set():
            self._set_status(LinkStatus(OFFLINE_STATE, self.status.backlog, self._unreachable()))

    def _unreachable(self) -> Text:
        """Why the server is not reached, as far as the table can tell: over TLS without the
        venue's certificate, the likeliest cause is that certificate (a venue's own CA)."""
        if self.tls and self.credentials.ca_file is None:
            return Text("the venue's server cannot be reached, or its certificate cannot be checked: "
                        "copy the venue's ca.pem into the data folder's venue folder")
        return Text("the venue's server cannot be reached")

    def _set_status(self, status: LinkStatus) -> None:
        if status == self.status:
            return
        changed_state = status.state != self.status.state
        self.status = status
        if changed_state:
            level = logging.WARNING if status.state in (OFFLINE_STATE, REFUSED) else logging.INFO
            log.log(level, "table %s at venue %s (%s:%d): %s", self.table_id, self.venue, self.host, self.port,
                    status.text)
        if self.on_status is not None:
            try:
                self.on_status(status)
            except Exception:   # a listener's failure never stops the link
                log.exception("venue status listener failed")

    # -- the sender thread -------------------------------------------------------
    def _run(self) -> None:
        outbox: Outbox | None = None
        try:
            self.client.connect_async(self.host, self.port, self.keepalive)
            self.client.loop_start()
            while not self._stop.is_set():
                self._wake.wait(IDLE)
                self._wake.clear()
                if outbox is None:
                    try:
                        outbox = Outbox(self.journal_path, self.table_id)
                    except OutboxError as exc:
                        log.warning("%s", exc)
                        self._stop.wait(5.0)
                        continue
                try:
                    self._send(outbox)
                except OutboxError as exc:
                    log.warning("%s", exc)
                self._passes += 1
        except Exception:   # a bug here must never stop the table: said once, the link ends
            log.exception("the venue link stopped")
            self._set_status(LinkStatus(OFFLINE_STATE, self.status.backlog,
                                        Text("the venue link stopped; restart the companion to send again")))
        finally:
            if outbox is not None:
                outbox.close()

    def _send(self, outbox: Outbox) -> None:
        backlog = outbox.backlog()
        if not self._connected.is_set():
            if backlog != self.status.backlog:
                self._set_status(LinkStatus(self.status.state, backlog, self.status.reason))
            return
        self._send_state()
        while backlog and self._connected.is_set() and not self._stop.is_set():
            self._set_status(LinkStatus(SENDING, backlog))
            batch = outbox.pending(BATCH, self._live_since)
            if not batch:
                break
            sent = []
            for pending in batch:
                info = self.client.publish(event_topic(self.venue, self.table_id), encode(pending.message), qos=1)
                if info.rc != MQTTErrorCode.MQTT_ERR_SUCCESS:
                    break
                sent.append((pending, info))
            acknowledged = []
            for pending, info in sent:
                try:
                    info.wait_for_publish(self.ack_timeout)
                except (RuntimeError, ValueError):
                    break
                if not info.is_published():
                    break
                acknowledged.append((pending.game_id, pending.seq))
            outbox.mark_many(acknowledged)    # what the broker acknowledged, in one transaction
            backlog = outbox.backlog()
            if len(sent) < len(batch) or backlog and not self._connected.is_set():
                break
        if self._connected.is_set():
            self._set_status(LinkStatus(CONNECTED if not backlog else SENDING, backlog))
        else:
            self._set_status(LinkStatus(self.status.state, backlog, self.status.reason))

    def _send_state(self) -> None:
        with self._lock:
            state = self._state
            if state is None or state is self._state_sent:
                return
            self._state_sent = state
        self.client.publish(state_topic(self.venue, self.table_id), encode(state), qos=1, retain=True)
