from django.apps import AppConfig
from django.utils.translation import gettext

from scoring.chinese import pattern_name
from scoring.engine.errors import use_namer, use_translator


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Scoring"

    def ready(self) -> None:
        # The engines' messages are read in the language of the request that shows them.
        use_translator(gettext)
        # A pattern's name in a message, as the reader's pages name it.
        use_namer(pattern_name)
