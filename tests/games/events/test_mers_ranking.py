"""The EMA ranking across clubs (/rankings/ and /api/v1/rankings/): finished riichi events
of the visible clubs weighed by their days, players and age, each person's inputs shown."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services as core
from games.events import selectors, services
from games.events.models import Event
from games.models import Club, Player, Season, Session
from tests.conftest import client_for
from tests.games.events.factories import EMA, family_season
from tests.games.riichi_hanchan import HANDS

ON = dt.date(2030, 6, 1)  # the day of reckoning the tests ask for
NAMES = ["Ann", "Ben", "Cat", "Dan"]


def finished_event(
    season: Season, alice: User, name: str, last_day: dt.date, hands: list[Any] = HANDS
) -> Event:
    """A one-round event of four, ``hands`` played at its table (the riichi spec's hanchan
    unless told), its table played on ``last_day``."""
    club = season.club
    settings = services.EventSettings(name=name, rounds=1)
    event = services.event_create(
        club=club, season=season, rule_set=season.rule_set, settings=settings
    )
    players = [
        Player.objects.filter(club=club, name=n).first() or core.player_create(club=club, name=n)
        for n in NAMES
    ]
    services.event_players_add(event=event, players=players)
    round_ = services.round_publish(event=event, method="random", seed="s", byes=False, by=alice)
    table = selectors.round_tables(round=round_)[0]
    for hand in hands:
        core.hand_record(session=table.session, hand_input=hand, by=alice)
    services.round_finish(round=round_)
    # The table was played on the day the test needs (events are seated today).
    Session.objects.filter(pk=table.session.pk).update(played_on=last_day)
    return event


@dataclass
class League:
    recent: Event
    older: Event
    hidden: Event
    placed: list[str]  # the names in the order both dragons events placed them


@pytest.fixture
def league(club: Club, alice: User, private_club: Club, dave: User) -> League:
    season = family_season(club, alice, "riichi", EMA)
    recent = finished_event(season, alice, "Spring open", ON - dt.timedelta(days=30))
    older = finished_event(season, alice, "Old open", dt.date(2029, 3, 1))  # over a year old
    finished_event(season, alice, "Ancient open", dt.date(2028, 5, 1))  # over two years old
    tigers = family_season(private_club, dave, "riichi", EMA)
    hidden = finished_event(tigers, dave, "Tigers' secret", ON - dt.timedelta(days=10))
    placed = [row.name for row in selectors.event_standings(event=recent)]
    assert placed == [row.name for row in selectors.event_standings(event=older)]
    return League(recent, older, hidden, placed)


def test_the_ranking_equals_the_formula_by_hand(league: League) -> None:
    page = Client().get("/rankings/", {"family": "riichi", "on": "2030-06-01"})
    assert page.status_code == 200
    body = page.content.decode()
    # Two counted events of four players, one day, one country: weight 1, the older one
    # halved to ½. The winner of both: base ranks 1000 (1) and 1000 (½), three missing 0 (1):
    #   A = (1000 + 500) / 4.5 = 333.33…, B = (1000 + 500) / 3.5 = 428.57…,
    #   ranking = (333.33… + 428.57…) / 2 = 380.95.
    # The second (⌊1000 × 2/3⌋ = 666): A = 999 / 4.5 = 222, B = 999 / 3.5 = 285.43,
    #   ranking = 253.71. The third (333): A = 111, B = 142.71, ranking 126.86. The last: 0.
    first, second, third, last = league.placed
    order = [body.index(f">{name}</a>") for name in (first, second, third, last)]
    assert order == sorted(order)
    for figure in ("380.95", "333.33", "428.57", "253.71", "222.00", "285.43", "126.86"):
        assert figure in body
    # The events and their inputs: the ancient one and the private club's are not counted.
    assert "Spring open" in body and "Old open" in body
    assert "Ancient open" not in body and "Tigers" not in body
    assert "Base rank" in body and "Part A" in body and "(Part A + Part B) / 2" in body


def test_a_member_of_a_private_club_sees_its_events_counted(league: League, dave: User) -> None:
    body = client_for(dave).get("/rankings/", {"family": "riichi", "on": "2030-06-01"})
    assert "Tigers&#x27; secret" in body.content.decode()


def test_the_api_answers_the_ranking_with_its_inputs(league: League) -> None:
    answer = Client().get("/api/v1/rankings/", {"family": "riichi", "on": "2030-06-01"})
    assert answer.status_code == 200
    data = answer.json()
    assert (data["family"], data["on"]) == ("riichi", "2030-06-01")
    assert [e["name"] for e in data["events"]] == ["Spring open", "Old open"]
    assert [(e["weight"], e["age_factor"]) for e in data["events"]] == [
        ("1.00", "1.00"),
        ("1.00", "0.50"),
    ]
    top = data["rows"][0]
    assert (top["name"], top["ranking"], top["part_a"], top["part_b"]) == (
        league.placed[0],
        "380.9524",  # (1500 / 4.5 + 1500 / 3.5) / 2 = 380.952380…
        "333.3333",
        "428.5714",
    )
    assert [(r["event"], r["base_rank"], r["weight"]) for r in top["results"]] == [
        (league.recent.pk, 1000, "1.00"),
        (league.older.pk, 1000, "0.50"),
        (None, 0, "1.00"),
        (None, 0, "1.00"),
        (None, 0, "1.00"),
    ]


def test_the_api_and_the_page_refuse_a_bad_day_or_family(league: League) -> None:
    answer = Client().get("/api/v1/rankings/", {"family": "hk"})
    assert answer.status_code == 400 and "family" in answer.json()["fields"]
    bad_day = Client().get("/api/v1/rankings/", {"family": "riichi", "on": "2030-02-30"})
    assert bad_day.status_code == 400 and "on" in bad_day.json()["fields"]
    page = Client().get("/rankings/", {"family": "riichi", "on": "2030-02-30"})
    assert page.status_code == 200 and "Enter a valid date." in page.content.decode()
    # The calendar's first day is a day like any other (it once raised an error).
    first = Client().get("/api/v1/rankings/", {"family": "riichi", "on": "0001-01-01"})
    assert first.status_code == 200 and first.json()["rows"] == []
    assert Client().get("/rankings/", {"family": "riichi", "on": "0001-01-01"}).status_code == 200


MCR_HANDS = [
    {"outcome": "self_drawn", "winner": 0, "fan": 8},
    {"outcome": "discard", "winner": 1, "discarder": 2, "fan": 12},
]


def test_mcr_events_are_ranked_apart_from_riichi(league: League, club: Club, alice: User) -> None:
    season = family_season(club, alice, "mcr", {})
    finished_event(season, alice, "MCR cup", ON - dt.timedelta(days=5), MCR_HANDS)
    finished_event(season, alice, "MCR open", ON - dt.timedelta(days=50), MCR_HANDS)
    data = Client().get("/api/v1/rankings/", {"family": "mcr", "on": "2030-06-01"}).json()
    assert [e["name"] for e in data["events"]] == ["MCR cup", "MCR open"]
    assert len(data["rows"]) == 4
    # The same table twice: the winner of both has 1000 twice (weight 1 each) and three
    # missing zeros: A = 2000 / 5 = 400, B = 2000 / 4 = 500, ranking 450.
    assert data["rows"][0]["ranking"] == "450.0000"
    page = Client().get("/rankings/", {"family": "mcr", "on": "2030-06-01"}).content.decode()
    assert "MCR cup" in page and "Spring open" not in page
    assert 'aria-current="page"' in page  # the family tabs, MCR chosen


def test_the_api_ranking_answers_304_until_a_result_changes(league: League, alice: User) -> None:
    query = {"family": "riichi", "on": "2030-06-01"}
    first = Client().get("/api/v1/rankings/", query)
    etag = first["ETag"]
    assert etag
    again = Client().get("/api/v1/rankings/", query, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    # Another day of reckoning is another answer.
    other_day = Client().get(
        "/api/v1/rankings/", {**query, "on": "2030-07-01"}, HTTP_IF_NONE_MATCH=etag
    )
    assert other_day.status_code == 200
    # A penalty that drops the recent event's winner to last changes the results.
    table = Session.objects.get(season=league.recent.season, played_on=ON - dt.timedelta(days=30))
    winner = Player.objects.get(club=table.club, name=league.placed[0])
    core.penalty_record(
        session=table,
        penalty=core.PenaltyInput(player=winner, reason="conduct", amount=100000, zero_sum=False),
        by=alice,
    )
    changed = Client().get("/api/v1/rankings/", query, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert changed.json()["rows"][0]["name"] != league.placed[0]
