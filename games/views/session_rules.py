"""A session's rules on the pages: switch to another version from the next hand on, and
re-score every hand under another version; each a preview, then a confirm."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from games.access import club_access, signed_in
from games.models import RuleSetVersion, Session
from games.selectors import hand_place
from games.services.session_rules import (
    session_rescore,
    session_rescore_preview,
    session_rules_changer,
    session_switch_rules,
)
from games.views.sessions import get_session


def _changeable(request: HttpRequest, slug: str, session_id: int) -> Session:
    access = club_access(request, slug)
    session = get_session(access.club.pk, session_id)
    if not session_rules_changer(session=session, user=request.user):
        raise PermissionDenied(_("Only an organiser (or a member, if the club allows it) may."))
    return session


def _chosen(session: Session, value: str | None) -> RuleSetVersion | None:
    versions = session.rule_set_version.rule_set.versions.select_related("rule_set")
    return versions.filter(number=value).first() if value and value.isdigit() else None


def _place(value: str | None, following: int) -> int:
    """The hand place sent (the next hand's by default); 0, which no hand has, if garbled,
    so that the service names the hand it expects."""
    if not value:
        return following
    return int(value) if value.isdigit() and len(value) < 10 else 0


def _render(request: HttpRequest, template: str, session: Session, **extra: object) -> HttpResponse:
    versions = session.rule_set_version.rule_set.versions.select_related("rule_set")
    context = {"club": session.club, "session": session, "versions": versions, **extra}
    return render(request, template, context)


@login_required
def session_rules(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    """GET ?version=N previews the switch from the next hand; POST confirms it."""
    session = _changeable(request, slug, session_id)
    data = request.POST if request.method == "POST" else request.GET
    version = _chosen(session, data.get("version"))
    following = hand_place(session=session)
    if version is None:
        return _render(request, "games/session_rules.html", session, following=following)
    try:
        switch = session_switch_rules(
            session=session,
            version=version,
            from_hand=_place(data.get("from_hand"), following),
            by=signed_in(request),
            confirm=request.method == "POST",
        )
    except ValidationError as error:
        context = {"following": following, "errors": error.messages}
        return _render(request, "games/session_rules.html", session, **context)
    if request.method == "POST":
        messages.success(request, switch.text)
        return redirect("league:session", slug=slug, session_id=session.pk)
    context = {"following": following, "switch": switch}
    return _render(request, "games/session_rules.html", session, **context)


@login_required
def session_rescore_view(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    """GET ?version=N previews re-scoring every hand under version N; POST confirms it."""
    session = _changeable(request, slug, session_id)
    data = request.POST if request.method == "POST" else request.GET
    version = _chosen(session, data.get("version"))
    if version is None:
        return _render(request, "games/session_rescore.html", session)
    by = signed_in(request)
    try:
        if request.method == "POST":
            done = session_rescore(
                session=session,
                version=version,
                token=data.get("token", ""),
                reason=data.get("reason", ""),
                by=by,
            )
            messages.success(
                request,
                _("Re-scored under %(version)s: %(count)s changed.")
                % {"version": version, "count": len(done.changed)},
            )
            return redirect("league:session", slug=slug, session_id=session.pk)
        plan = session_rescore_preview(session=session, version=version, by=by)
    except ValidationError as error:
        return _render(request, "games/session_rescore.html", session, errors=error.messages)
    return _render(request, "games/session_rescore.html", session, plan=plan)
