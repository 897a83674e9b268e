"""Importing score files: the reference files' standings, idempotency, problems by line."""

from __future__ import annotations

import datetime as dt
import uuid
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from games import selectors, services
from games.importing import score_import
from games.importing.jobs import preview_of
from games.models import Club, Hand, Player, RuleSet, RuleSetVersion, Score, Season, Session
from scoring.engine.exact import format_ratio
from scoring.score_files import BIG_TWO_FORMAT, HK_FORMAT, ScoreFormat

DATA = Path(__file__).resolve().parents[2] / "engine" / "data"
BIG_TWO_2013 = DATA / "big-two-scorer" / "big-two-2013.txt"
COMPREHENSIVE = DATA / "hk-scorer" / "comprehensive.txt"


@pytest.fixture
def b2_season(club: Club, alice: User) -> Season:
    rules = services.rule_set_create(
        club=club, name="Big Two", family="big_two", params={"fry_threshold": 10}, by=alice
    )
    return services.season_save(club=club, name="2013", rule_set=rules)


def import_hk(season: Season, text: str, **options: Any) -> score_import.ImportPlan:
    return score_import.import_scores(
        season=season, text=text, score_format=HK_FORMAT, by=None, **options
    )


def import_big_two(season: Season, text: str, **options: Any) -> score_import.ImportPlan:
    return score_import.import_scores(
        season=season, text=text, score_format=BIG_TWO_FORMAT, by=None, **options
    )


def refusal(call: Any, *args: Any, **kwargs: Any) -> list[str]:
    with pytest.raises(score_import.ImportRefused) as refused:
        call(*args, **kwargs)
    return [str(problem) for problem in refused.value.problems]


def big_two_cells(row: selectors.StandingRow) -> list[str]:
    """A standings row as the reference TSV prints it."""
    fractions = (row.win_fraction, row.fry_fraction, row.real_losses_per_game, row.net_per_game)
    counts = (row.games, row.wins, row.fries, row.real_losses, int(row.net))
    return [
        row.name,
        str(row.is_regular),
        *map(str, counts),
        *(format_ratio(value) for value in fractions if value is not None),
    ]


# --- the acceptance files -----------------------------------------------------------------


def test_the_2013_big_two_file_gives_its_reference_standings(b2_season: Season) -> None:
    plan = import_big_two(b2_season, BIG_TWO_2013.read_text(), create_players=True)
    assert plan.game_count == 1104
    assert len(plan.new_players) == 20
    standings = selectors.season_standings(season=b2_season)
    expected = [line.split("\t") for line in (DATA / "big-two-scorer" / "big-two-2013.txt.tsv")
                .read_text().splitlines()[1:-1]]  # fmt: skip
    assert [big_two_cells(row) for row in standings] == expected
    assert Hand.objects.filter(session__season=b2_season).count() == 1104
    assert Score.objects.filter(season=b2_season).count() == 4 * 1104


def test_the_2013_file_pins_its_fry_threshold_as_a_new_version(b2_season: Season) -> None:
    plan = import_big_two(b2_season, BIG_TWO_2013.read_text(), create_players=True)
    assert [(v.number, v.params) for v in plan.new_versions] == [(2, {"fry_threshold": 11})]
    versions = Session.objects.filter(season=b2_season).values_list(
        "rule_set_version__params", flat=True
    )
    assert set(map(str, versions)) == {"{'fry_threshold': 11}"}
    first = RuleSetVersion.objects.get(rule_set=b2_season.rule_set, number=1)
    assert first.params == {"fry_threshold": 10}


def test_the_comprehensive_hk_file_scores_as_the_reference(
    season: Season, players: list[Player]
) -> None:
    plan = import_hk(season, COMPREHENSIVE.read_text())
    assert plan.new_versions == [] and plan.new_players == {}
    nets = {row.name: row.net for row in selectors.season_standings(season=season)}
    assert nets == {"C": 500, "B": 204, "A": 200, "D": -904}
    assert [row.name for row in selectors.season_standings(season=season)] == list("CBAD")


def test_undated_games_take_the_date_given(season: Season, players: list[Player]) -> None:
    import_hk(season, COMPREHENSIVE.read_text(), undated_on=dt.date(2020, 2, 2))
    assert Session.objects.get(season=season).played_on == dt.date(2020, 2, 2)


# --- sessions, idempotency ----------------------------------------------------------------

TWO_DATES = """\
B=2
M=6
R=half
2024-01-05
A B C D
- 2 d -
1 - - -
B A C D
- - - f
2024-01-06
A B C D
- - 3 d
"""


def test_each_date_and_seating_becomes_a_closed_session(
    season: Season, players: list[Player]
) -> None:
    import_hk(season, TWO_DATES)
    sessions = Session.objects.filter(season=season).order_by("pk")
    assert [(s.played_on.day, s.hands.count(), s.status) for s in sessions] == [
        (5, 2, "closed"),
        (5, 1, "closed"),
        (6, 1, "closed"),
    ]
    seated = [seat.player.name for seat in sessions[1].seats.order_by("position")]
    assert seated == ["B", "A", "C", "D"]
    hand = sessions[0].hands.get(number=1)
    assert hand.input == {"outcome": "discard", "winner": 1, "faan": 2, "blamed": 2}
    assert [s.points for s in hand.scores.order_by("seat")] == [-4, 16, -8, -4]


def test_importing_the_same_file_twice_creates_nothing(
    season: Season, players: list[Player]
) -> None:
    import_hk(season, TWO_DATES)
    plan = import_hk(season, TWO_DATES)
    assert (len(plan.new_sessions), plan.new_hand_count, plan.known_hand_count) == (0, 0, 4)
    assert Hand.objects.count() == 4 and Session.objects.count() == 3


def test_a_file_grown_by_appended_games_adds_only_those(
    season: Season, players: list[Player]
) -> None:
    import_hk(season, TWO_DATES)
    plan = import_hk(season, TWO_DATES + "- - 3 d\n2024-01-07\nD C B A\n- - - -\n")
    assert (len(plan.new_sessions), plan.new_hand_count) == (1, 2)
    last = Session.objects.get(season=season, played_on=dt.date(2024, 1, 6))
    assert list(last.hands.values_list("number", flat=True)) == [1, 2]
    assert Hand.objects.count() == 6


def what_the_preview_shows(season: Season, text: str, score_format: ScoreFormat) -> tuple[Any, ...]:
    """The check's preview, and each section it shows with the key that finds its session."""
    plan = score_import.plan_import(season=season, text=text, score_format=score_format)
    preview = preview_of(plan)
    return preview, list(zip([s.key for s in plan.sessions], preview["sessions"], strict=False))


def what_was_written(season: Season, key: str, added: int) -> dict[str, Any]:
    session = Session.objects.get(season=season, import_key=key)
    hands = session.hands.order_by("number")
    versions = {hand.rule_set_version.number for hand in hands}
    return {
        "played_on": session.played_on.isoformat(),
        "seating": [seat.player.name for seat in session.seats.order_by("position")],
        "games": added,
        "known": hands.count() - added,
        "version": versions.pop() if len(versions) == 1 else versions,
    }


@pytest.mark.parametrize(
    ("first", "then", "score_format"),
    [
        ("", COMPREHENSIVE.read_text(), HK_FORMAT),
        (TWO_DATES, TWO_DATES + "- - 3 d\n2024-01-07\nD C B A\n- - - -\n", HK_FORMAT),
        ("", BIG_TWO_2013.read_text(), BIG_TWO_FORMAT),
    ],
    ids=["comprehensive", "grown", "big-two-2013"],
)
def test_the_import_writes_what_its_preview_showed(
    club: Club, alice: User, first: str, then: str, score_format: ScoreFormat
) -> None:
    """The preview (the check's plan) and the import (planned again under its locks) agree
    on each session's day, seating, rules, and the games it had and gets."""
    rules = services.rule_set_create(
        club=club, name="Rules", family=score_format.family, params={}, by=alice
    )
    season = services.season_save(club=club, name="Season", rule_set=rules)
    if first:
        score_import.import_scores(
            season=season, text=first, score_format=score_format, by=None, create_players=True
        )
    preview, shown = what_the_preview_shows(season, then, score_format)
    hands_before = Hand.objects.count()
    score_import.import_scores(
        season=season, text=then, score_format=score_format, by=None, create_players=True
    )
    assert Hand.objects.count() - hands_before == preview["new_hands"] > 0
    assert len(shown) == min(preview["session_count"], 100)
    for key, entry in shown:
        written = what_was_written(season, key, entry["games"])
        assert {field: entry[field] for field in written} == written, entry["line"]


def test_client_ids_name_the_section_the_games_place_and_its_tokens(
    season: Season, players: list[Player]
) -> None:
    """The ids earlier imports gave (uuid5 of the section, the game's place in it and its
    tokens without a comment), so a file imported before is still recognised; the appended
    game is numbered on from the games imported before."""
    text = "2024-01-05\nA B C D\n- 2 d -\n1  -  - -   # after a long wait\n"
    import_hk(season, text)
    import_hk(season, text + "- - 3 d\n")
    section = f"{season.club_id}/{season.pk}/2024-01-05|A B C D|0"
    expected = [
        uuid.uuid5(score_import.NAMESPACE, f"{section}/{place}/{tokens}")
        for place, tokens in enumerate(["- 2 d -", "1 - - -", "- - 3 d"], 1)
    ]
    assert list(Hand.objects.order_by("number").values_list("client_id", flat=True)) == expected


def test_identical_games_in_a_session_are_each_imported(
    season: Season, players: list[Player]
) -> None:
    import_hk(season, "A B C D\n- 2 d -\n- 2 d -\n- 2 d -\n")
    assert Hand.objects.count() == 3


def test_a_changed_game_in_an_imported_session_is_refused(
    season: Season, players: list[Player]
) -> None:
    import_hk(season, TWO_DATES)
    changed = TWO_DATES.replace("1 - - -", "3 - - -") + "- - - -\n"
    problems = refusal(import_hk, season, changed)
    assert problems[0].startswith("line 7: this game differs from the one imported before")
    assert Hand.objects.count() == 4


def test_changed_rules_for_an_imported_session_are_refused(
    season: Season, players: list[Player]
) -> None:
    import_hk(season, TWO_DATES)
    problems = refusal(import_hk, season, TWO_DATES.replace("R=half", "R=full"))
    assert problems[0] == "line 6: these games were imported before under other rules; fix the file"


def test_the_same_file_in_another_season_is_a_separate_import(
    club: Club, season: Season, rule_set: RuleSet, players: list[Player]
) -> None:
    other = services.season_save(club=club, name="Autumn", rule_set=rule_set)
    import_hk(season, TWO_DATES)
    import_hk(other, TWO_DATES)
    assert Hand.objects.filter(session__season=other).count() == 4


# --- players and rules --------------------------------------------------------------------


def test_unknown_players_are_refused_unless_allowed(club: Club, season: Season) -> None:
    problems = refusal(import_hk, season, "2024-01-05\n\nAnn Bo Cy Di\n1 - - -\n")
    assert problems == [
        f"line 3: Dragons has no player called {name!r} (allow new players to add them)"
        for name in ("Ann", "Bo", "Cy", "Di")
    ]
    assert not Player.objects.exists() and not Session.objects.exists()
    plan = import_hk(season, "2024-01-05\n\nAnn Bo Cy Di\n1 - - -\n", create_players=True)
    assert list(plan.new_players) == ["Ann", "Bo", "Cy", "Di"]
    assert set(Player.objects.values_list("name", flat=True)) == {"Ann", "Bo", "Cy", "Di"}


def test_names_match_whatever_their_case(season: Season, players: list[Player]) -> None:
    plan = score_import.plan_import(
        season=season, text="a B C D\n1 - - -\n", score_format=HK_FORMAT
    )
    assert plan.new_players == {} and plan.players["a"] == players[0]


def test_settings_lines_find_or_create_versions(
    season: Season, rule_set: RuleSet, players: list[Player]
) -> None:
    text = "B=2\nM=6\nR=half\nA B C D\n1 - - -\nB=1\n2024-01-01\nA B C D\n1 - - -\n"
    plan = import_hk(season, text)
    assert [v.number for v in plan.versions] == [1, 2]
    assert [v.number for v in plan.new_versions] == [2]
    new = RuleSetVersion.objects.get(rule_set=rule_set, number=2)
    assert new.params == {"base": "1", "max_faan": 6, "responsibility": "half", "spiciness": "half"}
    assert Hand.objects.get(session__rule_set_version=new).scores.get(seat=0).points == 6


def test_a_used_version_is_never_modified(
    season: Season, rule_set: RuleSet, players: list[Player]
) -> None:
    before = list(RuleSetVersion.objects.values_list("pk", "params"))
    import_hk(season, "M=13\nA B C D\n13 - - -\n")
    assert list(RuleSetVersion.objects.filter(number=1).values_list("pk", "params")) == before
    assert RuleSetVersion.objects.count() == 2


def test_a_file_of_another_family_is_refused(b2_season: Season) -> None:
    problems = refusal(import_hk, b2_season, "A B C D\n1 - - -\n")
    assert "holds Hong Kong faan" in problems[0] and "Big Two" in problems[0]


# --- problems -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("A B C D\n1 - - -\nnonsense\n", "line 3: invalid line"),
        ("A B C D\n1 2 - -\n", "line 2: game declared with multiple winners (digits entries)"),
        ("- 2 d -\n", "line 1: game declared without first declaring player names"),
        ("2024-01-02\n2024-01-01\n", "line 2: bad chronological order 2024-01-01 < 2024-01-02"),
        ("M=99\nA B C D\n1 - - -\n", "line 1: maximum faan must be a whole number from 0 to 64"),
        ("B=0.00001\nA B C D\n1 - - -\n", "line 3: these rules cannot be used: base can have"),
        ("2024-02-30\nA B C D\n1 - - -\n", "line 3: 2024-02-30 is not a date in the calendar"),
        ("# only a comment\n", "The file has no games."),
    ],
)
def test_problems_name_their_line(
    season: Season, players: list[Player], text: str, problem: str
) -> None:
    problems = refusal(import_hk, season, text)
    assert problems[0].startswith(problem)
    assert not Session.objects.exists() and not Hand.objects.exists()


def test_every_problem_the_engine_lets_through_is_listed(
    season: Season, players: list[Player]
) -> None:
    text = "B=0.00001\nA B C D\n1 - - -\n2024-02-30\n1 - - -\nW X Y Z\n- - - -\n"
    problems = refusal(import_hk, season, text)
    places = "base can have at most 4 decimal places"
    assert problems == [
        f"line 3: these rules cannot be used: {places}",
        f"line 5: these rules cannot be used: {places}",
        f"line 7: these rules cannot be used: {places}",
        *(f"line 6: Dragons has no player called {n!r} (allow new players to add them)"
          for n in "WXYZ"),
    ]  # fmt: skip


def test_big_two_games_the_family_refuses_are_listed_by_line(b2_season: Season) -> None:
    # The reader allows 100 cards; the league's form does too: both are scored.
    problems = refusal(import_big_two, b2_season, "a b c d\n0 1 2 3\n", create_players=False)
    assert problems[0].startswith("line 1: Dragons has no player called 'a'")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "The file is empty."),
        (b"\n\n  \n", "The file has no lines: it is empty."),
        (b"A B C D\n\x89PNG\x00\x01", "line 2, column 1: not UTF-8 text"),
        (b"A B C D\nPNG\x00\x01", "line 2, column 4: a NUL character, which no text file holds"),
        (b"A B C D\n1 - - -\n\xff\xfe- - - -\n", "line 3, column 1: not UTF-8 text"),
    ],
)
def test_bad_uploads_are_explained(data: bytes, message: str) -> None:
    with pytest.raises(score_import.ImportRefused) as refused:
        score_import.decode(data)
    assert [str(problem) for problem in refused.value.problems] == [message]


def test_a_huge_file_is_refused_before_reading() -> None:
    with pytest.raises(score_import.ImportRefused, match="larger than 32 MB"):
        score_import.check_size(score_import.MAX_FILE_BYTES + 1)


def test_a_byte_order_mark_and_crlf_are_read(season: Season, players: list[Player]) -> None:
    text = score_import.decode("\ufeffA B C D\r\n1 - - -\r\n".encode())
    import_hk(season, text)
    # No setting lines: read under the season's rules (base 2), so 1 faan self-drawn is 12.
    assert Score.objects.filter(player__name="A").get().points == Decimal(12)


def test_lines_are_numbered_as_the_reader_numbers_them(season: Season) -> None:
    # A form feed ends a line for the reader (str.splitlines): A B C D is line 2, W X Y Z 4.
    plan = score_import.plan_import(
        season=season, text="B=2\x0cA B C D\n1 - - -\nW X Y Z\n- - - -\n", score_format=HK_FORMAT
    )
    assert plan.new_players == {name: 2 for name in "ABCD"} | {name: 4 for name in "WXYZ"}
