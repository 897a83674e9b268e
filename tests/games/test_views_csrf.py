"""Every POST needs a CSRF token and, except signing up or in, a signed-in user."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.test import Client
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from games import services
from games.models import Club, Player
from tests.conftest import PASSWORD
from tests.games.pages import CLUB_MUTATIONS, ClubWorld, Mutation, build_world, snapshot


@pytest.fixture
def dragons(club: Club, players: list[Player], alice: User) -> ClubWorld:
    return build_world(club, alice, players=players)


def strict_client(user: User | None = None) -> Client:
    """A browser that, unlike the default test client, is held to CSRF checks."""
    client = Client(enforce_csrf_checks=True)
    if user is not None:
        client.force_login(user)
    return client


def csrf_token(client: Client, page: str = "/accounts/login/") -> str:
    """Open a page with a form, as a browser would, and read the CSRF cookie it sets."""
    assert client.get(page).status_code == 200
    return str(client.cookies["csrftoken"].value)


@pytest.mark.parametrize("mutation", CLUB_MUTATIONS, ids=[m.name for m in CLUB_MUTATIONS])
def test_a_club_post_without_a_csrf_token_is_refused_and_writes_nothing(
    dragons: ClubWorld, alice: User, mutation: Mutation
) -> None:
    client = strict_client(alice)
    before = snapshot()

    response = client.post(mutation.url(dragons), mutation.data(dragons))

    assert response.status_code == 403
    assert b"CSRF" in response.content
    assert snapshot() == before


@pytest.mark.parametrize("mutation", CLUB_MUTATIONS, ids=[m.name for m in CLUB_MUTATIONS])
def test_the_same_club_post_with_its_csrf_token_goes_through(
    dragons: ClubWorld, alice: User, mutation: Mutation
) -> None:
    client = strict_client(alice)
    token = csrf_token(client)
    before = snapshot()

    data = {**mutation.data(dragons), "csrfmiddlewaretoken": token}
    response = client.post(mutation.url(dragons), data)

    assert response.status_code == mutation.status
    assert (snapshot() != before) == mutation.writes


@pytest.mark.parametrize("mutation", CLUB_MUTATIONS, ids=[m.name for m in CLUB_MUTATIONS])
def test_no_club_post_changes_anything_for_an_anonymous_visitor(
    dragons: ClubWorld, mutation: Mutation
) -> None:
    before = snapshot()
    url = mutation.url(dragons)
    response = Client().post(url, mutation.data(dragons))
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next={url}"
    assert snapshot() == before


def test_starting_a_club_needs_a_csrf_token(dave: User) -> None:
    client = strict_client(dave)
    data = {"name": "Phoenix", "slug": "phoenix", "visibility": "public"}
    assert client.post("/clubs/new/", data).status_code == 403
    assert not Club.objects.filter(slug="phoenix").exists()

    data["csrfmiddlewaretoken"] = csrf_token(client, "/clubs/new/")
    assert client.post("/clubs/new/", data).status_code == 302
    assert Club.objects.filter(slug="phoenix").exists()


def test_accepting_an_invitation_needs_a_csrf_token(club: Club, alice: User, dave: User) -> None:
    invitation = services.invitation_create(club=club, role="member", player=None, by=alice)
    url = f"/invite/{invitation.token}/"
    client = strict_client(dave)

    assert client.post(url).status_code == 403
    invitation.refresh_from_db()
    assert invitation.accepted_at is None
    assert not club.memberships.filter(user=dave).exists()

    assert client.post(url, {"csrfmiddlewaretoken": csrf_token(client, url)}).status_code == 302
    invitation.refresh_from_db()
    assert invitation.accepted_by == dave


def test_signing_up_through_an_invitation_needs_a_csrf_token(club: Club, alice: User) -> None:
    invitation = services.invitation_create(club=club, role="member", player=None, by=alice)
    url = f"/invite/{invitation.token}/"
    client = strict_client()
    data = {"username": "erin", "password": PASSWORD}

    assert client.post(url, data).status_code == 403
    assert not User.objects.filter(username="erin").exists()

    data["csrfmiddlewaretoken"] = csrf_token(client, url)
    assert client.post(url, data).status_code == 302
    assert club.memberships.filter(user__username="erin").exists()


def test_signing_out_needs_a_csrf_token(bob: User, club: Club) -> None:
    client = strict_client(bob)
    assert client.post("/accounts/logout/").status_code == 403
    assert client.get("/c/dragons/members/").status_code == 403  # still bob, still a member

    token = csrf_token(client, "/c/dragons/")
    assert client.post("/accounts/logout/", {"csrfmiddlewaretoken": token}).status_code == 302
    assert client.get("/c/dragons/members/").status_code == 302  # signed out: sign in first


def test_signing_in_needs_a_csrf_token(bob: User) -> None:
    client = strict_client()
    data = {"username": "bob", "password": PASSWORD}
    assert client.post("/accounts/login/", data).status_code == 403
    assert "_auth_user_id" not in client.session

    data["csrfmiddlewaretoken"] = csrf_token(client)
    assert client.post("/accounts/login/", data).status_code == 302
    assert client.session["_auth_user_id"] == str(bob.pk)


def test_setting_a_password_needs_a_csrf_token(bob: User) -> None:
    uid = urlsafe_base64_encode(force_bytes(bob.pk))
    link = f"/accounts/set-password/{uid}/{default_token_generator.make_token(bob)}/"
    client = strict_client()
    form_url = client.get(link)["Location"]
    data = {"new_password1": "a fresh 7 tiles", "new_password2": "a fresh 7 tiles"}

    assert client.post(form_url, data).status_code == 403
    bob.refresh_from_db()
    assert bob.check_password(PASSWORD)

    data["csrfmiddlewaretoken"] = csrf_token(client, form_url)
    assert client.post(form_url, data).status_code == 302
    bob.refresh_from_db()
    assert bob.check_password("a fresh 7 tiles")
