from django.apps import AppConfig


class ApiConfig(AppConfig):
    """The REST API: a satellite with no models of its own; it reads the core and the other
    satellites, and nothing imports it but the URL wiring."""

    name = "games.api"
    label = "api"
    verbose_name = "API"
