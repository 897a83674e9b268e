"""The delivery job: sign, POST, log the answer; retry with backoff; pause a hook failing a day."""

from __future__ import annotations

import datetime as dt
import http.client
import time

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import timezone
from django_tasks import task

from games.webhooks import signing
from games.webhooks.models import Webhook, WebhookDelivery
from games.webhooks.sending import DeadlinePassed, post

PAUSE_AFTER = dt.timedelta(days=1)
MAX_BACKOFF_SECONDS = 3600
# Deliveries have a queue of their own (settings.TASKS), served by workers of their own, so
# that slow receivers never keep imports waiting for a worker.
QUEUE = "webhooks"


@task(queue_name=QUEUE)
def deliver_webhook(delivery_id: str) -> str:
    """One attempt at one delivery; a failure queues the next attempt, later each time."""
    delivery = WebhookDelivery.objects.select_related("webhook").filter(pk=delivery_id).first()
    if delivery is None:  # the hook was removed, and its deliveries with it
        return "removed"
    if delivery.status != WebhookDelivery.Status.PENDING:
        return delivery.status
    if not delivery.webhook.active:
        _finish(delivery, WebhookDelivery.Status.FAILED, error="The hook is paused.")
        return delivery.status
    code, error = _attempt(delivery)
    delivery.attempts += 1
    delivery.response_code, delivery.attempted_at = code, timezone.now()
    if code is not None and 200 <= code < 300:
        _succeeded(delivery)
    else:
        _failed(delivery, error or f"The receiver answered {code}.")
    return delivery.status


def _attempt(delivery: WebhookDelivery) -> tuple[int | None, str]:
    body = delivery.body.encode()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "MahjongLeague-Webhooks/1",
        "X-League-Event": delivery.event,
        "X-League-Delivery": str(delivery.id),
        signing.HEADER: signing.signature_header(
            secret=delivery.webhook.secret, timestamp=int(time.time()), body=body
        ),
    }
    try:
        return post(url=delivery.webhook.url, body=body, headers=headers), ""
    except ValidationError as error:
        return None, " ".join(error.messages)
    except DeadlinePassed:
        seconds = settings.WEBHOOKS_TIMEOUT_SECONDS
        return None, f"The receiver did not answer within {seconds} s; the attempt was cut off."
    except OSError as error:  # refused, unreachable, timed out, TLS: all worth a retry
        return None, f"Could not connect: {error}"[:300]
    except http.client.HTTPException as error:  # an answer that is not HTTP
        return None, f"The receiver's answer is not HTTP: {error!r}"[:300]


def _succeeded(delivery: WebhookDelivery) -> None:
    _finish(delivery, WebhookDelivery.Status.DELIVERED, error="")
    Webhook.objects.filter(pk=delivery.webhook_id).update(failing_since=None)


def _failed(delivery: WebhookDelivery, error: str) -> None:
    hook, now = delivery.webhook, timezone.now()
    hook.failing_since = hook.failing_since or now
    if now - hook.failing_since >= PAUSE_AFTER:
        hook.active = False
        hook.paused_reason = (
            f"Paused on {now:%Y-%m-%d %H:%M} UTC: every delivery has failed since "
            f"{hook.failing_since:%Y-%m-%d %H:%M} UTC (last: {error})"
        )[:300]
        _finish(delivery, WebhookDelivery.Status.FAILED, error=error)
    else:
        _finish(delivery, WebhookDelivery.Status.PENDING, error=error)
        deliver_webhook.using(run_after=now + backoff(delivery.attempts)).enqueue(str(delivery.id))
    hook.save(update_fields=["failing_since", "active", "paused_reason"])


def backoff(attempts: int) -> dt.timedelta:
    """Doubling from WEBHOOKS_RETRY_SECONDS after each failed attempt, at most an hour."""
    seconds = settings.WEBHOOKS_RETRY_SECONDS * 2 ** min(attempts - 1, 20)
    return dt.timedelta(seconds=min(seconds, MAX_BACKOFF_SECONDS))


def _finish(delivery: WebhookDelivery, status: str, *, error: str) -> None:
    delivery.status, delivery.error = status, error
    delivery.save(update_fields=["status", "error", "attempts", "response_code", "attempted_at"])
