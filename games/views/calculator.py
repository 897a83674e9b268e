"""The public hand calculator: enter tiles, choose the rules, read patterns and total."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext, gettext_lazy

from scoring.chinese import with_pattern_labels
from scoring.evaluation import (
    HandExtra,
    evaluate_rules,
    hand_extra_groups,
    hand_extras_of,
    rules_choices,
)
from scoring.forms.tiles import TileFieldsMixin
from scoring.forms.typed import choice_field


class CalculatorForm(TileFieldsMixin):
    rules = forms.ChoiceField(label=gettext_lazy("Rules"))
    self_drawn = forms.BooleanField(required=False, label=gettext_lazy("Self-drawn 自摸"))

    field_order = ["rules", "self_drawn"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "rules").choices = rules_choices()
        self.fields["concealed"].required = True
        self.fields["winning_tile"].required = True
        for _key, _label, extras in hand_extra_groups():
            for extra in extras:
                self.fields.setdefault(extra.key, extra_field(extra))

    @property
    def extra_groups(self) -> list[tuple[str, str, list[forms.BoundField]]]:
        """Each family's own keys as bound fields, with the family's name and label."""
        return [
            (name, label, [self[extra.key] for extra in extras])
            for name, label, extras in hand_extra_groups()
        ]

    def extras(self) -> dict[str, Any]:
        """The chosen family's own keys that were given (ticked, or tiles typed)."""
        found: dict[str, Any] = {}
        for extra in hand_extras_of(self.cleaned_data["rules"]):
            value = self.cleaned_data.get(extra.key)
            value = value.strip() if isinstance(value, str) else value
            if value:
                found[extra.key] = value
        return found


def extra_field(extra: HandExtra) -> forms.Field:
    """A tick box for a flag, a short text box for tiles."""
    if extra.kind == "tiles":
        return forms.CharField(
            required=False,
            max_length=40,
            label=gettext(extra.label),
            help_text=gettext(extra.help_text) if extra.help_text else "",
        )
    return forms.BooleanField(
        required=False,
        label=gettext(extra.label),
        help_text=gettext(extra.help_text) if extra.help_text else "",
    )


def calculator(request: HttpRequest) -> HttpResponse:
    form = CalculatorForm(request.GET if "concealed" in request.GET else None)
    result = None
    if form.is_valid():
        hand = {**form.hand_json(self_drawn=form.cleaned_data["self_drawn"]), **form.extras()}
        result = evaluate_rules(form.cleaned_data["rules"], hand)
    if request.GET.get("format") == "json":
        if result is None:
            errors = {name: [str(e) for e in errs] for name, errs in form.errors.items()}
            return JsonResponse({"ok": False, "errors": errors})
        if not result["ok"]:
            return JsonResponse({"ok": False, "errors": {"concealed": [result["error"]]}})
        return JsonResponse({"ok": True, "rows": [], "evaluation": with_pattern_labels(result)})
    return render(request, "games/calculator.html", {"form": form, "result": result})
