"""Every import sits at the top of its module (tests aside): a cycle is fixed, not dodged."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted(
    path
    for folder in ("games", "scoring", "mahjong_league")
    for path in (ROOT / folder).rglob("*.py")
    if "migrations" not in path.parts
)


def local_imports(path: Path) -> list[int]:
    """Lines of the imports made inside a function of the module at ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found += [
                inner.lineno
                for inner in ast.walk(node)
                if isinstance(inner, ast.Import | ast.ImportFrom)
            ]
    return sorted(set(found))


@pytest.mark.parametrize("path", [*SOURCES, ROOT / "manage.py"], ids=str)
def test_no_function_level_imports(path: Path) -> None:
    lines = local_imports(path)
    assert lines == [], f"{path.relative_to(ROOT)} imports inside a function at lines {lines}"


def test_the_check_finds_an_import_inside_a_function(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text("import os\n\n\ndef f():\n    import json\n    return json\n")
    assert local_imports(module) == [5]
