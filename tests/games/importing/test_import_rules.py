"""Imports do not change the club's rules silently: a rule version a file makes scores the
file's sessions only, unless the organiser makes it current; dates outside the season are
pointed out; PMN sessions are closed once imported."""

from __future__ import annotations

import datetime as dt
from io import StringIO
from pathlib import Path

from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from games import services
from games.importing import score_import
from games.importing.pmn_import import RecordFile, pmn_import
from games.models import Club, Player, RuleSet, RuleSetVersion, Season, Session
from scoring.score_files import HK_FORMAT
from tests.games.importing.test_import_pages import confirm, upload, work

# Max faan 13 instead of the rule set's 6: the file makes version 2.
FILE = "M=13\n2026-03-01\nA B C D\n13 - - -\n"


def started(season: Season, players: list[Player], alice: User) -> Session:
    return services.session_start(
        season=season, played_on=dt.date(2026, 3, 8), players=players, by=alice
    )


def test_a_version_a_file_makes_scores_its_sessions_only(
    season: Season, rule_set: RuleSet, players: list[Player], alice: User
) -> None:
    score_import.import_scores(season=season, text=FILE, score_format=HK_FORMAT, by=alice)
    made = RuleSetVersion.objects.get(rule_set=rule_set, number=2)
    assert made.from_import and made.params["max_faan"] == 13
    imported = Session.objects.get(season=season, import_key__gt="")
    assert imported.rule_set_version == made
    # The next session started on the site keeps the club's rules (version 1).
    assert started(season, players, alice).rule_set_version.number == 1
    assert rule_set.current_version().number == 1


def test_the_organiser_can_make_the_files_rules_current(
    season: Season, rule_set: RuleSet, players: list[Player], alice: User
) -> None:
    score_import.import_scores(
        season=season, text=FILE, score_format=HK_FORMAT, by=alice, make_current=True
    )
    assert started(season, players, alice).rule_set_version.number == 2


def test_editing_the_rules_after_an_import_makes_the_next_number(
    season: Season, rule_set: RuleSet, players: list[Player], alice: User
) -> None:
    score_import.import_scores(season=season, text=FILE, score_format=HK_FORMAT, by=alice)
    started(season, players, alice)  # version 1 is now in use: an edit makes a new one
    params = {**rule_set.current_version().params, "max_faan": 8}
    version = services.rule_set_update(
        rule_set=rule_set, name=rule_set.name, params=params, by=alice
    )
    assert (version.number, version.from_import, version.params["max_faan"]) == (3, False, 8)
    assert rule_set.current_version() == version


def test_the_confirm_page_offers_to_make_them_current(
    season: Season, players: list[Player], as_alice: Client
) -> None:
    preview = upload(as_alice, season, FILE.encode())
    assert "Make these the current rules" in preview.content.decode()
    confirm(as_alice, season, make_current="on")
    work()
    assert RuleSetVersion.objects.get(number=2).from_import is False


def test_dates_outside_the_season_are_pointed_out(
    season: Season, players: list[Player], alice: User
) -> None:
    season.starts_on, season.ends_on = dt.date(2026, 3, 1), dt.date(2026, 3, 31)
    season.save()
    text = "2026-02-27\nA B C D\n1 - - -\n2026-03-05\n1 - - -\n2026-04-02\n2 - - -\n"
    plan = score_import.plan_import(season=season, text=text, score_format=HK_FORMAT)
    assert [str(w) for w in plan.warnings] == [
        "line 3: 2026-02-27 is before Spring starts (2026-03-01)",
        "line 7: 2026-04-02 is after Spring ends (2026-03-31)",
    ]
    assert plan.is_valid  # imported all the same, once the organiser has seen it


def test_the_command_says_the_warnings_and_can_make_the_rules_current(
    season: Season, rule_set: RuleSet, players: list[Player], tmp_path: Path
) -> None:
    season.starts_on = dt.date(2026, 3, 2)
    season.save()
    path = tmp_path / "scores.txt"
    path.write_text(FILE, encoding="utf-8")
    out = StringIO()
    call_command(
        "import_scores", str(path), club="dragons", season="Spring", make_current=True, stdout=out
    )
    assert "warning: line 4: 2026-03-01 is before Spring starts (2026-03-02)" in out.getvalue()
    assert rule_set.current_version().number == 2


def test_pmn_sessions_are_closed_once_imported(club: Club, alice: User) -> None:
    rules = services.rule_set_create(
        club=club,
        name="MCR",
        family="mcr",
        params={"preset": "standard", "scoring": "duplicate"},
        by=alice,
    )
    season = services.season_save(club=club, name="MCR 2026", rule_set=rules)
    data = Path(__file__).parents[1] / "data" / "example_1.pmn"
    result = pmn_import(
        season=season,
        rule_set=rules,
        files=[RecordFile("example_1.pmn", data.read_text(encoding="utf-8"))],
        played_on=dt.date(2026, 5, 1),
        by=alice,
        create_players=True,
    )
    assert result.sessions
    assert {session.status for session in result.sessions} == {Session.Status.CLOSED}
    assert not Session.objects.filter(season=season, status=Session.Status.OPEN).exists()


def test_a_file_without_settings_is_read_under_the_seasons_rules(
    season: Season, rule_set: RuleSet, players: list[Player], alice: User
) -> None:
    # The season's rules are max 6, half responsibility: a `D` line is allowed under them and
    # no new version is made (the reference defaults, max 13 and full, would refuse the line).
    services.rule_set_update(
        rule_set=rule_set,
        name=rule_set.name,
        params={**rule_set.current_version().params, "max_faan": 10},
        by=alice,
    )
    text = "2026-03-01\nA B C D\n10 - - D\n"
    score_import.import_scores(season=season, text=text, score_format=HK_FORMAT, by=alice)
    imported = Session.objects.get(season=season, import_key__gt="")
    assert imported.rule_set_version == rule_set.current_version()
    assert RuleSetVersion.objects.filter(rule_set=rule_set).count() == 1
    assert imported.rule_set_version.params["max_faan"] == 10
