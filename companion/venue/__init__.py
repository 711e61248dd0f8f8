"""The venue link's pure part: what a table tells a venue's MQTT broker, and how.

A table given a venue (Settings: ``venue``, ``venue_broker``, ``table_id``) publishes
under one prefix, ``tc/<venue>/table/<table id>/``:

- ``state`` (retained, QoS 1): the game being played, its round, the seats with the
  players' names and colours, whose turn it is and the scores if the game ended now
  (:func:`~companion.venue.messages.state_message`);
- ``event`` (QoS 1): one message per journal row (and one for a game started), each
  carrying the game's number and the journal's sequence number, the game's end with its
  final score sheet (:func:`~companion.venue.messages.event_message`); the journal is the
  outbox (:mod:`companion.venue.outbox`), so the hub counts each (table, game, sequence) once;
- ``availability`` (retained, QoS 1): ``online`` when connected, and the client's last
  will ``offline``, so a table that loses power shows offline by itself.

Nothing here opens a socket: the MQTT client lives in the ``venue`` package beside the
app.  The credentials (:mod:`companion.venue.credentials`) are a file of their own in
the data dir, mode 0600, never in the journal, the settings or the logs.
"""
from companion.venue.names import (VenueError, availability_topic, check_name, event_topic, state_topic,
                                   table_prefix, venue_prefix)

__all__ = ["VenueError", "availability_topic", "check_name", "event_topic", "state_topic", "table_prefix",
           "venue_prefix"]
