"""The fuzz tests' world: one club with a league of every family, and the checks they share.

Every family has a rule set, a season, an open session and one recorded hand, so that each
form and API operation can be sent a valid request with one part spoiled and so reach the
code behind its first check.
"""

from __future__ import annotations

import datetime as dt
import traceback
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from django.contrib.auth.models import User
from django.http import HttpResponse

from games import services
from games.models import Club, Hand, Invitation, Player, RuleSet, Season, Session

DATA = Path(__file__).resolve().parent.parent / "games" / "data"
PASSWORD = "correct-horse-battery"
HK_HALF = {"base": "2", "max_faan": 6, "responsibility": "half", "spiciness": "half"}
ZUNG_JUNG = {
    "preset": "seed",
    "payoff": "each_loser_pays",
    "flowers": True,
    "minimum": 0,
    "illegal_call": 40,
}
MILLINGTON = {"rules": "millington", "stake": 1000}
OWN_RULES = """// the club's house rules
House rules
PaymentMethod=0
10 3 "Pung" "PEM|PCM|PEJ|PCJ" 2 0
30 2 "Mah-Jongg" "M**" 20 0
31 0 "Self-drawn" "" 1 1
// END
"""
# One hand of each family, as the API and the services take it.
HAND_INPUTS: dict[str, dict[str, Any]] = {
    "hk": {"outcome": "discard", "winner": 1, "faan": 2, "blamed": 2},
    "zung_jung": {
        "outcome": "discard",
        "winner": 1,
        "discarder": 2,
        "hand": {"concealed": "123m456m789p234s55s", "winning_tile": "4s", "self_drawn": False},
    },
    "mcr": {"outcome": "discard", "winner": 1, "discarder": 0, "fan": 8, "penalties": [0, 0, 0, 0]},
    "classical": {
        "mahjong": 3,
        "players": [
            {"sets": ["PED", "PED", "KEM"]},
            {"sets": ["PES", "PCM", "F1"]},
            {"sets": ["-555s"]},
            {"sets": ["PED", "PEE", "S3", "S2"]},
        ],
    },
    "big_two": {"losses": [0, 11, 12, 13], "takes_all": 0},
}
PARAMS: dict[str, dict[str, Any]] = {
    "hk": HK_HALF,
    "zung_jung": ZUNG_JUNG,
    "mcr": {"preset": "standard", "scoring": "standard"},
    "classical": MILLINGTON,
    "big_two": {"fry_threshold": 10},
}
FAMILIES = list(PARAMS)


@dataclass
class League:
    """One family's rule set, season, open session and its first hand."""

    rule_set: RuleSet
    season: Season
    session: Session
    hand: Hand


@dataclass
class World:
    alice: User  # organiser of the Dragons
    bob: User  # a member
    club: Club
    players: list[Player]
    spare: Player  # in the club, seated nowhere, no account
    leagues: dict[str, League]
    duplicate_season: Season  # MCR with duplicate scoring, for PMN records
    invitation: Invitation
    extra: dict[str, Any] = field(default_factory=dict)


def build_world() -> World:
    alice = User.objects.create_user(username="alice", password=PASSWORD)
    bob = User.objects.create_user(username="bob", password=PASSWORD)
    club = services.club_create(
        name="Dragons", slug="dragons", visibility="public", organiser=alice
    )
    services.membership_set(club=club, user=bob, role="member")
    players = [services.player_create(club=club, name=name) for name in "ABCD"]
    spare = services.player_create(club=club, name="Eve")
    leagues = {family: _league(club, family, players, alice) for family in FAMILIES}
    duplicate = services.rule_set_create(
        club=club,
        name="Duplicate MCR",
        family="mcr",
        params={"preset": "standard", "scoring": "duplicate"},
        by=alice,
    )
    duplicate_season = services.season_save(club=club, name="Duplicate", rule_set=duplicate)
    invitation = services.invitation_create(club=club, role="member", player=spare, by=alice)
    return World(alice, bob, club, players, spare, leagues, duplicate_season, invitation)


def _league(club: Club, family: str, players: list[Player], by: User) -> League:
    rule_set = services.rule_set_create(
        club=club, name=f"{family} rules", family=family, params=PARAMS[family], by=by
    )
    season = services.season_save(club=club, name=f"{family} season", rule_set=rule_set)
    session = services.session_start(
        season=season, played_on=dt.date(2026, 3, 1), players=players, by=by
    )
    hand, _ = services.hand_record(session=session, hand_input=HAND_INPUTS[family], by=by)
    return League(rule_set, season, session, hand)


# --- what a page's forms contain -----------------------------------------------------------


class _FormReader(HTMLParser):
    """The names of a page's form fields, and the values each offers (options, radios)."""

    def __init__(self) -> None:
        super().__init__()
        self.options: dict[str, list[str]] = {}
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        name = found.get("name")
        if tag in ("input", "textarea", "select", "button") and name:
            values = self.options.setdefault(name, [])
            if found.get("value") is not None and found.get("type") != "hidden":
                values.append(found["value"] or "")
        if tag == "select":
            self._select = name
        elif tag == "option" and self._select:
            self.options[self._select].append(found.get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def form_fields(response: HttpResponse) -> dict[str, list[str]]:
    """Every field a page's forms post (CSRF token aside), with the values offered."""
    reader = _FormReader()
    reader.feed(response.content.decode())
    reader.options.pop("csrfmiddlewaretoken", None)
    return reader.options


# --- the checks ------------------------------------------------------------------------------

ERROR_SHAPE = {"status", "code", "message", "fields"}


def _failure(response: HttpResponse, what: str) -> str:
    """First line: the answer and the exception behind it, if any; then its traceback."""
    exc_info = getattr(response, "exc_info", None)
    if not exc_info:
        body = response.content[:300].decode(errors="replace")
        return f"{response.status_code} {response.get('Content-Type')} to {what}\n{body}"
    trace = "".join(traceback.format_exception(*exc_info))
    where = traceback.extract_tb(exc_info[2])[-1]
    cause = f"{exc_info[0].__name__}: {str(exc_info[1])[:120]} ({where.filename}:{where.lineno})"
    return f"{response.status_code} to {what}: {cause}\n{trace}"


def assert_no_server_error(response: HttpResponse, what: str) -> None:
    """No 5xx, and no exception that Django turned into one."""
    assert getattr(response, "exc_info", None) is None, _failure(response, what)
    assert response.status_code < 500, _failure(response, what)


def assert_api_answer(response: HttpResponse, what: str) -> None:
    """Every API error, 500 included, in the one JSON shape; and no 5xx at all."""
    if response.status_code >= 400:
        content_type = response.get("Content-Type", "")
        assert content_type.startswith("application/json"), _failure(response, what)
        body = response.json()
        assert isinstance(body, dict) and set(body) >= ERROR_SHAPE, _failure(response, what)
        assert body["status"] == response.status_code, _failure(response, what)
        assert isinstance(body["message"], str) and body["message"], _failure(response, what)
    assert_no_server_error(response, what)
