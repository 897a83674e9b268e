"""Rule sets (versioned) and seasons, managed by organisers."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from games import services
from games.access import club_access, signed_in
from games.forms import RuleSetNameForm, SeasonForm, apply_validation_error
from games.models import Membership, RuleSet, Season
from scoring.families import FAMILIES

ORGANISER = Membership.Role.ORGANISER


def rule_set_list(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request, slug)
    rule_sets = access.club.rule_sets.prefetch_related("versions")
    rows = [(rule_set, FAMILIES[rule_set.family]) for rule_set in rule_sets]
    context = {"access": access, "club": access.club, "rows": rows, "families": FAMILIES}
    return render(request, "games/rule_set_list.html", context)


@login_required
def rule_set_create(request: HttpRequest, slug: str, family: str) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    if family not in FAMILIES:
        raise Http404(_("No such rule family."))
    family_obj = FAMILIES[family]
    name_form = RuleSetNameForm(request.POST or None)
    params_form = family_obj.rule_set_form(request.POST or None, request.FILES or None)
    if request.method == "POST" and name_form.is_valid() and params_form.is_valid():
        try:
            services.rule_set_create(
                club=access.club,
                name=name_form.cleaned_data["name"],
                family=family,
                params=params_form.rule_set_params(),
                by=signed_in(request),
            )
        except ValidationError as error:
            _show(error, name_form, params_form)
        else:
            return redirect("league:rule_sets", slug=slug)
    return _render_form(request, access, family_obj, name_form, params_form, None)


@login_required
def rule_set_edit(request: HttpRequest, slug: str, rule_set_id: int) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    rule_set = get_object_or_404(RuleSet, club=access.club, pk=rule_set_id)
    family_obj = FAMILIES[rule_set.family]
    name_form = RuleSetNameForm(request.POST or None, initial={"name": rule_set.name})
    params_form = family_obj.rule_set_form(
        request.POST or None, request.FILES or None, params=rule_set.current_version().params
    )
    if request.method == "POST" and name_form.is_valid() and params_form.is_valid():
        try:
            version = services.rule_set_update(
                rule_set=rule_set,
                name=name_form.cleaned_data["name"],
                params=params_form.rule_set_params(),
                by=signed_in(request),
            )
        except ValidationError as error:
            _show(error, name_form, params_form)
        else:
            messages.success(
                request, _("Saved as version %(number)s.") % {"number": version.number}
            )
            return redirect("league:rule_sets", slug=slug)
    return _render_form(request, access, family_obj, name_form, params_form, rule_set)


def _show(error: ValidationError, name_form: Any, params_form: Any) -> None:
    if hasattr(error, "error_dict") and "name" in error.error_dict:
        apply_validation_error(name_form, error)
    else:
        apply_validation_error(params_form, error)


def _render_form(
    request: HttpRequest,
    access: Any,
    family: Any,
    name_form: Any,
    params_form: Any,
    rule_set: RuleSet | None,
) -> HttpResponse:
    context = {
        "access": access,
        "club": access.club,
        "family": family,
        "name_form": name_form,
        "params_form": params_form,
        "rule_set": rule_set,
    }
    return render(request, "games/rule_set_form.html", context)


@login_required
def season_create(request: HttpRequest, slug: str) -> HttpResponse:
    return _season_form(request, slug, None)


@login_required
def season_edit(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    return _season_form(request, slug, season_id)


def _season_form(request: HttpRequest, slug: str, season_id: int | None) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    season = get_object_or_404(Season, club=access.club, pk=season_id) if season_id else None
    form = SeasonForm(request.POST or None, instance=season, club=access.club)
    if request.method == "POST" and form.is_valid():
        try:
            season = services.season_save(club=access.club, season=season, **form.cleaned_data)
        except ValidationError as error:
            apply_validation_error(form, error)
        else:
            return redirect("league:season", slug=slug, season_id=season.pk)
    context = {"access": access, "club": access.club, "form": form, "season": season}
    return render(request, "games/season_form.html", context)
