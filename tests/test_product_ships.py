"""Only the product ships: benchmarks and generators live in ``tools/``, which the product
never imports and the package never installs."""

import tomllib
from pathlib import Path

import pytest
from setuptools import find_packages

from tests.test_layers import imported_modules

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ("games", "scoring", "mahjong_league")


def shipped_packages() -> list[str]:
    """The packages ``pip install`` puts in place, found as pyproject.toml says."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = config["tool"]["setuptools"]["packages"]["find"]["include"]
    return sorted(find_packages(where=str(ROOT), include=include))


def shipped_modules() -> list[str]:
    """Every module the installed package holds, by its dotted name."""
    return [
        f"{package}.{path.stem}"
        for package in shipped_packages()
        for path in (ROOT / package.replace(".", "/")).glob("*.py")
    ]


def tools_imports(path: Path) -> list[str]:
    return sorted(
        name for name in imported_modules(path) if name == "tools" or name.startswith("tools.")
    )


@pytest.mark.parametrize(
    "path", sorted(path for top in PRODUCT for path in (ROOT / top).rglob("*.py")), ids=str
)
def test_the_product_never_imports_the_tools(path: Path) -> None:
    found = tools_imports(path)
    assert found == [], f"{path.relative_to(ROOT)} imports {found}; the product ships alone"


def test_the_check_finds_an_import_of_the_tools(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text("import os\nfrom tools.scorefile_gen import hk_scores\nimport tools\n")
    assert tools_imports(module) == ["tools", "tools.scorefile_gen"]


def test_the_package_ships_the_product_and_not_the_tools() -> None:
    tops = {package.split(".")[0] for package in shipped_packages()}
    assert tops == set(PRODUCT)


def test_no_shipped_module_is_a_benchmark() -> None:
    modules = shipped_modules()
    assert "scoring.score_files" in modules  # the walk sees the modules it should
    benches = [name for name in modules if "bench" in name]
    assert benches == [], f"{benches} ship with the product; move them to tools/"
