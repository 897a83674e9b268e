from importlib import import_module

from django.apps import AppConfig

from games.player_parts import PlayerPart, player_part_register
from games.signals import session_totals_changed


class StatsConfig(AppConfig):
    name = "games.stats"
    label = "stats"
    verbose_name = "Statistics and ratings"

    def ready(self) -> None:
        # The core announces and calls; it never imports this app. These modules read
        # models, so they load once the registry is ready (as Django's autodiscover does).
        replay = import_module("games.stats.replay")
        views = import_module("games.stats.views")
        session_totals_changed.connect(
            replay.ratings_on_totals_changed, dispatch_uid="stats.ratings_stale"
        )
        player_part_register(
            part=PlayerPart(template="stats/_player_stats.html", context=views.player_figures)
        )
