"""``mahjong-score rules check FILE``: validate a classical rules file, errors by line;
``mahjong-score rules game FILE``: replay a classical game file (``game_file``).

``check``: errors and warnings go to standard error as ``FILE, line N: message`` (warnings
marked ``warning:``); the exit status is 1 when any file has an error. A valid file prints
one summary line on standard output: ``FILE: "name", N scoring rules``.

``game``: every hand as the manual's dialogs show it (``game_text``): each player's score
items with the running total, the payments matrix, the hand scores with the stakes after
them, and East's run; a broken file prints ``FILE: message`` (``FILE, line N: message`` for
JSON) on standard error and exits 1.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from scoring.engine.classical.game_file import read_game, replay_game
from scoring.engine.classical.game_text import game_lines
from scoring.engine.classical.language import check_rules, read_rules
from scoring.engine.errors import EngineError, LineError
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
    game = actions.add_parser(
        "game",
        help="replay a classical game file: score items, payments, stakes, East's run",
        description="Replay a classical game file (docs/classical-game-file.md) and print "
        "each hand's score items per player, the payments matrix, the running stakes and "
        "East's run.",
    )
    game.add_argument("file", metavar="FILE")
    game.set_defaults(run=run_game)


def run_game(args: argparse.Namespace) -> int:
    """Print the replayed game; 1 (and the problem on stderr) for a broken file."""
    try:
        with open(args.file, "rb") as stream:
            record = read_game(decode_text(stream.read()))
        played = replay_game(record)
    except OSError as error:
        print(f"{args.file}: {error.strerror}", file=sys.stderr)
        return 1
    except LineError as error:
        print(f"{args.file}, {error.located}", file=sys.stderr)
        return 1
    except EngineError as error:
        print(f"{args.file}: {error.message}", file=sys.stderr)
        return 1
    for line in game_lines(record, played):
        print(line)
    return 0


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
