"""The event pages through real URLs: the organiser's desk, a player's seat, the clock, the
room's screen, and who may see what."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import services as core
from games.events import selectors, services
from games.events.models import Event, Round
from games.models import Club, Player, Season
from tests.games.events.factories import EMA, event_with_players, family_season
from tests.games.riichi_hanchan import HANDS, PLACES


@pytest.fixture
def riichi(club: Club, alice: User) -> Season:
    return family_season(club, alice, "riichi", EMA)


@pytest.fixture
def event_16(club: Club, riichi: Season) -> tuple[Event, list[Player]]:
    return event_with_players(club, riichi, rounds=4)


def url(event: Event, name: str = "") -> str:
    return f"/c/{event.club.slug}/events/{event.pk}/{name}"


def publish(event: Event, alice: User) -> Round:
    return services.round_publish(
        event=event, method="fewest_meetings", seed="s1", byes=False, by=alice
    )


def test_an_organiser_creates_an_event(as_alice: Client, riichi: Season) -> None:
    answer = as_alice.post(
        "/c/dragons/events/new/",
        {
            "name": "Friday night",
            "kind": "club_night",
            "season": riichi.pk,
            "rule_set": riichi.rule_set_id,
            "rounds": 4,
            "seating": "fewest_meetings",
            "round_minutes": 90,
            "warning_minutes": 15,
            "tie_break": "family",
        },
    )
    event = Event.objects.get(name="Friday night")
    assert answer.status_code == 302 and answer["Location"] == url(event)
    assert (event.rounds, event.round_minutes, event.state) == (4, 90, "registration")


def test_the_organiser_registers_previews_and_publishes_a_round(
    as_alice: Client, club: Club, riichi: Season
) -> None:
    event, players = event_with_players(club, riichi, count=0)
    players = [core.player_create(club=club, name=f"P{n:02}") for n in range(16)]
    as_alice.post(url(event, "players/"), {"players": [p.pk for p in players]})
    assert event.players.count() == 16
    choice = {"method": "fewest_meetings", "seed": "abc"}
    preview = as_alice.post(url(event, "seat/"), {**choice, "preview": ""})
    assert "No pair meets twice." in preview.content.decode()
    assert not Round.objects.filter(event=event).exists()
    answer = as_alice.post(url(event, "seat/"), {**choice, "publish": ""})
    assert answer.status_code == 302
    round_ = Round.objects.get(event=event)
    assert len(selectors.round_tables(round=round_)) == 4


def test_a_seating_that_cannot_be_made_is_shown_not_published(
    as_alice: Client, club: Club, riichi: Season
) -> None:
    event, _ = event_with_players(club, riichi, count=6)
    answer = as_alice.post(url(event, "seat/"), {"method": "random", "seed": "x", "publish": ""})
    assert answer.status_code == 200
    assert "6 players do not fill tables of 4" in answer.content.decode()
    assert not Round.objects.filter(event=event).exists()


def test_a_player_sees_their_table_wind_and_a_link_to_it(
    as_bob: Client, bob: User, event_16: tuple[Event, list[Player]], alice: User
) -> None:
    event, players = event_16
    core.player_link_user(player=players[5], user=bob)
    round_ = publish(event, alice)
    table = next(
        t
        for t in selectors.round_tables(round=round_)
        if players[5].name in {s.name for s in t.seats}
    )
    wind = next(s.wind for s in table.seats if s.name == players[5].name).capitalize()
    expected = f"Round 1 · Table {table.number} · you are {wind}"
    for page in (url(event), "/"):
        html = as_bob.get(page).content.decode()
        assert expected in html
        assert f"/c/dragons/sessions/{table.session.pk}/" in html


def test_the_clock_answers_the_seconds_left_in_server_time(
    client: Client, event_16: tuple[Event, list[Player]], alice: User
) -> None:
    event, _ = event_16
    assert client.get(url(event, "clock.json")).json() == {
        "round": 0,
        "state": "waiting",
        "remaining": None,
    }
    round_ = publish(event, alice)
    services.round_clock_start(round=round_)
    answer = client.get(url(event, "clock.json"))
    assert answer["Cache-Control"] == "no-store"
    reading = answer.json()
    assert reading["round"] == 1 and reading["state"] == "running"
    assert 90 * 60 - 5 <= reading["remaining"] <= 90 * 60
    assert reading["warning"] == 15 * 60


def test_the_organiser_pauses_extends_and_finishes_through_the_page(
    as_alice: Client, event_16: tuple[Event, list[Player]], alice: User
) -> None:
    event, _ = event_16
    round_ = publish(event, alice)
    as_alice.post(url(event, "clock/start/"))
    as_alice.post(url(event, "clock/pause/"))
    as_alice.post(url(event, "clock/extend/"), {"minutes": "10"})
    round_.refresh_from_db()
    assert round_.paused_at is not None and round_.extra_minutes == 10
    assert as_alice.get(url(event, "clock.json")).json()["state"] == "paused"
    as_alice.post(url(event, "clock/finish/"))
    event.refresh_from_db()
    assert event.state == Event.State.ROUND_FINISHED


def test_a_member_cannot_run_the_event(
    as_bob: Client, event_16: tuple[Event, list[Player]]
) -> None:
    event, _ = event_16
    assert as_bob.post(url(event, "seat/"), {"method": "random", "seed": "x"}).status_code == 403
    assert as_bob.post(url(event, "clock/start/")).status_code == 403
    assert as_bob.get("/c/dragons/events/new/").status_code == 403


def test_another_clubs_event_is_not_found(
    as_alice: Client,
    as_dave: Client,
    private_club: Club,
    dave: User,
    event_16: tuple[Event, list[Player]],
) -> None:
    theirs, _ = event_with_players(
        private_club, family_season(private_club, dave, "riichi", EMA), count=4
    )
    for page in ("", "clock.json", "screen/"):
        assert as_alice.get(url(theirs, page)).status_code == 404
    # Nor under another club's address.
    ours, _ = event_16
    assert as_dave.get(f"/c/tigers/events/{ours.pk}/").status_code == 404
    assert "Autumn open" not in as_alice.get("/c/tigers/events/").content.decode()


def test_the_screen_opens_by_its_secret_link_for_anyone(
    client: Client, private_club: Club, dave: User
) -> None:
    event, _ = event_with_players(
        private_club, family_season(private_club, dave, "riichi", EMA), count=4
    )
    services.round_publish(event=event, method="random", seed="s", byes=False, by=dave)
    answer = client.get(f"/screen/{event.screen_token}/")
    assert answer.status_code == 200 and "Table 1" in answer.content.decode()
    assert client.get(f"/screen/{event.screen_token}/clock.json").json()["round"] == 1
    assert client.get("/screen/not-the-token/").status_code == 404


def test_the_screen_costs_the_same_queries_whatever_the_tables(
    client: Client, club: Club, riichi: Season, alice: User
) -> None:
    small, _ = event_with_players(club, riichi, count=4)
    publish(small, alice)
    large = services.event_create(
        club=club,
        season=riichi,
        rule_set=riichi.rule_set,
        settings=services.EventSettings(name="Large"),
    )
    services.event_players_add(event=large, players=list(Player.objects.filter(club=club)[:4]))
    others = [core.player_create(club=club, name=f"Q{n:02}") for n in range(12)]
    services.event_players_add(event=large, players=others)
    publish(large, alice)
    assert screen_queries(client, small) == screen_queries(client, large)


def screen_queries(client: Client, event: Event) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(f"/screen/{event.screen_token}/").status_code == 200
    return len(captured)


def test_the_event_pages_render_for_a_visitor_of_a_public_club(
    client: Client, event_16: tuple[Event, list[Player]], alice: User
) -> None:
    event, _ = event_16
    publish(event, alice)
    assert "Autumn open" in client.get("/c/dragons/events/").content.decode()
    page = client.get(url(event)).content.decode()
    assert "Table 4" in page and "Seat round" not in page
    assert re.search(r'data-event-clock="/c/dragons/events/\d+/clock.json"', page)
    assert client.get(url(event, "screen/")).status_code == 200


def test_the_printed_seating_lists_players_and_tables_with_a_qr_code_per_table(
    client: Client, event_16: tuple[Event, list[Player]], alice: User
) -> None:
    event, players = event_16
    round_ = publish(event, alice)
    tables = selectors.round_tables(round=round_)
    html = client.get(url(event, "print/")).content.decode()
    assert all(player.name in html for player in players)
    for table in tables:
        qr = url(event, f"tables/{table.session.pk}/qr.svg")
        assert qr in html
        answer = client.get(qr)
        assert answer["Content-Type"] == "image/svg+xml" and b"<svg" in answer.content
    assert client.get(url(event, "tables/999999/qr.svg")).status_code == 404


def test_the_ranking_downloads_as_csv_in_the_familys_columns(
    client: Client, event_16: tuple[Event, list[Player]], alice: User
) -> None:
    event, _ = event_16
    round_ = publish(event, alice)
    table = selectors.round_tables(round=round_)[0]
    for hand in HANDS:
        core.hand_record(session=table.session, hand_input=hand, by=alice)
    answer = client.get(url(event, "ranking.csv"))
    lines = answer.content.decode().splitlines()
    assert lines[0].startswith("Rank,Player,Placement points,Average place")
    first = table.seats[PLACES.index(1)].name
    assert lines[1].startswith(f"1,{first},")
    assert len(lines) == 5


def test_the_organiser_types_the_tables(as_alice: Client, club: Club, riichi: Season) -> None:
    event, players = event_with_players(club, riichi, count=4)
    typed = ", ".join(player.name for player in reversed(players))
    form = {"method": "prescripted", "seed": "-", "tables": typed + "\n\n"}
    empty = as_alice.post(url(event, "seat/"), {"method": "prescripted", "seed": "-"})
    assert "Type the tables, one per line, or upload a schedule." in empty.content.decode()
    preview = as_alice.post(url(event, "seat/"), {**form, "preview": ""}).content.decode()
    assert "No pair meets twice." in preview
    as_alice.post(url(event, "seat/"), {**form, "publish": ""})
    [table] = selectors.round_tables(round=Round.objects.get(event=event))
    assert [seat.name for seat in table.seats] == [p.name for p in reversed(players)]


def test_seating_while_a_round_is_played_says_to_finish_it_first(
    as_alice: Client, event_16: tuple[Event, list[Player]], alice: User
) -> None:
    event, _ = event_16
    publish(event, alice)
    answer = as_alice.post(url(event, "seat/"), {"method": "random", "seed": "x", "preview": ""})
    assert "Finish the current round before seating the next." in answer.content.decode()


def test_a_name_that_would_run_as_a_formula_is_neutralised_in_the_csv(
    client: Client, club: Club, riichi: Season, alice: User
) -> None:
    event, _ = event_with_players(club, riichi, count=3)
    formula = core.player_create(club=club, name="=HYPERLINK(1)")
    services.event_players_add(event=event, players=[formula])
    round_ = publish(event, alice)
    core.hand_record(
        session=selectors.round_tables(round=round_)[0].session, hand_input=HANDS[0], by=alice
    )
    text = client.get(url(event, "ranking.csv")).content.decode()
    assert "'=HYPERLINK(1)" in text and ",=HYPERLINK" not in text
