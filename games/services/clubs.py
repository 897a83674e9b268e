"""Clubs, players, members, invitations and accounts."""

from __future__ import annotations

import zoneinfo
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import (
    EMA_NUMBER,
    ROLE_RANK,
    Club,
    Invitation,
    Membership,
    Player,
    PlayerAlias,
)
from games.names import name_key
from games.services.common import name_clean, names_changed, write_unique

# Every zone of the IANA database (Python's own, or the tzdata package).
TIME_ZONES = frozenset(zoneinfo.available_timezones())


def club_create(*, name: str, slug: str, visibility: str, organiser: User) -> Club:
    name = name_clean(name)

    def check_free() -> None:
        if Club.objects.filter(slug=slug).exists():
            raise ValidationError(
                {
                    "slug": [
                        _("The address %(slug)s is taken; choose another.") % {"slug": repr(slug)}
                    ]
                }
            )

    def write() -> Club:
        club = Club.objects.create(name=name, slug=slug, visibility=visibility)
        Membership.objects.create(user=organiser, club=club, role=Membership.Role.ORGANISER)
        return club

    return write_unique(write, check_free=check_free)


def club_update(
    *,
    club: Club,
    name: str,
    visibility: str,
    time_zone: str,
    members_start_sessions: bool,
    members_switch_rules: bool,
    language: str = "",
) -> Club:
    """Change a club's settings (its address stays: links to it are out in the world)."""
    if visibility not in Club.Visibility.values:
        raise ValidationError({"visibility": [_("Choose public or members only.")]})
    if time_zone not in TIME_ZONES:
        raise ValidationError(
            {
                "time_zone": [
                    _("%(time_zone)s is not a known time zone.") % {"time_zone": repr(time_zone)}
                ]
            }
        )
    if language and language not in dict(settings.LANGUAGES):
        raise ValidationError({"language": [_("Choose one of the site's languages.")]})
    club.name = name_clean(name)
    club.visibility = visibility
    club.time_zone = time_zone
    club.language = language
    club.members_start_sessions = members_start_sessions
    club.members_switch_rules = members_switch_rules
    club.save()
    return club


def player_create(*, club: Club, name: str, user: User | None = None) -> Player:
    name = name_clean(name)
    return write_unique(
        lambda: Player.objects.create(club=club, name=name, user=user),
        check_free=lambda: _check_player_name_free(club, name),
    )


def player_update(*, player: Player, name: str, ema_number: str | None = None) -> Player:
    """Rename the player; ``ema_number`` (when given; blank clears it) is checked first."""
    name = name_clean(name)
    fields = ["name"]
    if ema_number is not None:
        player.ema_number = ema_number_clean(ema_number)
        fields.append("ema_number")

    def write() -> None:
        player.name = name
        player.save(update_fields=fields)
        names_changed(club_id=player.club_id)

    write_unique(
        write, check_free=lambda: _check_player_name_free(player.club, name, exclude=player.pk)
    )
    return player


def ema_number_clean(number: str) -> str:
    """An EMA number as EMA writes it (8 digits), or blank; anything else is refused."""
    number = number.strip()
    if number:
        try:
            EMA_NUMBER(number)
        except ValidationError as error:
            raise ValidationError({"ema_number": error.messages}) from error
    return number


def _check_player_name_free(club: Club, name: str, exclude: int | None = None) -> None:
    if not name:
        raise ValidationError({"name": [_("Enter a name.")]})
    taken = Player.objects.filter(club=club, name=name)
    if exclude is not None:
        taken = taken.exclude(pk=exclude)
    if taken.exists():
        raise ValidationError(
            {
                "name": [
                    _("%(name)s already has a player called %(name2)s.")
                    % {"name": club.name, "name2": repr(name)}
                ]
            }
        )
    aliases = PlayerAlias.objects.filter(club=club, key=name_key(name)).select_related("player")
    alias = aliases.exclude(player=exclude).first() if exclude is not None else aliases.first()
    if alias is not None:
        message = _("%(name)s is already a name of %(player)s.")
        raise ValidationError(
            {"name": [message % {"name": repr(name), "player": alias.player.name}]}
        )


def _check_username_free(username: str, message: str) -> None:
    if get_user_model().objects.filter(username=username).exists():
        raise ValidationError({"username": [message.format(username=username)]})


def member_account_create(*, club: Club, username: str, role: str, player: Player | None) -> User:
    """An account an organiser makes for a member (without a password: they set it)."""
    username = username.strip()

    def write() -> User:
        user = get_user_model().objects.create_user(username=username, password=None)
        membership_set(club=club, user=user, role=role)
        if player is not None:
            player_link_user(player=player, user=user)
        return user

    taken = "The username {username!r} is taken."
    return write_unique(write, check_free=lambda: _check_username_free(username, taken))


def invitation_sign_up(*, invitation: Invitation, username: str, password: str) -> User:
    """A new account joining through ``invitation``; no account is left if joining fails."""
    username = username.strip()

    def write() -> User:
        user = get_user_model().objects.create_user(username=username, password=password)
        invitation_accept(invitation=invitation, user=user)
        return user

    taken = "That username is taken; sign in first if it is yours."
    return write_unique(write, check_free=lambda: _check_username_free(username, taken))


def membership_set(*, club: Club, user: User, role: str) -> Membership:
    membership, _ = Membership.objects.update_or_create(
        user=user, club=club, defaults={"role": role}
    )
    return membership


def player_link_user(*, player: Player, user: User) -> Player:
    """Link ``player`` to ``user``'s account. The player's row is locked and read again, so
    that of two links at once the second sees the first; an account linked meanwhile to
    another player of the club is refused by the club's one-player-per-account constraint,
    with the same message as when it is found first."""

    def write() -> Player:
        locked = Player.objects.select_for_update().get(pk=player.pk)
        _check_link_free(locked, user)
        locked.user = user
        locked.save(update_fields=["user"])
        return locked

    def check_free() -> None:
        _check_link_free(Player.objects.get(pk=player.pk), user)

    linked = write_unique(write, check_free=check_free)
    player.user = linked.user
    return linked


def _check_link_free(player: Player, user: User) -> None:
    if player.user_id not in (None, user.pk):
        raise ValidationError(
            _("%(name)s is already linked to another account.") % {"name": player.name}
        )
    other = Player.objects.filter(club=player.club_id, user=user).exclude(pk=player.pk).first()
    if other is not None:
        raise ValidationError(
            _("That account is already linked to %(name)s.") % {"name": other.name}
        )


def invitation_create(
    *,
    club: Club,
    role: str,
    player: Player | None,
    by: User,
    days: int = Invitation.DEFAULT_DAYS,
) -> Invitation:
    """A link good for ``days`` days (1 to Invitation.MAX_DAYS)."""
    if not 1 <= days <= Invitation.MAX_DAYS:
        raise ValidationError(
            {"days": [_("An invitation lasts 1 to %(max)d days.") % {"max": Invitation.MAX_DAYS}]}
        )
    if player is not None and player.club_id != club.pk:
        raise ValidationError({"player": [_("That player is not in this club.")]})
    if player is not None and player.user_id is not None:
        raise ValidationError(
            {"player": [_("%(name)s already has an account.") % {"name": player.name}]}
        )
    expires_at = timezone.now() + timedelta(days=days)
    return Invitation.objects.create(
        club=club, role=role, player=player, created_by=by, expires_at=expires_at
    )


def invitation_withdraw(*, invitation: Invitation) -> Invitation:
    """Close an open link: whoever opens it from now on is turned away."""
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
        if invitation.accepted_at is not None:
            raise ValidationError(_("This invitation has already been used."))
        if invitation.withdrawn_at is None:
            invitation.withdrawn_at = timezone.now()
            invitation.save(update_fields=["withdrawn_at"])
    return invitation


def invitation_accept(*, invitation: Invitation, user: User) -> Membership:
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
        reason = invitation.closed_reason(now=timezone.now())
        if reason is not None:
            raise ValidationError(reason)
        current = Membership.objects.filter(club=invitation.club, user=user).first()
        role = _higher_role(current.role if current else None, invitation.role)
        membership = membership_set(club=invitation.club, user=user, role=role)
        if invitation.player is not None:
            player_link_user(player=invitation.player, user=user)
        invitation.accepted_by = user
        invitation.accepted_at = timezone.now()
        invitation.save(update_fields=["accepted_by", "accepted_at"])
    return membership


def membership_change_role(*, membership: Membership, role: str) -> Membership:
    """Give a member another role; a club always keeps at least one organiser."""
    with transaction.atomic():
        membership = Membership.objects.select_for_update().get(pk=membership.pk)
        if role != Membership.Role.ORGANISER:
            _keep_an_organiser(membership)
        membership.role = role
        membership.save(update_fields=["role"])
    return membership


def membership_remove(*, membership: Membership) -> None:
    """Take a member out of the club (their players and hands stay in its records)."""
    with transaction.atomic():
        membership = Membership.objects.select_for_update().get(pk=membership.pk)
        _keep_an_organiser(membership)
        membership.delete()


def _keep_an_organiser(leaving: Membership) -> None:
    if leaving.role != Membership.Role.ORGANISER:
        return
    # Lock every organiser row, so two organisers cannot demote each other at once.
    organisers = Membership.objects.select_for_update().filter(
        club_id=leaving.club_id, role=Membership.Role.ORGANISER
    )
    if not organisers.exclude(pk=leaving.pk).exists():
        raise ValidationError(_("A club needs an organiser: make someone else organiser first."))


def _higher_role(current: str | None, offered: str) -> str:
    if current is None:
        return offered
    return max(current, offered, key=lambda role: ROLE_RANK[Membership.Role(role)])
