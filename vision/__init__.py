"""The camera side of Table Companion: frames in, :class:`TableReading` out.

Stages are plain functions over arrays (``detect_tags``, ``locate_board``,
``map_pieces``, ``read_dice``); :class:`vision.worker.VisionWorker` owns a
frame source on one thread and publishes the latest settled reading.
Nothing here imports ``hardware`` or ``ui``.
"""
