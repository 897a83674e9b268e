"""A prescripted schedule uploaded as a file: read line by line with every problem named,
kept on the event, and the prescripted method seating each round from it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games.events import selectors, services
from games.events.models import Event
from games.events.schedule import schedule_read
from games.models import Club, Player, Season
from tests.games.events.factories import EMA, NAMES, event_with_players, family_season

EIGHT = NAMES[:8]


def lines(*rows: str) -> str:
    return "\n".join(rows) + "\n"


GOOD = lines(
    "round,table,east,south,west,north",
    "1,1," + ",".join(EIGHT[0:4]),
    "1,2," + ",".join(EIGHT[4:8]),
    "2,1," + ",".join([EIGHT[0], EIGHT[4], EIGHT[1], EIGHT[5]]),
    "2,2," + ",".join([EIGHT[2], EIGHT[6], EIGHT[3], EIGHT[7]]),
)


@pytest.fixture
def event_8(club: Club, alice: User) -> tuple[Event, list[Player]]:
    season: Season = family_season(club, alice, "riichi", EMA)
    return event_with_players(club, season, count=8, rounds=2)


def test_a_good_file_reads_into_tables_by_round_in_wind_order() -> None:
    tables, problems = schedule_read(GOOD, rounds=2, players=[name.upper() for name in EIGHT])
    assert problems == []
    # Names are matched whatever their case, and kept as registered.
    assert tables[2][1] == [name.upper() for name in (EIGHT[0], EIGHT[4], EIGHT[1], EIGHT[5])]
    assert sorted(tables) == [1, 2] and sorted(tables[1]) == [1, 2]


def test_every_problem_is_named_by_line_and_player() -> None:
    text = lines(
        "1,1,Player A,Player B,Player C,Stranger",
        "1,2,Player E,Player A,Player G,Player H",
        "1,2,Player D,Player F,Player G,Player H",
        "3,1,Player A,Player B,Player C,Player D",
        "2,x,Player A,Player B,Player C,Player D",
        "2,1,Player A,Player B",
    )
    _, problems = schedule_read(text, rounds=2, players=EIGHT)
    assert problems == [
        "Line 1: Stranger is not registered for this event.",
        "Line 2: Player A already sits in round 1 (line 1).",
        "Line 3: table 2 of round 1 is not a new table number.",
        "Line 4: the round must be 1 to 2.",
        "Line 5: table x of round 2 is not a new table number.",
        "Line 6: give the round, the table and four names.",
    ]


def test_an_empty_file_says_so() -> None:
    assert schedule_read("\n\n", rounds=2, players=EIGHT) == ({}, ["The file has no tables."])


def test_the_service_keeps_it_and_seats_the_rounds_from_it(
    event_8: tuple[Event, list[Player]], alice: User
) -> None:
    event, _ = event_8
    services.event_schedule_upload(event=event, text=GOOD)
    first = services.round_publish(
        event=event, method="prescripted", seed="-", byes=False, by=alice
    )
    seated = [[seat.name for seat in table.seats] for table in selectors.round_tables(round=first)]
    assert seated == [EIGHT[0:4], EIGHT[4:8]]
    services.round_finish(round=first)
    event.refresh_from_db()
    preview = services.round_seat(event=event, method="prescripted", seed="-", byes=False)
    assert preview.tables == [
        [EIGHT[0], EIGHT[4], EIGHT[1], EIGHT[5]],
        [EIGHT[2], EIGHT[6], EIGHT[3], EIGHT[7]],
    ]
    # A round already published cannot be scheduled again; nothing of the upload is kept.
    with pytest.raises(ValidationError) as refused:
        services.event_schedule_upload(event=event, text=lines("1,1," + ",".join(EIGHT[4:8])))
    assert refused.value.message_dict == {"schedule": ["Round 1 is already published."]}
    event.refresh_from_db()
    assert event.scheduled_tables(2)[0] == [EIGHT[0], EIGHT[4], EIGHT[1], EIGHT[5]]


def test_the_organiser_uploads_it_on_the_event_page_and_sees_every_problem(
    as_alice: Client, event_8: tuple[Event, list[Player]]
) -> None:
    event, _ = event_8
    url = f"/c/dragons/events/{event.pk}/schedule/"
    bad = lines("1,1,Player A,Player B,Player C,Nobody", "1,2,Player A,Player F,Player G,Player H")
    upload = SimpleUploadedFile("seating.csv", bad.encode(), content_type="text/csv")
    page = as_alice.post(url, {"schedule": upload}).content.decode()
    assert "Line 1: Nobody is not registered for this event." in page
    assert "Line 2: Player A already sits in round 1 (line 1)." in page
    event.refresh_from_db()
    assert event.schedule == {}
    latin1 = SimpleUploadedFile("seating.csv", "1,1,Zoë".encode("latin-1"))
    assert (
        "Save the file as UTF-8 text." in as_alice.post(url, {"schedule": latin1}).content.decode()
    )
    good = SimpleUploadedFile("seating.csv", GOOD.encode("utf-8-sig"))
    assert as_alice.post(url, {"schedule": good}).status_code == 302
    event.refresh_from_db()
    assert event.scheduled_tables(1) == [EIGHT[0:4], EIGHT[4:8]]


def test_a_member_may_not_upload(
    client: Client, bob: User, event_8: tuple[Event, list[Player]]
) -> None:
    event, _ = event_8
    client.force_login(bob)
    good = SimpleUploadedFile("seating.csv", GOOD.encode())
    assert (
        client.post(f"/c/dragons/events/{event.pk}/schedule/", {"schedule": good}).status_code
        == 403
    )
    event.refresh_from_db()
    assert event.schedule == {}
