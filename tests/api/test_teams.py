"""Teams over the API: rosters, team standings, the organiser's writes through the services,
bad input named, and another club's teams kept out."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User

from games import services as core
from games.events.models import Team
from games.events.team_services import TeamSettings, team_create
from games.models import Club, Player, Season
from tests.api.conftest import Api
from tests.conftest import HK_HALF
from tests.games.events.factories import EMA, event_with_players, family_season
from tests.games.riichi_hanchan import HANDS, PLACEMENT_POINTS


def played_riichi_season(club: Club, alice: User) -> tuple[Season, list[Player]]:
    season = family_season(club, alice, "riichi", EMA)
    players = [core.player_create(club=club, name=name) for name in "ABCD"]
    session = core.session_start(
        season=season, played_on=dt.date(2026, 11, 1), players=players, by=alice
    )
    for hand in HANDS:
        core.hand_record(session=session, hand_input=hand, by=alice)
    return season, players


def test_an_organiser_makes_teams_and_reads_their_standings(
    club: Club, alice: User, api_alice: Api
) -> None:
    season, (a, b, c, d) = played_riichi_season(club, alice)
    red = api_alice.post(f"seasons/{season.pk}/teams/", {"name": "Red", "players": [a.pk, d.pk]})
    assert red.status_code == 201, red.json()
    assert [row["name"] for row in red.json()["players"]] == ["A", "D"]
    assert red.json()["event"] is None and red.json()["best_of"] is None
    blue = api_alice.post(
        f"seasons/{season.pk}/teams/", {"name": "Blue", "players": [b.pk, c.pk], "best_of": 1}
    )
    assert blue.status_code == 201
    listed = api_alice.get(f"seasons/{season.pk}/teams/").json()
    assert [team["name"] for team in listed] == ["Blue", "Red"]

    standings = api_alice.get(f"seasons/{season.pk}/team-standings/").json()
    assert (standings["family"], standings["summed"]) == ("riichi", "placement_points")
    rows = {row["name"]: row for row in standings["rows"]}
    assert rows["Red"]["points"] == str(PLACEMENT_POINTS[0] + PLACEMENT_POINTS[3])
    assert rows["Blue"]["points"] == str(PLACEMENT_POINTS[1])  # the best one of two counts
    assert [(p["name"], p["counted"]) for p in rows["Blue"]["players"]] == [
        ("B", True),
        ("C", False),
    ]
    assert [row["rank"] for row in standings["rows"]] == [1, 2]


def test_an_organiser_edits_and_deletes_a_team(club: Club, alice: User, api_alice: Api) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    a, b = (core.player_create(club=club, name=name) for name in "AB")
    team = team_create(season=season, settings=TeamSettings("Red", [a]))
    edited = api_alice.patch(f"teams/{team.pk}/", {"name": "Reds", "players": [a.pk, b.pk]})
    assert edited.status_code == 200, edited.json()
    assert (edited.json()["name"], len(edited.json()["players"])) == ("Reds", 2)
    renamed = api_alice.patch(f"teams/{team.pk}/", {"best_of": 1})
    assert (renamed.json()["name"], renamed.json()["best_of"]) == ("Reds", 1)
    assert len(renamed.json()["players"]) == 2  # the roster stays when not sent
    assert api_alice.delete(f"teams/{team.pk}/").status_code == 204
    assert not Team.objects.filter(pk=team.pk).exists()


def test_a_player_already_in_another_team_is_named(club: Club, alice: User, api_alice: Api) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    a, b = (core.player_create(club=club, name=name) for name in ("Ann", "Bea"))
    team_create(season=season, settings=TeamSettings("Red", [a]))
    answer = api_alice.post(
        f"seasons/{season.pk}/teams/", {"name": "Blue", "players": [b.pk, a.pk]}
    )
    assert answer.status_code == 400
    assert "Ann is already in team Red." in answer.json()["fields"]["players"]
    assert not Team.objects.filter(name="Blue").exists()


def test_another_club_s_player_is_refused_by_id(
    club: Club, private_club: Club, alice: User, api_alice: Api
) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    tiger = core.player_create(club=private_club, name="Tiger")
    answer = api_alice.post(f"seasons/{season.pk}/teams/", {"name": "Red", "players": [tiger.pk]})
    assert answer.status_code == 400
    assert answer.json()["fields"]["players"] == [f"No player {tiger.pk} in this club."]


def test_event_teams_and_their_standings(club: Club, alice: User, api_alice: Api) -> None:
    season = family_season(club, alice, "riichi", EMA)
    event, players = event_with_players(club, season, count=8)
    made = api_alice.post(
        f"events/{event.pk}/teams/", {"name": "Red", "players": [p.pk for p in players[:4]]}
    )
    assert made.status_code == 201 and made.json()["event"] == event.pk
    assert [t["name"] for t in api_alice.get(f"events/{event.pk}/teams/").json()] == ["Red"]
    assert api_alice.get(f"seasons/{season.pk}/teams/").json() == []
    standings = api_alice.get(f"events/{event.pk}/team-standings/").json()
    assert [(row["name"], row["points"]) for row in standings["rows"]] == [("Red", "0")]
    outsider = core.player_create(club=club, name="Guest")
    answer = api_alice.post(f"events/{event.pk}/teams/", {"name": "Blue", "players": [outsider.pk]})
    assert answer.json()["fields"]["players"] == ["Guest is not registered for this event."]


def test_the_seating_preview_keeps_teammates_apart(club: Club, alice: User, api_alice: Api) -> None:
    season = family_season(club, alice, "riichi", EMA)
    event, players = event_with_players(club, season)
    for number in range(4):
        roster = players[number * 4 : number * 4 + 4]
        team_create(season=season, event=event, settings=TeamSettings(f"T{number}", roster))
    body = {"method": "fewest_meetings", "seed": "s", "apart": True}
    preview = api_alice.post(f"events/{event.pk}/seating/preview/", body).json()
    assert preview["team_clashes"] == 0
    plain = api_alice.post(f"events/{event.pk}/seating/preview/", {"method": "random", "seed": "s"})
    assert plain.json()["team_clashes"] is None


def test_members_read_but_may_not_write(club: Club, alice: User, api_bob: Api) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    team = team_create(season=season, settings=TeamSettings("Red", []))
    assert api_bob.get(f"teams/{team.pk}/").status_code == 200
    assert api_bob.post(f"seasons/{season.pk}/teams/", {"name": "Mine"}).status_code == 403
    assert api_bob.patch(f"teams/{team.pk}/", {"name": "Mine"}).status_code == 403
    assert api_bob.delete(f"teams/{team.pk}/").status_code == 403


def test_a_members_only_club_s_teams_are_invisible_to_outsiders(
    private_club: Club, dave: User, api_alice: Api, anonymous: Api, api_dave: Api
) -> None:
    season = family_season(private_club, dave, "hk", HK_HALF)
    event, players = event_with_players(private_club, season, count=4)
    team = team_create(season=season, settings=TeamSettings("Tigers", players[:2]))
    reads = [
        f"seasons/{season.pk}/teams/",
        f"seasons/{season.pk}/team-standings/",
        f"events/{event.pk}/teams/",
        f"events/{event.pk}/team-standings/",
        f"teams/{team.pk}/",
    ]
    for url in reads:
        assert api_dave.get(url).status_code == 200, url
        for caller in (api_alice, anonymous):
            assert caller.get(url).status_code == 404, url
    assert api_alice.post(f"seasons/{season.pk}/teams/", {"name": "X"}).status_code == 404
    assert api_alice.post(f"events/{event.pk}/teams/", {"name": "X"}).status_code == 404
    assert api_alice.patch(f"teams/{team.pk}/", {"name": "X"}).status_code == 404
    assert api_alice.delete(f"teams/{team.pk}/").status_code == 404
    team.refresh_from_db()
    assert team.name == "Tigers"
