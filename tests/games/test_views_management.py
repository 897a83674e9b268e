"""The organiser's pages: players, rule sets, seasons, sessions, members and invitations."""

from __future__ import annotations

import datetime as dt
import re
import uuid

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import (
    Club,
    Hand,
    Invitation,
    Membership,
    Player,
    RuleSet,
    RuleSetVersion,
    Season,
    Session,
)
from tests.conftest import HK_HALF
from tests.games.pages import messages_of, new_hand_form, snapshot, text

NEW_PASSWORD = "seven-pairs-of-dragons"


def seat_data(players: list[Player]) -> dict[str, int]:
    return {f"seat_{index}": player.pk for index, player in enumerate(players)}


@pytest.fixture
def tiger_player(private_club: Club) -> Player:
    return services.player_create(club=private_club, name="Tiger Lily")


# --- players ------------------------------------------------------------------------------


def test_an_organiser_adds_a_player(as_alice: Client, players: list[Player]) -> None:
    response = as_alice.post("/c/dragons/players/", {"name": "  Eve  "}, follow=True)
    assert response.redirect_chain == [("/c/dragons/players/", 302)]
    assert "Added Eve." in messages_of(response)
    player = Player.objects.get(name="Eve")
    assert player.club.slug == "dragons" and player.user is None


def test_a_duplicate_player_name_is_explained(as_alice: Client, players: list[Player]) -> None:
    response = as_alice.post("/c/dragons/players/", {"name": "A"})
    assert response.status_code == 200
    assert response.context["form"].errors["name"] == ["Dragons already has a player called 'A'."]
    assert Player.objects.filter(name="A").count() == 1


def test_the_same_name_may_be_used_in_another_club(
    as_alice: Client, players: list[Player], private_club: Club
) -> None:
    services.player_create(club=private_club, name="Eve")
    assert as_alice.post("/c/dragons/players/", {"name": "Eve"}).status_code == 302
    assert Player.objects.filter(name="Eve").count() == 2


def test_an_organiser_renames_a_player(as_alice: Client, players: list[Player]) -> None:
    player = players[0]
    response = as_alice.post(f"/c/dragons/players/{player.pk}/edit/", {"name": "Ann"})
    assert response.status_code == 302
    assert response["Location"] == f"/c/dragons/players/{player.pk}/"
    player.refresh_from_db()
    assert player.name == "Ann"


def test_renaming_onto_another_players_name_is_explained(
    as_alice: Client, players: list[Player]
) -> None:
    player = players[0]
    response = as_alice.post(f"/c/dragons/players/{player.pk}/edit/", {"name": "B"})
    assert response.status_code == 200
    assert response.context["form"].errors["name"] == ["Dragons already has a player called 'B'."]
    player.refresh_from_db()
    assert player.name == "A"


# --- rule sets ----------------------------------------------------------------------------

SPICY = {"base": "0.5", "max_faan": "10", "responsibility": "full", "spiciness": "spicy"}


def test_an_organiser_creates_a_hong_kong_rule_set(as_alice: Client, club: Club) -> None:
    response = as_alice.post("/c/dragons/rules/new/hk/", {"name": "Spicy", **SPICY})
    assert response.status_code == 302
    assert response["Location"] == "/c/dragons/rules/"
    rule_set = RuleSet.objects.get(club=club, name="Spicy")
    assert rule_set.family == "hk"
    version = rule_set.versions.get()
    assert version.number == 1
    assert version.params == {
        "base": "0.5",
        "max_faan": 10,
        "responsibility": "full",
        "spiciness": "spicy",
    }
    listing = text(as_alice.get("/c/dragons/rules/"))
    assert (
        "v1: base 0.5 (二五雞), max 10 faan, full responsibility (全銃), spicy (辣辣上)" in listing
    )


def test_a_rule_set_name_is_unique_within_the_club(as_alice: Client, rule_set: RuleSet) -> None:
    response = as_alice.post("/c/dragons/rules/new/hk/", {"name": "Half rules", **SPICY})
    assert response.status_code == 200
    assert response.context["name_form"].errors["name"] == [
        "Dragons already has a rule set called 'Half rules'."
    ]
    assert RuleSet.objects.count() == 1


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"base": "0"}, "base"),
        ({"base": "lots"}, "base"),
        ({"max_faan": "65"}, "max_faan"),
        ({"responsibility": "some"}, "responsibility"),
    ],
)
def test_bad_rule_parameters_are_explained_beside_the_field(
    as_alice: Client, club: Club, change: dict, field: str
) -> None:
    response = as_alice.post("/c/dragons/rules/new/hk/", {"name": "Odd", **SPICY, **change})
    assert response.status_code == 200
    assert response.context["params_form"].errors[field]
    assert not RuleSet.objects.exists()


def test_an_unknown_rule_family_is_not_found(as_alice: Client, club: Club) -> None:
    assert as_alice.get("/c/dragons/rules/new/chess/").status_code == 404


def test_editing_rules_a_session_used_makes_version_2_and_the_session_keeps_version_1(
    as_alice: Client, as_bob: Client, rule_set: RuleSet, session: Session, players: list[Player]
) -> None:
    data = {"name": "Half rules", **SPICY}
    response = as_alice.post(f"/c/dragons/rules/{rule_set.pk}/edit/", data, follow=True)

    assert "Saved as version 2." in messages_of(response)
    assert list(rule_set.versions.order_by("number").values_list("number", "params")) == [
        (1, {**HK_HALF, "base": "2"}),
        (2, {"base": "0.5", "max_faan": 10, "responsibility": "full", "spiciness": "spicy"}),
    ]
    session.refresh_from_db()
    assert session.rule_set_version.number == 1
    assert session.rule_set_version.params == HK_HALF

    # Hands at the old table are still scored under version 1: base 2, half responsibility.
    as_bob.post(f"/c/dragons/sessions/{session.pk}/hands/new/", new_hand_form())
    hand = Hand.objects.get()
    assert [s.points for s in hand.scores.order_by("seat")] == [-4, 16, -8, -4]

    # A new session is pinned to version 2.
    as_alice.post(
        "/c/dragons/sessions/new/",
        {"season": session.season_id, "played_on": "2026-03-08", **seat_data(players)},
    )
    assert Session.objects.latest("id").rule_set_version.number == 2


def test_editing_rules_no_session_used_changes_the_version_in_place(
    as_alice: Client, rule_set: RuleSet
) -> None:
    response = as_alice.post(
        f"/c/dragons/rules/{rule_set.pk}/edit/", {"name": "Spicy rules", **SPICY}, follow=True
    )
    assert "Saved as version 1." in messages_of(response)
    rule_set.refresh_from_db()
    assert rule_set.name == "Spicy rules"
    version = RuleSetVersion.objects.get(rule_set=rule_set)
    assert version.number == 1 and version.params["spiciness"] == "spicy"


def test_renaming_rules_without_changing_them_makes_no_new_version(
    as_alice: Client, rule_set: RuleSet, session: Session
) -> None:
    data = {"name": "Renamed", "base": "2", "max_faan": "6", "responsibility": "half"}
    response = as_alice.post(
        f"/c/dragons/rules/{rule_set.pk}/edit/", {**data, "spiciness": "half"}, follow=True
    )
    assert "Saved as version 1." in messages_of(response)
    rule_set.refresh_from_db()
    assert rule_set.name == "Renamed" and rule_set.versions.count() == 1


def test_the_rule_edit_form_starts_from_the_latest_version(
    as_alice: Client, rule_set: RuleSet
) -> None:
    form = as_alice.get(f"/c/dragons/rules/{rule_set.pk}/edit/").context["params_form"]
    assert form["base"].value() == "2" and form["max_faan"].value() == 6
    assert form["responsibility"].value() == "half"


# --- seasons ------------------------------------------------------------------------------


def test_an_organiser_creates_a_season(as_alice: Client, rule_set: RuleSet) -> None:
    data = {
        "name": "Summer",
        "rule_set": rule_set.pk,
        "starts_on": "2026-06-01",
        "ends_on": "2026-08-31",
    }
    response = as_alice.post("/c/dragons/seasons/new/", data)
    season = Season.objects.get(name="Summer")
    assert response["Location"] == f"/c/dragons/seasons/{season.pk}/"
    assert season.rule_set == rule_set
    assert (season.starts_on, season.ends_on) == (dt.date(2026, 6, 1), dt.date(2026, 8, 31))


def test_a_season_that_ends_before_it_starts_is_explained(
    as_alice: Client, rule_set: RuleSet
) -> None:
    data = {
        "name": "Backwards",
        "rule_set": rule_set.pk,
        "starts_on": "2026-06-01",
        "ends_on": "2026-05-31",
    }
    response = as_alice.post("/c/dragons/seasons/new/", data)
    assert response.status_code == 200
    assert not Season.objects.filter(name="Backwards").exists()
    assert "The season cannot end before it starts." in text(response)


def test_a_season_that_ends_before_it_starts_is_refused(as_alice: Client, season: Season) -> None:
    data = {
        "name": "Spring",
        "rule_set": season.rule_set_id,
        "starts_on": "2026-06-01",
        "ends_on": "2026-05-31",
    }
    response = as_alice.post(f"/c/dragons/seasons/{season.pk}/edit/", data)
    assert response.status_code == 200
    season.refresh_from_db()
    assert season.starts_on is None and season.ends_on is None


def test_a_duplicate_season_name_is_explained(as_alice: Client, season: Season) -> None:
    data = {"name": "Spring", "rule_set": season.rule_set_id}
    response = as_alice.post("/c/dragons/seasons/new/", data)
    assert response.status_code == 200
    assert response.context["form"].errors["name"] == [
        "Dragons already has a season called 'Spring'."
    ]
    assert Season.objects.count() == 1


def test_an_organiser_edits_a_season(as_alice: Client, season: Season) -> None:
    data = {"name": "Spring 2026", "rule_set": season.rule_set_id, "starts_on": "2026-03-01"}
    response = as_alice.post(f"/c/dragons/seasons/{season.pk}/edit/", data)
    assert response["Location"] == f"/c/dragons/seasons/{season.pk}/"
    season.refresh_from_db()
    assert season.name == "Spring 2026" and season.starts_on == dt.date(2026, 3, 1)


# --- sessions -----------------------------------------------------------------------------


def test_an_organiser_starts_a_session(
    as_alice: Client, season: Season, players: list[Player], alice: User
) -> None:
    seated = [players[2], players[0], players[3], players[1]]
    data = {"season": season.pk, "played_on": "2026-03-08", **seat_data(seated)}
    response = as_alice.post("/c/dragons/sessions/new/", data)

    session = Session.objects.get()
    assert response["Location"] == f"/c/dragons/sessions/{session.pk}/"
    assert [seat.player for seat in session.seats.order_by("position")] == seated
    assert session.played_on == dt.date(2026, 3, 8)
    assert session.rule_set_version == season.rule_set.versions.get()
    assert session.is_open and session.created_by == alice


def test_resubmitting_the_session_form_starts_one_session(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    # Three identical submits (a double tap, a retry) made three sessions.
    form = as_alice.get("/c/dragons/sessions/new/").context["form"]
    entry_id = form["client_id"].value()
    assert uuid.UUID(str(entry_id)) and 'type="hidden" name="client_id"' in str(form)
    data = {"season": season.pk, "played_on": "2026-03-08", "client_id": entry_id}
    answers = [
        as_alice.post("/c/dragons/sessions/new/", {**data, **seat_data(players)}) for _ in "abc"
    ]
    session = Session.objects.get()
    assert {answer["Location"] for answer in answers} == {f"/c/dragons/sessions/{session.pk}/"}
    assert session.client_id == uuid.UUID(str(entry_id))
    # A fresh form has a fresh id: the next table gets its own session.
    fresh = as_alice.get("/c/dragons/sessions/new/").context["form"]["client_id"].value()
    assert fresh != entry_id


def test_the_same_entry_id_for_another_seating_is_explained(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    data = {"season": season.pk, "played_on": "2026-03-08", "client_id": str(uuid.uuid4())}
    as_alice.post("/c/dragons/sessions/new/", {**data, **seat_data(players)})
    reseated = seat_data([players[1], players[0], *players[2:]])
    response = as_alice.post("/c/dragons/sessions/new/", {**data, **reseated})
    assert response.status_code == 200
    assert "already started a different session" in text(response)
    assert Session.objects.count() == 1


def test_the_session_form_preselects_the_season(as_alice: Client, season: Season) -> None:
    form = as_alice.get(f"/c/dragons/sessions/new/?season={season.pk}").context["form"]
    assert form["season"].value() == str(season.pk)


def test_a_session_may_use_another_rule_set_of_the_club(
    as_alice: Client, season: Season, players: list[Player], alice: User, club: Club
) -> None:
    other = services.rule_set_create(
        club=club, name="Other", family="hk", params=HK_HALF | {"max_faan": 8}, by=alice
    )
    data = {"season": season.pk, "rule_set": other.pk, "played_on": "2026-03-08"}
    as_alice.post("/c/dragons/sessions/new/", {**data, **seat_data(players)})
    assert Session.objects.get().rule_set_version.rule_set == other


def test_a_player_from_another_club_cannot_be_seated(
    as_alice: Client, season: Season, players: list[Player], tiger_player: Player
) -> None:
    seated = [*players[:3], tiger_player]
    data = {"season": season.pk, "played_on": "2026-03-08", **seat_data(seated)}
    response = as_alice.post("/c/dragons/sessions/new/", data)
    assert response.status_code == 200
    assert response.context["form"].errors["seat_3"] == [
        "Select a valid choice. That choice is not one of the available choices."
    ]
    assert not Session.objects.exists()


def test_a_player_cannot_take_two_seats(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    seated = [players[0], players[1], players[2], players[0]]
    data = {"season": season.pk, "played_on": "2026-03-08", **seat_data(seated)}
    response = as_alice.post("/c/dragons/sessions/new/", data)
    assert response.status_code == 200
    assert response.context["form"].non_field_errors() == ["A player can take only one seat."]
    assert "A player can take only one seat." in text(response)
    assert not Session.objects.exists()


def test_a_hong_kong_table_needs_four_players(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    data = {"season": season.pk, "played_on": "2026-03-08", **seat_data(players[:2])}
    response = as_alice.post("/c/dragons/sessions/new/", data)
    assert response.status_code == 200
    assert "Hong Kong faan (港式) needs 4 players." in text(response)
    assert not Session.objects.exists()


def test_an_organiser_closes_and_reopens_a_session(
    as_alice: Client, as_bob: Client, session: Session
) -> None:
    url = f"/c/dragons/sessions/{session.pk}/status/"
    closed = as_alice.post(url, {"status": "closed"}, follow=True)
    assert closed.redirect_chain == [(f"/c/dragons/sessions/{session.pk}/", 302)]
    assert "The session is now closed." in messages_of(closed)
    session.refresh_from_db()
    assert session.status == "closed"
    assert "Reopen session" in text(closed)
    assert 'id="add-hand"' not in as_bob.get(f"/c/dragons/sessions/{session.pk}/").content.decode()

    reopened = as_alice.post(url, {"status": "open"}, follow=True)
    assert "The session is now open." in messages_of(reopened)
    session.refresh_from_db()
    assert session.status == "open"
    assert 'id="add-hand"' in as_bob.get(f"/c/dragons/sessions/{session.pk}/").content.decode()


def test_an_unknown_session_status_is_refused(as_alice: Client, session: Session) -> None:
    url = f"/c/dragons/sessions/{session.pk}/status/"
    response = as_alice.post(url, {"status": "paused"}, follow=True)
    assert "Choose open or closed." in messages_of(response)
    session.refresh_from_db()
    assert session.status == "open"


# --- invitations --------------------------------------------------------------------------

LINK = re.compile(r"https?://testserver(/\S+/)")


def link_in(response: object) -> str:
    """The path of the link the organiser is told to send."""
    for message in messages_of(response):  # type: ignore[arg-type]
        if match := LINK.search(message):
            return match.group(1)
    raise AssertionError("no link in the messages")


def test_an_organiser_creates_an_invitation_link(
    as_alice: Client, players: list[Player], alice: User
) -> None:
    response = as_alice.post(
        "/c/dragons/members/invite/", {"role": "member", "player": players[0].pk}, follow=True
    )
    assert response.redirect_chain == [("/c/dragons/members/", 302)]
    invitation = Invitation.objects.get()
    assert link_in(response) == f"/invite/{invitation.token}/"
    assert (invitation.role, invitation.player, invitation.created_by) == (
        "member",
        players[0],
        alice,
    )
    assert invitation.accepted_at is None
    assert f"/invite/{invitation.token}/" in response.content.decode()  # listed as open


def test_a_new_member_signs_up_through_an_invitation(
    as_alice: Client, players: list[Player]
) -> None:
    invited = as_alice.post(
        "/c/dragons/members/invite/", {"role": "member", "player": players[0].pk}, follow=True
    )
    link = link_in(invited)
    newcomer = Client()

    page = newcomer.get(link)
    assert page.status_code == 200
    assert "You are invited as a member, playing as A." in text(page)

    response = newcomer.post(link, {"username": "erin", "password": NEW_PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == "/c/dragons/"
    erin = User.objects.get(username="erin")
    assert erin.check_password(NEW_PASSWORD)
    assert Membership.objects.get(user=erin).role == "member"
    players[0].refresh_from_db()
    assert players[0].user == erin
    invitation = Invitation.objects.get()
    assert invitation.accepted_by == erin and invitation.accepted_at is not None
    # Signed in as erin, who may now record hands.
    assert newcomer.get("/c/dragons/").context["access"].can_record


def test_an_invitation_link_cannot_be_used_twice(as_alice: Client, players: list[Player]) -> None:
    invited = as_alice.post(
        "/c/dragons/members/invite/", {"role": "member", "player": players[0].pk}, follow=True
    )
    link = link_in(invited)
    Client().post(link, {"username": "erin", "password": NEW_PASSWORD})
    before = snapshot()

    second = Client()
    assert "This invitation has already been used." in text(second.get(link))
    response = second.post(link, {"username": "frank", "password": NEW_PASSWORD})
    assert "This invitation has already been used." in text(response)
    assert snapshot() == before
    assert not User.objects.filter(username="frank").exists()


def test_a_signed_in_user_joins_through_an_invitation(
    club: Club, alice: User, dave: User, as_dave: Client
) -> None:
    invitation = services.invitation_create(club=club, role="viewer", player=None, by=alice)
    response = as_dave.post(f"/invite/{invitation.token}/")
    assert response["Location"] == "/c/dragons/"
    assert Membership.objects.get(club=club, user=dave).role == "viewer"


def test_an_invitation_never_lowers_a_role(club: Club, alice: User, as_alice: Client) -> None:
    invitation = services.invitation_create(club=club, role="viewer", player=None, by=alice)
    as_alice.post(f"/invite/{invitation.token}/")
    assert Membership.objects.get(club=club, user=alice).role == "organiser"


def test_signing_up_with_a_taken_username_is_explained(club: Club, alice: User, bob: User) -> None:
    invitation = services.invitation_create(club=club, role="member", player=None, by=alice)
    response = Client().post(
        f"/invite/{invitation.token}/", {"username": "bob", "password": NEW_PASSWORD}
    )
    assert response.status_code == 200
    assert response.context["form"].errors["username"] == [
        "That username is taken; sign in first if it is yours."
    ]
    invitation.refresh_from_db()
    assert invitation.accepted_at is None
    assert not User.objects.get(username="bob").check_password(NEW_PASSWORD)


def test_a_player_who_has_an_account_cannot_be_invited_again(
    as_alice: Client, players: list[Player], bob: User
) -> None:
    services.player_link_user(player=players[1], user=bob)
    response = as_alice.post(
        "/c/dragons/members/invite/", {"role": "member", "player": players[1].pk}, follow=True
    )
    assert "Choose a role and, if you like, an unlinked player." in messages_of(response)
    assert not Invitation.objects.exists()


# --- accounts made by organisers ----------------------------------------------------------


def test_an_organiser_creates_an_account_with_a_set_password_link(
    as_alice: Client, players: list[Player]
) -> None:
    response = as_alice.post(
        "/c/dragons/members/account/",
        {"username": "erin", "role": "member", "player": players[1].pk},
        follow=True,
    )
    assert response.redirect_chain == [("/c/dragons/members/", 302)]
    erin = User.objects.get(username="erin")
    assert not erin.has_usable_password()
    assert Membership.objects.get(user=erin).role == "member"
    players[1].refresh_from_db()
    assert players[1].user == erin

    link = link_in(response)
    assert link.startswith("/accounts/set-password/")
    newcomer = Client()
    form_page = newcomer.get(link, follow=True)
    assert form_page.context["validlink"] is True
    form_url = form_page.redirect_chain[-1][0]
    done = newcomer.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert done["Location"] == "/accounts/set-password/done/"
    erin.refresh_from_db()
    assert erin.check_password(NEW_PASSWORD)

    signed_in = Client()
    login = signed_in.post("/accounts/login/", {"username": "erin", "password": NEW_PASSWORD})
    assert login.status_code == 302
    assert signed_in.get("/c/dragons/").context["access"].role == "member"

    # The link was for one use: it is dead once the password is set.
    assert Client().get(link, follow=True).context["validlink"] is False


def test_an_account_with_a_taken_username_is_refused(as_alice: Client, club: Club) -> None:
    before = snapshot()
    response = as_alice.post(
        "/c/dragons/members/account/", {"username": "bob", "role": "organiser"}, follow=True
    )
    assert "The username 'bob' is taken." in messages_of(response)
    assert snapshot() == before


def test_the_members_page_lists_members_and_open_invitations(
    as_alice: Client, club: Club, alice: User
) -> None:
    services.invitation_create(club=club, role="viewer", player=None, by=alice)
    response = as_alice.get("/c/dragons/members/")
    assert [m.user.username for m in response.context["memberships"]] == [
        "alice",
        "bob",
        "charlie",
    ]
    assert len(response.context["invitations"]) == 1


def test_signing_up_refuses_a_password_the_validators_reject(club: Club, alice: User) -> None:
    invitation = services.invitation_create(club=club, role="member", player=None, by=alice)
    response = Client().post(
        f"/invite/{invitation.token}/", {"username": "erin", "password": "12345678"}
    )
    assert response.status_code == 200
    assert response.context["form"].errors["password"]
    assert not User.objects.filter(username="erin").exists()


@pytest.mark.parametrize("how", ["invitation", "organiser"])
def test_a_username_django_would_refuse_is_refused(
    club: Club, alice: User, as_alice: Client, how: str
) -> None:
    if how == "invitation":
        invitation = services.invitation_create(club=club, role="member", player=None, by=alice)
        Client().post(
            f"/invite/{invitation.token}/", {"username": "bad name!", "password": NEW_PASSWORD}
        )
    else:
        as_alice.post("/c/dragons/members/account/", {"username": "bad name!", "role": "member"})
    assert not User.objects.filter(username="bad name!").exists()


def test_a_failed_invitation_leaves_no_half_made_account(
    as_alice: Client, club: Club, alice: User, players: list[Player]
) -> None:
    invitation = services.invitation_create(club=club, role="member", player=players[0], by=alice)
    as_alice.post(
        "/c/dragons/members/account/",
        {"username": "erin", "role": "member", "player": players[0].pk},
    )
    newcomer = Client()
    response = newcomer.post(
        f"/invite/{invitation.token}/", {"username": "frank", "password": NEW_PASSWORD}, follow=True
    )
    assert "A is already linked to another account." in messages_of(response)
    assert not User.objects.filter(username="frank").exists()


def test_names_are_shown_as_text_never_as_markup(
    as_alice: Client, session: Session, players: list[Player]
) -> None:
    services.player_update(player=players[0], name="<script>alert(1)</script>")
    for url in ("/c/dragons/players/", f"/c/dragons/sessions/{session.pk}/", "/c/dragons/"):
        content = as_alice.get(url).content.decode()
        assert "<script>alert(1)" not in content
    assert (
        "&lt;script&gt;alert(1)&lt;/script&gt;"
        in as_alice.get("/c/dragons/players/").content.decode()
    )
