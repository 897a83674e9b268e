from django.apps import AppConfig


class ArchiveConfig(AppConfig):
    name = "games.archive"
    label = "archive"
    verbose_name = "Club archives"
