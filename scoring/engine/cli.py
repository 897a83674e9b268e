"""The ``mahjong-score`` command line: each subcommand lives in its own engine module.

A subcommand module exposes ``register(subparsers)``, which adds its parser and sets
``run=<function(args) -> int>`` as the parser's default.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module
from importlib.metadata import PackageNotFoundError, version
from importlib.util import find_spec

from scoring.engine.evaluation import FAMILY_MODULES

# The commands of every family; a family's own commands are its engine package's ``cli``
# module, found through the engine's registry (FAMILY_MODULES), so a family registers once.
COMMON_MODULES: tuple[str, ...] = ("scoring.engine.scorefile_cli", "scoring.engine.evaluate")


def subcommand_modules() -> list[str]:
    """Every module that adds subcommands: the common ones, then each family's own."""
    families = [f"{module}.cli" for module in FAMILY_MODULES.values()]
    return [*COMMON_MODULES, *(name for name in families if find_spec(name) is not None)]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mahjong-score", description="Score mahjong and Big Two hands, files and records."
    )
    parser.add_argument("-v", "--version", action="version", version=_version())
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module_name in subcommand_modules():
        import_module(module_name).register(subparsers)
    return parser


def _version() -> str:
    """``mahjong-score X.Y.Z``, as installed (the seeds' programs answer ``-v`` too)."""
    try:
        number = version("mahjong-league")
    except PackageNotFoundError:  # run from a source tree that was never installed
        number = "unknown"
    return f"%(prog)s {number}"


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    status: int = args.run(args)
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
