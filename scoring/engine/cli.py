"""The ``mahjong-score`` command line: each subcommand lives in its own engine module.

A subcommand module exposes ``register(subparsers)``, which adds its parser and sets
``run=<function(args) -> int>`` as the parser's default.

A command imports only the module of the subcommand it names (``COMMANDS``): loading every
engine to score one Big Two file took most of a short run's time. Help and usage errors,
which list every subcommand, load them all.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module
from typing import Any

# Each subcommand and the module that registers it; a module may register several. A
# family's own commands live in its engine package's ``cli`` module (tests/engine/test_cli.py
# checks that every such module is listed, and that each module registers what it is listed
# for).
COMMANDS: dict[str, str] = {
    "hk": "scoring.engine.hk_cli",
    "big-two": "scoring.engine.big_two_cli",
    "evaluate": "scoring.engine.evaluate",
    "pmn": "scoring.engine.mcr.cli",
    "rules": "scoring.engine.classical.cli",
    "riichi-game": "scoring.engine.riichi.cli",
}
PROG = "mahjong-score"
VERSION_OPTIONS = ("-v", "--version")
# Read only when asked for: importing it costs a third of the start-up of a short command.
METADATA_MODULE = "importlib.metadata"
DISTRIBUTION = "mahjong-league"


def subcommand_modules(arguments: Sequence[str] = ()) -> list[str]:
    """The modules ``arguments`` need: the named subcommand's, none for ``--version`` alone,
    else every one (for the help or the usage error, which list them all).

    >>> subcommand_modules(["big-two", "scores.txt"])
    ['scoring.engine.big_two_cli']
    >>> subcommand_modules(["--version"])
    []
    """
    named = next((argument for argument in arguments if not argument.startswith("-")), None)
    if named in COMMANDS:
        return [COMMANDS[named]]
    if named is None and arguments and set(arguments) <= set(VERSION_OPTIONS):
        return []
    return list(dict.fromkeys(COMMANDS.values()))


class VersionAction(argparse.Action):
    """``--version``: print ``mahjong-score X.Y.Z`` as installed, and exit (the seeds'
    programs answer ``-v`` too); the installed metadata is read only then. One version for
    every subcommand: they are installed together."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        print(f"{PROG} {installed_version()}")
        parser.exit()


def installed_version() -> str:
    """The installed version number, or ``unknown`` in a source tree never installed."""
    metadata = import_module(METADATA_MODULE)
    try:
        number: str = metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "unknown"
    return number


class VersionedParser(argparse.ArgumentParser):
    """A parser that answers ``-v``/``--version``. Subparsers are made of their parent's
    class, so every subcommand, and every subcommand of a subcommand, answers it too."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.add_argument(*VERSION_OPTIONS, action=VersionAction)


def build_parser(modules: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser with the subcommands of ``modules`` (every subcommand by default)."""
    parser = VersionedParser(
        prog=PROG, description="Score mahjong and Big Two hands, files and records."
    )
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module_name in subcommand_modules() if modules is None else modules:
        import_module(module_name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    args = build_parser(subcommand_modules(arguments)).parse_args(arguments)
    status: int = args.run(args)
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
