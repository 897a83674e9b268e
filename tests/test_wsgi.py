"""The WSGI entry point that gunicorn's workers load."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from unittest import mock

from django.conf import settings
from django.utils import translation

import mahjong_league.wsgi

ROOT = Path(__file__).resolve().parent.parent


def test_a_worker_imports_every_view_before_its_first_request() -> None:
    program = "import sys, mahjong_league.wsgi; print('games.views.files' in sys.modules)"
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "mahjong_league.settings"}
    result = subprocess.run(
        [sys.executable, "-c", program],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == "True"


def test_a_worker_reverses_a_link_in_every_language_while_it_boots() -> None:
    languages = []

    def reverse(name: str) -> str:
        languages.append(translation.get_language())
        return "/"

    with mock.patch.object(mahjong_league.wsgi, "reverse", reverse):
        mahjong_league.wsgi.warm_up()
    assert languages == [code for code, _ in settings.LANGUAGES]
