"""The club of the capacity tools: a year of HK history, members with tokens, open tables.

Shared by ``tools/profile_requests.py`` (one request at a time, in this process) and
``tools/bench_club_night.py`` (a club night over HTTP). The history is imported with the
bench commands' builders (a generated score file through the importer), so it is the same
data the read benchmarks time.
"""

from __future__ import annotations

import datetime as dt
import os
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as `python tools/...py` from anywhere
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjong_league.settings")
# Production settings over plain http on the loopback (nginx's TLS is not what is measured).
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
# The shared cache of the production recipe (docs/operations.md), under a prefix of its own.
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/0")
os.environ.setdefault("CACHE_KEY_PREFIX", "club-night-")

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.test import Client  # noqa: E402

from games import services  # noqa: E402
from games.models import Club, Membership, Player, Season, Session  # noqa: E402
from tools.bench_import import bench_club, delete_bench_club  # noqa: E402
from tools.bench_reads import fill_season  # noqa: E402

# A hand every table can record whatever came before (HK: a 3-faan discard win).
HAND = {"outcome": "discard", "winner": 1, "faan": 3, "blamed": 2}
TONIGHT = dt.date(2027, 1, 15)


@dataclass(frozen=True)
class Table:
    """One open table: its session, the member who records its hands and their token."""

    session_id: int
    token: str
    cookie: str  # the recorder's signed-in browser session (the score sheet polls with it)


@dataclass(frozen=True)
class Night:
    club_id: int
    slug: str
    season_id: int
    tables: list[Table]
    organiser_cookie: str
    tool_token: str


def night_build(*, games: int, tables: int, players: int = 200) -> Night:
    """A public club with ``games`` games of HK history in one season, ``players`` players
    in all and ``tables`` sessions open tonight, each with a member of its own recording."""
    club, season = bench_club("hk")
    fill_season(season, games)
    roster = _roster(club, players)
    organiser = _member(club, "organiser", Membership.Role.ORGANISER)
    open_tables = [_table(club, season, roster, n, organiser) for n in range(tables)]
    tool = _member(club, "tool", Membership.Role.VIEWER)
    _, tool_token = services.api_token_create(user=tool, name="tool", read_only=True)
    return Night(
        club_id=club.pk,
        slug=club.slug,
        season_id=season.pk,
        tables=open_tables,
        organiser_cookie=_cookie(organiser),
        tool_token=tool_token,
    )


def night_delete(club_id: int) -> None:
    """Delete the club, its history and its accounts."""
    club = Club.objects.get(pk=club_id)
    users = list(User.objects.filter(membership__club=club).values_list("pk", flat=True))
    delete_bench_club(club)
    User.objects.filter(pk__in=users).delete()


def _roster(club: Club, players: int) -> list[Player]:
    have = list(club.players.order_by("pk"))
    for n in range(len(have), players):
        have.append(services.player_create(club=club, name=f"Guest {n + 1}"))
    return have


def _member(club: Club, name: str, role: str) -> User:
    user = User.objects.create_user(username=f"{club.slug}-{name}", password=None)
    services.membership_set(club=club, user=user, role=role)
    return user


def _table(club: Club, season: Season, roster: list[Player], n: int, by: User) -> Table:
    seated = [roster[(4 * n + seat) % len(roster)] for seat in range(4)]
    session: Session = services.session_start(
        season=season, played_on=TONIGHT, players=seated, by=by
    )
    recorder = _member(club, f"table{n + 1}", Membership.Role.MEMBER)
    _, token = services.api_token_create(user=recorder, name="table", read_only=False)
    return Table(session_id=session.pk, token=token, cookie=_cookie(recorder))


def _cookie(user: User) -> str:
    """The session cookie of ``user`` signed in, as a browser holds it."""
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value
