"""The HK score file: line forms, checks and messages in order, the window, statistics, TSV."""

from fractions import Fraction

import pytest

from scoring.engine.errors import LineError
from scoring.engine.hk import HKHand, HKRules, Outcome, Responsibility, Spiciness
from scoring.engine.hk_scorefile import (
    HK_EXPLAINER,
    hk_output_name,
    hk_statistics,
    hk_tsv,
    read_hk_scores,
)


def table(source: str | bytes, **window: str) -> list[list[str]]:
    """The TSV rows (header included) as lists of cells."""
    tsv = hk_tsv(hk_statistics(read_hk_scores(source, **window)))
    assert tsv.endswith("\n")
    return [row.split("\t") for row in tsv.split("\n")[:-1]]


def rows_by_name(source: str | bytes, **window: str) -> dict[str, list[str]]:
    return {row[0]: row[1:] for row in table(source, **window)[1:]}


def line_error(source: str | bytes, **window: str) -> tuple[int, str]:
    with pytest.raises(LineError) as error:
        read_hk_scores(source, **window)
    return error.value.line, error.value.message


# --- §3.3 and the other messages, each with its line ------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("1 - - -", 1, "game declared without first declaring player names"),
        ("A B C D\n1 2 - -", 2, "game declared with multiple winners (digits entries)"),
        (
            "M=6\nA B C D\n7 - - -",
            3,
            "game declared with winner's faan exceeding maximum faan (6)",
        ),
        (
            "M=006\nA B C D\n- 07 - -",
            3,
            "game declared with winner's faan exceeding maximum faan (6)",
        ),
        (
            "A B C D\n1 d S -",
            2,
            "game declared with multiple players blamed (suffix `d`, `S`, or `f`)",
        ),
        (
            "A B C D\n- d - -",
            2,
            "game declared with no winner yet non-false-win blame (suffix `d`, `D`, or `S`)",
        ),
        (
            "A B C D\n- - S -",
            2,
            "game declared with no winner yet non-false-win blame (suffix `d`, `D`, or `S`)",
        ),
        ("A B C D\n1 f - -", 2, "game declared with winner yet false-win blame (suffix `f`)"),
        (
            "A B C D\n1 D - -",
            2,
            "discard-guarantee `D` is redundant under full responsibility (全銃)",
        ),
        ("2023-02-02\n2023-02-01", 2, "bad chronological order 2023-02-01 < 2023-02-02"),
        ("B=1.2.3", 1, "unable to convert 1.2.3 to float"),
        ("# base\nB=.", 2, "unable to convert . to float"),
        ("A B A C", 1, "duplicate player names ['A']"),
        ("A A A A", 1, "duplicate player names ['A', 'A', 'A']"),
        ("A B A B", 1, "duplicate player names ['A', 'B']"),
        ("d d S f", 1, "duplicate player names ['d']"),
    ],
)
def test_each_check_reports_the_reference_message(text: str, line: int, message: str) -> None:
    assert line_error(text) == (line, message)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # check 3 (faan) comes before check 4 (several blamed)
        ("M=6\nA B C D\n7 d d -", "game declared with winner's faan exceeding maximum faan (6)"),
        # check 2 (several winners) comes before check 3 (faan)
        ("M=6\nA B C D\n7 8 - -", "game declared with multiple winners (digits entries)"),
        # check 4 before check 6
        (
            "A B C D\n1 f d -",
            "game declared with multiple players blamed (suffix `d`, `S`, or `f`)",
        ),
        # check 5 before check 7: no winner, and D under full responsibility
        (
            "A B C D\n- D - -",
            "game declared with no winner yet non-false-win blame (suffix `d`, `D`, or `S`)",
        ),
    ],
)
def test_the_checks_run_in_the_reference_order(text: str, message: str) -> None:
    assert line_error(text) == (3 if text.startswith("M=") else 2, message)


def test_a_game_before_any_player_line_fails_even_when_it_is_also_bad() -> None:
    assert line_error("1 2 d d") == (1, "game declared without first declaring player names")


@pytest.mark.parametrize(
    "line",
    [
        "R=Half",
        "R = half",
        "S=hot",
        "2023-1-05",
        "B=1e3",
        "B=-1",
        "M=-1",
        "A B C",
        "A B C D E",
        "2.5 - - -",
        "1d - - -",
        "- - - - -",
        "1 - - - x",
        "- - - x",
        "A B C *D",
        "A B C 1D",
        "A B C -D",
        "A#B C D E F",
    ],
)
def test_lines_of_no_form_are_invalid(line: str) -> None:
    assert line_error(f"A B C D\n{line}\n") == (2, f"invalid line\n\n{HK_EXPLAINER}")


# --- Accepted forms -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("setting", "rules"),
    [
        ("B=.5", HKRules(base=Fraction(1, 2))),
        ("B=5.", HKRules(base=Fraction(5))),
        ("B=0", HKRules(base=Fraction(0))),
        ("B=0.1", HKRules(base=Fraction(1, 10))),
        ("M=0", HKRules(max_faan=0)),
        ("M=020", HKRules(max_faan=20)),
        ("R=half", HKRules(responsibility=Responsibility.HALF)),
        ("S=spicy", HKRules(spiciness=Spiciness.SPICY)),
        ("  S=spicy\t# after", HKRules(spiciness=Spiciness.SPICY)),
    ],
)
def test_a_setting_applies_to_the_games_that_follow(setting: str, rules: HKRules) -> None:
    scores = read_hk_scores(f"A B C D\n{setting}\n- - - -\n")

    assert [section.rules for section in scores.sections] == [rules]


def test_settings_never_reset_and_survive_player_lines() -> None:
    scores = read_hk_scores("B=2\nR=half\nA B C D\n1 - - -\nE F G H\nM=8\n1 - - -\n")

    assert [section.rules for section in scores.sections] == [
        HKRules(base=Fraction(2), responsibility=Responsibility.HALF),
        HKRules(base=Fraction(2), max_faan=8, responsibility=Responsibility.HALF),
    ]
    assert [section.seating for section in scores.sections] == [
        ("A", "B", "C", "D"),
        ("E", "F", "G", "H"),
    ]


def test_sections_carry_date_rules_seating_and_each_game_with_its_line() -> None:
    scores = read_hk_scores(
        "2023-03-01\nR=half\nA B C D\n- 2 d -\n\n- - - -\n2023-03-02\n- - - -\n"
    )

    assert [(s.date, s.seating, s.games) for s in scores.sections] == [
        (
            "2023-03-01",
            ("A", "B", "C", "D"),
            [(4, HKHand(Outcome.DISCARD, winner=1, faan=2, blamed=2)), (6, HKHand(Outcome.DRAW))],
        ),
        ("2023-03-02", ("A", "B", "C", "D"), [(8, HKHand(Outcome.DRAW))]),
    ]
    assert scores.players == ["A", "B", "C", "D"]
    assert scores.game_count == 3


def test_impossible_dates_and_equal_dates_are_accepted() -> None:
    scores = read_hk_scores("2023-02-30\n2023-02-30\n2023-13-45\nA B C D\n- - - -\n")

    assert scores.sections[0].date == "2023-13-45"


def test_tokens_that_are_blame_letters_can_be_names() -> None:
    rows = rows_by_name("d D S f\n1 d - -\n")

    assert rows["d"][:2] == ["1", "1"]
    assert rows["D"][3] == "1"  # blame_count


def test_names_of_every_kind_and_quoting() -> None:
    tsv = hk_tsv(hk_statistics(read_hk_scores('王 O"Neil B=x p2\n- 1 - -\n')))

    assert tsv.splitlines()[1:4] == [
        '"O""Neil"\t1\t1\t1\t0\t0\t6\t6',
        "B=x\t1\t0\t0\t0\t0\t-2\t-2",
        "p2\t1\t0\t0\t0\t0\t-2\t-2",
    ]
    assert tsv.splitlines()[4] == "王\t1\t0\t0\t0\t0\t-2\t-2"


def test_players_without_games_have_nan_rows_after_the_others() -> None:
    rows = table("A B C D\n1 d - -\nB C D E\n")

    assert rows[-2] == ["E", "0", "0", "nan", "0", "nan", "0", "nan"]
    assert rows[-1] == ["*", "4", "1", "0.25", "1", "0.25", "0", "0"]


def test_no_player_lines_give_the_header_and_the_star_row() -> None:
    assert table("# nothing\n2023-01-01\n") == [
        [
            "name",
            "game_count",
            "win_count",
            "win_fraction",
            "blame_count",
            "blame_fraction",
            "net_score",
            "net_score_per_game",
        ],
        ["*", "0", "0", "nan", "0", "nan", "0", "nan"],
    ]


# --- §2.1 text conventions -----------------------------------------------------------------


def test_separators_may_be_any_whitespace_and_comments_may_be_glued() -> None:
    text = "\tA\u3000B\u00a0C  D#x\r\n 1\t-\u3000- -#x\r\n\u00a0# only a comment\r\n"

    assert rows_by_name(text)["A"] == ["1", "1", "1", "0", "0", "6", "6"]


def test_a_form_feed_splits_a_line_and_shifts_later_line_numbers() -> None:
    assert line_error("# a\x0c# b\nA B C D\nbogus\n")[0] == 4
    assert line_error("A B C D\n1 - -\x0c- -\n")[0] == 2  # "1 - -" alone is no form


def test_a_final_line_break_starts_no_extra_line() -> None:
    assert read_hk_scores("A B C D\n1 - - -\n").game_count == 1


def test_a_byte_order_mark_is_dropped() -> None:
    assert read_hk_scores("\ufeffA B C D\n1 - - -\n".encode()).players == ["A", "B", "C", "D"]
    assert read_hk_scores("\ufeff# a comment\n".encode()).sections == []


@pytest.mark.parametrize(
    ("data", "line", "column"),
    [
        (b"\xff", 1, 1),
        (b"A B C D\n\xff- - -\n", 2, 1),
        (b"A B C D\n1 - - -\n", 0, 0),
        (b"A B C D\r\n1 - - -\r\n\xc3", 3, 1),
        (b"A B C D\r\n1 - - - # caf\xc3\xa9 \xc3(\n", 2, 16),  # é is one character
        (b"# a\x0c# b\n\xed\xa0\x80", 3, 1),  # an encoded surrogate is not valid UTF-8
    ],
)
def test_bad_utf8_is_reported_at_the_line_and_column_of_the_first_bad_byte(
    data: bytes, line: int, column: int
) -> None:
    if line == 0:
        assert read_hk_scores(data).game_count == 1
    else:
        assert line_error(data) == (line, f"line {line}, column {column}: not UTF-8 text")


def test_bad_utf8_wins_over_an_earlier_bad_line() -> None:
    assert line_error(b"bogus\n\xff\n") == (2, "line 2, column 1: not UTF-8 text")


def test_a_nul_is_reported_at_its_line_and_column() -> None:
    assert line_error(b"A B C D\n1 -\x00 - -\n") == (
        2,
        "line 2, column 4: a NUL character, which no text file holds",
    )


# --- §3.5 the window ----------------------------------------------------------------------

WINDOW_FILE = """\
B=2
R=half
A B C D
1 - - -
??? bogus
2023-02-01
- 2 - d
2023-03-01
A B C D
- 2 - d
2023-03-02
M=4
- - - f
"""


def test_the_window_skips_settings_seating_and_bad_lines_before_it() -> None:
    scores = read_hk_scores(WINDOW_FILE, date_from="2023-03-01")

    assert [(s.date, s.rules) for s in scores.sections] == [
        ("2023-03-01", HKRules()),
        ("2023-03-02", HKRules(max_faan=4)),
    ]
    assert table(WINDOW_FILE, date_from="2023-03-01")[1:] == [
        ["B", "2", "1", "0.5", "0", "0", "56", "28"],
        ["A", "2", "0", "0", "0", "0", "48", "24"],
        ["C", "2", "0", "0", "0", "0", "48", "24"],
        ["D", "2", "0", "0", "2", "1", "-152", "-76"],
        ["*", "8", "1", "0.125", "2", "0.25", "0", "0"],
    ]


def test_a_game_on_the_to_date_is_excluded() -> None:
    text = "2023-03-01\nA B C D\n1 - - -\n2023-03-02\nA B C D\n2 - - -\n"

    scores = read_hk_scores(text, date_from="2023-03-01", date_to="2023-03-02")

    assert [hand.faan for section in scores.sections for hand in section.hands] == [1]


def test_lines_before_the_first_date_are_outside_any_window() -> None:
    assert read_hk_scores("bogus\nA B C D\n1 - - -\n", date_to="2023-01-01").sections == []
    assert read_hk_scores("bogus\nA B C D\n1 - - -\n", date_from="").sections == []


def test_inside_the_window_a_game_needs_a_player_line_of_its_own() -> None:
    text = "A B C D\n2023-03-01\n1 - - -\n"

    assert line_error(text, date_from="2023-03-01") == (
        3,
        "game declared without first declaring player names",
    )


def test_names_seen_only_outside_the_window_have_no_row() -> None:
    text = "E F G H\n2023-03-01\nA B C D\n1 - - -\n"

    assert list(rows_by_name(text, date_from="2023-03-01")) == ["A", "B", "C", "D", "*"]


def test_dates_are_checked_for_order_outside_the_window_too() -> None:
    text = "2023-03-05\n2023-03-04\n"

    assert line_error(text, date_from="2024-01-01") == (
        2,
        "bad chronological order 2023-03-04 < 2023-03-05",
    )


def test_window_dates_are_compared_as_strings() -> None:
    text = "2023-3-01 is no date\n2023-03-01\nA B C D\n1 - - -\n"

    assert read_hk_scores(text, date_from="2023-03").game_count == 1
    assert read_hk_scores(text, date_from="2023-03-01x").game_count == 0


def test_the_output_name_appends_the_window_as_given() -> None:
    assert hk_output_name("dir/s.txt") == "dir/s.txt.tsv"
    assert hk_output_name("s.txt", date_to="x") == "s.txt --to x.tsv"


# --- §4 payments through the file, §5 output ------------------------------------------------

HALF_MULTIPLIERS = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384]
SPICY_MULTIPLIERS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192]


@pytest.mark.parametrize(
    ("spiciness", "multipliers"), [("half", HALF_MULTIPLIERS), ("spicy", SPICY_MULTIPLIERS)]
)
@pytest.mark.parametrize("faan", range(14))
def test_a_self_drawn_winner_nets_three_times_the_multiplier(
    spiciness: str, multipliers: list[int], faan: int
) -> None:
    rows = rows_by_name(f"S={spiciness}\nA B C D\n{faan} - - -\n")

    assert rows["A"][5] == str(3 * multipliers[faan])
    assert rows["B"][5] == str(-multipliers[faan])


def test_comprehensive_example_settles_game_by_game() -> None:
    header = "B=2\nM=6\nR=half\nS=half\nA B C D\n"
    expected = {
        "- - - -": [0, 0, 0, 0],
        "- - - f": [192, 192, 192, -576],
        "1 - - -": [12, -4, -4, -4],
        "- 2 d -": [-4, 16, -8, -4],
        "- - 6 D": [0, 0, 128, -128],
        "- - 6 S": [0, 0, 192, -192],
    }
    for game, nets in expected.items():
        rows = rows_by_name(header + game)
        assert [int(rows[name][5]) for name in "ABCD"] == nets, game


def test_full_responsibility_puts_the_whole_discard_on_the_discarder() -> None:
    rows = rows_by_name("A B C D\n- 2 d -\n")

    assert [rows[name][5] for name in "ABCD"] == ["0", "8", "-8", "0"]


EXACT_FILE = "B=0.1\nR=half\nA B C D\n- 6 - -\n- - S 5\n- 8 d -\nB=1\nE F G H\n- 0 d -\n" + (
    "- - - -\n" * 15
)


def test_exact_arithmetic_never_leaves_residue_or_minus_zero() -> None:
    rows = table(EXACT_FILE)

    assert [(row[0], row[6], row[7]) for row in rows[1:]] == [
        ("B", "22.4", "7.4667"),
        ("D", "0.8", "0.2667"),
        ("F", "2", "0.125"),
        ("E", "-0.5", "-0.0312"),
        ("H", "-0.5", "-0.0312"),
        ("G", "-1", "-0.0625"),
        ("A", "-6.4", "-2.1333"),
        ("C", "-16.8", "-5.6"),
        ("*", "0", "0"),
    ]
    assert rows[-1] == ["*", "76", "4", "0.0526", "3", "0.0395", "0", "0"]


def test_a_tiny_negative_score_prints_0_not_minus_0() -> None:
    rows = rows_by_name("B=0.00001\nR=half\nA B C D\n- 0 d -\n")

    assert [rows[name][5:] for name in "AC"] == [["0", "0"], ["0", "0"]]
    rows = rows_by_name("B=0.0001\nR=half\nA B C D\n- 0 d -\n")
    assert rows["A"][5:] == ["-0.0001", "-0.0001"]  # the double of -0.00005 lies past the tie


def test_the_largest_payments_print_every_digit() -> None:
    rows = rows_by_name("B=10000\nM=63\nS=spicy\nA B C D\n- - - f\n")

    assert rows["D"][5] == str(-9 * 10000 * 2**63)  # a false win at 63 faan, spicy
    assert rows["A"][5] == rows["A"][6] == str(3 * 10000 * 2**63)


def test_rules_whose_payments_exceed_what_is_recorded_are_refused() -> None:
    with pytest.raises(LineError) as error:
        read_hk_scores("B=10000\nM=64\nS=spicy\nA B C D\n- - - f\n")
    assert error.value.line == 3
    assert error.value.message.startswith("a false win at 64 faan would pay more points")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("M=65", "maximum faan must be a whole number from 0 to 64"),
        ("M=2100", "maximum faan must be a whole number from 0 to 64"),
        ("M=" + "9" * 5000, "maximum faan must be a whole number from 0 to 64"),
        ("B=10000.5", "base must be a number from 0 to 10000"),
        ("B=" + "9" * 5000, "base must be a number from 0 to 10000"),
        ("- 2147483648 - -", "game declared with winner's faan exceeding maximum faan (13)"),
        (
            "- " + "9" * 5000 + " - -",
            "game declared with winner's faan exceeding maximum faan (13)",
        ),
    ],
)
def test_numbers_beyond_the_engines_bounds_are_refused_with_their_line(
    line: str, message: str
) -> None:
    with pytest.raises(LineError) as error:
        read_hk_scores(f"A B C D\n1 - - -\n{line}\n1 - - -\n")
    assert (error.value.line, error.value.message) == (3, message)


def test_rows_sort_by_net_per_game_then_name_in_code_point_order() -> None:
    rows = table("b a Z 王\n- - - -\nΩ z A B\n- - - -\n")

    assert [row[0] for row in rows[1:]] == ["A", "B", "Z", "a", "b", "z", "Ω", "王", "*"]


def test_rows_sort_on_the_exact_values_not_the_printed_ones() -> None:
    # Y nets 1/3 per game and X 0.3333: both print 0.3333, yet Y ranks first.
    text = "Y P Q R\n0 d - -\n" + "- - - -\n" * 5 + "B=0.16665\nX S T U\n0 d - -\n"
    rows = table(text)

    assert [(row[0], row[7]) for row in rows[1:3]] == [("Y", "0.3333"), ("X", "0.3333")]
    assert [row[0] for row in rows[3:]] == ["Q", "R", "T", "U", "S", "P", "*"]


def test_a_repeated_game_line_is_checked_again_under_new_rules() -> None:
    text = "R=half\nA B C D\n1 D - -\n1 D - -\nR=full\n1 D - -\n"

    assert line_error(text) == (
        6,
        "discard-guarantee `D` is redundant under full responsibility (全銃)",
    )


def test_a_repeated_game_line_follows_the_seating_and_spacing_does_not_matter() -> None:
    scores = read_hk_scores("A B C D\n1 - - -\nE F G H\n1  -\t- -\n1 - - -\n")

    assert [(s.seating[0], s.lines) for s in scores.sections] == [("A", [2]), ("E", [4, 5])]
    assert scores.sections[1].hands[0] == scores.sections[1].hands[1]


def test_a_repeated_game_line_needs_a_player_line_after_the_window_opens() -> None:
    text = "A B C D\n1 - - -\n2023-03-01\n1 - - -\n"

    assert line_error(text, date_from="2023-01-01") == (
        4,
        "game declared without first declaring player names",
    )
