"""Importing through the pages: upload, preview, confirm; permissions; bad uploads."""

from __future__ import annotations

import datetime as dt
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from games import importing, services
from games.models import Club, Hand, Player, RuleSetVersion, Season, Session
from games.views.files import PENDING
from tests.games.pages import text

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


def upload(
    client: Client, season: Season, data: bytes | str, name: str = "scores.txt", **extra: Any
) -> Any:
    content = data.encode() if isinstance(data, str) else data
    fields = {"score_format": "hk", "score_file": SimpleUploadedFile(name, content), **extra}
    return client.post(f"/c/dragons/seasons/{season.pk}/import/", fields)


def confirm(client: Client, season: Season, **extra: Any) -> Any:
    digest = client.session[PENDING]["digest"]
    return client.post(
        f"/c/dragons/seasons/{season.pk}/import/confirm/", {"digest": digest, **extra}
    )


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


def test_confirming_imports_the_previewed_file(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    upload(as_alice, season, TWO_TABLES)
    response = confirm(as_alice, season, create_players="on")
    assert response.status_code == 302
    assert response["Location"] == f"/c/dragons/seasons/{season.pk}/"
    assert Hand.objects.filter(session__season=season).count() == 3
    assert Player.objects.filter(name="Eve").exists()
    page = as_alice.get(response["Location"]).content.decode()
    assert "Imported 3 hands in 2 new sessions and added 1 players." in page


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
    page = upload(as_alice, season, TWO_TABLES).content.decode()
    assert "Nothing new to import" in page and "3 already imported" in page
    assert ">Import</button>" not in page


def test_new_rule_set_versions_are_shown(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    page = upload(as_alice, season, "A B C D\n1 - - -\n").content.decode()
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
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "This is a binary file, not a score file"),
        (b"A B C D\n\xe9t\xe9\n", "line 2: file is not valid UTF-8"),
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
    monkeypatch.setattr(importing.reading, "MAX_FILE_BYTES", 1024 * 1024)
    response = upload(as_alice, season, b"# padding\n" * 110_000)
    assert response.status_code == 200
    assert "The file is larger than 1 MB." in response.content.decode()


def test_an_upload_without_a_file_is_asked_again(as_alice: Client, season: Season) -> None:
    response = as_alice.post(f"/c/dragons/seasons/{season.pk}/import/", {"score_format": "hk"})
    assert "This field is required." in response.content.decode()


def test_a_stale_or_forged_confirmation_imports_nothing(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    url = f"/c/dragons/seasons/{season.pk}/import/confirm/"
    response = as_alice.post(url, {"digest": "0" * 64})
    assert response.status_code == 302
    assert response["Location"] == f"/c/dragons/seasons/{season.pk}/import/"
    upload(as_alice, season, TWO_TABLES)
    as_alice.post(url, {"digest": "0" * 64, "create_players": "on"})
    assert not Hand.objects.exists()


def test_a_preview_for_one_season_cannot_be_confirmed_into_another(
    as_alice: Client, club: Club, season: Season, players: list[Player]
) -> None:
    other = services.season_save(club=club, name="Other", rule_set=season.rule_set)
    upload(as_alice, season, TWO_TABLES)
    digest = as_alice.session[PENDING]["digest"]
    as_alice.post(f"/c/dragons/seasons/{other.pk}/import/confirm/", {"digest": digest})
    assert not Hand.objects.exists()


def test_only_organisers_import(
    as_bob: Client, as_charlie: Client, client: Client, season: Season
) -> None:
    url = f"/c/dragons/seasons/{season.pk}/import/"
    assert as_bob.get(url).status_code == 403
    assert as_charlie.get(url).status_code == 403
    assert upload(as_bob, season, TWO_TABLES).status_code == 403
    assert as_bob.post(url + "confirm/", {"digest": "x"}).status_code == 403
    assert client.get(url).status_code == 302  # to the sign-in page


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


def test_the_previewed_file_waits_outside_the_session(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    upload(as_alice, season, TWO_TABLES)
    pending = as_alice.session[PENDING]
    assert "text" not in pending and "B=2" not in str(dict(as_alice.session))
    assert default_storage.exists(pending["file"])
    assert importing.pending_file_read(name=pending["file"]) == TWO_TABLES.rstrip("\n")
    confirm(as_alice, season, create_players="on")
    assert Hand.objects.count() == 3
    assert not default_storage.exists(pending["file"]) and PENDING not in as_alice.session


def test_a_second_preview_replaces_the_first_file(as_alice: Client, season: Season) -> None:
    upload(as_alice, season, TWO_TABLES)
    first = as_alice.session[PENDING]["file"]
    upload(as_alice, season, TWO_TABLES.replace("- 2 d -", "- 3 d -"))
    assert not default_storage.exists(first)
    assert default_storage.exists(as_alice.session[PENDING]["file"])


def test_a_preview_whose_file_expired_asks_for_the_file_again(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    upload(as_alice, season, TWO_TABLES)
    default_storage.delete(as_alice.session[PENDING]["file"])
    response = confirm(as_alice, season, create_players="on")
    assert response["Location"] == f"/c/dragons/seasons/{season.pk}/import/"
    assert not Hand.objects.exists()


def test_previews_never_confirmed_are_removed_after_a_day(
    as_alice: Client, season: Season, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = importing.pending_file_save(text="A B C D\n")
    later = timezone.now() + importing.PENDING_LIFETIME + dt.timedelta(minutes=1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    upload(as_alice, season, TWO_TABLES)
    assert not default_storage.exists(old)
    assert default_storage.exists(as_alice.session[PENDING]["file"])


def test_a_file_too_big_to_import_in_a_request_names_the_command(
    as_alice: Client, season: Season, players: list[Player], settings: Any
) -> None:
    settings.SCORE_IMPORT_PAGE_MAX_GAMES = 2
    response = upload(as_alice, season, TWO_TABLES)
    page = text(response)
    assert response.status_code == 200
    assert "The file has 3 games; this page imports at most 2 at a time" in page
    assert "manage.py import_scores" in page
    assert PENDING not in as_alice.session and not Hand.objects.exists()


def test_the_command_line_has_no_game_limit(
    season: Season, players: list[Player], tmp_path: Path, settings: Any
) -> None:
    settings.SCORE_IMPORT_PAGE_MAX_GAMES = 2
    scores = tmp_path / "scores.txt"
    scores.write_text(TWO_TABLES)
    out = StringIO()
    args = ["--club", "dragons", "--season", "Spring", "--create-players", str(scores)]
    call_command("import_scores", *args, stdout=out)
    assert "3 games" in out.getvalue() and Hand.objects.count() == 3
