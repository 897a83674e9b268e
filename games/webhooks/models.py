"""A club's webhooks and the log of every delivery to them."""

from __future__ import annotations

import secrets
import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy


def new_secret() -> str:
    return secrets.token_hex(32)


class Webhook(models.Model):
    """A URL told of a club's events by a signed POST; paused after a day of failures."""

    class Event(models.TextChoices):
        HAND_RECORDED = "hand.recorded", gettext_lazy("Hand recorded")
        HAND_AMENDED = "hand.amended", gettext_lazy("Hand amended")
        HAND_DELETED = "hand.deleted", gettext_lazy("Hand deleted")
        SESSION_CLOSED = "session.closed", gettext_lazy("Session closed")
        IMPORT_FINISHED = "import.finished", gettext_lazy("Import finished")
        ROUND_PUBLISHED = "round.published", gettext_lazy("Event round published")
        ROUND_FINISHED = "round.finished", gettext_lazy("Event round finished")
        PENALTY_RECORDED = "penalty.recorded", gettext_lazy("Penalty recorded")
        PENALTY_AMENDED = "penalty.amended", gettext_lazy("Penalty amended")
        PENALTY_DELETED = "penalty.deleted", gettext_lazy("Penalty deleted")

    club = models.ForeignKey("games.Club", on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=500)
    events = models.JSONField(default=list)  # Event values; a club has few hooks to filter
    # Kept in clear: it signs every delivery, and the receiver needs the same value.
    secret = models.CharField(max_length=64, default=new_secret)
    active = models.BooleanField(default=True)
    failing_since = models.DateTimeField(null=True, blank=True)
    paused_reason = models.CharField(max_length=300, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "games_webhook"  # made when webhooks were part of the core app
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return self.url

    def event_labels(self) -> list[str]:
        return [str(Webhook.Event(event).label) for event in self.events if event in Webhook.Event]


class WebhookDelivery(models.Model):
    """One event sent to one hook: the exact body signed, and how the last attempt went."""

    class Status(models.TextChoices):
        PENDING = "pending", gettext_lazy("Waiting to be sent")
        DELIVERED = "delivered", gettext_lazy("Delivered")
        FAILED = "failed", gettext_lazy("Given up")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    event = models.CharField(max_length=32, choices=Webhook.Event.choices)
    # The same bytes on every attempt, so a receiver can de-duplicate by the delivery id.
    body = models.TextField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    response_code = models.PositiveIntegerField(null=True, blank=True)
    error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    attempted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "games_webhookdelivery"
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["webhook", "-created_at"], name="games_webho_webhook_068bc3_idx")
        ]

    def __str__(self) -> str:
        return f"{self.event} to {self.webhook_id}"
