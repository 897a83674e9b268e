"""Kept session totals: every write keeps them equal to a recomputation from the scores,
the standings read them, and ``standings_totals`` checks and rebuilds them."""

from __future__ import annotations

import datetime as dt
import uuid
from collections import defaultdict
from dataclasses import fields
from decimal import Decimal
from fractions import Fraction
from io import StringIO
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.models import F
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import selectors, services
from games.importing import bulk_hands, score_import
from games.importing.bulk_hands import ScoredGame
from games.models import Club, Hand, Player, Score, Season, Session, SessionSeatTotal
from games.totals import COLUMNS, PLACE, summed, totals_differences
from scoring.families import SeatResult, SessionSeat, get_family
from scoring.score_files import SCORE_FORMATS
from tests.conftest import HK_HALF
from tests.workers import run_worker
from tools.scorefile_gen import big_two_scores, hk_scores

# Seconds it takes on one core: the slowest modules start first, so workers end together.
pytestmark = pytest.mark.slow(seconds=12)

CLASSICAL = {"rules": "millington", "stake": 100, "draw_advance_wind": True}
# Per family: its parameters, its seats, and a few hands of every kind it scores.
FAMILIES: dict[str, tuple[dict[str, Any], int, list[dict[str, Any]]]] = {
    "hk": (
        HK_HALF,
        4,
        [
            {"outcome": "self_drawn", "winner": 0, "faan": 3},
            {"outcome": "discard", "winner": 1, "faan": 4, "blamed": 2},
            {"outcome": "draw"},
            {"outcome": "false_win", "blamed": 3},
            {"outcome": "self_draw_guarantee", "winner": 2, "faan": 5, "blamed": 1},
        ],
    ),
    "big_two": (
        {"fry_threshold": 10},
        4,
        [{"losses": [0, 11, 12, 13]}, {"losses": [1, 1, 1, 0]}, {"losses": [5, 0, 10, 2]}],
    ),
    "mcr": (
        {},
        4,
        [
            {"outcome": "draw"},
            {"outcome": "self_drawn", "winner": 0, "fan": 8},
            {"outcome": "discard", "winner": 1, "discarder": 2, "fan": 12},
        ],
    ),
    "riichi": (
        {"preset": "club"},
        4,
        [
            {
                "outcome": "ron",
                "wins": [{"winner": 1, "han": 2, "fu": 30}],
                "discarder": 0,
                "riichi": [1, 2],
            },
            {"outcome": "draw", "tenpai": [3], "riichi": [3]},
            {"outcome": "tsumo", "wins": [{"winner": 2, "limit": "mangan"}]},
            {"outcome": "chombo", "offender": 0},
        ],
    ),
    "classical": (
        CLASSICAL,
        2,
        [
            {"mahjong": 0, "players": [{"sets": ["PCT"]}, {}]},
            {"mahjong": 1, "players": [{}, {"sets": ["PCT"]}]},
            {"mahjong": None, "players": [{}, {}]},
        ],
    ),
}


def seasons_of(club: Club, alice: User) -> dict[str, Season]:
    seasons = {}
    for key, (params, _, _) in FAMILIES.items():
        rules = services.rule_set_create(club=club, name=key, family=key, params=params, by=alice)
        seasons[key] = services.season_save(club=club, name=key, rule_set=rules)
    return seasons


def kept_equals_recomputed(*sessions: Session) -> None:
    differences = totals_differences(session_ids=[session.pk for session in sessions])
    assert [str(difference) for difference in differences] == []


# --- every write keeps the totals -----------------------------------------------------------

# (what, which hand counting from the first live one, which input)
Operation = tuple[str, int, int]
OPERATIONS = st.lists(
    st.tuples(st.sampled_from(["record", "amend", "delete"]), st.integers(0, 9), st.integers(0, 9)),
    min_size=1,
    max_size=14,
)


def apply(session: Session, operation: Operation, by: User) -> None:
    """Carry out one operation; one the rules refuse (the game is over, a later hand no
    longer scores) must leave everything as it was, which the caller checks."""
    what, which, choice = operation
    inputs = FAMILIES[session.season.rule_set.family][2]
    hand_input = inputs[choice % len(inputs)]
    live = list(session.hands.filter(deleted_at=None).order_by("number"))
    try:
        if what == "record" or not live:
            services.hand_record(session=session, hand_input=hand_input, by=by)
            return
        hand = live[which % len(live)]
        if what == "amend":
            services.hand_amend(
                hand=hand, hand_input=hand_input, expected_version=hand.version, reason="r", by=by
            )
        else:
            services.hand_delete(hand=hand, expected_version=hand.version, reason="r", by=by)
    except ValidationError:
        pass


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_any_record_amend_delete_sequence_keeps_the_totals_equal_to_the_scores(
    club: Club, players: list[Player], alice: User, family: str
) -> None:
    season = seasons_of(club, alice)[family]
    seats = players[: FAMILIES[family][1]]

    @settings(
        max_examples=25,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(operations=OPERATIONS)
    def run(operations: list[Operation]) -> None:
        session = services.session_start(
            season=season, played_on=dt.date(2026, 5, 1), players=seats, by=alice
        )
        for operation in operations:
            apply(session, operation, alice)
            kept_equals_recomputed(session)
        assert standings_figures(season) == figures_from_scores(season)

    run()


FIGURES = tuple(
    field.name
    for field in fields(selectors.StandingRow)
    if field.name not in ("player_id", "name", "is_regular", "penalties")
)


def standings_figures(season: Season) -> dict[str, tuple[Any, ...]]:
    rows = selectors.season_standings(season=season)
    return {row.name: tuple(getattr(row, name) for name in FIGURES) for row in rows}


def figures_from_scores(season: Season) -> dict[str, tuple[Any, ...]]:
    """The standings' figures added up in Python from every score, for comparison."""
    scores = list(Score.objects.filter(season=season).select_related("player"))
    by_player: dict[str, list[Score]] = defaultdict(list)
    for score in scores:
        by_player[score.player.name].append(score)
    table_points = table_points_from_scores(season, scores)
    placements = placements_from_scores(season, scores)
    return {
        name: (
            *player_figures(rows),
            table_points[name],
            sum(score.declared for score in rows),
            *placements.get(name, (Fraction(0), Fraction(0), 0)),
        )
        for name, rows in by_player.items()
    }


def player_figures(scores: list[Score]) -> tuple[Any, ...]:
    wins = [score for score in scores if score.won]
    runs = [score.east_run for score in scores if score.east_run is not None]
    values = [score.hand_value for score in wins if score.hand_value is not None]
    return (
        len(scores),
        len(wins),
        sum(score.blamed for score in scores),
        sum(score.self_drawn for score in scores),
        sum(score.false_win for score in scores),
        sum(score.fried for score in scores),
        sum(score.real_loss or 0 for score in scores),
        sum((score.points for score in scores), Decimal(0)),
        len({score.session_id for score in scores}),
        len(runs),
        max(runs, default=None),
        sum(score.blamed and not score.false_win for score in scores),
        sum(values) if values else None,
    )


def table_points_from_scores(season: Season, scores: list[Score]) -> dict[str, Fraction]:
    family = get_family(season.rule_set.family)
    nets: dict[int, dict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    for score in scores:
        nets[score.session_id][score.player.name] += Fraction(score.points)
    points: dict[str, Fraction] = defaultdict(Fraction)
    for game in nets.values():
        if not family.table_points or len(game) != 4:
            continue
        for name, share in zip(game, family.session_table_points(list(game.values())), strict=True):
            points[name] += share
    return points


def placements_from_scores(
    season: Season, scores: list[Score]
) -> dict[str, tuple[Fraction, Fraction, int]]:
    """Placement points, places and games placed, from each session's scores by seat."""
    family = get_family(season.rule_set.family)
    if not family.placements:
        return {}
    games: dict[int, dict[int, list[Score]]] = defaultdict(lambda: defaultdict(list))
    for score in scores:
        games[score.session_id][score.seat].append(score)
    found: dict[str, tuple[Fraction, Fraction, int]] = {}
    for session_id, by_seat in games.items():
        seats = [
            SessionSeat(
                sum((s.points for s in by_seat[seat]), Decimal(0)),
                sum(s.false_win for s in by_seat[seat]),
            )
            for seat in sorted(by_seat)
        ]
        params = Session.objects.get(pk=session_id).rule_set_version.params
        placings = family.session_placings(seats, params) or ()
        for seat, placing in zip(sorted(by_seat), placings, strict=False):
            name = by_seat[seat][0].player.name
            points, places, placed = found.get(name, (Fraction(0), Fraction(0), 0))
            found[name] = (points + placing.points, places + placing.place, placed + 1)
    return found


def test_a_sequential_amendment_of_the_first_hand_rewrites_the_totals_of_later_hands(
    club: Club, players: list[Player], alice: User
) -> None:
    season = seasons_of(club, alice)["classical"]
    session = services.session_start(
        season=season, played_on=dt.date(2026, 5, 1), players=players[:2], by=alice
    )
    east_wins, other_wins, _ = FAMILIES["classical"][2]
    first, _ = services.hand_record(session=session, hand_input=east_wins, by=alice)
    services.hand_record(session=session, hand_input=other_wins, by=alice)
    before = list(SessionSeatTotal.objects.values_list("net", "east_hands"))
    services.hand_amend(
        hand=first, hand_input=other_wins, expected_version=1, reason="B won", by=alice
    )
    # B is East for the second hand now, so both the nets and the East hands change.
    assert list(SessionSeatTotal.objects.values_list("net", "east_hands")) != before
    kept_equals_recomputed(session)


def test_a_refused_change_leaves_the_totals_as_they_were(
    club: Club, players: list[Player], alice: User
) -> None:
    season = seasons_of(club, alice)["hk"]
    session = services.session_start(
        season=season, played_on=dt.date(2026, 5, 1), players=players, by=alice
    )
    hand, _ = services.hand_record(session=session, hand_input={"outcome": "draw"}, by=alice)
    before = list(SessionSeatTotal.objects.values())
    with pytest.raises(ValidationError):
        services.hand_amend(
            hand=hand, hand_input={"outcome": "nonsense"}, expected_version=1, reason="r", by=alice
        )
    assert list(SessionSeatTotal.objects.values()) == before


def test_deleting_every_hand_leaves_no_totals(session: Session, alice: User) -> None:
    hand, _ = services.hand_record(session=session, hand_input={"outcome": "draw"}, by=alice)
    assert SessionSeatTotal.objects.filter(session=session).count() == 4
    services.hand_delete(hand=hand, expected_version=1, reason="r", by=alice)
    assert not SessionSeatTotal.objects.filter(session=session).exists()
    assert selectors.season_standings(season=session.season) == []


# --- totals summed in memory -----------------------------------------------------------------

SMALL = st.none() | st.integers(0, 40)
# Halves, as the families pay them: SQLite sums decimals as floating-point numbers, in
# which a half is exact and a tenth is not.
HALVES = st.integers(-(10**7), 10**7).map(lambda n: Decimal(n) / 2)
RESULTS = st.builds(
    SeatResult,
    points=HALVES,
    won=st.booleans(),
    blamed=st.booleans(),
    self_drawn=st.booleans(),
    false_win=st.booleans(),
    fried=st.booleans(),
    hand_value=SMALL,
    real_loss=SMALL,
    east_run=SMALL,
    declared=st.booleans(),
)


def test_totals_summed_in_memory_name_every_figure_the_database_sums() -> None:
    place = {name: 0 for name in PLACE}
    assert set(summed(place, [])) == set(COLUMNS)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(games=st.lists(st.tuples(st.lists(RESULTS, min_size=4, max_size=4), st.integers(1, 3))))
def test_totals_summed_from_an_import_in_memory_equal_the_recomputation(
    session: Session, games: list[tuple[list[SeatResult], int]]
) -> None:
    """What a large import sums for its new sessions is what the database sums: every
    figure, for any results, identical games counted once with their number."""
    fresh = services.session_start(
        season=session.season,
        played_on=dt.date(2026, 5, 2),
        players=[seat.player for seat in session.seats.order_by("position")],
        by=None,
    )
    scored = [ScoredGame({"outcome": "draw"}, results) for results, _ in games]
    hands = [
        (fresh, number, uuid.uuid4(), game)
        for number, game in enumerate(
            (game for game, (_, n) in zip(scored, games, strict=True) for _ in range(n)), 1
        )
    ]
    seats = {fresh.pk: {seat.position: seat.player_id for seat in fresh.seats.all()}}
    bulk_hands.write_hands(hands, seats, None, fresh=[fresh.pk])
    kept_equals_recomputed(fresh)


# --- imports ---------------------------------------------------------------------------------

APPENDED = """\
B=2
M=6
R=half
2024-01-05
A B C D
- 2 d -
1 - - -
"""


def test_an_import_and_an_import_that_adds_to_its_sessions_keep_the_totals(
    season: Season, players: list[Player]
) -> None:
    hk = SCORE_FORMATS["hk"]
    score_import.import_scores(season=season, text=APPENDED, score_format=hk, by=None)
    score_import.import_scores(season=season, text=APPENDED + "- - 3 d\n", score_format=hk, by=None)
    (session,) = Session.objects.filter(season=season)
    assert Hand.objects.filter(session=session).count() == 3
    assert sum(SessionSeatTotal.objects.values_list("hands", flat=True)) == 3 * 4
    kept_equals_recomputed(session)


# --- the command ---------------------------------------------------------------------------


def run_check(*options: str) -> str:
    out = StringIO()
    call_command("standings_totals", *options, stdout=out)
    return out.getvalue()


def test_the_demo_club_and_a_generated_season_keep_their_totals(
    club: Club, alice: User, db: Any
) -> None:
    call_command("seed_demo", stdout=StringIO())
    seasons = seasons_of(club, alice)
    for key, scores in (("hk", hk_scores), ("big_two", big_two_scores)):
        score_import.import_scores(
            season=seasons[key],
            text=scores(300),
            score_format=SCORE_FORMATS[key],
            by=None,
            create_players=True,
        )
    assert Session.objects.filter(club=club).count() > 2
    sessions = Session.objects.count()
    assert run_check() == f"{sessions} sessions checked: their kept totals match their scores.\n"


def test_the_command_lists_each_difference_then_rebuilds_them(
    club: Club, alice: User, db: Any
) -> None:
    call_command("seed_demo", stdout=StringIO())
    wrong, gone = SessionSeatTotal.objects.order_by("session_id", "seat")[:2]
    SessionSeatTotal.objects.filter(pk=wrong.pk).update(hands=F("hands") + 1)
    gone.delete()
    out = StringIO()
    with pytest.raises(CommandError, match="2 session seats' kept totals differ") as failed:
        call_command("standings_totals", stdout=out)
    assert failed.value.returncode == 1
    assert out.getvalue().splitlines() == [
        f"session {wrong.session_id}, seat {wrong.seat + 1}: "
        f"hands kept {wrong.hands + 1}, recomputed {wrong.hands}",
        f"session {gone.session_id}, seat {gone.seat + 1}: no kept totals, but it has scores",
    ]
    assert "2 session seats' totals rewritten" in run_check("--rebuild")
    assert "match their scores" in run_check()
    restored = SessionSeatTotal.objects.get(session_id=gone.session_id, seat=gone.seat)
    assert (restored.net, restored.hands) == (gone.net, gone.hands)


def test_the_command_finds_a_score_whose_copies_are_not_its_hands_then_rewrites_them(
    club: Club, db: Any
) -> None:
    """A score's session, season, date and player are copies without foreign keys of their
    own: the check compares each with its source, as it compares the kept totals."""
    call_command("seed_demo", stdout=StringIO())
    score = Score.objects.select_related("hand__session").order_by("id").first()
    assert score is not None
    session = score.hand.session
    other = Player.objects.filter(club=session.club).exclude(pk=score.player_id).first()
    assert other is not None
    Score.objects.filter(pk=score.pk).update(player=other, played_on=dt.date(1999, 1, 1))
    out = StringIO()
    with pytest.raises(CommandError, match="2 copied columns of scores differ from their hands'"):
        call_command("standings_totals", stdout=out)
    lines = out.getvalue().splitlines()
    where = f"hand {score.hand_id}, seat {score.seat + 1}: its score's"
    assert lines[:2] == [
        f"{where} played_on is 1999-01-01, its hand's is {session.played_on}",
        f"{where} player_id is {other.pk}, its hand's is {score.player_id}",
    ]
    assert "2 copied columns of scores rewritten from their hands" in run_check("--rebuild")
    assert "match their scores" in run_check()
    score.refresh_from_db()
    assert (score.player_id, score.played_on) == (
        session.seats.get(position=score.seat).player_id,
        session.played_on,
    )


def test_a_rebuild_can_be_queued_for_a_worker(club: Club, db: Any) -> None:
    call_command("seed_demo", stdout=StringIO())
    demo = Club.objects.exclude(pk=club.pk).get()
    SessionSeatTotal.objects.filter(session__club=demo).update(hands=0)
    queued = run_check("--rebuild", "--background", "--club", demo.slug)
    assert "Queued the rebuild as job" in queued
    assert SessionSeatTotal.objects.filter(session__club=demo, hands=0).exists()  # not yet
    with pytest.raises(CommandError, match="give --rebuild too"):
        run_check("--background")

    run_worker()

    assert "match their scores" in run_check()


def test_the_command_checks_one_club_and_names_an_unknown_one(club: Club, db: Any) -> None:
    call_command("seed_demo", stdout=StringIO())
    SessionSeatTotal.objects.update(hands=0)
    assert run_check("--club", "dragons") == (
        "0 sessions checked: their kept totals match their scores.\n"
    )
    with pytest.raises(CommandError, match="--club: no club has the address 'nowhere'"):
        run_check("--club", "nowhere")


def scores_of(player: Player, **where: Any) -> dict[str, Any]:
    """A player's figures added up in Python from their scores."""
    scores = list(Score.objects.filter(player=player, **where))
    return {
        "games": len(scores),
        "wins": sum(score.won for score in scores),
        "blames": sum(score.blamed for score in scores),
        "net": sum((score.points for score in scores), Decimal(0)) if scores else None,
    }


def test_the_player_page_reads_its_sessions_and_totals_from_the_kept_totals(
    as_charlie: Client, session: Session, players: list[Player], alice: User
) -> None:
    second = services.session_start(
        season=session.season, played_on=dt.date(2026, 3, 8), players=players[::-1], by=alice
    )
    for table in (session, second, session):
        services.hand_record(session=table, hand_input=FAMILIES["hk"][2][1], by=alice)
    hand, _ = services.hand_record(session=second, hand_input={"outcome": "draw"}, by=alice)
    services.hand_delete(hand=hand, expected_version=1, reason="r", by=alice)
    for player in players:
        assert selectors.player_totals(player=player) == scores_of(player)
        rows = list(selectors.player_sessions(player=player))
        assert [row.session_id for row in rows] == [second.pk, session.pk]
        for row, table in zip(rows, (second, session), strict=True):
            expected = scores_of(player, session=table)
            assert (row.hands, row.wins, row.net) == (
                expected["games"],
                expected["wins"],
                expected["net"],
            )
    totals = scores_of(players[1])
    page = as_charlie.get(f"/c/dragons/players/{players[1].pk}/").content.decode()
    assert f"3 hands · {totals['wins']} won · {totals['blames']} blamed" in page
    assert selectors.player_totals(
        player=services.player_create(club=session.club, name="New")
    ) == ({"games": 0, "wins": 0, "blames": 0, "net": None})
