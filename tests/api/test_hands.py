"""Hands over the API: idempotent recording, If-Match amendments, deletions, the same history."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User

from games import services
from games.models import Club, Hand, HandRevision, Player, Session
from games.templatetags.league import points
from tests.api.conftest import DISCARD, Api

SELF_DRAWN = {"outcome": "self_drawn", "winner": 0, "faan": 3}


def record(api: Api, session: Session, hand: dict[str, Any], **headers: str) -> Any:
    return api.post("hands/", {"session": session.pk, "input": hand}, **headers)


def test_it_records_a_hand_with_its_scores(api_bob: Api, session: Session, bob: User) -> None:
    response = record(api_bob, session, DISCARD, **{"Idempotency-Key": str(uuid.uuid4())})
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["number"] == 1 and body["version"] == 1 and body["recorded_by"] == "bob"
    assert [score["points"] for score in body["scores"]] == ["-4", "16", "-8", "-4"]
    assert response["ETag"] == '"1"'
    assert response["Location"] == f"/api/v1/hands/{body['id']}/"
    stored = Hand.objects.get(pk=body["id"])
    assert stored.input == DISCARD and stored.recorded_by == bob


def test_the_answer_to_a_recording_is_the_hand_as_read_back(api_bob: Api, session: Session) -> None:
    recorded = record(api_bob, session, DISCARD, **{"Idempotency-Key": str(uuid.uuid4())})
    read = api_bob.get(recorded["Location"])
    assert recorded.json() == read.json() and recorded.json()["revisions"] == []
    assert list(recorded.json()) == list(read.json())  # the same fields in the same order


def test_a_retry_with_the_same_key_returns_the_first_hand(api_bob: Api, session: Session) -> None:
    key = {"Idempotency-Key": "table-3-hand-7"}
    first = record(api_bob, session, DISCARD, **key)
    again = record(api_bob, session, DISCARD, **key)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"]
    assert Hand.objects.filter(session=session).count() == 1


def test_a_client_id_in_the_body_works_like_the_header(api_bob: Api, session: Session) -> None:
    client_id = str(uuid.uuid4())
    body = {"session": session.pk, "input": DISCARD, "client_id": client_id}
    assert api_bob.post("hands/", body).status_code == 201
    retry = record(api_bob, session, DISCARD, **{"Idempotency-Key": client_id})
    assert retry.status_code == 200 and retry.json()["client_id"] == client_id


def test_the_same_key_with_a_different_body_is_422(api_bob: Api, session: Session) -> None:
    key = {"Idempotency-Key": str(uuid.uuid4())}
    record(api_bob, session, DISCARD, **key)
    response = record(api_bob, session, SELF_DRAWN, **key)
    assert response.status_code == 422
    assert response.json()["code"] == "idempotency_conflict"
    assert "different hand" in response.json()["fields"]["client_id"][0]
    assert Hand.objects.count() == 1


def test_the_same_key_in_another_session_is_422(
    api_alice: Api, session: Session, season: Any, players: Any, alice: User
) -> None:
    other = services.session_start(
        season=season, played_on=session.played_on, players=players, by=alice
    )
    key = {"Idempotency-Key": str(uuid.uuid4())}
    record(api_alice, session, DISCARD, **key)
    assert record(api_alice, other, DISCARD, **key).status_code == 422


def test_a_retry_after_an_amendment_still_returns_the_hand(api_bob: Api, session: Session) -> None:
    key = {"Idempotency-Key": str(uuid.uuid4())}
    hand_id = record(api_bob, session, DISCARD, **key).json()["id"]
    amend = {"input": SELF_DRAWN, "reason": "It was self-drawn."}
    assert api_bob.patch(f"hands/{hand_id}/", amend, **{"If-Match": '"1"'}).status_code == 200
    retry = record(api_bob, session, DISCARD, **key)
    assert retry.status_code == 200 and retry.json()["input"] == SELF_DRAWN


def test_header_and_body_keys_must_agree(api_bob: Api, session: Session) -> None:
    body = {"session": session.pk, "input": DISCARD, "client_id": str(uuid.uuid4())}
    response = api_bob.post("hands/", body, **{"Idempotency-Key": str(uuid.uuid4())})
    assert response.status_code == 400 and "client_id" in response.json()["fields"]


def test_invalid_input_gets_field_errors(api_bob: Api, session: Session) -> None:
    response = record(api_bob, session, {**DISCARD, "faan": 99})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid" and body["status"] == 400
    assert "maximum" in str(body["fields"])
    assert not Hand.objects.exists()


def test_amending_needs_if_match(api_bob: Api, hand: Hand) -> None:
    response = api_bob.patch(f"hands/{hand.pk}/", {"input": SELF_DRAWN, "reason": "oops"})
    assert response.status_code == 428
    assert response.json()["code"] == "precondition_required"


def test_amending_with_the_etag_writes_the_same_revision_as_a_page(
    api_bob: Api, hand: Hand, bob: User
) -> None:
    etag = api_bob.get(f"hands/{hand.pk}/")["ETag"]
    response = api_bob.patch(
        f"hands/{hand.pk}/", {"input": SELF_DRAWN, "reason": "Self-drawn."}, **{"If-Match": etag}
    )
    assert response.status_code == 200, response.json()
    assert response["ETag"] == '"2"'
    hand.refresh_from_db()
    assert hand.version == 2 and hand.input == SELF_DRAWN and hand.updated_by == bob
    revision = HandRevision.objects.get(hand=hand)
    assert (revision.action, revision.previous_input, revision.previous_version) == (
        "amend",
        DISCARD,
        1,
    )
    assert revision.reason == "Self-drawn." and revision.by == bob
    expected, _ = services.hand_preview(session=hand.session, hand_input=SELF_DRAWN)
    assert [s["points"] for s in response.json()["scores"]] == [
        points(result.points) for result in expected
    ]
    assert [s.points for s in hand.scores.order_by("seat")] == [r.points for r in expected]
    assert response.json()["revisions"][0]["previous_input"] == DISCARD


def test_a_stale_etag_gets_412_with_the_current_hand(api_bob: Api, hand: Hand) -> None:
    api_bob.patch(f"hands/{hand.pk}/", {"input": SELF_DRAWN, "reason": "a"}, **{"If-Match": '"1"'})
    late = {"input": {**DISCARD, "faan": 3}, "reason": "b"}
    response = api_bob.patch(f"hands/{hand.pk}/", late, **{"If-Match": 'W/"1"'})
    assert response.status_code == 412
    body = response.json()
    assert body["code"] == "stale"
    assert body["current"]["version"] == 2 and body["current"]["input"] == SELF_DRAWN
    hand.refresh_from_db()
    assert hand.input == SELF_DRAWN


def test_the_errors_own_messages_are_in_the_callers_language(api_bob: Api, hand: Hand) -> None:
    chinese = {"Accept-Language": "zh-HK"}
    api_bob.patch(f"hands/{hand.pk}/", {"input": SELF_DRAWN, "reason": "a"}, **{"If-Match": '"1"'})
    late = {"input": DISCARD, "reason": "b"}
    stale = api_bob.patch(f"hands/{hand.pk}/", late, **{"If-Match": '"1"'}, **chinese).json()
    assert stale["code"] == "stale" and "已有其他人修改了它" in stale["message"]
    wrong = {"input": {**SELF_DRAWN, "outcome": "nonsense"}, "reason": "c"}
    invalid = api_bob.patch(f"hands/{hand.pk}/", wrong, **{"If-Match": '"2"'}, **chinese).json()
    assert invalid["code"] == "invalid" and invalid["message"].startswith("送出的內容有些需要更正")
    unmarked = api_bob.delete(f"hands/{hand.pk}/?reason=x", **chinese).json()
    assert unmarked["code"] == "precondition_required" and "If-Match" in unmarked["message"]
    assert "請以" in unmarked["message"]


def test_a_malformed_if_match_is_400(api_bob: Api, hand: Hand) -> None:
    body = {"input": SELF_DRAWN, "reason": "a"}
    response = api_bob.patch(f"hands/{hand.pk}/", body, **{"If-Match": "yesterday"})
    assert response.status_code == 400 and "If-Match" in response.json()["fields"]


def test_deleting_keeps_the_hand_in_the_history(api_bob: Api, hand: Hand, bob: User) -> None:
    response = api_bob.delete(f"hands/{hand.pk}/?reason=Recorded+twice", **{"If-Match": '"1"'})
    assert response.status_code == 204
    hand.refresh_from_db()
    assert hand.is_deleted and hand.version == 2 and not hand.scores.exists()
    revision = HandRevision.objects.get(hand=hand)
    assert (revision.action, revision.reason, revision.by) == ("delete", "Recorded twice", bob)
    assert api_bob.get("hands/").json()["results"] == []
    assert api_bob.get(f"hands/{hand.pk}/").json()["deleted_at"] is not None


def test_deleting_needs_a_reason_and_the_etag(api_bob: Api, hand: Hand) -> None:
    assert api_bob.delete(f"hands/{hand.pk}/?reason=x").status_code == 428
    assert api_bob.delete(f"hands/{hand.pk}/", **{"If-Match": '"1"'}).status_code == 400
    assert api_bob.delete(f"hands/{hand.pk}/?reason=x", **{"If-Match": '"7"'}).status_code == 412
    hand.refresh_from_db()
    assert not hand.is_deleted


def test_a_closed_session_takes_no_hands(api_bob: Api, session: Session) -> None:
    session.status = Session.Status.CLOSED
    session.save()
    response = record(api_bob, session, DISCARD)
    assert response.status_code == 400 and "closed" in response.json()["message"]


# --- MCR penalties: the family's own input field, no endpoint of its own -------------------

MCR_DISCARD = {"outcome": "discard", "winner": 1, "discarder": 0, "fan": 8}


@pytest.fixture
def mcr_session(club: Club, players: list[Player], alice: User) -> Session:
    rules = services.rule_set_create(club=club, name="MCR", family="mcr", params={}, by=alice)
    season = services.season_save(club=club, name="MCR", rule_set=rules)
    return services.session_start(
        season=season, played_on=dt.date(2026, 6, 1), players=players, by=alice
    )


def test_an_mcr_hand_takes_penalties_on_top_of_its_settlement(
    api_bob: Api, mcr_session: Session
) -> None:
    hand = {**MCR_DISCARD, "penalties": [0, 0, -10, 0]}
    response = record(api_bob, mcr_session, hand)
    assert response.status_code == 201, response.json()
    assert response.json()["input"]["penalties"] == [0, 0, -10, 0]
    read = api_bob.get(f"hands/{response.json()['id']}/").json()
    assert [score["points"] for score in read["scores"]] == ["-16", "32", "-18", "-8"]
    assert read["description"] == "B wins 8 fan off A · penalties: C −10"


def test_bad_mcr_penalties_get_field_errors(api_bob: Api, mcr_session: Session) -> None:
    response = record(api_bob, mcr_session, {**MCR_DISCARD, "penalties": [0, -10, 0]})
    assert response.status_code == 400
    assert response.json()["fields"] == {
        "penalties": ["the penalties are four whole numbers, one per seat"]
    }
    assert not Hand.objects.exists()


# Pinned: a change that adds a query to recording or amending a hand must say why here.
# Both: the token with its user, the club's membership. Recording: the session (with its club
# and rules); in the transaction (savepoint and release), the session locked with its rules,
# its seats, the entry id looked up, the last number, the hand and its scores written, the
# session's kept totals rewritten (read, delete, insert) and its season's standings version
# bumped; then the answer: the hand (with its session, rules and place), seats and scores (a
# hand recorded now has no revisions to read). Amending: the hand with its club; in the
# transaction, the session locked, the hand locked with its session, rules and seats, the
# revision written, the hand updated, its scores replaced (delete, insert), the kept totals
# and the standings version; the answer.
# Both mark the ratings for a replay in their transaction (a savepoint and its release, the
# sessions' club and family, their first day played and rated, the mark locked, its job
# still waiting) and look for the club's webhooks: 8 more, and nothing left after commit.
# Both also read the session's live penalties, which its kept totals count: 1 more.
RECORD_QUERIES = 27
AMEND_QUERIES = 29


def test_recording_and_amending_a_hand_cost_a_fixed_number_of_queries(
    api_bob: Api, hand: Hand, django_assert_num_queries: Any
) -> None:
    assert api_bob.get(f"hands/{hand.pk}/").status_code == 200  # the token's use is noted
    with django_assert_num_queries(RECORD_QUERIES):
        assert record(api_bob, hand.session, SELF_DRAWN).status_code == 201
    with django_assert_num_queries(AMEND_QUERIES):
        body = {"input": SELF_DRAWN, "reason": "it was self-drawn"}
        assert api_bob.patch(f"hands/{hand.pk}/", body, **{"If-Match": '"1"'}).status_code == 200
