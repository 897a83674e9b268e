"""The engine is pure Python: importing it loads no Django, DRF or league code."""

import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "scoring" / "engine"


def test_engine_modules_import_without_django() -> None:
    modules = sorted(
        "scoring.engine." + ".".join(path.relative_to(ENGINE).with_suffix("").parts)
        for path in ENGINE.rglob("*.py")
        if path.name != "__init__.py"
    )
    assert modules, "the engine has no modules"
    probe = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'django', 'rest_framework', 'games', 'mahjong_league'})\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        cwd=ENGINE.parent.parent,
        env={"PYTHONPATH": str(ENGINE.parent.parent)},
    )
    assert result.stdout.strip() == "", f"engine pulled in: {result.stdout.strip()}"
