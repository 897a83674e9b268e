"""A score sheet's poll that finds nothing new, answered ahead of Django's middleware.

Every open sheet polls every few seconds (static/js/live-sheet.js) with the ETag it was
given. That ETag is an HMAC (the site's SECRET_KEY) of everything the sheet it names was
drawn for: the poller's session cookie, account and session auth hash (their password),
the club and the session, the poller's role, the turned table's ``bottom`` seat and the
sheet's version. ``SheetPollMiddleware`` reads the current version, role and sign-in in one
query and answers 304 only when the same HMAC comes out: the poller may still see the
sheet, as the same account in the same signed-in session, and the sheet has not changed
since. Anything else goes on down the middleware to the view, as every other request.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import User
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponseBase, HttpResponseNotModified
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.http import parse_etags, quote_etag

from games import selectors
from games.access import signed_in_or_none

logger = logging.getLogger(__name__)

SALT = "games.sheet_polls.etag"
LIVE_VIEW = "league:session_live"


@dataclass(frozen=True)
class Viewer:
    """Who a sheet is drawn for, as far as its ETag tells."""

    cookie: str  # the session cookie the request carried ("" without one)
    user_id: int  # 0 for a visitor
    auth_hash: str  # the account's session auth hash ("" for a visitor)
    bottom: int | None  # the seat the turned table puts at the bottom


def bottom_seat(request: HttpRequest) -> int | None:
    """The seat the table view puts at the bottom ("rotate"), as the link without JS sets."""
    value = request.GET.get("bottom")
    return int(value) if value and value.isdigit() and len(value) == 1 else None


def viewer_of(request: HttpRequest) -> Viewer:
    """The viewer of a request that went through the middleware (its user is known)."""
    user = signed_in_or_none(request)
    return Viewer(
        cookie=request.COOKIES.get(settings.SESSION_COOKIE_NAME, ""),
        user_id=user.pk if user else 0,
        auth_hash=user.get_session_auth_hash() if user else "",
        bottom=bottom_seat(request),
    )


def sheet_etag(viewer: Viewer, *, session_id: int, role: str | None, version: str) -> str:
    """The ETag of a sheet drawn for ``viewer``: the account's id, then the HMAC."""
    fields = [viewer.cookie, viewer.user_id, viewer.auth_hash, session_id, role, viewer.bottom]
    message = "\n".join(str(field) for field in [*fields, version])
    signature = salted_hmac(SALT, message, algorithm="sha256").hexdigest()
    return quote_etag(f"{viewer.user_id}.{signature}")


def unchanged_sheet(request: HttpRequest) -> HttpResponseNotModified | None:
    """The 304 of a poll of ``session_live`` whose ETag still names the sheet as it is, for
    the poller as they are; None for everything else (the view then answers it)."""
    if request.method != "GET" or "HTTP_IF_NONE_MATCH" not in request.META:
        return None
    # Compared weakly, as If-None-Match is: a proxy that compresses the answer weakens its ETag.
    etags = [etag.removeprefix("W/") for etag in parse_etags(request.META["HTTP_IF_NONE_MATCH"])]
    claimed = _claimed_user(etags)
    if claimed is None:
        return None
    address = _live_address().fullmatch(request.path_info)
    if address is None:
        return None
    viewer = Viewer(
        cookie=request.COOKIES.get(settings.SESSION_COOKIE_NAME, ""),
        user_id=claimed,
        auth_hash="",
        bottom=bottom_seat(request),
    )
    try:
        etag = _current_etag(viewer, address["slug"], int(address["session_id"]))
    except DatabaseError:
        logger.warning("The sheet's poll could not be read ahead; the view answers it.")
        return None
    if etag is None:
        return None
    if not any(constant_time_compare(etag, given) for given in etags):
        # The sheet or the poller changed since: the view draws it without asking again.
        request.sheet_changed = True  # type: ignore[attr-defined]
        return None
    response = HttpResponseNotModified()
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    response["Vary"] = "Cookie"
    return response


@functools.cache
def _live_address() -> re.Pattern[str]:
    """The address of ``session_live``, as the URL conf makes it, as a pattern: resolving
    each poll through every pattern of the site took longer than the rest of its answer."""
    slug, session_id = "slugxplaceholder", 918273645
    example = re.escape(reverse(LIVE_VIEW, kwargs={"slug": slug, "session_id": session_id}))
    pattern = example.replace(slug, r"(?P<slug>[-a-zA-Z0-9_]+)")
    return re.compile(pattern.replace(str(session_id), r"(?P<session_id>[0-9]+)"))


def _claimed_user(etags: list[str]) -> int | None:
    """The account the first of the poller's ETags that is one of ours names (0: a visitor)."""
    for etag in etags:
        user_id, dot, signature = etag.strip('"').partition(".")
        if dot and user_id.isdigit() and len(signature) == 64:
            return int(user_id)
    return None


def _current_etag(viewer: Viewer, slug: str, session_id: int) -> str | None:
    """The ETag the sheet has now for ``viewer`` (who claims an account); None when the
    poller may not see it or is no longer signed in as they were."""
    poll = selectors.session_sheet_poll(
        slug=slug,
        session_id=session_id,
        user_id=viewer.user_id or None,
        session_key=viewer.cookie if viewer.user_id else "",
    )
    if poll is None or not (poll.public or poll.role):
        return None
    if viewer.user_id:
        if poll.password is None or poll.session_expires is None:
            return None
        if poll.session_expires <= timezone.now():
            return None
        auth_hash = User(password=poll.password).get_session_auth_hash()
        viewer = Viewer(viewer.cookie, viewer.user_id, auth_hash, viewer.bottom)
    return sheet_etag(viewer, session_id=session_id, role=poll.role, version=poll.version)


class SheetPollMiddleware:
    """Ahead of the session, the account and the rest of the middleware: answers a poll that
    finds nothing new (``unchanged_sheet``), and passes every other request on."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        unchanged = unchanged_sheet(request)
        return unchanged if unchanged is not None else self.get_response(request)
