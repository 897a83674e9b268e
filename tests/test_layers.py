"""Imports run one way: mahjong_league → games → scoring → scoring.engine."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", sorted((ROOT / "games").rglob("*.py")), ids=str)
def test_the_league_reaches_the_engines_only_through_scoring(path: Path) -> None:
    engine = sorted(name for name in imported_modules(path) if name.startswith("scoring.engine"))
    assert engine == [], f"{path.relative_to(ROOT)} imports {engine}; go through scoring/"


@pytest.mark.parametrize("path", sorted((ROOT / "scoring").rglob("*.py")), ids=str)
def test_scoring_never_imports_the_league(path: Path) -> None:
    league = sorted(
        name for name in imported_modules(path) if name.split(".")[0] in {"games", "mahjong_league"}
    )
    assert league == [], f"{path.relative_to(ROOT)} imports {league}"
