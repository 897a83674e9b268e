from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "games.events"
    label = "events"
    verbose_name = "Events"
