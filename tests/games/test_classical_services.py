"""The services' hook for sequential families: a hand is scored after the hands before it,
and amending or deleting one re-scores every later hand in the same transaction."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import Club, Hand, HandRevision, Player, Score, Session
from tests.games.pages import DISCARD

# Wins on a discard: a win from the wall would also score "Final tile drawn from the wall".
EAST_WINS: dict[str, Any] = {"mahjong": 0, "discarder": 1, "players": [{"sets": ["PCT"]}, {}]}
OTHER_WINS: dict[str, Any] = {"mahjong": 1, "discarder": 0, "players": [{}, {"sets": ["PCT"]}]}
DRAW: dict[str, Any] = {"mahjong": None, "players": [{}, {}]}


def pair_session(
    club: Club, players: list[Player], alice: User, name: str, **options: Any
) -> Session:
    """A and B at a two-player classical table where a draw passes the deal: eight passes
    end the game."""
    rules = services.rule_set_create(
        club=club,
        name=name,
        family="classical",
        params={"rules": "millington", "stake": 100, "draw_advance_wind": True, **options},
        by=alice,
    )
    season = services.season_save(club=club, name=name, rule_set=rules)
    return services.session_start(
        season=season, played_on=dt.date(2026, 5, 1), players=players[:2], by=alice
    )


@pytest.fixture
def pair(club: Club, players: list[Player], alice: User) -> Session:
    return pair_session(club, players, alice, "Classical")


def record(session: Session, hand: dict[str, Any], by: User) -> Hand:
    return services.hand_record(session=session, hand_input=hand, by=by)[0]


def test_a_hand_is_scored_where_it_is_played(pair: Session, bob: User) -> None:
    first = record(pair, OTHER_WINS, bob)
    second = record(pair, OTHER_WINS, bob)
    assert first.evaluation["position"]["east"] == 0
    assert second.evaluation["position"]["east"] == 1
    # B wins 8+10 = 18 both times; East pays and receives double.
    assert [int(s.points) for s in second.scores.order_by("seat")] == [-36, 36]


def test_the_game_ends_after_the_north_round(pair: Session, bob: User) -> None:
    for _ in range(8):
        record(pair, DRAW, bob)
    with pytest.raises(ValidationError, match="the game is over"):
        record(pair, DRAW, bob)


def test_amending_re_scores_later_hands_and_revises_only_the_amended_one(
    pair: Session, bob: User
) -> None:
    first = record(pair, EAST_WINS, bob)
    second = record(pair, OTHER_WINS, bob)
    assert second.evaluation["position"]["east"] == 0
    services.hand_amend(
        hand=first, hand_input=OTHER_WINS, expected_version=1, reason="B won", by=bob
    )
    second.refresh_from_db()
    assert second.evaluation["position"]["east"] == 1 and second.version == 1
    assert HandRevision.objects.get().hand == first
    assert [int(s.points) for s in second.scores.order_by("seat")] == [-36, 36]


def test_a_change_that_breaks_a_later_hand_saves_nothing(pair: Session, bob: User) -> None:
    first = record(pair, EAST_WINS, bob)  # East keeps the deal; then eight passes
    for _ in range(8):
        record(pair, DRAW, bob)
    scores_before = list(Score.objects.order_by("pk").values_list("pk", "points"))
    with pytest.raises(ValidationError, match="Hand 9 could no longer be scored"):
        services.hand_amend(
            hand=first, hand_input=DRAW, expected_version=1, reason="a draw", by=bob
        )
    first.refresh_from_db()
    assert first.input == {
        **EAST_WINS,
        "players": [{"sets": ["PCT"], "events": []}, {"sets": [], "events": []}],
    }
    assert first.version == 1 and not HandRevision.objects.exists()
    assert list(Score.objects.order_by("pk").values_list("pk", "points")) == scores_before


def test_deleting_re_scores_later_hands(pair: Session, bob: User) -> None:
    first = record(pair, OTHER_WINS, bob)
    second = record(pair, OTHER_WINS, bob)
    services.hand_delete(hand=first, expected_version=1, reason="practice", by=bob)
    second.refresh_from_db()
    assert second.evaluation["position"]["east"] == 0
    assert [int(s.points) for s in second.scores.order_by("seat")] == [-36, 36]
    assert not Score.objects.filter(hand=first).exists()


def test_a_preview_can_score_a_hand_where_an_earlier_one_was_played(
    pair: Session, bob: User
) -> None:
    record(pair, OTHER_WINS, bob)
    _, at_first = services.hand_preview(session=pair, hand_input=EAST_WINS, at_number=1)
    _, at_end = services.hand_preview(session=pair, hand_input=EAST_WINS)
    assert at_first is not None and at_end is not None
    assert at_first["position"]["east"] == 0 and at_end["position"]["east"] == 1


def test_other_families_never_touch_later_hands(session: Session, bob: User) -> None:
    first = record(session, DISCARD, bob)
    second = record(session, DISCARD, bob)
    kept = list(second.scores.values_list("pk", flat=True))
    services.hand_amend(
        hand=first, hand_input={"outcome": "draw"}, expected_version=1, reason="draw", by=bob
    )
    services.hand_delete(hand=first, expected_version=2, reason="gone", by=bob)
    assert list(second.scores.values_list("pk", flat=True)) == kept


def test_the_refusal_names_the_later_hand_by_its_place(pair: Session, bob: User) -> None:
    first = record(pair, EAST_WINS, bob)
    mistake = record(pair, DRAW, bob)
    services.hand_delete(hand=mistake, expected_version=1, reason="entered twice", by=bob)
    for _ in range(8):
        record(pair, DRAW, bob)  # stored as hands 3-10, in places 2-9
    with pytest.raises(ValidationError, match="Hand 9 could no longer be scored"):
        services.hand_amend(
            hand=first, hand_input=DRAW, expected_version=1, reason="a draw", by=bob
        )


def amend_first_queries(session: Session, hands: int, by: User) -> int:
    first = record(session, EAST_WINS, by)  # East keeps the deal for ever: no East limit
    for _ in range(hands - 1):
        record(session, EAST_WINS, by)
    with CaptureQueriesContext(connection) as queries:
        services.hand_amend(
            hand=first, hand_input=EAST_WINS, expected_version=1, reason="checked", by=by
        )
    return len(queries)


def test_amending_the_first_hand_costs_the_same_queries_however_long_the_game(
    club: Club, players: list[Player], alice: User, bob: User
) -> None:
    short, long = (
        pair_session(club, players, alice, name, east_limit=0)
        for name in ("Short game", "Long game")
    )
    assert amend_first_queries(short, 5, bob) == amend_first_queries(long, 100, bob)
    assert Score.objects.filter(hand__session=long).count() == 2 * 100
    last = Hand.objects.filter(session=long).order_by("number").last()
    assert last is not None and last.evaluation["position"]["east_run"] == 100
    assert sum(score.points for score in last.scores.all()) == 0
