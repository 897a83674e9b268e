"""Organisers manage members: change a role, remove someone, and hand out an invitation by
link, copy/share button or QR code, good for the days they choose and withdrawn at will; a
club always keeps an organiser."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import timezone

from games import services
from games.models import Club, Invitation, Membership
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
        client.post(f"/c/dragons/invitations/{invite.token}/withdraw/"),
    ]
    expected = 302 if who == "anonymous" else 403  # anonymous: to the sign-in page
    assert [answer.status_code for answer in answers] == [expected] * 4
    invite.refresh_from_db()
    assert invite.withdrawn_at is None
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


def sign_up(token: str, username: str = "erin") -> int:
    data = {"username": username, "password": "a-long-enough-passphrase"}
    return int(Client().post(f"/invite/{token}/", data).status_code)


def test_an_invitation_lasts_the_days_its_organiser_chose(as_alice: Client, club: Club) -> None:
    as_alice.post("/c/dragons/members/invite/", {"role": "organiser", "days": "3"})
    invite = Invitation.objects.get(club=club)
    left = invite.expires_at - timezone.now()
    assert dt.timedelta(days=3) - dt.timedelta(minutes=1) < left <= dt.timedelta(days=3)
    assert "until" in text(as_alice.get("/c/dragons/members/"))


def test_an_invitation_lasts_fourteen_days_unless_told(as_alice: Client, club: Club) -> None:
    as_alice.post("/c/dragons/members/invite/", {"role": "member"})
    left = Invitation.objects.get(club=club).expires_at - timezone.now()
    assert dt.timedelta(days=13, hours=23) < left <= dt.timedelta(days=14)


@pytest.mark.parametrize("days", ["0", "91", "-1", "lots"])
def test_an_invitation_of_no_or_too_many_days_is_refused(
    as_alice: Client, club: Club, days: str
) -> None:
    response = as_alice.post("/c/dragons/members/invite/", {"role": "member", "days": days})
    assert "1 to 90 days" in " ".join(messages_of(as_alice.get(response["Location"])))
    assert not Invitation.objects.exists()


def test_an_expired_invitation_admits_no_one(club: Club, alice: User) -> None:
    invite = services.invitation_create(club=club, role="organiser", player=None, by=alice)
    # Its days have passed.
    Invitation.objects.filter(pk=invite.pk).update(expires_at=timezone.now() - dt.timedelta(1))
    page = Client().get(f"/invite/{invite.token}/")
    assert page.status_code == 410 and "This invitation expired on" in text(page)
    assert sign_up(invite.token) == 410
    assert not User.objects.filter(username="erin").exists()
    with pytest.raises(ValidationError, match="expired"):
        services.invitation_accept(invitation=invite, user=alice)


def test_a_withdrawn_invitation_admits_no_one(
    as_alice: Client, club: Club, alice: User, dave: User
) -> None:
    invite = services.invitation_create(club=club, role="organiser", player=None, by=alice)
    members_page = text(as_alice.get("/c/dragons/members/"))
    assert "Withdraw" in members_page
    response = as_alice.post(f"/c/dragons/invitations/{invite.token}/withdraw/", follow=True)
    assert "Invitation withdrawn" in " ".join(messages_of(response))
    assert invite.token not in response.content.decode()  # no longer listed, nor its QR code
    assert as_alice.get(f"/c/dragons/invitations/{invite.token}/qr.svg").status_code == 404
    page = Client().get(f"/invite/{invite.token}/")
    assert page.status_code == 410 and "withdrawn" in text(page)
    assert sign_up(invite.token) == 410
    with pytest.raises(ValidationError, match="withdrawn"):
        services.invitation_accept(invitation=invite, user=dave)
    assert not Membership.objects.filter(club=club, user=dave).exists()


def test_a_used_invitation_cannot_be_withdrawn(as_alice: Client, club: Club, alice: User) -> None:
    invite = services.invitation_create(club=club, role="member", player=None, by=alice)
    assert sign_up(invite.token) == 302
    response = as_alice.post(f"/c/dragons/invitations/{invite.token}/withdraw/", follow=True)
    assert "already been used" in " ".join(messages_of(response))
    invite.refresh_from_db()
    assert invite.withdrawn_at is None


def test_another_clubs_organiser_cannot_withdraw_an_invitation(
    as_dave: Client, club: Club, alice: User, private_club: Club
) -> None:
    invite = services.invitation_create(club=club, role="member", player=None, by=alice)
    assert as_dave.post(f"/c/tigers/invitations/{invite.token}/withdraw/").status_code == 404
    assert as_dave.post(f"/c/dragons/invitations/{invite.token}/withdraw/").status_code == 403
    invite.refresh_from_db()
    assert invite.withdrawn_at is None


def test_withdrawing_needs_a_post(as_alice: Client, club: Club, alice: User) -> None:
    invite = services.invitation_create(club=club, role="member", player=None, by=alice)
    assert as_alice.get(f"/c/dragons/invitations/{invite.token}/withdraw/").status_code == 405
