"""Events through their services: registering, seating, publishing, dropping and substituting
players, byes, and the clock."""

from __future__ import annotations

import datetime as dt
from itertools import combinations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from games import services as core
from games.events import selectors, services
from games.events.clock import ClockState
from games.events.models import Event, Round
from games.models import Club, Player, Season, Session
from tests.games.events.factories import EMA, event_with_players, family_season

T0 = dt.datetime(2026, 11, 28, 19, 0, tzinfo=dt.UTC)


@pytest.fixture
def riichi(club: Club, alice: User) -> Season:
    return family_season(club, alice, "riichi", EMA)


@pytest.fixture
def event_16(club: Club, riichi: Season) -> tuple[Event, list[Player]]:
    return event_with_players(club, riichi, rounds=4)


def publish(
    event: Event, alice: User, method: str = "fewest_meetings", *, byes: bool = False
) -> Round:
    return services.round_publish(event=event, method=method, seed="s1", byes=byes, by=alice)


def test_a_preview_is_the_same_every_time_and_publishing_it_opens_those_tables(
    event_16: tuple[Event, list[Player]], alice: User
) -> None:
    event, _ = event_16
    first = services.round_seat(event=event, method="fewest_meetings", seed="s1", byes=False)
    again = services.round_seat(event=event, method="fewest_meetings", seed="s1", byes=False)
    assert first.tables == again.tables and len(first.tables) == 4
    round_ = publish(event, alice)
    tables = selectors.round_tables(round=round_)
    assert [[seat.name for seat in table.seats] for table in tables] == first.tables
    event.refresh_from_db()
    assert (event.state, event.current_round) == (Event.State.SEATED, 1)


def test_each_table_is_a_session_on_the_events_rules_with_seats_in_wind_order(
    event_16: tuple[Event, list[Player]], alice: User
) -> None:
    event, _ = event_16
    round_ = publish(event, alice)
    for table in selectors.round_tables(round=round_):
        session = Session.objects.get(pk=table.session.pk)
        assert session.rule_set_version.rule_set_id == event.rule_set_id
        seated = list(session.seats.order_by("position").values_list("player__name", flat=True))
        assert seated == [seat.name for seat in table.seats]
        assert [seat.wind for seat in table.seats] == ["east", "south", "west", "north"]


def test_four_rounds_of_sixteen_by_fewest_meetings_never_seat_a_pair_twice(
    event_16: tuple[Event, list[Player]], alice: User
) -> None:
    event, _ = event_16
    met: set[frozenset[int]] = set()
    for _number in range(4):
        round_ = publish(event, alice)
        for table in selectors.round_tables(round=round_):
            for pair in combinations([seat.player_id for seat in table.seats], 2):
                assert frozenset(pair) not in met
                met.add(frozenset(pair))
        services.round_finish(round=round_, now=T0)
        event.refresh_from_db()
    assert event.state == Event.State.FINISHED


def test_the_next_round_waits_for_the_current_one_to_finish(
    event_16: tuple[Event, list[Player]], alice: User
) -> None:
    event, _ = event_16
    publish(event, alice)
    event.refresh_from_db()
    with pytest.raises(ValidationError, match="Finish the current round"):
        services.round_seat(event=event, method="random", seed="x", byes=False)


def test_players_who_do_not_fill_tables_are_refused_by_name_unless_byes_are_chosen(
    club: Club, riichi: Season, alice: User
) -> None:
    event, _ = event_with_players(club, riichi, count=14)
    with pytest.raises(ValidationError, match="14 players do not fill tables of 4"):
        services.round_seat(event=event, method="random", seed="x", byes=False)
    round_ = publish(event, alice, method="random", byes=True)
    assert len(selectors.round_byes(round=round_)) == 2
    assert len(selectors.round_tables(round=round_)) == 3


def test_a_dropped_player_is_not_seated_from_that_round_on(
    club: Club, riichi: Season, alice: User
) -> None:
    event, players = event_with_players(club, riichi, count=5)
    services.event_player_drop(event=event, player=players[0], from_round=1)
    round_ = publish(event, alice, method="random")
    seated = {seat.name for table in selectors.round_tables(round=round_) for seat in table.seats}
    assert seated == {player.name for player in players[1:]}


def test_a_substitute_takes_the_place_of_the_absent_player_from_the_next_round(
    event_16: tuple[Event, list[Player]], club: Club, alice: User
) -> None:
    event, players = event_16
    services.round_finish(round=publish(event, alice), now=T0)
    event.refresh_from_db()
    guest = core.player_create(club=club, name="Guest")
    services.event_player_substitute(event=event, absent=players[0], substitute=guest, from_round=2)
    round_ = publish(event, alice, method="swiss")
    seated = {seat.name for table in selectors.round_tables(round=round_) for seat in table.seats}
    assert "Guest" in seated and players[0].name not in seated


def test_a_change_to_a_published_round_is_refused_naming_the_player(
    event_16: tuple[Event, list[Player]], alice: User
) -> None:
    event, players = event_16
    publish(event, alice)
    event.refresh_from_db()
    with pytest.raises(ValidationError, match="Player A can change from round 2 to 4 only"):
        services.event_player_drop(event=event, player=players[0], from_round=1)


def test_a_player_of_another_club_cannot_be_registered(
    event_16: tuple[Event, list[Player]], private_club: Club
) -> None:
    event, _ = event_16
    stranger = core.player_create(club=private_club, name="Stranger")
    with pytest.raises(ValidationError, match="Stranger is not a player of this club"):
        services.event_players_add(event=event, players=[stranger])


def test_an_event_must_warn_before_its_round_ends(club: Club, riichi: Season) -> None:
    with pytest.raises(ValidationError) as refused:
        services.event_create(
            club=club,
            season=riichi,
            rule_set=riichi.rule_set,
            settings=services.EventSettings(name="X", round_minutes=10, warning_minutes=10),
        )
    assert "warning_minutes" in refused.value.message_dict


def test_the_clock_starts_pauses_resumes_and_extends_in_server_time(
    event_16: tuple[Event, list[Player]], alice: User
) -> None:
    event, _ = event_16
    round_ = publish(event, alice)
    services.round_clock_start(round=round_, now=T0)
    services.round_clock_pause(round=round_, now=T0 + dt.timedelta(minutes=30))
    services.round_clock_start(round=round_, now=T0 + dt.timedelta(minutes=40))
    services.round_clock_extend(round=round_, minutes=5)
    round_.refresh_from_db()
    clock = selectors.round_clock(round=round_)
    # 30 minutes run, then 20 more since resuming: 95 − 50 = 45 minutes left.
    assert clock.remaining(T0 + dt.timedelta(minutes=60)) == 45 * 60
    assert clock.state(T0 + dt.timedelta(minutes=60)) == ClockState.RUNNING
    event.refresh_from_db()
    assert event.state == Event.State.PLAYING


def test_a_finished_round_cannot_be_extended(
    event_16: tuple[Event, list[Player]], alice: User
) -> None:
    event, _ = event_16
    round_ = publish(event, alice)
    services.round_clock_start(round=round_, now=T0)
    services.round_finish(round=round_, now=T0 + dt.timedelta(minutes=90))
    with pytest.raises(ValidationError, match="This round has finished"):
        services.round_clock_extend(round=round_, minutes=5)
    round_.refresh_from_db()
    assert round_.extra_minutes == 0


def test_a_second_start_does_not_restart_a_running_clock(
    event_16: tuple[Event, list[Player]], alice: User
) -> None:
    event, _ = event_16
    round_ = publish(event, alice)
    services.round_clock_start(round=round_, now=T0)
    services.round_clock_start(round=round_, now=T0 + dt.timedelta(minutes=10))
    round_.refresh_from_db()
    assert round_.started_at == T0


def test_finishing_a_round_closes_its_tables(
    event_16: tuple[Event, list[Player]], alice: User
) -> None:
    event, _ = event_16
    round_ = publish(event, alice)
    services.round_finish(round=round_, now=T0)
    assert all(not table.session.is_open for table in selectors.round_tables(round=round_))
    event.refresh_from_db()
    assert event.state == Event.State.ROUND_FINISHED


def test_a_table_of_a_published_round_cannot_be_deleted_as_a_mistake(
    event_16: tuple[Event, list[Player]], alice: User
) -> None:
    event, _ = event_16
    table = selectors.round_tables(round=publish(event, alice))[0]
    with pytest.raises(ValidationError, match="a table of an event's round"):
        core.session_delete(session=table.session)
    assert Session.objects.filter(pk=table.session.pk).exists()


def test_the_organisers_typed_tables_are_seated_as_given(
    club: Club, riichi: Season, alice: User
) -> None:
    event, players = event_with_players(club, riichi, count=8)
    names = [player.name for player in players]
    tables = [names[4:], names[:4][::-1]]
    round_ = services.round_publish(
        event=event, method="prescripted", seed="-", byes=False, by=alice, prescribed=tables
    )
    published = selectors.round_tables(round=round_)
    assert [[seat.name for seat in table.seats] for table in published] == tables


def test_a_typed_name_that_does_not_play_is_refused_by_name(club: Club, riichi: Season) -> None:
    event, players = event_with_players(club, riichi, count=4)
    tables = [[players[0].name, players[1].name, players[2].name, "Nobody Known"]]
    with pytest.raises(ValidationError, match="Nobody Known does not play this round"):
        services.round_seat(
            event=event, method="prescripted", seed="-", byes=False, prescribed=tables
        )
