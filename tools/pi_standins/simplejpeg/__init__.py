"""Stand-in for python3-simplejpeg: its compiled part is built against apt's numpy."""
from ._jpeg import built_against_numpy  # noqa: F401

__version__ = "1.8.2+rpt-standin"
