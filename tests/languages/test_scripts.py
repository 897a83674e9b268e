"""Pattern and fan names in the reader's script: the engines' one source (MCR's names are
written in Simplified, Zung Jung's in Traditional), converted by OpenCC for each page."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from games.models import Preferences
from scoring.chinese import pattern_name, use_english_script

PURE_STRAIGHT = {
    "rules": "mcr:standard",
    "concealed": "123m456m789m123p55p",
    "winning_tile": "5p",
    "self_drawn": "on",
    "format": "json",
}


def labels(client: Client, **headers: Any) -> list[str]:
    response = client.get("/calculator/", PURE_STRAIGHT, **headers)
    return [p["label"] for p in response.json()["evaluation"]["patterns"]]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("header", "expected"),
    [("zh-HK", "清龍"), ("zh-CN", "清龙"), ("en", "Pure Straight 清龍")],
)
def test_a_fan_is_named_in_the_page_s_script(client: Client, header: str, expected: str) -> None:
    assert expected in labels(client, HTTP_ACCEPT_LANGUAGE=header)


@pytest.mark.django_db
def test_an_english_reader_may_choose_simplified_names(client: Client) -> None:
    response = client.post("/language/", {"chinese_script": "hans", "next": "/calculator/"})
    assert response.status_code == 302
    assert response.cookies["chinese_script"].value == "hans"
    assert "Pure Straight 清龙" in labels(client, HTTP_ACCEPT_LANGUAGE="en")
    assert "清龍" in labels(client, HTTP_ACCEPT_LANGUAGE="zh-HK")  # a Chinese page keeps its own


@pytest.mark.django_db
def test_a_member_s_script_follows_their_account(alice: User) -> None:
    phone = Client()
    phone.force_login(alice)
    phone.post("/language/", {"chinese_script": "hans", "next": "/"})
    assert Preferences.objects.get(user=alice).chinese_script == "hans"
    laptop = Client()
    laptop.force_login(alice)
    assert "Pure Straight 清龙" in labels(laptop, HTTP_ACCEPT_LANGUAGE="en")


@pytest.mark.django_db
def test_an_unknown_script_is_refused(client: Client) -> None:
    response = client.post("/language/", {"chinese_script": "latin", "next": "/"})
    assert response.status_code == 400
    assert "'latin' is not a script of Chinese names" in response.content.decode()
    assert "chinese_script" not in response.cookies


def test_the_name_follows_the_active_language() -> None:
    with translation.override("zh-hant"):
        assert pattern_name("All Types", "五门齐") == "五門齊"
    with translation.override("zh-hans"):
        assert pattern_name("Mixed Straight", "花龍") == "花龙"
    with translation.override("en"):
        use_english_script("hant")
        assert pattern_name("All Types", "五门齐") == "All Types 五門齊"
        use_english_script("hans")
        assert pattern_name("All Types", "五門齊") == "All Types 五门齐"
        use_english_script("hant")
    assert pattern_name("Chicken Hand", "") == "Chicken Hand"
