"""The installable app: the manifest and its icons, the service worker's script, the offline
page, the list of pages a phone keeps (the signed-in member's open tables only), and a
sign-out that tells the browser to drop its caches."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.staticfiles import finders
from django.test import Client
from PIL import Image

from games import services
from games.models import Club, Player, Season, Session
from games.views.offline import static_version
from tests.test_csp import assert_strict, policy

STATIC = Path(settings.BASE_DIR) / "static"


@pytest.fixture
def bob_plays(players: list[Player], bob: User) -> Player:
    return services.player_link_user(player=players[1], user=bob)


def offline_list(client: Client) -> dict[str, Any]:
    response = client.get("/offline/sessions.json")
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-store"
    data: dict[str, Any] = response.json()
    return data


# The manifest


def test_the_manifest_describes_a_standalone_app(client: Client, db: Any) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["name"] == "Mahjong League" and data["short_name"] == "Mahjong"
    assert data["start_url"] == "/" and data["scope"] == "/"
    assert data["display"] == "standalone"
    css = (STATIC / "css" / "app.css").read_text()
    assert f"--jade-dark: {data['theme_color']}" in css
    assert f"--bg: {data['background_color']}" in css


def test_the_manifest_icons_are_pngs_of_the_sizes_it_names(client: Client, db: Any) -> None:
    icons = client.get("/manifest.webmanifest").json()["icons"]
    assert {(icon["sizes"], icon["purpose"]) for icon in icons} == {
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    }
    for icon in icons:
        path = finders.find(icon["src"].removeprefix(settings.STATIC_URL).lstrip("/"))
        assert isinstance(path, str), icon["src"]
        with Image.open(path) as image:
            assert image.format == "PNG"
            assert f"{image.width}x{image.height}" == icon["sizes"]
        assert client.get(icon["src"]).status_code == 200


def test_every_page_links_the_manifest_and_the_app_script(client: Client, club: Club) -> None:
    page = client.get("/c/dragons/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<meta name="theme-color" content="#0a5c47">' in page
    assert 'src="/static/js/offline-app.js" data-worker="/sw.js"' in page


# The service worker's script


def test_the_worker_is_served_from_the_root_uncached(client: Client, db: Any) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"] and "no-store" in response["Cache-Control"]


def test_the_worker_is_told_its_version_and_the_app_shell(client: Client, db: Any) -> None:
    script = client.get("/sw.js").content.decode()
    first_line, source = script.split("\n", 1)
    config = json.loads(first_line.removeprefix("var CONFIG = ").removesuffix(";"))
    assert config["version"] == static_version() and len(config["version"]) == 12
    assert config["offlineUrl"] == "/offline/"
    assert config["sessionsUrl"] == "/offline/sessions.json"
    assert config["staticUrl"] == "/static/"
    for url in ["/static/css/app.css", "/static/js/offline-queue.js", "/offline/"]:
        assert url in config["shell"]
    assert "/static/icons/icon-512.png" in config["shell"]
    assert "/static/js/service-worker.js" not in config["shell"]
    assert 'self.addEventListener("fetch"' in source


def test_the_version_changes_when_a_static_file_does(tmp_path: Path, settings: Any) -> None:
    shutil.copytree(STATIC, tmp_path / "static")
    settings.DEBUG = True  # computed afresh, as the development server does
    settings.STATICFILES_DIRS = [tmp_path / "static"]
    before = static_version()
    (tmp_path / "static" / "css" / "app.css").write_text("body { color: red; }")
    assert static_version() != before


def test_the_worker_only_answers_get(client: Client, db: Any) -> None:
    assert client.post("/sw.js").status_code == 405


# The offline page and the list of kept pages


def test_the_offline_page_says_so_and_reads_the_kept_list(client: Client, db: Any) -> None:
    response = client.get("/offline/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "You are offline" in page and "These sessions are available" in page
    assert 'data-sessions-url="/offline/sessions.json"' in page
    assert_strict(response)


def test_a_visitor_gets_no_pages_to_keep(client: Client, session: Session) -> None:
    assert offline_list(client) == {"user": None, "sessions": []}


def test_a_member_keeps_the_sheet_and_form_of_their_open_table(
    as_bob: Client, session: Session, bob_plays: Player
) -> None:
    data = offline_list(as_bob)
    base = f"/c/dragons/sessions/{session.pk}/"
    assert data["sessions"] == [
        {
            "title": "Dragons · Spring · 2026-03-01",
            "players": "A · B · C · D",
            "url": base,
            "add_hand": base + "hands/new/",
        }
    ]


def test_the_list_names_whose_it_is_without_the_account_id(
    as_bob: Client, as_alice: Client, bob: User, session: Session
) -> None:
    bobs, alices = offline_list(as_bob)["user"], offline_list(as_alice)["user"]
    assert bobs and alices and bobs != alices
    assert bobs == offline_list(as_bob)["user"]
    assert str(bob.pk) != bobs


def test_a_closed_table_is_not_kept(as_bob: Client, session: Session, bob_plays: Player) -> None:
    services.session_set_status(session=session, status=Session.Status.CLOSED)
    assert offline_list(as_bob)["sessions"] == []


def test_a_table_without_the_member_is_not_kept(as_bob: Client, session: Session) -> None:
    assert offline_list(as_bob)["sessions"] == []


def test_a_viewer_at_the_table_keeps_nothing_to_record_with(
    as_charlie: Client, charlie: User, session: Session, players: list[Player]
) -> None:
    services.player_link_user(player=players[2], user=charlie)
    assert offline_list(as_charlie)["sessions"] == []


def test_another_clubs_tables_are_not_listed_to_its_outsiders(
    as_bob: Client, bob: User, as_dave: Client, dave: User, private_club: Club, alice: User
) -> None:
    rules = services.rule_set_create(
        club=private_club, name="R", family="hk", params={"base": "1", "max_faan": 8}, by=dave
    )
    season: Season = services.season_save(club=private_club, name="S", rule_set=rules)
    seated = [services.player_create(club=private_club, name=name) for name in "EFGH"]
    # Bob's account is linked to a player of a club he does not belong to.
    services.player_link_user(player=seated[0], user=bob)
    services.player_link_user(player=seated[1], user=dave)
    services.session_start(season=season, played_on=dt.date(2026, 5, 1), players=seated, by=dave)
    assert offline_list(as_bob)["sessions"] == []
    assert [s["title"] for s in offline_list(as_dave)["sessions"]] == ["Tigers · S · 2026-05-01"]


# Signing out


def test_signing_out_tells_the_browser_to_drop_its_caches_only(
    as_bob: Client, session: Session
) -> None:
    response = as_bob.post("/accounts/logout/")
    assert response.status_code == 302
    # "cache" only: "storage" would also wipe the outbox of unsent hands.
    assert response["Clear-Site-Data"] == '"cache"'
    assert offline_list(as_bob)["user"] is None


def test_the_sign_out_form_asks_the_page_to_empty_the_caches_first(
    as_bob: Client, club: Club
) -> None:
    page = as_bob.get("/").content.decode()
    assert 'action="/accounts/logout/" data-clears-offline>' in page


def test_the_policy_allows_this_sites_worker_and_manifest(client: Client, db: Any) -> None:
    directives = policy(client.get("/"))
    assert directives["worker-src"] == ["'self'"]
    assert directives["manifest-src"] == ["'self'"]
