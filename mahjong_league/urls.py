"""URL wiring: each app owns its own routes, under its own namespace (``league:`` the core,
``api:``, ``archive:``, ``events:``, ``importing:``, ``stats:``, ``webhooks:``)."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/", include("games.api.urls")),
    path("", include("games.events.urls")),
    path("c/<slug:slug>/", include("games.importing.urls")),
    path("c/<slug:slug>/webhooks/", include("games.webhooks.urls")),
    path("", include("games.stats.urls")),
    path("", include("games.archive.urls")),
    path("", include("games.urls")),
]

# Under /api/ these answer the API's JSON error shape; elsewhere Django's pages.
handler400 = "games.api.handlers.bad_request"
handler403 = "games.api.handlers.permission_denied"
handler404 = "games.api.handlers.page_not_found"
handler500 = "games.api.handlers.server_error"
