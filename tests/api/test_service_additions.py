"""The service additions the API needed: strict retries, deleting an empty session, tokens.

(They live in the games/services/ package; the tests sit here with the API that asked for them.)
"""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from games import services
from games.models import ApiToken, Hand, Session
from tests.api.conftest import DISCARD

OTHER = {"outcome": "draw"}


def test_a_retry_with_other_input_is_returned_unless_strict(session: Session, bob: User) -> None:
    client_id = uuid.uuid4()
    first, _ = services.hand_record(
        session=session, hand_input=DISCARD, by=bob, client_id=client_id
    )
    again, created = services.hand_record(
        session=session, hand_input=OTHER, by=bob, client_id=client_id
    )
    assert again == first and not created  # the pages' behaviour is unchanged
    with pytest.raises(services.IdempotencyConflict):
        services.hand_record(
            session=session,
            hand_input=OTHER,
            by=bob,
            client_id=client_id,
            same_input_on_retry=True,
        )


def test_a_strict_retry_compares_cleaned_input(session: Session, bob: User) -> None:
    client_id = uuid.uuid4()
    services.hand_record(session=session, hand_input=DISCARD, by=bob, client_id=client_id)
    spelled_out = {**DISCARD}
    _, created = services.hand_record(
        session=session,
        hand_input=spelled_out,
        by=bob,
        client_id=client_id,
        same_input_on_retry=True,
    )
    assert not created and Hand.objects.count() == 1


def test_a_strict_retry_with_invalid_input_conflicts(session: Session, bob: User) -> None:
    client_id = uuid.uuid4()
    services.hand_record(session=session, hand_input=DISCARD, by=bob, client_id=client_id)
    with pytest.raises(services.IdempotencyConflict):
        services.hand_record(
            session=session,
            hand_input={"outcome": "nonsense"},
            by=bob,
            client_id=client_id,
            same_input_on_retry=True,
        )


def test_the_other_session_conflict_is_still_a_validation_error(
    session: Session, season: object, players: list, alice: User, bob: User
) -> None:
    other = services.session_start(
        season=season, played_on=session.played_on, players=players, by=alice
    )
    client_id = uuid.uuid4()
    services.hand_record(session=session, hand_input=DISCARD, by=bob, client_id=client_id)
    with pytest.raises(ValidationError) as caught:
        services.hand_record(session=other, hand_input=DISCARD, by=bob, client_id=client_id)
    assert isinstance(caught.value, services.IdempotencyConflict)
    assert "another session" in str(caught.value)


def test_only_an_empty_session_can_be_deleted(session: Session, bob: User) -> None:
    hand, _ = services.hand_record(session=session, hand_input=DISCARD, by=bob)
    services.hand_delete(hand=hand, expected_version=1, reason="typo", by=bob)
    with pytest.raises(ValidationError):
        services.session_delete(session=session)  # a deleted hand keeps its history
    assert Session.objects.filter(pk=session.pk).exists()


def test_an_empty_session_is_deleted(session: Session) -> None:
    services.session_delete(session=session)
    assert not Session.objects.filter(pk=session.pk).exists()


def test_tokens_are_random_and_stored_only_as_hashes(alice: User) -> None:
    one, secret_one = services.api_token_create(user=alice, name="a", read_only=True)
    two, secret_two = services.api_token_create(user=alice, name="b", read_only=False)
    assert secret_one != secret_two and len(secret_one) > 40
    stored = " ".join(str(v) for v in ApiToken.objects.values_list().all())
    assert secret_one not in stored and secret_two not in stored
    services.api_token_revoke(token=one)
    assert list(ApiToken.objects.all()) == [two]
