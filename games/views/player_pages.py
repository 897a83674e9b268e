"""The player's hands and sessions on their page, newest first, 25 to a page by keyset:
nothing counts them, and a deep page costs what the first does."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import BadRequest
from django.db.models import Model, QuerySet
from django.http import HttpRequest

from games import selectors
from games.keyset import Keyset
from games.models import Player

PER_PAGE = 25
# Served by the index score_player_newest (player, played_on, session, hand), in its very
# order: a player has one seat per session, so one score per hand, and the order is unique.
HANDS_NEWEST_FIRST = Keyset(("-played_on", "-session_id", "-hand_id"))
# Served by the index total_player_newest (player, played_on, session).
SESSIONS_NEWEST_FIRST = Keyset(("-played_on", "-session_id"))
NOT_OURS = "This link's page mark is not one the site gave out."


def hands_page(
    request: HttpRequest, player: Player, family: str, *, only: bool = False
) -> dict[str, Any]:
    """One page of the player's hands in ``family`` and the marks of its neighbours.

    When it is the ``only`` family they play, the page is one range of the index alone:
    no join to the rule sets that the planner could start from instead (it would, for the
    small rule-set tables that autovacuum never analyses)."""
    scores = selectors.player_scores(player=player, family=None if only else family)
    return _page(request, "hands", scores, HANDS_NEWEST_FIRST)


def sessions_page(
    request: HttpRequest, player: Player, family: str, *, only: bool = False
) -> dict[str, Any]:
    """One page of the player's sessions in ``family`` (their kept totals)."""
    totals = selectors.player_sessions(player=player, family=None if only else family)
    return _page(request, "sessions", totals, SESSIONS_NEWEST_FIRST)


def _page(request: HttpRequest, name: str, rows: QuerySet[Any], order: Keyset) -> dict[str, Any]:
    """The page of ``rows`` that ``?NAME_before=`` or ``?NAME_after=`` asks for, as
    ``NAME`` with the marks ``NAME_older`` and ``NAME_newer`` of the pages beside it."""
    newer = f"{name}_after" in request.GET  # the page before a row (?NAME_after=)
    mark = request.GET.get(f"{name}_after" if newer else f"{name}_before")
    position = position_of(mark, len(order.names) - 1)
    page, more = order.page(rows, position, PER_PAGE, backwards=newer)
    has_older, has_newer = (True, more) if newer else (more, position is not None)
    return {
        name: page,
        f"{name}_older": mark_of(order, page[-1]) if page and has_older else None,
        f"{name}_newer": mark_of(order, page[0]) if page and has_newer else None,
    }


def mark_of(order: Keyset, row: Model) -> str:
    """Where a page starts or ends: ``2024-05-01.12.345`` (the date, then the ids)."""
    played_on, *ids = order.position(row)
    return ".".join([played_on.isoformat(), *map(str, ids)])


def position_of(mark: str | None, ids: int) -> tuple[Any, ...] | None:
    """The date and ``ids`` ids of a mark the site gave out (anything else is a 400)."""
    if mark is None:
        return None
    date, *parts = mark.split(".")
    if len(parts) != ids or not all(_is_id(part) for part in parts):
        raise BadRequest(NOT_OURS)
    try:
        played_on = dt.date.fromisoformat(date)
    except ValueError:
        raise BadRequest(NOT_OURS) from None
    return (played_on, *map(int, parts))


def _is_id(part: str) -> bool:
    return part.isascii() and part.isdigit() and len(part) <= 18
