"""The conformance suite: every game in companion/games.py's registry, random
declared configs and seeds (hypothesis, derandomized), played to the end and
checked against the engine protocol (checks.py).  ``playout.play`` is the one
random-playout loop of the test suite; per-game tests pass their own fast move
choosers.  An engine bug found here goes into known_bugs.py (tolerated by the
general tests, reproduced under a strict xfail) until the engine is fixed.

Run it alone: ``.venv/bin/python -m pytest tests/conformance`` (~12 s of CPU).
"""
