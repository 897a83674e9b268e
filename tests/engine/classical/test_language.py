"""The rules-file reader: valid files, every load error with its line, warnings (§2, §11)."""

import pytest

from scoring.engine.classical.language import (
    RulesFileError,
    check_rules,
    read_rules,
)
from scoring.engine.classical.model import PaymentMethod, RuleType, TermKind, Units
from scoring.engine.classical.rulebooks import PRESETS, preset, preset_text
from scoring.engine.text import TextError, decode_text


def errors_of(text: str) -> list[tuple[int, str]]:
    return [(e.line, e.message) for e in check_rules(text)[0]]


def test_the_minimal_file_loads_with_the_default_options() -> None:
    rules = read_rules("Short rules\n// END\n")
    assert rules.name == "Short rules"
    assert rules.rules == ()
    assert not rules.options.draw_advance_wind
    assert rules.options.payment_method is PaymentMethod.WINNER_COLLECT_OTHERS_DIFF_EAST_DOUBLE


def test_a_file_without_end_is_rejected_at_its_last_line() -> None:
    assert errors_of('Short rules\n10 3 "a" "PEM" 2 0\n') == [
        (2, "the rules file does not end with a '// END' line")
    ]


def test_everything_after_end_is_ignored() -> None:
    rules = read_rules('Short rules\n// END\nthis is not a rule\n99 9 "x" "ZZZ" x 7\n')
    assert rules.rules == ()


def test_comments_blank_lines_crlf_and_a_bom_are_accepted() -> None:
    text = '\ufeff// a comment\r\n\r\n  // indented comment\r\nName\r\n10 3 "P" "PEM" 2 0\r\n// END'
    rules = read_rules(text)
    assert rules.name == "Name"
    assert [r.line for r in rules.rules] == [5]


def test_nul_is_refused_by_line_in_bytes_and_in_text() -> None:
    with pytest.raises(TextError) as refused:
        decode_text(b"// ok\nName\x00\n// END\n")
    assert (refused.value.line, refused.value.message) == (
        2,
        "line 2, column 5: a NUL character, which no text file holds",
    )
    assert (1, "the line holds a NUL character; this is not a text file") in errors_of(
        "// a \x00 comment\nName\n// END\n"
    )


def test_options_are_read_and_the_last_one_wins() -> None:
    text = (
        "Name\nDrawAdvanceWind=T\nNewEastEachRound=T\nDrawResetConsec=T\n"
        "PaymentMethod=0\nPaymentMethod=4\n// END"
    )
    options = read_rules(text).options
    assert options.draw_advance_wind and options.new_east_each_round
    assert options.draw_reset_consec
    assert options.payment_method is PaymentMethod.DISCARDER_PAYMENT


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (" PaymentMethod=3", "an option line must start at the beginning of the line, no space"),
        (
            "PaymentMethod = 3",
            "no spaces are allowed around '=' in the option line 'PaymentMethod = 3'",
        ),
        ("PaymentMethod=5", "PaymentMethod must be 0, 1, 2, 3 or 4, not '5'"),
        ("PaymentMethod=", "PaymentMethod must be 0, 1, 2, 3 or 4, not ''"),
        ("DrawAdvanceWind=Y", "DrawAdvanceWind must be T or F, not 'Y'"),
        (
            "LimitHand=1000",
            "unknown option 'LimitHand' (the options are DrawAdvanceWind, NewEastEachRound, "
            "DrawResetConsec, PaymentMethod)",
        ),
        (
            "just some words",
            'expected an option line (Name=value) or a scoring rule (ID TYPE "description" '
            '"rule" value units)',
        ),
    ],
)
def test_malformed_option_lines_are_errors_on_their_line(line: str, message: str) -> None:
    assert errors_of(f"Name\n// c\n{line}\n// END\n") == [(3, message)]


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        (
            '10 3 "a" "PEM" 2',
            'a scoring rule has six fields: ID TYPE "description" "rule" '
            "value units; this line has 5",
        ),
        (
            '10 3 "a" "PEM" 2 0 7',
            'a scoring rule has six fields: ID TYPE "description" "rule" '
            "value units; this line has 7",
        ),
        ('10 3 "a "PEM" 2 0', "a double quote is not closed"),
        ('10 3 a "PEM" 2 0', "the description must be in double quotes, not 'a'"),
        ('10 3 "a" PEM 2 0', "the rule must be in double quotes, not 'PEM'"),
        ('100 3 "a" "PEM" 2 0', "the rule ID '100' is not a whole number from 0 to 99"),
        ('-1 3 "a" "PEM" 2 0', "the rule ID '-1' is not a whole number from 0 to 99"),
        ('10 4 "a" "PEM" 2 0', "TYPE '4' is not 0, 1, 2 or 3"),
        ('10 3 "a" "PEM" 2.5 0', "the value '2.5' is not a whole number"),
        (
            '10 3 "a" "PEM" 2 3',
            "units '3' is not 0 (points), 1 (doubles) or 2 (percent of the limit)",
        ),
        ('10 3 "a" "" 2 0', "rule 10 is calculated (TYPE 3) and needs a rule code"),
        ('10 3 "a" "PE" 2 0', "the sub-rule 'PE' is not three characters"),
        ('10 3 "a" "PEM & PCM" 2 0', "the sub-rule 'PEM ' in 'PEM & PCM' is not three characters"),
        ('10 3 "a" "PEM&" 2 0', "an operator has no sub-rule on one side in 'PEM&'"),
        ('10 3 "a" "PXM" 2 0', "the sub-rule 'PXM': 'X' cannot be character 2 of a pung sub-rule"),
        ('10 3 "a" "PKM" 2 0', "the sub-rule 'PKM': 'K' cannot be character 2 of a pung sub-rule"),
        ('10 3 "a" "C*8" 2 0', "the sub-rule 'C*8': '8' cannot be character 3 of a chow sub-rule"),
        (
            '10 3 "a" "F*5" 2 0',
            "the sub-rule 'F*5': '5' cannot be character 3 of a flower sub-rule",
        ),
        (
            '10 3 "a" "FCQ" 2 0',
            "the sub-rule 'FCQ': 'C' cannot be character 2 of a flower sub-rule",
        ),
        (
            '10 3 "a" "XEM" 2 0',
            "the sub-rule 'XEM': 'X' cannot start a sub-rule (use P K C T F "
            "S G, a rule ID, N or M)",
        ),
        (
            '10 3 "a" "pem" 2 0',
            "the sub-rule 'pem': 'p' cannot start a sub-rule (use P K C T F "
            "S G, a rule ID, N or M)",
        ),
        ('10 3 "a" "M*1" 2 0', "the sub-rule 'M*1': the Mahjong test is written M**"),
        ('10 3 "a" "N1X" 2 0', "the sub-rule 'N1X': N is followed by two digits (N13)"),
        (
            '10 3 "a" "5XS" 2 0',
            "the sub-rule '5XS': after a rule ID's first digit comes its second digit or '!'",
        ),
        (
            '10 3 "a" "5!X" 2 0',
            "the sub-rule '5!X': a rule reference ends in S (set), U (set, "
            "reusable) or C (not set)",
        ),
    ],
)
def test_malformed_scoring_rules_are_errors_on_their_line(rule: str, message: str) -> None:
    assert errors_of(f"Name\nPaymentMethod=3\n{rule}\n// END\n") == [(3, message)]


def test_a_duplicated_id_names_the_first_line() -> None:
    text = 'Name\n10 3 "a" "PEM" 2 0\n10 3 "b" "PCM" 4 0\n// END'
    assert errors_of(text) == [(3, "rule ID 10 is already used on line 2")]


def test_references_to_later_undefined_or_the_same_rule_are_errors() -> None:
    text = (
        "Name\n"
        '10 3 "a" "PEM&11S" 2 0\n'
        '11 3 "b" "PCM" 4 0\n'
        '12 3 "c" "PCM&40S" 4 0\n'
        '13 3 "d" "PCM&13C" 4 0\n'
        "// END"
    )
    assert errors_of(text) == [
        (
            2,
            "rule 10 refers to rule 11, which comes later in the file; a rule can only use "
            "rules above it",
        ),
        (4, "rule 12 refers to rule 40, which is not defined"),
        (5, "rule 13 refers to itself"),
    ]


def test_a_rule_with_only_u_references_is_an_error() -> None:
    text = 'Name\n1 1 "e" "" 0 0\n2 3 "r" "1!U" 1 0\n3 3 "s" "1!U&M**" 1 0\n// END'
    message = (
        "rule {} has only U references, so it would apply itself endlessly; add a tile-set "
        "sub-rule or an S reference"
    )
    assert errors_of(text) == [(3, message.format(2)), (4, message.format(3))]


def test_u_references_beside_a_set_or_an_s_reference_are_valid() -> None:
    rules = read_rules('Name\n1 1 "e" "" 0 0\n2 3 "r" "G**&1!U" 1 0\n3 3 "s" "01S&1!U" 1 0\n// END')
    assert [t.rule_id for t in rules.rules[2].terms] == [1, 1]


def test_more_than_99_rules_is_an_error_on_the_hundredth() -> None:
    lines = [f'{n} 3 "r" "PEM" 1 0' for n in range(100)]
    assert errors_of("Name\n" + "\n".join(lines) + "\n// END") == [
        (101, "a rules file has at most 99 scoring rules")
    ]


def test_a_file_of_comments_has_no_name() -> None:
    assert errors_of("// only\n\n// END\n") == [
        (3, "the rules file has no name line (the first line that is not a comment)")
    ]


def test_all_errors_are_listed_and_read_rules_raises_the_first() -> None:
    text = 'Name\nPaymentMethod=9\n10 3 "a" "QQQ" 2 0\n// END'
    with pytest.raises(RulesFileError) as raised:
        read_rules(text)
    assert raised.value.line == 2
    assert [e.line for e in raised.value.errors] == [2, 3]


def test_a_file_that_is_not_utf8_names_the_line() -> None:
    with pytest.raises(TextError) as raised:
        decode_text(b'Name\n10 3 "\xff" "PEM" 2 0\n// END')
    assert (raised.value.line, raised.value.message) == (2, "line 2, column 7: not UTF-8 text")


def test_only_the_last_consecutive_east_test_counts_with_a_warning() -> None:
    text = 'Name\n97 2 "a" "N09" 100 2\n98 2 "b" "N13" 100 2\n// END'
    rules = read_rules(text)
    assert (rules.consecutive_rule, rules.east_limit) == (98, 13)
    assert [(w.line, w.message) for w in rules.warnings] == [
        (
            2,
            "rule 97 is ignored: only one consecutive-East test is allowed and the last one "
            "(line 3) counts",
        )
    ]


def test_a_consecutive_test_not_first_in_its_rule_does_not_pass_the_deal() -> None:
    rules = read_rules('Name\n97 2 "a" "M**&N05" 100 2\n// END')
    assert (rules.consecutive_rule, rules.east_limit) == (97, None)


def test_sub_rule_kinds_and_one_digit_references() -> None:
    rules = read_rules('Name\n5 0 "e" "" 0 0\n6 2 "x" "5!S&05U|M**&N13&F Q&G*D" 1 1\n// END')
    rule = rules.by_id[6]
    assert [t.kind for t in rule.terms] == [
        TermKind.REFERENCE,
        TermKind.REFERENCE,
        TermKind.MAHJONG,
        TermKind.CONSECUTIVE,
        TermKind.SET,
        TermKind.SET,
    ]
    assert rule.operators == ("&", "|", "&", "&", "&")
    assert (rule.type, rule.units, rule.value) == (RuleType.MAHJONG_CALCULATED, Units.DOUBLES, 1)


def test_event_rules_may_have_an_empty_code_but_not_a_malformed_one() -> None:
    assert read_rules('Name\n31 0 "Event" "" 2 0\n// END').by_id[31].terms == ()
    assert errors_of('Name\n31 0 "Event" "P" 2 0\n// END') == [
        (2, "the sub-rule 'P' is not three characters")
    ]


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_shipped_presets_load_without_warnings(name: str) -> None:
    assert check_rules(preset_text(name)) == ([], [])
    assert preset(name).rules


def test_the_millington_preset_keeps_the_deal_after_a_draw_and_passes_it_after_13() -> None:
    rules = preset("millington")
    assert not rules.options.draw_advance_wind
    assert rules.east_limit == 13
    assert rules.options.limit == 1000
