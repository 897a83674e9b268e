"""Words a form takes from its field names or choices are translated too: the token form in
zh-Hant and zh-Hans shows no "Name", "Access" or "Read only" (issue 36, item 5)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.games.pages import text

ENGLISH = ("Name", "Access", "Read only", "Read and write")


@pytest.mark.parametrize("header", ["zh-HK,zh;q=0.9", "zh-CN,zh;q=0.9"])
def test_the_token_form_has_no_english_words(as_alice: Client, header: str) -> None:
    page = text(as_alice.get("/accounts/tokens/", HTTP_ACCEPT_LANGUAGE=header))
    found = [word for word in ENGLISH if re.search(rf"\b{word}\b", page)]
    assert found == []
