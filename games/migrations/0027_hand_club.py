# A hand's entry id becomes unique within its club (issue 32): first each hand gets its
# session's club. The copy is filled in its own migration, before the next one makes the
# column required, so that PostgreSQL has no pending trigger events when it alters the table.

import django.db.models.deletion
from django.db import migrations, models

FILL = (
    "UPDATE games_hand SET club_id = "
    "(SELECT games_session.club_id FROM games_session WHERE games_session.id = games_hand.session_id)"
)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0026_riichi_wrc_kiriage"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="club",
            field=models.ForeignKey(
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="games.club",
            ),
        ),
        migrations.RunSQL(FILL, reverse_sql=migrations.RunSQL.noop),
    ]
