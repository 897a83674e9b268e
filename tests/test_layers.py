"""Imports run one way: mahjong_league → games → scoring → scoring.engine."""

import ast
from collections.abc import Iterator
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


def imported_names(path: Path) -> set[str]:
    """The modules a file imports and, for ``from M import a``, ``M.a`` too (``a`` may be a
    module: ``from games import importing``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = imported_modules(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def core_modules() -> list[Path]:
    """The league core's modules: those at the root of ``games/`` and its services, views
    and template tags (the satellite apps nested in ``games/`` are not the core)."""
    games = ROOT / "games"
    found = list(games.glob("*.py"))
    for folder in ("services", "views", "templatetags"):
        found.extend((games / folder).rglob("*.py"))
    return sorted(found)


@pytest.mark.parametrize("path", core_modules(), ids=str)
def test_the_core_never_imports_the_imports_app(path: Path) -> None:
    """Imports write through the core's services; the core knows nothing of them (the season
    page places their list with the app's template tag)."""
    imports = sorted(
        name
        for name in imported_names(path)
        if name == "games.importing" or name.startswith("games.importing.")
    )
    assert imports == [], f"{path.relative_to(ROOT)} imports {imports}"


def test_the_core_modules_are_found() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in core_modules()}
    assert {"games/models.py", "games/services/hands.py", "games/views/files.py"} <= names


def module_files() -> dict[str, Path]:
    """Every module of the project by its dotted name (packages by their ``__init__``)."""
    found = {}
    for top in ("mahjong_league", "games", "scoring"):
        for path in (ROOT / top).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if "migrations" not in parts:
                found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def needed_first(path: Path, modules: dict[str, Path]) -> set[str]:
    """The project's modules that must have run to their end before this one can: each
    ``from M import name`` run on import needs M, or M.name where that is a module. (A
    plain ``import M``, or a submodule's parent package, needs M only started.)"""
    needed = set()
    for node in run_on_import(ast.parse(path.read_text(encoding="utf-8")).body):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in modules:
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                needed.add(submodule if submodule in modules else node.module)
    return needed


def run_on_import(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements that run when a module is imported: not function bodies, nor what
    stands under ``if TYPE_CHECKING:``."""
    for node in body:
        yield node
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            yield from run_on_import(node.orelse)
        elif isinstance(node, (ast.If, ast.Try, ast.With)):
            for block in ("body", "orelse", "finalbody", "handlers"):
                yield from run_on_import(getattr(node, block, []))
        elif isinstance(node, (ast.ClassDef, ast.ExceptHandler)):
            yield from run_on_import(node.body)


def a_cycle(needs: dict[str, set[str]]) -> list[str]:
    """Some cycle of modules each needing the next, or [] when there is none."""
    done: set[str] = set()

    def visit(path: list[str]) -> list[str]:
        for name in sorted(needs[path[-1]]):
            if name in path:
                return [*path[path.index(name) :], name]
            if name not in done:
                found = visit([*path, name])
                if found:
                    return found
        done.add(path[-1])
        return []

    for start in sorted(needs):
        found = [] if start in done else visit([start])
        if found:
            return found
    return []


def test_no_module_needs_one_that_needs_it() -> None:
    """A cycle of ``from M import name`` imports fails for whichever of its modules is
    imported first (``pytest games`` once collected games/access.py first, and failed:
    access → services → webhooks → api → access)."""
    modules = module_files()
    assert a_cycle({name: needed_first(path, modules) for name, path in modules.items()}) == []


def test_the_cycle_check_finds_a_cycle() -> None:
    needs = {"a": {"b"}, "b": {"c", "d"}, "c": set(), "d": {"b"}}
    assert a_cycle(needs) == ["b", "d", "b"]
    assert a_cycle({**needs, "d": set()}) == []


# Satellite apps nested in games/ have an apps.py of their own; the API is a satellite too.
SATELLITES = {path.parent for path in (ROOT / "games").glob("*/apps.py")} | {ROOT / "games/api"}


def core_modules() -> list[Path]:
    """The league core's modules: games/ without its satellites (and without migrations)."""
    return sorted(
        path
        for path in (ROOT / "games").rglob("*.py")
        if "migrations" not in path.parts and not SATELLITES.intersection(path.parents)
    )


@pytest.mark.parametrize("path", core_modules(), ids=str)
def test_the_core_never_imports_the_stats_app(path: Path) -> None:
    """The core announces (``games.signals``) and calls what is registered
    (``games.player_parts``); the stats app connects itself in its ``ready()``."""
    stats = sorted(
        name
        for name in imported_modules(path)
        if name == "games.stats" or name.startswith("games.stats.")
    )
    assert stats == [], f"{path.relative_to(ROOT)} imports {stats}"


def test_the_core_s_modules_leave_out_the_satellites() -> None:
    core = {path.relative_to(ROOT).as_posix() for path in core_modules()}
    assert "games/totals.py" in core and "games/views/people.py" in core
    assert not any(name.startswith(("games/stats/", "games/api/")) for name in core)
