"""``mahjong-score evaluate``: hand-json lines in, evaluation results out, one per line.

Each input line is one hand object (docs/hand-format.md); each output line is its result, in the
same order. A line that is not valid JSON or not a valid hand gives ``{"ok": false,
"error": ...}`` and the command goes on with the next line; so does a line the scorer fails
on, with a message saying so.
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any, TypeVar

from scoring.engine.errors import EngineError, LineError, unexpected
from scoring.engine.evaluation import (
    Evaluator,
    encode_json,
    evaluate_object,
    parse_rules,
)
from scoring.engine.text import TextError, decode_text
from scoring.engine.zung_jung.notation import hand_json_from_seed_line

# How an input line gives its hand: a hand-json object, or the Zung Jung seed's hand string.
NOTATIONS = ("json", "seed")


def register(subparsers: Any) -> None:
    """Add the ``evaluate`` subcommand."""
    parser = subparsers.add_parser(
        "evaluate",
        help="score hands given as JSON lines (docs/hand-format.md)",
        description="Read one hand object per line (standard input or FILE) and write one "
        "result object per line.",
    )
    parser.add_argument(
        "--rules", required=True, metavar="FAMILY[:PRESET]", help="for example zung_jung:seed"
    )
    parser.add_argument(
        "--notation",
        choices=NOTATIONS,
        default="json",
        help="json: a hand object per line (default); seed: the Zung Jung seed's hand "
        'strings such as "-c5c5 -c2c3c4 -b4b5b6 -b6b7b8 +k3k4k5 f1", or an object '
        'with the string as "hand" and hand-json context',
    )
    parser.add_argument("file", nargs="?", metavar="FILE", help="read hands from FILE, not stdin")
    parser.set_defaults(run=run)


def evaluate_line(
    line: bytes | str, family: Evaluator, preset: str, notation: str = "json", *, number: int = 1
) -> dict[str, Any]:
    """The result object for one input line, line ``number`` of its file (never raises: an
    error of ours on this line is this line's ``{"ok": false}`` too, and the batch goes on)."""
    try:
        return _evaluate_line(line, family, preset, notation, number, evaluate_object)
    except Exception as error:
        return {"ok": False, "error": unexpected(error)}


def result_text(
    line: bytes | str, family: Evaluator, preset: str, notation: str = "json", *, number: int = 1
) -> str:
    """``evaluate_line``'s result as the JSON text ``evaluate`` writes (without the newline):
    the same bytes as ``evaluate_line``'s object encoded (tests/engine/test_evaluate_line.py)."""
    try:
        found = _evaluate_line(line, family, preset, notation, number, _scored_text)
    except Exception as error:
        found = {"ok": False, "error": unexpected(error)}
    return found if isinstance(found, str) else encode_json(found)


def _scored_text(family: Evaluator, data: Any, preset: str) -> str:
    return family.result_text(data, preset)


_Result = TypeVar("_Result")


def _evaluate_line(
    line: bytes | str,
    family: Evaluator,
    preset: str,
    notation: str,
    number: int,
    score: Callable[[Evaluator, Any, str], _Result],
) -> _Result | dict[str, Any]:
    """``score``'s answer for the line's hand object, or the error object of a bad line."""
    try:
        text = decode_text(line, first_line=number) if isinstance(line, bytes) else line
    except TextError as error:
        return {"ok": False, "error": error.message}
    text = text.rstrip("\r\n")
    if not text.strip():
        return {"ok": False, "error": "the line is empty; give one hand object per line"}
    try:
        data = hand_json_from_seed_line(text) if notation == "seed" else json.loads(text)
    except json.JSONDecodeError as error:
        return {"ok": False, "error": f"not valid JSON: {error.msg} (column {error.colno})"}
    except EngineError as error:
        return {"ok": False, "error": error.message}
    try:
        return score(family, data, preset)
    except EngineError as error:
        return {"ok": False, "error": error.message}


def evaluate_lines(
    lines: Iterable[bytes | str], family: Evaluator, preset: str, notation: str = "json"
) -> Iterator[dict[str, Any]]:
    """Results for many lines, in order (a trailing newline on a line is ignored)."""
    for number, line in enumerate(lines, start=1):
        yield evaluate_line(line, family, preset, notation, number=number)


def run(args: argparse.Namespace) -> int:
    """Score every line; exit 1 only for a bad ``--rules`` or an unreadable file."""
    try:
        family, preset = parse_rules(args.rules)
    except LineError as error:  # a rules file named by --rules FAMILY:PATH
        source = args.rules.partition(":")[2].strip()
        print(f"{source}, {error.located}", file=sys.stderr)
        return 1
    except EngineError as error:
        print(f"--rules {args.rules}: {error.message}", file=sys.stderr)
        return 1
    if args.file is None:
        return _write_results(sys.stdin.buffer, family, preset, args.notation)
    try:
        with open(args.file, "rb") as stream:
            return _write_results(stream, family, preset, args.notation)
    except OSError as error:
        print(f"{args.file}: {error.strerror}", file=sys.stderr)
        return 1


def _write_results(stream: IO[bytes], family: Evaluator, preset: str, notation: str) -> int:
    """Write each line's result; from a pipe or a terminal each is flushed at once (a
    program may be waiting for it before it sends the next line), from a file they are
    written in blocks (nothing waits for them; a write per line cost about 0.5 µs a line)."""
    out = sys.stdout
    interactive = not _is_file(stream)
    for number, line in enumerate(stream, start=1):
        out.write(result_text(line, family, preset, notation, number=number) + "\n")
        if interactive:
            out.flush()
    return 0


def _is_file(stream: IO[bytes]) -> bool:
    """Whether ``stream`` reads a regular file (its lines are all there already)."""
    try:
        return stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
    except (OSError, ValueError, AttributeError):
        return False
