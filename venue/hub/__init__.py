"""The venue's hub: subscribes to every table of the venue (:mod:`venue.hub.listener`), keeps
its own SQLite store (:mod:`venue.hub.store`) and serves the wall page with live updates
(:mod:`venue.hub.server`).  Run as ``python -m venue.hub`` (or ``companion hub``)."""
