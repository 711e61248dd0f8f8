"""The stepped simulated camera (UI scenarios step it): it renders only the frames it
is stepped for, says when they are rendered, and lets a waiting reader go when stopped."""
from __future__ import annotations

import threading

from vision.sources.simulated import SimulatedSource
from vision.synthetic import SimulatedTable


def test_a_stepped_source_renders_only_the_frames_it_is_stepped_for(demo_profile):
    source = SimulatedSource(SimulatedTable(demo_profile), stepped=True)
    stop = threading.Event()

    def read_until_stopped() -> None:
        while not stop.is_set():
            source.read()

    thread = threading.Thread(target=read_until_stopped, daemon=True)
    thread.start()
    source.step(3)
    assert source.wait_rendered(30) and source.rendered == 3
    thread.join(0.2)                   # the reader now waits for the next step: no 4th frame
    assert source.rendered == 3 and thread.is_alive()
    stop.set()
    source.run_free()                  # let go, it reads once more and ends
    thread.join(30)
    assert not thread.is_alive()
    source.close()
