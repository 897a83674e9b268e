"""Every write of a team: create, edit (name, best-of and roster) and delete.

A team belongs to a season, or to one event of it; a player is in at most one team of a
season and at most one of an event (the database keeps both, and so do these checks, which
name the player and the team they are already in).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games.events.models import Event, Team, TeamMember
from games.models import Player, Season

MAX_TEAM_PLAYERS = 50


@dataclass(frozen=True)
class TeamSettings:
    """What the organiser chooses for a team: its name, how many of its best players'
    results count (None: all) and its players."""

    name: str
    players: Sequence[Player]
    best_of: int | None = None


def team_create(*, season: Season, event: Event | None = None, settings: TeamSettings) -> Team:
    """A new team of ``season`` (or of ``event``, one of its events) with its roster."""
    if event is not None and event.season_id != season.pk:
        raise ValidationError({"event": [_("This event is not in that season.")]})
    team = Team(club_id=season.club_id, season=season, event=event)
    return _save(team, settings)


def team_update(*, team: Team, settings: TeamSettings) -> Team:
    """The team's new name, best-of and roster (players left out leave the team)."""
    return _save(team, settings)


def team_delete(*, team: Team) -> None:
    team.delete()


def _save(team: Team, settings: TeamSettings) -> Team:
    name = settings.name.strip()
    _check_settings(team, name, settings)
    try:
        with transaction.atomic():
            _check_name_free(team, name)
            _check_players_free(team, settings.players)
            team.name = name
            team.best_of = settings.best_of
            team.save()
            team.members.exclude(player__in=settings.players).delete()
            kept = set(team.members.values_list("player_id", flat=True))
            TeamMember.objects.bulk_create(
                TeamMember(team=team, player=player, season_id=team.season_id, event=team.event)
                for player in _unique(settings.players)
                if player.pk not in kept
            )
    except IntegrityError as error:  # another organiser took the name or a player just now
        raise ValidationError(_("The teams changed meanwhile; try again.")) from error
    return team


def _unique(players: Sequence[Player]) -> list[Player]:
    seen: dict[int, Player] = {}
    for player in players:
        seen.setdefault(player.pk, player)
    return list(seen.values())


def _check_settings(team: Team, name: str, settings: TeamSettings) -> None:
    if not name:
        raise ValidationError({"name": [_("Give the team a name.")]})
    if len(name) > Team._meta.get_field("name").max_length:  # type: ignore[operator]
        raise ValidationError({"name": [_("A team's name is at most 60 characters.")]})
    if settings.best_of is not None and not 1 <= settings.best_of <= MAX_TEAM_PLAYERS:
        raise ValidationError(
            {"best_of": [_("Count the best 1 to %(most)d players.") % {"most": MAX_TEAM_PLAYERS}]}
        )
    if len(_unique(settings.players)) > MAX_TEAM_PLAYERS:
        raise ValidationError(
            {"players": [_("A team has at most %(most)d players.") % {"most": MAX_TEAM_PLAYERS}]}
        )
    for player in settings.players:
        if player.club_id != team.club_id:
            raise ValidationError(
                {"players": [_("%(name)s is not a player of this club.") % {"name": player}]}
            )
    if team.event is not None:
        registered = set(team.event.players.values_list("player_id", flat=True))
        for player in settings.players:
            if player.pk not in registered:
                raise ValidationError(
                    {
                        "players": [
                            _("%(name)s is not registered for this event.") % {"name": player}
                        ]
                    }
                )


def _scope(team: Team) -> dict[str, object]:
    """The teams this one must differ from: its season's, or its event's."""
    if team.event_id is None:
        return {"season_id": team.season_id, "event__isnull": True}
    return {"event_id": team.event_id}


def _check_name_free(team: Team, name: str) -> None:
    others = Team.objects.filter(**_scope(team)).exclude(pk=team.pk)
    if others.filter(name__iexact=name).exists():
        raise ValidationError(
            {"name": [_("There is already a team named %(name)s.") % {"name": name}]}
        )


def _check_players_free(team: Team, players: Sequence[Player]) -> None:
    taken = (
        TeamMember.objects.filter(**_scope(team), player__in=players)
        .exclude(team_id=team.pk)
        .select_related("player", "team")
        .order_by("player__name")
        .first()
    )
    if taken is not None:
        raise ValidationError(
            {
                "players": [
                    _("%(name)s is already in team %(team)s.")
                    % {"name": taken.player.name, "team": taken.team.name}
                ]
            }
        )
