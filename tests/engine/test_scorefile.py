"""What both score-file formats share: decoding, line splitting, duplicate names, TSV."""

import pytest

from scoring.engine.big_two import BigTwoHand
from scoring.engine.big_two_scorefile import read_big_two_scores
from scoring.engine.errors import LineError
from scoring.engine.hk_scorefile import read_hk_scores
from scoring.engine.scorefile import Section, repeated_names, score_lines, tsv_text


@pytest.mark.parametrize(
    "separator",
    ["\r\n", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"],
)
def test_every_line_break_splits_lines(separator: str) -> None:
    assert score_lines(f"a{separator}b{separator}".encode()) == ["a", "b"]


def test_crlf_is_one_break_and_a_final_break_adds_no_line() -> None:
    assert score_lines(b"a\r\n\r\nb\r\n") == ["a", "", "b"]
    assert score_lines(b"") == []


def test_only_one_leading_byte_order_mark_is_dropped() -> None:
    assert score_lines("\ufeff\ufeffa\n".encode()) == ["\ufeffa"]


def test_unit_separator_is_whitespace_not_a_line_break() -> None:
    assert score_lines(b"a\x1fb\n") == ["a\x1fb"]


@pytest.mark.parametrize(
    ("data", "line", "column"),
    [
        (b"\xff", 1, 1),
        (b"ok\n\xff", 2, 1),
        (b"ok\r\xff", 2, 1),
        (b"ok\r\n\xff", 2, 1),
        (b"ok\x0cstill\xff", 2, 6),
        (b"\xef\xbb\xbf\xff", 1, 1),  # the byte-order mark is not a column
        (b"a\nb\nc \xe2\x82", 3, 3),  # cut short at the end of the file
    ],
)
def test_bad_utf8_reports_the_line_and_column_of_the_first_bad_byte(
    data: bytes, line: int, column: int
) -> None:
    with pytest.raises(LineError) as error:
        score_lines(data)

    assert (error.value.line, error.value.message) == (
        line,
        f"line {line}, column {column}: not UTF-8 text",
    )


@pytest.mark.parametrize(
    ("names", "repeated"),
    [
        (["A", "B", "C", "D"], []),
        (["A", "B", "A", "C"], ["A"]),
        (["A", "A", "A", "A"], ["A", "A", "A"]),
        (["A", "B", "A", "B"], ["A", "B"]),
        (["a", "A", "é", "e\u0301"], []),  # identity is the exact string
    ],
)
def test_repeated_names_lists_every_later_occurrence(names: list[str], repeated: list[str]) -> None:
    assert repeated_names(names) == repeated


def test_tsv_quotes_only_what_csv_minimal_quoting_needs() -> None:
    text = tsv_text(["name", "x"], [['O"Neil', True], ["王", ""], ["B=x", -904]])

    assert text == 'name\tx\n"O""Neil"\tTrue\n王\t\nB=x\t-904\n'


def test_a_section_pairs_each_game_with_its_line() -> None:
    section: Section[str, str] = Section("2023-01-01", "rules", ("A", "B", "C", "D"))
    section.lines += [3, 5]
    section.hands += ["first", "second"]

    assert section.games == [(3, "first"), (5, "second")]


@pytest.mark.parametrize(
    "line",
    ["0 1 2 3 # a note", "0 1 2 3#", "  0  1 2 3\t# # twice", "0 1 2 3 # a # b"],
)
def test_a_known_game_with_a_comment_is_the_same_game(line: str) -> None:
    scores = read_big_two_scores(f"a b c d\n0 1 2 3\n{line}\n")

    assert scores.sections[0].games == [
        (2, BigTwoHand((0, 1, 2, 3))),
        (3, BigTwoHand((0, 1, 2, 3))),
    ]


@pytest.mark.parametrize("line", ["0 1 2 3 x # a note", "0 1 2 3 0 # a note", "0 1 2 # 3"])
def test_a_line_that_is_no_known_game_before_its_comment_is_read_in_full(line: str) -> None:
    with pytest.raises(LineError) as refused:
        read_big_two_scores(f"a b c d\n0 1 2 3\n{line}\n")

    assert refused.value.line == 3


def test_a_commented_game_counts_under_the_rules_in_force() -> None:
    scores = read_hk_scores("a b c d\n3 d - -\nR=half\n3 d - - # now half\n")

    assert [(section.rules.responsibility, section.lines) for section in scores.sections] == [
        ("full", [2]),
        ("half", [4]),
    ]


def test_names_written_two_ways_are_one_player_on_every_line() -> None:
    text = "\u00e9 b c d\n0 1 2 3\ne\u0301 b c d\n0 1 2 3\nb e\u0301 \u00e9 c\n"

    with pytest.raises(LineError) as refused:
        read_big_two_scores(text)

    assert (refused.value.line, str(refused.value)) == (5, "duplicate player names ['\u00e9']")


def test_a_name_is_checked_on_each_line_it_is_new_on() -> None:
    with pytest.raises(LineError) as refused:
        read_big_two_scores("a b c d\n0 1 2 3\na b c d\u200b\n")

    assert refused.value.line == 3
    assert "U+200B" in str(refused.value)
