"""``mahjong-score rules check FILE``: validate a classical rules file, errors by line.

Errors and warnings go to standard error as ``FILE, line N: message`` (warnings marked
``warning:``); the exit status is 1 when any file has an error. A valid file prints one
summary line on standard output: ``FILE: "name", N scoring rules``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from scoring.engine.classical.language import check_rules, read_rules
from scoring.engine.text import TextError, decode_text


def register(subparsers: Any) -> None:
    """Add the ``rules`` subcommand and its ``check`` action."""
    parser = subparsers.add_parser(
        "rules",
        help="work with classical rules files (the 1000FluffyClouds language)",
        description="Work with classical rules files.",
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    check = actions.add_parser(
        "check",
        help="validate rules files and list their errors by line",
        description="Validate classical rules files; errors go to stderr as "
        "'FILE, line N: message' and make the exit status 1.",
    )
    check.add_argument("files", nargs="+", metavar="FILE")
    check.set_defaults(run=run_check)


def run_check(args: argparse.Namespace) -> int:
    """Check every file; 1 if any has an error (or cannot be read), else 0."""
    status = 0
    for path in args.files:
        status = max(status, check_file(path))
    return status


def check_file(path: str) -> int:
    """Check one file, printing its errors, warnings or summary; the exit status."""
    try:
        with open(path, "rb") as stream:
            text = decode_text(stream.read())
    except OSError as error:
        print(f"{path}: {error.strerror}", file=sys.stderr)
        return 1
    except TextError as error:
        print(f"{path}, {error.located}", file=sys.stderr)
        return 1
    errors, warnings = check_rules(text)
    for problem in errors:
        print(f"{path}, line {problem.line}: {problem.message}", file=sys.stderr)
    for warning in warnings:
        print(f"{path}, line {warning.line}: warning: {warning.message}", file=sys.stderr)
    if errors:
        return 1
    rules = read_rules(text)
    print(f'{path}: "{rules.name}", {len(rules.rules)} scoring rules')
    return 0
