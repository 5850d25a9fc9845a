"""What every real-browser test shares: Debian's Chromium, its flags and the test marks.

The ``server`` (the app under waitress on a free loopback port) and ``page`` (a phone-sized
Chromium page) fixtures live in tests/web/conftest.py."""
from __future__ import annotations

from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
# without the background-networking flags Chromium keeps calling hosts this machine cannot reach
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

BROWSER_MARKS = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="no hay Chromium en /usr/bin/chromium"),
]
