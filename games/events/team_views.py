"""Teams' pages: a season's or an event's teams and their standings (and as CSV), and a
team's page."""

from __future__ import annotations

import csv
from fractions import Fraction
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.access import ClubAccess, club_access
from games.events import team_selectors as selectors
from games.events import team_services as services
from games.events.forms import TeamForm
from games.events.models import Event, Team
from games.forms import DateRangeForm, apply_validation_error
from games.models import Membership, Season
from scoring.display import format_ratio
from scoring.families import get_family
from scoring.score_files import spreadsheet_safe

ORGANISER = Membership.Role.ORGANISER


def _season(access: ClubAccess, season_id: int) -> Season:
    return get_object_or_404(
        Season.objects.select_related("rule_set"), club=access.club, pk=season_id
    )


def _event(access: ClubAccess, event_id: int) -> Event:
    return get_object_or_404(
        Event.objects.select_related("season", "rule_set"), club=access.club, pk=event_id
    )


def _season_standings(
    request: HttpRequest, season: Season
) -> tuple[DateRangeForm, list[selectors.TeamStanding]]:
    """The date range asked for (as the season's standings take it) and the season's team
    standings over it; an invalid range is shown with its error and not applied."""
    filters = DateRangeForm(request.GET or None)
    criteria = filters.cleaned_data if filters.is_valid() else {}
    standings = selectors.season_team_standings(
        season=season, date_from=criteria.get("date_from"), date_to=criteria.get("date_to")
    )
    return filters, standings


def season_teams(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    """The season's teams ranked; an organiser adds a team here."""
    access = club_access(request, slug)
    return _teams_page(request, access, _season(access, season_id), None)


def event_teams(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """The event's teams ranked by their results in the event; an organiser adds one here."""
    access = club_access(request, slug)
    event = _event(access, event_id)
    return _teams_page(request, access, event.season, event)


def season_teams_csv(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    """The season's team standings as CSV, over the date range asked for."""
    access = club_access(request, slug)
    season = _season(access, season_id)
    _filters, standings = _season_standings(request, season)
    return _teams_csv(standings, f"{access.club.slug}-{slugify(season.name) or 'season'}")


def event_teams_csv(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """The event's team standings as CSV."""
    access = club_access(request, slug)
    event = _event(access, event_id)
    standings = selectors.event_team_standings(event=event)
    return _teams_csv(standings, f"{access.club.slug}-{slugify(event.name) or 'event'}")


def _teams_csv(standings: list[selectors.TeamStanding], name: str) -> HttpResponse:
    """One line per player of each team, in team order: the team's rank, name, points and
    how many players count, then the player's name, points, sessions and whether they
    count (a team without players has one line with the player's cells empty). Points are
    the family's (the team page's column), exact to four places."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}-teams.csv"'
    writer = csv.writer(response)
    writer.writerow(
        ["rank", "team", "points", "best_of", "player", "player_points", "sessions", "counted"]
    )
    for entry in standings:
        team = [
            entry.rank,
            entry.team.name,
            format_ratio(Fraction(entry.points)),
            entry.team.best_of or "",
        ]
        players = [
            [
                player.name,
                format_ratio(Fraction(player.points)),
                player.games,
                "yes" if player.counted else "no",
            ]
            for player in entry.players
        ] or [["", "", "", ""]]
        for cells in players:
            writer.writerow([spreadsheet_safe(cell) for cell in [*team, *cells]])
    return response


def _teams_page(
    request: HttpRequest, access: ClubAccess, season: Season, event: Event | None
) -> HttpResponse:
    form = None
    if request.method == "POST":
        access = club_access(request, access.club.slug, role=ORGANISER)
    if access.can_manage:
        form = TeamForm(request.POST or None, club=access.club, event=event)
        if request.method == "POST" and form.is_valid():
            try:
                team = services.team_create(season=season, event=event, settings=form.settings())
            except ValidationError as error:
                apply_validation_error(form, error)
            else:
                messages.success(request, _("The team is kept."))
                return redirect("events:team", slug=access.club.slug, team_id=team.pk)
    filters = None
    if event is not None:
        standings = selectors.event_team_standings(event=event)
        family = get_family(event.rule_set.family)
    else:
        filters, standings = _season_standings(request, season)
        family = get_family(season.rule_set.family)
    context: dict[str, Any] = {
        "access": access,
        "club": access.club,
        "season": season,
        "event": event,
        "standings": standings,
        "column": selectors.team_column(family),
        "form": form,
        "filters": filters,
    }
    return render(request, "events/teams.html", context)


def _team(access: ClubAccess, team_id: int) -> Team:
    teams = Team.objects.select_related("season__rule_set", "event__rule_set")
    return get_object_or_404(teams, club=access.club, pk=team_id)


def team_detail(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    """A team: its rank, its points and each player's; an organiser edits it here."""
    access = club_access(request, slug)
    if request.method == "POST":
        access = club_access(request, slug, role=ORGANISER)
    team = _team(access, team_id)
    form = None
    if access.can_manage:
        initial = {
            "name": team.name,
            "best_of": team.best_of,
            "players": [member.player_id for member in team.members.all()],
        }
        form = TeamForm(request.POST or None, club=access.club, event=team.event, initial=initial)
        if request.method == "POST" and form.is_valid():
            try:
                services.team_update(team=team, settings=form.settings())
            except ValidationError as error:
                apply_validation_error(form, error)
            else:
                messages.success(request, _("The team is kept."))
                return redirect("events:team", slug=slug, team_id=team.pk)
    if team.event is not None:
        standings = selectors.event_team_standings(event=team.event)
        family = get_family(team.event.rule_set.family)
    else:
        standings = selectors.season_team_standings(season=team.season)
        family = get_family(team.season.rule_set.family)
    standing = next(entry for entry in standings if entry.team.pk == team.pk)
    context: dict[str, Any] = {
        "access": access,
        "club": access.club,
        "team": team,
        "standing": standing,
        "count": len(standings),
        "column": selectors.team_column(family),
        "form": form,
    }
    return render(request, "events/team_detail.html", context)


@login_required
@require_POST
def team_delete(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    team = _team(access, team_id)
    services.team_delete(team=team)
    messages.success(request, _("The team is deleted."))
    if team.event_id is not None:
        return redirect("events:event_teams", slug=slug, event_id=team.event_id)
    return redirect("events:season_teams", slug=slug, season_id=team.season_id)
