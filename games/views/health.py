"""The health probe a proxy, a load balancer or a monitor calls: is the site well?"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from games.health.probe import site_health


@never_cache
@require_GET
def health(request: HttpRequest) -> JsonResponse:
    """200 when every check passes; 503 otherwise, so that the server is taken out and an
    operator told. The body names the failing check, never a host, a user or a club."""
    result = site_health()
    return JsonResponse(result.report, status=200 if result.healthy else 503)
