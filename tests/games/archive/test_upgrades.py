"""An archive older than the site goes through one upgrade step per version before it is
read; one whose version has no way up is refused by that version. The site's own table is
complete, and a test's steps go through the same loader (its ``upgrades``)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games.archive.kinds import VERSION
from games.archive.loading import club_archive_load
from games.archive.reading import UPGRADES, Archive, ArchiveRefused, Step, Upgrades
from games.models import Club
from tests.games.archive.test_version_1 import version_1


def renaming(seen: list[int]) -> Step:
    """A step that notes the version it was given and marks the club's name with the next."""

    def step(files: Archive) -> Archive:
        version = files["manifest.json"]["version"]
        seen.append(version)
        club = files["club.json"]
        return {**files, "club.json": {**club, "name": f"{club['name']} ({version + 1})"}}

    return step


def test_the_site_has_a_step_from_every_older_version() -> None:
    assert UPGRADES.version == VERSION
    assert set(UPGRADES.steps) == set(range(1, VERSION))


def test_an_older_archive_goes_through_each_step_in_turn_before_it_is_read(
    alice: User,
) -> None:
    seen: list[int] = []
    upgrades = Upgrades(version=3, steps={2: renaming(seen), 1: renaming(seen)})
    loaded = club_archive_load(source=version_1(), organiser=alice, upgrades=upgrades)
    assert seen == [1, 2]
    assert loaded.club.name == "Old Tigers (2) (3)"
    assert loaded.records["hands"] == 5


def test_a_step_whose_output_is_wrong_is_refused_by_the_reader(alice: User) -> None:
    def spoil(files: Archive) -> Archive:
        return {**files, "club.json": {**files["club.json"], "time_zone": ""}}

    upgrades = Upgrades(version=2, steps={1: spoil})
    with pytest.raises(ArchiveRefused) as refused:
        club_archive_load(source=version_1(), organiser=alice, upgrades=upgrades)
    assert [str(problem) for problem in refused.value.problems] == [
        "club.json: time_zone: it must have a value."
    ]
    assert not Club.objects.exists()


def test_an_archive_with_no_way_up_is_refused_by_its_version(alice: User) -> None:
    upgrades = Upgrades(version=3, steps={2: renaming([])})
    with pytest.raises(ArchiveRefused) as refused:
        club_archive_load(source=version_1(), organiser=alice, upgrades=upgrades)
    assert [str(problem) for problem in refused.value.problems] == [
        "manifest.json: the archive is of version 1, and this site, which reads version 3, "
        "has no upgrade from version 1 to 2."
    ]
    assert not Club.objects.exists()


def test_a_step_that_cannot_read_the_archive_refuses_it(alice: User) -> None:
    def step(files: Archive) -> Archive:
        club: dict[str, Any] = files["club.json"]
        return {**files, "club.json": {**club, "name": club["title"]}}

    upgrades = Upgrades(version=2, steps={1: step})
    with pytest.raises(ArchiveRefused) as refused:
        club_archive_load(source=version_1(), organiser=alice, upgrades=upgrades)
    assert [str(problem) for problem in refused.value.problems] == [
        "manifest.json: the archive of version 1 could not be upgraded to version 2 "
        "('title'): it does not hold what version 1 writes."
    ]
