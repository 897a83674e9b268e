"""Never lose, never duplicate: real concurrent requests against PostgreSQL's row locks."""

from __future__ import annotations

import datetime as dt
import threading
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import connection, connections, transaction
from django.test import Client

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
    Seat,
    Session,
)
from tests.games.pages import RULES_POST

THREADS = 50
DISCARD = {"outcome": "discard", "winner": 1, "faan": 2, "blamed": 2}

pytestmark = [
    pytest.mark.postgres_only,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="needs PostgreSQL: SQLite has no row locks"
    ),
]


def run_together(count: int, work: Callable[[int], Any]) -> list[Any]:
    """Start ``count`` threads at one barrier; each returns a result or the exception it raised."""
    barrier = threading.Barrier(count)
    results: list[Any] = [None] * count

    def target(index: int) -> None:
        try:
            barrier.wait()
            results[index] = work(index)
        except Exception as error:  # the test inspects every outcome
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=target, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


def test_fifty_duplicate_submissions_create_one_hand(session: Session, bob: User) -> None:
    client_id = uuid.uuid4()
    hand = {"outcome": "discard", "winner": 1, "faan": 2, "blamed": 2}

    results = run_together(
        THREADS,
        lambda _: services.hand_record(
            session=session, hand_input=hand, by=bob, client_id=client_id
        ),
    )

    assert not [r for r in results if isinstance(r, Exception)]
    assert sum(1 for _, created in results if created) == 1
    assert len({recorded.pk for recorded, _ in results}) == 1
    assert Hand.objects.count() == 1 and Score.objects.count() == 4


def test_fifty_different_hands_at_one_table_get_distinct_numbers(
    session: Session, bob: User
) -> None:
    results = run_together(
        THREADS,
        lambda i: services.hand_record(
            session=session,
            hand_input={"outcome": "self_drawn", "winner": i % 4, "faan": i % 7},
            by=bob,
        ),
    )
    assert not [r for r in results if isinstance(r, Exception)]
    assert sorted(Hand.objects.values_list("number", flat=True)) == list(range(1, THREADS + 1))
    assert Score.objects.count() == 4 * THREADS


def test_fifty_conflicting_amendments_apply_one_and_refuse_the_rest(
    session: Session, bob: User
) -> None:
    hand, _ = services.hand_record(session=session, hand_input={"outcome": "draw"}, by=bob)

    results = run_together(
        THREADS,
        lambda i: services.hand_amend(
            hand=hand,
            hand_input={"outcome": "self_drawn", "winner": i % 4, "faan": i % 7},
            expected_version=1,
            reason=f"amendment {i}",
            by=bob,
        ),
    )

    applied = [r for r in results if isinstance(r, Hand)]
    refused = [r for r in results if isinstance(r, services.StaleHand)]
    assert len(applied) == 1 and len(refused) == THREADS - 1
    hand.refresh_from_db()
    assert hand.version == 2 and hand.input == applied[0].input
    assert HandRevision.objects.filter(hand=hand).count() == 1
    assert all(r.current.version == 2 for r in refused)
    assert sum(hand.scores.values_list("points", flat=True)) == 0


def test_fifty_amendments_that_retry_on_conflict_lose_nothing(session: Session, bob: User) -> None:
    hand, _ = services.hand_record(session=session, hand_input={"outcome": "draw"}, by=bob)

    def amend_until_applied(i: int) -> Hand:
        version = 1
        while True:
            try:
                return services.hand_amend(
                    hand=hand,
                    hand_input={"outcome": "false_win", "blamed": i % 4},
                    expected_version=version,
                    reason=f"amendment {i}",
                    by=bob,
                )
            except services.StaleHand as stale:
                version = stale.current.version

    results = run_together(THREADS, amend_until_applied)

    assert not [r for r in results if isinstance(r, Exception)]
    hand.refresh_from_db()
    assert hand.version == THREADS + 1
    revisions = list(HandRevision.objects.filter(hand=hand).order_by("previous_version"))
    assert [r.previous_version for r in revisions] == list(range(1, THREADS + 1))
    reasons = sorted(r.reason for r in revisions)
    assert reasons == sorted(f"amendment {i}" for i in range(THREADS))


# --- double submits of the pages' forms: one row, the rest told it exists ----------------

SUBMITS = 10


def submit_together(user: User | None, url: str, data: dict[str, Any]) -> list[Any]:
    """``SUBMITS`` requests of one form at once, each from its own browser."""

    def submit(_: int) -> Any:
        client = Client()
        if user is not None:
            client.force_login(user)
        return client.post(url, data)

    return run_together(SUBMITS, submit)


def check_one_made(
    results: list[Any], *refused_texts: str, refused_statuses: tuple[int, ...] = (200,)
) -> None:
    """No 500 (the test client raises it): one submit made the row, the others were told
    (by the form's own check if the row was there already, else by the service's)."""
    assert not [r for r in results if isinstance(r, Exception)], results
    made = [r for r in results if r.status_code == 302]
    refused = [r for r in results if r.status_code in refused_statuses]
    assert len(made) == 1 and len(refused) == SUBMITS - 1, [r.status_code for r in results]
    assert all(any(t in r.content.decode() for t in refused_texts) for r in refused), [
        r.content.decode() for r in refused
    ]


def test_ten_submits_of_a_new_club_make_one(alice: User) -> None:
    data = {"name": "Cranes", "slug": "cranes", "visibility": "public"}
    results = submit_together(alice, "/clubs/new/", data)
    check_one_made(results, "is taken", "Club with this Slug already exists.")
    assert Club.objects.filter(slug="cranes").count() == 1
    assert Membership.objects.filter(club__slug="cranes").count() == 1


def test_ten_submits_of_a_new_rule_set_make_one(alice: User, club: Club) -> None:
    data = {"name": "Spicy", **RULES_POST}
    results = submit_together(alice, "/c/dragons/rules/new/hk/", data)
    check_one_made(results, "already has a rule set called")
    assert RuleSet.objects.filter(name="Spicy").count() == 1


def test_ten_submits_of_a_new_season_make_one(alice: User, rule_set: RuleSet) -> None:
    data = {"name": "Autumn", "rule_set": rule_set.pk}
    results = submit_together(alice, "/c/dragons/seasons/new/", data)
    check_one_made(results, "already has a season called")
    assert Season.objects.filter(name="Autumn").count() == 1


def test_ten_submits_of_a_member_account_make_one(alice: User, club: Club) -> None:
    data = {"username": "erin", "role": "member"}
    results = submit_together(alice, "/c/dragons/members/account/", data)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert all(r.status_code == 302 for r in results)  # back to the members page, with a note
    assert User.objects.filter(username="erin").count() == 1
    assert Membership.objects.filter(user__username="erin").count() == 1


def test_ten_sign_ups_through_one_invitation_make_one_account(alice: User, club: Club) -> None:
    invitation = services.invitation_create(club=club, role="member", player=None, by=alice)
    data = {"username": "erin", "password": "a-long-enough-passphrase"}
    results = submit_together(None, f"/invite/{invitation.token}/", data)
    # A submit that arrives once the winner has committed finds the invitation used: the
    # form's page if it read the invitation before, the invitation's 410 page if after.
    check_one_made(
        results,
        "That username is taken",
        "This invitation has already been used",
        refused_statuses=(200, 410),
    )
    assert User.objects.filter(username="erin").count() == 1
    assert Membership.objects.get(club=club, user__username="erin").role == "member"


def test_ten_submits_of_one_session_start_form_start_one_session(
    alice: User, season: Season, players: list[Player]
) -> None:
    data = {
        "season": season.pk,
        "played_on": "2026-03-02",
        "client_id": str(uuid.uuid4()),
        **{f"seat_{i}": player.pk for i, player in enumerate(players)},
    }
    results = submit_together(alice, "/c/dragons/sessions/new/", data)
    assert not [r for r in results if isinstance(r, Exception)], results
    session = Session.objects.get(played_on=dt.date(2026, 3, 2))
    assert {r["Location"] for r in results} == {f"/c/dragons/sessions/{session.pk}/"}
    assert Seat.objects.filter(session=session).count() == 4


def test_ten_accounts_linked_to_one_player_at_once_link_one(club: Club) -> None:
    player = services.player_create(club=club, name="Erin")
    users = [User.objects.create_user(username=f"user{i}") for i in range(10)]

    results = run_together(
        10,
        lambda i: services.player_link_user(player=Player.objects.get(pk=player.pk), user=users[i]),
    )
    linked = [r for r in results if isinstance(r, Player)]
    refused = [r for r in results if isinstance(r, ValidationError)]
    assert len(linked) == 1 and len(refused) == 9, results
    assert all("already linked to another account" in str(r) for r in refused)
    player.refresh_from_db()
    assert player.user == linked[0].user


def test_one_account_linked_to_ten_players_at_once_links_one(club: Club, bob: User) -> None:
    players = [services.player_create(club=club, name=f"Guest {i}") for i in range(10)]

    results = run_together(10, lambda i: services.player_link_user(player=players[i], user=bob))
    refused = [r for r in results if isinstance(r, ValidationError)]
    assert len([r for r in results if isinstance(r, Player)]) == 1, results
    assert len(refused) == 9 and all("That account is already linked to" in str(r) for r in refused)
    assert Player.objects.filter(club=club, user=bob).count() == 1


def _record(session: Session, bob: User) -> None:
    services.hand_record(session=session, hand_input=DISCARD, by=bob)


def _amend(session: Session, bob: User) -> None:
    hand = Hand.objects.get(session=session)
    services.hand_amend(
        hand=hand, hand_input=DISCARD, expected_version=1, reason="the same again", by=bob
    )


def _delete(session: Session, bob: User) -> None:
    hand = Hand.objects.get(session=session)
    services.hand_delete(hand=hand, expected_version=1, reason="wrong table", by=bob)


@pytest.mark.parametrize("write", [_record, _amend, _delete])
def test_a_hand_being_written_leaves_its_session_to_foreign_key_checks(
    write: Callable[[Session, User], None], session: Session, bob: User
) -> None:
    """Every row written that refers to the session (a rating, at the ratings job's commit)
    takes FOR KEY SHARE of it: a hand write's lock must not stop it, or the two deadlock."""
    services.hand_record(session=session, hand_input=DISCARD, by=bob)
    written, done = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():  # the write's locks are held until this commits
                write(session, bob)
                written.set()
                done.wait(30)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert written.wait(30)
        with connection.cursor() as cursor:  # NOWAIT: fails at once if it would wait
            cursor.execute(
                "SELECT id FROM games_session WHERE id = %s FOR KEY SHARE NOWAIT", [session.pk]
            )
            assert cursor.fetchall() == [(session.pk,)]
    finally:
        done.set()
        holder.join(30)
