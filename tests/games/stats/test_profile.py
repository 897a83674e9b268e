"""One person across clubs: each club shows what it lets the viewer see, the same figures as
its player page."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Club, Player
from games.stats.replay import ratings_replay
from tests.conftest import client_for, make_user
from tests.games.pages import table_rows, text
from tests.games.stats.conftest import League, build_league

pytestmark = pytest.mark.django_db


@dataclass
class Person:
    user: User
    public: Player  # in Dragons, a public club
    private: Player  # in Tigers, members only


@pytest.fixture
def erin(league: League, private_club: Club, dave: User) -> Person:
    tigers = build_league(private_club, dave)
    for built in (league, tigers):
        ratings_replay(club_id=built.club.pk, family=built.family)
    user = make_user("erin")
    # A different seat in each club, so that each club's figures differ.
    public, private = league.players["A"], tigers.players["B"]
    for player in (public, private):
        player.user = user
        player.save()
    return Person(user, public, private)


def test_a_stranger_sees_only_the_public_clubs_part(erin: Person) -> None:
    page = Client().get("/people/erin/")
    assert page.status_code == 200
    assert [part.player for part, _ in page.context["parts"]] == [erin.public]
    assert "Dragons" in text(page) and "Tigers" not in text(page)


def test_a_member_of_the_private_club_sees_both(erin: Person, dave: User) -> None:
    page = client_for(dave).get("/people/erin/")
    assert [part.player for part, _ in page.context["parts"]] == [erin.public, erin.private]
    assert page.content.decode().count('<table class="person-figures">') == 2
    assert "Dragons" in text(page) and "Tigers" in text(page)


def test_the_person_herself_sees_only_clubs_she_is_a_member_of_or_public(erin: Person) -> None:
    page = client_for(erin.user).get("/people/erin/")
    assert [part.player for part, _ in page.context["parts"]] == [erin.public]


def test_each_clubs_figures_are_its_player_pages(erin: Person, dave: User) -> None:
    viewer = client_for(dave)
    parts = viewer.get("/people/erin/").context["parts"]
    assert len(parts) == 2
    for part, lines in parts:
        player = part.player
        page = viewer.get(f"/c/{player.club.slug}/players/{player.pk}/")
        assert [family.key for family, _ in lines] == [f.key for f in page.context["families"]]
        _, line = lines[0]
        assert line.rates == page.context["stats"].rates
        assert line.rating == page.context["rating"] and line.rating is not None
        assert line.rated_sessions == page.context["rated_sessions"]
    public, private = (line for _, [(_, line)] in parts)
    assert public.rates != private.rates  # A in one club, B in the other


def test_the_figures_are_shown(erin: Person) -> None:
    [row] = table_rows(Client().get("/people/erin/"), "person-figures")
    # A over the hand-built season: 3 sessions, 8 hands, +128 −80 −512 = −464.
    assert row[1:3] == ["3", "8"] and row[7] == "-464"


def test_the_player_page_links_to_the_profile(erin: Person) -> None:
    page = Client().get(f"/c/dragons/players/{erin.public.pk}/")
    assert 'href="/people/erin/"' in page.content.decode()
    unlinked = Player.objects.get(club=erin.public.club, name="B")
    assert "/people/" not in Client().get(f"/c/dragons/players/{unlinked.pk}/").content.decode()


def test_a_person_seen_in_no_club_is_a_404(erin: Person, private_club: Club) -> None:
    erin.public.user = None
    erin.public.save()
    assert Client().get("/people/erin/").status_code == 404
    assert Client().get("/people/nobody/").status_code == 404
