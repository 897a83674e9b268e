"""Two phones at one table: a hand recorded meanwhile is shown before another is recorded,
and the score sheet refreshes itself (ETag polling of its live part)."""

from __future__ import annotations

import re
import uuid

from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Club, Hand, Session

HAND = {"winner": "1", "how": "discard", "blamed": "0", "faan": "5"}
FIVE_FAAN = {"outcome": "discard", "winner": 1, "faan": 5, "blamed": 0}


def new_url(session: Session) -> str:
    return f"/c/dragons/sessions/{session.pk}/hands/new/"


def opened_form(client: Client, session: Session) -> dict[str, str]:
    """The hidden fields of a freshly opened form: its entry id and the hand it expects."""
    page = client.get(new_url(session)).content.decode()
    found = dict(re.findall(r'name="(client_id|expected)" value="([^"]*)"', page))
    return {**found, "action": "save"}


def test_the_second_phone_is_shown_the_hand_recorded_meanwhile(
    session: Session, as_alice: Client, as_bob: Client
) -> None:
    alices, bobs = opened_form(as_alice, session), opened_form(as_bob, session)
    assert alices["expected"] == bobs["expected"] == "1"
    assert as_bob.post(new_url(session), {**bobs, **HAND}).status_code == 302

    asked = as_alice.post(new_url(session), {**alices, **HAND})
    page = asked.content.decode()
    assert asked.status_code == 200
    assert "Hand 1 was just recorded by bob:" in page and "B wins 5 faan off A" in page
    assert Hand.objects.filter(session=session).count() == 1
    # Saved again from that page (which now expects hand 2), it is recorded as another hand.
    again = dict(re.findall(r'name="(client_id|expected|another)" value="([^"]*)"', page))
    assert again == {"client_id": alices["client_id"], "expected": "2", "another": "1"}
    saved = as_alice.post(new_url(session), {**again, "action": "save", **HAND})
    assert saved.status_code == 302
    assert Hand.objects.filter(session=session, deleted_at=None).count() == 2


def test_the_phone_that_saved_first_and_a_retry_are_not_asked(
    session: Session, as_bob: Client
) -> None:
    form = opened_form(as_bob, session)
    assert as_bob.post(new_url(session), {**form, **HAND}).status_code == 302
    # The same entry sent again (a double tap, a retry) is the same hand, recorded once.
    assert as_bob.post(new_url(session), {**form, **HAND}).status_code == 302
    assert Hand.objects.filter(session=session).count() == 1


def test_a_hand_kept_offline_is_recorded_when_the_outbox_sends_it_again(
    session: Session, as_alice: Client, as_bob: Client
) -> None:
    kept = opened_form(as_alice, session)
    as_bob.post(new_url(session), {**opened_form(as_bob, session), **HAND})
    headers = {"X-Outbox": "1", "X-Outbox-Retry": "1"}
    response = as_alice.post(new_url(session), {**kept, **HAND}, headers=headers)
    assert response.status_code == 200 and response.json()["saved"] is True
    assert Hand.objects.filter(session=session).count() == 2


def test_the_first_send_from_the_outbox_is_refused_as_the_form_with_the_question(
    session: Session, as_alice: Client, as_bob: Client
) -> None:
    kept = opened_form(as_alice, session)
    as_bob.post(new_url(session), {**opened_form(as_bob, session), **HAND})
    response = as_alice.post(new_url(session), {**kept, **HAND}, headers={"X-Outbox": "1"})
    assert response.status_code == 400 and response["X-Hand-Refused"] == "1"
    assert "Hand 1 was just recorded by bob" in response.content.decode()


def live_url(session: Session) -> str:
    return f"/c/dragons/sessions/{session.pk}/live/"


def test_the_live_sheet_answers_304_until_a_hand_changes(
    session: Session, as_charlie: Client, bob: User
) -> None:
    first = as_charlie.get(live_url(session))
    etag = first["ETag"]
    assert first.status_code == 200 and "No hands yet." in first.content.decode()
    assert as_charlie.get(live_url(session), headers={"If-None-Match": etag}).status_code == 304

    hand, _ = services.hand_record(
        session=session,
        hand_input={"outcome": "discard", "winner": 1, "faan": 5, "blamed": 0},
        by=bob,
        client_id=uuid.uuid4(),
    )
    changed = as_charlie.get(live_url(session), headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert f'id="hand-{hand.number}"' in changed.content.decode()
    amended_etag = changed["ETag"]
    services.hand_delete(hand=hand, expected_version=1, reason="wrong table", by=bob)
    after = as_charlie.get(live_url(session), headers={"If-None-Match": amended_etag})
    assert after.status_code == 200 and "Deleted hands" in after.content.decode()


def test_the_page_carries_the_etag_the_live_part_starts_from(
    session: Session, as_charlie: Client
) -> None:
    page = as_charlie.get(f"/c/dragons/sessions/{session.pk}/").content.decode()
    etag = re.search(r'data-etag="([^"]*)"', page)
    assert etag is not None
    unquoted = etag.group(1).replace("&quot;", '"')
    response = as_charlie.get(live_url(session), headers={"If-None-Match": unquoted})
    assert response.status_code == 304


def test_the_live_part_of_a_members_only_club_stays_hidden(
    session: Session, as_dave: Client, as_charlie: Client
) -> None:
    Club.objects.filter(pk=session.club_id).update(visibility=Club.Visibility.MEMBERS)
    assert as_dave.get(live_url(session)).status_code == 404
    assert as_charlie.get(live_url(session)).status_code == 200


# What a poll costs, and who is answered 304: tests/games/test_sheet_polls.py.


def test_a_poll_with_the_etag_of_another_role_gets_the_sheet_drawn_for_its_own(
    session: Session, as_charlie: Client, as_bob: Client
) -> None:
    etag = as_charlie.get(live_url(session))["ETag"]
    response = as_bob.get(live_url(session), headers={"If-None-Match": etag})
    assert response.status_code == 200 and response["ETag"] != etag


def test_a_stranger_polling_a_members_only_club_with_a_members_etag_gets_404(
    session: Session, as_dave: Client, as_charlie: Client
) -> None:
    etag = as_charlie.get(live_url(session))["ETag"]
    Club.objects.filter(pk=session.club_id).update(visibility=Club.Visibility.MEMBERS)
    assert as_charlie.get(live_url(session), headers={"If-None-Match": etag}).status_code == 304
    assert as_dave.get(live_url(session), headers={"If-None-Match": etag}).status_code == 404
    assert Client().get(live_url(session), headers={"If-None-Match": etag}).status_code == 404


def test_closing_the_session_changes_what_the_poll_answers(
    session: Session, as_charlie: Client, bob: User
) -> None:
    etag = as_charlie.get(live_url(session))["ETag"]
    services.session_set_status(session=session, status=Session.Status.CLOSED)
    assert as_charlie.get(live_url(session), headers={"If-None-Match": etag}).status_code == 200
