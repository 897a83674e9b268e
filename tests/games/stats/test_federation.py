"""People across clubs, for a federation: each person ranked by their best rating in the
clubs the viewer may see, on a page and in the API; one person's profile in the API, with
a date range on both."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Club, Player
from games.stats.federation import federation_table
from games.stats.models import Rating
from games.stats.ratings import Skill
from games.stats.replay import ratings_replay
from tests.conftest import client_for, make_user
from tests.games.pages import table_rows
from tests.games.stats.conftest import League, build_league

pytestmark = pytest.mark.django_db


@dataclass
class Federation:
    dragons: League  # public
    tigers: League  # members only
    erin: User  # A in Dragons, B in Tigers
    fay: User  # C in Dragons only


def link(player: Player, user: User) -> None:
    player.user = user
    player.save()


@pytest.fixture
def federation(league: League, private_club: Club, dave: User) -> Federation:
    tigers = build_league(private_club, dave)
    for built in (league, tigers):
        ratings_replay(club_id=built.club.pk, family="hk")
    erin, fay = make_user("erin"), make_user("fay")
    link(league.players["A"], erin)
    link(tigers.players["B"], erin)
    link(league.players["C"], fay)
    return Federation(league, tigers, erin, fay)


def latest(player: Player) -> Rating:
    return Rating.objects.filter(player=player, family="hk").order_by("-id")[0]


def conservative(player: Player) -> float:
    rating = latest(player)
    return Skill(rating.mu, rating.sigma).conservative


def test_a_stranger_ranks_the_people_of_the_public_clubs(federation: Federation) -> None:
    rows = federation_table(viewer=Client().get("/").wsgi_request.user, family="hk")
    assert [row.username for row in rows] == sorted(
        ["erin", "fay"],
        key=lambda name: -conservative(federation.dragons.players["A" if name == "erin" else "C"]),
    )
    erin = next(row for row in rows if row.username == "erin")
    assert erin.club == federation.dragons.club and erin.clubs == 1
    assert erin.sessions == 3  # A's three rated sessions in Dragons


def test_a_member_of_both_clubs_sees_the_best_rating_and_every_session(
    federation: Federation, dave: User
) -> None:
    rows = federation_table(viewer=dave, family="hk")
    erin = next(row for row in rows if row.username == "erin")
    a, b = federation.dragons.players["A"], federation.tigers.players["B"]
    best = max((a, b), key=conservative)
    assert erin.skill == Skill(latest(best).mu, latest(best).sigma)
    assert erin.club == best.club and erin.player_id == best.pk
    assert (erin.sessions, erin.clubs) == (3 + 3, 2)  # A and B each played all three sessions


def test_the_minimum_counts_sessions_in_every_club(federation: Federation, dave: User) -> None:
    names = [row.username for row in federation_table(viewer=dave, family="hk", min_games=4)]
    assert names == ["erin"]  # fay: three sessions in one club
    assert federation_table(viewer=dave, family="mcr") == []


def test_the_page_lists_the_people(federation: Federation) -> None:
    page = Client().get("/people/", {"family": "hk"})
    assert page.status_code == 200
    rows = table_rows(page, "people")
    assert sorted(row[1].split()[0] for row in rows) == ["erin", "fay"]
    assert all(row[5] == "Dragons" for row in rows)
    assert "/people/erin/" in page.content.decode()
    filtered = table_rows(Client().get("/people/?min_games=4"), "people")
    assert filtered == [["No one rated here yet."]]  # three sessions each in Dragons


def test_the_api_ranks_the_people_with_an_etag(federation: Federation, dave: User) -> None:
    viewer = client_for(dave)
    answer = viewer.get("/api/v1/people/", {"family": "hk"})
    assert answer.status_code == 200
    body = answer.json()
    erin = next(row for row in body["rows"] if row["username"] == "erin")
    assert (erin["sessions"], erin["clubs"], body["family"]) == (6, 2, "hk")
    assert [row["rank"] for row in body["rows"]] == [1, 2]
    again = viewer.get("/api/v1/people/", {"family": "hk"}, HTTP_IF_NONE_MATCH=answer["ETag"])
    assert again.status_code == 304
    link(federation.dragons.players["D"], make_user("gus"))  # a new link changes the table
    moved = viewer.get("/api/v1/people/", {"family": "hk"}, HTTP_IF_NONE_MATCH=answer["ETag"])
    assert moved.status_code == 200 and len(moved.json()["rows"]) == 3


def test_the_api_refuses_a_bad_family(federation: Federation) -> None:
    answer = Client().get("/api/v1/people/", {"family": "go"})
    assert answer.status_code == 400
    assert "family" in answer.json()["fields"]


def test_a_person_in_the_api_as_the_caller_may_see_them(federation: Federation, dave: User) -> None:
    stranger = Client().get("/api/v1/people/erin/").json()
    assert [club["club"] for club in stranger["clubs"]] == ["dragons"]
    member = client_for(dave).get("/api/v1/people/erin/").json()
    assert [club["club"] for club in member["clubs"]] == ["dragons", "tigers"]
    [family] = member["clubs"][0]["families"]
    assert family["family"] == "hk" and family["figures"]["sessions"] == 3
    assert family["figures"]["hands"] == 8 and family["rated_sessions"] == 3
    assert family["rating"]["conservative"] == pytest.approx(
        conservative(federation.dragons.players["A"])
    )


def test_a_person_s_figures_take_a_date_range(federation: Federation) -> None:
    answer = Client().get("/api/v1/people/erin/", {"date_from": "2026-06-08"}).json()
    figures = answer["clubs"][0]["families"][0]["figures"]
    assert answer["date_from"] == "2026-06-08"
    assert (figures["sessions"], figures["hands"]) == (2, 4)  # 8 June (2 hands), 15 June (2)
    [row] = table_rows(Client().get("/people/erin/?date_from=2026-06-08"), "person-figures")
    assert row[1:3] == ["2", "4"]
    bad = Client().get("/api/v1/people/erin/", {"date_from": "2026-06-08", "date_to": "2026-06-01"})
    assert bad.status_code == 400 and "date_to" in bad.json()["fields"]


def test_a_person_in_the_api_has_an_etag_and_hides_when_unseen(
    federation: Federation, dave: User
) -> None:
    first = Client().get("/api/v1/people/erin/")
    assert Client().get("/api/v1/people/erin/", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    dated = Client().get(
        "/api/v1/people/erin/?date_to=2026-06-08", HTTP_IF_NONE_MATCH=first["ETag"]
    )
    assert dated.status_code == 200
    only_tigers = make_user("hal")
    link(federation.tigers.players["C"], only_tigers)
    assert Client().get("/api/v1/people/hal/").status_code == 404
    assert client_for(dave).get("/api/v1/people/hal/").status_code == 200
    assert Client().get("/api/v1/people/nobody/").status_code == 404


def test_a_name_with_a_comma_keeps_the_etag_whole(federation: Federation) -> None:
    player = federation.dragons.players["A"]
    player.name = 'Lee, "Ann"'
    player.save()
    first = Client().get(f"/api/v1/players/{player.pk}/family-stats/")
    assert first.status_code == 200
    again = Client().get(
        f"/api/v1/players/{player.pk}/family-stats/", HTTP_IF_NONE_MATCH=first["ETag"]
    )
    assert again.status_code == 304
