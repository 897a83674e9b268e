"""A club's webhooks (organisers): register a URL, see each delivery's answer, resume, remove."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games.access import ClubAccess, club_access, signed_in
from games.forms import apply_validation_error
from games.models import Membership
from games.webhooks import services
from games.webhooks.models import Webhook, WebhookDelivery

ORGANISER = Membership.Role.ORGANISER
LOGGED_DELIVERIES = 50


class WebhookForm(forms.Form):
    url = forms.URLField(
        max_length=500,
        assume_scheme="https",
        label="URL",
        help_text=gettext_lazy(
            "Receives a signed POST for each event; it must be a public address."
        ),
    )
    events = forms.MultipleChoiceField(
        choices=Webhook.Event.choices,
        initial=Webhook.Event.values,
        widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Events to send"),
    )


@login_required
def webhook_list(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    form = WebhookForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            hook = services.webhook_create(
                club=access.club, by=signed_in(request), **form.cleaned_data
            )
        except ValidationError as error:
            apply_validation_error(form, error)
        else:
            messages.success(request, _("Added a webhook for %(url)s.") % {"url": hook.url})
            return redirect("webhooks:list", slug=slug)
    return render(request, "webhooks/list.html", _context(access, form))


def _context(access: ClubAccess, form: WebhookForm) -> dict[str, object]:
    club = access.club
    deliveries = WebhookDelivery.objects.filter(webhook__club=club).select_related("webhook")
    return {
        "access": access,
        "club": club,
        "form": form,
        "hooks": club.webhooks.all(),
        "deliveries": deliveries[:LOGGED_DELIVERIES],
    }


def _hook(request: HttpRequest, slug: str, hook_id: int) -> Webhook:
    access = club_access(request, slug, role=ORGANISER)
    return get_object_or_404(Webhook, club=access.club, pk=hook_id)


@login_required
@require_POST
def webhook_resume(request: HttpRequest, slug: str, hook_id: int) -> HttpResponse:
    hook = services.webhook_resume(webhook=_hook(request, slug, hook_id))
    messages.success(
        request, _("Deliveries to %(url)s start again with the next event.") % {"url": hook.url}
    )
    return redirect("webhooks:list", slug=slug)


@login_required
@require_POST
def webhook_delete(request: HttpRequest, slug: str, hook_id: int) -> HttpResponse:
    hook = _hook(request, slug, hook_id)
    services.webhook_delete(webhook=hook)
    messages.success(request, _("Removed the webhook for %(url)s.") % {"url": hook.url})
    return redirect("webhooks:list", slug=slug)
