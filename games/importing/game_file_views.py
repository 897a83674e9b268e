"""Loading a game file into a new session of a season (families with game files)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from games.access import club_access, signed_in
from games.forms import apply_validation_error
from games.importing.forms import GameFileImportForm
from games.importing.game_files import MAX_GAME_FILE, game_file_decode, game_file_import
from games.models import Membership, Season
from scoring.families import get_family

ORGANISER = Membership.Role.ORGANISER


@login_required
def game_file_import_view(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    season = get_object_or_404(
        Season.objects.select_related("rule_set"), club=access.club, pk=season_id
    )
    family = get_family(season.rule_set.family)
    form = GameFileImportForm(
        request.POST or None, request.FILES or None, club=access.club, family=family.key
    )
    if family.game_files and request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            text = game_file_decode(data["file"].read(MAX_GAME_FILE + 1))
            imported = game_file_import(
                season=season,
                text=text,
                by=signed_in(request),
                rule_set=data["rule_set"],
                played_on=data["played_on"],
                create_players=data["create_players"],
            )
        except ValidationError as error:
            apply_validation_error(form, error)
        else:
            return redirect("league:session", slug=slug, session_id=imported.session.pk)
    context = {
        "access": access,
        "club": access.club,
        "season": season,
        "family": family,
        "form": form,
    }
    return render(request, "importing/game_file.html", context)
