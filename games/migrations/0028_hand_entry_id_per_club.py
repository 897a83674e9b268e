# Entry ids unique per club, not across the database (issue 32): the one scoping rule that
# sessions already follow. Every existing id stays unique within its club.

import uuid

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0027_hand_club"),
    ]

    operations = [
        migrations.AlterField(
            model_name="hand",
            name="club",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="games.club",
            ),
        ),
        migrations.AlterField(
            model_name="hand",
            name="client_id",
            field=models.UUIDField(default=uuid.uuid4),
        ),
        migrations.AddConstraint(
            model_name="hand",
            constraint=models.UniqueConstraint(
                fields=("club", "client_id"), name="one_hand_per_entry_id"
            ),
        ),
    ]
