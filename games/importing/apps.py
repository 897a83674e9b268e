from django.apps import AppConfig


class ImportingConfig(AppConfig):
    name = "games.importing"
    label = "importing"
    verbose_name = "Imports"
