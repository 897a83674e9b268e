"""Webhooks in the operator's admin: hooks (their secret left out) and the deliveries' log."""

from __future__ import annotations

from django.contrib import admin
from django.db import models

from games.admin import OperatorAdmin, ReadOnlyAdmin
from games.webhooks.models import Webhook, WebhookDelivery


@admin.register(Webhook)
class WebhookAdmin(OperatorAdmin):
    list_display = ["url", "club", "active", "failing_since", "created_at"]
    list_filter = ["active"]
    search_fields = ["url", "club__name"]
    exclude = ["secret"]  # signs the deliveries; shown to the club's organisers only
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(ReadOnlyAdmin):
    list_display = ["webhook", "event", "created_at"]
    list_filter = ["event"]
