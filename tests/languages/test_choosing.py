"""Which language a page is written in: the reader's choice, the club's default, the
browser's, and English last."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.template import Context, Template
from django.test import Client
from django.utils import translation

from games.models import Club, Preferences


def lang(response: Any) -> str:
    found = re.search(r'<html lang="([^"]+)"', response.content.decode())
    assert found, "no <html lang>"
    return found.group(1)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("zh-HK,zh;q=0.9,en;q=0.8", "zh-hant"),
        ("zh-TW", "zh-hant"),
        ("zh-CN,zh;q=0.9", "zh-hans"),
        ("zh-Hans", "zh-hans"),
        ("en-GB,en;q=0.9", "en"),
        ("ja-JP", "en"),
    ],
)
def test_the_page_follows_the_browser(client: Client, header: str, expected: str) -> None:
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=header)
    assert lang(response) == expected
    assert response["Content-Language"] == expected
    assert "Accept-Language" in response["Vary"]


@pytest.mark.django_db
def test_a_visitor_s_choice_is_kept_in_a_cookie(client: Client) -> None:
    response = client.post("/language/", {"language": "zh-hans", "next": "/calculator/"})
    assert response.status_code == 302
    assert response["Location"] == "/calculator/"
    assert response.cookies["language"].value == "zh-hans"
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert lang(page) == "zh-hans"
    assert "计番器" in page.content.decode()


@pytest.mark.django_db
def test_a_member_s_choice_follows_them_to_another_device(alice: User) -> None:
    phone = Client()
    phone.force_login(alice)
    phone.post("/language/", {"language": "zh-hant", "next": "/"})
    assert Preferences.objects.get(user=alice).language == "zh-hant"
    laptop = Client()
    laptop.force_login(alice)
    assert lang(laptop.get("/", HTTP_ACCEPT_LANGUAGE="en")) == "zh-hant"


@pytest.mark.django_db
def test_an_unknown_language_is_refused_with_the_choices(client: Client) -> None:
    response = client.post("/language/", {"language": "tlh", "next": "/"})
    assert response.status_code == 400
    text = response.content.decode()
    assert "'tlh' is not one of the site's languages" in text
    assert "繁體中文 (zh-hant)" in text
    assert "language" not in response.cookies


@pytest.mark.django_db
def test_the_switcher_is_on_every_page_and_goes_back_to_it(client: Client, club: Club) -> None:
    page = client.get(f"/c/{club.slug}/").content.decode()
    assert 'action="/language/"' in page
    assert f'name="next" value="/c/{club.slug}/"' in page
    for name in ("繁體中文", "简体中文", "English"):
        assert name in page


@pytest.mark.django_db
def test_a_club_s_default_stands_before_the_browser_not_before_a_choice(
    client: Client, club: Club
) -> None:
    club.language = "zh-hant"
    club.save()
    assert lang(client.get(f"/c/{club.slug}/", HTTP_ACCEPT_LANGUAGE="en")) == "zh-hant"
    assert lang(client.get("/", HTTP_ACCEPT_LANGUAGE="en")) == "en"
    client.post("/language/", {"language": "en", "next": "/"})
    assert lang(client.get(f"/c/{club.slug}/", HTTP_ACCEPT_LANGUAGE="zh-CN")) == "en"


@pytest.mark.django_db
def test_an_organiser_sets_the_club_s_default(client: Client, alice: User, club: Club) -> None:
    client.force_login(alice)
    data = {
        "name": club.name,
        "visibility": club.visibility,
        "time_zone": "Asia/Hong_Kong",
        "language": "zh-hans",
    }
    response = client.post(f"/c/{club.slug}/settings/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    club.refresh_from_db()
    assert club.language == "zh-hans"
    data["language"] = "xx"
    response = client.post(f"/c/{club.slug}/settings/", data)
    assert response.status_code == 200
    assert "xx" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("zh-CN", "身份认证信息未提供。"),
        ("zh-HK", "身份認證信息未提供。"),
        ("en", "were not provided"),
    ],
)
def test_api_errors_answer_in_the_reader_s_language(
    client: Client, header: str, message: str
) -> None:
    response = client.post("/api/v1/rule-sets/", {}, HTTP_ACCEPT_LANGUAGE=header)
    assert response.status_code in (401, 403)
    assert message in response.json()["message"], response.json()


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("en", "24 Nov 2026, 20:30 · Nov. 24, 2026"),
        ("zh-hant", "2026年11月24日 20:30 · 2026年11月24日"),
        ("zh-hans", "2026年11月24日 20:30 · 2026年11月24日"),
    ],
)
def test_dates_and_times_follow_the_language(language: str, written: str) -> None:
    page = Template('{{ moment|date:"DATETIME_FORMAT" }} · {{ day }}')
    context = Context({"moment": dt.datetime(2026, 11, 24, 20, 30), "day": dt.date(2026, 11, 24)})
    with translation.override(language):
        assert page.render(context) == written
