"""Teams of a season or an event: rosters, team standings in two families, the pages, who may
see them, and seating that keeps teammates apart."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from fractions import Fraction

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import services as core
from games.events import seating, services, team_selectors
from games.events.models import Event, Team, TeamMember
from games.events.selectors import round_seatings, round_tables
from games.events.team_services import TeamSettings, team_create, team_delete, team_update
from games.models import Club, Player, Season
from games.selectors import season_standings
from scoring.families import get_family
from tests.conftest import HK_HALF
from tests.games.events.factories import EMA, event_with_players, family_season
from tests.games.riichi_hanchan import HANDS, PLACEMENT_POINTS

# HK, half rules: seat 1 wins 2 faan off seat 2's discard.
DISCARD = {"outcome": "discard", "winner": 1, "faan": 2, "blamed": 2}


def table(club: Club, season: Season, alice: User, names: str = "ABCD") -> list[Player]:
    """Four new players at one table of ``season``, in seat order."""
    return [core.player_create(club=club, name=name) for name in names]


def play(
    season: Season, players: list[Player], hands: list[dict[str, object]], alice: User
) -> None:
    session = core.session_start(
        season=season, played_on=dt.date(2026, 11, 1), players=players, by=alice
    )
    for hand in hands:
        core.hand_record(session=session, hand_input=hand, by=alice)


def make(season: Season, name: str, players: list[Player], best_of: int | None = None) -> Team:
    return team_create(
        season=season, settings=TeamSettings(name=name, players=players, best_of=best_of)
    )


def by_name(standings: list[team_selectors.TeamStanding]) -> dict[str, object]:
    return {entry.team.name: entry.points for entry in standings}


# --- standings in two families --------------------------------------------------------------


def test_riichi_teams_sum_their_players_placement_points(club: Club, alice: User) -> None:
    season = family_season(club, alice, "riichi", EMA)
    a, b, c, d = table(club, season, alice)
    play(season, [a, b, c, d], HANDS, alice)
    make(season, "Red", [a, d])
    make(season, "Blue", [b, c])
    standings = team_selectors.season_team_standings(season=season)
    red = PLACEMENT_POINTS[0] + PLACEMENT_POINTS[3]
    blue = PLACEMENT_POINTS[1] + PLACEMENT_POINTS[2]
    assert by_name(standings) == {"Red": red, "Blue": blue}
    assert [(entry.rank, entry.team.name) for entry in standings] == [(1, "Red"), (2, "Blue")]
    assert team_selectors.team_column(get_family("riichi")).label == "Placement points"


def test_riichi_best_of_one_counts_each_team_s_best_player(club: Club, alice: User) -> None:
    season = family_season(club, alice, "riichi", EMA)
    a, b, c, d = table(club, season, alice)
    play(season, [a, b, c, d], HANDS, alice)
    make(season, "Red", [a, d], best_of=1)
    make(season, "Blue", [b, c], best_of=1)
    standings = team_selectors.season_team_standings(season=season)
    assert by_name(standings) == {"Red": PLACEMENT_POINTS[3], "Blue": PLACEMENT_POINTS[1]}
    red = standings[0]
    assert [(player.name, player.counted) for player in red.players] == [("D", True), ("A", False)]


def test_hk_teams_sum_their_players_net_points(club: Club, alice: User) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    a, b, c, d = table(club, season, alice)
    play(season, [a, b, c, d], [DISCARD, DISCARD], alice)
    make(season, "Winners", [b, d])
    make(season, "Payers", [a, c])
    net = {row.name: row.net for row in season_standings(season=season)}
    standings = team_selectors.season_team_standings(season=season)
    assert by_name(standings) == {
        "Winners": net["B"] + net["D"],
        "Payers": net["A"] + net["C"],
    }
    assert net["B"] > 0 > net["C"]
    # Net points are zero-sum, and so are teams that cover every player.
    assert sum(entry.points for entry in standings) == Decimal(0)
    assert isinstance(standings[0].points, Decimal)


def test_ties_share_a_rank_and_a_team_without_games_counts_zero(club: Club, alice: User) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    players = table(club, season, alice)
    make(season, "Bats", players[:2])
    make(season, "Cats", players[2:])
    standings = team_selectors.season_team_standings(season=season)
    assert [(entry.rank, entry.team.name, entry.points) for entry in standings] == [
        (1, "Bats", 0),
        (1, "Cats", 0),
    ]


def test_event_teams_count_only_the_event_s_tables(club: Club, alice: User) -> None:
    season = family_season(club, alice, "riichi", EMA)
    event, players = event_with_players(club, season)
    outside = table(club, season, alice, "WXYZ")
    play(season, outside, HANDS, alice)  # a season game, not the event's
    red = team_create(season=season, event=event, settings=TeamSettings("Red", players[:4]))
    round_ = services.round_publish(event=event, method="random", seed="s", byes=False, by=alice)
    first = round_tables(round=round_)[0]
    for hand in HANDS:
        core.hand_record(session=first.session, hand_input=hand, by=alice)
    points = dict(zip([seat.player_id for seat in first.seats], PLACEMENT_POINTS, strict=True))
    expected = sum((points.get(player.pk, 0) for player in players[:4]), Fraction(0))
    standings = team_selectors.event_team_standings(event=event)
    assert [(entry.team, entry.points) for entry in standings] == [(red, expected)]
    # The season's own teams are another list: the event's team is not among them.
    assert team_selectors.season_team_standings(season=season) == []


# --- rosters: one team per player, bad input named ----------------------------------------


def test_a_player_already_in_another_team_of_the_season_is_named(club: Club, alice: User) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    a, b, c, _ = table(club, season, alice)
    make(season, "Red", [a, b])
    with pytest.raises(Exception, match=re.escape("B is already in team Red.")):
        make(season, "Blue", [c, b])
    assert not Team.objects.filter(name="Blue").exists()


def test_a_player_may_be_in_a_season_team_and_an_event_team(club: Club, alice: User) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    event, players = event_with_players(club, season, count=4)
    make(season, "Red", players[:2])
    team_create(season=season, event=event, settings=TeamSettings("Event red", players[:2]))
    assert TeamMember.objects.filter(player=players[0]).count() == 2


def test_an_event_team_takes_registered_players_only(club: Club, alice: User) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    event, _ = event_with_players(club, season, count=4)
    guest = core.player_create(club=club, name="Guest")
    with pytest.raises(Exception, match=re.escape("Guest is not registered for this event.")):
        team_create(season=season, event=event, settings=TeamSettings("Red", [guest]))


def test_another_club_s_player_is_refused(club: Club, private_club: Club, alice: User) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    tiger = core.player_create(club=private_club, name="Tiger")
    with pytest.raises(Exception, match=re.escape("Tiger is not a player of this club.")):
        make(season, "Red", [tiger])


def test_names_are_unique_within_the_season(club: Club, alice: User) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    make(season, "Red", [])
    with pytest.raises(Exception, match=re.escape("There is already a team named red.")):
        make(season, "red", [])
    with pytest.raises(Exception, match=re.escape("Give the team a name.")):
        make(season, "  ", [])


def test_editing_changes_the_roster_and_deleting_frees_the_players(club: Club, alice: User) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    a, b, c, _ = table(club, season, alice)
    red = make(season, "Red", [a, b])
    team_update(team=red, settings=TeamSettings("Reds", [b, c], best_of=1))
    red.refresh_from_db()
    assert (red.name, red.best_of) == ("Reds", 1)
    assert sorted(red.members.values_list("player__name", flat=True)) == ["B", "C"]
    team_delete(team=red)
    assert make(season, "Blue", [a, b, c]).members.count() == 3


# --- pages ------------------------------------------------------------------------------------


def test_the_organiser_adds_a_team_on_the_season_s_page(
    club: Club, alice: User, as_alice: Client
) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    a, b, _, _ = table(club, season, alice)
    answer = as_alice.post(
        f"/c/dragons/seasons/{season.pk}/teams/",
        {"name": "Red", "players": [a.pk, b.pk], "best_of": ""},
    )
    team = Team.objects.get(name="Red")
    assert answer["Location"] == f"/c/dragons/teams/{team.pk}/"
    page = as_alice.get(answer["Location"]).content.decode()
    assert "Red" in page and ">A</a>" in page and ">B</a>" in page


def test_the_page_names_the_player_already_in_another_team(
    club: Club, alice: User, as_alice: Client
) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    a, b, _, _ = table(club, season, alice)
    make(season, "Red", [a])
    answer = as_alice.post(
        f"/c/dragons/seasons/{season.pk}/teams/", {"name": "Blue", "players": [a.pk, b.pk]}
    )
    assert answer.status_code == 200
    assert "A is already in team Red." in answer.content.decode()


def test_members_read_teams_but_only_organisers_change_them(
    club: Club, alice: User, as_bob: Client
) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    red = make(season, "Red", table(club, season, alice)[:2])
    assert as_bob.get(f"/c/dragons/seasons/{season.pk}/teams/").status_code == 200
    page = as_bob.get(f"/c/dragons/teams/{red.pk}/").content.decode()
    assert "Red" in page and "Edit the team" not in page
    assert as_bob.post(f"/c/dragons/teams/{red.pk}/", {"name": "Mine"}).status_code == 403
    assert as_bob.post(f"/c/dragons/teams/{red.pk}/delete/").status_code == 403
    red.refresh_from_db()
    assert red.name == "Red"


def test_strangers_get_404_for_a_members_only_club_s_teams(
    private_club: Club, dave: User, as_bob: Client
) -> None:
    season = family_season(private_club, dave, "hk", HK_HALF)
    event, players = event_with_players(private_club, season, count=4)
    team = make(season, "Tigers", players[:2])
    for path in (
        f"/c/tigers/seasons/{season.pk}/teams/",
        f"/c/tigers/events/{event.pk}/teams/",
        f"/c/tigers/teams/{team.pk}/",
    ):
        assert as_bob.get(path).status_code == 404
    assert as_bob.post(f"/c/tigers/teams/{team.pk}/delete/").status_code == 404


def test_another_club_s_team_is_not_found_through_this_club(
    club: Club, private_club: Club, dave: User, as_alice: Client
) -> None:
    season = family_season(private_club, dave, "hk", HK_HALF)
    team = make(season, "Tigers", [])
    assert as_alice.get(f"/c/dragons/teams/{team.pk}/").status_code == 404
    assert as_alice.get(f"/c/dragons/seasons/{season.pk}/teams/").status_code == 404


# --- seating teammates apart --------------------------------------------------------------


def four_teams(event: Event, players: list[Player]) -> list[Team]:
    return [
        team_create(
            season=event.season,
            event=event,
            settings=TeamSettings(f"Team {number}", players[number * 4 : number * 4 + 4]),
        )
        for number in range(4)
    ]


@pytest.mark.parametrize("method", ["random", "fewest_meetings", "swiss"])
def test_seating_keeps_teammates_apart_for_every_seed(club: Club, alice: User, method: str) -> None:
    season = family_season(club, alice, "riichi", EMA)
    event, players = event_with_players(club, season)
    groups = _groups_of(four_teams(event, players))
    for seed in (f"seed {number}" for number in range(8)):
        preview = services.round_seat(event=event, method=method, seed=seed, byes=False, apart=True)
        assert preview.team_clashes == 0
        assert seating.apart_clashes([preview.seating], groups) == 0
        again = services.round_seat(event=event, method=method, seed=seed, byes=False, apart=True)
        assert again.seating == preview.seating


def test_swiss_seating_never_seats_more_teammates_together_than_without(
    club: Club, alice: User
) -> None:
    """Swiss trades places with the next table only, so it keeps what apart it can."""
    season = family_season(club, alice, "riichi", EMA)
    event, players = event_with_players(club, season)
    groups = _groups_of(four_teams(event, players))
    for seed in (f"seed {number}" for number in range(8)):
        apart = services.round_seat(event=event, method="swiss", seed=seed, byes=False, apart=True)
        alone = services.round_seat(event=event, method="swiss", seed=seed, byes=False)
        assert apart.team_clashes == seating.apart_clashes([apart.seating], groups)
        assert apart.team_clashes <= seating.apart_clashes([alone.seating], groups)
        again = services.round_seat(event=event, method="swiss", seed=seed, byes=False, apart=True)
        assert again.seating == apart.seating


def _groups_of(teams: list[Team]) -> list[list[int]]:
    return [[member.player_id for member in team.members.all()] for team in teams]


def test_without_the_choice_teammates_may_share_tables(club: Club, alice: User) -> None:
    season = family_season(club, alice, "riichi", EMA)
    event, players = event_with_players(club, season)
    four_teams(event, players)
    previews = [
        services.round_seat(event=event, method="random", seed=f"s{n}", byes=False)
        for n in range(8)
    ]
    assert all(preview.team_clashes is None for preview in previews)
    assert any(seating.apart_clashes([p.seating], _groups(event)) for p in previews)


def _groups(event: Event) -> list[list[int]]:
    return team_selectors.team_groups(season=event.season, event=event)


def test_the_season_s_teams_are_kept_apart_when_the_event_has_none(club: Club, alice: User) -> None:
    season = family_season(club, alice, "riichi", EMA)
    event, players = event_with_players(club, season)
    for number in range(4):
        make(season, f"Club team {number}", players[number * 4 : number * 4 + 4])
    for seed in ("a", "b", "c"):
        preview = services.round_seat(
            event=event, method="random", seed=seed, byes=False, apart=True
        )
        assert preview.team_clashes == 0


def test_a_published_round_keeps_teammates_apart_and_the_page_says_so(
    club: Club, alice: User, as_alice: Client
) -> None:
    season = family_season(club, alice, "riichi", EMA)
    event, players = event_with_players(club, season)
    four_teams(event, players)
    base = f"/c/dragons/events/{event.pk}/seat/"
    choice = {"method": "fewest_meetings", "seed": "x", "apart": "on"}
    page = as_alice.post(base, {**choice, "preview": ""}).content.decode()
    assert "No teammates share a table." in page
    as_alice.post(base, {**choice, "publish": ""})
    assert (
        seating.apart_clashes(round_seatings(event=Event.objects.get(pk=event.pk)), _groups(event))
        == 0
    )


def queries(client: Client, path: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(path).status_code == 200
    return len(captured)


def test_the_teams_page_and_api_cost_the_same_queries_for_more_teams(
    club: Club, alice: User, as_alice: Client
) -> None:
    season = family_season(club, alice, "riichi", EMA)
    players = table(club, season, alice, "ABCDEFGHIJKL")
    play(season, players[:4], HANDS, alice)
    make(season, "T0", players[:2])
    page, api = f"/c/dragons/seasons/{season.pk}/teams/", f"/api/v1/seasons/{season.pk}/teams/"
    standings = f"/api/v1/seasons/{season.pk}/team-standings/"
    [queries(as_alice, path) for path in (page, api, standings)]  # the first visit's reads
    few = [queries(as_alice, path) for path in (page, api, standings)]
    for number in range(1, 6):
        make(season, f"T{number}", players[number * 2 : number * 2 + 2])
    assert [queries(as_alice, path) for path in (page, api, standings)] == few


def test_a_player_id_too_large_for_the_database_is_refused_as_unknown(
    club: Club, alice: User, as_alice: Client
) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    event, _ = event_with_players(club, season, count=4)
    huge = str(2**70)
    for path in (
        f"/c/dragons/seasons/{season.pk}/teams/",
        f"/c/dragons/events/{event.pk}/players/",
    ):
        answer = as_alice.post(path, {"name": "Red", "players": [huge]})
        assert answer.status_code == 200, path
        assert f"Select a valid choice. {huge} is not one of the available choices." in (
            answer.content.decode()
        )
    assert not Team.objects.exists()
