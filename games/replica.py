"""Reads that tolerate a second of lag go to the read replica (DATABASE_REPLICA_URL).

Which reads: the public API's lists and standings, the exports and the statistics pages
(``LAG_TOLERANT``, by view name: namespace and name), asked with GET or HEAD. Everything
else, every write and every read of a request from someone who has just written, goes to
the primary: a write answered with success sets a short-lived cookie
(``RECENT_WRITE_COOKIE``, a few seconds),
and while it lasts the writer reads the primary, so that the score sheet after a save shows
the hand saved. Without a replica configured every read goes to the primary.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.core.signals import request_finished
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse

PRIMARY, REPLICA = "default", "replica"
RECENT_WRITE_COOKIE = "wrote"
SAFE_METHODS = frozenset({"GET", "HEAD"})
LAG_TOLERANT = frozenset(
    {
        # The public API's lists, standings and statistics.
        "api:clubs",
        "api:players",
        "api:player-stats",
        "api:player-family-stats",
        "api:player-head-to-head",
        "api:ratings",
        "api:rule-sets",
        "api:seasons",
        "api:season-standings",
        "api:sessions",
        "api:hands",
        # Standings, ratings and the exports of a season.
        "league:season",
        "stats:ratings",
        "league:season_export",
        "league:season_standings_file",
    }
)

lag_tolerated: ContextVar[bool] = ContextVar("lag_tolerated", default=False)


def read_alias() -> str:
    """The database this request's reads go to."""
    return REPLICA if lag_tolerated.get() and replica_configured() else PRIMARY


def replica_configured() -> bool:
    """A replica of its own: in the test suite the alias mirrors the test database, whose
    uncommitted data only the primary's connection sees, so reads stay there."""
    replica = settings.DATABASES.get(REPLICA)
    return replica is not None and not replica.get("TEST", {}).get("MIRROR")


class ReplicaRouter:
    """Django's database router: reads as ``read_alias`` says, writes and migrations to the
    primary (the replica copies them)."""

    def db_for_read(self, model: type, **hints: Any) -> str:
        return read_alias()

    def db_for_write(self, model: type, **hints: Any) -> str:
        return PRIMARY

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool:
        return True  # one database, two copies

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool:
        return db == PRIMARY


class ReplicaReadsMiddleware:
    """Marks the request's reads as tolerant of lag when its view is one of ``LAG_TOLERANT``
    and the caller has not just written; marks a successful write with the cookie."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        lag_tolerated.set(False)
        response = self.get_response(request)
        if request.method not in SAFE_METHODS and response.status_code < 400:
            response.set_cookie(
                RECENT_WRITE_COOKIE,
                "1",
                max_age=settings.REPLICA_READ_YOUR_WRITES_SECONDS,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response

    def process_view(self, request: HttpRequest, *args: Any) -> None:
        match = request.resolver_match
        lag_tolerated.set(
            request.method in SAFE_METHODS
            and match is not None
            and match.view_name in LAG_TOLERANT
            and RECENT_WRITE_COOKIE not in request.COOKIES
        )


@receiver(request_finished)
def forget_lag_tolerance(**kwargs: Any) -> None:
    """A streamed export reads until its answer is sent; after it, the primary again."""
    lag_tolerated.set(False)
