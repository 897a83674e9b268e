import django.db.models.deletion
import games.webhooks.models
import uuid
from typing import Any

from django.conf import settings
from django.db import migrations, models


def move_content_types(apps: Any, schema_editor: Any) -> None:
    """Permissions and admin history follow the models to their new app label (unless
    rows under it were made meanwhile: then the old ones stay, stale)."""
    content_types = apps.get_model("contenttypes", "ContentType")
    rows = content_types.objects.using(schema_editor.connection.alias)
    made = rows.filter(app_label="webhooks").values_list("model", flat=True)
    moving = {"webhook", "webhookdelivery"} - set(made)
    rows.filter(app_label="games", model__in=moving).update(app_label="webhooks")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('games', '0030_webhooks_move_to_their_app'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ('contenttypes', '0002_remove_content_type_name'),
    ]

    # The tables were made by the core app (games 0012); only Django's state moves here.
    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Webhook',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('url', models.URLField(max_length=500)),
                        ('events', models.JSONField(default=list)),
                        ('secret', models.CharField(default=games.webhooks.models.new_secret, max_length=64)),
                        ('active', models.BooleanField(default=True)),
                        ('failing_since', models.DateTimeField(blank=True, null=True)),
                        ('paused_reason', models.CharField(blank=True, max_length=300)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='webhooks', to='games.club')),
                        ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'games_webhook',
                        'ordering': ['created_at', 'id'],
                    },
                ),
                migrations.CreateModel(
                    name='WebhookDelivery',
                    fields=[
                        ('id', models.UUIDField(default=uuid.uuid4, editable=False, primary_key=True, serialize=False)),
                        ('event', models.CharField(choices=[('hand.recorded', 'Hand recorded'), ('hand.amended', 'Hand amended'), ('hand.deleted', 'Hand deleted'), ('session.closed', 'Session closed'), ('import.finished', 'Import finished')], max_length=32)),
                        ('body', models.TextField()),
                        ('status', models.CharField(choices=[('pending', 'Waiting to be sent'), ('delivered', 'Delivered'), ('failed', 'Given up')], default='pending', max_length=10)),
                        ('attempts', models.PositiveIntegerField(default=0)),
                        ('response_code', models.PositiveIntegerField(blank=True, null=True)),
                        ('error', models.CharField(blank=True, max_length=300)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('attempted_at', models.DateTimeField(blank=True, null=True)),
                        ('webhook', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='deliveries', to='webhooks.webhook')),
                    ],
                    options={
                        'db_table': 'games_webhookdelivery',
                        'ordering': ['-created_at'],
                        'indexes': [models.Index(fields=['webhook', '-created_at'], name='games_webho_webhook_068bc3_idx')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_types, migrations.RunPython.noop),
    ]
