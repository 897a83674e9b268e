"""The score sheet and the standings cost a fixed number of queries, whatever their size."""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Club, Hand, Season, Session
from scoring.families import get_family
from tests.conftest import HK_HALF
from tests.fuzz.world import HAND_INPUTS, PARAMS

# Pinned: a change that adds a query to these pages must say why here.
# Both: the signed-in session, the user, the membership with its club. Then the sheet: the session
# (with season and rules), its seats with players, its hands with their recorders, the hands'
# scores, and their revisions with who made them; the session's penalties with their players
# and recorders (their revisions only when there are penalties).
SHEET_QUERIES = 9
# The season (with its rule set), the standings aggregate, the season's sessions with the
# number of hands, and their seats with players.
STANDINGS_QUERIES = 7

HANDS = itertools.cycle(
    [
        {"outcome": "discard", "winner": 1, "faan": 2, "blamed": 2},
        {"outcome": "self_drawn", "winner": 0, "faan": 3},
        {"outcome": "draw"},
        {"outcome": "false_win", "blamed": 3},
        {"outcome": "discard_guarantee", "winner": 2, "faan": 6, "blamed": 0},
    ]
)


def build_season(
    club: Club, organiser: User, name: str, players: int, hands: int
) -> tuple[Season, list[Session]]:
    """A season whose ``players`` play ``hands`` hands, four at a table, a session per table.

    Every table also has one amended and one deleted hand, so that the sheet's history shows.
    """
    rule_set = services.rule_set_create(
        club=club, name=f"{name} rules", family="hk", params=HK_HALF, by=organiser
    )
    season = services.season_save(club=club, name=name, rule_set=rule_set)
    people = [services.player_create(club=club, name=f"{name} {n}") for n in range(players)]
    tables = [people[start : start + 4] for start in range(0, players, 4)]
    sessions = [
        services.session_start(
            season=season, played_on=dt.date(2026, 3, 1 + day), players=table, by=organiser
        )
        for day, table in enumerate(tables)
    ]
    for number in range(hands):
        session = sessions[number % len(sessions)]
        services.hand_record(session=session, hand_input=next(HANDS), by=organiser)
    for session in sessions:
        first, *_ = session.hands.order_by("number")
        services.hand_amend(
            hand=first, hand_input={"outcome": "draw"}, expected_version=1, reason="x", by=organiser
        )
        extra, _ = services.hand_record(session=session, hand_input=next(HANDS), by=organiser)
        services.hand_delete(hand=extra, expected_version=1, reason="twice", by=organiser)
    return season, sessions


def count_queries(django_assert_max_num_queries: Any, client: Client, url: str) -> int:
    with django_assert_max_num_queries(1000) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured.captured_queries)


@pytest.fixture
def warm(as_bob: Client, club: Club) -> Client:
    """bob, a member, who sees the amend and delete links; one request warms the caches."""
    assert as_bob.get("/c/dragons/").status_code == 200
    return as_bob


@pytest.fixture
def measure(warm: Client, django_assert_max_num_queries: Any) -> Callable[[str], int]:
    return lambda url: count_queries(django_assert_max_num_queries, warm, url)


@pytest.fixture
def pinned(warm: Client, django_assert_num_queries: Any) -> Callable[[str, int], None]:
    """Request ``url`` as bob and fail, listing the queries, unless it costs exactly ``n``."""

    def check(url: str, n: int) -> None:
        with django_assert_num_queries(n):
            assert warm.get(url).status_code == 200

    return check


def test_the_score_sheet_costs_the_same_for_2_hands_as_for_20(
    club: Club, alice: User, measure: Callable[[str], int], pinned: Any
) -> None:
    _, (small,) = build_season(club, alice, "Small", players=4, hands=2)
    _, (big,) = build_season(club, alice, "Big", players=4, hands=20)
    assert Hand.objects.filter(session=big, deleted_at=None).count() == 20

    small_cost = measure(f"/c/dragons/sessions/{small.pk}/")
    big_cost = measure(f"/c/dragons/sessions/{big.pk}/")
    assert small_cost == big_cost
    assert big_cost == SHEET_QUERIES
    pinned(f"/c/dragons/sessions/{big.pk}/", SHEET_QUERIES)


def test_the_score_sheet_costs_the_same_in_a_club_of_4_players_as_of_12(
    club: Club, alice: User, measure: Callable[[str], int]
) -> None:
    _, (small,) = build_season(club, alice, "Small", players=4, hands=6)
    _, big_sessions = build_season(club, alice, "Big", players=12, hands=18)
    small_cost = measure(f"/c/dragons/sessions/{small.pk}/")
    big_cost = measure(f"/c/dragons/sessions/{big_sessions[0].pk}/")
    assert small_cost == big_cost
    assert big_cost == SHEET_QUERIES


def test_the_standings_cost_the_same_for_2_hands_and_4_players_as_for_20_and_12(
    club: Club, alice: User, measure: Callable[[str], int], pinned: Any
) -> None:
    small, _ = build_season(club, alice, "Small", players=4, hands=2)
    big, _ = build_season(club, alice, "Big", players=12, hands=20)
    small_cost = measure(f"/c/dragons/seasons/{small.pk}/")
    big_cost = measure(f"/c/dragons/seasons/{big.pk}/")
    assert small_cost == big_cost
    assert big_cost == STANDINGS_QUERIES
    pinned(f"/c/dragons/seasons/{big.pk}/", STANDINGS_QUERIES)


@pytest.mark.parametrize("filters", ["?date_from=2026-03-01&date_to=2026-03-02&min_games=1"])
def test_filtered_standings_cost_no_more(
    club: Club, alice: User, measure: Callable[[str], int], filters: str
) -> None:
    small, _ = build_season(club, alice, "Small", players=4, hands=2)
    big, _ = build_season(club, alice, "Big", players=12, hands=20)
    small_cost = measure(f"/c/dragons/seasons/{small.pk}/{filters}")
    big_cost = measure(f"/c/dragons/seasons/{big.pk}/{filters}")
    assert small_cost == big_cost
    assert big_cost == STANDINGS_QUERIES


def test_an_anonymous_visitor_costs_no_more_than_a_member(
    club: Club, alice: User, measure: Callable[[str], int], django_assert_max_num_queries: Any
) -> None:
    season, (session,) = build_season(club, alice, "Small", players=4, hands=5)
    anonymous = Client()
    for url in (f"/c/dragons/sessions/{session.pk}/", f"/c/dragons/seasons/{season.pk}/"):
        assert count_queries(django_assert_max_num_queries, anonymous, url) <= measure(url)


# The hand pages, for every family. Both: the signed-in session, the user, the membership with
# its club. A new hand: the session (with season and rules), its seats with players, and the
# live hands with their rules, then their scores (the hand's place: its winds, and the place
# the form expects; the game's state and the totals so far that the form shows), and the
# kept totals' penalties (shown apart from the totals so far).
NEW_HAND_QUERIES = 8
# An amendment: the hand (with its session, rules and place), and the seats with players.
AMEND_HAND_QUERIES = 5
DRAW_OR_SIMPLEST: dict[str, dict[str, Any]] = {
    **HAND_INPUTS,
    "riichi": {"outcome": "draw", "tenpai": [0], "riichi": [0]},
}
FAMILY_PARAMS: dict[str, dict[str, Any]] = {**PARAMS, "riichi": {"preset": "ema"}}


def family_session(club: Club, alice: User, family: str, hands: int) -> Session:
    """A session of ``family``'s rules with ``hands`` hands recorded."""
    rule_set = services.rule_set_create(
        club=club, name=f"{family} {hands}", family=family, params=FAMILY_PARAMS[family], by=alice
    )
    season = services.season_save(club=club, name=f"{family} {hands}", rule_set=rule_set)
    players = [services.player_create(club=club, name=f"{family} {hands} {n}") for n in range(4)]
    session = services.session_start(
        season=season, played_on=dt.date(2026, 3, 1), players=players, by=alice
    )
    for _ in range(hands):
        services.hand_record(session=session, hand_input=DRAW_OR_SIMPLEST[family], by=alice)
    return session


@pytest.mark.parametrize("family", sorted(FAMILY_PARAMS))
def test_the_hand_pages_cost_the_same_for_every_family_and_any_number_of_hands(
    club: Club, alice: User, measure: Callable[[str], int], pinned: Any, family: str
) -> None:
    small = family_session(club, alice, family, hands=1)
    big = family_session(club, alice, family, hands=3)
    for session, hand_number in ((small, 1), (big, 3)):
        hand = session.hands.get(number=hand_number)
        assert measure(f"/c/dragons/sessions/{session.pk}/hands/new/") == NEW_HAND_QUERIES
        assert measure(f"/c/dragons/hands/{hand.pk}/edit/") == AMEND_HAND_QUERIES
    pinned(f"/c/dragons/sessions/{big.pk}/hands/new/", NEW_HAND_QUERIES)


# A full evening's sheet (20 hands; MCR's game is 16) costs the pinned queries in every family:
# the families' tables (winds, dealer, honba, stakes) are replayed from the hands already read.
def sheet_hands(family: str) -> int:
    return min(20, get_family(family).hands_per_session or 20)


@pytest.mark.parametrize("family", sorted(FAMILY_PARAMS))
def test_a_sheet_of_20_hands_costs_the_pinned_queries_in_every_family(
    club: Club, alice: User, pinned: Any, family: str
) -> None:
    session = family_session(club, alice, family, hands=sheet_hands(family))
    assert session.hands.count() == sheet_hands(family)
    pinned(f"/c/dragons/sessions/{session.pk}/", SHEET_QUERIES)
    pinned(f"/c/dragons/sessions/{session.pk}/live/", SHEET_QUERIES)
