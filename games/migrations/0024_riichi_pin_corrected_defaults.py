# Two riichi preset defaults were corrected against the rule texts (docs/spec/riichi.md §9):
# EMA 2016 scores 13+ han without a yakuman as a sanbaiman (kazoe_yakuman false), and the WRC
# gives riichi sticks left at the end to nobody (leftover_sticks "lost"). Rule versions that
# exist already keep the old answer written out in their params, so every stored game keeps
# the results it was scored with; new rule sets get the corrected defaults.

from typing import Any, Final

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

# By preset: each corrected setting with the value the preset had before.
OLD_DEFAULTS: Final[dict[str, dict[str, Any]]] = {
    "ema": {"kazoe_yakuman": True},
    "wrc": {"leftover_sticks": "first"},
}
DEFAULT_PRESET: Final = "ema"  # a riichi version without a preset plays the EMA's


def pin_old_defaults(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    RuleSetVersion = apps.get_model("games", "RuleSetVersion")
    versions = RuleSetVersion.objects.filter(rule_set__family="riichi").only("params")
    for version in versions.iterator():
        params = version.params
        old = OLD_DEFAULTS.get(params.get("preset", DEFAULT_PRESET), {})
        missing = {key: value for key, value in old.items() if key not in params}
        if missing:
            version.params = {**params, **missing}
            version.save(update_fields=["params"])


def unpin_old_defaults(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    """Back to the old presets: a pinned value equal to the old default is implied again."""
    RuleSetVersion = apps.get_model("games", "RuleSetVersion")
    versions = RuleSetVersion.objects.filter(rule_set__family="riichi").only("params")
    for version in versions.iterator():
        params = version.params
        old = OLD_DEFAULTS.get(params.get("preset", DEFAULT_PRESET), {})
        kept = {key: value for key, value in params.items() if old.get(key, object()) != value}
        if kept != params:
            version.params = kept
            version.save(update_fields=["params"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0023_ratings_pending"),
    ]

    operations = [
        migrations.RunPython(pin_old_defaults, unpin_old_defaults),
    ]
