"""The public hand calculator: enter tiles, choose the rules, read patterns and total."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from scoring.evaluation import evaluate_rules, rules_choices
from scoring.forms.tiles import TileFieldsMixin
from scoring.forms.typed import choice_field


class CalculatorForm(TileFieldsMixin):
    rules = forms.ChoiceField(label="Rules")
    self_drawn = forms.BooleanField(required=False, label="Self-drawn 自摸")

    field_order = ["rules", "self_drawn"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "rules").choices = rules_choices()
        self.fields["concealed"].required = True
        self.fields["winning_tile"].required = True


def calculator(request: HttpRequest) -> HttpResponse:
    form = CalculatorForm(request.GET if "concealed" in request.GET else None)
    result = None
    if form.is_valid():
        hand = form.hand_json(self_drawn=form.cleaned_data["self_drawn"])
        result = evaluate_rules(form.cleaned_data["rules"], hand)
    if request.GET.get("format") == "json":
        if result is None:
            errors = {name: [str(e) for e in errs] for name, errs in form.errors.items()}
            return JsonResponse({"ok": False, "errors": errors})
        if not result["ok"]:
            return JsonResponse({"ok": False, "errors": {"concealed": [result["error"]]}})
        return JsonResponse({"ok": True, "rows": [], "evaluation": result})
    return render(request, "games/calculator.html", {"form": form, "result": result})
