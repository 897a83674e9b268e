"""A ten-year club's score file through the import page: 150,000 games, checked and imported
by the worker while the organiser's requests answer at once."""

from __future__ import annotations

import datetime as dt
import random
import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games.importing.models import ImportJob
from games.models import Hand, Player, Score, Season
from tests.games.pages import text
from tests.workers import run_worker

# Seconds it takes on one core: the slowest modules start first, so workers end together.
pytestmark = pytest.mark.slow(seconds=10)

GAMES, PER_SESSION = 150_000, 100
# What a night's table writes: discards, self-draws, and now and then a draw or a false win.
GAME_LINES = [
    "1 - - -",
    "- 2 d -",
    "- - 3 d",
    "d - - 4",
    "5 d - -",
    "- S - 6",
    "- - - -",
    "- - - f",
]


def season_file() -> str:
    draw = random.Random(150)
    lines = ["B=2", "M=6", "R=half"]
    first = dt.date(2016, 1, 1)
    for night in range(GAMES // PER_SESSION):
        lines += [(first + dt.timedelta(days=night)).isoformat(), "A B C D"]
        lines += draw.choices(GAME_LINES, k=PER_SESSION)
    return "\n".join(lines) + "\n"


def test_a_150k_game_file_uploaded_on_the_page_is_imported_by_the_worker(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    upload = SimpleUploadedFile("ten-years.txt", season_file().encode())
    url = f"/c/dragons/seasons/{season.pk}/import/"
    response = as_alice.post(url, {"score_format": "hk", "score_file": upload})
    job = ImportJob.objects.get()
    assert response.status_code == 302 and job.status == ImportJob.Status.CHECKING

    run_worker()  # the check

    preview = text(as_alice.get(response["Location"]))
    assert "ten-years.txt: 150000 games" in preview and "1500 sessions to create" in preview
    job.refresh_from_db()
    started = time.monotonic()
    confirmed = as_alice.post(response["Location"] + "confirm/", {"digest": job.digest})
    assert time.monotonic() - started < 2
    assert confirmed.status_code == 302 and confirmed["Location"] == response["Location"]

    run_worker()  # the import

    assert Hand.objects.filter(session__season=season).count() == GAMES
    assert Score.objects.filter(season=season).count() == 4 * GAMES
    page = as_alice.get(response["Location"])
    assert '<progress id="import-bar" max="100" value="100"' in page.content.decode()
    assert "Imported 150000 hands in 1500 new sessions" in text(page)
