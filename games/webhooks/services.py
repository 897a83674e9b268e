"""Writes on webhooks: register, resume after a pause, remove."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from games.models import Club
from games.webhooks.addresses import check_url
from games.webhooks.models import Webhook

MAX_HOOKS_PER_CLUB = 20


def webhook_create(*, club: Club, url: str, events: Sequence[str], by: User) -> Webhook:
    """A new hook with its own signing secret; the URL must point at a public address."""
    unknown = sorted(set(events) - set(Webhook.Event.values))
    if unknown or not events:
        raise ValidationError({"events": [_("Choose one or more of the listed events.")]})
    if len(url) > 500:
        raise ValidationError({"url": [_("A hook URL has at most 500 characters.")]})
    check_url(url)
    if club.webhooks.count() >= MAX_HOOKS_PER_CLUB:
        raise ValidationError(
            _("A club has at most %(max_hooks_per_club)s webhooks.")
            % {"max_hooks_per_club": MAX_HOOKS_PER_CLUB}
        )
    ordered = [event for event in Webhook.Event.values if event in events]
    return Webhook.objects.create(club=club, url=url, events=ordered, created_by=by)


def webhook_resume(*, webhook: Webhook) -> Webhook:
    """Deliver again after a pause; the failures before it no longer count."""
    webhook.active, webhook.failing_since, webhook.paused_reason = True, None, ""
    webhook.save(update_fields=["active", "failing_since", "paused_reason"])
    return webhook


def webhook_delete(*, webhook: Webhook) -> None:
    webhook.delete()
