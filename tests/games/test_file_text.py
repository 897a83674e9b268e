"""Every file the league reads (score-file import page and command, PMN upload, a classical
rules file) refuses a NUL or bytes that are not UTF-8 with one message naming the line and
column: never a 500, and nothing written."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client

from games import services
from games.models import Club, Season
from tests.engine.test_text import BAD_FILES
from tests.games.pages import snapshot, text


@dataclass(frozen=True)
class Seasons:
    hk: Season
    mcr: Season


@pytest.fixture
def seasons(club: Club, season: Season, alice: User) -> Seasons:
    rules = services.rule_set_create(
        club=club, name="MCR", family="mcr", params={"preset": "standard"}, by=alice
    )
    return Seasons(season, services.season_save(club=club, name="MCR 2026", rule_set=rules))


def score_import_page(client: Client, seasons: Seasons, data: bytes, tmp_path: Path) -> str:
    upload = SimpleUploadedFile("scores.txt", data)
    response = client.post(
        f"/c/dragons/seasons/{seasons.hk.pk}/import/",
        {"score_format": "hk", "score_file": upload},
    )
    assert response.status_code == 200
    return text(response)


def import_scores_command(client: Client, seasons: Seasons, data: bytes, tmp_path: Path) -> str:
    path = tmp_path / "scores.txt"
    path.write_bytes(data)
    with pytest.raises(CommandError) as refused:
        call_command("import_scores", "--club", "dragons", "--season", "Spring", str(path))
    return str(refused.value)


def pmn_upload_page(client: Client, seasons: Seasons, data: bytes, tmp_path: Path) -> str:
    upload = SimpleUploadedFile("game.pmn", data)
    fields = {"rule_set": seasons.mcr.rule_set_id, "played_on": "2026-05-01", "action": "import"}
    response = client.post(
        f"/c/dragons/seasons/{seasons.mcr.pk}/import-pmn/", {**fields, "files": [upload]}
    )
    assert response.status_code == 200
    return text(response)


def rules_file_upload_page(client: Client, seasons: Seasons, data: bytes, tmp_path: Path) -> str:
    upload = SimpleUploadedFile("house.rules", data, "text/plain")
    fields = {"name": "House", "rules": "file", "rules_file": upload, "stake": "100"}
    response = client.post("/c/dragons/rules/new/classical/", fields)
    assert response.status_code == 200
    return text(response)


Reader = Callable[[Client, Seasons, bytes, Path], str]
# Each reader, and how it puts the file's name before the message.
READERS: list[tuple[Reader, str]] = [
    (score_import_page, ""),
    (import_scores_command, "scores.txt: "),
    (pmn_upload_page, "game.pmn, "),
    (rules_file_upload_page, ""),
]


@pytest.mark.parametrize(("data", "message"), BAD_FILES)
@pytest.mark.parametrize(
    ("read", "named"), READERS, ids=[read.__name__ for read, _named in READERS]
)
def test_every_upload_names_the_line_and_column_and_writes_nothing(
    as_alice: Client,
    seasons: Seasons,
    tmp_path: Path,
    read: Reader,
    named: str,
    data: bytes,
    message: str,
) -> None:
    before = snapshot()

    shown = read(as_alice, seasons, data, tmp_path)

    assert named + message in shown
    assert snapshot() == before
