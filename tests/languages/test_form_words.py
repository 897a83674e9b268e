"""Words a form takes from its field names or choices are translated too: the token, season
and member forms in zh-Hant and zh-Hans show no "Name", "Starts on", "Role", "Read only"...
(issue 36, item 5)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.models import Club
from tests.games.pages import text

ENGLISH = ("Name", "Access", "Read only", "Read and write", "Starts on", "Ends on", "Role")
ENGLISH += ("Player", "Username", "Rule set")
PAGES = ["/accounts/tokens/", "/c/dragons/seasons/new/", "/c/dragons/members/"]


@pytest.mark.parametrize("url", PAGES)
@pytest.mark.parametrize("header", ["zh-HK,zh;q=0.9", "zh-CN,zh;q=0.9"])
def test_the_forms_have_no_english_words(
    as_alice: Client, club: Club, header: str, url: str
) -> None:
    response = as_alice.get(url, HTTP_ACCEPT_LANGUAGE=header)
    assert response.status_code == 200
    page = text(response)
    found = [word for word in ENGLISH if re.search(rf"\b{word}\b", page)]
    assert found == []
