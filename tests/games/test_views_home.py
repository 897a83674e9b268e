"""The first page a member sees: their open tables to continue, recent sessions, clubs; and
the styled page a member gets where only organisers may go."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Club, Player, Session
from tests.games.pages import text


@pytest.fixture
def bob_plays(players: list[Player], bob: User) -> Player:
    return services.player_link_user(player=players[1], user=bob)


def test_a_member_finds_their_open_table_and_recent_sessions(
    as_bob: Client, session: Session, bob_plays: Player
) -> None:
    page = as_bob.get("/")
    assert [s.pk for s in page.context["mine"].open_sessions] == [session.pk]
    body = text(page)
    assert "Your tables" in body and "Dragons · Spring" in body and "Continue" in body
    assert "Your recent sessions" in body and "Hong Kong" in body
    assert "Your clubs Dragons Member" in body
    assert f'href="/c/dragons/sessions/{session.pk}/"' in page.content.decode()


def test_a_closed_table_is_recent_but_no_longer_to_continue(
    as_bob: Client, session: Session, bob_plays: Player
) -> None:
    services.session_set_status(session=session, status=Session.Status.CLOSED)
    mine = as_bob.get("/").context["mine"]
    assert mine.open_sessions == [] and mine.recent_sessions == [session]


def test_a_table_without_the_member_is_not_theirs(as_bob: Client, session: Session) -> None:
    mine = as_bob.get("/").context["mine"]
    assert mine.open_sessions == [] and mine.recent_sessions == []
    assert "No open table with you at it." in text(as_bob.get("/"))


def test_a_visitor_sees_the_clubs_only(session: Session) -> None:
    page = Client().get("/")
    assert "mine" not in page.context and "Dragons" in text(page)


def test_a_member_on_an_organiser_page_gets_the_sites_own_403(as_bob: Client, club: Club) -> None:
    response = as_bob.get("/c/dragons/members/")
    assert response.status_code == 403
    body = text(response)
    assert "Not allowed" in body and "Your role in this club does not allow this." in body
    assert "Mahjong League" in body  # the site's header, not a bare page


def test_the_clubs_recent_sessions_say_their_season_and_family(
    as_bob: Client, session: Session, zj_session: Session
) -> None:
    body = text(as_bob.get("/c/dragons/"))
    recent = body[body.index("Recent sessions") : body.index("Seasons")]
    assert "Spring Hong Kong" in recent and "ZJ season Zung Jung" in recent
