"""Test helpers are imported from uniquely named modules, never as ``conftest``: when several test
folders run in one pytest call, ``conftest`` is whichever folder's conftest was loaded last, so a
``from conftest import …`` breaks collection depending on which files are named."""
from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
CONFTEST_IMPORT = re.compile(r"^\s*(from\s+conftest\s+import|import\s+conftest\b)", re.MULTILINE)


def test_no_test_imports_a_conftest_by_name():
    offenders = [str(p.relative_to(TESTS)) for p in TESTS.rglob("*.py")
                 if CONFTEST_IMPORT.search(p.read_text(encoding="utf-8"))]
    assert offenders == []
