"""What the score-file subcommands share (``hk_cli``, ``big_two_cli``): read the file, score
it, and write its TSV whole or not at all; an error goes to stderr as the reference's does."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from scoring.engine.errors import LineError, unexpected

ScoreText = Callable[[bytes], str]


class FileProblem(Exception):
    """The input cannot be read or the output cannot be written; the message says which."""


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
