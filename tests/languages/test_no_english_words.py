"""No English word of the site on a Chinese page (issue 36, item 5): every page a member and
an organiser of the demo club reach by following links, one per route and rule family,
read in zh-Hant and in zh-Hans, shows no English word once the club's own data (names of
players, clubs, seasons, rule sets, events, teams, tokens, files, addresses), tile
notation and numbers are taken out. Rendered by Django's test client, not a browser, so
that it stays cheap."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db.models import Model
from django.test import Client
from django.urls import Resolver404, resolve

from games.events.models import Event, Team
from games.importing.models import ImportJob
from games.models import (
    ApiToken,
    Club,
    Hand,
    Penalty,
    Player,
    PlayerAlias,
    RuleSet,
    Season,
    Session,
)
from games.webhooks.models import Webhook

HEADERS = {"zh-hant": "zh-HK,zh;q=0.9", "zh-hans": "zh-CN,zh;q=0.9"}

# Words that are names, not English: a reader of Chinese sees them as they are.
ALLOWED = {
    "MCR",  # the rule family's own name (Mahjong Competition Rules), as Chinese clubs write it
    "EMA",  # the European Mahjong Association's rules and rankings
    "WRC",  # the World Riichi Championship's rules
    "MERS",  # the EMA's ranking system, named so in every language
    "CSV",  # file formats
    "TSV",
    "JSON",
    "PMN",  # the replay notation's name
    "API",  # the programming interface; its tokens and schema are read by programs
    "OpenAPI",
    "URL",  # an address, as Chinese pages write it
    "HTTPS",
    "HMAC",
    "SHA",  # the webhooks' signature, named as the header a program checks
    "OpenSkill",  # the rating library's name
    "openskill",
    "OpenCC",  # the library that converts between the scripts
    "Mahjong",  # in the site's name, "Mahjong League", kept as a mark
    "League",
    "Millington",  # the classical rules' author, as the rule books name them
    "WMCC",  # the World Mahjong Championship's rulings of MCR
    "pymahjonggb",  # a program whose counting an MCR preset follows
    # The classical rules-file language's own option names, as a rules file spells them.
    "DrawAdvanceWind",
    "NewEastEachRound",
    "DrawResetConsec",
    "PaymentMethod",
    "FluffyClouds",  # the rules-file language's name, 1000FluffyClouds
    "English",  # the language named in itself, as every language menu names it
    "Webhook",  # the web's own word, as Chinese developers write it (GitHub's 中文 pages too)
    "POST",  # the HTTP method a webhook receives
    "UTF",  # the encoding of a score file, UTF-8
    # The programs whose score files and patterns the league reads, by name.
    "mahjong-scorer",
    "big-two-scorer",
    "mj-score-eval",
}

# Files and images, not pages; sign-out (it would end the crawl's session); the API's
# pages (drf-spectacular's own documentation, in English).
NOT_PAGES = re.compile(
    r"\.(txt|csv|tsv|svg|json|jsonl|pmn|js|webmanifest)$|/charts?/|/download/$|^/api/|/logout/"
)
LINK = re.compile(r"""<a\b[^>]*\bhref="(/[^"#]*)""")
# Markup that is not text: scripts, styles, what is named in its own language (the
# language menu's "English"); code a program reads as it is (a header, a command); the time
# zones' IANA names, which are identifiers.
HIDDEN = re.compile(
    r"<(script|style|template|code|kbd|pre|samp)\b.*?</\1>"
    r"|<(\w+)\b[^>]*\blang=\"en\"[^>]*>.*?</\2>"
    r"|<select\b[^>]*name=\"time_zone\".*?</select>",
    re.S,
)
TAG = re.compile(r"<[^>]+>")
# What a screen reader says or a finger's long press shows, beside the text.
SAID = re.compile(r'\b(?:aria-label|title|alt|placeholder)="([^"]*)"')
# Addresses, paths and file names (docs/api.md, mahjong-europe.org/…, .pmn) are not words.
ADDRESS = re.compile(r"\S*(?:/|\w\.[A-Za-z]{2,})\S*|(?<!\w)\.[a-z]{2,5}\b")
# Tile notation (1m, 123p456s, 7z) and numbers are not words.
TILES = re.compile(r"(?<![A-Za-z])(?:\d+[mpsz])+(?![A-Za-z])|\d+")
# A word of two letters or more: single letters are seats (A B C D), tile suits and the
# formulas' variables.
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")


def visible_text(html: str) -> str:
    """The body's text, and what its elements say to a screen reader."""
    body = HIDDEN.sub(" ", html.split("<body", 1)[-1].split(">", 1)[-1])
    return unescape(" ".join([TAG.sub(" ", body), *SAID.findall(body)]))


def user_data() -> list[str]:
    """What the club typed: longest first, so that "Jade Dragon Club" goes before "Jade"."""
    named: list[tuple[type[Model], str]] = [
        (Club, "name"),
        (Player, "name"),
        (PlayerAlias, "name"),
        (RuleSet, "name"),
        (Season, "name"),
        (Event, "name"),
        (Team, "name"),
        (ApiToken, "name"),
        (ImportJob, "file_name"),
        (Webhook, "url"),
        (User, "username"),
        (Club, "slug"),
    ]
    found = {
        str(value)
        for model, field in named
        for value in model.objects.values_list(field, flat=True)
        if value
    }
    return sorted(found, key=len, reverse=True)


def english_words(html: str, data: list[str]) -> set[str]:
    text = visible_text(html)
    for value in data:
        text = text.replace(value, " ")
    text = TILES.sub(" ", ADDRESS.sub(" ", text))
    return {word for word in WORD.findall(text) if word not in ALLOWED}


def family_of(path: str) -> str:
    """The rule family a page is about, when it is about one: its pages differ by family."""
    kwargs = resolve(urlsplit(path).path).kwargs
    query = parse_qs(urlsplit(path).query)
    if "family" in kwargs:
        return str(kwargs["family"])
    if "family" in query:
        return query["family"][0]
    lookups = [
        ("session_id", Session, "rule_set_version__rule_set__family"),
        ("hand_id", Hand, "session__rule_set_version__rule_set__family"),
        ("penalty_id", Penalty, "session__rule_set_version__rule_set__family"),
        ("season_id", Season, "rule_set__family"),
        ("rule_set_id", RuleSet, "family"),
        ("event_id", Event, "rule_set__family"),
    ]
    for key, model, field in lookups:
        if key in kwargs:
            row = model.objects.filter(pk=kwargs[key]).values_list(field, flat=True).first()
            return str(row)
    return ""


def route(path: str) -> tuple[str, str] | None:
    try:
        match = resolve(urlsplit(path).path)
    except Resolver404:
        return None
    return match.view_name, family_of(path)


def crawl(client: Client, start: list[str], depth: int) -> dict[tuple[str, str], str]:
    """One page per route and family, reached from ``start`` by following links."""
    seen: dict[tuple[str, str], str] = {}
    tried: set[tuple[str, str]] = set()
    frontier = start
    for _ in range(depth + 1):
        following: list[str] = []
        for path in frontier:
            key = route(path)
            if key is None or key in tried or NOT_PAGES.search(urlsplit(path).path):
                continue
            tried.add(key)
            response = client.get(path, HTTP_ACCEPT_LANGUAGE=HEADERS["zh-hant"])
            assert response.status_code < 500, path
            if response.status_code != 200:
                continue  # a redirect, or a page this person may not open
            seen[key] = path
            following += sorted(set(LINK.findall(response.content.decode())))
        frontier = [unescape(link) for link in following]
    return seen


@pytest.fixture
def demo(db: object) -> Iterator[None]:
    call_command("seed_demo", stdout=io.StringIO())
    Session.objects.filter(pk__in=open_session_of_each_family()).update(status="open")
    yield


def open_session_of_each_family() -> list[int]:
    first: dict[str, int] = {}
    for pk, family in Session.objects.order_by("pk").values_list(
        "pk", "rule_set_version__rule_set__family"
    ):
        first.setdefault(family, pk)
    return list(first.values())


@pytest.mark.slow(seconds=20)
@pytest.mark.parametrize("who", ["organiser", "member"])
def test_no_english_word_on_a_chinese_page(demo: None, who: str) -> None:
    client = Client()
    client.force_login(User.objects.get(username=who))
    start = ["/", "/c/jade-dragon/", "/calculator/", "/accounts/tokens/", "/people/"]
    start += [f"/c/jade-dragon/sessions/{pk}/" for pk in open_session_of_each_family()]
    pages = crawl(client, start, depth=2)
    data = user_data()
    assert len(pages) >= 40, sorted(pages)
    assert any(name == "league:hand_new" for name, _ in pages)
    found = {}
    for script, header in HEADERS.items():
        for path in pages.values():
            response = client.get(path, HTTP_ACCEPT_LANGUAGE=header)
            assert f'<html lang="{script}">' in response.content.decode(), path
            words = english_words(response.content.decode(), data)
            if words:
                found[f"{script} {path}"] = sorted(words)
    assert found == {}


def test_the_check_reads_only_the_site_s_own_words() -> None:
    html = (
        '<html lang="zh-hant"><body><h1>Jade Dragon Club 的賽季</h1>'
        "<p>Ada 和 123m456p 得 32 番 · MCR</p><script>var x = 'Save';</script>"
        '<button aria-label="One more">+</button>'
        '<nav><a lang="en" href="/language/">English</a></nav>'
        "<p>Below a limit: han and fu</p><p>見 docs/api.md 及 <code>Bearer</code></p>"
        "</body></html>"
    )
    assert english_words(html, ["Jade Dragon Club", "Ada"]) == {
        "Below",
        "limit",
        "han",
        "and",
        "fu",
        "One",
        "more",
    }
