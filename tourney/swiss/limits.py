"""The Swiss solver's knobs (see tourney.swiss.pairing for what each path does)."""
from __future__ import annotations

import importlib.util

try:
    HAVE_RUSTWORKX = importlib.util.find_spec("rustworkx") is not None
except (ImportError, ValueError):  # a broken or blocked install: use networkx
    HAVE_RUSTWORKX = False
_RX_MAX_WEIGHT = 2 ** 100  # rustworkx keeps weights in 128-bit integers

SMALL_GROUP = 12      # groups up to this many nodes are solved exactly
# largest window solved exactly when a group cannot be certified: 256 nodes take about
# 0.2 s with rustworkx; networkx (pure Python) needs as long for 64
WINDOW_LIMIT = 256 if HAVE_RUSTWORKX else 64
BORROW = 16           # players borrowed from big neighbour groups by such a window
POLISH = 16           # ranks either side of an uncertified piece's seam re-paired exactly
_JITTER = 1024
