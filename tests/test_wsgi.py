"""The WSGI entry point that gunicorn's workers load."""

from __future__ import annotations

import importlib
from unittest import mock

from django.conf import settings
from django.urls import clear_url_caches, get_resolver

import mahjong_league.wsgi


def test_a_worker_has_its_urls_and_links_ready_before_its_first_request() -> None:
    clear_url_caches()
    with mock.patch("django.setup"):  # this process is set up already (its logging too)
        importlib.reload(mahjong_league.wsgi)
    resolver = get_resolver()
    assert "url_patterns" in vars(resolver)  # the URL conf, with every view, is imported
    # Each language's table of names, which a page's links are reversed from, is built.
    assert set(resolver._reverse_dict) == {code for code, _ in settings.LANGUAGES}
