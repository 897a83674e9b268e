"""After a save the form stays for the next hand, saying "Hand N saved ✓ · Undo": the member
who recorded a hand may take it back for a minute (it is deleted with the reason "undone")."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import timezone

from games import services
from games.models import Club, Hand, HandRevision, Session
from tests.games.pages import DISCARD, messages_of, new_hand_form, text
from tests.games.test_mcr_pages import mcr_rules, mcr_session  # noqa: F401 (fixtures)


def new_url(session: Session) -> str:
    return f"/c/dragons/sessions/{session.pk}/hands/new/"


def save(client: Client, session: Session) -> Hand:
    response = client.post(new_url(session), new_hand_form())
    assert response.status_code == 302
    return Hand.objects.filter(session=session).latest("number")


def test_undo_takes_back_the_hand_just_saved(as_bob: Client, session: Session) -> None:
    hand = save(as_bob, session)
    fresh = as_bob.get(f"{new_url(session)}?saved={hand.pk}")
    assert "Hand 1 saved ✓" in text(fresh) and 'id="undo-hand"' in fresh.content.decode()

    undone = as_bob.post(f"/c/dragons/hands/{hand.pk}/undo/", follow=True)
    assert undone.redirect_chain == [(new_url(session), 302)]
    assert messages_of(undone) == ["Hand 1 undone."]
    hand.refresh_from_db()
    assert hand.is_deleted and not hand.scores.exists()
    revision = HandRevision.objects.get(hand=hand)
    assert (revision.action, revision.reason) == (HandRevision.Action.DELETE, "undone")
    # The next hand saved is hand 1 again.
    assert "Hand 1 saved ✓" in text(as_bob.post(new_url(session), new_hand_form(), follow=True))


def test_only_the_member_who_recorded_it_may_undo(
    as_alice: Client, as_bob: Client, session: Session
) -> None:
    hand = save(as_bob, session)
    assert (
        'id="undo-hand"' not in as_alice.get(f"{new_url(session)}?saved={hand.pk}").content.decode()
    )
    refused = as_alice.post(f"/c/dragons/hands/{hand.pk}/undo/", follow=True)
    assert "Only the member who recorded a hand can undo it" in messages_of(refused)[0]
    hand.refresh_from_db()
    assert not hand.is_deleted


def test_a_minute_later_the_hand_is_deleted_from_the_sheet_instead(
    as_bob: Client, session: Session
) -> None:
    hand = save(as_bob, session)
    Hand.objects.filter(pk=hand.pk).update(recorded_at=timezone.now() - dt.timedelta(seconds=61))
    fresh = as_bob.get(f"{new_url(session)}?saved={hand.pk}")
    assert "Hand 1 saved ✓" in text(fresh) and 'id="undo-hand"' not in fresh.content.decode()
    refused = as_bob.post(f"/c/dragons/hands/{hand.pk}/undo/", follow=True)
    assert "Too late to undo" in messages_of(refused)[0]
    hand.refresh_from_db()
    assert not hand.is_deleted


def test_a_hand_amended_since_is_not_undone(session: Session, alice: User, bob: User) -> None:
    hand, _ = services.hand_record(session=session, hand_input=DISCARD, by=bob)
    services.hand_amend(
        hand=hand, hand_input={**DISCARD, "faan": 3}, expected_version=1, reason="3", by=alice
    )
    with pytest.raises(ValidationError):
        services.hand_undo(hand=Hand.objects.get(pk=hand.pk), by=bob)
    assert not Hand.objects.get(pk=hand.pk).is_deleted


def test_a_visitor_cannot_undo(
    client: Client, as_charlie: Client, session: Session, bob: User
) -> None:
    hand, _ = services.hand_record(session=session, hand_input=DISCARD, by=bob)
    assert as_charlie.post(f"/c/dragons/hands/{hand.pk}/undo/").status_code == 403
    assert client.post(f"/c/dragons/hands/{hand.pk}/undo/").status_code == 302  # sign in first
    assert not Hand.objects.get(pk=hand.pk).is_deleted


def test_the_last_hand_of_a_game_leads_to_the_sheet(
    as_bob: Client, bob: User, request: pytest.FixtureRequest
) -> None:
    """The form stays only while the session takes more hands (an MCR game has 16)."""
    game: Session = request.getfixturevalue("mcr_session")
    for _ in range(15):
        services.hand_record(session=game, hand_input={"outcome": "draw"}, by=bob)
    data = {
        "client_id": str(uuid.uuid4()),
        "action": "save",
        "winner": "draw",
        "value_mode": "points",
    }
    last = as_bob.post(new_url(game), data)
    assert last.status_code == 302, last.context["form"].errors if last.context else last
    hand = Hand.objects.get(session=game, number=16)
    assert last["Location"] == f"/c/dragons/sessions/{game.pk}/#hand-{hand.number}"


def test_a_members_only_clubs_hand_is_not_found_by_outsiders(
    session: Session, bob: User, as_dave: Client
) -> None:
    hand, _ = services.hand_record(session=session, hand_input=DISCARD, by=bob)
    Club.objects.filter(pk=session.club_id).update(visibility=Club.Visibility.MEMBERS)
    assert as_dave.post(f"/c/dragons/hands/{hand.pk}/undo/").status_code == 404
    assert not Hand.objects.get(pk=hand.pk).is_deleted
