"""Merging duplicate players (with a preview, and an undo) and players' other names."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import services
from games.access import club_access, signed_in
from games.forms import PlayerAliasForm, PlayerMergeForm, apply_validation_error
from games.merging import merge_preview
from games.models import Membership, Player, PlayerAlias, PlayerMerge

ORGANISER = Membership.Role.ORGANISER


@login_required
def player_merge(request: HttpRequest, slug: str) -> HttpResponse:
    """Choose the players, see what would move, then merge (two posts: preview, confirm)."""
    access = club_access(request, slug, role=ORGANISER)
    club = access.club
    initial = {"into": request.GET.get("into")} if request.GET.get("into", "").isdigit() else {}
    form = PlayerMergeForm(request.POST or None, club=club, initial=initial)
    preview = None
    if request.method == "POST" and form.is_valid():
        into, others = form.cleaned_data["into"], list(form.cleaned_data["others"])
        if "confirm" in request.POST:
            try:
                services.player_merge(into=into, others=others, by=signed_in(request))
            except ValidationError as error:
                apply_validation_error(form, error)
            else:
                names = ", ".join(player.name for player in others)
                messages.success(
                    request,
                    _("Merged %(names)s into %(name)s.") % {"names": names, "name": into.name},
                )
                return redirect("league:player", slug=slug, player_id=into.pk)
        elif into in others:
            form.add_error("others", _("A player cannot be merged into themselves."))
        else:
            preview = merge_preview(into=into, others=others)
    merges = PlayerMerge.objects.filter(club=club).select_related("into", "by")[:20]
    context = {"access": access, "club": club, "form": form, "preview": preview, "merges": merges}
    return render(request, "games/player_merge.html", context)


@login_required
@require_POST
def player_merge_undo(request: HttpRequest, slug: str, merge_id: int) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    merge = get_object_or_404(PlayerMerge, club=access.club, pk=merge_id)
    try:
        services.player_merge_undo(merge=merge, by=signed_in(request))
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        names = ", ".join(merge.merged_names)
        messages.success(
            request, _("Undone: %(names)s are players of their own again.") % {"names": names}
        )
    return redirect("league:player_merge", slug=slug)


@login_required
@require_POST
def player_alias_add(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    player = get_object_or_404(Player, club=access.club, pk=player_id)
    form = PlayerAliasForm(request.POST)
    if form.is_valid():
        try:
            services.player_alias_add(player=player, name=form.cleaned_data["name"])
        except ValidationError as error:
            apply_validation_error(form, error)
    for errors in form.errors.as_data().values():
        for problem in errors:
            for message in problem.messages:
                messages.error(request, message)
    return redirect("league:player_edit", slug=slug, player_id=player.pk)


@login_required
@require_POST
def player_alias_remove(
    request: HttpRequest, slug: str, player_id: int, alias_id: int
) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    alias = get_object_or_404(PlayerAlias, club=access.club, player_id=player_id, pk=alias_id)
    services.player_alias_remove(alias=alias)
    return redirect("league:player_edit", slug=slug, player_id=player_id)
