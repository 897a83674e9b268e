"""API fixtures: tokens for the cast, a JSON client, and a second club's data to keep apart."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client

from games import services
from games.models import Club, Hand, Player, RuleSet, Season, Session
from tests.conftest import HK_HALF

DISCARD = {"outcome": "discard", "winner": 1, "faan": 2, "blamed": 2}


class Api:
    """A JSON client for /api/v1/ that authenticates with one token (or none)."""

    def __init__(self, secret: str | None = None) -> None:
        self.client = Client()
        self.headers = {"Authorization": f"Bearer {secret}"} if secret else {}

    def request(self, method: str, path: str, body: Any = None, **headers: str) -> Any:
        url = path.removeprefix("http://testserver")
        url = url if url.startswith("/") else f"/api/v1/{url}"
        kwargs: dict[str, Any] = {"headers": {**self.headers, **headers}}
        if body is not None:
            kwargs["data"] = json.dumps(body)
            kwargs["content_type"] = "application/json"
        return getattr(self.client, method)(url, **kwargs)

    def get(self, path: str, **headers: str) -> Any:
        return self.request("get", path, **headers)

    def post(self, path: str, body: Any, **headers: str) -> Any:
        return self.request("post", path, body, **headers)

    def patch(self, path: str, body: Any, **headers: str) -> Any:
        return self.request("patch", path, body, **headers)

    def delete(self, path: str, **headers: str) -> Any:
        return self.request("delete", path, **headers)


@pytest.fixture(autouse=True)
def fresh_throttles() -> None:
    """Throttle counters live in the cache; each test starts with none."""
    cache.clear()


def token_for(user: User, *, read_only: bool = False) -> str:
    _, secret = services.api_token_create(user=user, name="tool", read_only=read_only)
    return secret


@pytest.fixture
def anonymous(db: Any) -> Api:
    return Api()


@pytest.fixture
def api_alice(alice: User) -> Api:
    return Api(token_for(alice))


@pytest.fixture
def api_bob(bob: User) -> Api:
    return Api(token_for(bob))


@pytest.fixture
def api_charlie(charlie: User) -> Api:
    return Api(token_for(charlie))


@pytest.fixture
def api_dave(dave: User) -> Api:
    return Api(token_for(dave))


@pytest.fixture
def hand(session: Session, bob: User) -> Hand:
    recorded, _ = services.hand_record(session=session, hand_input=DISCARD, by=bob)
    return recorded


@pytest.fixture
def tigers(private_club: Club, dave: User) -> dict[str, Any]:
    """The members-only club's own players, rules, season, session and a hand."""
    players = [services.player_create(club=private_club, name=f"T{n}") for n in range(4)]
    rule_set = services.rule_set_create(
        club=private_club, name="Tiger rules", family="hk", params=HK_HALF, by=dave
    )
    season = services.season_save(club=private_club, name="Tiger season", rule_set=rule_set)
    session = services.session_start(
        season=season, played_on=dt.date(2026, 3, 2), players=players, by=dave
    )
    hand, _ = services.hand_record(session=session, hand_input=DISCARD, by=dave)
    return {
        "club": private_club,
        "players": players,
        "rule_set": rule_set,
        "season": season,
        "session": session,
        "hand": hand,
    }


@pytest.fixture
def dragons(
    club: Club,
    players: list[Player],
    rule_set: RuleSet,
    season: Season,
    session: Session,
    hand: Hand,
) -> dict[str, Any]:
    return {
        "club": club,
        "players": players,
        "rule_set": rule_set,
        "season": season,
        "session": session,
        "hand": hand,
    }
