from django.apps import AppConfig


class HealthConfig(AppConfig):
    name = "games.health"
    label = "health"
    verbose_name = "Health"
