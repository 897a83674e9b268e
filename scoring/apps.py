from django.apps import AppConfig
from django.utils.translation import gettext

from scoring.engine.errors import use_translator


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Scoring"

    def ready(self) -> None:
        # The engines' messages are read in the language of the request that shows them.
        use_translator(gettext)
