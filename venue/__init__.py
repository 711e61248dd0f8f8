"""The venue link's network side (paho-mqtt): the table's publisher (:mod:`venue.publisher`),
the broker's configuration for a venue (:mod:`venue.broker`).  The messages and the outbox
are pure, in :mod:`companion.venue`; nothing in ``companion/`` imports this package."""
