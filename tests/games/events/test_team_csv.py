"""Team standings as CSV: a season's (over a date range, as its standings take one) and an
event's, linked from the team pages; one club's teams are not found under another's."""

from __future__ import annotations

import csv
import datetime as dt
import io

from django.contrib.auth.models import User
from django.test import Client

from games import services as core
from games.events.models import Team
from games.events.team_services import TeamSettings, team_create
from games.models import Club, Player, Season
from scoring.display import format_ratio
from tests.conftest import HK_HALF
from tests.games.events.factories import family_season, played_riichi_event
from tests.games.riichi_hanchan import PLACEMENT_POINTS

# HK, half rules: seat 1 wins 2 faan off seat 2's discard.
DISCARD = {"outcome": "discard", "winner": 1, "faan": 2, "blamed": 2}


def play(season: Season, players: list[Player], day: dt.date, hands: list, alice: User) -> None:
    session = core.session_start(season=season, played_on=day, players=players, by=alice)
    for hand in hands:
        core.hand_record(session=session, hand_input=hand, by=alice)


def team(season: Season, name: str, players: list[Player], best_of: int | None = None) -> Team:
    settings = TeamSettings(name=name, players=players, best_of=best_of)
    return team_create(season=season, settings=settings)


def rows(response: object) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode())))  # type: ignore[attr-defined]


def test_the_season_team_standings_come_as_csv_over_a_date_range(
    club: Club, alice: User, db: object
) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    a, b, c, d = [core.player_create(club=club, name=name) for name in "ABCD"]
    play(season, [a, b, c, d], dt.date(2026, 3, 1), [DISCARD], alice)  # B +, C −
    play(season, [a, b, c, d], dt.date(2026, 4, 1), [DISCARD, DISCARD], alice)
    winners = team(season, "Winners", [b, d])
    team(season, "Payers", [a, c])
    client = Client()
    url = f"/c/dragons/seasons/{season.pk}/teams.csv"
    whole = rows(client.get(url))
    assert whole[0] == [
        "rank",
        "team",
        "points",
        "best_of",
        "player",
        "player_points",
        "sessions",
        "counted",
    ]
    page = client.get(f"/c/dragons/teams/{winners.pk}/")
    assert f'href="{url}"' in page.content.decode()
    standing = page.context["standing"]
    assert [r[:2] for r in whole[1:]] == [["1", "Winners"]] * 2 + [["2", "Payers"]] * 2
    assert whole[1][2] == format_ratio(standing.points)
    assert whole[1][4:] == ["B", format_ratio(standing.players[0].points), "2", "yes"]
    # March alone: one hand, so a third of the points.
    march = rows(client.get(url, {"date_from": "2026-03-01", "date_to": "2026-03-31"}))
    assert march[1][4] == "B" and march[1][6:] == ["1", "yes"]
    assert int(march[1][2]) * 3 == int(whole[1][2]) != 0
    assert int(march[1][5]) * 3 == int(whole[1][5]) != 0
    # The season's teams page filters alike and links the file with its filter.
    teams_page = client.get(f"/c/dragons/seasons/{season.pk}/teams/", {"date_to": "2026-03-31"})
    assert "?date_to=2026-03-31" in teams_page.content.decode()
    assert teams_page.context["standings"][0].points == int(march[1][2])
    # A backwards range is not applied (the page shows its error).
    backwards = rows(client.get(url, {"date_from": "2026-04-01", "date_to": "2026-03-01"}))
    assert backwards == whole


def test_the_event_team_standings_come_as_csv(club: Club, alice: User, db: object) -> None:
    event, names = played_riichi_event(club, alice)
    first_table = {name: Player.objects.get(club=club, name=name) for name in names}
    wind = team_create(
        season=event.season,
        event=event,
        settings=TeamSettings(name="Wind", players=list(first_table.values()), best_of=2),
    )
    team_create(season=event.season, event=event, settings=TeamSettings(name="=Empty", players=[]))
    url = f"/c/dragons/events/{event.pk}/teams.csv"
    assert f'href="{url}"' in Client().get(f"/c/dragons/teams/{wind.pk}/").content.decode()
    lines = rows(Client().get(url))
    # The best two of the table: first (North) and second (East), by placement points.
    points = sorted(PLACEMENT_POINTS, reverse=True)
    assert lines[1][:4] == ["1", "Wind", str(points[0] + points[1]), "2"]
    assert [line[4:] for line in lines[1:5]] == [
        [names[3], str(points[0]), "1", "yes"],
        [names[1], str(points[1]), "1", "yes"],
        [names[0], str(points[2]), "1", "no"],
        [names[2], str(points[3]), "1", "no"],
    ]
    # A team without players has one line; a name that would start a formula is quoted.
    assert lines[5] == ["2", "'=Empty", "0", "", "", "", "", ""]


def test_another_clubs_team_standings_are_not_found(
    club: Club, alice: User, private_club: Club, as_dave: Client
) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    team(season, "Ours", [])
    assert as_dave.get(f"/c/tigers/seasons/{season.pk}/teams.csv").status_code == 404
