"""A bad archive is refused with what is wrong and where (the file, the record), and nothing
of it is written."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.archive.loading import club_archive_load
from games.archive.reading import ArchiveRefused
from games.models import Club, Player
from tests.games.archive.clubs import exported, files_of, second_club, zipped

Spoil = Callable[[dict[str, Any]], Any]


def _hand(files: dict[str, Any]) -> dict[str, Any]:
    return files["hands.json"][0]


def _set(file: str, index: int, **values: Any) -> Spoil:
    def spoil(files: dict[str, Any]) -> None:
        files[file][index].update(values)

    return spoil


def _newer(files: dict[str, Any]) -> None:
    files["manifest.json"]["version"] = 2


def _other_format(files: dict[str, Any]) -> None:
    files["manifest.json"]["format"] = "something-else"


def _no_seats(files: dict[str, Any]) -> None:
    del files["seats.json"]


def _not_json(files: dict[str, Any]) -> None:
    files["players.json"] = "[{"


def _too_deep(files: dict[str, Any]) -> None:
    files["hands.json"] = "[" * 100_000 + "]" * 100_000


def _twice(files: dict[str, Any]) -> None:
    files["hands.json"].append({**_hand(files), "id": 999999})


def _account_twice(files: dict[str, Any]) -> None:
    files["accounts.json"].append(files["accounts.json"][0])


def _extra_field(files: dict[str, Any]) -> None:
    files["players.json"][1]["nickname"] = "Ty"


CASES = [
    (_newer, "manifest.json: the archive is of version 2, newer than this site reads (1)"),
    (_other_format, "manifest.json: its format is not 'mahjong-league-club'"),
    (_no_seats, "The archive has no seats.json"),
    (_not_json, "players.json: it is not JSON (line 1, column 3"),
    (_too_deep, "hands.json: its JSON is nested too deeply."),
    (
        _set("hands.json", 0, session=424242),
        "hands.json, record 1: session 424242 is not in sessions.json",
    ),
    (
        _set("players.json", 2, name="x" * 61),
        "players.json, record 3: name: Ensure this value has at most 60",
    ),
    (
        _set("scores.json", 0, points=1.5),
        "scores.json, record 1: points: it must be a number written as text",
    ),
    (_set("sessions.json", 0, played_on="31 June"), "sessions.json, record 1: played_on: "),
    (
        _set("hands.json", 0, deleted_at="2026-06-01T10:00:00"),
        "hands.json, record 1: deleted_at: it must be a time with its offset",
    ),
    (
        _set("rule_set_versions.json", 0, params={"max_faan": "many"}),
        "rule_set_versions.json, record 1: params: ",
    ),
    (_set("seats.json", 0, position=7), "seats.json: a record breaks a rule of the database"),
    (_twice, "hands.json, record 2: another record has the same session, number"),
    (_extra_field, "players.json, record 2: its fields must be"),
    (_account_twice, "accounts.json, record 2: an account needs a username of its own"),
]


@pytest.mark.parametrize(("spoil", "message"), CASES, ids=[case[1][:40] for case in CASES])
def test_a_bad_archive_is_refused_naming_where(dave: User, spoil: Spoil, message: str) -> None:
    files = files_of(exported(second_club(dave)))
    spoil(files)
    clubs, players = Club.objects.count(), Player.objects.count()
    with pytest.raises(ArchiveRefused) as refused:
        club_archive_load(source=zipped(files), slug="copy", organiser=dave)
    assert message in str(refused.value)
    assert (Club.objects.count(), Player.objects.count()) == (clubs, players)


def test_a_file_that_is_no_zip_is_refused(dave: User) -> None:
    with pytest.raises(ArchiveRefused, match="not a club archive"):
        club_archive_load(source=io.BytesIO(b"hand,faan\n1,3\n"), organiser=dave)


def test_an_address_taken_is_refused(dave: User) -> None:
    club = second_club(dave)
    with pytest.raises(ArchiveRefused, match="The address 'tigers' is taken"):
        club_archive_load(source=io.BytesIO(exported(club)), organiser=dave)
