"""Exporting a season: the score file scores to the standings, and standings as CSV and TSV."""

from __future__ import annotations

import csv
import datetime as dt
import io
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import exporting, selectors, services
from games.importing import score_import
from games.models import Club, Player, RuleSet, Season
from games.services.session_rules import session_switch_rules
from scoring.engine.big_two_scorefile import big_two_statistics, read_big_two_scores
from scoring.engine.hk_scorefile import hk_statistics, read_hk_scores
from scoring.score_files import BIG_TWO_FORMAT, HK_FORMAT, ScoreFormat
from tests.conftest import HK_HALF

DATA = Path(__file__).resolve().parents[1] / "engine" / "data"
BIG_TWO_2013 = DATA / "big-two-scorer" / "big-two-2013.txt"
COMPREHENSIVE = DATA / "hk-scorer" / "comprehensive.txt"


@pytest.fixture
def b2_rules(club: Club, alice: User) -> RuleSet:
    return services.rule_set_create(
        club=club, name="Big Two", family="big_two", params={"fry_threshold": 10}, by=alice
    )


@pytest.fixture
def season_2013(club: Club, b2_rules: RuleSet) -> Season:
    season = services.season_save(club=club, name="2013", rule_set=b2_rules)
    return load(season, BIG_TWO_2013.read_text(), BIG_TWO_FORMAT)


@pytest.fixture
def hk_season(season: Season, players: list[Player]) -> Season:
    return load(season, COMPREHENSIVE.read_text(), HK_FORMAT)


def load(season: Season, text: str, score_format: ScoreFormat) -> Season:
    """Import ``text`` into ``season``, adding its players."""
    score_import.import_scores(
        season=season, text=text, score_format=score_format, by=None, create_players=True
    )
    return season


def exported(season: Season, score_format: ScoreFormat) -> str:
    return "".join(exporting.season_score_file(season=season, score_format=score_format))


def standings_tsv(season: Season) -> str:
    return "".join(exporting.standings_tsv(season, selectors.season_standings(season=season)))


def body(response: Any) -> str:
    """A download's text: the files stream out."""
    return b"".join(response.streaming_content).decode()


# --- the standings files ------------------------------------------------------------------


def test_the_2013_standings_tsv_is_the_reference_file_byte_for_byte(season_2013: Season) -> None:
    assert standings_tsv(season_2013) == (BIG_TWO_2013.parent / "big-two-2013.txt.tsv").read_text()


def test_the_hk_standings_tsv_is_the_reference_file_byte_for_byte(hk_season: Season) -> None:
    assert standings_tsv(hk_season) == (COMPREHENSIVE.parent / "comprehensive.txt.tsv").read_text()


def test_standings_download_as_csv_and_tsv(as_charlie: Client, hk_season: Season) -> None:
    response = as_charlie.get(f"/c/dragons/seasons/{hk_season.pk}/standings.csv")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="dragons-spring.csv"'
    rows = list(csv.reader(io.StringIO(body(response))))
    assert rows[0][:3] == ["name", "game_count", "win_count"]
    assert [(row[0], row[6]) for row in rows[1:]] == [
        ("C", "500"),
        ("B", "204"),
        ("A", "200"),
        ("D", "-904"),
        ("*", "0"),
    ]
    tsv = as_charlie.get(f"/c/dragons/seasons/{hk_season.pk}/standings.tsv")
    assert tsv["Content-Type"] == "text/tab-separated-values; charset=utf-8"
    assert body(tsv) == standings_tsv(hk_season)


# Names a spreadsheet would run as formulas (OWASP's CSV injection examples).
FORMULA_NAMES = ['=HYPERLINK("http://x")', "+SUM(1,2)", "-2+3+cmd|x", "@SUM(1+1)"]


@pytest.mark.parametrize("kind", ["csv", "tsv"])
@pytest.mark.parametrize("family", ["hk", "big_two"])
def test_standings_downloads_neutralise_formulas(
    as_charlie: Client, club: Club, alice: User, kind: str, family: str
) -> None:
    params = {"hk": HK_HALF, "big_two": {"fry_threshold": 10}}[family]
    rules = services.rule_set_create(club=club, name="R", family=family, params=params, by=alice)
    season = services.season_save(club=club, name="Formulas", rule_set=rules)
    players = [services.player_create(club=club, name=name) for name in FORMULA_NAMES]
    session = services.session_start(
        season=season, played_on=dt.date(2026, 1, 2), players=players, by=alice
    )
    hand = {
        "hk": {"outcome": "self_drawn", "winner": 0, "faan": 3},
        "big_two": {"losses": [0, 1, 2, 13]},
    }
    services.hand_record(session=session, hand_input=hand[family], by=alice)
    response = as_charlie.get(f"/c/dragons/seasons/{season.pk}/standings.{kind}")
    rows = list(csv.reader(io.StringIO(body(response)), delimiter="," if kind == "csv" else "\t"))
    assert sorted(row[0] for row in rows[1:-1]) == sorted(f"'{name}" for name in FORMULA_NAMES)
    # Negative numbers are numbers, not formulas: they stay as they are.
    numbers = [cell for row in rows[1:] for cell in row[1:]]
    assert any(cell.startswith("-") for cell in numbers)
    assert not any(cell.startswith("'") for cell in numbers)


def test_standings_downloads_follow_the_page_filters(as_charlie: Client, hk_season: Season) -> None:
    response = as_charlie.get(f"/c/dragons/seasons/{hk_season.pk}/standings.tsv?date_to=2000-01-01")
    assert body(response).splitlines()[1:] == ["*\t0\t0\tnan\t0\tnan\t0\tnan"]


def test_an_unknown_download_kind_is_not_found(as_charlie: Client, hk_season: Season) -> None:
    assert as_charlie.get(f"/c/dragons/seasons/{hk_season.pk}/standings.xls").status_code == 404


def test_the_season_page_links_its_files(
    as_alice: Client, as_charlie: Client, hk_season: Season
) -> None:
    page = as_charlie.get(f"/c/dragons/seasons/{hk_season.pk}/").content.decode()
    for path in ("standings.csv", "standings.tsv", "scores.txt"):
        assert f"/c/dragons/seasons/{hk_season.pk}/{path}" in page
    assert "/import/" not in page
    assert "/import/" in as_alice.get(f"/c/dragons/seasons/{hk_season.pk}/").content.decode()


# --- the score file -----------------------------------------------------------------------


def test_the_exported_2013_file_scores_to_the_season_standings(season_2013: Season) -> None:
    text = exported(season_2013, BIG_TWO_FORMAT)
    statistics = big_two_statistics(read_big_two_scores(text))
    standings = selectors.season_standings(season=season_2013)
    assert [row.cells() for row in statistics] == [
        row.cells() for row in exporting.standings_stats(season_2013, standings)
    ]


def test_the_exported_hk_file_scores_to_the_season_standings(hk_season: Season) -> None:
    text = exported(hk_season, HK_FORMAT)
    assert text.splitlines()[3:8] == ["B=2", "M=6", "R=half", "S=half", "A B C D"]
    statistics = hk_statistics(read_hk_scores(text))
    assert [row.cells() for row in statistics] == [
        row.cells()
        for row in exporting.standings_stats(
            hk_season, selectors.season_standings(season=hk_season)
        )
    ]


@pytest.mark.parametrize(
    ("source", "score_format"), [(BIG_TWO_2013, BIG_TWO_FORMAT), (COMPREHENSIVE, HK_FORMAT)]
)
def test_export_then_import_into_a_fresh_season_gives_the_same_standings(
    club: Club, alice: User, players: list[Player], source: Path, score_format: ScoreFormat
) -> None:
    family_params = {"big_two": {"fry_threshold": 10}, "hk": {}}[score_format.family]
    rules = services.rule_set_create(
        club=club, name="Rules", family=score_format.family, params=family_params, by=alice
    )
    first = load(
        services.season_save(club=club, name="First", rule_set=rules),
        source.read_text(),
        score_format,
    )
    fresh = services.season_save(club=club, name="Re-imported", rule_set=rules)
    second = load(fresh, exported(first, score_format), score_format)
    assert standings_tsv(second) == standings_tsv(first)


def test_a_season_played_on_the_site_round_trips(
    club: Club, rule_set: RuleSet, alice: User
) -> None:
    names = ["Mary Jane", "9 Dragons", "-x", "O'Hara", "Li#1"]
    players = [services.player_create(club=club, name=name) for name in names]
    season = services.season_save(club=club, name="Played", rule_set=rule_set)
    tables = [(dt.date(2026, 1, 2), players[:4]), (dt.date(2026, 1, 2), players[1:])]
    hands = [
        {"outcome": "discard", "winner": 0, "faan": 3, "blamed": 1},
        {"outcome": "self_draw_guarantee", "winner": 2, "faan": 6, "blamed": 3},
        {"outcome": "discard_guarantee", "winner": 1, "faan": 5, "blamed": 0},
        {"outcome": "false_win", "blamed": 2},
        {"outcome": "draw"},
    ]
    for played_on, seated in tables:
        session = services.session_start(
            season=season, played_on=played_on, players=seated, by=alice
        )
        for hand in hands:
            services.hand_record(session=session, hand_input=hand, by=alice)
    deleted = session.hands.get(number=1)
    services.hand_delete(hand=deleted, expected_version=1, reason="typo", by=alice)
    services.rule_set_update(
        rule_set=rule_set, name=rule_set.name, params={"base": "0.5", "max_faan": 8}, by=alice
    )
    later = services.session_start(
        season=season, played_on=dt.date(2026, 1, 9), players=players[:4], by=alice
    )
    services.hand_record(
        session=later, hand_input={"outcome": "self_drawn", "winner": 3, "faan": 8}, by=alice
    )
    text = exported(season, HK_FORMAT)
    assert "Mary_Jane _9_Dragons _-x O'Hara" in text and "B=0.5" in text
    statistics = {row.name: row.cells()[1:] for row in hk_statistics(read_hk_scores(text))}
    standings = exporting.standings_stats(season, selectors.season_standings(season=season))
    tokens = {"Mary Jane": "Mary_Jane", "9 Dragons": "_9_Dragons", "-x": "_-x", "Li#1": "Li_1"}
    assert {tokens.get(row.name, row.name): row.cells()[1:] for row in standings} == statistics


def test_a_session_that_switched_rules_exports_each_hand_under_its_own(
    club: Club, rule_set: RuleSet, alice: User, players: list[Player]
) -> None:
    """Hands played before a switch keep their rules: the file says the new rules just
    before the first hand played under them, and scores to the season's standings."""
    season = services.season_save(club=club, name="Switched", rule_set=rule_set)
    session = services.session_start(
        season=season, played_on=dt.date(2026, 1, 2), players=players, by=alice
    )
    hand = {"outcome": "discard", "winner": 0, "faan": 6, "blamed": 1}
    services.hand_record(session=session, hand_input=hand, by=alice)
    switched = services.rule_set_update(
        rule_set=rule_set, name=rule_set.name, params={**HK_HALF, "max_faan": 8}, by=alice
    )
    session_switch_rules(session=session, version=switched, from_hand=2, by=alice)
    services.hand_record(session=session, hand_input={**hand, "faan": 8}, by=alice)

    lines = exported(season, HK_FORMAT).splitlines()
    assert lines[3:] == [
        *("B=2", "M=6", "R=half", "S=half", "A B C D", "6 d - -"),
        *("B=2", "M=8", "R=half", "S=half", "8 d - -"),
    ]
    statistics = hk_statistics(read_hk_scores("\n".join(lines) + "\n"))
    standings = exporting.standings_stats(season, selectors.season_standings(season=season))
    assert [row.cells() for row in statistics] == [row.cells() for row in standings]


def test_the_score_file_neutralises_formula_names_and_reads_back(
    club: Club, alice: User, b2_rules: RuleSet
) -> None:
    # A spreadsheet opens the .txt as one column of lines, each a cell: a seating line
    # starting with a formula name would run.
    players = [services.player_create(club=club, name=name) for name in FORMULA_NAMES]
    season = services.season_save(club=club, name="Formulas", rule_set=b2_rules)
    session = services.session_start(
        season=season, played_on=dt.date(2026, 1, 2), players=players, by=alice
    )
    services.hand_record(session=session, hand_input={"losses": [0, 1, 2, 13]}, by=alice)
    text = exported(season, BIG_TWO_FORMAT)
    seating = " ".join(f"'{name}" for name in FORMULA_NAMES)
    assert f"\n{seating}\n" in text
    assert not [line for line in text.splitlines() if line.startswith(("=", "+", "@"))]
    statistics = big_two_statistics(read_big_two_scores(text))
    assert sorted(row.name for row in statistics[:-1]) == sorted(seating.split())


def test_the_score_file_downloads(as_charlie: Client, hk_season: Season) -> None:
    response = as_charlie.get(f"/c/dragons/seasons/{hk_season.pk}/scores.txt")
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="dragons-spring.txt"'
    assert "\nA B C D\n- - - -\n- - - f\n1 - - -\n" in body(response)


def test_a_family_without_a_score_file_has_no_export(
    as_charlie: Client, zj_rules: RuleSet, club: Club
) -> None:
    season = services.season_save(club=club, name="ZJ", rule_set=zj_rules)
    assert as_charlie.get(f"/c/dragons/seasons/{season.pk}/scores.txt").status_code == 404


def test_strangers_cannot_download_a_private_clubs_files(
    as_alice: Client, private_club: Club, dave: User
) -> None:
    rules = services.rule_set_create(club=private_club, name="HK", family="hk", params={}, by=dave)
    season = services.season_save(club=private_club, name="Secret", rule_set=rules)
    for path in ("scores.txt", "standings.csv", "standings.tsv"):
        assert as_alice.get(f"/c/tigers/seasons/{season.pk}/{path}").status_code == 404


def test_the_season_page_lists_the_latest_fifty_sessions_and_links_to_the_rest(
    as_charlie: Client, season_2013: Season
) -> None:
    page = as_charlie.get(f"/c/dragons/seasons/{season_2013.pk}/").content.decode()
    assert page.count('<a href="/c/dragons/sessions/') == 50
    assert f'href="/c/dragons/seasons/{season_2013.pk}/sessions/"' in page
    first = as_charlie.get(f"/c/dragons/seasons/{season_2013.pk}/sessions/").content.decode()
    assert first.count('<a href="/c/dragons/sessions/') == 50  # of 194: the rest are paged
    assert "?before=" in first
