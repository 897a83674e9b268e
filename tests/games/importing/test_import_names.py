"""Imports find players by their names and aliases, whatever the case and width, and
propose the player a new name nearly is."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.template.loader import render_to_string
from django.utils import translation

from games import services
from games.importing import score_import
from games.importing.jobs import preview_of
from games.importing.pmn_import import RecordFile, pmn_import, pmn_import_plan
from games.models import Club, Player, RuleSet, Season, Session
from scoring.score_files import HK_FORMAT
from tests.games.importing.test_pmn_import import DUPLICATE, TODAY, record


@pytest.fixture
def cast(club: Club) -> dict[str, Player]:
    names = ("Ada", "Bea", "Cy", "Dot")
    players = {name: services.player_create(club=club, name=name) for name in names}
    services.player_alias_add(player=players["Dot"], name="Dorothy")
    return players


def plan(season: Season, text: str) -> score_import.ImportPlan:
    return score_import.plan_import(season=season, text=text, score_format=HK_FORMAT)


def test_a_file_meets_names_and_aliases_whatever_their_case_and_width(
    season: Season, cast: dict[str, Player]
) -> None:
    text = "2024-01-05\nＡＤＡ bea CY dorothy\n1 - - -\n"
    score_import.import_scores(season=season, text=text, score_format=HK_FORMAT, by=None)
    session = Session.objects.get(season=season)
    seated = [seat.player for seat in session.seats.order_by("position")]
    assert seated == [cast["Ada"], cast["Bea"], cast["Cy"], cast["Dot"]]
    assert Player.objects.filter(club=season.club).count() == 4


def test_the_preview_proposes_the_player_a_new_name_nearly_is(
    season: Season, cast: dict[str, Player]
) -> None:
    planned = plan(season, "AdaL Bea Cy Zed\n1 - - -\n")  # a name is one word here
    assert planned.new_players == {"AdaL": 1, "Zed": 1}
    assert planned.proposals == {"AdaL": "Ada"}
    assert preview_of(planned)["proposals"] == [("AdaL", "Ada")]
    assert plan(season, "Dorothee Bea Cy Ada\n1 - - -\n").proposals == {"Dorothee": "Dot"}


def test_two_spellings_of_a_new_name_make_one_player(
    season: Season, cast: dict[str, Player]
) -> None:
    text = "2024-01-05\nZed Bea Cy Dot\n1 - - -\n\n2024-01-06\nＺＥＤ Bea Cy Dot\n1 - - -\n"
    score_import.import_scores(
        season=season, text=text, score_format=HK_FORMAT, by=None, create_players=True
    )
    [zed] = Player.objects.filter(club=season.club, name__in=["Zed", "ＺＥＤ"])
    assert zed.seats.count() == 2


def test_a_seating_that_names_one_player_twice_is_refused(
    season: Season, cast: dict[str, Player]
) -> None:
    planned = plan(season, "Ada Bea Cy ADA\n1 - - -\n")
    assert [str(problem) for problem in planned.problems] == [
        "line 1: Ada and ADA are one player of Dragons: a player sits at one seat."
    ]


def renamed(name: str, old: str, new: str) -> RecordFile:
    original = record(name)
    return RecordFile(original.name, original.text.replace(old, new))


def test_a_pmn_record_meets_an_alias_and_proposes_near_names(
    club: Club, alice: User, db: Any
) -> None:
    rules = services.rule_set_create(
        club=club, name="MCR", family="mcr", params=DUPLICATE, by=alice
    )
    season = services.season_save(club=club, name="MCR 2022", rule_set=rules)
    sandy = services.player_create(club=club, name="Sandra")
    services.player_alias_add(player=sandy, name="ｓａｎｄｙ7169")
    services.player_create(club=club, name="Annie")
    files = [record("example_1.pmn")]
    planned = pmn_import_plan(season=season, rule_set=rules, files=files, played_on=TODAY)
    assert "Sandy7169" not in planned.unknown_names
    assert planned.proposals == {"Annie Fok": "Annie"}
    result = pmn_import(
        season=season, rule_set=rules, files=files, played_on=TODAY, by=alice, create_players=True
    )
    assert sandy in [seat.player for seat in result.sessions[0].seats.all()]


def test_a_pmn_table_that_names_one_player_twice_is_refused(
    club: Club, alice: User, db: Any
) -> None:
    rules: RuleSet = services.rule_set_create(
        club=club, name="MCR", family="mcr", params=DUPLICATE, by=alice
    )
    season = services.season_save(club=club, name="MCR 2022", rule_set=rules)
    services.player_create(club=club, name="Sandy7169")
    files = [renamed("example_1.pmn", "Annie Fok", "SANDY7169")]
    planned = pmn_import_plan(season=season, rule_set=rules, files=files, played_on=TODAY)
    assert planned.errors == [
        "Sandy7169 and SANDY7169 are one player of Dragons: a player sits at one seat."
    ]


def test_the_preview_page_shows_the_proposal(season: Season, cast: dict[str, Player]) -> None:
    planned = plan(season, "AdaL Bea Cy Dot\n1 - - -\n")
    job = {"file_name": "night.txt"}
    context = {"preview": preview_of(planned), "club": season.club, "job": job}
    page = render_to_string("importing/_preview.html", context)
    assert "AdaL → Ada?" in page
    with translation.override("zh-hant"):
        assert "可能是同一個人" in render_to_string("importing/_preview.html", context)
