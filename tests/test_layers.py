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
SATELLITE_DIRS = {path.parent for path in (ROOT / "games").glob("*/apps.py")} | {ROOT / "games/api"}


def core_modules() -> list[Path]:
    """The league core's modules: games/ without its satellites (and without migrations)."""
    return sorted(
        path
        for path in (ROOT / "games").rglob("*.py")
        if "migrations" not in path.parts and not SATELLITE_DIRS.intersection(path.parents)
    )


@pytest.mark.parametrize("app", ["games.stats", "games.webhooks"])
@pytest.mark.parametrize("path", core_modules(), ids=str)
def test_the_core_never_imports_the_stats_or_webhooks_app(path: Path, app: str) -> None:
    """The core announces (``games.signals``) and calls what is registered
    (``games.player_parts``); these apps connect themselves in their ``ready()``."""
    found = sorted(
        name for name in imported_modules(path) if name == app or name.startswith(app + ".")
    )
    assert found == [], f"{path.relative_to(ROOT)} imports {found}"


def test_the_core_s_modules_leave_out_the_satellites() -> None:
    core = {path.relative_to(ROOT).as_posix() for path in core_modules()}
    assert "games/totals.py" in core and "games/views/people.py" in core
    assert not any(name.startswith(("games/stats/", "games/api/")) for name in core)


# The league core and its satellite apps: the core never reaches into a satellite's API, and
# no satellite's models lean on another satellite, so each can move or go on its own.
SATELLITES = (
    "games.webhooks",
    "games.importing",
    "games.stats",
    "games.events",
    "games.health",
    "games.archive",
    "games.api",
)
# The URL wiring is the one place the API is plugged into the site.
API_WIRING = {"mahjong_league.urls", "games.urls"}
FRAMEWORK = ("rest_framework", "drf_spectacular")


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def names_imported(path: Path) -> set[str]:
    """Every dotted name a module imports, with ``from M import x`` counted as both M and
    M.x (so ``from games import api`` is an import of games.api); relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
            module = node.module if node.level == 0 else ".".join(filter(None, [base, node.module]))
            names.add(module or "")
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def reached(start: str, modules: dict[str, Path]) -> dict[str, str]:
    """Every name imported by ``start`` or by a project module it reaches, each mapped to the
    project module that imports it."""
    found: dict[str, str] = {}
    todo = [start]
    while todo:
        module = todo.pop()
        for name in sorted(names_imported(modules[module])):
            if name not in found:
                found[name] = module
                if name in modules and name != start:
                    todo.append(name)
    return found


MODULES = module_files()
SERVICES_AND_MODELS = sorted(
    name
    for name in MODULES
    if {"services", "models"} & set(name.split(".")[1:]) and not within(name, "games.api")
)
SATELLITE_MODELS = sorted(
    (satellite, name)
    for name in MODULES
    for satellite in SATELLITES
    if within(name, satellite + ".models")
)


@pytest.mark.parametrize(
    "module", sorted(set(MODULES) - API_WIRING - {n for n in MODULES if within(n, "games.api")})
)
def test_nothing_but_the_url_wiring_imports_the_api(module: str) -> None:
    api = sorted(name for name in names_imported(MODULES[module]) if within(name, "games.api"))
    assert api == [], f"{module} imports {api}; read games.representations instead"


@pytest.mark.parametrize(("satellite", "module"), SATELLITE_MODELS)
def test_no_satellite_models_import_another_satellite(satellite: str, module: str) -> None:
    others = sorted(
        name
        for name in names_imported(MODULES[module])
        for other in SATELLITES
        if other != satellite and within(name, other)
    )
    assert others == [], f"{module} imports {others}"


@pytest.mark.parametrize("module", SERVICES_AND_MODELS)
def test_no_service_or_model_reaches_the_api_framework(module: str) -> None:
    """Directly or through the project's modules it imports: a write that announces what
    it did once built its webhook payload with the API's serializers."""
    framework = sorted(
        f"{name} (imported by {by})"
        for name, by in reached(module, MODULES).items()
        if any(within(name, top) for top in FRAMEWORK)
    )
    assert framework == [], f"{module} reaches {framework}"


def test_the_layer_checks_see_what_they_look_for() -> None:
    """The lists the checks run over are not empty, and the names they read are right."""
    assert "games.services.hands" in SERVICES_AND_MODELS
    assert ("games.webhooks", "games.webhooks.models") in SATELLITE_MODELS
    events = reached("games.webhooks.events", MODULES)
    assert events["games.representations"] == "games.webhooks.events"
    assert "django.db.models" in events  # through games.representations
