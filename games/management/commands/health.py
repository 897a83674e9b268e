"""`manage.py health`: the checks of `/health/` for scripts (exit status 0 when well, else 1)."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.health.probe import site_health


class Command(BaseCommand):
    help = (
        "Check the database, its migrations, the shared cache, the job queues and their "
        "workers, as /health/ does: print the report as JSON and exit 1 when unhealthy."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        result = site_health()
        self.stdout.write(json.dumps(result.report, sort_keys=True))
        if not result.healthy:
            raise CommandError("unhealthy", returncode=1)
