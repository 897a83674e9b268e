"""Events over the API: reads with ETags, the organiser's writes through the services, and
another club's people kept out."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games.events import services
from games.events.models import Event, Round
from games.models import Club, Player, Season
from tests.api.conftest import Api, token_for
from tests.games.events.factories import (
    EMA,
    event_with_players,
    family_season,
    hk_event,
    played_riichi_event,
)
from tests.games.riichi_hanchan import PLACEMENT_POINTS

SEAT = {"method": "random", "seed": "s1"}


@pytest.fixture
def riichi(club: Club, alice: User) -> Season:
    return family_season(club, alice, "riichi", EMA)


@pytest.fixture
def event_16(club: Club, riichi: Season) -> tuple[Event, list[Player]]:
    return event_with_players(club, riichi, rounds=2)


def test_an_organiser_creates_registers_seats_publishes_and_runs_a_round(
    api_alice: Api, club: Club, riichi: Season
) -> None:
    created = api_alice.post(
        "events/", {"club": "dragons", "season": riichi.pk, "name": "Night", "rounds": 2}
    )
    assert created.status_code == 201, created.json()
    event_id = created.json()["id"]
    assert created.json()["family"] == "riichi" and created.json()["players"] == []
    players = [Player.objects.create(club=club, name=f"P{n:02}") for n in range(8)]
    added = api_alice.post(f"events/{event_id}/players/", {"players": [p.pk for p in players]})
    assert added.status_code == 200
    assert [row["name"] for row in added.json()["players"]] == [p.name for p in players]

    preview = api_alice.post(f"events/{event_id}/seating/preview/", SEAT).json()
    assert preview["round"] == 1 and len(preview["tables"]) == 2
    assert not Round.objects.filter(event_id=event_id).exists()  # a preview seats nobody

    published = api_alice.post(f"events/{event_id}/rounds/", SEAT)
    assert published.status_code == 201
    tables = published.json()["tables"]
    assert [[seat["name"] for seat in table["seats"]] for table in tables] == preview["tables"]
    assert [seat["wind"] for seat in tables[0]["seats"]] == ["east", "south", "west", "north"]

    base = f"events/{event_id}/rounds/1/"
    assert api_alice.post(base + "start/", {}).json()["clock"]["state"] == "running"
    assert api_alice.post(base + "pause/", {}).json()["clock"]["state"] == "paused"
    extended = api_alice.post(base + "extend/", {"minutes": 10}).json()
    assert extended["clock"]["minutes"] == 100
    assert api_alice.post(base + "resume/", {}).json()["clock"]["state"] == "running"
    finished = api_alice.post(base + "finish/", {})
    assert finished.json()["state"] == "finished"
    assert api_alice.get(f"events/{event_id}/").json()["state"] == "round_finished"


def test_the_reads_carry_an_etag_and_answer_304_until_something_changes(
    api_bob: Api, event_16: tuple[Event, list[Player]], alice: User, api_alice: Api
) -> None:
    event, _ = event_16
    api_alice.post(f"events/{event.pk}/rounds/", SEAT)
    for path in ("", "rounds/", "rounds/1/seating/", "standings/"):
        first = api_bob.get(f"events/{event.pk}/{path}")
        assert first.status_code == 200, path
        again = api_bob.get(f"events/{event.pk}/{path}", **{"If-None-Match": first["ETag"]})
        assert again.status_code == 304, path
    rounds = api_bob.get(f"events/{event.pk}/rounds/")
    api_alice.post(f"events/{event.pk}/rounds/1/extend/", {"minutes": 5})
    changed = api_bob.get(f"events/{event.pk}/rounds/", **{"If-None-Match": rounds["ETag"]})
    assert changed.status_code == 200
    assert changed.json()[0]["clock"]["minutes"] == 95


def test_the_list_shows_readable_clubs_only(
    api_alice: Api, api_dave: Api, event_16: tuple[Event, list[Player]], tigers: Any
) -> None:
    tiger_event = event_with_players(tigers["club"], tigers["season"], count=4)[0]
    alice_sees = {row["id"] for row in api_alice.get("events/").json()["results"]}
    assert alice_sees == {event_16[0].pk}
    dave_sees = {row["id"] for row in api_dave.get("events/?club=tigers").json()["results"]}
    assert dave_sees == {tiger_event.pk}
    assert api_alice.get("events/?club=tigers").status_code == 404
    assert api_alice.get(f"events/{tiger_event.pk}/").status_code == 404
    assert api_alice.get(f"events/{tiger_event.pk}/standings/").status_code == 404


def test_another_clubs_organiser_and_a_member_may_not_write(
    api_dave: Api, api_bob: Api, event_16: tuple[Event, list[Player]], tigers: Any
) -> None:
    event, _ = event_16
    for api in (api_dave, api_bob):
        assert api.post(f"events/{event.pk}/rounds/", SEAT).status_code == 403
        assert api.post(f"events/{event.pk}/seating/preview/", SEAT).status_code == 403
    # The public club's data is readable; its players are not the Tigers' to register.
    tiger_event = event_with_players(tigers["club"], tigers["season"], count=4)[0]
    strangers = {"players": [event_16[1][0].pk]}
    refused = api_dave.post(f"events/{tiger_event.pk}/players/", strangers)
    assert refused.status_code == 400
    assert refused.json()["fields"]["players"] == [f"No player {event_16[1][0].pk} in this club."]
    assert not Round.objects.filter(event=event).exists()


def test_prescripted_tables_name_the_player_who_does_not_play(
    api_alice: Api, event_16: tuple[Event, list[Player]]
) -> None:
    event, players = event_16
    names = [player.name for player in players]
    tables = [names[i : i + 4] for i in range(0, 16, 4)]
    tables[3][2] = "Nobody Known"
    body = {"method": "prescripted", "seed": "x", "tables": tables}
    refused = api_alice.post(f"events/{event.pk}/rounds/", body)
    assert refused.status_code == 400
    assert refused.json()["fields"]["tables"] == ["Nobody Known does not play this round."]
    assert not Round.objects.filter(event=event).exists()
    tables[3][2] = names[14]
    assert api_alice.post(f"events/{event.pk}/rounds/", body).status_code == 201


def test_a_read_only_token_may_preview_but_not_publish(
    alice: User, event_16: tuple[Event, list[Player]]
) -> None:
    api = Api(token_for(alice, read_only=True))
    event, _ = event_16
    assert api.post(f"events/{event.pk}/seating/preview/", SEAT).status_code == 200
    assert api.post(f"events/{event.pk}/rounds/", SEAT).status_code == 403


@pytest.fixture
def played(club: Club, alice: User) -> tuple[Event, list[str]]:
    return played_riichi_event(club, alice)


def test_the_api_gives_the_same_rows_and_refuses_other_families(
    api_bob: Api, played: tuple[Event, list[str]], club: Club, alice: User
) -> None:
    event, names = played
    rows = api_bob.get(f"events/{event.pk}/ema-results/").json()
    assert rows[0] == {
        "rank": 1,
        "name": names[3],
        "ema_number": "04120002",
        "points": str(PLACEMENT_POINTS[3]),
        "score": rows[0]["score"],
    }
    hk = hk_event(club, alice)
    refused = api_bob.get(f"events/{hk.pk}/ema-results/")
    assert refused.status_code == 400
    assert refused.json()["message"] == "The EMA results format is for MCR and riichi events only."


def test_another_members_only_club_keeps_its_results(
    api_alice: Api, tigers: dict[str, object], alice: User
) -> None:
    club = tigers["club"]
    assert isinstance(club, Club)
    season = tigers["season"]
    assert isinstance(season, Season)
    event, _ = event_with_players(club, season, count=4)
    assert api_alice.get(f"events/{event.pk}/ema-results/").status_code == 404


EVENT_READS = [
    "",
    "rounds/",
    "rounds/1/seating/",
    "standings/",
    "ema-results/",
    "schedule/",
]
EVENT_WRITES = [
    ("players/", {"players": [1]}),
    ("seating/preview/", SEAT),
    ("rounds/", SEAT),
    ("rounds/1/start/", {}),
    ("rounds/1/pause/", {}),
    ("rounds/1/resume/", {}),
    ("rounds/1/extend/", {"minutes": 5}),
    ("rounds/1/finish/", {}),
    ("schedule/", {"schedule": "2,1,A,B,C,D"}),
]


@pytest.fixture
def tiger_event(tigers: dict[str, Any], dave: User) -> Event:
    """A members-only club's riichi event with its first round published."""
    club = tigers["club"]
    event, _ = event_with_players(club, family_season(club, dave, "riichi", EMA), count=4)
    services.round_publish(event=event, method="random", seed="s", byes=False, by=dave)
    return event


@pytest.mark.parametrize("path", EVENT_READS)
def test_a_members_only_clubs_event_is_invisible_to_outsiders(
    path: str, tiger_event: Event, api_alice: Api, anonymous: Api, api_dave: Api
) -> None:
    url = f"events/{tiger_event.pk}/{path}"
    assert api_dave.get(url).status_code == 200
    for caller in (api_alice, anonymous):
        answer = caller.get(url)
        assert (answer.status_code, answer.json()["code"]) == (404, "not_found"), url


@pytest.mark.parametrize(("path", "body"), EVENT_WRITES)
def test_no_outsider_writes_to_an_event(
    path: str, body: dict[str, Any], tiger_event: Event, api_alice: Api, anonymous: Api
) -> None:
    url = f"events/{tiger_event.pk}/{path}"
    assert api_alice.post(url, body).status_code == 404
    # Without a token a write is refused before the club is looked at; a preview (a read)
    # meets the club's own 404.
    assert anonymous.post(url, body).status_code == (404 if "preview" in path else 401)
    round_ = Round.objects.get(event=tiger_event)
    assert (round_.state, round_.started_at, round_.extra_minutes) == ("seated", None, 0)
    assert tiger_event.players.count() == 4


def _schedule(names: list[str], rounds: int = 2) -> str:
    lines = ["round,table,east,south,west,north"]
    for number in range(1, rounds + 1):
        turned = names[number - 1 :] + names[: number - 1]
        lines += [f"{number},{t + 1}," + ",".join(turned[4 * t : 4 * t + 4]) for t in range(4)]
    return "\n".join(lines)


def test_an_organiser_uploads_a_schedule_and_seats_a_round_from_it(
    api_alice: Api, api_bob: Api, event_16: tuple[Event, list[Player]]
) -> None:
    event, players = event_16
    names = [player.name for player in players]
    assert api_alice.get(f"events/{event.pk}/schedule/").json() == {"rounds": {}}
    kept = api_alice.post(f"events/{event.pk}/schedule/", {"schedule": _schedule(names)})
    assert kept.status_code == 200, kept.json()
    assert kept.json()["rounds"]["1"][0] == names[:4]
    assert kept.json()["rounds"]["2"][0] == names[1:5]
    assert api_alice.get(f"events/{event.pk}/schedule/").json() == kept.json()
    assert api_bob.get(f"events/{event.pk}/schedule/").status_code == 403  # a member

    body = {"method": "prescripted", "seed": "x"}
    published = api_alice.post(f"events/{event.pk}/rounds/", body)
    assert published.status_code == 201, published.json()
    seated = [[seat["name"] for seat in table["seats"]] for table in published.json()["tables"]]
    assert seated == kept.json()["rounds"]["1"]


def test_a_schedule_with_problems_names_each_and_keeps_nothing(
    api_alice: Api, event_16: tuple[Event, list[Player]]
) -> None:
    event, players = event_16
    names = [player.name for player in players]
    api_alice.post(f"events/{event.pk}/schedule/", {"schedule": _schedule(names, rounds=1)})
    text = _schedule(names).replace(names[5], "Nobody Known", 1) + "\n3,1,A,B,C"
    refused = api_alice.post(f"events/{event.pk}/schedule/", {"schedule": text})
    assert refused.status_code == 400
    problems = refused.json()["fields"]["schedule"]
    assert any("Nobody Known" in problem for problem in problems), problems
    assert any(problem.startswith("Line 10:") for problem in problems), problems
    assert set(Event.objects.get(pk=event.pk).schedule) == {"1"}  # the earlier one stays

    api_alice.post(f"events/{event.pk}/rounds/", {"method": "prescripted", "seed": "x"})
    again = api_alice.post(f"events/{event.pk}/schedule/", {"schedule": _schedule(names)})
    assert again.status_code == 400
    assert again.json()["fields"]["schedule"] == ["Round 1 is already published."]
