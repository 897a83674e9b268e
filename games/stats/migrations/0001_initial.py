import django.db.models.deletion
import scoring.families
from typing import Any

from django.db import migrations, models


def move_content_types(apps: Any, schema_editor: Any) -> None:
    """Permissions and admin history follow the models to their new app label (unless
    rows under it were made meanwhile: then the old ones stay, stale)."""
    content_types = apps.get_model("contenttypes", "ContentType")
    rows = content_types.objects.using(schema_editor.connection.alias)
    made = rows.filter(app_label="stats").values_list("model", flat=True)
    moving = {"rating", "ratingspending"} - set(made)
    rows.filter(app_label="games", model__in=moving).update(app_label="stats")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('games', '0031_stats_move_to_their_app'),
        ('contenttypes', '0002_remove_content_type_name'),
    ]

    # The tables were made by the core app (games 0018 and 0023); only Django's state moves here.
    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Rating',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('family', models.CharField(choices=scoring.families.family_choices, max_length=20)),
                        ('played_on', models.DateField()),
                        ('mu', models.FloatField()),
                        ('sigma', models.FloatField()),
                        ('sessions', models.PositiveIntegerField()),
                        ('club', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='games.club')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='games.player')),
                        ('season', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='games.season')),
                        ('session', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='games.session')),
                    ],
                    options={
                        'db_table': 'games_rating',
                        'ordering': ['club', 'family', 'played_on', 'session', 'player'],
                        'indexes': [models.Index(fields=['club', 'family', 'played_on'], name='games_ratin_club_id_20072e_idx'), models.Index(fields=['season', 'played_on'], name='games_ratin_season__5bd95e_idx')],
                        'constraints': [models.UniqueConstraint(fields=('session', 'player'), name='one_rating_per_session')],
                    },
                ),
                migrations.CreateModel(
                    name='RatingsPending',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('family', models.CharField(choices=scoring.families.family_choices, max_length=20)),
                        ('since', models.DateField()),
                        ('job', models.UUIDField(blank=True, null=True)),
                        ('club', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='games.club')),
                    ],
                    options={
                        'db_table': 'games_ratingspending',
                        'constraints': [models.UniqueConstraint(fields=('club', 'family'), name='one_pending_replay')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_types, migrations.RunPython.noop),
    ]
