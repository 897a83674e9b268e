"""The score sheet's poll answered ahead of the middleware (games/sheet_polls.py): a 304 only
for the poller the ETag was given to, while they may still see the sheet and it has not
changed; everything else is answered by the view, as the page is."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from importlib import import_module
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client, override_settings

from games import services
from games.models import Club, Hand, Membership, Penalty, Player, PlayerMerge, RuleSet, Session
from tests.conftest import client_for
from tests.games.pages import new_hand_form
from tests.games.session_rules import (
    CORRECTED_RULES,
    HOUSE_RULES,
    SEQUENCE,
    game,  # noqa: F401 (fixture)
    house,  # noqa: F401 (fixture)
    new_version,
    record,
    rules,
)

FIVE_FAAN = {"outcome": "discard", "winner": 1, "faan": 5, "blamed": 0}


def live(session: Session, query: str = "") -> str:
    return f"/c/{session.club.slug}/sessions/{session.pk}/live/{query}"


def poll(client: Client, session: Session, etag: str, query: str = "") -> Any:
    return client.get(live(session, query), headers={"If-None-Match": etag})


def etag_of(client: Client, session: Session, query: str = "") -> str:
    response = client.get(live(session, query))
    assert response.status_code == 200
    return str(response["ETag"])


def recorded(session: Session, by: User) -> Hand:
    hand, _ = services.hand_record(session=session, hand_input=FIVE_FAAN, by=by)
    return hand


# --- what a poll costs -----------------------------------------------------------------------

# A poll that finds nothing new is answered ahead of the session, the account and the rest of
# the middleware: the club, the poller's role, account and session and the sheet's version,
# in one query, for a member as for a visitor.
NOTHING_NEW_QUERIES = 1
# One that finds something: that query, then the view's path: the signed-in session and its
# user, the club with the membership, the session, and the sheet (seats, hands, scores,
# revisions, penalties).
FOUND_NEW_QUERIES = 10


def test_a_poll_that_finds_nothing_new_costs_one_query(
    session: Session, as_charlie: Client, bob: User, django_assert_num_queries: Any
) -> None:
    recorded(session, bob)
    for client in (as_charlie, Client()):
        etag = etag_of(client, session)
        with django_assert_num_queries(NOTHING_NEW_QUERIES):
            assert poll(client, session, etag).status_code == 304


def test_a_poll_that_finds_a_new_hand_draws_the_sheet_in_a_fixed_number_of_queries(
    session: Session, as_charlie: Client, bob: User, django_assert_num_queries: Any
) -> None:
    recorded(session, bob)
    etag = etag_of(as_charlie, session)
    recorded(session, bob)
    with django_assert_num_queries(FOUND_NEW_QUERIES):
        response = poll(as_charlie, session, etag)
    assert response.status_code == 200 and 'id="hand-2"' in response.content.decode()


@override_settings(SESSION_ENGINE="django.contrib.sessions.backends.cache")
def test_with_sessions_kept_outside_the_database_the_view_answers_the_304(
    session: Session, charlie: User, django_assert_num_queries: Any
) -> None:
    """The shortcut cannot see such a session (no row): the view does, as it did before, from
    the shortcut's query, the signed-in user and its own query."""
    as_charlie = client_for(charlie)
    etag = etag_of(as_charlie, session)
    with django_assert_num_queries(3):
        assert poll(as_charlie, session, etag).status_code == 304
    stored_session(as_charlie).delete()
    assert poll(as_charlie, session, etag).status_code == 200


def test_the_etag_weakened_by_a_proxy_is_answered_ahead_too(
    session: Session, as_charlie: Client, django_assert_num_queries: Any
) -> None:
    etag = etag_of(as_charlie, session)
    with django_assert_num_queries(NOTHING_NEW_QUERIES):
        assert poll(as_charlie, session, f'"other", W/{etag}').status_code == 304


def test_the_304_carries_the_etag_and_stays_private(session: Session, as_charlie: Client) -> None:
    etag = etag_of(as_charlie, session)
    response = poll(as_charlie, session, etag)
    assert response.status_code == 304 and response["ETag"] == etag
    assert response["Cache-Control"] == "private, no-cache" and response["Vary"] == "Cookie"
    assert response.content == b""


# --- who gets a 304 --------------------------------------------------------------------------


def test_an_altered_etag_gets_the_sheet_drawn(session: Session, as_charlie: Client) -> None:
    etag = etag_of(as_charlie, session)
    user_id, signature = etag.strip('"').split(".")
    flipped = "0" if signature[-1] != "0" else "1"
    for forged in (
        f'"{user_id}.{signature[:-1]}{flipped}"',
        f'"{int(user_id) + 1}.{signature}"',
        f'"0.{signature}"',
        f'W/"{user_id}.{signature[:-1]}{flipped}"',
    ):
        response = poll(as_charlie, session, forged)
        assert response.status_code == 200 and response["ETag"] == etag


def test_another_members_etag_is_not_answered_304(
    session: Session, as_bob: Client, bob: User, charlie: User
) -> None:
    # Two viewers: the same role, the same sheet, but the ETag is bound to its poller.
    services.membership_change_role(
        membership=Membership.objects.get(user=bob), role=Membership.Role.VIEWER
    )
    charlies = etag_of(client_for(charlie), session)
    response = poll(as_bob, session, charlies)
    assert response.status_code == 200 and response["ETag"] != charlies
    assert poll(as_bob, session, response["ETag"]).status_code == 304


def test_a_second_signed_in_session_of_the_same_account_has_its_own_etags(
    session: Session, as_charlie: Client, charlie: User
) -> None:
    etag = etag_of(as_charlie, session)
    other_phone = client_for(charlie)
    assert poll(other_phone, session, etag).status_code == 200


def test_the_etag_of_another_session_or_club_is_not_answered_304(
    session: Session,
    players: list[Player],
    alice: User,
    dave: User,
    as_charlie: Client,
    as_dave: Client,
    private_club: Club,
) -> None:
    other = services.session_start(
        season=session.season,
        rule_set=session.rule_set_version.rule_set,
        played_on=session.played_on,
        players=players,
        by=alice,
    )
    assert poll(as_charlie, other, etag_of(as_charlie, session)).status_code == 200
    # The same session number in a club the poller cannot see: refused, as the page is.
    hidden = Session.objects.get(pk=session.pk)
    hidden.club = private_club
    daves = etag_of(as_dave, session)
    assert poll(as_dave, hidden, daves).status_code == 404
    assert poll(as_charlie, hidden, etag_of(as_charlie, session)).status_code == 404


def test_the_turned_tables_etag_is_its_own(session: Session, as_charlie: Client) -> None:
    turned = etag_of(as_charlie, session, "?bottom=2")
    assert poll(as_charlie, session, turned, "?bottom=2").status_code == 304
    assert poll(as_charlie, session, turned).status_code == 200
    assert poll(as_charlie, session, turned, "?bottom=3").status_code == 200


def members_only(session: Session) -> None:
    Club.objects.filter(pk=session.club_id).update(visibility=Club.Visibility.MEMBERS)


def test_signed_out_the_members_etag_gets_what_a_visitor_gets(
    session: Session, as_charlie: Client
) -> None:
    etag = etag_of(as_charlie, session)
    visitor = Client()
    response = poll(visitor, session, etag)
    assert response.status_code == 200 and response["ETag"] != etag
    members_only(session)
    assert poll(visitor, session, etag).status_code == 404


def stored_session(client: Client) -> Any:
    engine = import_module(settings.SESSION_ENGINE)
    return engine.SessionStore(client.cookies[settings.SESSION_COOKIE_NAME].value)


@pytest.mark.parametrize(
    "sign_out",
    [
        pytest.param(lambda client, user: stored_session(client).delete(), id="signed-out"),
        pytest.param(
            lambda client, user: (user.set_password("a new one, elsewhere"), user.save()),
            id="password-changed",
        ),
        pytest.param(
            lambda client, user: User.objects.filter(pk=user.pk).update(is_active=False),
            id="account-deactivated",
        ),
    ],
)
def test_a_poller_no_longer_signed_in_as_they_were_is_answered_as_a_visitor(
    session: Session,
    as_charlie: Client,
    charlie: User,
    sign_out: Callable[[Client, User], object],
) -> None:
    """The cookie and the ETag, kept (or stolen) after the account signed out: a public
    club's sheet is drawn for a visitor, a members-only club's refused."""
    etag = etag_of(as_charlie, session)
    sign_out(as_charlie, charlie)
    response = poll(as_charlie, session, etag)
    assert response.status_code == 200 and response["ETag"] != etag
    assert "hand-form" not in response.content.decode()
    members_only(session)
    assert poll(as_charlie, session, etag).status_code == 404


def test_a_member_removed_from_a_members_only_club_gets_404(
    session: Session, as_charlie: Client, charlie: User
) -> None:
    members_only(session)
    etag = etag_of(as_charlie, session)
    assert poll(as_charlie, session, etag).status_code == 304
    services.membership_remove(membership=Membership.objects.get(user=charlie))
    assert poll(as_charlie, session, etag).status_code == 404


def test_a_visitor_of_a_club_turned_members_only_gets_404(session: Session) -> None:
    visitor = Client()
    etag = etag_of(visitor, session)
    assert poll(visitor, session, etag).status_code == 304
    members_only(session)
    assert poll(visitor, session, etag).status_code == 404


def test_a_member_whose_role_changed_gets_the_sheet_drawn_for_it(
    session: Session, as_charlie: Client, charlie: User
) -> None:
    etag = etag_of(as_charlie, session)
    services.membership_change_role(
        membership=Membership.objects.get(user=charlie), role=Membership.Role.MEMBER
    )
    response = poll(as_charlie, session, etag)
    assert response.status_code == 200 and response["ETag"] != etag


def test_only_the_live_sheets_address_is_answered_ahead(
    session: Session, as_charlie: Client
) -> None:
    etag = etag_of(as_charlie, session)
    page = f"/c/dragons/sessions/{session.pk}/"
    assert as_charlie.get(page, headers={"If-None-Match": etag}).status_code == 200
    longer = f"/c/dragons/sessions/{session.pk}/live/more/"
    assert as_charlie.get(longer, headers={"If-None-Match": etag}).status_code == 404


# --- every change to the sheet is drawn at the next poll -----------------------------------


def hand_on_sheet(session: Session, client: Client) -> Hand:
    form = new_hand_form(winner="1", how="discard", blamed="2", faan="3")
    response = client.post(f"/c/dragons/sessions/{session.pk}/hands/new/", form)
    assert response.status_code == 302
    return Hand.objects.filter(session=session).latest("number")


def fined(session: Session, players: list[Player], client: Client) -> Penalty:
    response = client.post(
        f"/c/dragons/sessions/{session.pk}/penalties/new/",
        {"player": players[1].pk, "reason": "lateness", "amount": 300, "zero_sum": "on"}
        | {"client_id": str(uuid.uuid4())},
    )
    assert response.status_code == 302
    return Penalty.objects.get(session=session)


def posted(client: Client, url: str, data: dict[str, Any] | None = None) -> None:
    response = client.post(url, data or {})
    assert response.status_code == 302, response.content.decode()[:2000]


def polled_after(session: Session, viewer: Client, change: Callable[[], object]) -> tuple[str, str]:
    """The sheet the next poll brings after ``change`` (which must be new), and its ETag,
    which the poll after answers 304 again."""
    etag = etag_of(viewer, session)
    assert poll(viewer, session, etag).status_code == 304
    change()
    response = poll(viewer, session, etag)
    assert response.status_code == 200 and response["ETag"] != etag
    assert poll(viewer, session, response["ETag"]).status_code == 304
    return response.content.decode(), response["ETag"]


def test_a_hand_recorded_amended_deleted_or_undone_is_drawn_at_the_next_poll(
    session: Session, as_bob: Client, as_charlie: Client
) -> None:
    hand = hand_on_sheet(session, as_bob)
    sheet, _ = polled_after(session, as_charlie, lambda: hand_on_sheet(session, as_bob))
    assert 'id="hand-2"' in sheet
    amend = {"winner": "0", "how": "self_drawn", "blamed": "", "faan": "3"}
    sheet, _ = polled_after(
        session,
        as_charlie,
        lambda: posted(
            as_bob,
            f"/c/dragons/hands/{hand.pk}/edit/",
            amend | {"version": "1", "reason": "A drew it"},
        ),
    )
    assert Hand.objects.get(pk=hand.pk).version == 2 and "amended" in sheet
    delete = {"version": "2", "reason": "wrong table"}
    sheet, _ = polled_after(
        session, as_charlie, lambda: posted(as_bob, f"/c/dragons/hands/{hand.pk}/delete/", delete)
    )
    assert "Deleted hands" in sheet
    third = hand_on_sheet(session, as_bob)
    sheet, _ = polled_after(
        session, as_charlie, lambda: posted(as_bob, f"/c/dragons/hands/{third.pk}/undo/")
    )
    assert Hand.objects.get(pk=third.pk).deleted_at is not None


def test_a_penalty_recorded_amended_or_deleted_is_drawn_at_the_next_poll(
    session: Session, players: list[Player], as_bob: Client, as_charlie: Client
) -> None:
    sheet, _ = polled_after(session, as_charlie, lambda: fined(session, players, as_bob))
    assert "Lateness, −300" in sheet
    penalty = Penalty.objects.get(session=session)
    amended = {"player": players[1].pk, "reason": "lateness", "amount": 600, "zero_sum": "on"}
    sheet, _ = polled_after(
        session,
        as_charlie,
        lambda: posted(
            as_bob,
            f"/c/dragons/penalties/{penalty.pk}/edit/",
            amended | {"version": 1, "why": "twice"},
        ),
    )
    assert "Lateness, −600" in sheet
    sheet, _ = polled_after(
        session,
        as_charlie,
        lambda: posted(
            as_bob, f"/c/dragons/penalties/{penalty.pk}/delete/", {"version": 2, "why": "withdrawn"}
        ),
    )
    assert "Lateness, −600 paid to the others</del> <small>deleted</small>" in sheet


def test_closing_and_reopening_the_session_is_drawn_at_the_next_poll(
    session: Session, as_alice: Client, as_charlie: Client
) -> None:
    status = f"/c/dragons/sessions/{session.pk}/status/"
    polled_after(session, as_charlie, lambda: posted(as_alice, status, {"status": "closed"}))
    assert Session.objects.get(pk=session.pk).status == Session.Status.CLOSED
    polled_after(session, as_charlie, lambda: posted(as_alice, status, {"status": "open"}))


def test_switched_or_rescored_rules_are_drawn_at_the_next_poll(
    game: Session,  # noqa: F811 (fixture)
    house: RuleSet,  # noqa: F811 (fixture)
    alice: User,
    as_alice: Client,
    as_charlie: Client,
) -> None:
    record(game, SEQUENCE[:2], alice)
    new_version(house, rules(HOUSE_RULES, 2), alice)
    rules_page = f"/c/dragons/sessions/{game.pk}/rules/"
    polled_after(
        game, as_charlie, lambda: posted(as_alice, rules_page, {"version": 2, "from_hand": 3})
    )
    new_version(house, rules(CORRECTED_RULES, 3), alice)
    rescore = f"/c/dragons/sessions/{game.pk}/rescore/"
    token = as_alice.get(rescore, {"version": 3}).context["plan"].token
    reason = {"version": 3, "token": token, "reason": "Mah-Jongg is 30"}
    sheet, _ = polled_after(game, as_charlie, lambda: posted(as_alice, rescore, reason))
    assert "Re-scored under House v3" in sheet


def test_a_player_renamed_merged_or_unmerged_is_drawn_at_the_next_poll(
    session: Session, players: list[Player], as_alice: Client, as_charlie: Client
) -> None:
    edit = f"/c/dragons/players/{players[0].pk}/edit/"
    sheet, _ = polled_after(session, as_charlie, lambda: posted(as_alice, edit, {"name": "Ann"}))
    assert "Ann" in sheet
    zoe = services.player_create(club=session.club, name="Zoe")
    merge = {"into": zoe.pk, "others": [players[0].pk], "confirm": "1"}
    sheet, _ = polled_after(
        session, as_charlie, lambda: posted(as_alice, "/c/dragons/players/merge/", merge)
    )
    assert "Zoe" in sheet and "Ann" not in sheet
    undo = f"/c/dragons/players/merges/{PlayerMerge.objects.get().pk}/undo/"
    sheet, _ = polled_after(session, as_charlie, lambda: posted(as_alice, undo))
    assert "Ann" in sheet and "Zoe" not in sheet
