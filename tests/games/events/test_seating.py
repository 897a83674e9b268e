"""The seating engine of events: every method's promises, as properties over sizes."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.events.seating import (
    Method,
    RoundSeating,
    SeatingError,
    Table,
    apart_clashes,
    meeting_cost,
    meetings,
    repeat_pairs,
    seat_event,
    seat_round,
    wind_counts,
)

# Each example seats a whole event (up to about a second when the search runs its course): a
# few, the same each run, cover the shapes (byes or none, small and large) in seconds.
FEW = settings(
    max_examples=10,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def names(count: int) -> list[str]:
    return [f"player {number:03}" for number in range(count)]


def assert_everyone_once(rounds: list[RoundSeating[str]], players: list[str]) -> None:
    """Every player sits once a round or has a bye; the byes are as few as can be and nobody
    sits out twice before everyone has once."""
    byes: Counter[str] = Counter()
    for seating in rounds:
        seated = seating.players()
        assert sorted(seated + list(seating.byes)) == sorted(players)
        assert all(len(table.seats) == 4 for table in seating.tables)
        assert len(seating.byes) == len(players) % 4
        byes.update(seating.byes)
        assert max(byes.values(), default=0) - min(byes[p] for p in players) <= 1


def wind_spread(rounds: list[RoundSeating[str]]) -> int:
    return max(max(counts) - min(counts) for counts in wind_counts(rounds).values())


@FEW
@given(
    count=st.integers(min_value=8, max_value=200),
    rounds=st.integers(min_value=4, max_value=10),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_an_event_seats_everyone_once_a_round_better_than_random_with_even_winds(
    count: int, rounds: int, seed: int
) -> None:
    players = names(count)
    event = seat_event(players, rounds=rounds, seed=seed, byes=True)
    drawn = seat_event(players, rounds=rounds, seed=seed, byes=True, method=Method.RANDOM)
    assert_everyone_once(event, players)
    assert_everyone_once(drawn, players)
    assert meeting_cost(event) <= meeting_cost(drawn)
    assert wind_spread(event) <= 1
    assert wind_spread(drawn) <= 1


def test_two_hundred_players_over_ten_rounds_never_meet_twice() -> None:
    players = names(200)
    event = seat_event(players, rounds=10, seed="club night")
    assert_everyone_once(event, players)
    assert repeat_pairs(event) == 0
    assert wind_spread(event) <= 1


@pytest.mark.parametrize("rounds", [2, 3, 4, 5])
def test_sixteen_players_meet_nobody_twice_in_up_to_five_rounds(rounds: int) -> None:
    for seed in range(3):
        event = seat_event(names(16), rounds=rounds, seed=seed)
        assert repeat_pairs(event) == 0
        assert meetings(event).most_common(1)[0][1] == 1


@pytest.mark.parametrize(
    ("count", "rounds", "fewest"),
    [
        (8, 2, 4),  # each table of the second round takes two of each first-round table
        (12, 3, 9),  # each table of a later round holds a pair from each earlier round
        (20, 5, 0),
        (32, 7, 0),
    ],
)
def test_the_fewest_meetings_reach_the_known_optimum(count: int, rounds: int, fewest: int) -> None:
    assert meeting_cost(seat_event(names(count), rounds=rounds, seed=1)) == fewest


def by_rounds(
    players: list[str], rounds: range, method: Method, earlier: list[RoundSeating[str]]
) -> list[RoundSeating[str]]:
    """``earlier`` and the rounds after it, seated one at a time as the league seats them."""
    event = list(earlier)
    for _ in rounds:
        event.append(
            seat_round(
                players, method=method, seed=9, earlier=event, rounds_total=rounds.stop, byes=True
            )
        )
    return event


@pytest.mark.parametrize(
    ("method", "count", "rounds"),
    [
        (Method.FEWEST_MEETINGS, 16, 5),
        (Method.FEWEST_MEETINGS, 20, 5),
        (Method.RANDOM, 16, 5),
        (Method.RANDOM, 21, 6),
    ],
)
def test_an_event_seated_round_by_round_keeps_the_plans_promises(
    method: Method, count: int, rounds: int
) -> None:
    event = by_rounds(names(count), range(rounds), method, [])
    assert event == seat_event(names(count), rounds=rounds, seed=9, method=method, byes=True)
    assert_everyone_once(event, names(count))
    assert wind_spread(event) <= 1
    if method == Method.FEWEST_MEETINGS:
        assert repeat_pairs(event) == 0


def test_a_withdrawal_is_planned_on_from_where_it_happened() -> None:
    players = names(17)
    first = by_rounds(players, range(2), Method.FEWEST_MEETINGS, [])
    event = by_rounds(players[1:], range(2, 5), Method.FEWEST_MEETINGS, first)
    drawn = by_rounds(players[1:], range(2, 5), Method.RANDOM, first)
    assert_everyone_once(event[2:], players[1:])
    assert "player 000" not in {p for seating in event[2:] for p in seating.players()}
    assert meeting_cost(event) < meeting_cost(drawn)


@pytest.mark.parametrize("method", [Method.RANDOM, Method.FEWEST_MEETINGS, Method.SWISS])
def test_the_same_seed_gives_the_same_seating_whatever_the_order(method: Method) -> None:
    players = names(22)
    standing = {player: number % 5 for number, player in enumerate(players)}
    first = seat_round(players, method=method, seed=7, standing=standing, byes=True)
    again = seat_round(players[::-1], method=method, seed=7, standing=standing, byes=True)
    other = seat_round(players, method=method, seed=8, standing=standing, byes=True)
    assert first == again
    assert first != other


def test_the_same_seed_gives_the_same_event() -> None:
    # Nine players: byes, and repeats the search cannot avoid, so it runs its full course.
    first = seat_event(names(9), rounds=3, seed="x", byes=True)
    assert first == seat_event(names(9), rounds=3, seed="x", byes=True)
    assert first != seat_event(names(9), rounds=3, seed="y", byes=True)


def test_swiss_seats_neighbours_in_the_standing() -> None:
    players = names(12)
    standing = {player: -number for number, player in enumerate(players)}
    seating = seat_round(players, method=Method.SWISS, seed=1, standing=standing)
    assert [sorted(table.seats) for table in seating.tables] == [
        players[0:4],
        players[4:8],
        players[8:12],
    ]


def test_swiss_gives_the_bye_to_the_lowest_who_has_had_none() -> None:
    players = names(9)
    standing = {player: -number for number, player in enumerate(players)}
    first = seat_round(players, method=Method.SWISS, seed=1, standing=standing, byes=True)
    second = seat_round(
        players, method=Method.SWISS, seed=1, standing=standing, byes=True, earlier=[first]
    )
    assert first.byes == ("player 008",)
    assert second.byes == ("player 007",)


def test_swiss_names_a_player_without_standing() -> None:
    players = names(8)
    with pytest.raises(SeatingError, match="player 005 has no standing"):
        seat_round(
            players,
            method=Method.SWISS,
            seed=1,
            standing={p: 1 for p in players if p != "player 005"},
        )


def test_a_count_that_does_not_fill_tables_is_refused_without_byes() -> None:
    with pytest.raises(SeatingError, match="13 players do not fill tables of 4") as error:
        seat_round(names(13), method=Method.RANDOM, seed=1)
    assert error.value.template.startswith("{count} players")
    assert error.value.values == {"count": 13, "size": 4}


def test_a_player_listed_twice_is_named() -> None:
    with pytest.raises(SeatingError, match="player 002 is listed twice"):
        seat_round([*names(8), "player 002"], method=Method.RANDOM, seed=1, byes=True)


def test_messages_name_players_through_the_callers_names() -> None:
    with pytest.raises(SeatingError, match="Ann is listed twice"):
        seat_round([1, 2, 3, 4, 1], method=Method.RANDOM, seed=1, name={1: "Ann"}.get)


def test_prescripted_tables_are_kept_as_given() -> None:
    players = names(9)
    tables = [players[8:4:-1], players[:4]]
    seating = seat_round(players, method=Method.PRESCRIPTED, seed=1, prescribed=tables, byes=True)
    assert seating == RoundSeating(
        tables=(Table(tuple(players[8:4:-1])), Table(tuple(players[:4]))), byes=("player 004",)
    )


@pytest.mark.parametrize(
    ("tables", "message"),
    [
        ([["player 000", "player 001", "player 002", "stranger"]], "stranger is not a player"),
        ([["player 000", "player 001", "player 002", "player 000"]], "player 000 is seated twice"),
        ([["player 000", "player 001", "player 002"]], "table of player 000 has 3 seats, not 4"),
        ([["player 000", "player 001", "player 002", "player 003"]], "player 004 has no seat"),
        ([[]], "a table of the seating has nobody at it"),
    ],
)
def test_prescripted_tables_are_checked(tables: list[list[str]], message: str) -> None:
    with pytest.raises(SeatingError, match=message):
        seat_round(names(8), method=Method.PRESCRIPTED, seed=1, prescribed=tables)


def test_teammates_sit_apart_when_they_can() -> None:
    players = names(16)
    teams = [players[start : start + 4] for start in range(0, 16, 4)]
    for method in (Method.RANDOM, Method.FEWEST_MEETINGS):
        event = seat_event(players, rounds=5, seed=2, method=method, apart=teams)
        assert apart_clashes(event, teams) == 0
    assert apart_clashes(seat_event(players, rounds=5, seed=2, method=Method.RANDOM), teams) > 0


def test_swiss_keeps_teammates_apart_by_trading_with_the_next_table() -> None:
    players = names(12)
    standing = {player: -number for number, player in enumerate(players)}
    teams = [players[0:2], players[4:6], players[8:10]]
    alone = seat_round(players, method=Method.SWISS, seed=1, standing=standing)
    seating = seat_round(players, method=Method.SWISS, seed=1, standing=standing, apart=teams)
    assert apart_clashes([alone], teams) == 3
    assert apart_clashes([seating], teams) == 0
    # Each player is at their own table or the next one up or down.
    for place, table in enumerate(seating.tables):
        assert all(abs(players.index(player) // 4 - place) <= 1 for player in table.seats)


@pytest.mark.parametrize("seed", range(10))
def test_swiss_keeps_teammates_of_one_standing_apart_at_any_distance(seed: int) -> None:
    """In a first round every standing is the same: teammates trade places across the room."""
    players = names(16)
    teams = [players[start : start + 4] for start in range(0, 16, 4)]
    standing = dict.fromkeys(players, 0)
    seating = seat_round(players, method=Method.SWISS, seed=seed, standing=standing, apart=teams)
    assert apart_clashes([seating], teams) == 0
    again = seat_round(players, method=Method.SWISS, seed=seed, standing=standing, apart=teams)
    assert again == seating


@pytest.mark.parametrize("rounds", [0, 41])
def test_an_event_has_one_to_forty_rounds(rounds: int) -> None:
    with pytest.raises(SeatingError, match=f"an event has 1 to 40 rounds, not {rounds}"):
        seat_event(names(8), rounds=rounds, seed=1)


def test_the_total_of_rounds_counts_those_seated() -> None:
    earlier = seat_event(names(8), rounds=3, seed=1)
    with pytest.raises(SeatingError, match="an event has 4 to 40 rounds, not 3"):
        seat_round(names(8), method=Method.RANDOM, seed=1, earlier=earlier, rounds_total=3)


def test_more_players_than_can_be_seated_are_refused() -> None:
    with pytest.raises(SeatingError, match="504 players are more than 500 can be seated"):
        seat_event(names(504), rounds=2, seed=1)


def test_teams_too_large_to_sit_apart_clash_as_little_as_they_can() -> None:
    players = names(8)
    teams = [players[:6], players[6:]]
    seating = seat_round(players, method=Method.RANDOM, seed=3, apart=teams)
    # Six teammates over two tables: three and three, three clashing pairs at each.
    assert apart_clashes([seating], teams) == 6


def test_three_seat_tables_balance_three_winds() -> None:
    players = names(15)
    event = seat_event(players, rounds=6, seed=4, table_size=3)
    assert all(len(table.seats) == 3 for seating in event for table in seating.tables)
    assert all(counts == [2, 2, 2] for counts in wind_counts(event).values())


def test_prescripted_and_swiss_are_not_planned_ahead() -> None:
    with pytest.raises(SeatingError, match="Swiss and prescripted seatings are made one round"):
        seat_event(names(8), rounds=3, seed=1, method=Method.SWISS)
