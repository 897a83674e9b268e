"""Every program in ``tools/`` still imports: a module that moved (as the bench commands did
out of the league app) broke ``tools/bench_club_night.py`` with no test noticing.

The tools run as ``python tools/NAME.py``, so ``tools/`` and the repository are both on
the path, as they are here; one fresh interpreter imports them all."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# jansou_evaluate runs with jansou installed beside the league, which the league never needs.
APART = {"__init__", "jansou_evaluate"}
TOOLS = sorted(p.stem for p in (ROOT / "tools").glob("*.py") if p.stem not in APART)

IMPORT_ALL = """
import importlib, sys
sys.path[:0] = [{root!r}, {tools!r}]
for name in {names!r}:
    importlib.import_module(name)
print("imported", len({names!r}))
"""


def test_every_tool_imports() -> None:
    script = IMPORT_ALL.format(root=str(ROOT), tools=str(ROOT / "tools"), names=TOOLS)
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "mahjong_league.settings"}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == f"imported {len(TOOLS)}"
