"""Teams over the API: rosters, team standings, the organiser's writes through the services,
bad input named, and another club's teams kept out."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User

from games import services as core
from games.events.models import Team
from games.events.team_services import TeamSettings, team_create
from games.models import Club, Player, Season
from tests.api.conftest import Api
from tests.conftest import HK_HALF
from tests.games.events.factories import EMA, event_with_players, family_season
from tests.games.events.test_team_csv import DISCARD, play
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


def test_the_season_team_standings_take_a_date_range(
    club: Club, alice: User, api_alice: Api
) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    a, b, c, d = [core.player_create(club=club, name=name) for name in "ABCD"]
    play(season, [a, b, c, d], dt.date(2026, 3, 1), [DISCARD], alice)  # B +, C −
    play(season, [a, b, c, d], dt.date(2026, 4, 1), [DISCARD, DISCARD], alice)
    team_create(season=season, settings=TeamSettings("Winners", [b, d]))
    team_create(season=season, settings=TeamSettings("Payers", [a, c]))
    url = f"seasons/{season.pk}/team-standings/"

    def points(answer: object) -> dict[str, int]:
        rows = answer.json()["rows"]  # type: ignore[attr-defined]
        return {row["name"]: int(row["points"]) for row in rows}

    whole = api_alice.get(url)
    assert (whole.json()["date_from"], whole.json()["date_to"]) == (None, None)
    march = api_alice.get(f"{url}?date_from=2026-03-01&date_to=2026-03-31")
    assert (march.json()["date_from"], march.json()["date_to"]) == ("2026-03-01", "2026-03-31")
    # March holds one hand of the three: a third of each team's points, one session each.
    assert {name: 3 * value for name, value in points(march).items()} == points(whole)
    assert points(whole)["Winners"] > 0
    assert {p["games"] for row in march.json()["rows"] for p in row["players"]} == {1}
    april = api_alice.get(f"{url}?date_from=2026-04-01")
    assert {name: 3 * value for name, value in points(april).items()} == {
        name: 2 * value for name, value in points(whole).items()
    }
    # The ETag is the range's: the whole season's does not answer 304 for March.
    assert march["ETag"] != whole["ETag"]
    assert api_alice.get(url, **{"If-None-Match": whole["ETag"]}).status_code == 304
    changed = api_alice.get(f"{url}?date_to=2026-03-31", **{"If-None-Match": whole["ETag"]})
    assert changed.status_code == 200


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("date_from=2026-02-30", "date_from"),
        ("date_to=March", "date_to"),
        ("date_from=2026-04-05&date_to=2026-04-01", "date_to"),
    ],
)
def test_a_bad_date_range_of_the_team_standings_is_named(
    club: Club, alice: User, api_alice: Api, query: str, field: str
) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    answer = api_alice.get(f"seasons/{season.pk}/team-standings/?{query}")
    assert answer.status_code == 400
    assert list(answer.json()["fields"]) == [field]
