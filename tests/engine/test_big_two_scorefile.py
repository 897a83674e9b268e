"""The Big Two score file: line forms, checks and messages, statistics, sorting (D1), TSV."""

import pytest

from scoring.engine.big_two import BigTwoHand, BigTwoRules
from scoring.engine.big_two_scorefile import (
    BIG_TWO_EXPLAINER,
    big_two_statistics,
    big_two_tsv,
    read_big_two_scores,
)
from scoring.engine.errors import LineError


def tsv(source: str | bytes) -> str:
    return big_two_tsv(big_two_statistics(read_big_two_scores(source)))


def table(source: str | bytes) -> list[list[str]]:
    return [row.split("\t") for row in tsv(source).split("\n")[:-1]]


def line_error(source: str | bytes) -> tuple[int, str]:
    with pytest.raises(LineError) as error:
        read_big_two_scores(source)
    return error.value.line, error.value.message


SORT_CRASH_FILE = """\
A B C D
0 1 2 3
0 1 2 3
0 1 2 3
0 1 2 3
0 1 2 3
A B C E
0 1 2 3
A B C F
"""


def test_players_without_games_sort_last_in_their_group_instead_of_crashing() -> None:
    assert tsv(SORT_CRASH_FILE) == (
        "name\tis_regular\tgame_count\twin_count\tfry_count\treal_losses\tnet_score"
        "\twin_fraction\tfry_fraction\treal_losses_per_game\tnet_score_per_game\n"
        "A\tTrue\t6\t6\t0\t0\t36\t1\t0\t0\t6\n"
        "B\tTrue\t6\t0\t0\t6\t12\t0\t0\t1\t2\n"
        "C\tTrue\t6\t0\t0\t12\t-12\t0\t0\t2\t-2\n"
        "D\tTrue\t5\t0\t0\t15\t-30\t0\t0\t3\t-6\n"
        "E\tFalse\t1\t0\t0\t3\t-6\t0\t0\t3\t-6\n"
        "F\tFalse\t0\t0\t0\t0\t0\t\t\t\t\n"
        "*\tTrue\t24\t6\t0\t36\t0\t0.25\t0\t1.5\t0\n"
    )


def test_with_no_games_everyone_is_regular_with_empty_fractions() -> None:
    assert table("b a c d\n") == [
        table("")[0],
        ["a", "True", "0", "0", "0", "0", "0", "", "", "", ""],
        ["b", "True", "0", "0", "0", "0", "0", "", "", "", ""],
        ["c", "True", "0", "0", "0", "0", "0", "", "", "", ""],
        ["d", "True", "0", "0", "0", "0", "0", "", "", "", ""],
        ["*", "True", "0", "0", "0", "0", "0", "", "", "", ""],
    ]


def test_rows_go_by_real_losses_per_game_not_net_score() -> None:
    # q loses more cards per game than p, so it ranks lower despite the better net score
    rows = table("p x y z\n2 0 1 1\nq x y z\n3 0 13 13\n")

    assert [(row[0], row[5], row[6]) for row in rows[1:]] == [
        ("x", "0", "85"),
        ("p", "2", "-4"),
        ("q", "3", "69"),
        ("y", "40", "-75"),
        ("z", "40", "-75"),
        ("*", "85", "0"),
    ]


def test_regular_players_come_first() -> None:
    text = "a b c d\n" + "0 5 5 5\n" * 7 + "e b c d\n0 1 1 1\n"
    rows = table(text)

    assert [(row[0], row[1]) for row in rows[1:]] == [
        ("a", "True"),
        ("b", "True"),
        ("c", "True"),
        ("d", "True"),
        ("e", "False"),
        ("*", "True"),
    ]


def test_the_fry_threshold_in_force_applies_to_each_game() -> None:
    scores = read_big_two_scores("a b c d\n0 10 1 1\nF=011\n0 10 1 1\n")

    assert [section.rules for section in scores.sections] == [BigTwoRules(10), BigTwoRules(11)]
    rows = {row[0]: row[1:7] for row in table("a b c d\n0 10 1 1\nF=011\n0 10 1 1\n")}
    assert rows["b"] == ["True", "2", "0", "1", "30", "-86"]


def test_numbers_may_have_leading_zeros() -> None:
    scores = read_big_two_scores("F=010\na b c d\n00 010 013 0003t\n")

    assert scores.sections[0].games == [(3, BigTwoHand((0, 10, 13, 3), takes_all=3))]
    assert scores.sections[0].rules == BigTwoRules(10)


def test_dates_have_no_order_and_sections_keep_them() -> None:
    scores = read_big_two_scores("2023-02-02\na b c d\n0 1 1 1\n2023-02-01\n9999-99-99\n0 2 2 2\n")

    assert [(section.date, section.lines) for section in scores.sections] == [
        ("2023-02-02", [3]),
        ("9999-99-99", [6]),
    ]


def test_a_leading_hyphen_is_allowed_in_names() -> None:
    assert [row[0] for row in table("-a b c d\n0 1 1 1\n")] == ["name", "-a", "b", "c", "d", "*"]


def test_losses_up_to_13_are_read_with_leading_zeros() -> None:
    assert table("a b c d\n0 0013 1 1\n")[-2][:6] == ["b", "True", "1", "0", "1", "39"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("0 2147483648 1 1", "b: cards left must be a whole number from 0 to 13"),
        ("0 1 14 1", "c: cards left must be a whole number from 0 to 13"),
        (f"0 1 1 {10**30}t", "d: cards left must be a whole number from 0 to 13"),
        ("0 1 1 " + "9" * 5000, "d: cards left must be a whole number from 0 to 13"),
        ("F=1001", "the fry threshold must be a whole number from 10 to 1000"),
        ("F=" + "9" * 5000, "the fry threshold must be a whole number from 10 to 1000"),
    ],
)
def test_numbers_beyond_the_engines_bounds_are_refused_with_their_line(
    line: str, message: str
) -> None:
    with pytest.raises(LineError) as error:
        read_big_two_scores(f"a b c d\n0 1 1 1\n{line}\n0 1 1 1\n")
    assert (error.value.line, error.value.message) == (3, message)


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("0 1 2 3", 1, "game losses declared without first declaring player names"),
        ("a b c d\n1 1 2 3", 2, "game does not have exactly one winner (loss `0`)"),
        ("a b c d\n0 0t 1t 2", 2, "game does not have exactly one winner (loss `0`)"),
        ("a b c d\n0 1t 2t 3", 2, "multiple players taking on all losses (suffix `t`)"),
        ("F=9", 1, "fry threshold 9 is below 10"),
        ("F=009", 1, "fry threshold 9 is below 10"),
        ("- - - -", 1, "duplicate player names ['-', '-', '-']"),
        ("a b a c", 1, "duplicate player names ['a']"),
    ],
)
def test_each_check_reports_the_reference_message(text: str, line: int, message: str) -> None:
    assert line_error(text) == (line, message)


@pytest.mark.parametrize(
    "line",
    [
        "1T 0 1 2",
        "1.5 0 1 2",
        "-1 0 1 2",
        "t1 0 1 2",
        "0 1 2 3 4",
        "F = 12",
        "F=x",
        "a b c",
        "0 1 2",
    ],
)
def test_lines_of_no_form_are_invalid(line: str) -> None:
    assert line_error(f"a b c d\n{line}\n") == (2, f"invalid line\n\n{BIG_TWO_EXPLAINER}")


def test_comments_blank_lines_and_a_byte_order_mark_are_fine() -> None:
    text = "\ufeff# 2013\n\n  a b c d#x\n\t0 1 1 1 # first\n0 1 1 1#x\n"

    assert read_big_two_scores(text.encode()).game_count == 2


def test_bad_utf8_is_a_line_error() -> None:
    assert line_error(b"a b c d\n0 1 1 1\n\x80") == (3, "line 3, column 1: not UTF-8 text")


def test_the_star_row_sums_the_players() -> None:
    rows = table("a b c d\n0 11 12 13\n1 1 1 0\nx b c d\n3t 0 1 2\n0t 1 1 1\n")

    assert rows[-1] == ["*", "True", "16", "4", "3", "97", "0", "0.25", "0.1875", "6.0625", "0"]


def test_the_reference_writer_keeps_names_a_spreadsheet_would_run_as_written() -> None:
    # mahjong-score writes what the reference program writes; only the site's downloads
    # neutralise formulas (scoring.score_files.spreadsheet_safe).
    names = [row[0] for row in table("=a -b +c @d\n0 1 2 3\n")[1:-1]]
    assert sorted(names) == ["+c", "-b", "=a", "@d"]
