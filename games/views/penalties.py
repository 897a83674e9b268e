"""Recording, amending and deleting penalties: who may record a hand may record one."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _

from games import selectors, services
from games.access import ClubAccess, club_access, signed_in
from games.exporting import penalties_csv
from games.forms import PenaltyChangeForm, PenaltyForm, apply_validation_error
from games.models import Membership, Penalty, Season, Session
from games.views.sessions import get_session

MEMBER = Membership.Role.MEMBER


def _get_penalty(access: ClubAccess, penalty_id: int) -> Penalty:
    queryset = Penalty.objects.select_related("session__rule_set_version__rule_set", "player")
    return get_object_or_404(queryset, club=access.club, pk=penalty_id, deleted_at=None)


def _render(
    request: HttpRequest, access: ClubAccess, session: Session, **context: Any
) -> HttpResponse:
    preset = selectors.session_penalty_preset(session=session)
    context |= {"access": access, "club": access.club, "session": session, "preset": preset}
    # Written as the rules page writes it ("chombo 20,000"), in every language.
    context["chombo_cost"] = f"{preset.chombo:,}"
    return render(request, "games/penalty_form.html", context)


@login_required
def penalty_new(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    access = club_access(request, slug, role=MEMBER)
    session = get_session(access.club.pk, session_id)
    if request.method != "POST":
        preset = selectors.session_penalty_preset(session=session)
        initial = {
            "reason": Penalty.Reason.CHOMBO,
            "amount": preset.chombo,
            "zero_sum": preset.zero_sum,
            "client_id": uuid.uuid4(),
        }
        return _render(request, access, session, form=PenaltyForm(initial=initial, session=session))
    form = PenaltyForm(request.POST, session=session)
    if form.is_valid():
        try:
            services.penalty_record(
                session=session,
                penalty=form.penalty(),
                by=signed_in(request),
                client_id=form.cleaned_data["client_id"],
            )
        except ValidationError as error:
            apply_validation_error(form, error)
        else:
            messages.success(request, _("Penalty recorded."))
            return redirect("league:session", slug=slug, session_id=session.pk)
    return _render(request, access, session, form=form)


@login_required
def penalty_edit(request: HttpRequest, slug: str, penalty_id: int) -> HttpResponse:
    access = club_access(request, slug, role=MEMBER)
    penalty = _get_penalty(access, penalty_id)
    session = penalty.session
    initial = {
        "player": penalty.player_id,
        "reason": penalty.reason,
        "note": penalty.note,
        "amount": penalty.amount,
        "zero_sum": penalty.zero_sum,
    }
    form = PenaltyForm(request.POST or None, initial=initial, session=session)
    change = PenaltyChangeForm(request.POST or None, initial={"version": penalty.version})
    if request.method == "POST" and form.is_valid() and change.is_valid():
        try:
            services.penalty_amend(
                penalty=penalty,
                changed=form.penalty(),
                expected_version=change.cleaned_data["version"],
                why=change.cleaned_data["why"],
                by=signed_in(request),
            )
        except ValidationError as error:
            apply_validation_error(form, error)
        else:
            messages.success(request, _("Penalty amended."))
            return redirect("league:session", slug=slug, session_id=session.pk)
    return _render(request, access, session, form=form, change=change, penalty=penalty)


@login_required
def penalty_delete(request: HttpRequest, slug: str, penalty_id: int) -> HttpResponse:
    access = club_access(request, slug, role=MEMBER)
    penalty = _get_penalty(access, penalty_id)
    change = PenaltyChangeForm(request.POST or None, initial={"version": penalty.version})
    if request.method == "POST" and change.is_valid():
        try:
            services.penalty_delete(
                penalty=penalty,
                expected_version=change.cleaned_data["version"],
                why=change.cleaned_data["why"],
                by=signed_in(request),
            )
        except ValidationError as error:
            apply_validation_error(change, error)
        else:
            messages.success(request, _("Penalty deleted."))
            return redirect("league:session", slug=slug, session_id=penalty.session_id)
    context = {
        "access": access,
        "club": access.club,
        "session": penalty.session,
        "penalty": penalty,
        "change": change,
    }
    return render(request, "games/penalty_delete.html", context)


def _season(access: ClubAccess, season_id: int) -> Season:
    return get_object_or_404(
        Season.objects.select_related("rule_set"), club=access.club, pk=season_id
    )


def season_penalties(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    """Every live penalty of a season, for the organisers and a federation's audit."""
    access = club_access(request, slug)
    season = _season(access, season_id)
    context = {
        "access": access,
        "club": access.club,
        "scope": season,
        "back_url": reverse("league:season", args=[slug, season.pk]),
        "csv_url": reverse("league:season_penalties_csv", args=[slug, season.pk]),
        "penalties": selectors.season_penalties(season=season),
    }
    return render(request, "games/penalty_list.html", context)


def season_penalties_csv(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    """The season's penalties as CSV: date, session, player, reason, note, amount, zero-sum,
    who recorded it and when."""
    access = club_access(request, slug)
    season = _season(access, season_id)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = slugify(season.name) or "season"
    response["Content-Disposition"] = f'attachment; filename="{name}-penalties.csv"'
    penalties_csv(response, selectors.season_penalties(season=season))
    return response
