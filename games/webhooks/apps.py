from importlib import import_module

from django.apps import AppConfig

from games.signals import announced


class WebhooksConfig(AppConfig):
    name = "games.webhooks"
    label = "webhooks"
    verbose_name = "Webhooks"

    def ready(self) -> None:
        # The core announces its writes; it never imports this app. The events module
        # reads models, so it loads once the registry is ready.
        events = import_module("games.webhooks.events")
        announced.connect(events.on_announced, dispatch_uid="webhooks.announced")
