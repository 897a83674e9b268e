from django.apps import AppConfig

# Registers the league's deployment checks (`check --deploy`); it imports no models.
from games import checks  # noqa: F401


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "League"
