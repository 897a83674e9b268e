import django.db.models.deletion
import uuid
from typing import Any

from django.conf import settings
from django.db import migrations, models


def move_content_types(apps: Any, schema_editor: Any) -> None:
    """Permissions and admin history follow the model to its new app label."""
    content_types = apps.get_model("contenttypes", "ContentType")
    rows = content_types.objects.using(schema_editor.connection.alias)
    rows.filter(app_label="games", model="importjob").update(app_label="importing")


def move_queued_tasks(apps: Any, schema_editor: Any) -> None:
    """A statistics job queued before the move runs from the module's new place."""
    results = apps.get_model("django_tasks_database", "DBTaskResult")
    rows = results.objects.using(schema_editor.connection.alias)
    rows.filter(task_path="games.bulk_hands.analyse_hand_tables").update(
        task_path="games.importing.bulk_hands.analyse_hand_tables"
    )


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('games', '0032_importing_move_to_their_app'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ('contenttypes', '0002_remove_content_type_name'),
        ('django_tasks_database', '0001_initial'),
    ]

    # The table was made by the core app; only Django's state moves here.
    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='ImportJob',
                    fields=[
                        ('id', models.UUIDField(default=uuid.uuid4, editable=False, primary_key=True, serialize=False)),
                        ('status', models.CharField(choices=[('checking', 'Checking the file'), ('checked', 'Checked: waiting for confirmation'), ('queued', 'Waiting for a worker'), ('running', 'Importing'), ('done', 'Imported'), ('failed', 'Failed'), ('cancelled', 'Cancelled')], default='checking', max_length=12)),
                        ('kind', models.CharField(choices=[('scores', 'Score file'), ('pmn', 'PMN game records')], default='scores', max_length=8)),
                        ('file_name', models.CharField(max_length=255)),
                        ('file', models.CharField(max_length=255)),
                        ('digest', models.CharField(max_length=64)),
                        ('options', models.JSONField(default=dict)),
                        ('preview', models.JSONField(default=dict)),
                        ('problems', models.JSONField(default=list)),
                        ('result', models.JSONField(default=dict)),
                        ('attempts', models.PositiveIntegerField(default=0)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('started_at', models.DateTimeField(blank=True, null=True)),
                        ('finished_at', models.DateTimeField(blank=True, null=True)),
                        ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='games.club')),
                        ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('season', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='imports', to='games.season')),
                    ],
                    options={
                        'db_table': 'games_importjob',
                        'ordering': ['-created_at'],
                        'indexes': [models.Index(fields=['season', '-created_at'], name='import_job_season')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_types, migrations.RunPython.noop),
        migrations.RunPython(move_queued_tasks, migrations.RunPython.noop),
    ]
