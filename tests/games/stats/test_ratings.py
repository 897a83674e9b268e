"""Ratings: openskill's own numbers for the same matches, replayed in order after a change."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.management import call_command
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult
from openskill.models import PlackettLuce

from games import services
from games.models import Hand
from games.stats.models import Rating, RatingsPending
from games.stats.ratings import (
    NEWCOMER,
    REGULAR_SESSIONS,
    Skill,
    placements,
    rate_session,
)
from games.stats.reads import rating_history, ratings_table
from games.stats.replay import ratings_replay
from tests.games.stats.conftest import League


def test_places_follow_the_net_and_ties_share_one() -> None:
    nets = [Decimal(n) for n in (10, -5, 10, -5)]
    assert placements(nets) == [1, 3, 1, 3]


def test_a_session_is_rated_as_openskill_rates_the_same_match() -> None:
    model = PlackettLuce()
    skills = [NEWCOMER, Skill(30.0, 5.0), NEWCOMER, Skill(20.0, 7.0)]
    nets = [Decimal(n) for n in (-80, 184, -72, -32)]
    teams = [[model.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    expected = model.rate(teams, ranks=[4, 1, 3, 2])
    found = rate_session(skills, nets)
    assert [(s.mu, s.sigma) for s in found] == [(t[0].mu, t[0].sigma) for t in expected]
    assert found[1].mu > 30.0 and found[0].mu < NEWCOMER.mu


def test_a_newcomer_starts_at_zero_and_is_provisional() -> None:
    assert NEWCOMER.conservative == pytest.approx(0.0)
    assert NEWCOMER.provisional and not Skill(25.0, 3.0).provisional


def regular_table(sessions: int) -> list[Skill]:
    """Four newcomers rated by openskill alone after ``sessions`` sessions, places in turn."""
    model = PlackettLuce()
    table = [model.rating() for _ in range(4)]
    for number in range(sessions):
        ranks = [(seat + number) % 4 + 1 for seat in range(4)]
        table = [team[0] for team in model.rate([[rating] for rating in table], ranks=ranks)]
    return [Skill(rating.mu, rating.sigma) for rating in table]


def test_a_regular_player_is_settled_after_ten_sessions_and_not_before() -> None:
    assert REGULAR_SESSIONS == 10
    assert all(skill.provisional for skill in regular_table(9))
    assert not any(skill.provisional for skill in regular_table(10))


def test_thirty_sessions_of_a_real_league_are_not_provisional() -> None:
    # The players: σ 4.5 to 5.0 after 29 to 39 sessions were all still provisional.
    assert not Skill(24.0, 5.0).provisional and not Skill(31.0, 4.5).provisional


def openskill_season() -> dict[str, tuple[float, float]]:
    """The hand-built season rated by openskill alone, session by session."""
    model = PlackettLuce()
    ratings = {name: model.rating() for name in "ABCDE"}
    for seating, places in (("ABCD", [1, 2, 3, 4]), ("EACB", [2, 4, 3, 1]), ("ABCD", [4, 3, 1, 1])):
        teams = [[ratings[name]] for name in seating]
        for name, (rated,) in zip(seating, model.rate(teams, ranks=places), strict=True):
            ratings[name] = rated
    return {name: (r.mu, r.sigma) for name, r in ratings.items()}


@pytest.mark.django_db
def test_the_replay_rates_the_season_as_openskill_does(league: League) -> None:
    assert ratings_replay(club_id=league.club.pk, family=league.family) == 3
    table = ratings_table(club=league.club, family=league.family)
    expected = openskill_season()
    assert {row.name: (row.skill.mu, row.skill.sigma) for row in table} == expected
    assert [row.skill.conservative for row in table] == sorted(
        (mu - 3 * sigma for mu, sigma in expected.values()), reverse=True
    )
    history = rating_history(player=league.players["A"], family=league.family)
    assert [(r.played_on, r.sessions) for r in history] == [
        (session.played_on, n) for n, session in enumerate(league.sessions, 1)
    ]


@pytest.mark.django_db
def test_the_table_filters_by_season_and_minimum_games(league: League) -> None:
    ratings_replay(club_id=league.club.pk, family=league.family)
    table = ratings_table(club=league.club, family=league.family, min_games=3)
    assert sorted(row.name for row in table) == ["A", "B", "C"]
    other = services.season_save(club=league.club, name="Autumn", rule_set=league.season.rule_set)
    assert ratings_table(club=league.club, family=league.family, season=other) == []
    in_season = ratings_table(club=league.club, family=league.family, season=league.season)
    assert {row.name: row.sessions for row in in_season} == {
        "A": 3,
        "B": 3,
        "C": 3,
        "D": 2,
        "E": 1,
    }


@pytest.mark.django_db(transaction=True)
def test_changing_a_past_session_rates_every_later_one_again(league: League) -> None:
    call_command("worker", "--burst")  # the jobs the season's hands queued
    before = {r.player.name: (r.mu, r.sigma) for r in Rating.objects.select_related("player")}
    assert len(Rating.objects.all()) == 12

    # On 1 June D wins the last hand off C: A +8, B +24, C −96, D +64 (places B A D C).
    hand = Hand.objects.get(session=league.sessions[0], number=4)
    services.hand_amend(
        hand=hand,
        hand_input={"outcome": "discard", "winner": 3, "faan": 5, "blamed": 2},
        expected_version=hand.version,
        reason="wrong winner",
        by=league.club.memberships.first().user,  # type: ignore[union-attr]
    )
    call_command("worker", "--burst")

    model = PlackettLuce()
    r = {name: model.rating() for name in "ABCDE"}
    first = placements([Decimal(n) for n in (8, 24, -96, 64)])
    for seating, places in (("ABCD", first), ("EACB", [2, 4, 3, 1]), ("ABCD", [4, 3, 1, 1])):
        rated = model.rate([[r[name]] for name in seating], ranks=places)
        r.update((name, team[0]) for name, team in zip(seating, rated, strict=True))
    table = ratings_table(club=league.club, family=league.family)
    assert {row.name: (row.skill.mu, row.skill.sigma) for row in table} == {
        name: (rating.mu, rating.sigma) for name, rating in r.items()
    }
    assert {row.name: (row.skill.mu, row.skill.sigma) for row in table} != before
    assert Rating.objects.count() == 12


def ratings_jobs() -> int:
    return DBTaskResult.objects.filter(task_path__endswith="ratings_recompute").count()


@pytest.mark.django_db(transaction=True)
def test_a_night_of_hands_queues_one_replay_from_its_earliest_day(league: League) -> None:
    """The league's hands (three sessions, each hand its own write) mark the club for one
    replay from the first session's day; that one job rates every session."""
    assert ratings_jobs() == 1
    pending = RatingsPending.objects.get()
    assert pending.since == league.sessions[0].played_on
    call_command("worker", "--burst")
    assert not RatingsPending.objects.exists()
    kept = list(Rating.objects.order_by("id").values_list("player_id", "mu", "sigma"))
    ratings_replay(club_id=league.club.pk, family=league.family)  # all of them again
    assert list(Rating.objects.order_by("id").values_list("player_id", "mu", "sigma")) == kept
    assert len(kept) == 12


@pytest.mark.django_db(transaction=True)
def test_a_write_after_the_replay_started_queues_another(league: League) -> None:
    call_command("worker", "--burst")
    hand = Hand.objects.get(session=league.sessions[1], number=1)
    by = league.club.memberships.first().user  # type: ignore[union-attr]
    services.hand_delete(hand=hand, expected_version=hand.version, reason="r", by=by)
    later = Hand.objects.get(session=league.sessions[2], number=1)
    services.hand_delete(hand=later, expected_version=later.version, reason="r", by=by)
    assert ratings_jobs() == 2  # one more, for both deletions
    assert RatingsPending.objects.get().since == league.sessions[1].played_on
    call_command("worker", "--burst")
    assert not RatingsPending.objects.exists()


def rated() -> list[tuple[int, float, float]]:
    return list(Rating.objects.order_by("id").values_list("player_id", "mu", "sigma"))


def fully_replayed(league: League) -> list[tuple[int, float, float]]:
    """The ratings a replay of every session gives (then put back as they were)."""
    kept = list(Rating.objects.all())
    ratings_replay(club_id=league.club.pk, family=league.family)
    expected = rated()
    Rating.objects.all().delete()
    Rating.objects.bulk_create(kept)
    return expected


def delete_hand(league: League, session: int) -> None:
    hand = Hand.objects.filter(session=league.sessions[session]).order_by("number").last()
    assert hand is not None
    by = league.club.memberships.first().user  # type: ignore[union-attr]
    services.hand_delete(hand=hand, expected_version=hand.version, reason="r", by=by)


@pytest.mark.django_db(transaction=True)
def test_a_job_that_fails_while_replaying_leaves_its_mark_for_its_retry(
    league: League, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(**kwargs: object) -> int:
        ratings_replay(**kwargs)  # type: ignore[arg-type]
        raise RuntimeError("the worker's database went away")

    monkeypatch.setattr("games.stats.replay.ratings_replay", broken)
    call_command("worker", "--burst")
    failed = DBTaskResult.objects.get(status=TaskResultStatus.FAILED)
    assert not Rating.objects.exists()  # its writes rolled back with it
    assert RatingsPending.objects.get().since == league.sessions[0].played_on
    retry = DBTaskResult.objects.get(status=TaskResultStatus.READY)
    assert RatingsPending.objects.get().job == retry.pk != failed.pk
    monkeypatch.undo()

    delete_hand(league, 2)  # a later session's write joins the retry, from 1 June still
    assert ratings_jobs() == 2 and RatingsPending.objects.get().job == retry.pk
    DBTaskResult.objects.filter(pk=retry.pk).update(run_after=timezone.now())  # time passes
    call_command("worker", "--burst")

    assert not RatingsPending.objects.exists()
    assert len(rated()) == 12 and rated() == fully_replayed(league)


@pytest.mark.parametrize(
    ("status", "taken"),
    [
        (TaskResultStatus.FAILED, False),  # failed before it started: the mark is untouched
        (TaskResultStatus.RUNNING, False),  # its worker died as it started
        (TaskResultStatus.RUNNING, True),  # its worker died while it replayed
    ],
)
@pytest.mark.django_db(transaction=True)
def test_a_mark_whose_job_will_never_run_gets_a_new_job_on_the_next_write(
    league: League, status: TaskResultStatus, taken: bool
) -> None:
    job = DBTaskResult.objects.get()
    DBTaskResult.objects.filter(pk=job.pk).update(status=status)
    if taken:
        RatingsPending.objects.update(job=None)

    delete_hand(league, 2)

    assert ratings_jobs() == 2
    pending = RatingsPending.objects.get()
    assert pending.since == league.sessions[0].played_on
    assert pending.job != job.pk and pending.job is not None
    call_command("worker", "--burst")
    assert not RatingsPending.objects.exists()
    assert len(rated()) == 12 and rated() == fully_replayed(league)


@pytest.mark.django_db(transaction=True)
def test_a_waiting_job_takes_later_writes_and_its_id_stays_on_the_mark(league: League) -> None:
    job = DBTaskResult.objects.get()
    assert RatingsPending.objects.get().job == job.pk
    delete_hand(league, 1)
    assert ratings_jobs() == 1 and RatingsPending.objects.get().job == job.pk
