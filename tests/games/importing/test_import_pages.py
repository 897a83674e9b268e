"""Importing through the pages: upload, preview, confirm; permissions; bad uploads."""

from __future__ import annotations

import datetime as dt
import uuid
from io import StringIO
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from games import services
from games.importing import reading, score_import
from games.importing.models import ImportJob
from games.models import Club, Hand, Player, RuleSetVersion, Season, Session
from scoring.score_files import HK_FORMAT
from tests.games.pages import text
from tests.workers import run_worker

TWO_TABLES = """\
B=2
M=6
R=half
2024-01-05
A B C D
- 2 d -
1 - - -
A B C Eve
- - - f
"""
UNDATED = "B=2\nM=6\nR=half\nA B C D\n- 2 d -\n1 - - -\n"


def upload(
    client: Client, season: Season, data: bytes | str, name: str = "scores.txt", **extra: Any
) -> Any:
    """Upload a file; the answer is the page it leads to (its job's page once it is kept)."""
    content = data.encode() if isinstance(data, str) else data
    fields = {"score_format": "hk", "score_file": SimpleUploadedFile(name, content), **extra}
    return client.post(f"/c/dragons/seasons/{season.pk}/import/", fields, follow=True)


def latest_job() -> ImportJob:
    job = ImportJob.objects.order_by("-created_at").first()
    assert job is not None
    return job


def job_url(job: ImportJob, step: str = "") -> str:
    return f"/c/dragons/imports/{job.pk}/{step}"


def confirm(client: Client, season: Season, **extra: Any) -> Any:
    job = latest_job()
    return client.post(job_url(job, "confirm/"), {"digest": job.digest, **extra})


work = run_worker


def test_the_import_page_offers_the_seasons_format(as_alice: Client, season: Season) -> None:
    page = as_alice.get(f"/c/dragons/seasons/{season.pk}/import/").content.decode()
    assert 'enctype="multipart/form-data"' in page
    assert '<option value="hk" selected>' in page


def test_the_preview_shows_what_would_be_created_and_writes_nothing(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    page = upload(as_alice, season, TWO_TABLES).content.decode()
    assert "scores.txt: 3 games" in page
    assert "<strong>2</strong> sessions to create" in page
    assert "<strong>3</strong> hands to add" in page
    assert "New players (1)" in page and "Eve <small>(line 8)</small>" in page
    assert "Add the new players listed above to the club" in page
    assert "New rule-set versions" not in page  # the file's rules are the season's
    assert "A · B · C · Eve" in page
    assert not Session.objects.exists() and not Player.objects.filter(name="Eve").exists()


def test_confirming_queues_the_import_and_a_worker_imports_it(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    upload(as_alice, season, TWO_TABLES)
    response = confirm(as_alice, season, create_players="on")
    job = latest_job()
    assert response.status_code == 302 and response["Location"] == job_url(job)
    assert job.status == ImportJob.Status.QUEUED and not Hand.objects.exists()
    assert "Waiting for a worker" in text(as_alice.get(job_url(job)))

    work()

    assert Hand.objects.filter(session__season=season).count() == 3
    assert Player.objects.filter(name="Eve").exists()
    page = text(as_alice.get(job_url(job)))
    assert "Imported 3 hands in 2 new sessions and added 1 player." in page
    assert 'value="100"' in as_alice.get(job_url(job)).content.decode()
    season_page = text(as_alice.get(f"/c/dragons/seasons/{season.pk}/"))
    assert "scores.txt · Imported: 3 hands" in season_page


def test_confirming_without_allowing_new_players_lists_them_and_asks_again(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    upload(as_alice, season, TWO_TABLES)
    page = confirm(as_alice, season).content.decode()
    assert "line 8: Dragons has no player called &#x27;Eve&#x27;" in page
    assert "Add the new players listed above to the club" in page
    assert not Hand.objects.exists()
    assert confirm(as_alice, season, create_players="on").status_code == 302


def test_a_second_upload_of_the_same_file_has_nothing_to_import(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    upload(as_alice, season, TWO_TABLES)
    confirm(as_alice, season, create_players="on")
    work()
    page = upload(as_alice, season, TWO_TABLES).content.decode()
    assert "Nothing new to import" in page and "3 already imported" in page
    assert ">Import</button>" not in page


def test_a_checked_file_imported_meanwhile_is_not_imported_twice(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    """The import plans again, under its locks, what the check planned: the games another
    import wrote after the check are found by their client ids and left as they are."""
    upload(as_alice, season, TWO_TABLES)
    score_import.import_scores(
        season=season, text=TWO_TABLES, score_format=HK_FORMAT, by=None, create_players=True
    )
    confirm(as_alice, season, create_players="on")
    work()
    assert Hand.objects.count() == 3 and Session.objects.count() == 2
    assert latest_job().status == ImportJob.Status.DONE
    page = text(as_alice.get(job_url(latest_job())))
    assert "Imported 0 hands in 0 new sessions" in page
    assert "3 had been imported before and were left as they are." in page


def test_undated_games_are_imported_on_the_day_the_preview_showed(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    """The season has no start date, so undated games take the day of the check; the
    import, confirmed the next day, keeps that day (it took its own day before)."""
    checked_on, imported_on = dt.date(2026, 11, 26), dt.date(2026, 11, 27)
    with mock.patch("games.importing.planning.timezone.localdate", return_value=checked_on):
        upload(as_alice, season, UNDATED)
    assert [s["played_on"] for s in latest_job().preview["sessions"]] == ["2026-11-26"]
    with mock.patch("games.importing.planning.timezone.localdate", return_value=imported_on):
        confirm(as_alice, season)
        work()
    assert latest_job().status == ImportJob.Status.DONE
    assert list(Session.objects.values_list("played_on", flat=True)) == [checked_on]


def test_new_rule_set_versions_are_shown(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    page = upload(as_alice, season, "B=1\nM=13\nR=full\nA B C D\n1 - - -\n").content.decode()
    assert "Half rules v2: base 1 (五一), max 13 faan, full responsibility" in page
    assert not RuleSetVersion.objects.filter(number=2).exists()


def test_every_problem_is_shown_with_its_line_and_nothing_can_be_confirmed(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    text = "B=0.00001\nA B C D\n1 - - -\n2024-02-30\n- - - -\n"
    page = upload(as_alice, season, text).content.decode()
    assert "Nothing can be imported: 2 problems" in page
    assert "line 3: these rules cannot be used: base can have at most 4 decimal places" in page
    assert "line 5: these rules cannot be used" in page
    assert ">Import</button>" not in page


def test_an_invalid_line_shows_the_formats_explanation(as_alice: Client, season: Season) -> None:
    page = upload(as_alice, season, "A B C D\nhello there\n").content.decode()
    assert "line 2: invalid line" in page
    assert "A line must have one of the following forms" in page


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "The submitted file is empty."),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "line 1, column 1: not UTF-8 text"),
        (b"A B C D\n\xe9t\xe9\n", "line 2, column 1: not UTF-8 text"),
        (b"\n \n", "The file has no lines: it is empty."),
    ],
)
def test_bad_uploads_get_a_clear_message(
    as_alice: Client, season: Season, data: bytes, message: str
) -> None:
    response = upload(as_alice, season, data)
    assert response.status_code == 200
    assert message in response.content.decode()


def test_a_huge_upload_is_refused(
    as_alice: Client, season: Season, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reading, "MAX_FILE_BYTES", 1024 * 1024)
    response = upload(as_alice, season, b"# padding\n" * 110_000)
    assert response.status_code == 200
    assert "The file is larger than 1 MB." in response.content.decode()


def test_an_upload_without_a_file_is_asked_again(as_alice: Client, season: Season) -> None:
    response = as_alice.post(f"/c/dragons/seasons/{season.pk}/import/", {"score_format": "hk"})
    assert "This field is required." in response.content.decode()


def test_a_stale_or_forged_confirmation_imports_nothing(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    upload(as_alice, season, TWO_TABLES)
    job = latest_job()
    forged = {"digest": "0" * 64, "create_players": "on"}
    response = as_alice.post(job_url(job, "confirm/"), forged)
    assert response.status_code == 302
    assert response["Location"] == f"/c/dragons/seasons/{season.pk}/import/"
    assert as_alice.post(f"/c/dragons/imports/{uuid.uuid4()}/confirm/", {}).status_code == 404
    work()
    assert not Hand.objects.exists()
    assert latest_job().status == ImportJob.Status.CHECKED


def test_only_organisers_import(
    as_alice: Client, as_bob: Client, as_charlie: Client, client: Client, season: Season
) -> None:
    url = f"/c/dragons/seasons/{season.pk}/import/"
    assert as_bob.get(url).status_code == 403
    assert as_charlie.get(url).status_code == 403
    assert upload(as_bob, season, TWO_TABLES).status_code == 403
    upload(as_alice, season, TWO_TABLES)
    job = latest_job()
    for step in ("", "progress/"):
        assert as_bob.get(job_url(job, step)).status_code == 403
    for step in ("confirm/", "cancel/", "retry/"):
        assert as_bob.post(job_url(job, step), {"digest": job.digest}).status_code == 403
    assert latest_job().status == ImportJob.Status.CHECKED
    assert client.get(url).status_code == 302  # to the sign-in page


def test_the_season_page_lists_its_imports_to_organisers_only(
    as_alice: Client, as_bob: Client, season: Season
) -> None:
    upload(as_alice, season, TWO_TABLES, name="spring.txt")
    job = latest_job()
    page = as_alice.get(f"/c/dragons/seasons/{season.pk}/").content.decode()
    assert 'id="season-imports"' in page and f'href="{job_url(job)}">spring.txt</a>' in page
    page = as_bob.get(f"/c/dragons/seasons/{season.pk}/").content.decode()
    assert 'id="season-imports"' not in page and "spring.txt" not in page


def test_the_season_page_shows_its_standings_before_the_filters_and_imports(
    as_alice: Client, season: Season
) -> None:
    upload(as_alice, season, TWO_TABLES, name="spring.txt")
    page = as_alice.get(f"/c/dragons/seasons/{season.pk}/").content.decode()
    standings = page.index('<table class="standings')
    assert standings < page.index('class="filters"')
    assert standings < page.index('id="season-imports"')


def test_strangers_do_not_learn_a_private_club_exists(
    as_alice: Client, private_club: Club, dave: User
) -> None:
    rules = services.rule_set_create(club=private_club, name="HK", family="hk", params={}, by=dave)
    season = services.season_save(club=private_club, name="Secret", rule_set=rules)
    assert as_alice.get(f"/c/tigers/seasons/{season.pk}/import/").status_code == 404


def test_a_file_of_another_family_is_explained(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    response = upload(as_alice, season, "A B C D\n0 1 2 3\n", score_format="big_two")
    assert "holds Big Two" in response.content.decode()


def test_the_uploaded_file_waits_in_storage_and_goes_once_imported(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    upload(as_alice, season, TWO_TABLES)
    job = latest_job()
    assert "B=2" not in str(dict(as_alice.session))
    assert score_import.pending_file_read(name=job.file) == TWO_TABLES.rstrip("\n")
    confirm(as_alice, season, create_players="on")
    work()
    assert Hand.objects.count() == 3 and not default_storage.exists(job.file)


def test_a_job_whose_file_expired_fails_and_asks_for_the_file_again(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    upload(as_alice, season, TWO_TABLES)
    confirm(as_alice, season, create_players="on")
    default_storage.delete(latest_job().file)
    work()
    page = text(as_alice.get(job_url(latest_job())))
    assert "Failed" in page and "upload it again" in page
    assert not Hand.objects.exists()


def test_files_of_previews_never_confirmed_are_removed_after_a_day(
    as_alice: Client, season: Season, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = score_import.pending_file_save(text="A B C D\n")
    later = timezone.now() + score_import.PENDING_LIFETIME + dt.timedelta(minutes=1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    upload(as_alice, season, TWO_TABLES)
    assert not default_storage.exists(old)
    assert default_storage.exists(latest_job().file)


def test_a_long_file_is_checked_by_a_worker_then_confirmed(
    as_alice: Client, season: Season, players: list[Player], settings: Any
) -> None:
    settings.SCORE_IMPORT_CHECK_INLINE_LINES = 2
    page = text(upload(as_alice, season, TWO_TABLES))
    job = latest_job()
    assert job.status == ImportJob.Status.CHECKING and "Checking the file" in page
    assert ">Import</button>" not in page
    work()
    page = text(as_alice.get(job_url(job)))
    assert "2 sessions to create" in page and "3 hands to add" in page
    confirm(as_alice, season, create_players="on")
    work()
    assert Hand.objects.count() == 3
    assert latest_job().status == ImportJob.Status.DONE


def test_a_queued_import_can_be_cancelled_and_tried_again(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    upload(as_alice, season, TWO_TABLES)
    confirm(as_alice, season, create_players="on")
    job = latest_job()
    as_alice.post(job_url(job, "cancel/"))
    work()
    assert not Hand.objects.exists()
    page = text(as_alice.get(job_url(job)))
    assert "Cancelled: nothing of this file was saved." in page and "Try again" in page
    as_alice.post(job_url(job, "retry/"))
    work()
    assert Hand.objects.count() == 3 and latest_job().status == ImportJob.Status.DONE


def test_the_progress_of_a_job_is_told_as_json(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    upload(as_alice, season, TWO_TABLES)
    confirm(as_alice, season, create_players="on")
    job = latest_job()
    state = as_alice.get(job_url(job, "progress/")).json()
    assert state["status"] == "queued" and state["waiting"] and state["percent"] == 0
    assert state["figures"] == "Waiting for a worker…"
    work()
    state = as_alice.get(job_url(job, "progress/")).json()
    assert state["status"] == "done" and not state["waiting"] and state["percent"] == 100


def test_the_command_line_has_no_game_limit(
    season: Season, players: list[Player], tmp_path: Path, settings: Any
) -> None:
    settings.SCORE_IMPORT_CHECK_INLINE_LINES = 2
    scores = tmp_path / "scores.txt"
    scores.write_text(TWO_TABLES)
    out = StringIO()
    args = ["--club", "dragons", "--season", "Spring", "--create-players", str(scores)]
    call_command("import_scores", *args, stdout=out)
    assert "3 games" in out.getvalue() and Hand.objects.count() == 3
