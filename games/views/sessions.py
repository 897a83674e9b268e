"""Starting a session, its score sheet, and closing or reopening it."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.cache import get_conditional_response
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import selectors, services
from games.access import (
    ClubAccess,
    club_access,
    require_session_starter,
    signed_in,
    signed_in_or_none,
)
from games.forms import SessionAgainForm, SessionStartForm, apply_validation_error
from games.middleware import club_context_on_demand, use_club_context
from games.models import Membership, Session
from games.services.session_rules import rules_changer
from games.sheet_polls import bottom_seat, sheet_etag, viewer_of
from scoring.families import get_family

ORGANISER = Membership.Role.ORGANISER


def get_session(club_id: int, session_id: int) -> Session:
    queryset = Session.objects.select_related("club", "season", "rule_set_version__rule_set")
    return get_object_or_404(queryset, club_id=club_id, pk=session_id)


@login_required
def session_start(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request, slug)
    require_session_starter(access)
    initial: dict[str, object] = {}
    season = None
    if season_id := request.GET.get("season"):
        initial["season"] = season_id
        season = access.club.seasons.filter(pk=season_id).first() if season_id.isdigit() else None
    # A new game most often seats the last table again, in the same seats.
    for position, player_id in enumerate(selectors.last_seating(club=access.club, season=season)):
        initial[f"seat_{position}"] = player_id
    form = SessionStartForm(request.POST or None, club=access.club, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            session, _ = services.session_start_once(
                season=form.cleaned_data["season"],
                rule_set=form.cleaned_data["rule_set"],
                played_on=form.cleaned_data["played_on"],
                players=form.players(),
                by=signed_in(request),
                client_id=form.cleaned_data["client_id"],
            )
        except ValidationError as error:
            apply_validation_error(form, error, _start_field)
        else:
            return redirect("league:session", slug=slug, session_id=session.pk)
    context = {"access": access, "club": access.club, "form": form}
    return render(request, "games/session_start.html", context)


def _start_field(name: str) -> str | None:
    """Where a service error shows: seats and the (hidden) entry id above the form."""
    return None if name in ("players", "client_id") else name


def session_detail(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    access = club_access(request, slug)
    session = get_session(access.club.pk, session_id)
    sheet = selectors.session_sheet(session=session)
    etag = _sheet_etag(request, session.pk, access.role, selectors.sheet_version_of(sheet))
    context = _sheet_context(request, access, session, sheet, etag)
    # "New game like this one": a new entry id each time the page is shown, so that a
    # double tap starts one game.
    context.update(again_id=uuid.uuid4(), today=timezone.localdate())
    return render(request, "games/session_detail.html", context)


@login_required
@require_POST
def session_again(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    """A new game like this one: the same season, players and seats, under the rules and
    options the session plays under now."""
    access = club_access(request, slug)
    require_session_starter(access)
    session = get_session(access.club.pk, session_id)
    form = SessionAgainForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(str(error) for error in errors))
        return redirect("league:session", slug=slug, session_id=session.pk)
    try:
        started, _new = services.session_start_like(
            session=session,
            played_on=form.cleaned_data["played_on"],
            by=signed_in(request),
            client_id=form.cleaned_data["client_id"],
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("league:session", slug=slug, session_id=session.pk)
    return redirect("league:session", slug=slug, session_id=started.pk)


@club_context_on_demand
def session_live(request: HttpRequest, slug: str, session_id: int) -> HttpResponseBase:
    """The live part of the session page (the table, the next hand, the sheet), for the page
    to refresh itself while open (static/js/live-sheet.js): 304 while nothing changed."""
    unchanged = _unchanged_sheet(request, slug, session_id)
    if unchanged is not None:
        return unchanged
    access = club_access(request, slug)
    use_club_context(request, access.club)
    session = get_session(access.club.pk, session_id)
    sheet = selectors.session_sheet(session=session)
    etag = _sheet_etag(request, session.pk, access.role, selectors.sheet_version_of(sheet))
    context = _sheet_context(request, access, session, sheet, etag)
    response = render(request, "games/_session_live.html", context)
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


def _unchanged_sheet(request: HttpRequest, slug: str, session_id: int) -> HttpResponse | None:
    """The 304 of a poll that finds nothing new, from one query, for a poll the middleware
    ahead (games/sheet_polls.py) could not vouch for; None when the sheet must be drawn, or
    refused, as the page is."""
    if "HTTP_IF_NONE_MATCH" not in request.META or getattr(request, "sheet_changed", False):
        return None
    user = signed_in_or_none(request)
    poll = selectors.session_sheet_poll(
        slug=slug, session_id=session_id, user_id=user.pk if user else None
    )
    if poll is None or not (poll.public or poll.role):
        return None
    etag = _sheet_etag(request, session_id, poll.role, poll.version)
    return get_conditional_response(request, etag=etag)


def _sheet_etag(request: HttpRequest, session_id: int, role: str | None, version: str) -> str:
    # What a viewer may do (amend, delete) and where the table is turned show on the sheet too.
    return sheet_etag(viewer_of(request), session_id=session_id, role=role, version=version)


def _sheet_context(
    request: HttpRequest,
    access: ClubAccess,
    session: Session,
    sheet: selectors.ScoreSheet,
    etag: str,
) -> dict[str, Any]:
    version = session.rule_set_version
    family = get_family(version.rule_set.family)
    return {
        "access": access,
        "club": access.club,
        "session": session,
        "sheet": sheet,
        "family": family,
        "rules": family.describe_params(version.params),
        "chombo_ending": selectors.session_chombo_ending(session=session),
        "can_change_rules": rules_changer(club=access.club, membership=access.membership),
        "bottom": bottom_seat(request),
        "etag": etag,
    }


@login_required
@require_POST
def session_status(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    session = get_session(access.club.pk, session_id)
    status = request.POST.get("status")
    if status not in Session.Status.values:
        messages.error(request, _("Choose open or closed."))
    else:
        services.session_set_status(session=session, status=status)
        messages.success(
            request,
            _("The session is now %(get_status_display)s.")
            % {"get_status_display": session.get_status_display().lower()},
        )
    return redirect("league:session", slug=slug, session_id=session.pk)
