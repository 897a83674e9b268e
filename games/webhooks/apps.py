from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    name = "games.webhooks"
    label = "webhooks"
    verbose_name = "Webhooks"
