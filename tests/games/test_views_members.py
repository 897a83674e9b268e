"""Organisers manage members: change a role, remove someone, and hand out an invitation by
link, copy/share button or QR code; a club always keeps an organiser."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Club, Membership
from tests.games.pages import messages_of, text


def membership(club: Club, user: User) -> Membership:
    return Membership.objects.get(club=club, user=user)


def test_an_organiser_changes_a_members_role(as_alice: Client, club: Club, bob: User) -> None:
    url = f"/c/dragons/members/{membership(club, bob).pk}/role/"
    response = as_alice.post(url, {"role": "viewer"}, follow=True)
    assert membership(club, bob).role == "viewer"
    assert "bob is now a viewer." in messages_of(response)


def test_an_organiser_removes_a_member(as_alice: Client, club: Club, bob: User) -> None:
    response = as_alice.post(f"/c/dragons/members/{membership(club, bob).pk}/remove/", follow=True)
    assert not Membership.objects.filter(club=club, user=bob).exists()
    assert any("no longer a member" in message for message in messages_of(response))


def test_the_last_organiser_can_neither_leave_nor_step_down(
    as_alice: Client, club: Club, alice: User
) -> None:
    own = membership(club, alice)
    as_alice.post(f"/c/dragons/members/{own.pk}/role/", {"role": "member"})
    response = as_alice.post(f"/c/dragons/members/{own.pk}/remove/", follow=True)
    assert membership(club, alice).role == "organiser"
    assert "A club needs an organiser" in " ".join(messages_of(response))


def test_with_two_organisers_one_may_step_down(
    as_alice: Client, club: Club, alice: User, bob: User
) -> None:
    services.membership_set(club=club, user=bob, role="organiser")
    as_alice.post(f"/c/dragons/members/{membership(club, alice).pk}/role/", {"role": "member"})
    assert membership(club, alice).role == "member"


@pytest.mark.parametrize("role", ["owner", ""])
def test_an_unknown_role_is_refused(as_alice: Client, club: Club, bob: User, role: str) -> None:
    url = f"/c/dragons/members/{membership(club, bob).pk}/role/"
    response = as_alice.post(url, {"role": role}, follow=True)
    assert membership(club, bob).role == "member"
    assert "Choose organiser, member or viewer." in messages_of(response)


@pytest.mark.parametrize("who", ["anonymous", "charlie", "bob"])
def test_only_organisers_reach_the_member_routes(
    request: pytest.FixtureRequest, club: Club, alice: User, charlie: User, who: str
) -> None:
    client = Client() if who == "anonymous" else request.getfixturevalue(f"as_{who}")
    invite = services.invitation_create(club=club, role="member", player=None, by=alice)
    target = membership(club, charlie).pk
    answers = [
        client.post(f"/c/dragons/members/{target}/role/", {"role": "organiser"}),
        client.post(f"/c/dragons/members/{target}/remove/"),
        client.get(f"/c/dragons/invitations/{invite.token}/qr.svg"),
    ]
    expected = 302 if who == "anonymous" else 403  # anonymous: to the sign-in page
    assert [answer.status_code for answer in answers] == [expected] * 3
    assert membership(club, charlie).role == "viewer"


def test_members_cannot_manage_members(
    as_bob: Client, club: Club, charlie: User, private_club: Club, dave: User
) -> None:
    assert (
        as_bob.post(f"/c/dragons/members/{membership(club, charlie).pk}/remove/").status_code == 403
    )
    # An organiser of another club cannot reach this club's memberships by id either.
    other = Client()
    other.force_login(dave)
    assert (
        other.post(f"/c/tigers/members/{membership(club, charlie).pk}/remove/").status_code == 404
    )
    assert Membership.objects.filter(club=club, user=charlie).exists()


def test_an_invitation_has_copy_and_share_buttons_and_a_qr_code(
    as_alice: Client, club: Club, alice: User
) -> None:
    invite = services.invitation_create(club=club, role="member", player=None, by=alice)
    page = as_alice.get("/c/dragons/members/")
    html = page.content.decode()
    assert f'data-copy="invite-{invite.pk}"' in html and f'data-share="invite-{invite.pk}"' in html
    qr_url = f"/c/dragons/invitations/{invite.token}/qr.svg"
    assert f'src="{qr_url}"' in html and "Copy" in text(page)
    qr = as_alice.get(qr_url)
    assert qr.status_code == 200 and qr["Content-Type"] == "image/svg+xml"
    assert qr.content.startswith(b"<?xml") and b"<svg" in qr.content


def test_only_organisers_see_an_invitations_qr_code(
    as_bob: Client, club: Club, alice: User
) -> None:
    invite = services.invitation_create(club=club, role="member", player=None, by=alice)
    assert as_bob.get(f"/c/dragons/invitations/{invite.token}/qr.svg").status_code == 403
