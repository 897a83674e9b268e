"""URL wiring: each app owns its own routes."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/", include("games.api.urls")),
    path("", include("games.urls")),
]
