"""The migration that gives invitations an end: a link made before it lasts the default 14
days from when it was made, so an old leaked link is closed at once."""

from __future__ import annotations

import datetime as dt
import importlib

from django.apps import apps
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from games import services
from games.models import Club, Invitation

MIGRATION = importlib.import_module("games.migrations.0029_invitation_expiry_and_withdrawal")


def test_links_made_before_the_migration_last_fourteen_days_from_their_making(
    club: Club, alice: User
) -> None:
    old = services.invitation_create(club=club, role="organiser", player=None, by=alice)
    recent = services.invitation_create(club=club, role="member", player=None, by=alice)
    a_year_ago = timezone.now() - dt.timedelta(days=365)
    Invitation.objects.filter(pk=old.pk).update(created_at=a_year_ago)

    MIGRATION.expire_from_creation(apps, None)

    old.refresh_from_db()
    recent.refresh_from_db()
    assert old.expires_at == a_year_ago + dt.timedelta(days=14)
    assert recent.expires_at == recent.created_at + dt.timedelta(days=14)
    assert Client().get(f"/invite/{old.token}/").status_code == 410
    assert Client().get(f"/invite/{recent.token}/").status_code == 200
