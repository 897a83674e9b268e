"""Services: every write validates through the engine and writes atomically."""

from __future__ import annotations

import datetime as dt
import uuid
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from games import services
from games.models import (
    Club,
    Hand,
    HandRevision,
    Membership,
    Player,
    RuleSet,
    Score,
    Season,
    Session,
)
from tests.conftest import HK_HALF

DISCARD = {"outcome": "discard", "winner": 1, "faan": 2, "blamed": 2}


def record(session: Session, user: User, hand: dict[str, Any], **kwargs: Any) -> Hand:
    recorded, _ = services.hand_record(session=session, hand_input=hand, by=user, **kwargs)
    return recorded


def points(hand: Hand) -> list[Decimal]:
    return [score.points for score in hand.scores.order_by("seat")]


def test_recording_writes_the_hand_and_one_score_per_seat(session: Session, bob: User) -> None:
    hand = record(session, bob, DISCARD)
    assert hand.number == 1 and hand.version == 1 and hand.recorded_by == bob
    assert hand.input == DISCARD
    assert points(hand) == [-4, 16, -8, -4]
    scores = list(hand.scores.order_by("seat"))
    assert [s.player.name for s in scores] == ["A", "B", "C", "D"]
    assert [s.won for s in scores] == [False, True, False, False]
    assert [s.blamed for s in scores] == [False, False, True, False]
    assert scores[1].hand_value == 2 and scores[0].hand_value is None
    assert all(
        s.season_id == session.season_id and s.played_on == session.played_on for s in scores
    )


def test_recorded_scores_sum_to_zero(session: Session, bob: User) -> None:
    for hand in [
        DISCARD,
        {"outcome": "false_win", "blamed": 3},
        {"outcome": "self_drawn", "winner": 0, "faan": 5},
    ]:
        assert sum(points(record(session, bob, hand))) == 0


def test_self_drawn_and_false_win_facts_are_stored(session: Session, bob: User) -> None:
    selfie = record(
        session, bob, {"outcome": "self_draw_guarantee", "winner": 0, "faan": 1, "blamed": 3}
    )
    assert [s.self_drawn for s in selfie.scores.order_by("seat")] == [True, False, False, False]
    false = record(session, bob, {"outcome": "false_win", "blamed": 2})
    assert [s.false_win for s in false.scores.order_by("seat")] == [False, False, True, False]
    assert [s.blamed for s in false.scores.order_by("seat")] == [False, False, True, False]


def test_hands_are_numbered_in_order(session: Session, bob: User) -> None:
    numbers = [record(session, bob, {"outcome": "draw"}).number for _ in range(3)]
    assert numbers == [1, 2, 3]


def test_the_same_client_id_records_one_hand(session: Session, bob: User) -> None:
    client_id = uuid.uuid4()
    first, created = services.hand_record(
        session=session, hand_input=DISCARD, by=bob, client_id=client_id
    )
    again, created_again = services.hand_record(
        session=session, hand_input={"outcome": "draw"}, by=bob, client_id=client_id
    )
    assert created and not created_again
    assert again.pk == first.pk and again.input == DISCARD
    assert Hand.objects.count() == 1 and Score.objects.count() == 4


def test_a_client_id_from_another_session_is_refused(
    session: Session, season: Season, players: list[Player], alice: User, bob: User
) -> None:
    client_id = uuid.uuid4()
    record(session, bob, DISCARD, client_id=client_id)
    other = services.session_start(
        season=season, played_on=dt.date(2026, 3, 2), players=players, by=alice
    )
    with pytest.raises(ValidationError) as caught:
        record(other, bob, DISCARD, client_id=client_id)
    assert "client_id" in caught.value.error_dict


@pytest.mark.parametrize(
    ("hand", "field"),
    [
        ({"outcome": "self_drawn", "winner": 0, "faan": 7}, "faan"),
        ({"outcome": "discard", "winner": 1, "faan": 2, "blamed": 1}, "blamed"),
        ({"outcome": "discard", "winner": 1, "faan": 2}, "blamed"),
        ({"outcome": "win", "winner": 1}, "outcome"),
        ({"outcome": "self_drawn", "winner": 9, "faan": 1}, "winner"),
        ({"outcome": "self_drawn", "winner": 0, "faan": "3"}, "faan"),
    ],
)
def test_bad_input_is_refused_naming_the_field_and_writes_nothing(
    session: Session, bob: User, hand: dict[str, Any], field: str
) -> None:
    with pytest.raises(ValidationError) as caught:
        record(session, bob, hand)
    assert field in caught.value.error_dict
    assert Hand.objects.count() == 0 and Score.objects.count() == 0


def test_a_guarantee_under_full_responsibility_is_refused(
    club: Club, season: Season, players: list[Player], alice: User
) -> None:
    full = services.rule_set_create(
        club=club, name="Full", family="hk", params={**HK_HALF, "responsibility": "full"}, by=alice
    )
    session = services.session_start(
        season=season, played_on=dt.date(2026, 3, 1), players=players, by=alice, rule_set=full
    )
    with pytest.raises(ValidationError) as caught:
        record(
            session, alice, {"outcome": "discard_guarantee", "winner": 0, "faan": 1, "blamed": 1}
        )
    assert "full responsibility" in caught.value.error_dict["outcome"][0].message


def test_a_closed_session_takes_no_hands(session: Session, bob: User) -> None:
    services.session_set_status(session=session, status=Session.Status.CLOSED)
    with pytest.raises(ValidationError, match="closed"):
        record(session, bob, DISCARD)
    assert Hand.objects.count() == 0


def test_a_retry_of_a_recorded_hand_is_answered_even_after_closing(
    session: Session, bob: User
) -> None:
    client_id = uuid.uuid4()
    first = record(session, bob, DISCARD, client_id=client_id)
    services.session_set_status(session=session, status=Session.Status.CLOSED)
    assert record(session, bob, DISCARD, client_id=client_id).pk == first.pk


def test_hand_and_scores_are_written_in_one_transaction(
    session: Session, bob: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(services.hands, "write_scores", broken)
    with pytest.raises(RuntimeError):
        record(session, bob, DISCARD)
    assert Hand.objects.count() == 0


def test_amending_rescores_and_keeps_the_old_input(
    session: Session, bob: User, alice: User
) -> None:
    hand = record(session, bob, DISCARD)
    new = {"outcome": "self_drawn", "winner": 3, "faan": 1}
    services.hand_amend(
        hand=hand, hand_input=new, expected_version=1, reason="wrong winner", by=alice
    )
    hand.refresh_from_db()
    assert hand.input == new and hand.version == 2 and hand.updated_by == alice
    assert points(hand) == [-4, -4, -4, 12]
    revision = HandRevision.objects.get(hand=hand)
    assert revision.action == "amend" and revision.previous_input == DISCARD
    assert (
        revision.previous_version == 1
        and revision.reason == "wrong winner"
        and revision.by == alice
    )


def test_amending_with_a_stale_version_changes_nothing(
    session: Session, bob: User, alice: User
) -> None:
    hand = record(session, bob, DISCARD)
    services.hand_amend(
        hand=hand, hand_input={"outcome": "draw"}, expected_version=1, reason="r", by=alice
    )
    with pytest.raises(services.StaleHand) as caught:
        services.hand_amend(
            hand=hand,
            hand_input={"outcome": "false_win", "blamed": 0},
            expected_version=1,
            reason="r",
            by=bob,
        )
    assert caught.value.current.input == {"outcome": "draw"}
    assert caught.value.current.version == 2
    hand.refresh_from_db()
    assert hand.input == {"outcome": "draw"} and HandRevision.objects.count() == 1


def test_an_amendment_needs_a_reason(session: Session, bob: User) -> None:
    hand = record(session, bob, DISCARD)
    with pytest.raises(ValidationError) as caught:
        services.hand_amend(
            hand=hand, hand_input={"outcome": "draw"}, expected_version=1, reason=" ", by=bob
        )
    assert "reason" in caught.value.error_dict


def test_an_invalid_amendment_keeps_the_hand_as_it_was(session: Session, bob: User) -> None:
    hand = record(session, bob, DISCARD)
    bad = {"outcome": "self_drawn", "winner": 0, "faan": 99}
    with pytest.raises(ValidationError):
        services.hand_amend(hand=hand, hand_input=bad, expected_version=1, reason="r", by=bob)
    hand.refresh_from_db()
    assert hand.version == 1 and points(hand) == [-4, 16, -8, -4]
    assert HandRevision.objects.count() == 0


def test_deleting_removes_the_scores_and_keeps_the_history(session: Session, bob: User) -> None:
    hand = record(session, bob, DISCARD)
    services.hand_delete(hand=hand, expected_version=1, reason="entered twice", by=bob)
    hand.refresh_from_db()
    assert hand.is_deleted and hand.version == 2 and hand.scores.count() == 0
    revision = HandRevision.objects.get(hand=hand)
    assert revision.action == "delete" and revision.previous_input == DISCARD
    with pytest.raises(ValidationError, match="deleted"):
        services.hand_amend(hand=hand, hand_input=DISCARD, expected_version=2, reason="r", by=bob)
    assert record(session, bob, {"outcome": "draw"}).number == 2


def test_a_session_seats_players_of_its_own_club_once(
    season: Season, players: list[Player], private_club: Club, alice: User
) -> None:
    stranger = services.player_create(club=private_club, name="Z")
    cases = [[*players[:3], stranger], [*players[:3], players[0]], players[:3]]
    for seating in cases:
        with pytest.raises(ValidationError) as caught:
            services.session_start(
                season=season, played_on=dt.date(2026, 1, 1), players=seating, by=alice
            )
        assert "players" in caught.value.error_dict
    assert Session.objects.count() == 0


def test_a_session_pins_the_latest_rule_set_version(
    session: Session, rule_set: RuleSet, alice: User
) -> None:
    version = services.rule_set_update(
        rule_set=rule_set, name=rule_set.name, params={**HK_HALF, "max_faan": 8}, by=alice
    )
    assert version.number == 2
    session.refresh_from_db()
    assert session.rule_set_version.number == 1 and session.rule_set_version.params["max_faan"] == 6
    newer = services.session_start(
        season=session.season,
        played_on=dt.date(2026, 3, 8),
        players=list(p.player for p in session.seats.all()),
        by=alice,
    )
    assert newer.rule_set_version == version


def test_an_unused_rule_set_version_is_edited_in_place(rule_set: RuleSet, alice: User) -> None:
    version = services.rule_set_update(
        rule_set=rule_set, name="Renamed", params={**HK_HALF, "base": "0.5"}, by=alice
    )
    assert version.number == 1 and version.params["base"] == "0.5"
    assert rule_set.versions.count() == 1


def test_rule_set_parameters_are_validated(club: Club, alice: User) -> None:
    with pytest.raises(ValidationError) as caught:
        services.rule_set_create(
            club=club, name="Bad", family="hk", params={**HK_HALF, "base": "1.23456"}, by=alice
        )
    assert "base" in caught.value.error_dict
    with pytest.raises(ValidationError) as caught:
        services.rule_set_create(club=club, name="Bad", family="sichuan", params={}, by=alice)
    assert "family" in caught.value.error_dict
    assert not RuleSet.objects.filter(name="Bad").exists()


def test_a_season_cannot_end_before_it_starts(club: Club, rule_set: RuleSet) -> None:
    with pytest.raises(ValidationError) as caught:
        services.season_save(
            club=club,
            name="Odd",
            rule_set=rule_set,
            starts_on=dt.date(2026, 5, 1),
            ends_on=dt.date(2026, 4, 1),
        )
    assert "ends_on" in caught.value.error_dict


def test_an_invitation_makes_a_member_linked_to_the_player(
    club: Club, players: list[Player], alice: User, dave: User
) -> None:
    invitation = services.invitation_create(club=club, role="member", player=players[0], by=alice)
    services.invitation_accept(invitation=invitation, user=dave)
    assert Membership.objects.get(club=club, user=dave).role == "member"
    players[0].refresh_from_db()
    assert players[0].user == dave
    with pytest.raises(ValidationError, match="already been used"):
        services.invitation_accept(invitation=invitation, user=dave)


def test_an_invitation_never_lowers_a_role(club: Club, alice: User) -> None:
    invitation = services.invitation_create(club=club, role="viewer", player=None, by=alice)
    services.invitation_accept(invitation=invitation, user=alice)
    assert Membership.objects.get(club=club, user=alice).role == "organiser"
