"""A classical game saved and loaded on a phone (375×812) in real Chromium, light and dark:
the organiser saves a session as a game file, loads it on the season's page into a new
session showing the same stakes, and starts a new game like it; every page fits the phone
and passes axe-core."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import RuleSet, Session
from tests.browser.axe import AXE, problems
from tests.browser.phone import follow, page, pytestmark, sign_in
from tests.games import session_rules
from tests.games.session_rules import play_the_sequence

__all__ = ["page", "pytestmark"]

house = session_rules.house
game = session_rules.game


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed: run npm ci")
def test_an_organiser_saves_loads_and_starts_a_game_like_it_on_a_phone(
    page: Any, game: Session, house: RuleSet, alice: User, tmp_path: Path
) -> None:
    play_the_sequence(game, house, alice)
    sign_in(page, "alice")
    page.goto(f"/c/dragons/sessions/{game.pk}/")
    stakes = page.inner_text("#table-state table.stakes")
    assert problems(page) == []
    with page.expect_download() as download:
        page.click("#game-file")
    saved = tmp_path / "game.json"
    download.value.save_as(saved)

    page.goto(f"/c/dragons/seasons/{game.season_id}/")
    follow(page, "#load-game-file")
    assert problems(page) == []
    page.set_input_files("#id_file", str(saved))
    follow(page, "#game-file-form button.primary")
    loaded = Session.objects.exclude(pk=game.pk).get()
    assert page.url.endswith(f"/c/dragons/sessions/{loaded.pk}/")
    assert page.inner_text("#table-state table.stakes") == stakes
    assert problems(page) == []

    follow(page, "#new-game-like button")
    again = Session.objects.exclude(pk__in=[game.pk, loaded.pk]).get()
    assert page.url.endswith(f"/c/dragons/sessions/{again.pk}/")
    assert again.rule_set_version_id == loaded.rule_set_version_id
