# Each hand keeps the rule-set version it was scored under; existing hands were all scored
# under their session's pinned version.

import django.db.models.deletion
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps
from django.db.models import OuterRef, Subquery


def fill_from_sessions(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Hand = apps.get_model("games", "Hand")
    Session = apps.get_model("games", "Session")
    pinned = Session.objects.filter(pk=OuterRef("session_id")).values("rule_set_version_id")
    Hand.objects.update(rule_set_version_id=Subquery(pinned[:1]))
    if schema_editor.connection.vendor == "postgresql":
        # Check the deferred foreign keys now: PostgreSQL refuses to alter a table with
        # pending trigger events, as the NOT NULL below would.
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0010_session_client_id"),
    ]

    operations = [
        migrations.AddField(
            model_name="club",
            name="members_switch_rules",
            field=models.BooleanField(default=False),
        ),
        migrations.AlterField(
            model_name="handrevision",
            name="action",
            field=models.CharField(
                choices=[("amend", "Amended"), ("delete", "Deleted"), ("rescore", "Re-scored")],
                max_length=10,
            ),
        ),
        migrations.AddField(
            model_name="hand",
            name="rule_set_version",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="hands",
                to="games.rulesetversion",
            ),
        ),
        migrations.RunPython(fill_from_sessions, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="hand",
            name="rule_set_version",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="hands",
                to="games.rulesetversion",
            ),
        ),
    ]
