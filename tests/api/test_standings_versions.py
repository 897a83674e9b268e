"""A season's standings carry a version: polling the API with its ETag gets 304 until the
standings can have changed (a hand written, a player renamed), and none are computed for it."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import Hand, Player, Season, Session
from tests.api.conftest import DISCARD, Api


def standings(api: Api, season: Season, query: str = "", etag: str | None = None) -> Any:
    headers = {"If-None-Match": etag} if etag else {}
    return api.get(f"seasons/{season.pk}/standings/{query}", **headers)


def test_an_unchanged_season_answers_304_to_its_etag_without_computing_standings(
    anonymous: Api, hand: Hand, season: Season
) -> None:
    first = standings(anonymous, season)
    assert first.status_code == 200 and first["ETag"].startswith('"')
    with CaptureQueriesContext(connection) as queries:
        again = standings(anonymous, season, etag=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert not [q for q in queries.captured_queries if "games_sessionseattotal" in q["sql"]]


def test_each_write_of_a_hand_gives_the_standings_a_new_etag(
    anonymous: Api, session: Session, season: Season, bob: User
) -> None:
    tags = [standings(anonymous, season)["ETag"]]
    hand, _ = services.hand_record(session=session, hand_input=DISCARD, by=bob)
    tags.append(standings(anonymous, season)["ETag"])
    services.hand_amend(
        hand=hand, hand_input={"outcome": "draw"}, expected_version=1, reason="r", by=bob
    )
    tags.append(standings(anonymous, season)["ETag"])
    services.hand_delete(hand=hand, expected_version=2, reason="r", by=bob)
    tags.append(standings(anonymous, season)["ETag"])
    assert len(set(tags)) == 4
    stale = standings(anonymous, season, etag=tags[0])
    assert stale.status_code == 200 and stale.json()["rows"] == []


def test_renaming_a_player_gives_the_standings_a_new_etag(
    anonymous: Api, hand: Hand, season: Season, players: list[Player]
) -> None:
    tag = standings(anonymous, season)["ETag"]
    services.player_update(player=players[1], name="Bea")
    renamed = standings(anonymous, season, etag=tag)
    assert renamed.status_code == 200
    assert "Bea" in [row["name"] for row in renamed.json()["rows"]]


def test_other_filters_have_their_own_etag(anonymous: Api, hand: Hand, season: Season) -> None:
    tag = standings(anonymous, season)["ETag"]
    filtered = standings(anonymous, season, "?min_games=2", etag=tag)
    assert filtered.status_code == 200 and filtered["ETag"] != tag


def test_a_stranger_gets_no_304_for_a_private_season(
    api_dave: Api, api_bob: Api, tigers: dict[str, Any]
) -> None:
    season = tigers["season"]
    tag = standings(api_dave, season)["ETag"]
    assert standings(api_bob, season, etag=tag).status_code == 404
