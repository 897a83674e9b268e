"""Players' other names (aliases), and merging duplicate players into one (and undoing it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.apps import apps
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.merging import merge_problems, reference_label, references
from games.models import (
    Hand,
    Player,
    PlayerAlias,
    PlayerMerge,
    Seat,
    Session,
)
from games.names import name_key
from games.services.common import name_clean, names_changed, write_unique
from games.totals import session_totals_refresh


def player_alias_add(*, player: Player, name: str) -> PlayerAlias:
    """Give ``player`` another name; refused when the name is already theirs or names
    another player of the club (compared as ``games.names.name_key`` compares names)."""
    name = name_clean(name)
    key = name_key(name)
    return write_unique(
        lambda: PlayerAlias.objects.create(
            club_id=player.club_id, player=player, name=name, key=key
        ),
        check_free=lambda: _check_alias_free(player, name, key),
    )


def player_alias_remove(*, alias: PlayerAlias) -> None:
    alias.delete()


def name_owner(*, club_id: int, name: str, exclude: int | None = None) -> Player | None:
    """The player of the club whose name or alias is ``name`` as names compare, if any."""
    key = name_key(name)
    alias = PlayerAlias.objects.filter(club_id=club_id, key=key).select_related("player")
    found = [item.player for item in alias]
    found += [
        player
        for player in Player.objects.filter(club_id=club_id).only("pk", "name")
        if name_key(player.name) == key
    ]
    return next((player for player in found if player.pk != exclude), None)


def _check_alias_free(player: Player, name: str, key: str) -> None:
    if not key:
        raise ValidationError({"name": [_("Enter a name.")]})
    if name_key(player.name) == key:
        raise ValidationError(
            {"name": [_("%(name)s is already their name.") % {"name": repr(name)}]}
        )
    owner = name_owner(club_id=player.club_id, name=name)
    if owner is not None:
        message = _("%(name)s is already a name of %(player)s.")
        raise ValidationError({"name": [message % {"name": repr(name), "player": owner.name}]})


def player_merge(*, into: Player, others: Sequence[Player], by: User | None) -> PlayerMerge:
    """Merge ``others`` into ``into``: every row that points at one of them points at
    ``into`` (their ids recorded), their names become its aliases, their account link its
    own; their kept totals are summed again, standings and ratings follow. Refused, with
    nothing written, when two of them sat at one table or are otherwise both in one place."""
    with transaction.atomic():
        into, others = _locked(into, others)
        problems = merge_problems(into=into, others=others)
        if problems:
            raise ValidationError(problems)
        ids = [player.pk for player in others]
        sessions = _lock_sessions(Seat.objects.filter(player__in=ids))
        moved: dict[str, dict[str, list[int]]] = {}
        for key in references():
            rows = key.model._default_manager.filter(**{f"{key.name}__in": ids})
            by_player: dict[str, list[int]] = {}
            for pk, player_id in rows.values_list("pk", key.attname):
                by_player.setdefault(str(player_id), []).append(pk)
            if by_player:
                moved[reference_label(key)] = by_player
                rows.update(**{key.name: into})
        # The totals are summed again from the moved scores before the players go: their
        # old totals point at them.
        session_totals_refresh(session_ids=sessions)
        merged = [_kept_row(player) for player in others]
        account = next((p.user_id for p in others if p.user_id is not None), None)
        Player.objects.filter(pk__in=ids).delete()
        if account is not None and into.user_id is None:
            into.user_id = account
            into.save(update_fields=["user"])
        aliases = _aliases_of(into, [player.name for player in others])
        merge = PlayerMerge.objects.create(
            club_id=into.club_id,
            into=into,
            merged=merged,
            moved=moved,
            aliases=aliases,
            by=by,
        )
        names_changed(club_id=into.club_id)
    return merge


def player_merge_undo(*, merge: PlayerMerge, by: User | None) -> list[Player]:
    """Give the merged players back their rows, names and account; refused while anything
    newer depends on the merge (``merge_undo_problems``)."""
    with transaction.atomic():
        merge = PlayerMerge.objects.select_for_update().get(pk=merge.pk)
        into = Player.objects.select_for_update().get(pk=merge.into_id)
        seats = Seat.objects.filter(pk__in=_moved_ids(merge, "games.seat.player"))
        sessions = _lock_sessions(seats)
        problems = merge_undo_problems(merge=merge, into=into, sessions=sessions)
        if problems:
            raise ValidationError(problems)
        PlayerAlias.objects.filter(pk__in=merge.aliases, player=into).delete()
        restored = [_restore(row, into) for row in merge.merged]
        for label, by_player in merge.moved.items():
            model_label, name = label.rsplit(".", 1)
            model = apps.get_model(model_label)
            for player_id, pks in by_player.items():
                model._default_manager.filter(pk__in=pks, **{name: into}).update(
                    **{f"{name}_id": int(player_id)}
                )
        merge.undone_at = timezone.now()
        merge.undone_by = by
        merge.save(update_fields=["undone_at", "undone_by"])
        _refresh(into.club_id, sessions)
    return restored


def merge_undo_problems(
    *, merge: PlayerMerge, into: Player, sessions: list[int] | None = None
) -> list[str]:
    """Why the merge cannot be undone now. It depends on nothing newer while: it is the
    latest merge still in force that involves its kept player; each seat it moved is still
    the kept player's; no hand of a session it moved was recorded, changed or deleted after
    it; and every merged name is still free in the club."""
    if merge.undone_at is not None:
        return [_("This merge has already been undone.")]
    problems = []
    later = PlayerMerge.objects.filter(
        club_id=merge.club_id, undone_at__isnull=True, at__gt=merge.at
    )
    for other in later:
        merged_ids = {row["id"] for row in other.merged}
        if other.into_id == into.pk or into.pk in merged_ids:
            problems.append(
                _("Undo the later merge of %(names)s into %(into)s first.")
                % {"names": ", ".join(other.merged_names), "into": other.into.name}
            )
    seat_ids = _moved_ids(merge, "games.seat.player")
    if Seat.objects.filter(pk__in=seat_ids, player=into).count() != len(seat_ids):
        problems.append(_("A session this merge moved has been changed or deleted since."))
    if sessions is None:
        sessions = list(Seat.objects.filter(pk__in=seat_ids).values_list("session_id", flat=True))
    changed = Hand.objects.filter(session__in=sessions, updated_at__gt=merge.at)
    for session in Session.objects.filter(hands__in=changed).select_related("season").distinct():
        problems.append(
            _("Hands of the session %(session)s were recorded or changed after the merge.")
            % {"session": session}
        )
    returning = {*merge.aliases, *_moved_ids(merge, "games.playeralias.player")}
    for row in merge.merged:
        taken = Player.objects.filter(club_id=merge.club_id, name=row["name"]).first()
        alias = (
            PlayerAlias.objects.filter(club_id=merge.club_id, key=name_key(row["name"]))
            .exclude(pk__in=returning)
            .select_related("player")
            .first()
        )
        owner = taken or (alias.player if alias else None)
        if owner is not None:
            problems.append(
                _("%(name)s is now a name of %(player)s.")
                % {"name": repr(row["name"]), "player": owner.name}
            )
    return problems


def _locked(into: Player, others: Sequence[Player]) -> tuple[Player, list[Player]]:
    ids = {player.pk for player in others}
    if not ids:
        raise ValidationError(
            {"others": [_("Choose the players to merge into %(name)s.") % {"name": into.name}]}
        )
    if into.pk in ids:
        raise ValidationError({"others": [_("A player cannot be merged into themselves.")]})
    rows = {p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[into.pk, *ids])}
    if any(row.club_id != into.club_id for row in rows.values()) or len(rows) != len(ids) + 1:
        raise ValidationError({"others": [_("Every player merged must be in the club.")]})
    return rows[into.pk], [rows[pk] for pk in sorted(ids)]


def _lock_sessions(seats: Any) -> list[int]:
    """Lock the seats' sessions (hand writes lock their session first) and give their ids."""
    ids = sorted(set(seats.values_list("session_id", flat=True)))
    list(Session.objects.select_for_update().filter(pk__in=ids).values_list("pk"))
    return ids


def _kept_row(player: Player) -> dict[str, Any]:
    return {
        "id": player.pk,
        "name": player.name,
        "user": player.user_id,
        "ema_number": player.ema_number,
        "created_at": player.created_at.isoformat(),
    }


def _restore(row: dict[str, Any], into: Player) -> Player:
    user = row["user"] if row["user"] is not None and row["user"] == into.user_id else None
    if user is not None:
        into.user = None
        into.save(update_fields=["user"])
    player = Player.objects.create(
        pk=row["id"],
        club_id=into.club_id,
        name=row["name"],
        user_id=user,
        ema_number=row["ema_number"],
    )
    Player.objects.filter(pk=player.pk).update(created_at=row["created_at"])
    return player


def _aliases_of(into: Player, names: list[str]) -> list[int]:
    """Make the merged names aliases of ``into`` (but those it already answers to)."""
    made = []
    for name in names:
        key = name_key(name)
        if (
            key == name_key(into.name)
            or PlayerAlias.objects.filter(club_id=into.club_id, key=key).exists()
        ):
            continue
        made.append(
            PlayerAlias.objects.create(club_id=into.club_id, player=into, name=name, key=key).pk
        )
    return made


def _moved_ids(merge: PlayerMerge, label: str) -> list[int]:
    return [pk for pks in merge.moved.get(label, {}).values() for pk in pks]


def _refresh(club_id: int, sessions: list[int]) -> None:
    """Sum the sessions' kept totals again (their seasons' standings and ratings follow),
    and give the club's standings and score sheets new versions (names changed)."""
    session_totals_refresh(session_ids=sessions)
    names_changed(club_id=club_id)
