"""Invitations expire and can be withdrawn; a link made before lasts the default 14 days from
when it was made (a year-old leaked link is closed at once)."""

from datetime import timedelta
from typing import Any

from django.db import migrations, models
from django.db.models import F

import games.models

DEFAULT_DAYS = 14  # Invitation.DEFAULT_DAYS when this migration was written


def expire_from_creation(apps: Any, schema_editor: Any) -> None:
    invitation = apps.get_model("games", "Invitation")
    invitation.objects.update(expires_at=F("created_at") + timedelta(days=DEFAULT_DAYS))


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0028_hand_entry_id_per_club"),
    ]

    operations = [
        migrations.AddField(
            model_name="invitation",
            name="expires_at",
            field=models.DateTimeField(default=games.models.invitation_expiry),
        ),
        migrations.AddField(
            model_name="invitation",
            name="withdrawn_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(expire_from_creation, migrations.RunPython.noop),
    ]
