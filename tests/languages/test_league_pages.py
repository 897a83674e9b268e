"""The league's pages read in Chinese leave none of the site's English: every phrase of the
templates' catalogue (two words or more, no placeholder, no markup) is absent from the
club, season, session, hand, token, webhook and visitor pages in zh-Hant and zh-Hans.
(After a test a helper wrote for its part of the templates.)"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Club
from tests.games.pages import ClubWorld, build_world, text

HEADERS = ["zh-HK,zh;q=0.9", "zh-CN,zh;q=0.9"]


@cache
def english_phrases() -> tuple[str, ...]:
    catalog = polib.pofile(str(Path(settings.BASE_DIR) / "locale/zh_Hant/LC_MESSAGES/django.po"))
    return tuple(
        entry.msgid
        for entry in catalog
        if " " in entry.msgid.strip()
        and "%" not in entry.msgid
        and "<" not in entry.msgid
        and entry.msgstr != entry.msgid
    )


def leftover_english(page: str) -> list[str]:
    return [
        phrase
        for phrase in english_phrases()
        if re.search(rf"(?<![A-Za-z]){re.escape(phrase)}(?![A-Za-z])", page)
    ]


@pytest.fixture
def world(club: Club, alice: User) -> ClubWorld:
    return build_world(club, alice)


def club_pages(world: ClubWorld) -> list[str]:
    slug, season, session = world.club.slug, world.season.pk, world.session.pk
    return [
        reverse("league:club", args=[slug]),
        reverse("league:club_settings", args=[slug]),
        reverse("league:players", args=[slug]),
        reverse("league:player", args=[slug, world.players[0].pk]),
        reverse("league:player_edit", args=[slug, world.players[0].pk]),
        reverse("league:player_merge", args=[slug]),
        reverse("league:members", args=[slug]),
        reverse("league:rule_sets", args=[slug]),
        reverse("league:rule_set_create", args=[slug, "hk"]),
        reverse("league:rule_set_edit", args=[slug, world.rule_set.pk]),
        reverse("league:season", args=[slug, season]),
        reverse("league:season_create", args=[slug]),
        reverse("league:season_edit", args=[slug, season]),
        reverse("league:season_sessions", args=[slug, season]),
        reverse("importing:scores", args=[slug, season]),
        reverse("league:session_start", args=[slug]),
        reverse("league:session", args=[slug, session]),
        reverse("league:session_rules", args=[slug, session]),
        reverse("league:session_rescore", args=[slug, session]),
        reverse("league:hand_new", args=[slug, session]),
        reverse("league:hand_edit", args=[slug, world.hand.pk]),
        reverse("league:hand_delete", args=[slug, world.hand.pk]),
        reverse("webhooks:list", args=[slug]),
        reverse("stats:ratings", args=[slug]),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("header", HEADERS)
def test_the_league_pages_leave_no_english(world: ClubWorld, as_alice: Client, header: str) -> None:
    pages = [
        *club_pages(world),
        "/",
        reverse("league:tokens"),
        reverse("league:calculator"),
        "/people/",
        "/rankings/",
    ]
    for url in pages:
        response = as_alice.get(url, HTTP_ACCEPT_LANGUAGE=header)
        assert response.status_code == 200, url
        assert leftover_english(text(response)) == [], url


@pytest.mark.django_db
@pytest.mark.parametrize("header", HEADERS)
def test_the_visitor_pages_leave_no_english(client: Client, header: str) -> None:
    for url in (reverse("league:login"), reverse("league:offline"), "/"):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=header)
        assert response.status_code == 200, url
        assert leftover_english(text(response)) == [], url


def test_the_check_finds_a_phrase_left_in_english() -> None:
    assert "Start a session" in english_phrases()
    assert leftover_english("開場 · Start a session") == ["Start a session"]
    assert leftover_english("開場") == []
