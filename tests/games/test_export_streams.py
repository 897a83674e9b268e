"""The downloads stream, and say byte for byte what they said before they streamed.

The files under ``data/exports/`` were written by the exports as they were before they
streamed (all in memory), from the seasons below; the score file's first line carries the
day of the export and is compared without it.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.http import StreamingHttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import exporting, services
from games.importing import score_import
from games.models import Club, Hand, Season
from scoring.score_files import BIG_TWO_FORMAT, HK_FORMAT
from tests.conftest import HK_HALF

EXPORTS = Path(__file__).resolve().parent / "data" / "exports"
ENGINE_DATA = Path(__file__).resolve().parents[1] / "engine" / "data"
DISCARD = {"outcome": "discard", "winner": 1, "faan": 2, "blamed": 2}
SELF_DRAWN = {"outcome": "self_drawn", "winner": 0, "faan": 3}
UNDATED_ON = dt.date(2026, 11, 24)  # the day the files were written


def build_mixed(club: Club, alice: User) -> Season:
    """Names that clash once made tokens, two sessions on one day, an older day started
    later, a session without hands, a deleted hand, and the rules changed mid-season."""
    rules = services.rule_set_create(club=club, name="Mixed", family="hk", params=HK_HALF, by=alice)
    season = services.season_save(club=club, name="Mixed", rule_set=rules)
    names = ["Mary Jane", "Mary_Jane", "=1+1", "D", "E"]
    people = [services.player_create(club=club, name=name) for name in names]

    def play(day: int, seats: list[int], hands: list[dict[str, Any]]) -> None:
        session = services.session_start(
            season=season,
            played_on=dt.date(2026, 1, day),
            players=[people[seat] for seat in seats],
            by=alice,
        )
        for hand_input in hands:
            services.hand_record(session=session, hand_input=hand_input, by=alice)

    play(2, [0, 1, 2, 3], [DISCARD, SELF_DRAWN, {"outcome": "draw"}])
    play(2, [4, 3, 2, 1], [SELF_DRAWN])
    play(1, [1, 0, 3, 4], [DISCARD, DISCARD])
    play(3, [0, 1, 2, 3], [])
    doomed = Hand.objects.filter(session__season=season).latest("id")
    services.hand_delete(hand=doomed, expected_version=doomed.version, reason="wrong", by=alice)
    services.rule_set_update(
        rule_set=rules, name="Mixed", params={**HK_HALF, "base": "1"}, by=alice
    )
    play(4, [3, 2, 1, 0], [SELF_DRAWN, DISCARD])
    return season


def build_hk(club: Club, alice: User) -> Season:
    return _imported(club, alice, "hk", HK_HALF, "hk-scorer/comprehensive.txt")


def build_big_two(club: Club, alice: User) -> Season:
    return _imported(
        club, alice, "big_two", {"fry_threshold": 10}, "big-two-scorer/big-two-2013.txt"
    )


def _imported(club: Club, alice: User, family: str, params: Any, path: str) -> Season:
    rules = services.rule_set_create(club=club, name=family, family=family, params=params, by=alice)
    season = services.season_save(club=club, name=family, rule_set=rules)
    score_format = {"hk": HK_FORMAT, "big_two": BIG_TWO_FORMAT}[family]
    text = (ENGINE_DATA / path).read_text()
    score_import.import_scores(
        season=season,
        text=text,
        score_format=score_format,
        by=None,
        create_players=True,
        undated_on=UNDATED_ON,
    )
    return season


SEASONS = {"mixed": build_mixed, "hk": build_hk, "big_two": build_big_two}
FILES = {"scores.txt": "txt", "standings.csv": "csv", "standings.tsv": "tsv"}


def download(client: Client, season: Season, path: str) -> bytes:
    response = client.get(f"/c/{season.club.slug}/seasons/{season.pk}/{path}")
    assert response.status_code == 200
    assert isinstance(response, StreamingHttpResponse)
    return b"".join(response.streaming_content)  # type: ignore[arg-type]


def without_export_day(content: bytes) -> bytes:
    first, _, rest = content.partition(b"\n")
    assert first.startswith(b"# ") and b", exported " in first
    return rest


@pytest.mark.parametrize("path", FILES)
@pytest.mark.parametrize("name", SEASONS)
def test_each_download_streams_the_bytes_it_gave_before(
    as_charlie: Client, club: Club, alice: User, name: str, path: str
) -> None:
    season = SEASONS[name](club, alice)
    content = download(as_charlie, season, path)
    expected = (EXPORTS / f"{name}.{FILES[path]}").read_bytes()
    if path == "scores.txt":
        content = without_export_day(content)
    assert content == expected


def test_the_score_file_reads_the_season_in_chunks(
    club: Club, alice: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With chunks of two rows, the file is read in many small queries and is the same."""
    season = build_mixed(club, alice)
    whole = "".join(exporting.season_score_file(season=season, score_format=HK_FORMAT))
    monkeypatch.setattr(exporting, "CHUNK", 2)
    with CaptureQueriesContext(connection) as queries:
        chunked = "".join(exporting.season_score_file(season=season, score_format=HK_FORMAT))
    assert chunked == whole
    # The sessions, their seats chunk by chunk (five sessions: three), the hands, the names.
    assert len(queries) >= 6


def test_nothing_is_read_before_the_download_starts(
    as_charlie: Client, club: Club, alice: User
) -> None:
    season = build_mixed(club, alice)
    with CaptureQueriesContext(connection) as queries:
        response = as_charlie.get(f"/c/{club.slug}/seasons/{season.pk}/scores.txt")
    before = len(queries)
    with CaptureQueriesContext(connection) as queries:
        content = b"".join(response.streaming_content)  # type: ignore[attr-defined]
    assert b"Mary_Jane_2" in content
    assert len(queries) > 0, "the hands are read while the file streams, not before"
    assert before > 0
