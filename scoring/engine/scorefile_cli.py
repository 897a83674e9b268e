"""The ``mahjong-score hk`` and ``mahjong-score big-two`` subcommands: a score file to a TSV."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from scoring.engine.big_two_scorefile import (
    big_two_output_name,
    big_two_statistics,
    big_two_tsv,
    read_big_two_scores,
)
from scoring.engine.errors import LineError, unexpected
from scoring.engine.hk_scorefile import hk_output_name, hk_statistics, hk_tsv, read_hk_scores

ScoreText = Callable[[bytes], str]


class FileProblem(Exception):
    """The input cannot be read or the output cannot be written; the message says which."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``hk`` and ``big-two`` subcommands."""
    hk_parser = subparsers.add_parser(
        "hk",
        help="score a Hong Kong faan score file",
        description="Score some games of Mahjong (HK rules); "
        "write the statistics to `SCORES.txt[ --from F][ --to T].tsv`.",
    )
    hk_parser.add_argument(
        "--from", dest="date_from", metavar="YYYY-MM-DD", help="ignore lines dated before this"
    )
    hk_parser.add_argument(
        "--to", dest="date_to", metavar="YYYY-MM-DD", help="ignore lines dated this or later"
    )
    hk_parser.add_argument("scores", metavar="SCORES.txt", help="the score file")
    hk_parser.set_defaults(run=run_hk)
    big_two_parser = subparsers.add_parser(
        "big-two",
        help="score a Big Two score file",
        description="Score some games of Big Two (鋤大弟); "
        "write the statistics to `SCORES.txt.tsv`.",
    )
    big_two_parser.add_argument("scores", metavar="SCORES.txt", help="the score file")
    big_two_parser.set_defaults(run=run_big_two)


def run_hk(args: argparse.Namespace) -> int:
    """Score an HK file into its TSV; the exit status."""

    def score(data: bytes) -> str:
        scores = read_hk_scores(data, date_from=args.date_from, date_to=args.date_to)
        return hk_tsv(hk_statistics(scores))

    return score_file(args.scores, hk_output_name(args.scores, args.date_from, args.date_to), score)


def run_big_two(args: argparse.Namespace) -> int:
    """Score a Big Two file into its TSV; the exit status."""

    def score(data: bytes) -> str:
        return big_two_tsv(big_two_statistics(read_big_two_scores(data)))

    return score_file(args.scores, big_two_output_name(args.scores), score)


def score_file(path: str, output: str, score: ScoreText) -> int:
    """Read ``path``, score it and write ``output`` whole or not at all; errors go to stderr."""
    try:
        text = score(read_input(path))
        write_whole(output, text.encode("utf-8"))
    except LineError as error:
        print(f"{path}, {error.located}", file=sys.stderr)
        return 1
    except FileProblem as problem:
        print(problem, file=sys.stderr)
        return 1
    except Exception as error:
        print(f"{path}: {unexpected(error)}", file=sys.stderr)
        return 1
    return 0


def read_input(path: str) -> bytes:
    """The bytes of the score file, or ``FileProblem`` with the reference's wording."""
    if os.path.isdir(path):
        raise FileProblem(f"Error: `{path}` is a directory, not a file")
    try:
        with open(path, "rb") as file:
            return file.read()
    except FileNotFoundError:
        raise FileProblem(f"Error: file `{path}` not found") from None
    except OSError as error:
        raise FileProblem(f"Error: cannot read `{path}`: {error.strerror}") from None


def write_whole(path: str, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, then rename it into place.

    A reader of ``path`` sees the old file or the complete new one, never a partial one.
    """
    directory, name = os.path.split(path)
    temporary = os.path.join(directory, f".{name}.{os.urandom(4).hex()}.tmp")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
    except OSError as error:
        if os.path.lexists(temporary):
            os.unlink(temporary)
        raise FileProblem(f"Error: cannot write `{path}`: {error.strerror}") from None
