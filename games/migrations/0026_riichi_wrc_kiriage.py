# The WRC preset pays 4 han 30 fu and 3 han 60 fu as a mangan (kiriage, WRC §6.1;
# docs/spec/riichi.md §9), which it did not before. WRC rule versions that exist already keep
# the old answer written out in their params, so every stored game keeps the results it was
# scored with; new WRC rule sets get kiriage.

from collections.abc import Iterator
from typing import Any

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps


def _wrc_versions(apps: StateApps) -> Iterator[Any]:
    RuleSetVersion = apps.get_model("games", "RuleSetVersion")
    versions = RuleSetVersion.objects.filter(rule_set__family="riichi").only("params")
    return (version for version in versions.iterator() if version.params.get("preset") == "wrc")


def pin_no_kiriage(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    for version in _wrc_versions(apps):
        if "kiriage" not in version.params:
            version.params = {**version.params, "kiriage": False}
            version.save(update_fields=["params"])


def unpin_no_kiriage(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    """Back to the old preset: a pinned ``false`` is implied again."""
    for version in _wrc_versions(apps):
        if version.params.get("kiriage") is False:
            version.params = {k: v for k, v in version.params.items() if k != "kiriage"}
            version.save(update_fields=["params"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0025_ratings_pending_job"),
    ]

    operations = [
        migrations.RunPython(pin_no_kiriage, unpin_no_kiriage),
    ]
