"""The season page's list of recent imports, drawn by the imports app (the core's page only
places it: the core knows nothing of import jobs)."""

from __future__ import annotations

from typing import Any

from django import template

from games.importing.models import ImportJob
from games.models import Season

register = template.Library()

IMPORTS_SHOWN = 5


@register.inclusion_tag("importing/_season_imports.html", takes_context=True)
def season_imports(context: template.Context, season: Season) -> dict[str, Any]:
    """The club's organisers follow running and recent imports from the season's page."""
    access = context["access"]
    jobs = ImportJob.objects.filter(season=season).select_related("created_by")
    return {
        "club": context["club"],
        "imports": jobs[:IMPORTS_SHOWN] if access.can_manage else [],
    }
