"""Personal API tokens: make one (its secret shown once), see when each was last used, revoke."""

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

from games import services
from games.access import signed_in
from games.forms import apply_validation_error
from games.models import ApiToken


class ApiTokenForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=60,
        help_text=gettext_lazy("The tool that will use it, e.g. “club website”."),
    )
    access = forms.ChoiceField(
        label=gettext_lazy("Access"),
        choices=[
            ("read", gettext_lazy("Read only")),
            ("write", gettext_lazy("Read and write (record hands, seat sessions)")),
        ],
        initial="read",
        widget=forms.RadioSelect,
    )


@login_required
def token_list(request: HttpRequest) -> HttpResponse:
    form = ApiTokenForm(request.POST or None)
    secret = None
    if request.method == "POST" and form.is_valid():
        try:
            _, secret = services.api_token_create(
                user=signed_in(request),
                name=form.cleaned_data["name"],
                read_only=form.cleaned_data["access"] == "read",
            )
        except ValidationError as error:
            apply_validation_error(form, error)
        else:
            form = ApiTokenForm()
    context = {"tokens": signed_in(request).api_tokens.all(), "form": form, "secret": secret}
    # The secret is in this one response only, so it must never be cached anywhere.
    response = render(request, "games/tokens.html", context)
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    token = get_object_or_404(ApiToken, pk=token_id, user=request.user)
    services.api_token_revoke(token=token)
    messages.success(request, _("Revoked %(name)s; it no longer works.") % {"name": token.name})
    return redirect("league:tokens")
