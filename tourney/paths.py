"""Where the app's files live, in a checkout and in an installed wheel.

A checkout keeps ``templates/`` and ``formats/`` beside the package (the project's layout) and its
data in ``instance/``; a wheel (``pip install .``, pipx) carries templates and formats inside the
package (setup.py copies them) and keeps its data in ``TOURNEY_INSTANCE`` or, without it, in the
user's data directory (``$XDG_DATA_HOME/tourney``, by default ``~/.local/share/tourney``).
Pure: imports nothing but the standard library.
"""
from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
CHECKOUT_DIR = PACKAGE_DIR.parent
INSTANCE_ENV = "TOURNEY_INSTANCE"


def _bundled(name: str) -> Path:
    inside = PACKAGE_DIR / name  # an installed wheel
    return inside if inside.is_dir() else CHECKOUT_DIR / name


def running_from_checkout() -> bool:
    """True when the package is the ``tourney/`` folder of a source checkout (editable or not)."""
    return (CHECKOUT_DIR / "pyproject.toml").is_file() and not (PACKAGE_DIR / "templates").is_dir()


def instance_dir() -> Path:
    """The installation's data folder: database, secret key, config.py, uploads."""
    configured = os.environ.get(INSTANCE_ENV, "").strip()
    if configured:
        return Path(configured).expanduser().resolve()
    if running_from_checkout():
        return CHECKOUT_DIR / "instance"
    base = os.environ.get("XDG_DATA_HOME", "").strip() or str(Path.home() / ".local" / "share")
    return Path(base) / "tourney"


TEMPLATES_DIR = _bundled("templates")
FORMATS_DIR = _bundled("formats")
