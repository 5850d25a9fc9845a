"""Legality service: record the format files as loaded into the `format` table.

The TOML files stay the source of truth; the table lets events reference a format
id and shows which version (sha256) of each file was in force. Flushes, never commits.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from threading import Lock
from typing import Any

from sqlmodel import Session

from ..legality import Format, load_formats
from ..models.catalog import FormatRow, utcnow


_current: dict[tuple, dict[str, Format]] = {}
_current_lock = Lock()


def current_formats(folder: str | Path) -> dict[str, Format]:
    """The format files of ``folder``, loaded again only when a file changes (organizers edit
    the TOML while the server runs): cached per the files' names and modification times."""
    folder = Path(folder)
    key = (str(folder), tuple(sorted((p.name, p.stat().st_mtime_ns)
                                     for p in folder.glob("*.toml"))))
    with _current_lock:
        found = _current.get(key)
    if found is None:
        found = load_formats(folder)
        with _current_lock:
            _current.clear()
            _current[key] = found
    return found


def format_definition(fmt: Format) -> dict[str, Any]:
    """The facts of a format after `extends`, as JSON-able data."""
    return {
        "id": fmt.id, "name": fmt.name, "game": fmt.game.id, "parents": list(fmt.parents),
        "main": {"section": fmt.main_name, "exact": fmt.main_exact, "min": fmt.main_min, "max": fmt.main_max},
        "side": {"section": fmt.side_name, "sizes": list(fmt.side_sizes) if fmt.side_sizes is not None else None,
                 "min": fmt.side_min, "max": fmt.side_max},
        "copies": {"limit": fmt.copy_limit, "unique_limit": fmt.unique_limit,
                   "unlimited_keywords": sorted(fmt.unlimited_keywords),
                   "plain_gold_unlimited": fmt.plain_gold_unlimited, "any_number": sorted(fmt.any_number.values())},
        "editions": list(fmt.legal_editions) if fmt.legal_editions is not None else None,
        "editions_since": fmt.editions_since, "editions_eras": list(fmt.editions_eras),
        "rarities": sorted(fmt.rarities) if fmt.rarities is not None else None,
        "banned": sorted(fmt.banned.values()),
        "limited": {name: n for name, n in sorted(fmt.limited.values())},
        "observation": {o.name: o.condition for o in fmt.observation.values()},
        "errata": sorted(e.name for e in fmt.errata.values()),
        "rules": {name: {k: v for k, v in params.items() if not k.endswith("_key")}
                  for name, params in fmt.rules.items()},
    }


def _sha256(path: str) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return ""


def record_formats(session: Session, formats: dict[str, Format]) -> list[str]:
    """Upsert one row per format; returns the ids whose row changed (new or different file)."""
    changed = []
    for fid, fmt in sorted(formats.items()):
        definition = json.dumps(format_definition(fmt), ensure_ascii=False, sort_keys=True, default=str)
        digest = _sha256(fmt.source)
        row = session.get(FormatRow, fid)
        if row is None:
            row = FormatRow(id=fid, name=fmt.name, game=fmt.game.id, path=fmt.source, sha256=digest,
                            definition=definition)
            session.add(row)
            changed.append(fid)
        elif (row.name, row.game, row.path, row.sha256, row.definition) != (
                fmt.name, fmt.game.id, fmt.source, digest, definition):
            row.name, row.game, row.path, row.sha256, row.definition = (
                fmt.name, fmt.game.id, fmt.source, digest, definition)
            row.loaded_at = utcnow()
            session.add(row)
            changed.append(fid)
    session.flush()
    return changed


def load_and_record(session: Session, formats_dir: str | Path) -> tuple[dict[str, Format], list[str]]:
    formats = load_formats(formats_dir)
    return formats, record_formats(session, formats)
