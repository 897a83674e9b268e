"""The installable web app: its manifest, its service worker, the page shown offline, the list
of pages a phone keeps for offline use, and a sign-out that clears what the phone kept."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.views import LogoutView
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.finders import FileSystemFinder
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django.views.decorators.http import require_GET

from games import selectors
from games.models import Session

WORKER_SOURCE = "js/service-worker.js"
THEME_COLOUR = "#0a5c47"  # the top bar (--jade-dark in static/css/app.css)
BACKGROUND_COLOUR = "#f6f7f4"  # the page (--bg)
ICONS = [
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/icon-maskable-512.png", "512x512", "maskable"),
]


@require_GET
def manifest(request: HttpRequest) -> HttpResponse:
    data = {
        "name": "Mahjong League",
        "short_name": "Mahjong",
        "description": "Record hands at the table and read your club's standings.",
        "lang": "en",
        "start_url": reverse("league:home"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": static(path), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for path, sizes, purpose in ICONS
        ],
    }
    response = HttpResponse(json.dumps(data, indent=1), content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The worker's script, at the root so that its scope is the whole site, told the current
    version (its caches' name) and the app shell to keep. Never cached: the browser checks
    for a new worker on every visit."""
    config = {
        "version": static_version(),
        "shell": shell_urls(),
        "staticUrl": settings.STATIC_URL,
        "offlineUrl": reverse("league:offline"),
        "sessionsUrl": reverse("league:offline_sessions"),
        "catalogueUrl": reverse("league:javascript_catalog"),
    }
    script = f"var CONFIG = {json.dumps(config)};\n{worker_source()}"
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache, no-store, must-revalidate"
    return response


def offline(request: HttpRequest) -> HttpResponse:
    """What the phone shows for a page it has not kept, when it has no connection. The same
    for everyone: the sessions it lists are read from the phone's own copy of the list, and
    its top bar offers no "Sign in" (a member signed in would read it as signed out)."""
    return render(request, "games/offline.html", {"offline_page": True})


@require_GET
def offline_session_list(request: HttpRequest) -> JsonResponse:
    """The pages the phone keeps for offline use: the score sheet and hand form of each open
    table the signed-in member sits at. ``user`` tells the worker when the person changed
    (an opaque key, not the account's id); a visitor gets nothing."""
    sessions = selectors.offline_sessions(user=request.user)
    data: dict[str, Any] = {
        "user": _user_key(request) if request.user.is_authenticated else None,
        "sessions": [_session_entry(session) for session in sessions],
    }
    response = JsonResponse(data)
    response["Cache-Control"] = "private, no-store"
    return response


class SignOutView(LogoutView):
    """Django's sign-out, also telling the browser to drop what it cached for this person.
    The page's script empties the worker's caches before posting (static/js/offline-app.js);
    the phone's outbox of unsent hands is not a cache and stays."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = super().post(request, *args, **kwargs)
        response["Clear-Site-Data"] = '"cache"'
        return response


def _user_key(request: HttpRequest) -> str:
    return salted_hmac("offline-user", str(request.user.pk)).hexdigest()[:20]


def _session_entry(session: Session) -> dict[str, str]:
    args = [session.club.slug, session.pk]
    players = " · ".join(seat.player.name for seat in session.seats.all())
    return {
        "title": f"{session.club.name} · {session.season.name} · {session.played_on}",
        "players": players,
        "url": reverse("league:session", args=args),
        "add_hand": reverse("league:hand_new", args=args),
    }


def _own_static_files() -> list[tuple[str, Path]]:
    """The site's own static files (not the admin's or the API docs'), by name and path."""
    files = []
    for name, storage in FileSystemFinder().list([]):
        if name != WORKER_SOURCE:
            files.append((name.replace("\\", "/"), Path(storage.path(name))))
    return sorted(files)


def shell_urls() -> list[str]:
    """What the worker keeps for every visitor: the site's own static files, its manifest
    and the offline page."""
    urls = [static(name) for name, _ in _own_static_files()]
    return [*urls, reverse("league:manifest"), reverse("league:offline")]


def worker_source() -> str:
    path = finders.find(WORKER_SOURCE)
    if not isinstance(path, str):
        raise FileNotFoundError(WORKER_SOURCE)
    return Path(path).read_text()


def static_version() -> str:
    """Changes whenever a static file or the worker does (that is, on a deploy that changes
    them): the name of the worker's caches, so that a new version starts from fresh ones."""
    if settings.DEBUG:
        return _hash_static_files()
    return _cached_version()


@cache
def _cached_version() -> str:
    return _hash_static_files()


def _hash_static_files() -> str:
    digest = hashlib.sha256(worker_source().encode())
    for name, path in _own_static_files():
        digest.update(name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]
