"""The one decoder of every file: a NUL or bytes that are not UTF-8, named by line and column,
the same on every command that reads a file."""

import json
from pathlib import Path

import pytest

from scoring.engine import cli
from scoring.engine.evaluate import evaluate_lines
from scoring.engine.evaluation import parse_rules
from scoring.engine.text import TextError, decode_text

# The brief's own example, and a NUL: each the first bad character of its file.
NOT_UTF8 = (b"line one\nline two\nline 3\xff more\n", "line 3, column 7: not UTF-8 text")
NUL = (b"ab\ncd\x00\n", "line 2, column 3: a NUL character, which no text file holds")
BAD_FILES = [NOT_UTF8, NUL]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        *BAD_FILES,
        (b"\xff", "line 1, column 1: not UTF-8 text"),
        (b"\xef\xbb\xbfab\xff", "line 1, column 3: not UTF-8 text"),  # the mark is no column
        (b"a\r\nb\x0cc\xc3", "line 3, column 2: not UTF-8 text"),  # cut short; \x0c breaks
        (b"\xc3\xa9\xc3\xa9\x00", "line 1, column 3: a NUL character, which no text file holds"),
        (b"a\x00b\xff", "line 1, column 2: a NUL character, which no text file holds"),
        (b"a\xffb\x00", "line 1, column 2: not UTF-8 text"),  # whichever comes first
    ],
)
def test_the_first_bad_character_is_named_by_line_and_column(data: bytes, message: str) -> None:
    with pytest.raises(TextError) as refused:
        decode_text(data)
    assert refused.value.message == message
    assert refused.value.line == int(message.split(",")[0].removeprefix("line "))


def test_text_is_returned_without_its_byte_order_mark() -> None:
    assert decode_text("\ufeffa\r\nb\n".encode()) == "a\r\nb\n"


def test_a_line_of_a_longer_file_is_numbered_from_its_place() -> None:
    with pytest.raises(TextError) as refused:
        decode_text(b"ok \xff", first_line=12)
    assert (refused.value.line, refused.value.column) == (12, 4)


def command_of(name: str, path: Path) -> list[str]:
    return {
        "hk": ["hk", str(path)],
        "big-two": ["big-two", str(path)],
        "rules check": ["rules", "check", str(path)],
        "pmn": ["pmn", str(path)],
        "riichi-game": ["riichi-game", str(path)],
        "evaluate --rules classical:FILE": ["evaluate", "--rules", f"classical:{path}"],
    }[name]


@pytest.mark.parametrize(("data", "message"), BAD_FILES)
@pytest.mark.parametrize(
    "command",
    ["hk", "big-two", "rules check", "pmn", "riichi-game", "evaluate --rules classical:FILE"],
)
def test_every_command_that_reads_a_file_names_the_line_and_column(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: str,
    data: bytes,
    message: str,
) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(data)

    assert cli.main(command_of(command, path)) == 1

    assert capsys.readouterr().err == f"{path}, {message}\n"
    assert not list(tmp_path.glob("*.tsv"))  # nothing half-written


def test_evaluate_names_the_line_of_its_input() -> None:
    family, preset = parse_rules("zung_jung")
    results = list(evaluate_lines([b"{}\n", b'{"a": "\xff"}\n'], family, preset))
    assert results[1] == {"ok": False, "error": "line 2, column 8: not UTF-8 text"}
    assert json.dumps(results)  # every result is still an object to print
