"""Frame sources behind one small interface: start / stop / read, context manager.

- :class:`vision.sources.picamera2.Picamera2Source` — the Pi camera (lores stream to find, main to decode);
- :class:`vision.sources.opencv.OpenCVSource` — USB webcam or video file;
- :class:`vision.sources.replay.ImageFolderSource` — a folder of recorded frames;
- :class:`vision.sources.simulated.SimulatedSource` — the rendered simulated table.
"""
from vision.sources.base import EndOfStream, Frame, FrameSource

__all__ = ["EndOfStream", "Frame", "FrameSource"]
