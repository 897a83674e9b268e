"""Fixtures shared by the league's page tests (the shared cast is in tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.games.sqlite_site import sqlite_site_env


@pytest.fixture
def sqlite_env(tmp_path: Path, migrated_sqlite: Callable[[Path], Path]) -> dict[str, str]:
    """The environment of the site's processes on a migrated SQLite file of the test's own."""
    return sqlite_site_env(migrated_sqlite(tmp_path / "league.sqlite3"))
