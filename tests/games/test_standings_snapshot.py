"""Standings and ratings tables read while sessions are written between their queries: never
an error, always a table that holds together (issue 42, item 1)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection

from games import selectors, services
from games.models import Club, Player, Season, Session
from games.stats.reads import ratings_table
from games.stats.replay import ratings_replay
from tests.games.importing.test_import_postgres import closing_connections
from tests.games.riichi_hanchan import EMA, HANDS
from tests.games.test_riichi_league import riichi_season

postgres = [
    pytest.mark.postgres_only,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL"),
]


@contextmanager
def at_first_query_of(table: str, step: Callable[[], Any], before: bool = False) -> Iterator[None]:
    """Run ``step`` once, right after this connection's first query that reads ``table``
    (or right ``before`` it): the moment between a read's first query and the next."""
    stepped = False

    def wrapper(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        nonlocal stepped
        first = not stepped and sql.lstrip().upper().startswith("SELECT") and table in sql
        stepped = stepped or first
        if first and before:
            step()
        result = execute(sql, params, many, context)
        if first and not before:
            step()
        return result

    with connection.execute_wrapper(wrapper):
        yield
    assert stepped, f"no query read {table}"


def hanchan(season: Season, players: list[Player], alice: User, day: int = 1) -> Session:
    session = services.session_start(
        season=season, played_on=dt.date(2026, 6, day), players=players, by=alice
    )
    for hand in HANDS:
        services.hand_record(session=session, hand_input=hand, by=alice)
    return session


def first_sessions(season: Season, alice: User) -> Callable[[], Any]:
    """Four new players' first hanchan of ``season``, written."""

    def write() -> Session:
        club = Club.objects.get(pk=season.club_id)
        newcomers = [services.player_create(club=club, name=f"New {seat}") for seat in "ABCD"]
        return hanchan(season, newcomers, alice, day=2)

    return write


def in_another_connection(work: Callable[[], Any]) -> Callable[[], Any]:
    """``work`` run to its end (committed) by another thread, on that thread's connection."""

    def run() -> Any:
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(closing_connections(work)).result(timeout=60)

    return run


def holds_together(rows: list[selectors.StandingRow]) -> bool:
    """Every player's placements count the sessions their totals count."""
    return all(row.placed == row.sessions for row in rows)


@pytest.fixture
def riichi(club: Club, alice: User, players: list[Player]) -> Season:
    season = riichi_season(club, alice, EMA)
    hanchan(season, players, alice)
    return season


def test_a_first_session_written_between_the_standings_queries_is_not_an_error(
    riichi: Season, alice: User
) -> None:
    """Where no snapshot holds the queries together (SQLite, or inside a transaction begun
    before), a session seating a player the totals do not have is left out of the
    placements: it was written after the totals were read. (A session of players the
    totals have cannot be told apart there; the snapshot below is what keeps it out.)"""
    before = selectors.season_standings(season=riichi)
    with at_first_query_of("games_sessionseattotal", first_sessions(riichi, alice)):
        during = selectors.season_standings(season=riichi)
    assert during == before and holds_together(during)
    after = selectors.season_standings(season=riichi)
    assert len(after) == 8 and holds_together(after)


def delete_last_hand(session: Session, alice: User) -> Callable[[], Any]:
    last = session.hands.order_by("number").last()
    assert last is not None

    def delete() -> None:
        services.hand_delete(hand=last, expected_version=last.version, reason="misread", by=alice)

    return delete


def test_a_hand_deleted_between_the_score_sheet_queries_is_left_out_not_an_error(
    riichi: Season, alice: User
) -> None:
    session = Session.objects.get(season=riichi)
    before = selectors.session_sheet(session=session)
    # Before the scores are read: SQLite reads a query's rows as they are fetched.
    with at_first_query_of('"games_score"', delete_last_hand(session, alice), before=True):
        during = selectors.session_sheet(session=session)
    assert [row.totals for row in during.rows] == [row.totals for row in before.rows][:-1]


class TestOnPostgreSQL:
    pytestmark = postgres

    def test_standings_read_while_first_sessions_are_committed_are_one_snapshot(
        self, riichi: Season, alice: User, players: list[Player]
    ) -> None:
        newcomers = first_sessions(riichi, alice)

        def write() -> None:
            newcomers()
            hanchan(riichi, players, alice, day=2)  # and the regulars' second

        before = selectors.season_standings(season=riichi)
        with at_first_query_of("games_sessionseattotal", in_another_connection(write)):
            during = selectors.season_standings(season=riichi)
        assert during == before and holds_together(during)
        after = selectors.season_standings(season=riichi)
        assert {row.name for row in after} == {
            *(row.name for row in before),
            *(f"New {seat}" for seat in "ABCD"),
        }
        assert holds_together(after) and {row.sessions for row in after} == {1, 2}

    def test_a_ratings_table_read_while_the_ratings_are_replayed_is_one_snapshot(
        self, riichi: Season, club: Club
    ) -> None:
        ratings_replay(club_id=club.pk, family="riichi")
        before = ratings_table(club=club, family="riichi")
        replay = in_another_connection(lambda: ratings_replay(club_id=club.pk, family="riichi"))
        with at_first_query_of("games_rating", replay):
            during = ratings_table(club=club, family="riichi")
        assert len(before) == 4 and during == before

    def test_a_score_sheet_read_while_a_hand_is_deleted_is_one_snapshot(
        self, riichi: Season, alice: User
    ) -> None:
        """The hands, then their scores: a hand deleted between them had no scores left."""
        session = Session.objects.get(season=riichi)
        before = selectors.session_sheet(session=session)
        delete = delete_last_hand(session, alice)
        with at_first_query_of('"games_score"', in_another_connection(delete), before=True):
            during = selectors.session_sheet(session=session)
        assert [row.totals for row in during.rows] == [row.totals for row in before.rows]
        assert len(selectors.session_sheet(session=session).rows) == len(before.rows) - 1

    def test_a_hand_is_recorded_while_the_club_s_ratings_are_replayed(
        self, riichi: Season, alice: User, players: list[Player]
    ) -> None:
        """The replay locks its club against other replays only: a hand (whose row names the
        club) is written meanwhile, not kept waiting until the replay commits."""
        session = services.session_start(
            season=riichi, played_on=dt.date(2026, 6, 2), players=players, by=alice
        )

        def record() -> None:
            with connection.cursor() as cursor:
                cursor.execute("SET lock_timeout = '5s'")
            services.hand_record(session=session, hand_input=HANDS[0], by=alice)

        with at_first_query_of("games_club", in_another_connection(record)):
            ratings_replay(club_id=riichi.club_id, family="riichi")
        assert session.hands.count() == 1
