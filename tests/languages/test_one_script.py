"""No page mixes Traditional and Simplified characters: each family's score sheet and
hand page (and the season's standings) read in zh-Hant hold only Traditional forms, in
zh-Hans only Simplified ones, as OpenCC reads them."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from games.models import Session
from scoring.chinese import to_simplified, to_traditional
from scoring.families import get_family

HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
TAGS = re.compile(r"<script\b.*?</script>|<style\b.*?</style>|<[^>]+>", re.S)
# The language menu names each language in itself, marked with its own lang.
OWN_LANGUAGE = re.compile(r'<(\w+)\b[^>]*\blang="[^"]+"[^>]*>.*?</\1>', re.S)


def chinese_runs(html: str) -> list[str]:
    body = html.split("<body", 1)[-1]
    return HAN.findall(TAGS.sub(" ", OWN_LANGUAGE.sub(" ", body)))


def mixed(runs: list[str], convert: object) -> list[str]:
    return [run for run in runs if convert(run) != run]  # type: ignore[operator]


@pytest.fixture
def demo(db: object) -> Iterator[Client]:
    call_command("seed_demo", stdout=io.StringIO())
    client = Client()
    client.force_login(User.objects.get(username="member"))
    yield client


def pages(session: Session) -> list[str]:
    base = f"/c/{session.season.club.slug}"
    return [
        f"{base}/sessions/{session.pk}/",
        f"{base}/sessions/{session.pk}/hands/new/",
        f"{base}/seasons/{session.season.pk}/",
    ]


@pytest.mark.parametrize(
    ("header", "convert", "script"),
    [("zh-HK", to_traditional, "zh-hant"), ("zh-CN", to_simplified, "zh-hans")],
)
def test_each_family_s_pages_keep_to_one_script(
    demo: Client, header: str, convert: object, script: str
) -> None:
    Session.objects.update(status=Session.Status.OPEN)  # every family's hand page shows
    families = set()
    for session in Session.objects.select_related("season__club", "rule_set_version__rule_set"):
        family = session.rule_set_version.rule_set.family
        if family in families:
            continue
        families.add(family)
        for url in pages(session):
            response = demo.get(url, HTTP_ACCEPT_LANGUAGE=header)
            assert response.status_code == 200, url
            html = response.content.decode()
            assert f'<html lang="{script}">' in html, url
            runs = chinese_runs(html)
            assert runs, f"{url} shows no Chinese in {script}"
            assert mixed(runs, convert) == [], f"{get_family(family).key} {url} in {script}"
    assert len(families) >= 5
    calculator = demo.get("/calculator/", HTTP_ACCEPT_LANGUAGE=header).content.decode()
    assert mixed(chinese_runs(calculator), convert) == [], f"the calculator in {script}"


def test_the_check_sees_a_mixed_page() -> None:
    runs = chinese_runs("<p>海底撈月</p><p>清龙</p>")
    assert mixed(runs, to_traditional) == ["清龙"]
    assert mixed(runs, to_simplified) == ["海底撈月"]
