"""The one decoder of every file the league reads: its bytes as text, or where they are not.

Score files, PMN records, rules files and hand files are UTF-8 text. A NUL byte (no text
file holds one, and no PostgreSQL text column can store it) or bytes that are not UTF-8 are
refused with one message naming the line and column of the first of them, so a person can
find it in an editor. Lines are counted as the readers count them (``str.splitlines``), and
a column is a character's place on its line, counting from 1.
"""

from __future__ import annotations

from scoring.engine.errors import LineError, Term

BYTE_ORDER_MARK = "\ufeff"
NOT_UTF8 = Term("not UTF-8 text")
NUL = Term("a NUL character, which no text file holds")
WHERE = Term("line {number}, column {column}: {problem}")


class TextError(LineError):
    """A file's bytes are not text: ``line`` and ``column`` (1-based) name the first bad one.

    >>> str(TextError(3, 7, NOT_UTF8))
    'line 3, column 7: not UTF-8 text'
    """

    def __init__(self, line: int, column: int, problem: Term) -> None:
        super().__init__(line, WHERE, number=line, column=column, problem=problem)
        self.column = column

    @property
    def located(self) -> str:
        return self.message


def decode_text(data: bytes, *, first_line: int = 1) -> str:
    """The UTF-8 text of ``data`` (one leading byte-order mark dropped); a ``TextError`` at
    its first NUL or first byte that is not UTF-8. ``first_line`` numbers the first line.

    >>> decode_text(b"\\xef\\xbb\\xbfA B C D\\n")
    'A B C D\\n'
    >>> decode_text(b"A B\\nC \\xff D")
    Traceback (most recent call last):
    ...
    scoring.engine.text.TextError: line 2, column 3: not UTF-8 text
    >>> decode_text(b"A\\x00")
    Traceback (most recent call last):
    ...
    scoring.engine.text.TextError: line 1, column 2: a NUL character, which no text file holds
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        before = data[: error.start].decode("utf-8")  # valid up to the bad byte
        if "\0" not in before:
            raise _error_at(before, first_line, NOT_UTF8) from None
        text = before
    text = text.removeprefix(BYTE_ORDER_MARK)
    nul = text.find("\0")
    if nul >= 0:
        raise _error_at(text[:nul], first_line, NUL)
    return text


def _error_at(before: str, first_line: int, problem: Term) -> TextError:
    """The error for a bad character that follows the text ``before``."""
    # A stand-in character ends up on the bad one's line, at its column.
    lines = (before.removeprefix(BYTE_ORDER_MARK) + "?").splitlines()
    return TextError(first_line + len(lines) - 1, len(lines[-1]), problem)
