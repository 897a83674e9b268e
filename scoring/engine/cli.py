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

SUBCOMMAND_MODULES: tuple[str, ...] = (
    "scoring.engine.scorefile_cli",
    "scoring.engine.evaluate",
    "scoring.engine.classical.command",
    "scoring.engine.mcr.cli",
    "scoring.engine.riichi.cli",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mahjong-score", description="Score mahjong and Big Two hands, files and records."
    )
    parser.add_argument("-v", "--version", action="version", version=_version())
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module_name in SUBCOMMAND_MODULES:
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
