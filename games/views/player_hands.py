"""The player's hands on their page, newest first, 25 to a page by keyset (no count)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import BadRequest
from django.http import HttpRequest

from games import selectors
from games.keyset import Keyset
from games.models import Player, Score

HANDS_PER_PAGE = 25
# Served by the index score_player_newest (player, played_on, session, hand, id).
NEWEST_FIRST = Keyset(("-played_on", "-session_id", "-hand_id", "-id"))
NOT_OURS = "This link's page mark is not one the site gave out."


def hands_page(
    request: HttpRequest, player: Player, family: str, *, only: bool = False
) -> dict[str, Any]:
    """One page of the player's hands in ``family`` and the marks of its neighbours.

    When it is the ``only`` family they play, the page is one range of the index alone:
    no join to the rule sets that the planner could start from instead (it would, for the
    small rule-set tables that autovacuum never analyses)."""
    newer = "hands_after" in request.GET  # the page before a hand (?hands_after=)
    position = position_of(request.GET.get("hands_after" if newer else "hands_before"))
    scores = selectors.player_scores(player=player, family=None if only else family)
    rows, more = NEWEST_FIRST.page(scores, position, HANDS_PER_PAGE, backwards=newer)
    has_older, has_newer = (True, more) if newer else (more, position is not None)
    return {
        "scores": rows,
        "hands_older": mark_of(rows[-1]) if rows and has_older else None,
        "hands_newer": mark_of(rows[0]) if rows and has_newer else None,
    }


def mark_of(score: Score) -> str:
    """Where a page starts or ends: ``2024-05-01.12.345.6789`` (date, session, hand, score)."""
    ids = (score.session_id, score.hand_id, score.pk)
    return ".".join([score.played_on.isoformat(), *map(str, ids)])


def position_of(mark: str | None) -> tuple[dt.date, int, int, int] | None:
    if mark is None:
        return None
    date, *ids = mark.split(".")
    if len(ids) != 3 or not all(_is_id(part) for part in ids):
        raise BadRequest(NOT_OURS)
    try:
        played_on = dt.date.fromisoformat(date)
    except ValueError:
        raise BadRequest(NOT_OURS) from None
    return played_on, int(ids[0]), int(ids[1]), int(ids[2])


def _is_id(part: str) -> bool:
    return part.isascii() and part.isdigit() and len(part) <= 18
