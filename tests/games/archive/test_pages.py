"""The archive's pages: an organiser downloads the club; a signed-in account uploads an
archive and organises the club it makes; a bad upload says what is wrong and writes nothing."""

from __future__ import annotations

import io
import zipfile

from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile

from games.models import Club, Invitation, Membership
from tests.conftest import client_for
from tests.games.archive.clubs import exported, files_of, second_club


def test_an_organiser_downloads_the_club(dave: User) -> None:
    club = second_club(dave)
    page = client_for(dave).get("/c/tigers/archive/")
    assert page.status_code == 200 and b"/c/tigers/archive/download/" in page.content
    answer = client_for(dave).get("/c/tigers/archive/download/")
    assert answer.status_code == 200
    assert answer["Content-Disposition"].startswith('attachment; filename="tigers-')
    archive = b"".join(answer.streaming_content)  # type: ignore[attr-defined]
    assert files_of(archive)["club.json"]["name"] == club.name


def test_a_member_cannot_download_and_a_stranger_does_not_see_it(
    dave: User, bob: User, alice: User
) -> None:
    club = second_club(dave)
    Membership.objects.create(club=club, user=bob, role="member")
    assert client_for(bob).get("/c/tigers/archive/download/").status_code == 403
    assert client_for(alice).get("/c/tigers/archive/download/").status_code == 404
    assert client_for(None).get("/c/tigers/archive/download/").status_code == 302


def test_an_upload_makes_a_club_its_uploader_organises(dave: User, alice: User) -> None:
    archive = exported(second_club(dave))
    upload = SimpleUploadedFile("tigers.zip", archive, content_type="application/zip")
    answer = client_for(alice).post("/clubs/import/", {"archive": upload, "slug": "tigers-2"})
    assert answer.status_code == 302 and answer["Location"] == "/c/tigers-2/"
    club = Club.objects.get(slug="tigers-2")
    assert Membership.objects.get(club=club).user == alice
    assert Invitation.objects.get(club=club).role == "organiser"
    assert club.players.count() == 4


def test_a_bad_upload_names_the_problem(alice: User) -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("manifest.json", '{"format": "mahjong-league-club", "version": 7}')
    upload = SimpleUploadedFile("old.zip", out.getvalue(), content_type="application/zip")
    answer = client_for(alice).post("/clubs/import/", {"archive": upload})
    assert answer.status_code == 400
    assert "Nothing was imported from old.zip" in answer.content.decode()
    assert "version 7, newer than this site reads" in answer.content.decode()
    assert not Club.objects.exists()


def test_the_upload_page_asks_for_a_sign_in() -> None:
    assert client_for(None).get("/clubs/import/").status_code == 302


def test_the_pages_read_in_chinese(dave: User) -> None:
    second_club(dave)
    for language, words in (("zh-HK", "搬遷俱樂部"), ("zh-CN", "搬迁俱乐部")):
        page = client_for(dave).get("/c/tigers/archive/", HTTP_ACCEPT_LANGUAGE=language)
        assert words in page.content.decode() and "Move the club" not in page.content.decode()
    for language, words in (("zh-HK", "匯入俱樂部"), ("zh-CN", "导入俱乐部")):
        page = client_for(dave).get("/clubs/import/", HTTP_ACCEPT_LANGUAGE=language)
        assert words in page.content.decode() and "Import a club" not in page.content.decode()
