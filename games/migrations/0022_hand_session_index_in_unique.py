import django.db.models.deletion
from django.db import migrations, models

# Only the index goes: the unique (session, number) constraint serves every lookup of a
# session's hands. Django's own AlterField would also drop and re-add the foreign key,
# checking every hand again under a lock of the table.


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0021_score_copies_unconstrained"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.RunSQL(
                    'DROP INDEX IF EXISTS "games_hand_session_id_0b8318b4"',
                    reverse_sql=(
                        'CREATE INDEX "games_hand_session_id_0b8318b4" '
                        'ON "games_hand" ("session_id")'
                    ),
                ),
            ],
            state_operations=[
                migrations.AlterField(
                    model_name="hand",
                    name="session",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="hands",
                        to="games.session",
                    ),
                ),
            ],
        ),
    ]
