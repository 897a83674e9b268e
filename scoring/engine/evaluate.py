"""``mahjong-score evaluate``: hand-json lines in, evaluation results out, one per line.

Each input line is one hand object (hand-json.md); each output line is its result, in the
same order. A line that is not valid JSON or not a valid hand gives ``{"ok": false,
"error": ...}`` and the command goes on with the next line.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from typing import IO, Any

from scoring.engine.errors import EngineError, LineError
from scoring.engine.evaluation import Family, parse_rules
from scoring.engine.hand import hand_from_json


def register(subparsers: Any) -> None:
    """Add the ``evaluate`` subcommand."""
    parser = subparsers.add_parser(
        "evaluate",
        help="score hands given as JSON lines (hand-json.md)",
        description="Read one hand object per line (standard input or FILE) and write one "
        "result object per line.",
    )
    parser.add_argument(
        "--rules", required=True, metavar="FAMILY[:PRESET]", help="for example zung_jung:seed"
    )
    parser.add_argument("file", nargs="?", metavar="FILE", help="read hands from FILE, not stdin")
    parser.set_defaults(run=run)


def evaluate_line(line: bytes | str, family: Family, preset: str) -> dict[str, Any]:
    """The result object for one input line (never raises for bad input).

    >>> from scoring.engine.evaluation import family
    >>> evaluate_line("{", family("zung_jung"), "seed")["ok"]
    False
    """
    try:
        text = line.decode("utf-8") if isinstance(line, bytes) else line
    except UnicodeDecodeError:
        return {"ok": False, "error": "the line is not UTF-8 text"}
    text = text.rstrip("\r\n")
    if not text.strip():
        return {"ok": False, "error": "the line is empty; give one hand object per line"}
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        return {"ok": False, "error": f"not valid JSON: {error.msg} (column {error.colno})"}
    try:
        # A family whose hand objects extend hand-json (classical: "mahjong", losers'
        # partial hands) reads the object itself.
        evaluate_data = getattr(family, "evaluate_data", None)
        if evaluate_data is not None:
            result: dict[str, Any] = evaluate_data(data, preset)
            return result
        return family.evaluate(hand_from_json(data), preset).to_json()
    except EngineError as error:
        return {"ok": False, "error": error.message}


def evaluate_lines(
    lines: Iterable[bytes | str], family: Family, preset: str
) -> Iterator[dict[str, Any]]:
    """Results for many lines, in order (a trailing newline on a line is ignored)."""
    for line in lines:
        yield evaluate_line(line, family, preset)


def run(args: argparse.Namespace) -> int:
    """Score every line; exit 1 only for a bad ``--rules`` or an unreadable file."""
    try:
        family, preset = parse_rules(args.rules)
    except LineError as error:  # a rules file named by --rules FAMILY:PATH
        source = args.rules.partition(":")[2].strip()
        print(f"{source}, line {error.line}: {error.message}", file=sys.stderr)
        return 1
    except EngineError as error:
        print(f"--rules {args.rules}: {error.message}", file=sys.stderr)
        return 1
    if args.file is None:
        return _write_results(sys.stdin.buffer, family, preset)
    try:
        with open(args.file, "rb") as stream:
            return _write_results(stream, family, preset)
    except OSError as error:
        print(f"{args.file}: {error.strerror}", file=sys.stderr)
        return 1


def _write_results(stream: IO[bytes], family: Family, preset: str) -> int:
    out = sys.stdout
    for result in evaluate_lines(stream, family, preset):
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
        out.flush()
    return 0
