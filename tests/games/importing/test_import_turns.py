"""An import written in turns (SQLite, outside a caller's transaction): the same sessions,
hands, scores and kept totals as in one transaction, and its progress told to the end."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.importing import score_import
from games.models import Hand, Player, Score, Season, SessionSeatTotal
from games.stats.models import RatingsPending
from games.totals import sessions_summed
from scoring.score_files import HK_FORMAT

SESSIONS, PER_SESSION = 5, 600  # groups of 1,000 hands or more: three turns


def score_file() -> str:
    lines = ["B=2", "M=6", "R=half"]
    for night in range(SESSIONS):
        lines += [(dt.date(2016, 1, 1) + dt.timedelta(days=night)).isoformat(), "A B C D"]
        lines += ["1 - - -", "- 2 d -", "- - 3 d"] * (PER_SESSION // 3)
    return "\n".join(lines) + "\n"


@pytest.mark.django_db(transaction=True)
def test_an_import_in_turns_writes_what_one_transaction_would(
    season: Season, players: list[Player], alice: User, settings: Any
) -> None:
    settings.SQLITE_HOLD_MS = 0  # a turn for each group, where writes take turns
    told: list[tuple[str, int, int]] = []
    plan = score_import.import_scores(
        season=season,
        text=score_file(),
        score_format=HK_FORMAT,
        by=alice,
        progress=lambda stage, done, total: told.append((stage, done, total)),
    )
    games = SESSIONS * PER_SESSION
    assert plan.new_hand_count == games == Hand.objects.filter(session__season=season).count()
    assert Score.objects.filter(season=season).count() == 4 * games
    sessions = list(season.sessions.values_list("pk", flat=True))
    kept = SessionSeatTotal.objects.order_by("session_id", "seat").values(*SUMMED)
    assert len(sessions) == SESSIONS
    assert list(kept) == sorted(
        ({k: row[k] for k in SUMMED} for row in sessions_summed(sessions)),
        key=lambda row: (row["session_id"], row["seat"]),
    )
    writing = [done for stage, done, total in told if stage == "writing" and total == games]
    assert writing == sorted(writing) and writing[-1] >= games - 1000
    assert RatingsPending.objects.get().since == dt.date(2016, 1, 1)


SUMMED = ("session_id", "seat", "player_id", "net")
