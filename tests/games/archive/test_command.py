"""``manage.py club_archive``: export a club to a file, import it as a new club; a bad file
is refused on stderr, each problem after the file's name, and the command fails."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from games.models import Club, Membership
from tests.games.archive.clubs import second_club


def test_a_club_goes_out_and_back_in(dave: User, tmp_path: Path) -> None:
    club = second_club(dave)
    path = tmp_path / "tigers.zip"
    out = StringIO()
    call_command("club_archive", "export", "tigers", str(path), stdout=out)
    assert f"Wrote Tigers to {path}: 4 players" in out.getvalue()
    out = StringIO()
    call_command(
        "club_archive", "import", str(path), "--slug", "tigers-2", "--accounts", stdout=out
    )
    assert "Imported Tigers at /c/tigers-2/: 4 players" in out.getvalue()
    moved = Club.objects.get(slug="tigers-2")
    assert Membership.objects.get(club=moved).user == dave
    assert moved.players.count() == club.players.count()


def test_a_bad_file_is_refused_with_its_name(dave: User, tmp_path: Path) -> None:
    path = tmp_path / "notes.zip"
    path.write_text("not a zip", encoding="utf-8")
    err = StringIO()
    with pytest.raises(CommandError, match="nothing was imported"):
        call_command("club_archive", "import", str(path), "--organiser", "dave", stderr=err)
    assert err.getvalue() == f"{path}: This is not a club archive (not a zip file).\n"


def test_an_import_needs_an_organiser_or_the_accounts(dave: User, tmp_path: Path) -> None:
    path = tmp_path / "tigers.zip"
    second_club(dave)
    call_command("club_archive", "export", "tigers", str(path), stdout=StringIO())
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("club_archive", "import", str(path), "--slug", "t2", stderr=err)
    assert "Name the account that organises the new club." in err.getvalue()
    with pytest.raises(CommandError, match="no account with the username 'zed'"):
        call_command("club_archive", "import", str(path), "--organiser", "zed")
    with pytest.raises(CommandError, match="no club with the address 'lions'"):
        call_command("club_archive", "export", "lions", str(path))
